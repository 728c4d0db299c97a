//! Nobody raises their own role: not at sign-up, not at a later sign-in, not through
//! someone else's e-mail.

use bikehaat::records::Role;
use reqwest::StatusCode;
use serde_json::json;

use super::{assert_refused, POST, PUT};
use crate::marketplace::support::{on_both, TestApp, PASSWORD};

#[tokio::test]
async fn nobody_can_sign_up_as_an_admin() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else { return };
        let (status, body) = app.call(POST,
            "/api/auth/signup",
            None,
            json!({"email": "mallory@example.com", "password": PASSWORD}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let id_token = body["idToken"].as_str().expect("idToken").to_owned();
        let profile = |role: &str| json!({"name": "Mallory", "email": "mallory@example.com", "image": "", "role": role});

        let answer = app.call(PUT, "/api/users/mallory@example.com", Some(&id_token), profile("admin")).await;
        assert_refused("signing up as admin", StatusCode::FORBIDDEN, answer);
        let (status, body) = app.profile("mallory@example.com").await;
        assert_eq!(status, StatusCode::NOT_FOUND, "no user was created: {body}");
        assert!(app.state.store.users_with_role(Role::Admin).await.expect("admins").is_empty());

        // The same person may still sign up as what they may be.
        let (status, session) = app.call(PUT, "/api/users/mallory@example.com", Some(&id_token), profile("buyer")).await;
        assert_eq!(status, StatusCode::OK, "{session}");
        assert_eq!(session["user"]["role"], "buyer");
    })
    .await;
}

#[tokio::test]
async fn an_existing_users_role_never_changes_at_sign_in() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        app.sign_up("rahim@example.com", "Rahim Buyer", "buyer")
            .await;
        app.sign_up("karim@example.com", "Karim Seller", "seller")
            .await;

        for (email, kept, tries) in [
            ("rahim@example.com", "buyer", ["seller", "admin"]),
            ("karim@example.com", "seller", ["buyer", "admin"]),
        ] {
            for role in tries {
                let id_token = app.identity_token(email).await;
                let body = json!({"name": "Renamed", "email": email, "image": "", "role": role});
                let (status, session) = app
                    .call(PUT, &format!("/api/users/{email}"), Some(&id_token), body)
                    .await;
                assert_eq!(
                    status,
                    StatusCode::OK,
                    "{email} asking for {role}: {session}"
                );
                assert_eq!(
                    session["user"]["role"], kept,
                    "{email} asking for {role}: {session}"
                );
                let (_, user) = app.profile(email).await;
                assert_eq!(user["role"], kept, "{email} asking for {role}");
                let token = session["token"].as_str().expect("token");
                let answer = app.get("/api/allBuyer", Some(token)).await;
                assert_refused("an admin-only call", StatusCode::FORBIDDEN, answer);
            }
        }
    })
    .await;
}

#[tokio::test]
async fn the_token_exchange_works_only_for_your_own_email() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        app.sign_up("rahim@example.com", "Rahim Buyer", "buyer")
            .await;
        app.sign_up("mim@example.com", "Mim Buyer", "buyer").await;
        let mims = app.identity_token("mim@example.com").await;

        let body =
            json!({"name": "Rahim", "email": "rahim@example.com", "image": "", "role": "buyer"});
        let answer = app
            .call(PUT, "/api/users/rahim@example.com", Some(&mims), body)
            .await;
        assert_refused("someone else's e-mail", StatusCode::FORBIDDEN, answer);

        let body =
            json!({"name": "Ghost", "email": "ghost@example.com", "image": "", "role": "seller"});
        let answer = app
            .call(PUT, "/api/users/ghost@example.com", Some(&mims), body)
            .await;
        assert_refused("an unregistered e-mail", StatusCode::FORBIDDEN, answer);
        assert_eq!(
            app.profile("ghost@example.com").await.0,
            StatusCode::NOT_FOUND
        );
        assert!(app
            .state
            .store
            .users_with_role(Role::Seller)
            .await
            .expect("sellers")
            .is_empty());
    })
    .await;
}
