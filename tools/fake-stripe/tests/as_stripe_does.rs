//! The fake answers as Stripe's API does (docs.stripe.com/api and stripe/openapi): the
//! eight-digit amount limit, idempotency keys that keep a 500 for a day and refuse other
//! parameters, Stripe's refusals of unknown and missing parameters, and the fields an
//! intent fills as it goes.

use std::time::Duration;

use fake_stripe::{FakeStripe, Fault, DECLINED, KEY_LIFETIME, SECRET_KEY};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One HTTP/1.1 call with the secret key: the status and the JSON answer.
async fn call(
    stripe: &FakeStripe,
    method: &str,
    path: &str,
    form: &str,
    key: Option<&str>,
) -> (u16, Value) {
    let host = stripe.base.strip_prefix("http://").expect("http base");
    let mut stream = tokio::net::TcpStream::connect(host).await.expect("connect");
    let key = key
        .map(|key| format!("Idempotency-Key: {key}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {SECRET_KEY}\r\n{key}\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{form}",
        form.len()
    );
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("answer");
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let (_, body) = answer.split_once("\r\n\r\n").expect("a body");
    (status, serde_json::from_str(body).expect("JSON"))
}

async fn create(stripe: &FakeStripe, form: &str, key: Option<&str>) -> (u16, Value) {
    call(stripe, "POST", "/v1/payment_intents", form, key).await
}

const BOOKING: &str = "amount=250000&currency=bdt&capture_method=manual&metadata[order_id]=7";

#[tokio::test]
async fn amounts_over_eight_digits_are_refused() {
    let stripe = FakeStripe::start().await;
    let (status, body) = create(&stripe, "amount=99999999&currency=bdt", None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["amount"], 99_999_999);
    let (status, body) = create(&stripe, "amount=100000000&currency=bdt", Some("k1")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["error"]["type"], "invalid_request_error");
    assert_eq!(body["error"]["code"], "amount_too_large");
    assert_eq!(body["error"]["param"], "amount");
    assert_eq!(
        body["error"]["message"],
        "Amount must be no more than ৳999,999.99"
    );
    assert_eq!(stripe.intent_count(), 1);
    // Refused before the endpoint began: nothing is saved under the key.
    let (status, _) = create(&stripe, "amount=1000&currency=bdt", Some("k1")).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn unknown_and_missing_parameters_are_refused() {
    let stripe = FakeStripe::start().await;
    let (status, body) = create(&stripe, "amount=1000&currency=bdt&colour=red", None).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["error"]["code"], "parameter_unknown");
    assert_eq!(body["error"]["param"], "colour");
    assert_eq!(
        body["error"]["message"],
        "Received unknown parameter: colour"
    );
    let (status, body) = create(&stripe, "amount=1000", None).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["error"]["type"], "invalid_request_error");
    assert_eq!(body["error"]["code"], "parameter_missing");
    assert_eq!(body["error"]["param"], "currency");
    assert_eq!(
        body["error"]["message"],
        "Missing required param: currency."
    );
    let (status, body) = create(&stripe, "currency=bdt", None).await;
    assert_eq!(status, 400);
    assert_eq!(body["error"]["param"], "amount");
    assert_eq!(stripe.intent_count(), 0);
    // Nested parameters are known by their top-level name.
    let (status, body) = create(&stripe, BOOKING, None).await;
    assert_eq!(status, 200, "{body}");
    let id = body["id"].as_str().expect("id");
    let (status, body) = call(
        &stripe,
        "POST",
        &format!("/v1/payment_intents/{id}/cancel"),
        "because=bored",
        None,
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"]["code"], "parameter_unknown");
}

#[tokio::test]
async fn a_key_replays_its_500_until_it_expires() {
    let stripe = FakeStripe::start().await;
    stripe.fail_next(1, "/v1/payment_intents", Fault::ServerError);
    let (status, body) = create(&stripe, BOOKING, Some("booking-7")).await;
    assert_eq!(status, 500, "{body}");
    assert_eq!(body["error"]["type"], "api_error");
    // Every retry with that key gets the same 500: nothing is made.
    for _ in 0..3 {
        let (status, again) = create(&stripe, BOOKING, Some("booking-7")).await;
        assert_eq!((status, &again), (500, &body));
    }
    assert_eq!(stripe.intent_count(), 0);
    // Another key makes the intent.
    let (status, made) = create(&stripe, BOOKING, Some("booking-7-b")).await;
    assert_eq!(status, 200, "{made}");
    // A day later the first key is pruned: it makes a new request.
    stripe.advance(KEY_LIFETIME - Duration::from_secs(60));
    let (status, _) = create(&stripe, BOOKING, Some("booking-7")).await;
    assert_eq!(status, 500, "still kept just under a day");
    stripe.advance(Duration::from_secs(60));
    let (status, fresh) = create(&stripe, BOOKING, Some("booking-7")).await;
    assert_eq!(status, 200, "{fresh}");
    assert_ne!(fresh["id"], made["id"]);
    // A success is replayed too, until the key expires.
    let (_, replayed) = create(&stripe, BOOKING, Some("booking-7")).await;
    assert_eq!(replayed["id"], fresh["id"]);
    stripe.advance(KEY_LIFETIME);
    let (_, later) = create(&stripe, BOOKING, Some("booking-7")).await;
    assert_ne!(later["id"], fresh["id"]);
    assert_eq!(stripe.intent_count(), 3);
}

#[tokio::test]
async fn a_key_reused_with_other_parameters_is_refused() {
    let stripe = FakeStripe::start().await;
    let (status, made) = create(&stripe, BOOKING, Some("booking-7")).await;
    assert_eq!(status, 200);
    let other = BOOKING.replace("250000", "260000");
    let (status, body) = create(&stripe, &other, Some("booking-7")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["error"]["type"], "idempotency_error");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Keys for idempotent requests can only be used with the same parameters"),
        "{body}"
    );
    // The same key on another endpoint is another request too.
    let id = made["id"].as_str().expect("id");
    let (status, body) = call(
        &stripe,
        "POST",
        &format!("/v1/payment_intents/{id}/cancel"),
        "",
        Some("booking-7"),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"]["type"], "idempotency_error");
    assert_eq!(stripe.intent_count(), 1);
    assert_eq!(stripe.intent(id)["status"], "requires_payment_method");
    // The same parameters in another order are the same request.
    let reordered = "metadata[order_id]=7&currency=bdt&amount=250000&capture_method=manual";
    let (status, again) = create(&stripe, reordered, Some("booking-7")).await;
    assert_eq!(status, 200);
    assert_eq!(again["id"], made["id"]);
}

#[tokio::test]
async fn a_get_ignores_the_idempotency_key() {
    let stripe = FakeStripe::start().await;
    let (_, made) = create(&stripe, BOOKING, None).await;
    let id = made["id"].as_str().expect("id");
    let path = format!("/v1/payment_intents/{id}");
    stripe.fail_next(1, id, Fault::ServerError);
    let (status, _) = call(&stripe, "GET", &path, "", Some("read")).await;
    assert_eq!(status, 500);
    let (status, body) = call(&stripe, "GET", &path, "", Some("read")).await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn charges_declines_and_cancellations_are_recorded_on_the_intent() {
    let stripe = FakeStripe::start().await;
    let (_, made) = create(&stripe, BOOKING, None).await;
    let id = made["id"].as_str().expect("id").to_owned();
    assert_eq!(made["latest_charge"], Value::Null);
    assert_eq!(made["last_payment_error"], Value::Null);

    // A declined card: the error stays on the intent, which waits for another card.
    let (status, body) = call(
        &stripe,
        "POST",
        &format!("/v1/payment_intents/{id}/confirm"),
        &format!("payment_method={DECLINED}"),
        None,
    )
    .await;
    assert_eq!(status, 402, "{body}");
    let intent = stripe.intent(&id);
    assert_eq!(intent["status"], "requires_payment_method");
    let error = &intent["last_payment_error"];
    assert_eq!(error["type"], "card_error");
    assert_eq!(error["code"], "card_declined");
    assert_eq!(error["decline_code"], "generic_decline");
    assert_eq!(error["payment_method"]["id"], DECLINED);
    assert_eq!(
        body["error"]["payment_intent"]["last_payment_error"],
        *error
    );
    let declined_charge = intent["latest_charge"]
        .as_str()
        .expect("a charge")
        .to_owned();
    assert!(declined_charge.starts_with("ch_"), "{declined_charge}");

    // A good card: authorised with a new charge, the error gone; captured on that charge.
    let (status, body) = call(
        &stripe,
        "POST",
        &format!("/v1/payment_intents/{id}/confirm"),
        "payment_method=pm_card_visa",
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "requires_capture");
    assert_eq!(body["last_payment_error"], Value::Null);
    let charge = body["latest_charge"].as_str().expect("a charge").to_owned();
    assert!(charge.starts_with("ch_") && charge != declined_charge);
    let (status, captured) = call(
        &stripe,
        "POST",
        &format!("/v1/payment_intents/{id}/capture"),
        "",
        None,
    )
    .await;
    assert_eq!(status, 200, "{captured}");
    assert_eq!(captured["latest_charge"], charge.as_str());
    // Refunded once; a second refund of the same charge is refused.
    let form = format!("payment_intent={id}");
    let (status, refund) = call(&stripe, "POST", "/v1/refunds", &form, None).await;
    assert_eq!(status, 200, "{refund}");
    assert_eq!(refund["charge"], charge.as_str());
    let (status, again) = call(&stripe, "POST", "/v1/refunds", &form, None).await;
    assert_eq!(status, 400);
    assert_eq!(again["error"]["code"], "charge_already_refunded");

    // A cancel notes when, and why.
    let (_, other) = create(&stripe, BOOKING, None).await;
    let other = other["id"].as_str().expect("id");
    let before = chrono_now();
    let (status, cancelled) = call(
        &stripe,
        "POST",
        &format!("/v1/payment_intents/{other}/cancel"),
        "cancellation_reason=abandoned",
        None,
    )
    .await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["status"], "canceled");
    assert_eq!(cancelled["cancellation_reason"], "abandoned");
    let at = cancelled["canceled_at"].as_i64().expect("a unix time");
    assert!((before..=chrono_now()).contains(&at), "{at}");
}

fn chrono_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970")
        .as_secs() as i64
}
