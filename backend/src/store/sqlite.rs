//! The SQLite store: a file in the data directory, in WAL mode, with one writer
//! connection (SQLite runs one write at a time anyway; a single writer means a
//! transaction never fails to upgrade its lock) and a few reader connections.

use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

use super::{StoreError, StoreResult};

type Db = sqlx::Sqlite;
type This = SqliteStore;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/sqlite");

/// The marketplace in a SQLite file.
#[derive(Debug, Clone)]
pub struct SqliteStore {
    reader: SqlitePool,
    writer: SqlitePool,
    /// Bumped after every write; see `Maintenance::generation`.
    writes: Arc<std::sync::atomic::AtomicU64>,
    /// Bumped after every write to users or sessions; see
    /// `Maintenance::accounts_generation`.
    accounts: Arc<std::sync::atomic::AtomicU64>,
    /// Events written here, on their way to the pump; see `EventLog::take_committed`.
    committed: Arc<super::Committed>,
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `url`: `sqlite://path`, `sqlite:path`
    /// or a plain file path.
    pub async fn open(url: &str) -> StoreResult<Self> {
        let base = if url.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(url)
                .map_err(|e| StoreError::Database(format!("bad SQLite URL: {e}")))?
        } else {
            SqliteConnectOptions::new().filename(Path::new(url))
        }
        .foreign_keys(true)
        .busy_timeout(Duration::from_secs(10));

        // No ping before a connection is handed out: nothing outside this process can
        // close a SQLite connection, and sqlx pings each one as it comes back.
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .test_before_acquire(false)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(
                base.clone()
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Normal),
            )
            .await?;
        let reader = SqlitePoolOptions::new()
            .max_connections(4)
            .test_before_acquire(false)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(base.read_only(true))
            .await?;
        Ok(SqliteStore {
            reader,
            writer,
            writes: Arc::default(),
            accounts: Arc::default(),
            committed: Arc::default(),
        })
    }
}

/// The one writer connection already makes one buyer's bookings one at a time.
async fn lock_buyer(_tx: &mut sqlx::Transaction<'_, Db>, _buyer: i64) -> Result<(), StoreError> {
    Ok(())
}

/// The one writer connection already writes one conversation's messages one at a time.
async fn lock_conversation(
    _tx: &mut sqlx::Transaction<'_, Db>,
    _id: i64,
) -> Result<(), StoreError> {
    Ok(())
}

/// Re-reads the statistics of tables that changed much since they were last read, so
/// that a search with a LIMIT walks the index of its order rather than sorting what a
/// range filter found (SQLite's planner knows nothing of the data without them). Whole
/// tables are read: a sample (`analysis_limit`) misjudged how many listings share a
/// district or a sold flag and picked plans 1,000 times slower, while a full pass over
/// 100,000 listings takes about 40 ms, and runs again only once a table has grown or
/// shrunk tenfold.
async fn refresh_statistics(pool: &sqlx::SqlitePool, bulk: bool) -> Result<(), StoreError> {
    let mut connection = pool.acquire().await?;
    sqlx::query("PRAGMA analysis_limit = 0")
        .execute(&mut *connection)
        .await?;
    // After many listings changed at once, everything is read again; otherwise only
    // the tables that grew or shrank tenfold.
    let refresh = if bulk {
        "ANALYZE"
    } else {
        "PRAGMA optimize = 0x10002"
    };
    sqlx::query(refresh).execute(&mut *connection).await?;
    Ok(())
}

/// Writes a listing's new search words to the FTS5 index, in `tx` (the table's triggers
/// cover inserts and deletes; see migration 0008): its old words out (NULL for a listing
/// not indexed yet, which the insert trigger entered without words), the new ones in.
async fn index_search_text(
    tx: &mut sqlx::Transaction<'_, Db>,
    id: i64,
    old: Option<&str>,
    new: &str,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO products_search (products_search, rowid, search_text) \
         VALUES ('delete', $1, $2)",
    )
    .bind(id)
    .bind(old)
    .execute(&mut **tx)
    .await?;
    sqlx::query("INSERT INTO products_search (rowid, search_text) VALUES ($1, $2)")
        .bind(id)
        .bind(new)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Keeps the listings whose words match: each word of a search (a prefix as typed, or
/// one of the whole words it may mean) in the FTS5 index of `search_text`. The words are
/// letters and digits only (`listing::search_words`), quoted all the same.
fn push_text_match(query: &mut sqlx::QueryBuilder<'_, Db>, words: &[(String, Vec<String>)]) {
    let expression = words
        .iter()
        .map(|(typed, near)| {
            let options: Vec<String> = std::iter::once(format!("\"{typed}\"*"))
                .chain(near.iter().map(|word| format!("\"{word}\"")))
                .collect();
            format!("({})", options.join(" OR "))
        })
        .collect::<Vec<_>>()
        .join(" AND ");
    query.push(" AND p.id IN (SELECT rowid FROM products_search WHERE products_search MATCH ");
    query.push_bind(expression);
    query.push(")");
}

/// The SQL both engines share, compiled here against this one's `Db` and `This`.
// Compiled for each engine on purpose: the same file is a module of both stores.
#[allow(clippy::duplicate_mod)]
#[path = "sql.rs"]
mod sql;
