//! Rate limits over real HTTP: guessing a password from one address locks that address
//! out of that account only, the owner still signs in, mail requests are capped per
//! address alike for every address, and two processes sharing Redis count together.
//! Clients are told apart by the address a trusted proxy reports (`--trust-proxy`).

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::{on_both, skip, Engine, TestApp, PASSWORD};

/// A request as if from `client`, through the proxy the server trusts.
async fn from(
    app: &TestApp,
    client: &str,
    path: &str,
    body: Value,
) -> (StatusCode, Value, Option<String>) {
    let response = app
        .request(Method::POST, path, None)
        .header("x-forwarded-for", format!("10.9.9.9, {client}"))
        .json(&body)
        .send()
        .await
        .expect("sent");
    let status = response.status();
    let retry = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body, retry)
}

async fn log_in(
    app: &TestApp,
    client: &str,
    email: &str,
    password: &str,
) -> (StatusCode, Value, Option<String>) {
    from(
        app,
        client,
        "/api/auth/login",
        json!({"email": email, "password": password}),
    )
    .await
}

#[tokio::test]
async fn a_guesser_is_locked_out_of_one_account_while_its_owner_signs_in_from_elsewhere() {
    let Some(app) = TestApp::spawn_with(Engine::Sqlite, &["--trust-proxy"]).await else {
        return;
    };
    app.sign_up("target@example.com", "Target", "buyer").await;
    for _ in 0..5 {
        let (status, body, _) =
            log_in(&app, "203.0.113.66", "target@example.com", "Guess#1234").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        assert_eq!(body["reason"], "wrong_password", "{body}");
    }
    let (status, body, retry) = log_in(&app, "203.0.113.66", "target@example.com", PASSWORD).await;
    assert_eq!(
        status,
        StatusCode::TOO_MANY_REQUESTS,
        "even a right guess waits: {body}"
    );
    assert_eq!(body["error"], "too_many_requests");
    // What was held back and how long to wait, for a page to say in its own words.
    assert_eq!(body["reason"], "many_wrong_passwords", "{body}");
    let seconds: u64 = retry.expect("Retry-After").parse().expect("seconds");
    assert!((1..=15 * 60).contains(&seconds), "{seconds}");
    assert_eq!(body["retryAfter"], seconds, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or("")
            .contains("Please wait"),
        "{body}"
    );

    let (status, body, _) = log_in(&app, "198.51.100.7", "target@example.com", PASSWORD).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the owner is not locked out: {body}"
    );
    let (status, _, _) = log_in(&app, "203.0.113.66", "other@example.com", "Guess#1234").await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "the guesser's other tries are not refused"
    );
    // Without --trust-proxy a client cannot pick its address with a header.
    let plain = app.another_server(&[]).await;
    for n in 0..5 {
        let (status, _, _) = log_in(
            &plain,
            &format!("192.0.2.{n}"),
            "target@example.com",
            "Guess#1234",
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let (status, _, _) = log_in(&plain, "192.0.2.99", "target@example.com", PASSWORD).await;
    assert_eq!(
        status,
        StatusCode::TOO_MANY_REQUESTS,
        "the header was ignored: one client"
    );
}

#[tokio::test]
async fn a_guess_from_many_addresses_slows_wrong_answers_but_never_the_right_one() {
    let Some(app) = TestApp::spawn_with(Engine::Sqlite, &["--trust-proxy"]).await else {
        return;
    };
    app.sign_up("target@example.com", "Target", "buyer").await;
    for n in 0..22 {
        let client = format!("203.0.{}.{}", n / 4, n % 4 + 1);
        let (status, _, _) = log_in(&app, &client, "target@example.com", "Guess#1234").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let started = std::time::Instant::now();
    let (status, _, _) = log_in(&app, "203.0.200.1", "target@example.com", "Guess#1234").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(
        started.elapsed() >= std::time::Duration::from_millis(750),
        "a wrong answer past the limit waits: {:?}",
        started.elapsed()
    );
    let (status, body, _) = log_in(&app, "198.51.100.7", "target@example.com", PASSWORD).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the right password still goes through: {body}"
    );
}

#[tokio::test]
async fn mail_requests_are_capped_per_address_alike_for_addresses_with_and_without_accounts() {
    let Some(app) = TestApp::spawn_with(Engine::Sqlite, &["--trust-proxy"]).await else {
        return;
    };
    app.sign_up("known@example.com", "Known", "buyer").await;
    for email in ["known@example.com", "nobody@example.com"] {
        for path in ["/api/auth/forgot-password", "/api/auth/resend-verification"] {
            for n in 0..3 {
                let (status, body, _) = from(
                    &app,
                    &format!("198.51.100.{n}"),
                    path,
                    json!({"email": email}),
                )
                .await;
                assert_eq!(status, StatusCode::ACCEPTED, "{path} {email}: {body}");
            }
            let (status, body, retry) =
                from(&app, "198.51.100.9", path, json!({"email": email})).await;
            assert_eq!(
                status,
                StatusCode::TOO_MANY_REQUESTS,
                "{path} {email}: {body}"
            );
            assert!(retry.is_some(), "Retry-After");
        }
    }
    // And per client address, whatever the addresses asked for.
    let mut refused = false;
    for n in 0..25 {
        let (status, _, _) = from(
            &app,
            "192.0.2.50",
            "/api/auth/forgot-password",
            json!({"email": format!("someone{n}@example.com")}),
        )
        .await;
        refused |= status == StatusCode::TOO_MANY_REQUESTS;
    }
    assert!(refused, "one client cannot mail every address");
}

/// Redis for the shared-counter test, or None (skipped) when it is not running.
async fn redis_url() -> Option<String> {
    let url = std::env::var("BIKEHAAT_TEST_REDIS_URL")
        .unwrap_or_else(|_| "redis://127.0.0.1:6379".to_owned());
    let reachable = async {
        let client = redis::Client::open(url.as_str()).ok()?;
        let mut connection = client.get_multiplexed_async_connection().await.ok()?;
        redis::cmd("PING")
            .query_async::<String>(&mut connection)
            .await
            .ok()
    };
    if tokio::time::timeout(std::time::Duration::from_secs(2), reachable)
        .await
        .ok()
        .flatten()
        .is_some()
    {
        Some(url)
    } else {
        skip(
            "rate limits shared through Redis",
            &format!("no Redis at {url}"),
        );
        None
    }
}

#[tokio::test]
async fn two_processes_sharing_redis_count_wrong_passwords_together() {
    on_both(|engine| async move {
        let Some(url) = redis_url().await else {
            return;
        };
        let Some(a) = TestApp::spawn_with(engine, &["--trust-proxy", "--redis-url", &url]).await
        else {
            return;
        };
        let b = a
            .another_server(&["--trust-proxy", "--redis-url", &url])
            .await;
        // Counters outlive a test run in Redis: a new address each run.
        let email = format!("target{}@example.com", bikehaat::random::random_hex(6));
        a.sign_up(&email, "Target", "buyer").await;
        for n in 0..5 {
            let server = if n % 2 == 0 { &a } else { &b };
            let (status, _, _) = log_in(server, "203.0.113.66", &email, "Guess#1234").await;
            assert_eq!(status, StatusCode::UNAUTHORIZED);
        }
        for server in [&a, &b] {
            let (status, body, _) = log_in(server, "203.0.113.66", &email, PASSWORD).await;
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        }
        let (status, _, _) = log_in(&b, "198.51.100.7", &email, PASSWORD).await;
        assert_eq!(status, StatusCode::OK);
    })
    .await;
}

#[tokio::test]
async fn forty_guesses_sent_at_once_get_five_checked_alone_and_through_redis() {
    on_both(|engine| async move {
        let Some(url) = redis_url().await else {
            return;
        };
        let Some(alone) = TestApp::spawn_with(engine, &["--trust-proxy"]).await else {
            return;
        };
        let a = alone
            .another_server(&["--trust-proxy", "--redis-url", &url])
            .await;
        let b = a
            .another_server(&["--trust-proxy", "--redis-url", &url])
            .await;
        // Counters outlive a test run in Redis: a new address each run.
        let email = format!("target{}@example.com", bikehaat::random::random_hex(6));
        alone.sign_up(&email, "Target", "buyer").await;
        // Counters outlive a test run in Redis: a new client network each run too.
        let run = bikehaat::random::random_hex(2);
        for servers in [vec![&alone], vec![&a, &b]] {
            let client = format!("2001:db8:{run}:{}::1", servers.len());
            let guesses = (0..40).map(|n| {
                let server = servers[n % servers.len()];
                let client = client.clone();
                let email = email.clone();
                async move { log_in(server, &client, &email, "Guess#1234").await.0 }
            });
            let answers = futures_util::future::join_all(guesses).await;
            let checked = answers
                .iter()
                .filter(|s| **s == StatusCode::UNAUTHORIZED)
                .count();
            let refused = answers
                .iter()
                .filter(|s| **s == StatusCode::TOO_MANY_REQUESTS)
                .count();
            assert_eq!(
                (checked, refused),
                (5, 35),
                "{} server(s): {answers:?}",
                servers.len()
            );
        }
    })
    .await;
}

#[tokio::test]
async fn booking_one_bike_again_and_again_and_replaying_one_proof_are_bounded() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
        let buyer = app.sign_up("buyer@example.com", "Buyer", "buyer").await;
        let category = app.category(&admin, "Sports").await;
        let bike = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let other = app.list_bike(&seller, &category, "Honda CB", 3900).await;
        let book = |product: String| {
            let app = &app;
            let token = buyer.token.clone();
            async move {
                app.call(
                    Method::POST,
                    "/api/orders",
                    Some(&token),
                    json!({"bookingId": product, "buyerPhone": "01711000000", "meetingLocation": "Gulshan"}),
                )
                .await
            }
        };
        for _ in 0..3 {
            let (status, order) = book(bike.clone()).await;
            assert_eq!(status, StatusCode::CREATED, "{order}");
            let id = order["insertedId"].as_str().expect("id").to_owned();
            let (status, body) = app
                .call(Method::DELETE, &format!("/api/orders/{id}"), Some(&buyer.token), Value::Null)
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, body) = book(bike.clone()).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        let (status, body) = book(other).await;
        assert_eq!(status, StatusCode::CREATED, "another bike: {body}");

        // One proof of identity opens a bounded number of sessions.
        let proof = app.identity_token("buyer@example.com").await;
        let mut statuses = Vec::new();
        for _ in 0..61 {
            let (status, _) = app
                .call(
                    Method::PUT,
                    "/api/users/buyer@example.com",
                    Some(&proof),
                    json!({"email": "buyer@example.com"}),
                )
                .await;
            statuses.push(status);
        }
        // The sign-up opened one session before.
        assert!(statuses[..59].iter().all(|s| *s == StatusCode::OK), "{statuses:?}");
        assert_eq!(statuses[60], StatusCode::TOO_MANY_REQUESTS, "{statuses:?}");
    })
    .await;
}

#[tokio::test]
async fn a_seller_editing_without_pause_is_told_to_wait() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let admin = app.admin().await;
    let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
    let category = app.category(&admin, "Sports").await;
    let bike = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
    let mut statuses = Vec::new();
    for n in 0..61 {
        let body = super::support::listing_body(&category, "Yamaha R15", 4000 + n);
        let (status, _) = app
            .call(
                Method::PUT,
                &format!("/api/products/{bike}"),
                Some(&seller.token),
                body,
            )
            .await;
        statuses.push(status);
    }
    assert!(
        statuses[..60].iter().all(|s| *s == StatusCode::OK),
        "{statuses:?}"
    );
    assert_eq!(statuses[60], StatusCode::TOO_MANY_REQUESTS);
}
