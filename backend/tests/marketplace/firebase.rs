//! Google sign-in through Firebase: ID tokens checked against the project and Google's
//! published keys (here a local key server with a key of our own), and the Auth
//! emulator's unsigned tokens.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use axum::http::header::CACHE_CONTROL;
use axum::routing::get;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine as _;
use chrono::Utc;
use jsonwebtoken::{encode, Algorithm, EncodingKey, Header};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::{on_both, Engine, TestApp};

const PROJECT: &str = "bikehaat-demo";
const KID: &str = "google-key-1";
const PHOTO: &str = "https://lh3.googleusercontent.com/a/nusrat.jpg";

/// Our stand-in for Google's signing key (a fixed test key, never used anywhere else).
struct GoogleKey {
    encoding: EncodingKey,
    jwk: Value,
}

fn google_key() -> GoogleKey {
    let pem = include_str!("../fixtures/firebase-test-key.pem");
    let body: String = pem.lines().filter(|l| !l.starts_with("-----")).collect();
    let der = STANDARD.decode(body).expect("the fixture is base64");
    let pair = ring::signature::RsaKeyPair::from_der(&der).expect("a PKCS#1 RSA key");
    let public: ring::rsa::PublicKeyComponents<Vec<u8>> = pair.public().into();
    GoogleKey {
        encoding: EncodingKey::from_rsa_der(&der),
        jwk: json!({
            "kty": "RSA", "alg": "RS256", "use": "sig", "kid": KID,
            "n": URL_SAFE_NO_PAD.encode(&public.n),
            "e": URL_SAFE_NO_PAD.encode(&public.e),
        }),
    }
}

impl GoogleKey {
    fn sign(&self, kid: &str, claims: &Value) -> String {
        let mut header = Header::new(Algorithm::RS256);
        header.kid = Some(kid.to_owned());
        encode(&header, claims, &self.encoding).expect("sign a test token")
    }
}

/// Serves a JWK set the way Google does, counting the requests.
struct KeyServer {
    url: String,
    fetches: Arc<AtomicUsize>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for KeyServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn key_server(keys: Value) -> KeyServer {
    let fetches = Arc::new(AtomicUsize::new(0));
    let counter = fetches.clone();
    let app = axum::Router::new().route(
        "/jwk/securetoken",
        get(move || {
            counter.fetch_add(1, Ordering::SeqCst);
            let keys = keys.clone();
            async move {
                (
                    [(CACHE_CONTROL, "public, max-age=21600, must-revalidate")],
                    axum::Json(keys),
                )
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let url = format!(
        "http://{}/jwk/securetoken",
        listener.local_addr().expect("addr")
    );
    let task = tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    KeyServer { url, fetches, task }
}

/// An address where nothing listens.
async fn nowhere() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    format!("http://{}/jwk", listener.local_addr().expect("addr"))
}

async fn with_firebase(engine: Engine, jwks_url: &str, more: &[&str]) -> Option<TestApp> {
    let mut args = firebase_args(jwks_url);
    args.extend_from_slice(more);
    TestApp::spawn_with(engine, &args).await
}

/// The claims of a Firebase ID token for a Google account, as Firebase issues them.
fn google_claims(uid: &str, email: &str) -> Value {
    let now = Utc::now().timestamp();
    json!({
        "name": "Nusrat Jahan",
        "picture": PHOTO,
        "iss": format!("https://securetoken.google.com/{PROJECT}"),
        "aud": PROJECT,
        "auth_time": now - 5,
        "user_id": uid,
        "sub": uid,
        "iat": now - 5,
        "exp": now + 3600,
        "email": email,
        "email_verified": true,
        "firebase": {
            "identities": {"google.com": ["1234567890"], "email": [email]},
            "sign_in_provider": "google.com",
        },
    })
}

/// Sign-in step 2 with a Google profile, as the page sends it.
async fn exchange(app: &TestApp, token: &str, email: &str) -> (StatusCode, Value) {
    app.call(
        Method::PUT,
        &format!("/api/users/{email}"),
        Some(token),
        json!({"name": "Nusrat Jahan", "email": email, "image": PHOTO, "role": "buyer"}),
    )
    .await
}

#[tokio::test]
async fn a_google_id_token_signed_with_googles_key_signs_in_a_buyer_with_their_google_profile() {
    on_both(|engine| async move {
        let google = google_key();
        let keys = key_server(json!({"keys": [google.jwk.clone()]})).await;
        let Some(app) = with_firebase(engine, &keys.url, &[]).await else {
            return;
        };
        let token = google.sign(KID, &google_claims("uid-nusrat", "Nusrat@Gmail.com"));

        let (status, session) = exchange(&app, &token, "nusrat@gmail.com").await;
        assert_eq!(status, StatusCode::OK, "{session}");
        assert_eq!(session["user"]["role"], "buyer");
        assert_eq!(session["user"]["name"], "Nusrat Jahan");
        assert_eq!(session["user"]["image"], PHOTO);
        assert_eq!(session["user"]["email"], "nusrat@gmail.com");
        let access = session["token"].as_str().expect("access token");
        let (status, orders) = app.get("/api/orders/nusrat@gmail.com", Some(access)).await;
        assert_eq!(status, StatusCode::OK, "the access token works: {orders}");

        // Signing in again is the same person, and Google's keys come from the cache.
        let again = google.sign(KID, &google_claims("uid-nusrat", "nusrat@gmail.com"));
        let (status, second) = exchange(&app, &again, "nusrat@gmail.com").await;
        assert_eq!(status, StatusCode::OK, "{second}");
        assert_eq!(second["user"]["_id"], session["user"]["_id"]);
        assert_eq!(
            keys.fetches.load(Ordering::SeqCst),
            1,
            "fetched once, kept per max-age"
        );
    })
    .await;
}

#[tokio::test]
async fn firebase_tokens_for_another_project_issuer_or_person_or_expired_or_forged_prove_nothing() {
    let google = google_key();
    let keys = key_server(json!({"keys": [google.jwk.clone()]})).await;
    let Some(app) = with_firebase(Engine::Sqlite, &keys.url, &[]).await else {
        return;
    };
    let email = "nusrat@gmail.com";
    let claims = google_claims("uid-nusrat", email);
    let changed = |key: &str, value: Value| {
        let mut claims = claims.clone();
        claims[key] = value;
        claims
    };
    let now = Utc::now().timestamp();
    let tampered = {
        let genuine = google.sign(KID, &claims);
        let parts: Vec<&str> = genuine.split('.').collect();
        let forged = changed("email", json!("admin@bikehaat.test"));
        let payload = URL_SAFE_NO_PAD.encode(forged.to_string());
        format!("{}.{payload}.{}", parts[0], parts[2])
    };
    let cases = [
        (
            "another project's token",
            google.sign(KID, &changed("aud", json!("someone-else"))),
        ),
        (
            "another issuer's token",
            google.sign(
                KID,
                &changed("iss", json!("https://securetoken.google.com/someone-else")),
            ),
        ),
        (
            "an expired token",
            google.sign(KID, &changed("exp", json!(now - 600))),
        ),
        (
            "a token issued in the future",
            google.sign(KID, &changed("iat", json!(now + 600))),
        ),
        (
            "a token without a subject",
            google.sign(KID, &changed("sub", json!(""))),
        ),
        (
            "a token signed with a key Google does not publish",
            google.sign("rotated-away", &claims),
        ),
        ("a token whose claims were changed after signing", tampered),
        (
            "an unsigned token while no emulator is trusted",
            unsigned(&claims),
        ),
    ];
    for (what, token) in cases {
        let (status, body) = exchange(&app, &token, email).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{what}: {body}");
        assert_eq!(body["error"], "unauthorized", "{what}: {body}");
    }
    let genuine = google.sign(KID, &claims);
    let (status, _) = exchange(&app, &genuine, "admin@bikehaat.test").await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "the path must be the proven e-mail"
    );
    let user = app.state.store.user_by_email(email).await.expect("store");
    assert!(user.is_none(), "nobody was signed in: {user:?}");
}

#[tokio::test]
async fn without_firebase_configured_a_firebase_token_proves_nothing() {
    let google = google_key();
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let token = google.sign(KID, &google_claims("uid-nusrat", "nusrat@gmail.com"));
    let (status, body) = exchange(&app, &token, "nusrat@gmail.com").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
}

/// A token as the Auth emulator issues it: `alg: none`, no signature.
fn unsigned(claims: &Value) -> String {
    let header = URL_SAFE_NO_PAD.encode(json!({"alg": "none", "typ": "JWT"}).to_string());
    let payload = URL_SAFE_NO_PAD.encode(claims.to_string());
    format!("{header}.{payload}.")
}

#[tokio::test]
async fn with_the_auth_emulator_its_unsigned_tokens_sign_people_in_without_asking_google() {
    let nowhere = nowhere().await;
    let Some(app) = with_firebase(
        Engine::Sqlite,
        &nowhere,
        &["--firebase-auth-emulator-host", "127.0.0.1:9099"],
    )
    .await
    else {
        return;
    };
    let claims = google_claims("emulated-uid", "tester@example.com");
    let (status, session) = exchange(&app, &unsigned(&claims), "tester@example.com").await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["role"], "buyer");

    // Even the emulator's tokens must be for this project.
    let mut other = claims.clone();
    other["aud"] = json!("someone-else");
    let (status, _) = exchange(&app, &unsigned(&other), "tester@example.com").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn when_googles_keys_cannot_be_fetched_google_sign_in_is_unavailable_not_refused() {
    let google = google_key();
    let nowhere = nowhere().await;
    let Some(before) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    before
        .sign_up("karim@example.com", "Karim Uddin", "seller")
        .await;
    let app = before.another_server(&firebase_args(&nowhere)).await;
    let token = google.sign(KID, &google_claims("uid-nusrat", "nusrat@gmail.com"));
    let (status, body) = exchange(&app, &token, "nusrat@gmail.com").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["error"], "service_unavailable");
    // Built-in accounts made before Firebase was switched on still sign in meanwhile.
    app.new_session("karim@example.com").await;
}

/// The `bikehaat serve` arguments that switch Firebase on with keys from `jwks_url`.
fn firebase_args(jwks_url: &str) -> Vec<&str> {
    vec![
        "--firebase-project-id",
        PROJECT,
        "--firebase-api-key",
        "AIzaSy-public-web-key",
        "--firebase-jwks-url",
        jwks_url,
    ]
}

#[tokio::test]
async fn while_firebase_is_on_new_accounts_are_not_made_with_the_built_in_provider() {
    let nowhere = nowhere().await;
    let Some(app) = with_firebase(Engine::Sqlite, &nowhere, &[]).await else {
        return;
    };
    let (status, body) = app
        .call(
            Method::POST,
            "/api/auth/signup",
            None,
            json!({"email": "new@example.com", "password": super::support::PASSWORD}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(
        body["message"].as_str().unwrap_or("").contains("Firebase"),
        "the refusal says why: {body}"
    );
    assert!(app
        .state
        .store
        .identity_by_email("new@example.com")
        .await
        .expect("store")
        .is_none());
}

#[tokio::test]
async fn while_firebase_is_on_accounts_made_before_still_log_in_with_their_password() {
    on_both(|engine| async move {
        let Some(before) = TestApp::spawn(engine).await else {
            return;
        };
        let rahim = before.sign_up("rahim@example.com", "Rahim", "seller").await;
        let nowhere = nowhere().await;
        let app = before.another_server(&firebase_args(&nowhere)).await;

        let session = app.new_session("rahim@example.com").await;
        let (status, body) = app
            .get("/api/sellerProducts/rahim@example.com", Some(&session))
            .await;
        assert_eq!(status, StatusCode::OK, "the old account works: {body}");
        let (_, user) = app.profile("rahim@example.com").await;
        assert_eq!(user["_id"], rahim.id.as_str(), "the same user: {user}");
        let (status, body) = app
            .call(
                Method::POST,
                "/api/auth/login",
                None,
                json!({"email": "rahim@example.com", "password": "Wrong-pass1!"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    })
    .await;
}

#[tokio::test]
async fn a_proven_google_account_takes_over_an_account_that_never_proved_its_email() {
    on_both(|engine| async move {
        let google = google_key();
        let keys = key_server(json!({"keys": [google.jwk.clone()]})).await;
        let Some(before) = TestApp::spawn(engine).await else {
            return;
        };
        // A stranger signs up first with someone else's Gmail address and never proves it.
        let squatter = before
            .sign_up_unconfirmed("nusrat@gmail.com", "Someone", "seller")
            .await;
        let app = before.another_server(&firebase_args(&keys.url)).await;
        let token = google.sign(KID, &google_claims("uid-nusrat", "nusrat@gmail.com"));
        let (status, session) = exchange(&app, &token, "nusrat@gmail.com").await;
        assert_eq!(
            status,
            StatusCode::OK,
            "the owner is not locked out: {session}"
        );
        // A new account of the owner's: nothing of the stranger's comes with it.
        assert_ne!(session["user"]["_id"], squatter.id.as_str());
        assert_eq!(session["user"]["name"], "Nusrat Jahan");
        assert_eq!(session["user"]["role"], "buyer");
        assert_eq!(session["user"]["emailVerified"], true);
        let owner = session["token"].as_str().expect("token");
        let (status, _) = app.get("/api/orders/nusrat@gmail.com", Some(owner)).await;
        assert_eq!(status, StatusCode::OK, "the owner's session works");

        // The stranger is signed out everywhere and their password no longer works.
        let (status, body) = app
            .get(
                "/api/sellerProducts/nusrat@gmail.com",
                Some(&squatter.token),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        let (status, body) = app
            .call(
                Method::POST,
                "/api/auth/login",
                None,
                json!({"email": "nusrat@gmail.com", "password": super::support::PASSWORD}),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    })
    .await;
}

#[tokio::test]
async fn a_google_account_whose_address_google_did_not_check_proves_nothing() {
    on_both(|engine| async move {
        let google = google_key();
        let keys = key_server(json!({"keys": [google.jwk.clone()]})).await;
        let Some(before) = TestApp::spawn(engine).await else {
            return;
        };
        before
            .sign_up_unconfirmed("nusrat@gmail.com", "Someone", "seller")
            .await;
        let app = before.another_server(&firebase_args(&keys.url)).await;
        let mut claims = google_claims("uid-nusrat", "nusrat@gmail.com");
        claims["email_verified"] = json!(false);
        let (status, body) = exchange(&app, &google.sign(KID, &claims), "nusrat@gmail.com").await;
        assert_eq!(status, StatusCode::CONFLICT, "no takeover: {body}");
        let mut claims = google_claims("uid-rahim", "rahim@gmail.com");
        claims["email_verified"] = json!(false);
        let (status, session) = exchange(&app, &google.sign(KID, &claims), "rahim@gmail.com").await;
        assert_eq!(status, StatusCode::OK, "{session}");
        assert_eq!(session["user"]["emailVerified"], false, "{session}");
    })
    .await;
}

#[tokio::test]
async fn an_unconfirmed_firebase_password_account_signs_in_unproven_and_cannot_take_over() {
    let google = google_key();
    let keys = key_server(json!({"keys": [google.jwk.clone()]})).await;
    let Some(app) = with_firebase(
        Engine::Sqlite,
        &keys.url,
        &["--admin-emails", "boss@example.com"],
    )
    .await
    else {
        return;
    };
    let unconfirmed = |uid: &str, email: &str| {
        let mut claims = google_claims(uid, email);
        claims["email_verified"] = json!(false);
        claims["firebase"]["sign_in_provider"] = json!("password");
        google.sign(KID, &claims)
    };
    let (status, session) = exchange(
        &app,
        &unconfirmed("uid-1", "boss@example.com"),
        "boss@example.com",
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["emailVerified"], false);
    assert_eq!(
        session["user"]["role"], "buyer",
        "not admin before proving the address"
    );
    let first = session["user"]["_id"].clone();

    // Another unproven claim of the same address is refused; a proven one takes it over.
    let (status, body) = exchange(
        &app,
        &unconfirmed("uid-2", "boss@example.com"),
        "boss@example.com",
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let mut proven = google_claims("uid-2", "boss@example.com");
    proven["firebase"]["sign_in_provider"] = json!("password");
    let (status, session) = exchange(&app, &google.sign(KID, &proven), "boss@example.com").await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_ne!(
        session["user"]["_id"], first,
        "the unproven claim's account is gone: the prover starts afresh"
    );
    assert_eq!(
        session["user"]["role"], "admin",
        "proven, so ADMIN_EMAILS applies"
    );
    let (status, _) = exchange(
        &app,
        &unconfirmed("uid-1", "boss@example.com"),
        "boss@example.com",
    )
    .await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "the first claimant is locked out"
    );
}

#[tokio::test]
async fn a_firebase_id_token_may_upload_the_profile_photo_between_the_sign_in_steps() {
    let google = google_key();
    let keys = key_server(json!({"keys": [google.jwk.clone()]})).await;
    let Some(app) = with_firebase(Engine::Sqlite, &keys.url, &[]).await else {
        return;
    };
    let token = google.sign(KID, &google_claims("uid-nusrat", "nusrat@gmail.com"));
    let mut png = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_pixel(4, 4, image::Rgb([20, 120, 60]))
        .write_to(&mut png, image::ImageFormat::Png)
        .expect("encode a PNG");
    let part = reqwest::multipart::Part::bytes(png.into_inner())
        .file_name("me.png")
        .mime_str("image/png")
        .expect("mime type");
    let (status, body) = super::support::answer(
        app.request(Method::POST, "/api/uploads", Some(&token))
            .multipart(reqwest::multipart::Form::new().part("image", part)),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}
