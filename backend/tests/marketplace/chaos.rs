//! The marketplace while PostgreSQL goes away and comes back: a request answers 503
//! `service_unavailable` within seconds and carries its request id, health says "down"
//! and recovers by itself, the pool hands out no dead connection, nothing acknowledged
//! is lost and every live socket receives every committed event (`chaos/outage.rs`).
//!
//! PostgreSQL only: a SQLite file does not go away while the server has it open.

use std::time::{Duration, Instant};

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use sqlx::Connection;

use bikehaat::error::DATABASE_UNAVAILABLE;

use super::live::Live;
use super::support::{Engine, TestApp, TestDb};

mod journal;
mod outage;
mod proxy;

use proxy::Proxy;

/// A request while the database is away waits this long for a connection at most,
/// plus what the answer takes: no request hangs.
const FAIL_FAST: Duration = Duration::from_secs(5);

/// Checks `response` is the answer for "the database is away": 503, the error body and
/// the request id the log line names.
#[track_caller]
fn assert_database_unavailable(status: StatusCode, request_id: Option<&str>, body: &Value) {
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(
        *body,
        json!({"error": "service_unavailable", "message": DATABASE_UNAVAILABLE}),
    );
    assert!(
        request_id.is_some_and(|id| !id.is_empty()),
        "a 503 without x-request-id"
    );
}

/// Waits until `base`'s health answers 200; how long that took.
async fn health_recovers(client: &reqwest::Client, base: &str, within: Duration) -> Duration {
    let start = Instant::now();
    loop {
        let health = client.get(format!("{base}/api/health")).send().await;
        if health.is_ok_and(|h| h.status() == StatusCode::OK) {
            return start.elapsed();
        }
        assert!(
            start.elapsed() < within,
            "{base}: health did not recover within {within:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// How a test takes a request's database connection away while its query runs.
#[derive(Debug, Clone, Copy)]
enum Loss {
    /// PostgreSQL ends it (`pg_terminate_backend`, as when it shuts down: 57P01).
    Terminated,
    /// The network drops it (the connection reads end of file).
    Cut,
}

#[tokio::test]
async fn a_request_whose_database_went_away_answers_503_at_once_and_service_resumes_by_itself() {
    let Some(mut db) = TestDb::new(Engine::Postgres).await else {
        return;
    };
    let direct = db.url.clone();
    let mut proxy = Proxy::start(&db.url).await;
    db.url = proxy.url.clone();
    let app = TestApp::spawn_on(db, &[]).await;
    let buyer = app.sign_up("buyer@example.com", "Buyer", "buyer").await;
    let notifications = || app.request(Method::GET, "/api/notifications", Some(&buyer.token));

    // Several connections in the pool, then every one of them cut and the database
    // back at once: each dead connection is noticed and replaced, never handed out.
    let busy: Vec<_> = (0..8).map(|_| notifications().send()).collect();
    for answer in futures_util::future::join_all(busy).await {
        assert_eq!(answer.expect("answer").status(), StatusCode::OK);
    }
    proxy.cut().await;
    proxy.restore().await;
    for _ in 0..24 {
        let (status, body) = super::support::answer(notifications()).await;
        assert_eq!(status, StatusCode::OK, "after a reconnect: {body}");
    }

    // A request whose connection goes while its query runs (held up by a lock this
    // test holds): 503 at once, however the connection went.
    let mut holder = sqlx::PgConnection::connect(&direct).await.expect("connect");
    sqlx::query("BEGIN")
        .execute(&mut holder)
        .await
        .expect("begin");
    sqlx::query("LOCK TABLE notifications IN ACCESS EXCLUSIVE MODE")
        .execute(&mut holder)
        .await
        .expect("lock");
    for loss in [Loss::Terminated, Loss::Cut] {
        let waiting = tokio::spawn(notifications().send());
        let backend = loop {
            let waiter: Option<i32> = sqlx::query_scalar(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() \
                 AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
            )
            .fetch_optional(&mut holder)
            .await
            .expect("find the waiting request");
            if let Some(pid) = waiter {
                break pid;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let lost = Instant::now();
        match loss {
            Loss::Terminated => {
                sqlx::query("SELECT pg_terminate_backend($1)")
                    .bind(backend)
                    .execute(&mut holder)
                    .await
                    .expect("terminate");
            }
            Loss::Cut => {
                proxy.cut().await;
                proxy.restore().await;
            }
        }
        let response = waiting.await.expect("task").expect("an answer");
        assert!(
            lost.elapsed() < Duration::from_secs(1),
            "{loss:?}: answered late"
        );
        assert_unavailable(response).await;
    }
    sqlx::query("ROLLBACK")
        .execute(&mut holder)
        .await
        .expect("rollback");

    // The database away: reads and writes answer 503 fast, health says down.
    proxy.cut().await;
    let away = [
        notifications(),
        app.request(Method::POST, "/api/wishlist", Some(&buyer.token))
            .json(&json!({"productId": "1"})),
        app.request(Method::GET, "/api/categories", None),
    ];
    let started = Instant::now();
    let answers = futures_util::future::join_all(away.map(|request| request.send())).await;
    let took = started.elapsed();
    assert!(took < FAIL_FAST, "503s took {took:?}");
    for response in answers {
        assert_unavailable(response.expect("an answer")).await;
    }
    let started = Instant::now();
    let (status, health) = app.get("/api/health", None).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{health}");
    assert_eq!(health["status"], "down");
    assert_eq!(health["databaseConnected"], false);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "health must answer a probe in time"
    );

    // Back: health and requests recover without anyone touching the server.
    proxy.restore().await;
    health_recovers(&app.client, &app.base, Duration::from_secs(5)).await;
    let (status, health) = app.get("/api/health", None).await;
    assert_eq!((status, &health["status"]), (StatusCode::OK, &json!("ok")));
    let (status, body) = super::support::answer(notifications()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn assert_unavailable(response: reqwest::Response) {
    let status = response.status();
    let id = response
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body: Value = response.json().await.expect("JSON");
    assert_database_unavailable(status, id.as_deref(), &body);
}

/// A page's socket signs in and resumes at once; when the sign-in waits for the
/// database (here a lock this test holds, in an outage a connection), the replay it
/// asked for still comes before the events that arrived live meanwhile. The page drops
/// an event older than one it has, so the other order would lose the replayed ones.
#[tokio::test]
async fn a_sign_in_that_waits_for_the_database_keeps_the_replay_before_live_events() {
    let Some(app) = TestApp::spawn(Engine::Postgres).await else {
        return;
    };
    let admin = app.admin().await;
    let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
    let since = app.state.live.head();
    let replayed = app.category(&admin, "Missed while away").await;
    // Once the pump has read it, the admin's session is read once more and then kept
    // in the cache: the admin's next call does not touch the locked table.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        app.get("/api/notifications", Some(&admin.token)).await.0,
        StatusCode::OK
    );

    let mut holder = sqlx::PgConnection::connect(&app.db().url)
        .await
        .expect("connect");
    sqlx::query("BEGIN")
        .execute(&mut holder)
        .await
        .expect("begin");
    sqlx::query("LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE")
        .execute(&mut holder)
        .await
        .expect("lock");
    let mut live = Live::open(&app.base).await;
    live.send(json!({"type": "auth", "token": seller.token}))
        .await;
    live.send(json!({"type": "resume", "since": since})).await;
    let arrived = app.category(&admin, "Arrived live").await;
    // Well past the time a new socket waits for its resume.
    tokio::time::sleep(Duration::from_millis(800)).await;
    sqlx::query("ROLLBACK")
        .execute(&mut holder)
        .await
        .expect("unlock");

    let mut order = Vec::new();
    while let Some(message) = live.next(Duration::from_secs(2)).await {
        match message["type"].as_str() {
            Some("auth") => assert_eq!(message["ok"], true, "{message}"),
            Some("event") => order.push(message["data"]["_id"].as_str().map(str::to_owned)),
            _ => panic!("{message}"),
        }
        if order.len() == 2 {
            break;
        }
    }
    assert_eq!(order, [Some(replayed), Some(arrived)]);
}
