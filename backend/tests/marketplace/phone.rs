//! Confirming a phone by a code sent by SMS (docs/trust.md "Phones confirmed by a code"),
//! over HTTP: the code goes to the outbox (or a gateway speaking BulkSMSBD's call), works
//! once, for its number and account only, within five tries; the account and its
//! listings with that phone then say so. Who may ask, how often, and what each refusal
//! says.

use std::os::unix::fs::PermissionsExt;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::store::fixtures::other_than;
use super::support::sms::{last_code, texts_in, Gateway};
use super::support::{header, inserted, listing_body, on_both, Engine, Person, TestApp};

const LOCAL: &str = "01712-345678";
const NUMBER: &str = "+8801712345678";

async fn ask(app: &TestApp, who: &Person, phone: &str) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        "/api/phone",
        Some(&who.token),
        json!({"phone": phone}),
    )
    .await
}

async fn confirm(app: &TestApp, who: &Person, code: &str) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        "/api/phone/confirm",
        Some(&who.token),
        json!({"code": code}),
    )
    .await
}

#[track_caller]
fn refused((status, body): (StatusCode, Value), want: StatusCode, reason: &str, message: &str) {
    assert_eq!(status, want, "{body}");
    assert_eq!(body["reason"], reason, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with(message)),
        "{body}"
    );
}

#[track_caller]
fn field_refused((status, body): (StatusCode, Value), field: &str, code: &str, message: &str) {
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["codes"][field], code, "{body}");
    assert_eq!(body["fields"][field], message, "{body}");
}

#[tokio::test]
async fn a_code_sent_by_sms_confirms_the_number_once_and_the_listing_says_phone_verified() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Sports").await;
        let karim = app.sign_up("karim@example.com", "Karim", "seller").await;
        let mut body = listing_body(&category, "Yamaha R15", 4100);
        body["sellerPhone"] = json!("+880 1712-345678");
        let on_number = inserted(
            "product",
            app.call(Method::PUT, "/api/products", Some(&karim.token), body)
                .await,
        );
        let elsewhere = app.list_bike(&karim, &category, "Honda Hornet", 2500).await;
        let (_, shown) = app.get(&format!("/api/listings/{on_number}"), None).await;
        assert_eq!(shown["phoneVerified"], false, "{shown}");

        let before = chrono::Utc::now();
        let (status, sent) = ask(&app, &karim, LOCAL).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{sent}");
        assert_eq!(sent["phone"], NUMBER);
        assert_eq!(sent["resendAfter"], 60);
        let expires: chrono::DateTime<chrono::Utc> = sent["expiresAt"]
            .as_str()
            .expect("expiresAt")
            .parse()
            .expect("a time");
        let lifetime = (expires - before).num_seconds();
        assert!((595..=605).contains(&lifetime), "{lifetime}s");

        // One SMS, readable by the server's user alone, saying the code and what not to do.
        let texts = texts_in(&app.db().dir, NUMBER);
        assert_eq!(texts.len(), 1, "{texts:?}");
        assert!(texts[0].contains("is your BikeHaat code"), "{texts:?}");
        assert!(texts[0].contains("Never share it"), "{texts:?}");
        let file = std::fs::read_dir(app.db().dir.join("outbox"))
            .expect("outbox")
            .filter_map(Result::ok)
            .find(|e| e.path().extension().is_some_and(|x| x == "sms"))
            .expect("an .sms file");
        let mode = file.metadata().expect("metadata").permissions().mode();
        assert_eq!(mode & 0o077, 0, "the SMS file is private: {mode:o}");
        let code = last_code(&app.db().dir, NUMBER);

        field_refused(
            confirm(&app, &karim, &other_than(&code)).await,
            "code",
            "wrong_code",
            "That code is not right: 4 tries left.",
        );
        field_refused(
            confirm(&app, &karim, "12345").await,
            "code",
            "code_shape",
            "Enter the 6-digit code from the SMS",
        );
        // Typed in Bengali digits, with a space: the same code.
        let bengali: String = code
            .chars()
            .map(|d| char::from_u32('০' as u32 + d.to_digit(10).unwrap()).unwrap())
            .collect();
        let typed = format!("{} {}", &bengali[..9], &bengali[9..]);
        let (status, confirmed) = confirm(&app, &karim, &typed).await;
        assert_eq!(status, StatusCode::OK, "{confirmed}");
        assert_eq!(confirmed, json!({"phone": NUMBER, "phoneVerified": true}));

        // Used: the same code again finds nothing open.
        refused(
            confirm(&app, &karim, &code).await,
            StatusCode::CONFLICT,
            "code_expired",
            "This code has expired. Please ask for a new one.",
        );
        let (status, me) = app
            .get(&format!("/api/users/{}", karim.email), Some(&karim.token))
            .await;
        assert_eq!(status, StatusCode::OK, "{me}");
        assert_eq!(me["phone"], NUMBER, "{me}");
        assert_eq!(me["phoneVerified"], true, "{me}");
        let (_, shown) = app.get(&format!("/api/listings/{on_number}"), None).await;
        assert_eq!(shown["phoneVerified"], true, "{shown}");
        let (_, other) = app.get(&format!("/api/listings/{elsewhere}"), None).await;
        assert_eq!(other["phoneVerified"], false, "another number: {other}");

        refused(
            ask(&app, &karim, NUMBER).await,
            StatusCode::CONFLICT,
            "phone_confirmed_already",
            "This number is confirmed on your account already.",
        );
        // Another account asks for it (on another process: this one's limits would hold
        // a second code to the number within the minute).
        let rahim = app.sign_up("rahim@example.com", "Rahim", "seller").await;
        let other = app.another_server(&[]).await;
        refused(
            ask(&other, &rahim, "8801712345678").await,
            StatusCode::CONFLICT,
            "phone_taken",
            "This number is confirmed on another account.",
        );
        assert_eq!(
            texts_in(&app.db().dir, NUMBER).len(),
            1,
            "no SMS for a refusal"
        );
    })
    .await;
}

#[tokio::test]
async fn five_wrong_codes_spend_the_code_and_each_says_how_many_tries_are_left() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    // A buyer: anyone may confirm a phone, and a seller signed up here has one already.
    let karim = app.sign_up("karim@example.com", "Karim", "buyer").await;
    let (status, sent) = ask(&app, &karim, LOCAL).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{sent}");
    let code = last_code(&app.db().dir, NUMBER);
    let wrong = other_than(&code);
    for message in [
        "That code is not right: 4 tries left.",
        "That code is not right: 3 tries left.",
        "That code is not right: 2 tries left.",
        "That code is not right: one try left.",
    ] {
        field_refused(
            confirm(&app, &karim, &wrong).await,
            "code",
            "wrong_code",
            message,
        );
    }
    field_refused(
        confirm(&app, &karim, &wrong).await,
        "code",
        "wrong_code_last_try",
        "That code is not right, and that was the last try: please ask for a new code.",
    );
    refused(
        confirm(&app, &karim, &code).await,
        StatusCode::CONFLICT,
        "code_expired",
        "This code has expired.",
    );
    let (_, me) = app
        .get(&format!("/api/users/{}", karim.email), Some(&karim.token))
        .await;
    assert_eq!(me["phoneVerified"], false, "{me}");
    assert!(me.get("phone").is_none(), "{me}");
}

#[tokio::test]
async fn a_new_code_replaces_the_last_and_a_code_is_for_its_own_number() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let karim = app.sign_up("karim@example.com", "Karim", "seller").await;
    assert_eq!(ask(&app, &karim, LOCAL).await.0, StatusCode::ACCEPTED);
    let first = last_code(&app.db().dir, NUMBER);
    let second_number = "+8801812345678";
    assert_eq!(
        ask(&app, &karim, "01812345678").await.0,
        StatusCode::ACCEPTED
    );
    let second = last_code(&app.db().dir, second_number);
    if first != second {
        field_refused(
            confirm(&app, &karim, &first).await,
            "code",
            "wrong_code",
            "That code is not right: 4 tries left.",
        );
    }
    let (status, confirmed) = confirm(&app, &karim, &second).await;
    assert_eq!(status, StatusCode::OK, "{confirmed}");
    assert_eq!(confirmed["phone"], second_number);
}

#[tokio::test]
async fn two_confirmations_of_one_code_at_once_have_one_winner() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let karim = app.sign_up("karim@example.com", "Karim", "seller").await;
        assert_eq!(ask(&app, &karim, LOCAL).await.0, StatusCode::ACCEPTED);
        let code = last_code(&app.db().dir, NUMBER);
        let (a, b) = tokio::join!(confirm(&app, &karim, &code), confirm(&app, &karim, &code));
        let mut statuses = [a.0, b.0];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::OK, StatusCode::CONFLICT],
            "{a:?} {b:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn codes_are_limited_per_number_and_per_network_and_only_for_proven_people() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let karim = app.sign_up("karim@example.com", "Karim", "seller").await;

    let (status, body) = app
        .call(Method::POST, "/api/phone", None, json!({"phone": LOCAL}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let unproven = app
        .sign_up_unconfirmed("sumon@example.com", "Sumon", "seller")
        .await;
    refused(
        ask(&app, &unproven, LOCAL).await,
        StatusCode::FORBIDDEN,
        "unverified",
        "Confirm your email address first",
    );
    refused(
        confirm(&app, &unproven, "123456").await,
        StatusCode::FORBIDDEN,
        "unverified",
        "Confirm your email address first",
    );
    for not_mobile in [
        "02-9876543",
        "+44 7712 345678",
        "01212345678",
        "017123456",
        "call me",
    ] {
        field_refused(
            ask(&app, &karim, not_mobile).await,
            "phone",
            "invalid_phone",
            "Please enter a Bangladeshi mobile number, like 01712-345678",
        );
    }
    field_refused(
        app.call(Method::POST, "/api/phone", Some(&karim.token), json!({}))
            .await,
        "phone",
        "required",
        "Phone number is required",
    );
    refused(
        confirm(&app, &karim, "123456").await,
        StatusCode::CONFLICT,
        "code_expired",
        "This code has expired.",
    );
    assert!(texts_in(&app.db().dir, NUMBER).is_empty());

    // One code a minute to a number, written however.
    assert_eq!(ask(&app, &karim, LOCAL).await.0, StatusCode::ACCEPTED);
    let response = app
        .request(Method::POST, "/api/phone", Some(&karim.token))
        .json(&json!({"phone": "+8801712345678"}))
        .send()
        .await
        .expect("ask again");
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = header(&response, "retry-after")
        .parse()
        .expect("Retry-After");
    assert!((1..=60).contains(&retry), "{retry}");
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["reason"], "many_codes_to_number", "{body}");
    assert_eq!(texts_in(&app.db().dir, NUMBER).len(), 1);

    // Ten an hour from one network, whatever the numbers (the refused ask counted too).
    for n in 1..9 {
        let number = format!("0181234567{n}");
        assert_eq!(
            ask(&app, &karim, &number).await.0,
            StatusCode::ACCEPTED,
            "{number}"
        );
    }
    refused(
        ask(&app, &karim, "01912345678").await,
        StatusCode::TOO_MANY_REQUESTS,
        "many_codes_from_network",
        "Too many codes asked for from your network.",
    );
    assert!(texts_in(&app.db().dir, "+8801912345678").is_empty());
}

#[tokio::test]
async fn with_a_gateway_the_code_goes_as_bulksmsbd_takes_it_and_a_refusal_is_told() {
    let gateway = Gateway::start().await;
    let Some(app) = TestApp::spawn_with(
        Engine::Sqlite,
        &[
            "--sms-url",
            &gateway.url,
            "--sms-api-key",
            "test-key",
            "--sms-sender-id",
            "8809617000000",
        ],
    )
    .await
    else {
        return;
    };
    let karim = app.sign_up("karim@example.com", "Karim", "seller").await;
    assert_eq!(ask(&app, &karim, LOCAL).await.0, StatusCode::ACCEPTED);
    let form = gateway.received.lock().expect("received")[0].clone();
    assert_eq!(form["api_key"], "test-key");
    assert_eq!(form["type"], "text");
    assert_eq!(form["number"], "8801712345678");
    assert_eq!(form["senderid"], "8809617000000");
    assert!(
        form["message"].contains("is your BikeHaat code"),
        "{form:?}"
    );
    assert!(
        texts_in(&app.db().dir, NUMBER).is_empty(),
        "the gateway, not the outbox"
    );
    let code: String = form["message"].chars().take(6).collect();
    let (status, confirmed) = confirm(&app, &karim, &code).await;
    assert_eq!(status, StatusCode::OK, "{confirmed}");

    // The gateway refuses (no balance): the person is told, not left waiting for an SMS.
    gateway.answer_with(1007);
    let rahim = app.sign_up("rahim@example.com", "Rahim", "seller").await;
    refused(
        ask(&app, &rahim, "01812345678").await,
        StatusCode::SERVICE_UNAVAILABLE,
        "sms_failed",
        "We could not send the SMS just now. Please try again in a few minutes.",
    );
}

#[tokio::test]
async fn an_sms_gateway_needs_its_key_and_sender_id() {
    let Some(db) = super::support::TestDb::new(Engine::Sqlite).await else {
        return;
    };
    let problem =
        TestApp::start_up_problem(&db, &["--sms-url", "https://bulksmsbd.net/api/smsapi"]).await;
    assert!(
        problem.contains("SMS_API_KEY and SMS_SENDER_ID"),
        "{problem}"
    );
}

#[tokio::test]
async fn a_seller_lists_once_a_phone_is_confirmed_and_keeps_editing_what_was_listed_before() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Sports").await;
        let karim = app
            .sign_up_unconfirmed("karim@example.com", "Karim", "seller")
            .await;
        app.verify_email(&karim.email).await;
        // A listing from before the rule, made straight in the store.
        let karim_id: i64 = karim.id.parse().expect("id");
        let old = super::store::fixtures::new_listing(
            category.parse().expect("category id"),
            karim_id,
            "Honda Hornet",
            250_000,
        );
        let old = app
            .state
            .store
            .create_listing(&old)
            .await
            .expect("an old listing")
            .outcome;

        let mut body = listing_body(&category, "Yamaha R15", 4100);
        body["sellerPhone"] = json!(LOCAL);
        let list = || app.call(Method::PUT, "/api/products", Some(&karim.token), body.clone());
        refused(
            list().await,
            StatusCode::FORBIDDEN,
            "phone_unverified",
            "Confirm your phone number first: we send a code by SMS to the number buyers will call.",
        );
        // The door comes before the form: a body the form would refuse is refused for the
        // phone, and nothing was written.
        refused(
            app.call(Method::PUT, "/api/products", Some(&karim.token), json!({}))
                .await,
            StatusCode::FORBIDDEN,
            "phone_unverified",
            "Confirm your phone number first",
        );
        let (_, theirs) = app
            .get("/api/sellerProducts/karim@example.com", Some(&karim.token))
            .await;
        assert_eq!(theirs.as_array().map(Vec::len), Some(1), "{theirs}");
        // What was listed before is theirs to change.
        let mut edit = listing_body(&category, "Honda Hornet", 2400);
        edit["productImages"] = json!(["/uploads/demo-bike-0.svg"]);
        let (status, edited) = app
            .call(Method::PUT, &format!("/api/products/{old}"), Some(&karim.token), edit)
            .await;
        assert_eq!(status, StatusCode::OK, "{edited}");

        assert_eq!(ask(&app, &karim, LOCAL).await.0, StatusCode::ACCEPTED);
        let code = last_code(&app.db().dir, NUMBER);
        assert_eq!(confirm(&app, &karim, &code).await.0, StatusCode::OK);
        // The same session lists now, and its listing on that number says so.
        let bike = inserted("product", list().await);
        let (_, shown) = app.get(&format!("/api/listings/{bike}"), None).await;
        assert_eq!(shown["phoneVerified"], true, "{shown}");
    })
    .await;
}
