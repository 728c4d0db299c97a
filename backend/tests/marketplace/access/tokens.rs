//! Tokens are checked: access and identity tokens are not interchangeable, and tampered,
//! expired, forged or garbage ones are refused.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::{assert_refused, send, Body, POST, PUT};
use crate::marketplace::support::{on_both, TestApp};

#[tokio::test]
async fn access_and_identity_tokens_are_not_interchangeable() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let buyer = app
            .sign_up("rahim@example.com", "Rahim Buyer", "buyer")
            .await;
        let buyers_identity = app.identity_token(&buyer.email).await;
        let admins_identity = app.identity_token(&admin.email).await;

        let body = json!({"name": "Rahim", "email": buyer.email, "image": "", "role": "buyer"});
        let answer = app
            .call(
                PUT,
                "/api/users/rahim@example.com",
                Some(&buyer.token),
                body,
            )
            .await;
        assert_refused(
            "an access token at the token exchange",
            StatusCode::UNAUTHORIZED,
            answer,
        );

        let answer = app
            .get("/api/orders/rahim@example.com", Some(&buyers_identity))
            .await;
        assert_refused(
            "an identity token for the buyer's bookings",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        let answer = app.get("/api/allBuyer", Some(&admins_identity)).await;
        assert_refused(
            "an admin's identity token for an admin call",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        let body =
            json!({"categoryName": "Cruiser", "categoryImage": "/uploads/demo-category-0.svg"});
        let path = format!("/api/categories/{}", admin.email);
        let answer = app.call(POST, &path, Some(&admins_identity), body).await;
        assert_refused(
            "an admin's identity token for adding a category",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        assert!(app
            .state
            .store
            .categories()
            .await
            .expect("categories")
            .is_empty());

        // A signed-in user uploads photos with the access token; an identity token
        // uploads only the one photo of an unfinished sign-up (see uploads.rs).
        let (status, body) =
            send(&app, POST, "/api/uploads", Some(&buyer.token), &Body::Image).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_refused(
            "the identity token of someone signed up already, uploading",
            StatusCode::UNAUTHORIZED,
            send(
                &app,
                POST,
                "/api/uploads",
                Some(&buyers_identity),
                &Body::Image,
            )
            .await,
        );
    })
    .await;
}

const JWT_SECRET: &str = "access-test-secret-0123456789abcdef0123456789";

fn forge(secret: &str, claims: &Value) -> String {
    jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        claims,
        &jsonwebtoken::EncodingKey::from_secret(secret.as_bytes()),
    )
    .expect("sign a token")
}

fn claims(sub: &str, audience: &str, issuer: &str, expires_in: i64) -> Value {
    let now = chrono::Utc::now().timestamp();
    json!({"sub": sub, "aud": audience, "iss": issuer, "iat": now - 7200, "exp": now + expires_in})
}

/// The session an access token names.
fn session_of(token: &str) -> Value {
    let payload = token.split('.').nth(1).expect("a JWT");
    let claims: Value =
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).expect("base64url"))
            .expect("JSON claims");
    claims["sid"].clone()
}

/// Claims of an access token for `sub` in session `sid`.
fn access_claims(sub: &str, sid: &Value, issuer: &str, expires_in: i64) -> Value {
    let mut claims = claims(sub, "bikehaat:access", issuer, expires_in);
    claims["sid"] = sid.clone();
    claims
}

/// `token` with one character of its signature changed.
fn tampered(token: &str) -> String {
    let (head, signature) = token.rsplit_once('.').expect("a JWT");
    let mut signature: Vec<char> = signature.chars().collect();
    signature[10] = if signature[10] == 'A' { 'B' } else { 'A' };
    format!("{head}.{}", signature.into_iter().collect::<String>())
}

#[tokio::test]
async fn tampered_expired_forged_and_garbage_tokens_are_refused() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn_with(engine, &["--jwt-secret", JWT_SECRET]).await else {
            return;
        };
        let buyer = app
            .sign_up("rahim@example.com", "Rahim Buyer", "buyer")
            .await;
        let other = app.sign_up("mim@example.com", "Mim Buyer", "buyer").await;
        let path = format!("/api/orders/{}", buyer.email);

        // The forging below is right: a token made like the server's own is accepted.
        let sid = session_of(&buyer.token);
        let good = forge(JWT_SECRET, &access_claims(&buyer.id, &sid, "bikehaat", 600));
        let (status, body) = app.get(&path, Some(&good)).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "a well-made token is accepted: {body}"
        );

        let parts = |token: &str| token.split('.').map(str::to_owned).collect::<Vec<_>>();
        let (mine, theirs) = (parts(&buyer.token), parts(&other.token));
        let none_header = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0"; // {"alg":"none","typ":"JWT"}
        let bad = [
            ("garbage", "not-a-token".to_owned()),
            ("three dots of nothing", "a.b.c".to_owned()),
            ("a tampered signature", tampered(&buyer.token)),
            (
                "another user's payload under this signature",
                format!("{}.{}.{}", mine[0], theirs[1], mine[2]),
            ),
            ("an unsigned token", format!("{none_header}.{}.", mine[1])),
            (
                "an expired token",
                forge(
                    JWT_SECRET,
                    &access_claims(&buyer.id, &sid, "bikehaat", -3600),
                ),
            ),
            (
                "a token signed with another secret",
                forge(
                    "another-secret-0123456789abcdef0123",
                    &access_claims(&buyer.id, &sid, "bikehaat", 600),
                ),
            ),
            (
                "a token from another issuer",
                forge(
                    JWT_SECRET,
                    &access_claims(&buyer.id, &sid, "elsewhere", 600),
                ),
            ),
            (
                "a token for another audience",
                forge(JWT_SECRET, &claims(&buyer.id, "elsewhere", "bikehaat", 600)),
            ),
            (
                "a token for a user who does not exist",
                forge(JWT_SECRET, &access_claims("987654", &sid, "bikehaat", 600)),
            ),
            (
                "another user's id in this user's session",
                forge(JWT_SECRET, &access_claims(&other.id, &sid, "bikehaat", 600)),
            ),
            (
                "a session that was never started",
                forge(
                    JWT_SECRET,
                    &access_claims(&buyer.id, &json!("0123456789abcdef"), "bikehaat", 600),
                ),
            ),
            (
                "a token without a session, as tokens were once made",
                forge(
                    JWT_SECRET,
                    &claims(&buyer.id, "bikehaat:access", "bikehaat", 600),
                ),
            ),
        ];
        for (what, token) in &bad {
            let answer = app.get(&path, Some(token)).await;
            assert_refused(what, StatusCode::UNAUTHORIZED, answer);
        }
        // Not a bearer token at all.
        for header in [
            "Basic cmFoaW06cGFzcw==",
            "Bearer",
            "Bearer   ",
            buyer.token.as_str(),
        ] {
            let response = app
                .client
                .get(app.url(&path))
                .header(reqwest::header::AUTHORIZATION, header)
                .send()
                .await
                .expect("sent");
            let status = response.status();
            let body: Value = response.json().await.expect("JSON error body");
            assert_refused(
                &format!("Authorization: {header}"),
                StatusCode::UNAUTHORIZED,
                (status, body),
            );
        }

        // Identity tokens are checked as strictly at the token exchange.
        let mut identity = claims("local:1", "bikehaat:identity", "bikehaat", -3600);
        identity["email"] = json!(buyer.email);
        let profile = json!({"name": "Rahim", "email": buyer.email, "image": "", "role": "buyer"});
        let expired = forge(JWT_SECRET, &identity);
        let answer = app
            .call(
                PUT,
                "/api/users/rahim@example.com",
                Some(&expired),
                profile.clone(),
            )
            .await;
        assert_refused(
            "an expired identity token",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        let real = app.identity_token(&buyer.email).await;
        let answer = app
            .call(
                PUT,
                "/api/users/rahim@example.com",
                Some(&tampered(&real)),
                profile.clone(),
            )
            .await;
        assert_refused(
            "a tampered identity token",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        let answer = app
            .call(
                PUT,
                "/api/users/rahim@example.com",
                Some("garbage"),
                profile,
            )
            .await;
        assert_refused("a garbage identity token", StatusCode::UNAUTHORIZED, answer);

        // Public reads do not care about a stale token.
        for public in ["/api/categories", "/api/advertise", "/api/health"] {
            let (status, body) = app.get(public, Some("not-a-token")).await;
            assert_eq!(status, StatusCode::OK, "{public} with a bad token: {body}");
        }
    })
    .await;
}
