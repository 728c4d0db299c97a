//! The PostgreSQL store: one pool for reads and writes; row locks decide races.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use sqlx::postgres::{PgPool, PgPoolOptions};

use super::StoreResult;

type Db = sqlx::Postgres;
type This = PgStore;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/postgres");

/// The marketplace on PostgreSQL.
#[derive(Debug, Clone)]
pub struct PgStore {
    reader: PgPool,
    writer: PgPool,
    /// Bumped after every write; see `Maintenance::generation`.
    writes: Arc<watch::Sender<u64>>,
}

impl PgStore {
    /// Connects to `url` (`postgres://…`). Connections are opened as needed.
    pub async fn connect(url: &str) -> StoreResult<Self> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(5))
            .connect(url)
            .await?;
        Ok(PgStore {
            reader: pool.clone(),
            writer: pool,
            writes: Arc::new(watch::channel(0).0),
        })
    }
}

/// Serialises event writers so that events commit in `seq` order: a reader that has
/// seen event N never finds N-1 committing later. Held until the transaction ends.
async fn lock_event_log(tx: &mut sqlx::Transaction<'_, Db>) -> Result<(), super::StoreError> {
    sqlx::query("SELECT pg_advisory_xact_lock(7264657)")
        .execute(&mut **tx)
        .await?;
    Ok(())
}

include!("sql.rs");
