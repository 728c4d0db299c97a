//! Fresh databases: a SQLite file, or a new PostgreSQL database when one is reachable;
//! and reading them past the app.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use bikehaat::store::{self, Store};

static COUNTER: AtomicU32 = AtomicU32::new(0);

fn unique(prefix: &str) -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    format!(
        "{prefix}_{secs}_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

fn fresh_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(unique("bikehaat_test"));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Which database engine a test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// A fresh, empty database, removed when dropped (best effort), and a fresh data
/// directory.
pub struct TestDb {
    pub url: String,
    pub dir: PathBuf,
    engine: Engine,
    /// The database this made on the shared PostgreSQL server, to drop.
    pg_name: Option<String>,
}

fn postgres_admin_url() -> String {
    std::env::var("BIKEHAAT_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

/// Says a test part is skipped, or fails it when `BIKEHAAT_NO_SKIP=1`.
pub fn skip(what: &str, why: &str) {
    if std::env::var("BIKEHAAT_NO_SKIP").as_deref() == Ok("1") {
        panic!("{what} cannot run ({why}) and BIKEHAAT_NO_SKIP=1 forbids skipping");
    }
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "SKIP {what}: {why}");
}

impl TestDb {
    pub async fn new(engine: Engine) -> Option<TestDb> {
        let dir = fresh_dir();
        match engine {
            Engine::Sqlite => {
                let url = format!("sqlite://{}", dir.join("bikehaat.db").display());
                Some(TestDb {
                    url,
                    dir,
                    engine,
                    pg_name: None,
                })
            }
            Engine::Postgres => {
                use sqlx::Connection;
                let admin = postgres_admin_url();
                let mut conn = match sqlx::PgConnection::connect(&admin).await {
                    Ok(conn) => conn,
                    Err(e) => {
                        skip(
                            "PostgreSQL half of this test",
                            &format!("cannot reach {admin}: {e}"),
                        );
                        return None;
                    }
                };
                let name = unique("bikehaat_test");
                sqlx::query(&format!("CREATE DATABASE {name}"))
                    .execute(&mut conn)
                    .await
                    .expect("create test database");
                let base = admin
                    .rsplit_once('/')
                    .map(|(b, _)| b.to_owned())
                    .unwrap_or(admin.clone());
                Some(TestDb {
                    url: format!("{base}/{name}"),
                    dir,
                    engine,
                    pg_name: Some(name),
                })
            }
        }
    }

    /// A fresh data directory for the PostgreSQL database at `url`, which someone else
    /// made and removes (a test's own PostgreSQL server).
    pub fn postgres_at(url: String) -> TestDb {
        TestDb {
            url,
            dir: fresh_dir(),
            engine: Engine::Postgres,
            pg_name: None,
        }
    }

    pub fn engine(&self) -> Engine {
        self.engine
    }

    pub async fn store(&self) -> Arc<dyn Store> {
        let store = store::open(&self.url).await.expect("open store");
        store.migrate().await.expect("migrate");
        store
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
        if let Some(name) = self.pg_name.take() {
            // Dropped on a plain thread: Drop cannot await, and the test's runtime may be gone.
            let admin = postgres_admin_url();
            let _ = std::thread::spawn(move || {
                let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                else {
                    return;
                };
                rt.block_on(async move {
                    use sqlx::Connection;
                    if let Ok(mut conn) = sqlx::PgConnection::connect(&admin).await {
                        let _ =
                            sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                                .execute(&mut conn)
                                .await;
                    }
                });
            })
            .join();
        }
    }
}

/// Runs a query on `$db`'s database past the app and its store: `$query` is an
/// expression on the pool `$pool`, written once and compiled for each engine.
macro_rules! past_the_store {
    ($db:expr, |$pool:ident| $query:expr) => {{
        let db: &$crate::marketplace::support::TestDb = $db;
        match db.engine() {
            $crate::marketplace::support::Engine::Sqlite => {
                let $pool = sqlx::SqlitePool::connect(&db.url)
                    .await
                    .expect("open SQLite");
                let out = $query.await;
                $pool.close().await;
                out
            }
            $crate::marketplace::support::Engine::Postgres => {
                let $pool = sqlx::PgPool::connect(&db.url)
                    .await
                    .expect("open PostgreSQL");
                let out = $query.await;
                $pool.close().await;
                out
            }
        }
    }};
}
pub(crate) use past_the_store;

/// Runs `test` once on SQLite and once on PostgreSQL (skipped when unreachable).
pub async fn on_both<F, Fut>(test: F)
where
    F: Fn(Engine) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    test(Engine::Sqlite).await;
    test(Engine::Postgres).await;
}
