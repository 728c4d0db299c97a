//! The PostgreSQL store: one pool for reads and writes; row locks decide races.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::{PgPool, PgPoolOptions};

use super::StoreResult;

type Db = sqlx::Postgres;
type This = PgStore;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/postgres");

/// The longest a query waits for a connection: long enough for a busy pool, short
/// enough that a request fails fast while PostgreSQL is down.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

/// The longest one statement runs, a request's own time and more. A migration that may
/// run longer over a big marketplace (an index over every listing, say) lifts it for
/// itself first: `SET LOCAL statement_timeout = 0;` (migrations run in a transaction).
const STATEMENT_TIMEOUT: &str = "30s";

/// The longest a transaction may sit idle with its locks held.
const IDLE_IN_TRANSACTION_TIMEOUT: &str = "60s";

/// The marketplace on PostgreSQL.
#[derive(Debug, Clone)]
pub struct PgStore {
    reader: PgPool,
    writer: PgPool,
    /// Bumped after every write; see `Maintenance::generation`.
    writes: Arc<std::sync::atomic::AtomicU64>,
    /// Bumped after every write to users or sessions; see
    /// `Maintenance::accounts_generation`.
    accounts: Arc<std::sync::atomic::AtomicU64>,
    /// Events written here, on their way to the pump; see `EventLog::take_committed`.
    committed: Arc<super::Committed>,
}

impl PgStore {
    /// Connects to `url` (`postgres://…`). Connections are opened as needed.
    ///
    /// While PostgreSQL is down a request waits at most [`ACQUIRE_TIMEOUT`] for a
    /// connection and then answers 503 (sqlx keeps trying to connect meanwhile, so a
    /// server that comes back within the wait serves the request). Each idle connection
    /// is checked before it is handed out: the ones a restart of PostgreSQL killed are
    /// closed and replaced, not handed to one request each to fail. The check is a round
    /// trip a transaction, kept on purpose: a connection cut a moment ago looks like one
    /// used a moment ago (`chaos.rs` cuts them all and asks at once).
    pub async fn connect(url: &str) -> StoreResult<Self> {
        // No parallel workers for a query: sixteen connections already share the cores,
        // and a search's count split over three workers costs more than it saves. No
        // statement runs longer than a request may wait, and no transaction sits idle
        // holding its locks: a query stuck behind a lock, or a connection a crashed
        // request left mid-transaction, is ended by PostgreSQL itself.
        let options = url.parse::<sqlx::postgres::PgConnectOptions>()?.options([
            ("max_parallel_workers_per_gather", "0"),
            ("statement_timeout", STATEMENT_TIMEOUT),
            (
                "idle_in_transaction_session_timeout",
                IDLE_IN_TRANSACTION_TIMEOUT,
            ),
        ]);
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .test_before_acquire(true)
            .connect_with(options)
            .await?;
        Ok(PgStore {
            reader: pool.clone(),
            writer: pool,
            writes: Arc::default(),
            accounts: Arc::default(),
            committed: Arc::default(),
        })
    }
}

/// Locks `buyer`'s row until the transaction ends, so their bookings are counted and made
/// one at a time: a burst of them cannot pass the limit together.
async fn lock_buyer(
    tx: &mut sqlx::Transaction<'_, Db>,
    buyer: i64,
) -> Result<(), super::StoreError> {
    sqlx::query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE")
        .bind(buyer)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Locks conversation `id`'s row until the transaction ends, so its messages are written
/// one at a time: a message's id, and the event that tells of it, follow the order in
/// which they commit, and both sides hear the conversation in the order its history
/// shows.
async fn lock_conversation(
    tx: &mut sqlx::Transaction<'_, Db>,
    id: i64,
) -> Result<(), super::StoreError> {
    sqlx::query("SELECT 1 FROM conversations WHERE id = $1 FOR UPDATE")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// PostgreSQL's autovacuum keeps the planner's statistics current, in its own time: after
/// many listings changed at once (`bulk`: older listings indexed at start-up), the
/// listings are analyzed now, or searches are planned on the word counts of before.
async fn refresh_statistics(pool: &PgPool, bulk: bool) -> Result<(), super::StoreError> {
    if bulk {
        sqlx::query("ANALYZE products").execute(pool).await?;
    }
    Ok(())
}

/// PostgreSQL's `search` column is generated from `search_text`: nothing else to write.
async fn index_search_text(
    _tx: &mut sqlx::Transaction<'_, Db>,
    _id: i64,
    _old: Option<&str>,
    _new: &str,
) -> Result<(), super::StoreError> {
    Ok(())
}

/// Keeps the listings whose words match: each word of a search (a prefix as typed, or
/// one of the whole words it may mean) in the GIN-indexed `search` vector. The words are
/// letters and digits only (`listing::search_words`): nothing in them is tsquery syntax.
fn push_text_match(query: &mut sqlx::QueryBuilder<'_, Db>, words: &[(String, Vec<String>)]) {
    let expression = words
        .iter()
        .map(|(typed, near)| {
            let options: Vec<String> = std::iter::once(format!("{typed}:*"))
                .chain(near.iter().cloned())
                .collect();
            format!("({})", options.join(" | "))
        })
        .collect::<Vec<_>>()
        .join(" & ");
    query.push(" AND p.search @@ to_tsquery('simple', ");
    query.push_bind(expression);
    query.push(")");
}

/// The SQL both engines share, compiled here against this one's `Db` and `This`.
// Compiled for each engine on purpose: the same file is a module of both stores.
#[allow(clippy::duplicate_mod)]
#[path = "sql.rs"]
mod sql;
