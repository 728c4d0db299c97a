//! Proven addresses and getting back in, over real HTTP on both databases: the mails
//! (read back from the outbox), verification, password reset, signing out, the links'
//! single use and expiry, and the same answer for addresses with and without accounts.

use std::time::Instant;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::{on_both, Engine, TestApp, PASSWORD};

const NEW_PASSWORD: &str = "Chattogram#2027";

async fn post(app: &TestApp, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    app.call(Method::POST, path, token, body).await
}

async fn log_in(app: &TestApp, email: &str, password: &str) -> StatusCode {
    post(
        app,
        "/api/auth/login",
        None,
        json!({"email": email, "password": password}),
    )
    .await
    .0
}

/// Sign-up answers 409 for a taken address (the contract), and its owner hears of it by
/// mail with the way in; a script trying the address again and again sends few mails.
#[tokio::test]
async fn signing_up_with_a_taken_address_tells_its_owner() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        app.sign_up("rahim@example.com", "Rahim", "buyer").await;
        for _ in 0..5 {
            let (status, body) = post(
                &app,
                "/api/auth/signup",
                None,
                json!({"email": "Rahim@Example.com", "password": NEW_PASSWORD}),
            )
            .await;
            assert_eq!(status, StatusCode::CONFLICT, "{body}");
        }
        let exists = |mails: &[super::support::Mail]| {
            mails
                .iter()
                .filter(|mail| {
                    mail.header("Subject").as_deref() == Some("You already have a BikeHaat account")
                })
                .count()
        };
        let mut told = 0;
        for _ in 0..100 {
            told = exists(&app.mails_to("rahim@example.com"));
            if told == 3 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        assert_eq!(told, 3, "three mails a day at most");
        let mail = app
            .mails_to("rahim@example.com")
            .into_iter()
            .find(|mail| exists(std::slice::from_ref(mail)) == 1)
            .expect("the mail");
        assert!(
            mail.text.contains(&format!("{}/login", app.base)),
            "{}",
            mail.text
        );
        assert!(mail.text.contains(&format!("{}/forgot-password", app.base)));
        assert_eq!(
            log_in(&app, "rahim@example.com", PASSWORD).await,
            StatusCode::OK
        );
        assert_eq!(
            log_in(&app, "rahim@example.com", NEW_PASSWORD).await,
            StatusCode::UNAUTHORIZED,
            "nothing of the account changed"
        );
    })
    .await;
}

#[tokio::test]
async fn sign_up_mails_a_link_that_proves_the_address_once() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let rahim = app
            .sign_up_unconfirmed("rahim@example.com", "Rahim", "buyer")
            .await;
        let (_, user) = app.profile("rahim@example.com").await;
        assert_eq!(user["emailVerified"], false, "{user}");

        let token = app.mailed_token("rahim@example.com", "verify-email").await;
        let mail = app.mails_to("rahim@example.com").pop().expect("a mail");
        assert_eq!(
            mail.header("Subject").as_deref(),
            Some("Confirm your email address for BikeHaat")
        );
        assert!(mail.text.contains("text/plain") && mail.text.contains("text/html"));
        assert!(mail
            .text
            .contains(&format!("{}/verify-email?token={token}", app.base)));
        assert!(mail.text.contains("If you did not sign up"));

        let (status, body) = post(
            &app,
            "/api/auth/verify-email",
            None,
            json!({"token": token, "password": PASSWORD}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            body,
            json!({"email": "rahim@example.com", "emailVerified": true})
        );
        let (_, user) = app.profile("rahim@example.com").await;
        assert_eq!(user["emailVerified"], true, "{user}");
        let (status, _) = app
            .get("/api/orders/rahim@example.com", Some(&rahim.token))
            .await;
        assert_eq!(status, StatusCode::OK, "the session goes on");

        let (status, body) = post(
            &app,
            "/api/auth/verify-email",
            None,
            json!({"token": token, "password": PASSWORD}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "a link works once: {body}");
        assert!(body["message"]
            .as_str()
            .unwrap_or("")
            .contains("no longer valid"));
    })
    .await;
}

#[tokio::test]
async fn forged_malformed_and_expired_links_prove_nothing() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        app.sign_up_unconfirmed("rahim@example.com", "Rahim", "buyer")
            .await;
        let real = app.mailed_token("rahim@example.com", "verify-email").await;
        let forged = format!(
            "{}{}",
            &real[..42],
            if real.ends_with('A') { 'B' } else { 'A' }
        );
        for token in [
            json!(forged),
            json!(""),
            json!("x"),
            json!(42),
            Value::Null,
            json!(real.to_uppercase()),
        ] {
            for path in ["/api/auth/verify-email", "/api/auth/reset-password"] {
                let (status, body) = post(
                    &app,
                    path,
                    None,
                    json!({"token": token, "password": NEW_PASSWORD}),
                )
                .await;
                assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {token}: {body}");
            }
        }
        // A link past its time, as the clock would leave it.
        let db = app.db();
        super::support::past_the_store!(db, |pool| async {
            sqlx::query("UPDATE mail_tokens SET expires_at = created_at")
                .execute(&pool)
                .await
                .map(|_| ())
        })
        .expect("age the links");
        let (status, _) = post(
            &app,
            "/api/auth/verify-email",
            None,
            json!({"token": real, "password": PASSWORD}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "an expired link");
        let (_, user) = app.profile("rahim@example.com").await;
        assert_eq!(user["emailVerified"], false);
    })
    .await;
}

#[tokio::test]
async fn a_password_reset_sets_the_password_once_and_ends_every_session() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        // A proven account keeps all it holds through a reset (an unproven one starts
        // afresh: takeover.rs).
        let rahim = app
            .sign_up_unconfirmed("rahim@example.com", "Rahim", "buyer")
            .await;
        app.verify_email("rahim@example.com").await;
        let second = app.new_session("rahim@example.com").await;
        let stale_identity = app.identity_token("rahim@example.com").await;

        let (status, body) = post(
            &app,
            "/api/auth/forgot-password",
            None,
            json!({"email": "Rahim@Example.com"}),
        )
        .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
        let token = app
            .mailed_token("rahim@example.com", "reset-password")
            .await;
        let mail = app.mails_to("rahim@example.com").pop().expect("a mail");
        assert_eq!(
            mail.header("Subject").as_deref(),
            Some("Choose a new BikeHaat password")
        );
        assert!(mail
            .text
            .contains(&format!("{}/reset-password?token={token}", app.base)));
        assert!(mail.text.contains("If you did not ask for this"));

        // The password rules of docs/product.md, and the link is not spent by a refused password.
        for (weak, message) in [
            ("", "Please Provide a Password"),
            ("Ab1!", "Password must be 6 characters or more"),
            (
                "abcdef12",
                "Capital & Small Letter, Number & Special Character is required",
            ),
        ] {
            let (status, body) = post(
                &app,
                "/api/auth/reset-password",
                None,
                json!({"token": token, "password": weak}),
            )
            .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert_eq!(body["fields"]["password"], message);
        }

        let (status, body) = post(
            &app,
            "/api/auth/reset-password",
            None,
            json!({"token": token, "password": NEW_PASSWORD}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["email"], "rahim@example.com");

        for session in [&rahim.token, &second] {
            let (status, _) = app
                .get("/api/orders/rahim@example.com", Some(session))
                .await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "every session ended");
        }
        let (status, _) = app
            .call(
                Method::PUT,
                "/api/users/rahim@example.com",
                Some(&stale_identity),
                json!({}),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "an identity token earned with the old password opens no new session"
        );
        assert_eq!(
            log_in(&app, "rahim@example.com", PASSWORD).await,
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            log_in(&app, "rahim@example.com", NEW_PASSWORD).await,
            StatusCode::OK
        );
        let (_, user) = app.profile("rahim@example.com").await;
        assert_eq!(user["emailVerified"], true, "{user}");
        assert_eq!(user["name"], "Rahim", "the account is kept: {user}");

        let (status, _) = post(
            &app,
            "/api/auth/reset-password",
            None,
            json!({"token": token, "password": "Another#Pass1"}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "a reset link works once");
        assert_eq!(
            log_in(&app, "rahim@example.com", NEW_PASSWORD).await,
            StatusCode::OK
        );
    })
    .await;
}

#[tokio::test]
async fn the_same_reset_link_used_twice_at_once_resets_once() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        app.sign_up("rahim@example.com", "Rahim", "buyer").await;
        post(
            &app,
            "/api/auth/forgot-password",
            None,
            json!({"email": "rahim@example.com"}),
        )
        .await;
        let token = app
            .mailed_token("rahim@example.com", "reset-password")
            .await;
        let attempts = (0..8).map(|n| {
            let body = json!({"token": token, "password": format!("Racing#{n}abc")});
            post(&app, "/api/auth/reset-password", None, body)
        });
        let answers = futures_util::future::join_all(attempts).await;
        let won = answers.iter().filter(|(s, _)| *s == StatusCode::OK).count();
        assert_eq!(won, 1, "{answers:?}");
    })
    .await;
}

#[tokio::test]
async fn forgot_password_answers_alike_for_known_and_unknown_addresses() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    app.sign_up("known@example.com", "Known", "buyer").await;
    let app = &app;
    let ask = |email: &'static str| async move {
        let started = Instant::now();
        let (status, body) = post(
            app,
            "/api/auth/forgot-password",
            None,
            json!({"email": email}),
        )
        .await;
        (
            status,
            body["message"]
                .as_str()
                .unwrap_or("")
                .replace(email, "EMAIL"),
            started.elapsed(),
        )
    };
    let mut known_time = std::time::Duration::ZERO;
    let mut unknown_time = std::time::Duration::ZERO;
    for _ in 0..3 {
        let (known_status, known_message, known) = ask("known@example.com").await;
        let (unknown_status, unknown_message, unknown) = ask("nobody@example.com").await;
        assert_eq!(known_status, StatusCode::ACCEPTED);
        assert_eq!(unknown_status, known_status);
        assert_eq!(unknown_message, known_message);
        known_time += known;
        unknown_time += unknown;
    }
    // Neither answer waits for the database write or the mail: both come back at once.
    let slower = known_time.max(unknown_time);
    let faster = known_time.min(unknown_time);
    assert!(
        slower < faster * 4 + std::time::Duration::from_millis(60),
        "known {known_time:?} against unknown {unknown_time:?}"
    );
    app.mailed_token("known@example.com", "reset-password")
        .await;
    assert!(
        app.mails_to("nobody@example.com").is_empty(),
        "no mail to an unknown address"
    );
    let (status, body) = post(
        app,
        "/api/auth/forgot-password",
        None,
        json!({"email": "not an address"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["fields"]["email"],
        "Please provide a valid email address"
    );
}

#[tokio::test]
async fn resend_mails_a_new_link_only_to_an_unproven_address() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    app.sign_up("rahim@example.com", "Rahim", "buyer").await;
    let first = app.mailed_token("rahim@example.com", "verify-email").await;
    let (status, body) = post(
        &app,
        "/api/auth/resend-verification",
        None,
        json!({"email": "rahim@example.com"}),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let second = app
        .mailed_token_after("rahim@example.com", "verify-email", 1)
        .await;
    assert_ne!(first, second);
    for token in [&first, &second] {
        let (status, _) = post(
            &app,
            "/api/auth/verify-email",
            None,
            json!({"token": token, "password": PASSWORD}),
        )
        .await;
        assert!(status.is_success() || status == StatusCode::BAD_REQUEST);
    }
    let before = app.mails_to("rahim@example.com").len();
    post(
        &app,
        "/api/auth/resend-verification",
        None,
        json!({"email": "rahim@example.com"}),
    )
    .await;
    post(
        &app,
        "/api/auth/forgot-password",
        None,
        json!({"email": "rahim@example.com"}),
    )
    .await;
    // The reset mail is written after the resend was looked at: once it is there, the
    // resend has been decided, and it sent nothing to a proven address.
    app.mailed_token("rahim@example.com", "reset-password")
        .await;
    assert_eq!(app.mails_to("rahim@example.com").len(), before + 1);
}

#[tokio::test]
async fn logout_ends_that_session_only() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let phone = app.sign_up("rahim@example.com", "Rahim", "buyer").await;
        let laptop = app.new_session("rahim@example.com").await;
        let (status, body) = post(&app, "/api/auth/logout", Some(&phone.token), Value::Null).await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        let (status, _) = app
            .get("/api/orders/rahim@example.com", Some(&phone.token))
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, _) = app
            .get("/api/orders/rahim@example.com", Some(&laptop))
            .await;
        assert_eq!(status, StatusCode::OK, "the other session goes on");
        let (status, _) = post(&app, "/api/auth/logout", Some(&phone.token), Value::Null).await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "an ended session cannot sign out again"
        );
        let (status, _) = post(&app, "/api/auth/logout", None, Value::Null).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    })
    .await;
}

#[tokio::test]
async fn logout_everywhere_takes_a_fresh_proof_and_ends_every_session() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let phone = app.sign_up("rahim@example.com", "Rahim", "buyer").await;
        let laptop = app.new_session("rahim@example.com").await;
        let other = app.sign_up("mim@example.com", "Mim", "buyer").await;

        // An access token is not a proof of the password: it cannot sign the owner out.
        let (status, _) = post(
            &app,
            "/api/auth/logout-everywhere",
            Some(&phone.token),
            Value::Null,
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, _) = post(&app, "/api/auth/logout-everywhere", None, Value::Null).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);

        // A proof someone else earned earlier (proofs are stamped to the second).
        let earlier = app.identity_token("rahim@example.com").await;
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
        let proof = app.identity_token("rahim@example.com").await;
        let (status, body) = post(
            &app,
            "/api/auth/logout-everywhere",
            Some(&proof),
            Value::Null,
        )
        .await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        let exchange = |token: String| {
            let app = &app;
            async move {
                app.call(
                    Method::PUT,
                    "/api/users/rahim@example.com",
                    Some(&token),
                    json!({"email": "rahim@example.com"}),
                )
                .await
            }
        };
        let (status, body) = exchange(earlier).await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "a proof from before opens no session: {body}"
        );
        let (status, body) = exchange(proof).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "the proof that signed out does: {body}"
        );
        for token in [&phone.token, &laptop] {
            let (status, _) = app.get("/api/orders/rahim@example.com", Some(token)).await;
            assert_eq!(
                status,
                StatusCode::UNAUTHORIZED,
                "every session of Rahim ended"
            );
        }
        let (status, _) = app
            .get("/api/orders/mim@example.com", Some(&other.token))
            .await;
        assert_eq!(status, StatusCode::OK, "nobody else is signed out");
        // The proof still signs in afresh.
        let fresh = app.new_session("rahim@example.com").await;
        let (status, _) = app.get("/api/orders/rahim@example.com", Some(&fresh)).await;
        assert_eq!(status, StatusCode::OK);
    })
    .await;
}

#[tokio::test]
async fn deleting_a_user_ends_their_sessions() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let buyer = app.sign_up("rahim@example.com", "Rahim", "buyer").await;
        let (status, body) = app
            .call(Method::DELETE, &format!("/api/allBuyer/{}", buyer.id), Some(&admin.token), Value::Null)
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, _) = app.get("/api/orders/rahim@example.com", Some(&buyer.token)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let sessions: i64 = {
            let db = app.db();
            super::support::past_the_store!(db, |pool| sqlx::query_scalar(
                "SELECT COUNT(*) FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'rahim@example.com'"
            )
            .fetch_one(&pool))
            .expect("count sessions")
        };
        assert_eq!(sessions, 0);
    })
    .await;
}

#[tokio::test]
async fn the_owner_takes_back_an_address_a_stranger_signed_up_with_by_resetting_the_password() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn_with(engine, &["--admin-emails", "boss@example.com"]).await
        else {
            return;
        };
        let stranger = app
            .sign_up("boss@example.com", "Not The Boss", "seller")
            .await;
        let (_, user) = app.profile("boss@example.com").await;
        assert_eq!(
            user["role"], "seller",
            "a stranger is not made admin: {user}"
        );

        // The real owner asks for a reset; the link reaches their inbox, not the stranger's.
        post(
            &app,
            "/api/auth/forgot-password",
            None,
            json!({"email": "boss@example.com"}),
        )
        .await;
        let token = app.mailed_token("boss@example.com", "reset-password").await;
        let (status, _) = post(
            &app,
            "/api/auth/reset-password",
            None,
            json!({"token": token, "password": NEW_PASSWORD}),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = app
            .get(
                "/api/sellerProducts/boss@example.com",
                Some(&stranger.token),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "the stranger is signed out"
        );
        assert_eq!(
            log_in(&app, "boss@example.com", PASSWORD).await,
            StatusCode::UNAUTHORIZED
        );
        let owner = app
            .call(
                Method::PUT,
                "/api/users/boss@example.com",
                Some(&login_token(&app, "boss@example.com", NEW_PASSWORD).await),
                json!({}),
            )
            .await;
        assert_eq!(owner.0, StatusCode::OK, "{}", owner.1);
        assert_eq!(
            owner.1["user"]["role"], "admin",
            "the proven owner is the admin"
        );
    })
    .await;
}

async fn login_token(app: &TestApp, email: &str, password: &str) -> String {
    let (status, body) = post(
        app,
        "/api/auth/login",
        None,
        json!({"email": email, "password": password}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["idToken"].as_str().expect("idToken").to_owned()
}

#[tokio::test]
async fn an_identity_token_uploads_one_profile_photo_and_no_more() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let (_, body) = post(
        &app,
        "/api/auth/signup",
        None,
        json!({"email": "new@example.com", "password": PASSWORD}),
    )
    .await;
    let id_token = body["idToken"].as_str().expect("idToken").to_owned();
    let upload = |bytes: Vec<u8>| {
        let part = reqwest::multipart::Part::bytes(bytes)
            .file_name("me.png")
            .mime_str("image/png")
            .expect("mime");
        super::support::answer(
            app.request(Method::POST, "/api/uploads", Some(&id_token))
                .multipart(reqwest::multipart::Form::new().part("image", part)),
        )
    };
    let (status, _) = upload(b"not an image".to_vec()).await;
    assert_eq!(
        status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "a refused file spends nothing"
    );
    let (status, body) = upload(png()).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = upload(png()).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "one photo only: {body}");
}

fn png() -> Vec<u8> {
    let mut png = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_pixel(4, 4, image::Rgb([20, 120, 60]))
        .write_to(&mut png, image::ImageFormat::Png)
        .expect("encode a PNG");
    png.into_inner()
}
