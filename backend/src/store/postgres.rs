//! The PostgreSQL store: one pool for reads and writes; row locks decide races.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Duration;

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
    generation: Arc<AtomicU64>,
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
            generation: Arc::default(),
        })
    }
}

include!("sql.rs");
