//! Test harness: fresh databases (a SQLite file, and a new PostgreSQL database when one
//! is reachable), the real app served on port 0, and helpers to sign people up.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use bikehaat::config::{Cli, Command, ServeArgs};
use bikehaat::store::{self, Store};
use bikehaat::AppState;
use clap::Parser;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// A password that meets the spec's rules.
pub const PASSWORD: &str = "Dhaka#2026";
/// Created as admins through `--admin-emails`.
pub const ADMIN_EMAIL: &str = "admin@bikehaat.test";

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

/// Which database engine a test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// A fresh, empty database, removed when dropped (best effort).
pub struct TestDb {
    pub url: String,
    pub dir: PathBuf,
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
        let dir = std::env::temp_dir().join(unique("bikehaat_test"));
        std::fs::create_dir_all(&dir).expect("temp dir");
        match engine {
            Engine::Sqlite => {
                let url = format!("sqlite://{}", dir.join("bikehaat.db").display());
                Some(TestDb {
                    url,
                    dir,
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
                    pg_name: Some(name),
                })
            }
        }
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

/// Runs `test` once on SQLite and once on PostgreSQL (skipped when unreachable).
pub async fn on_both<F, Fut>(test: F)
where
    F: Fn(Engine) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    test(Engine::Sqlite).await;
    test(Engine::Postgres).await;
}

/// The real app on 127.0.0.1 with a fresh database.
pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub state: AppState,
    /// Kept for its `Drop`, which removes the database.
    _db: TestDb,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// Someone signed in: their access token and record.
#[derive(Debug, Clone)]
pub struct Person {
    pub token: String,
    pub id: String,
    pub email: String,
    pub name: String,
}

fn serve_args(db: &TestDb, extra: &[&str]) -> ServeArgs {
    let dir = db.dir.display().to_string();
    let mut argv = vec![
        "bikehaat",
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--data-dir",
        &dir,
        "--database-url",
        &db.url,
        "--admin-emails",
        ADMIN_EMAIL,
        "--no-demo",
        "--frontend-dir",
        "/nonexistent",
    ];
    argv.extend_from_slice(extra);
    match Cli::try_parse_from(argv).expect("valid arguments").command {
        Command::Serve(args) => *args,
        _ => unreachable!("serve was asked for"),
    }
}

impl TestApp {
    /// Serves a fresh marketplace (no demo data) on `engine`; None when it is unreachable.
    pub async fn spawn(engine: Engine) -> Option<TestApp> {
        TestApp::spawn_with(engine, &[]).await
    }

    /// Like [`spawn`] with extra `bikehaat serve` arguments.
    pub async fn spawn_with(engine: Engine, extra: &[&str]) -> Option<TestApp> {
        let db = TestDb::new(engine).await?;
        let args = serve_args(&db, extra);
        let state = bikehaat::server::state(&args).await.expect("app state");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let app = bikehaat::app(state.clone());
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Some(TestApp {
            base: format!("http://{addr}"),
            client: reqwest::Client::new(),
            state,
            _db: db,
            server,
        })
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Sends a JSON request (or none with `Value::Null`) with an optional bearer token.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Value,
    ) -> (StatusCode, Value) {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if !body.is_null() {
            request = request.json(&body);
        }
        let response = request.send().await.expect("request sent");
        let status = response.status();
        let text = response.text().await.expect("body");
        let value = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(Value::String(text))
        };
        (status, value)
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.call(Method::GET, path, token, Value::Null).await
    }

    /// Signs up through the built-in provider and the token exchange.
    pub async fn sign_up(&self, email: &str, name: &str, role: &str) -> Person {
        let (status, body) = self
            .call(
                Method::POST,
                "/api/auth/signup",
                None,
                json!({"email": email, "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "sign-up of {email}: {body}");
        let id_token = body["idToken"].as_str().expect("idToken").to_owned();
        let (status, body) = self
            .call(
                Method::PUT,
                &format!("/api/users/{email}"),
                Some(&id_token),
                json!({"name": name, "email": email, "image": "https://example.com/me.jpg", "role": role}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "token exchange of {email}: {body}");
        Person {
            token: body["token"].as_str().expect("token").to_owned(),
            id: body["user"]["_id"].as_str().expect("user id").to_owned(),
            email: email.to_owned(),
            name: name.to_owned(),
        }
    }

    pub async fn admin(&self) -> Person {
        self.sign_up(ADMIN_EMAIL, "Ayesha Admin", "buyer").await
    }

    /// Adds a category as `admin`; returns its id.
    pub async fn category(&self, admin: &Person, name: &str) -> String {
        let (status, body) = self
            .call(
                Method::POST,
                &format!("/api/categories/{}", admin.email),
                Some(&admin.token),
                json!({"categoryName": name, "categoryImage": "/uploads/demo-category-0.svg"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "category: {body}");
        body["insertedId"].as_str().expect("insertedId").to_owned()
    }

    /// Lists a bike as `seller` in `category`; returns its id.
    pub async fn product(&self, seller: &Person, category: &str, name: &str, price: u32) -> String {
        let (status, body) = self
            .call(
                Method::PUT,
                "/api/products",
                Some(&seller.token),
                product_body(category, name, price),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "product: {body}");
        body["insertedId"].as_str().expect("insertedId").to_owned()
    }

    /// Books `product` as `buyer`; returns the booking id.
    pub async fn book(&self, buyer: &Person, product: &str) -> String {
        let (status, body) = self
            .call(
                Method::POST,
                "/api/orders",
                Some(&buyer.token),
                json!({"bookingId": product, "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani 11, Dhaka"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "booking: {body}");
        body["insertedId"].as_str().expect("insertedId").to_owned()
    }

    /// Pays for booking `order` with `card`: intent, card confirmation, payment record.
    /// Returns the status and body of `POST /api/payments`, or of the step that failed.
    pub async fn pay(&self, buyer: &Person, order: &str, card: &str) -> (StatusCode, Value) {
        let (status, intent) = self
            .call(
                Method::POST,
                "/api/create-payment-intent",
                Some(&buyer.token),
                json!({"_id": order}),
            )
            .await;
        if status != StatusCode::OK {
            return (status, intent);
        }
        let secret = intent["clientSecret"].as_str().expect("clientSecret");
        let (status, confirmed) = self
            .call(
                Method::POST,
                "/api/test-mode/confirm-card",
                None,
                json!({"clientSecret": secret, "card": {"number": card, "expMonth": 12, "expYear": 2034, "cvc": "123"},
                       "billing": {"name": buyer.name, "email": buyer.email}}),
            )
            .await;
        if status != StatusCode::OK {
            return (status, confirmed);
        }
        let transaction = confirmed["paymentIntent"]["id"]
            .as_str()
            .expect("intent id");
        self.call(
            Method::POST,
            "/api/payments",
            Some(&buyer.token),
            json!({"price": 1, "transactionId": transaction, "email": buyer.email, "bookingId": Value::Null, "ordersId": order}),
        )
        .await
    }
}

/// A complete, valid new-listing body.
pub fn product_body(category: &str, name: &str, price: u32) -> Value {
    json!({
        "categoryId": category,
        "productName": name,
        "productImage": "/uploads/demo-bike-0.svg",
        "resalePrice": price,
        "originalPrice": price * 2,
        "purchaseYear": "2020",
        "yearsOfUse": 4,
        "condition": "Good",
        "location": "Mirpur 10, Dhaka",
        "color": "Red",
        "sellerPhone": "01711-234567",
        "description": "Well kept, papers up to date."
    })
}
