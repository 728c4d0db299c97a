//! What a copy of the data directory or a short secret would give away: the server
//! refuses a guessable token secret and keeps everything it writes to its own user.

use super::support::{Engine, ServerProcess, TestApp, TestDb};

#[tokio::test]
async fn a_token_secret_under_32_bytes_refuses_to_start() {
    let Some(db) = TestDb::new(Engine::Sqlite).await else {
        return;
    };
    let problem = TestApp::start_up_problem(&db, &["--jwt-secret", "x"]).await;
    assert!(
        problem.contains("JWT_SECRET is 1 bytes; it must be at least 32"),
        "{problem}"
    );
    let problem = TestApp::start_up_problem(&db, &["--jwt-secret", &"k".repeat(31)]).await;
    assert!(problem.contains("31 bytes"), "{problem}");
}

#[cfg(unix)]
#[tokio::test]
async fn the_data_directory_and_everything_in_it_are_the_servers_alone() {
    use std::os::unix::fs::PermissionsExt;
    let Some(db) = TestDb::new(Engine::Sqlite).await else {
        return;
    };
    let dir = db.dir.join("fresh");
    let server = ServerProcess::start_in(&dir).await;
    // A sign-up writes the verification mail to the outbox.
    let answer = reqwest::Client::new()
        .post(format!("{}/api/auth/signup", server.base))
        .json(&serde_json::json!({"email": "rahim@example.com", "password": super::support::PASSWORD}))
        .send()
        .await
        .expect("sign-up");
    assert_eq!(answer.status(), reqwest::StatusCode::CREATED);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;

    let mode = |path: &std::path::Path| {
        std::fs::metadata(path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .permissions()
            .mode()
            & 0o777
    };
    assert_eq!(mode(&dir), 0o700, "the data directory");
    let mut seen = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(next) = stack.pop() {
        for entry in std::fs::read_dir(&next).expect("read dir") {
            let path = entry.expect("entry").path();
            assert_eq!(
                mode(&path) & 0o077,
                0,
                "{} is open to others: {:o}",
                path.display(),
                mode(&path)
            );
            if path.is_dir() {
                stack.push(path.clone());
            }
            seen.push(
                path.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
            );
        }
    }
    for expected in ["bikehaat.db", "jwt-secret", "uploads", "outbox"] {
        assert!(seen.iter().any(|n| n == expected), "{expected} in {seen:?}");
    }
    assert!(
        seen.iter().any(|n| n.ends_with(".eml")),
        "a mail in {seen:?}"
    );
    drop(server);
}

#[cfg(unix)]
#[tokio::test]
async fn a_data_directory_others_can_read_is_named_in_the_log() {
    use std::os::unix::fs::PermissionsExt;
    let Some(db) = TestDb::new(Engine::Sqlite).await else {
        return;
    };
    let dir = db.dir.join("shared");
    std::fs::create_dir(&dir).expect("dir");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let server = ServerProcess::start_in(&dir).await;
    let log = server.log();
    assert!(
        log.lines().any(
            |line| line.contains("the data directory is open to other users")
                && line.contains("755")
        ),
        "{log}"
    );
}

/// `name` of an answer to `GET path` with `token`, if any.
async fn header_of(app: &TestApp, path: &str, token: Option<&str>, name: &str) -> Option<String> {
    let answer = app
        .request(reqwest::Method::GET, path, token)
        .send()
        .await
        .expect("answered");
    answer
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

#[tokio::test]
async fn pages_and_answers_tell_the_browser_what_they_may_do() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let buyer = app.sign_up("buyer@example.com", "Karim", "buyer").await;
    let page = header_of(&app, "/", None, "content-security-policy")
        .await
        .expect("a page policy");
    for part in [
        "default-src 'self'",
        "script-src 'self';",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
    ] {
        assert!(page.contains(part), "{part} in {page}");
    }
    assert!(!page.contains("stripe"), "no Stripe without Stripe: {page}");
    assert_eq!(
        header_of(&app, "/", None, "cross-origin-opener-policy")
            .await
            .as_deref(),
        Some("same-origin")
    );
    assert!(header_of(&app, "/", None, "permissions-policy")
        .await
        .is_some_and(|p| p.contains("camera=()")));
    assert_eq!(
        header_of(&app, "/", None, "strict-transport-security").await,
        None
    );

    let api = header_of(&app, "/api/categories", None, "content-security-policy").await;
    assert_eq!(
        api.as_deref(),
        Some("default-src 'none'; frame-ancestors 'none'")
    );
    assert_ne!(
        header_of(&app, "/api/categories", None, "cache-control")
            .await
            .as_deref(),
        Some("no-store"),
        "a visitor's answer may be cached"
    );
    assert_eq!(
        header_of(
            &app,
            "/api/orders/buyer@example.com",
            Some(&buyer.token),
            "cache-control"
        )
        .await
        .as_deref(),
        Some("no-store"),
        "a signed-in answer is nobody's to keep"
    );
    assert_eq!(
        header_of(
            &app,
            "/api/users/buyer@example.com",
            Some(&buyer.token),
            "cache-control"
        )
        .await
        .as_deref(),
        Some("no-store")
    );
}

#[tokio::test]
async fn an_https_site_with_stripe_names_stripe_and_keeps_to_https() {
    let stripe = super::support::stripe::FakeStripe::start().await;
    let mut args = stripe.args();
    args.extend([
        "--public-url".to_owned(),
        "https://bikehaat.example".to_owned(),
    ]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let Some(app) = TestApp::spawn_with(Engine::Sqlite, &args).await else {
        return;
    };
    let page = header_of(&app, "/", None, "content-security-policy")
        .await
        .expect("a page policy");
    assert!(page.contains("https://js.stripe.com"), "{page}");
    assert!(
        page.contains(&format!("connect-src 'self' {}", stripe.base)),
        "{page}"
    );
    assert_eq!(
        header_of(&app, "/api/health", None, "strict-transport-security")
            .await
            .as_deref(),
        Some("max-age=31536000; includeSubDomains")
    );
}
