//! The real app served on port 0, and sending it requests.

use std::sync::Arc;

use bikehaat::config::{Cli, Command, ServeArgs};
use bikehaat::AppState;
use clap::Parser;
use reqwest::{Method, RequestBuilder, StatusCode};
use serde_json::Value;

use super::{Engine, TestDb, ADMIN_EMAIL};

/// The real app on 127.0.0.1 with a fresh database.
pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub state: AppState,
    /// Shared with any [`another_server`](TestApp::another_server) on it; the last one
    /// to go removes the database.
    db: Arc<TestDb>,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.server.abort();
    }
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
    // Sellers' listings go live at once unless a test asks for the first ones to wait
    // for review, as they do by default (tests/marketplace/review.rs).
    if !extra.contains(&"--first-listings-reviewed") {
        argv.extend_from_slice(&["--first-listings-reviewed", "0"]);
    }
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
        Some(TestApp::serve(Arc::new(db), extra).await)
    }

    /// Serves a marketplace on `db` with extra `bikehaat serve` arguments.
    pub async fn spawn_on(db: TestDb, extra: &[&str]) -> TestApp {
        TestApp::serve(Arc::new(db), extra).await
    }

    /// Like [`spawn_with`], listening on every address (0.0.0.0) as a public server does.
    pub async fn spawn_public(engine: Engine, extra: &[&str]) -> Option<TestApp> {
        let db = TestDb::new(engine).await?;
        Some(TestApp::serve_on(Arc::new(db), extra, "0.0.0.0:0").await)
    }

    /// Why `bikehaat serve` with `extra` arguments refuses to start on `db`.
    pub async fn start_up_problem(db: &TestDb, extra: &[&str]) -> String {
        TestApp::start_up_problem_on(db, extra, "127.0.0.1:0").await
    }

    /// Like [`start_up_problem`], listening on `addr`.
    pub async fn start_up_problem_on(db: &TestDb, extra: &[&str], addr: &str) -> String {
        let args = serve_args(db, extra);
        match bikehaat::server::state(&args, addr.parse().expect("address")).await {
            Ok(_) => panic!("started with {extra:?}"),
            Err(problem) => problem,
        }
    }

    /// A second server on this app's database with other extra `bikehaat serve`
    /// arguments: another process of the marketplace, or the marketplace restarted.
    pub async fn another_server(&self, extra: &[&str]) -> TestApp {
        TestApp::serve(Arc::clone(&self.db), extra).await
    }

    async fn serve(db: Arc<TestDb>, extra: &[&str]) -> TestApp {
        TestApp::serve_on(db, extra, "127.0.0.1:0").await
    }

    async fn serve_on(db: Arc<TestDb>, extra: &[&str], bind: &str) -> TestApp {
        let args = serve_args(&db, extra);
        let listener = tokio::net::TcpListener::bind(bind).await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let state = bikehaat::server::state(&args, addr)
            .await
            .expect("app state");
        let app = bikehaat::app(state.clone());
        let limits = state.settings.connections;
        let server = tokio::spawn(bikehaat::listen::run(
            listener,
            app,
            limits,
            std::future::pending(),
        ));
        TestApp {
            // Reached over loopback whatever address it listens on.
            base: format!("http://127.0.0.1:{}", addr.port()),
            // Redirects are answers to check (bKash's callback), not to follow.
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("an HTTP client"),
            state,
            db,
            server,
        }
    }

    /// The database this app serves, for reading it past the app.
    pub fn db(&self) -> &TestDb {
        &self.db
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// A request to `path` with an optional bearer token, to finish and [`answer`].
    pub fn request(&self, method: Method, path: &str, token: Option<&str>) -> RequestBuilder {
        let request = self.client.request(method, self.url(path));
        match token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    /// Sends a JSON request (or none with `Value::Null`) with an optional bearer token.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Value,
    ) -> (StatusCode, Value) {
        let request = self.request(method, path, token);
        if body.is_null() {
            answer(request).await
        } else {
            answer(request.json(&body)).await
        }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.call(Method::GET, path, token, Value::Null).await
    }
}

/// Sends `request`; answers the status and the body: JSON, else the text as a string,
/// `Null` when empty.
pub async fn answer(request: RequestBuilder) -> (StatusCode, Value) {
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

/// The id from a 201 `{insertedId}` answer.
#[track_caller]
pub fn inserted(what: &str, (status, body): (StatusCode, Value)) -> String {
    assert_eq!(status, StatusCode::CREATED, "{what}: {body}");
    body["insertedId"].as_str().expect("insertedId").to_owned()
}

/// The value of `name` on `response`, or "" when it has none (or it is not text).
pub fn header<'a>(response: &'a reqwest::Response, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}
