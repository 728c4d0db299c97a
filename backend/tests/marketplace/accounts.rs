//! Signing up and in: the built-in provider, the password rules of docs/product.md and the
//! token exchange.

use reqwest::{Method, StatusCode};
use serde_json::json;

use super::support::{on_both, TestApp, PASSWORD};

#[tokio::test]
async fn a_new_seller_signs_up_and_gets_an_access_token_with_their_profile() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let seller = app
            .sign_up("karim@example.com", "Karim Uddin", "seller")
            .await;
        let (status, user) = app.profile("karim@example.com").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(user["role"], "seller");
        assert_eq!(user["name"], "Karim Uddin");
        assert_eq!(user["_id"], seller.id.as_str());
        assert!(
            user.get("verification").is_none(),
            "a new seller is not verified: {user}"
        );
        // Signing in again later: only the e-mail is sent, the role stays.
        let (status, body) = app
            .call(
                Method::POST,
                "/api/auth/login",
                None,
                json!({"email": "KARIM@example.com", "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let id_token = body["idToken"].as_str().expect("idToken");
        let (status, session) = app
            .call(
                Method::PUT,
                "/api/users/karim@example.com",
                Some(id_token),
                json!({"email": "karim@example.com"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{session}");
        assert_eq!(session["user"]["role"], "seller");
        assert!(session["token"]
            .as_str()
            .is_some_and(|t| t.split('.').count() == 3));
    })
    .await;
}

#[tokio::test]
async fn sign_up_without_a_role_makes_a_buyer() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let (_, body) = app
            .call(
                Method::POST,
                "/api/auth/signup",
                None,
                json!({"email": "mim@example.com", "password": PASSWORD}),
            )
            .await;
        let id_token = body["idToken"].as_str().expect("idToken");
        let (status, session) = app
            .call(
                Method::PUT,
                "/api/users/mim@example.com",
                Some(id_token),
                json!({"name": "Mim"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{session}");
        assert_eq!(session["user"]["role"], "buyer");
    })
    .await;
}

#[tokio::test]
async fn passwords_follow_the_spec_rules_and_messages() {
    let Some(app) = TestApp::spawn(super::support::Engine::Sqlite).await else {
        return;
    };
    let cases = [
        (
            json!({"email": "a@example.com", "password": ""}),
            "password",
            "Please Provide a Password",
        ),
        (
            json!({"email": "a@example.com"}),
            "password",
            "Please Provide a Password",
        ),
        (
            json!({"email": "a@example.com", "password": "Ab1!"}),
            "password",
            "Password must be 6 characters or more",
        ),
        (
            json!({"email": "a@example.com", "password": "abcdef12"}),
            "password",
            "Capital & Small Letter, Number & Special Character is required",
        ),
        (
            json!({"password": PASSWORD}),
            "email",
            "Email Address is required",
        ),
        (
            json!({"email": "not-an-email", "password": PASSWORD}),
            "email",
            "Please provide a valid email address",
        ),
    ];
    for (body, field, message) in cases {
        let (status, answer) = app
            .call(Method::POST, "/api/auth/signup", None, body.clone())
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body} → {answer}"
        );
        assert_eq!(answer["error"], "validation");
        assert_eq!(answer["fields"][field], message, "{body} → {answer}");
    }
    let (status, answer) = app
        .call(
            Method::POST,
            "/api/auth/login",
            None,
            json!({"email": "a@example.com"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["fields"]["password"], "Please give your password");
    let (_, answer) = app
        .call(
            Method::POST,
            "/api/auth/login",
            None,
            json!({"password": "x"}),
        )
        .await;
    assert_eq!(answer["fields"]["email"], "Email Address is required");
}

#[tokio::test]
async fn a_taken_email_is_a_conflict_and_wrong_credentials_are_refused_alike() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        app.sign_up("rina@example.com", "Rina", "buyer").await;
        let (status, body) = app
            .call(
                Method::POST,
                "/api/auth/signup",
                None,
                json!({"email": "Rina@Example.com", "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["error"], "conflict");
        let wrong_password = app
            .call(
                Method::POST,
                "/api/auth/login",
                None,
                json!({"email": "rina@example.com", "password": "Wrong#123"}),
            )
            .await;
        let unknown_email = app
            .call(
                Method::POST,
                "/api/auth/login",
                None,
                json!({"email": "nobody@example.com", "password": PASSWORD}),
            )
            .await;
        assert_eq!(wrong_password.0, StatusCode::UNAUTHORIZED);
        assert_eq!(unknown_email.0, StatusCode::UNAUTHORIZED);
        assert_eq!(
            wrong_password.1["message"], unknown_email.1["message"],
            "no hint which one was wrong"
        );
    })
    .await;
}

#[tokio::test]
async fn identity_is_keyed_on_the_provider_subject_not_the_email_string() {
    let Some(app) = TestApp::spawn(super::support::Engine::Sqlite).await else {
        return;
    };
    let first = app.sign_up("tania@example.com", "Tania", "seller").await;
    // A second exchange with the same identity returns the same user, never a new one.
    let (_, body) = app
        .call(
            Method::POST,
            "/api/auth/login",
            None,
            json!({"email": "tania@example.com", "password": PASSWORD}),
        )
        .await;
    let id_token = body["idToken"].as_str().expect("idToken");
    let (_, session) = app
        .call(
            Method::PUT,
            "/api/users/tania@example.com",
            Some(id_token),
            json!({"name": "Someone Else", "role": "buyer"}),
        )
        .await;
    assert_eq!(session["user"]["_id"], first.id.as_str());
    assert_eq!(session["user"]["name"], "Tania");
    assert_eq!(session["user"]["role"], "seller");
}

#[tokio::test]
async fn a_profile_is_read_by_its_owner_or_an_admin_and_nobody_else_learns_it_exists() {
    let Some(app) = TestApp::spawn(super::support::Engine::Sqlite).await else {
        return;
    };
    let admin = app.admin().await;
    let karim = app.sign_up("karim@example.com", "Karim", "buyer").await;
    let mim = app.sign_up("mim@example.com", "Mim", "seller").await;
    let (status, body) = app
        .get("/api/users/karim@example.com", Some(&karim.token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["name"], "Karim");
    let (status, body) = app
        .get("/api/users/karim@example.com", Some(&admin.token))
        .await;
    assert_eq!(status, StatusCode::OK, "an admin: {body}");
    let (status, _) = app.get("/api/users/karim@example.com", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a visitor");
    // Someone else's address and an unknown one answer alike.
    let (status, known) = app
        .get("/api/users/karim@example.com", Some(&mim.token))
        .await;
    let (unknown_status, unknown) = app
        .get("/api/users/ghost@example.com", Some(&mim.token))
        .await;
    assert_eq!(
        (status, unknown_status),
        (StatusCode::NOT_FOUND, StatusCode::NOT_FOUND)
    );
    assert_eq!(known, unknown);
    assert_eq!(known["error"], "not_found");
}
