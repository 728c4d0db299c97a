//! The address's owner against a stranger who signed up with it first, over real HTTP on
//! both databases. Opening the link mailed to an address proves the mailbox; the account
//! is confirmed only for someone who also holds its password, or who chooses a new one,
//! and then whatever the stranger made goes with the stranger's account.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::store::fixtures::{listing, taka};
use super::support::{on_both, TestApp, ADMIN_EMAIL, PASSWORD};

const OWNERS_PASSWORD: &str = "Owner#Mailbox1";

async fn post(app: &TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    app.call(Method::POST, path, None, body).await
}

/// A stranger's seller account on `email`, never proven, with one listing; its id. The
/// listing is an account's from before listing needed a proven address (docs/trust.md),
/// so it goes in through the store.
async fn squatter_with_a_listing(app: &TestApp, email: &str) -> (super::support::Person, i64) {
    let squatter = app.sign_up_unconfirmed(email, "Squatter", "seller").await;
    let store = app.state.store.as_ref();
    let category = store
        .create_category("Sports", "/uploads/demo-category-0.svg")
        .await
        .expect("a category")
        .outcome;
    let record = app.user_record(email).await;
    let listing = listing(store, category.id, &record, "Yamaha FZS", taka(185_000)).await;
    (squatter, listing)
}

/// What is left of the stranger once the owner has taken the address back.
async fn assert_squatter_gone(app: &TestApp, squatter: &super::support::Person, listing: i64) {
    let (status, body) = app.get("/api/allSeller", Some(&squatter.token)).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "the stranger's session: {body}"
    );
    let (status, body) = post(
        app,
        "/api/auth/login",
        json!({"email": squatter.email, "password": PASSWORD}),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "the stranger's password: {body}"
    );
    let found = app.state.store.listing(listing).await.expect("read");
    assert!(found.is_none(), "the stranger's listing stays: {found:?}");
    let user = app
        .state
        .store
        .user_by_email(&squatter.email)
        .await
        .expect("read");
    assert!(user.is_none(), "the stranger's account stays: {user:?}");
}

/// The owner signs in with `password` and finishes sign-up as `name`: their session.
async fn owner_signs_in(app: &TestApp, email: &str, password: &str, name: &str) -> Value {
    let (status, body) = post(
        app,
        "/api/auth/login",
        json!({"email": email, "password": password}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id_token = body["idToken"].as_str().expect("idToken").to_owned();
    let (status, session) = app
        .call(
            Method::PUT,
            &format!("/api/users/{email}"),
            Some(&id_token),
            json!({"name": name, "email": email, "role": "buyer"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    session
}

#[tokio::test]
async fn the_owners_click_gives_a_stranger_who_signed_up_with_their_address_nothing() {
    on_both(|engine| async move {
        // The address is one `--admin-emails` names: the prize of the attack.
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let (squatter, listing) = squatter_with_a_listing(&app, ADMIN_EMAIL).await;
        let token = app.mailed_token(ADMIN_EMAIL, "verify-email").await;

        // The link names the account it would confirm, and stays unused.
        let (status, body) = post(
            &app,
            "/api/auth/verify-email/account",
            json!({"token": token}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body, json!({"email": ADMIN_EMAIL, "name": "Squatter"}));

        // Holding the mailbox alone confirms nothing.
        let (status, body) = post(&app, "/api/auth/verify-email", json!({"token": token})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["fields"]["password"], "Please give your password");
        let (status, body) = post(
            &app,
            "/api/auth/verify-email",
            json!({"token": token, "password": OWNERS_PASSWORD}),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            body["fields"]["password"],
            "This is not the password of this account."
        );
        let user = app
            .state
            .store
            .user_by_email(ADMIN_EMAIL)
            .await
            .expect("read");
        let user = user.expect("the account is still there");
        assert!(
            !user.email_verified && user.role() == bikehaat::records::Role::Seller,
            "{user:?}"
        );
        let (status, _) = app.get("/api/allSeller", Some(&squatter.token)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "the stranger is no admin");

        // The owner chooses a password of their own: the address is theirs, the stranger's
        // account and all it held are gone.
        let (status, body) = post(
            &app,
            "/api/auth/verify-email",
            json!({"token": token, "newPassword": OWNERS_PASSWORD}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body, json!({"email": ADMIN_EMAIL, "emailVerified": true}));
        assert_squatter_gone(&app, &squatter, listing).await;
        let (status, _) = post(
            &app,
            "/api/auth/verify-email",
            json!({"token": token, "newPassword": "Again#Mine22"}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "the link works once");

        let session = owner_signs_in(&app, ADMIN_EMAIL, OWNERS_PASSWORD, "Ayesha Admin").await;
        assert_eq!(session["user"]["name"], "Ayesha Admin", "{session}");
        assert_eq!(session["user"]["role"], "admin", "{session}");
        assert_eq!(session["user"]["emailVerified"], true, "{session}");
        assert_ne!(session["user"]["_id"], squatter.id.as_str());
    })
    .await;
}

#[tokio::test]
async fn a_password_reset_of_an_account_nobody_proved_starts_it_afresh() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let email = "rahim@example.com";
        let (squatter, listing) = squatter_with_a_listing(&app, email).await;
        let (status, _) = post(&app, "/api/auth/forgot-password", json!({"email": email})).await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let token = app.mailed_token(email, "reset-password").await;
        let (status, body) = post(
            &app,
            "/api/auth/reset-password",
            json!({"token": token, "password": OWNERS_PASSWORD}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_squatter_gone(&app, &squatter, listing).await;
        let session = owner_signs_in(&app, email, OWNERS_PASSWORD, "Rahim").await;
        assert_eq!(session["user"]["name"], "Rahim", "{session}");
        assert_eq!(session["user"]["emailVerified"], true, "{session}");
    })
    .await;
}

#[tokio::test]
async fn the_accounts_own_password_confirms_it_and_keeps_all_it_holds() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let email = "karim@example.com";
        let (seller, listing) = squatter_with_a_listing(&app, email).await;
        let token = app.mailed_token(email, "verify-email").await;
        let (status, body) = post(
            &app,
            "/api/auth/verify-email",
            json!({"token": token, "password": PASSWORD}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = app
            .get(&format!("/api/sellerProducts/{email}"), Some(&seller.token))
            .await;
        assert_eq!(status, StatusCode::OK, "the session goes on: {body}");
        assert!(app
            .state
            .store
            .listing(listing)
            .await
            .expect("read")
            .is_some());
    })
    .await;
}

#[tokio::test]
async fn wrong_passwords_at_a_link_count_like_wrong_sign_ins() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let email = "karim@example.com";
        app.sign_up_unconfirmed(email, "Karim", "buyer").await;
        let token = app.mailed_token(email, "verify-email").await;
        for _ in 0..5 {
            let (status, body) = post(
                &app,
                "/api/auth/verify-email",
                json!({"token": token, "password": "Guess#1234"}),
            )
            .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        }
        let (status, body) = post(
            &app,
            "/api/auth/verify-email",
            json!({"token": token, "password": PASSWORD}),
        )
        .await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    })
    .await;
}
