//! A small Stripe-compatible server for BikeHaat's tests: PaymentIntents (create,
//! retrieve, confirm, capture, cancel), refunds, idempotency keys, Stripe's error shapes,
//! and the confirmation Stripe.js makes from the page with the publishable key and the
//! intent's client secret (Stripe's test payment methods `pm_card_visa` and
//! `pm_card_chargeDeclined`). Its objects follow Stripe's API reference (the intent and
//! refund start from the fixtures in stripe/openapi). It can fail on purpose: answer
//! 500 or hang for a number of calls, as Stripe does on a bad day.
//!
//! Where it matters it answers as Stripe does, from Stripe's API reference and
//! docs.stripe.com/api/idempotent_requests: an amount of more than eight digits is
//! refused (`amount_too_large`), as are an unknown or missing parameter
//! (`parameter_unknown`, `parameter_missing`); an idempotency key on a POST keeps the
//! answer it got — a 500 included — and replays it for 24 hours, after which the key is
//! pruned; the key reused for another request is refused (`idempotency_error`); a GET
//! ignores the key. An intent notes its `latest_charge` when a card is tried, the
//! `last_payment_error` of a declined one, and `canceled_at` when cancelled.
//!
//! It delivers webhook events as Stripe does: a JSON POST whose `Stripe-Signature` header
//! it signs itself ([`signature`]), apart from the code that checks it.
//!
//! It also serves a stand-in of Stripe.js at `/js/v3` ([`STRIPE_JS`]) for browser tests,
//! where the real one cannot load: the same `Stripe(key)`, `elements().create("card")`
//! and `confirmCardPayment` surface, talking to this server.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Form, Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

pub const SECRET_KEY: &str = "sk_test_51FakeStripeForBikeHaat";
pub const PUBLISHABLE_KEY: &str = "pk_test_51FakeStripeForBikeHaat";
pub const WEBHOOK_SECRET: &str = "whsec_fake_stripe_for_bikehaat";

/// What the next calls suffer.
#[derive(Debug, Clone, Copy)]
pub enum Fault {
    /// Stripe answers 500 without doing the work, and keeps that 500 under the call's
    /// idempotency key: a retry with the key gets it again.
    ServerError,
    /// Stripe answers nothing for this long.
    Hang(Duration),
    /// The intent's authorisation lapses just as this call arrives: Stripe cancels it
    /// (as it does seven days after authorising), then answers the call.
    Lapse,
}

#[derive(Default)]
struct Ledger {
    intents: HashMap<String, Value>,
    refunds: Vec<Value>,
    /// Idempotency key → the request it came with and the answer it got, replayed for
    /// a repeat within [`KEY_LIFETIME`].
    answered: HashMap<String, Saved>,
    /// How far this Stripe's clock runs ahead of the real one ([`FakeStripe::advance`]).
    ahead: Duration,
    /// Idempotency keys of calls still being worked on.
    in_flight: std::collections::HashSet<String>,
    /// Faults to come, each for the next call whose path ends with its suffix.
    faults: VecDeque<(String, Fault)>,
    /// Every call, as "POST /v1/payment_intents/pi_…/capture", with the idempotency
    /// key it carried.
    calls: Vec<(String, Option<String>)>,
    next_id: u64,
}

/// What an idempotency key was first used for, and what it got.
struct Saved {
    /// "POST /v1/payment_intents" and the form it carried, sorted.
    call: String,
    params: Vec<(String, String)>,
    status: StatusCode,
    body: Value,
    at: std::time::SystemTime,
}

/// How long Stripe keeps an idempotency key: it prunes keys at least 24 hours old, and
/// a key reused after that makes a new request.
pub const KEY_LIFETIME: Duration = Duration::from_secs(24 * 60 * 60);

/// The largest amount Stripe takes: eight digits of the smallest currency unit ("a
/// value of 99999999 for a USD charge of $999,999.99", Stripe's API reference).
pub const MAX_AMOUNT: i64 = 99_999_999;

/// The stand-in of Stripe.js served at `/js/v3`.
pub const STRIPE_JS: &str = include_str!("stripe.js");

/// Stripe's test payment method that is declined.
pub const DECLINED: &str = "pm_card_chargeDeclined";

#[derive(Clone)]
pub struct FakeStripe {
    /// The address to give the server as STRIPE_API_BASE.
    pub base: String,
    ledger: Arc<Mutex<Ledger>>,
}

type Shared = Arc<Mutex<Ledger>>;

impl FakeStripe {
    /// Serves on a free port of 127.0.0.1, in the background.
    pub async fn start() -> FakeStripe {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        FakeStripe::serve(listener)
    }

    /// Serves on `listener`, in the background.
    pub fn serve(listener: tokio::net::TcpListener) -> FakeStripe {
        let ledger: Shared = Arc::default();
        let app = Router::new()
            .route("/v1/payment_intents", post(create_intent))
            .route("/v1/payment_intents/{id}", get(retrieve_intent))
            .route("/v1/payment_intents/{id}/confirm", post(confirm_intent))
            .route("/v1/payment_intents/{id}/capture", post(capture_intent))
            .route("/v1/payment_intents/{id}/cancel", post(cancel_intent))
            .route("/v1/refunds", post(create_refund))
            .route("/js/v3", get(stripe_js))
            .layer(middleware::from_fn(cors))
            .with_state(ledger.clone());
        let addr = listener.local_addr().expect("addr");
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        FakeStripe {
            base: format!("http://{addr}"),
            ledger,
        }
    }

    /// The `bikehaat serve` arguments that point the server at this fake.
    pub fn args(&self) -> Vec<String> {
        [
            "--stripe-secret-key",
            SECRET_KEY,
            "--stripe-publishable-key",
            PUBLISHABLE_KEY,
            "--stripe-webhook-secret",
            WEBHOOK_SECRET,
            "--stripe-api-base",
            &self.base,
        ]
        .map(str::to_owned)
        .to_vec()
    }

    fn ledger(&self) -> std::sync::MutexGuard<'_, Ledger> {
        self.ledger.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The next `n` calls whose path ends with `suffix` suffer `fault`.
    pub fn fail_next(&self, n: usize, suffix: &str, fault: Fault) {
        self.ledger()
            .faults
            .extend(std::iter::repeat_n((suffix.to_owned(), fault), n));
    }

    /// What Stripe.js's confirmCardPayment does with a good card: the buyer's card is
    /// authorised (manual capture) or charged.
    pub fn authorise(&self, id: &str) {
        confirm(&mut self.ledger(), id).expect("the intent can be confirmed");
    }

    pub fn intent(&self, id: &str) -> Value {
        self.ledger()
            .intents
            .get(id)
            .cloned()
            .expect("known intent")
    }

    /// Makes an intent say something else (a tampered copy, a foreign intent).
    pub fn edit(&self, id: &str, change: impl FnOnce(&mut Value)) {
        change(self.ledger().intents.get_mut(id).expect("known intent"));
    }

    /// Adds an intent of Stripe's that our server did not make.
    pub fn foreign_intent(&self, amount: i64, metadata: Value, status: &str) -> String {
        let mut ledger = self.ledger();
        let id = new_id(&mut ledger, "pi");
        let mut intent = intent_object(&id, amount, "bdt", "manual", metadata);
        intent["status"] = json!(status);
        ledger.intents.insert(id.clone(), intent);
        id
    }

    /// How many intents Stripe holds.
    pub fn intent_count(&self) -> usize {
        self.ledger().intents.len()
    }

    pub fn calls(&self) -> Vec<String> {
        self.ledger()
            .calls
            .iter()
            .map(|(call, _)| call.clone())
            .collect()
    }

    /// How many times `path` was called with `method`.
    pub fn count(&self, method: &str, suffix: &str) -> usize {
        self.idempotency_keys(method, suffix).len()
    }

    /// The idempotency key of each call of `method` on a path ending with `suffix`, in
    /// order (None for a call without one).
    pub fn idempotency_keys(&self, method: &str, suffix: &str) -> Vec<Option<String>> {
        self.ledger()
            .calls
            .iter()
            .filter(|(call, _)| call.starts_with(method) && call.ends_with(suffix))
            .map(|(_, key)| key.clone())
            .collect()
    }

    pub fn refunds(&self) -> Vec<Value> {
        self.ledger().refunds.clone()
    }

    /// Moves this Stripe's clock `by` ahead (to let idempotency keys expire).
    pub fn advance(&self, by: Duration) {
        self.ledger().ahead += by;
    }
}

impl FakeStripe {
    /// The delivery Stripe would send for `kind` about the intent `intent`, made `age`
    /// seconds ago: its body and its `Stripe-Signature` header.
    pub fn event(&self, event_id: &str, kind: &str, intent: &str, age: i64) -> (String, String) {
        let created = chrono::Utc::now().timestamp() - age;
        let body = event_body(event_id, kind, &self.intent(intent), created);
        let signed = signature(&body, WEBHOOK_SECRET, created);
        (body, signed)
    }

    /// Delivers the event `kind` about `intent` to `endpoint` (`http://host:port/path`)
    /// as Stripe does, signed now; answers the endpoint's HTTP status.
    pub async fn deliver(&self, endpoint: &str, event_id: &str, kind: &str, intent: &str) -> u16 {
        let (body, signed) = self.event(event_id, kind, intent, 0);
        send_delivery(endpoint, &body, &signed).await
    }
}

/// The `Stripe-Signature` header Stripe sends with `body` at `timestamp`, for the
/// endpoint's `secret`: `t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<body>">`.
pub fn signature(body: &str, secret: &str, timestamp: i64) -> String {
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, secret.as_bytes());
    let tag = ring::hmac::sign(&key, format!("{timestamp}.{body}").as_bytes());
    let hex: String = tag.as_ref().iter().map(|b| format!("{b:02x}")).collect();
    format!("t={timestamp},v1={hex}")
}

/// One HTTP/1.1 POST of a webhook delivery, as Stripe sends it; the answer's status.
async fn send_delivery(endpoint: &str, body: &str, signed: &str) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = endpoint
        .strip_prefix("http://")
        .expect("an http:// endpoint");
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let mut stream = tokio::net::TcpStream::connect(host)
        .await
        .expect("the endpoint accepts the delivery");
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: Stripe/1.0 (+https://stripe.com/docs/webhooks)\r\n\
         Content-Type: application/json; charset=utf-8\r\nStripe-Signature: {signed}\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .expect("delivery sent");
    let mut answer = Vec::new();
    stream
        .read_to_end(&mut answer)
        .await
        .expect("the endpoint answers");
    let answer = String::from_utf8_lossy(&answer);
    answer
        .split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP answer: {answer}"))
}

/// The body of the event Stripe would deliver for `kind` about `intent` (to be signed).
pub fn event_body(event_id: &str, kind: &str, intent: &Value, created: i64) -> String {
    json!({
        "id": event_id,
        "object": "event",
        "api_version": "2025-09-30.clover",
        "created": created,
        "data": {"object": intent},
        "livemode": false,
        "pending_webhooks": 1,
        "request": {"id": null, "idempotency_key": null},
        "type": kind,
    })
    .to_string()
}

fn new_id(ledger: &mut Ledger, prefix: &str) -> String {
    ledger.next_id += 1;
    format!("{prefix}_3Fake{:014}", ledger.next_id)
}

/// A PaymentIntent as Stripe's API answers it.
fn intent_object(
    id: &str,
    amount: i64,
    currency: &str,
    capture_method: &str,
    metadata: Value,
) -> Value {
    json!({
        "id": id,
        "object": "payment_intent",
        "amount": amount,
        "amount_capturable": 0,
        "amount_details": {},
        "amount_received": 0,
        "application": null,
        "application_fee_amount": null,
        "automatic_payment_methods": {"allow_redirects": "always", "enabled": true},
        "canceled_at": null,
        "cancellation_reason": null,
        "capture_method": capture_method,
        "client_secret": format!("{id}_secret_{}", &id[3..]),
        "confirmation_method": "automatic",
        "created": chrono::Utc::now().timestamp(),
        "currency": currency,
        "customer": null,
        "customer_account": null,
        "description": null,
        "excluded_payment_method_types": null,
        "last_payment_error": null,
        "latest_charge": null,
        "livemode": false,
        "metadata": metadata,
        "next_action": null,
        "on_behalf_of": null,
        "payment_method": null,
        "payment_method_configuration_details": null,
        "payment_method_options": {},
        "payment_method_types": ["card"],
        "processing": null,
        "receipt_email": null,
        "review": null,
        "setup_future_usage": null,
        "shipping": null,
        "source": null,
        "statement_descriptor": null,
        "statement_descriptor_suffix": null,
        "status": "requires_payment_method",
        "transfer_data": null,
        "transfer_group": null,
    })
}

fn stripe_error(status: StatusCode, kind: &str, code: &str, message: &str) -> (StatusCode, Value) {
    (
        status,
        json!({"error": {"type": kind, "code": code, "message": message}}),
    )
}

fn missing(id: &str) -> (StatusCode, Value) {
    stripe_error(
        StatusCode::NOT_FOUND,
        "invalid_request_error",
        "resource_missing",
        &format!("No such payment_intent: '{id}'"),
    )
}

/// The intent a call such as "POST /v1/payment_intents/pi_…/capture" is about.
fn path_intent(call: &str) -> String {
    let path = call.split(' ').nth(1).unwrap_or_default();
    let rest = path
        .strip_prefix("/v1/payment_intents/")
        .unwrap_or_default();
    rest.split('/').next().unwrap_or_default().to_owned()
}

/// A request's form as Stripe's idempotency layer compares it: sorted.
fn params(form: &[(String, String)]) -> Vec<(String, String)> {
    let mut params = form.to_vec();
    params.sort();
    params
}

/// The first parameter of `form` not among `known` (top-level names: `metadata` covers
/// `metadata[order_id]`), refused as Stripe does.
fn unknown_parameter(form: &[(String, String)], known: &[&str]) -> Option<(StatusCode, Value)> {
    let (name, _) = form.iter().find(|(name, _)| {
        let top = name.split('[').next().unwrap_or_default();
        !known.contains(&top)
    })?;
    let (status, mut body) = stripe_error(
        StatusCode::BAD_REQUEST,
        "invalid_request_error",
        "parameter_unknown",
        &format!("Received unknown parameter: {name}"),
    );
    body["error"]["param"] = json!(name);
    Some((status, body))
}

fn missing_parameter(name: &str) -> (StatusCode, Value) {
    let (status, mut body) = stripe_error(
        StatusCode::BAD_REQUEST,
        "invalid_request_error",
        "parameter_missing",
        &format!("Missing required param: {name}."),
    );
    body["error"]["param"] = json!(name);
    (status, body)
}

fn idempotency_mismatch(key: &str) -> (StatusCode, Value) {
    (
        StatusCode::BAD_REQUEST,
        json!({"error": {
            "type": "idempotency_error",
            "message": format!(
                "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '{key}' if you meant to execute a different request."
            ),
        }}),
    )
}

/// Runs one call as Stripe does: checks the API key; for a POST with an idempotency key,
/// replays the answer the key got within the last 24 hours (a 500 included), refuses it
/// for another request (400 `idempotency_error`) or while it is still being worked on
/// (409); refuses invalid parameters (`invalid`, saved under no key: the endpoint never
/// began); suffers a fault; then does the work and keeps its answer under the key. A GET
/// ignores the key, as Stripe does.
async fn handle(
    ledger: &Shared,
    headers: &HeaderMap,
    call: String,
    form: &[(String, String)],
    invalid: Option<(StatusCode, Value)>,
    work: impl FnOnce(&mut Ledger) -> (StatusCode, Value) + Send + 'static,
) -> Response {
    let given = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    // Stripe.js confirms from the page with the publishable key.
    let from_page = given == format!("Bearer {PUBLISHABLE_KEY}") && call.ends_with("/confirm");
    if given != format!("Bearer {SECRET_KEY}") && !from_page {
        let (status, body) = stripe_error(
            StatusCode::UNAUTHORIZED,
            "invalid_request_error",
            "api_key_invalid",
            "Invalid API Key provided.",
        );
        return (status, Json(body)).into_response();
    }
    let given_key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let key = given_key.clone().filter(|_| call.starts_with("POST "));
    let params = params(form);
    let fault = {
        let mut ledger = ledger.lock().unwrap_or_else(|p| p.into_inner());
        ledger.calls.push((call.clone(), given_key));
        if let Some(key) = &key {
            let now = std::time::SystemTime::now() + ledger.ahead;
            let expired = ledger.answered.get(key).is_some_and(|saved| {
                now.duration_since(saved.at).unwrap_or_default() >= KEY_LIFETIME
            });
            if expired {
                ledger.answered.remove(key);
            }
            if let Some(saved) = ledger.answered.get(key) {
                if saved.call != call || saved.params != params {
                    let (status, body) = idempotency_mismatch(key);
                    return (status, Json(body)).into_response();
                }
                return (
                    saved.status,
                    [("idempotent-replayed", "true")],
                    Json(saved.body.clone()),
                )
                    .into_response();
            }
            if ledger.in_flight.contains(key) {
                let (status, body) = stripe_error(
                    StatusCode::CONFLICT,
                    "idempotency_error",
                    "idempotency_key_in_use",
                    "There is currently another in-progress request using this Idempotent Key. Please try again later.",
                );
                return (status, Json(body)).into_response();
            }
        }
        if let Some((status, body)) = invalid {
            return (status, Json(body)).into_response();
        }
        if let Some(key) = &key {
            ledger.in_flight.insert(key.clone());
        }
        let path = call.split(' ').nth(1).unwrap_or_default().to_owned();
        let at = ledger
            .faults
            .iter()
            .position(|(suffix, _)| path.ends_with(suffix.as_str()));
        at.and_then(|at| ledger.faults.remove(at))
            .map(|(_, fault)| fault)
    };
    let about = path_intent(&call);
    let save = move |ledger: &mut Ledger, status: StatusCode, body: &Value| {
        if let Some(key) = &key {
            let at = std::time::SystemTime::now() + ledger.ahead;
            let saved = Saved {
                call,
                params,
                status,
                body: body.clone(),
                at,
            };
            ledger.answered.insert(key.clone(), saved);
            ledger.in_flight.remove(key);
        }
    };
    let hang = match fault {
        Some(Fault::ServerError) => {
            // The endpoint began and failed: the 500 is saved under the key, and
            // replayed to a retry with it.
            let (status, body) = stripe_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "api_error",
                "",
                "An unknown error occurred",
            );
            save(
                &mut ledger.lock().unwrap_or_else(|p| p.into_inner()),
                status,
                &body,
            );
            return (status, [("stripe-should-retry", "false")], Json(body)).into_response();
        }
        Some(Fault::Hang(time)) => time,
        Some(Fault::Lapse) => {
            let id = about;
            let mut guard = ledger.lock().unwrap_or_else(|p| p.into_inner());
            let now = std::time::SystemTime::now() + guard.ahead;
            if let Some(intent) = guard.intents.get_mut(&id) {
                intent["status"] = json!("canceled");
                intent["cancellation_reason"] = json!("automatic");
                intent["amount_capturable"] = json!(0);
                intent["canceled_at"] = json!(unix(now));
            }
            Duration::ZERO
        }
        None => Duration::ZERO,
    };
    // Stripe finishes the work even when the caller stopped waiting for the answer.
    let ledger = ledger.clone();
    let worker = tokio::spawn(async move {
        tokio::time::sleep(hang).await;
        let mut guard = ledger.lock().unwrap_or_else(|p| p.into_inner());
        let (status, body) = work(&mut guard);
        save(&mut guard, status, &body);
        (status, body)
    });
    let (status, body) = worker.await.expect("the fake's worker");
    (status, Json(body)).into_response()
}

fn unix(time: std::time::SystemTime) -> i64 {
    time.duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or_default()
}

/// This Stripe's clock, in unix seconds.
fn now(ledger: &Ledger) -> i64 {
    unix(std::time::SystemTime::now() + ledger.ahead)
}

/// The parameters each call takes, by top-level name: those of Stripe's OpenAPI
/// description (as generated into async-stripe 1.0.0-rc.10's request builders), with
/// `payment_method_types` beside its newer `allowed_payment_method_types`, and the
/// `client_secret` Stripe.js confirms with from the page.
const CREATE_INTENT_PARAMS: &[&str] = &[
    "allowed_payment_method_types",
    "amount",
    "amount_details",
    "application_fee_amount",
    "automatic_payment_methods",
    "capture_method",
    "confirm",
    "confirmation_method",
    "confirmation_token",
    "currency",
    "customer",
    "customer_account",
    "description",
    "error_on_requires_action",
    "excluded_payment_method_types",
    "expand",
    "hooks",
    "mandate",
    "mandate_data",
    "metadata",
    "off_session",
    "on_behalf_of",
    "payment_details",
    "payment_method",
    "payment_method_configuration",
    "payment_method_data",
    "payment_method_options",
    "payment_method_types",
    "radar_options",
    "receipt_email",
    "return_url",
    "setup_future_usage",
    "shipping",
    "statement_descriptor",
    "statement_descriptor_suffix",
    "transfer_data",
    "transfer_group",
    "use_stripe_sdk",
];
const CONFIRM_PARAMS: &[&str] = &[
    "allowed_payment_method_types",
    "amount_details",
    "amount_to_confirm",
    "capture_method",
    "client_secret",
    "confirmation_token",
    "error_on_requires_action",
    "excluded_payment_method_types",
    "expand",
    "hooks",
    "mandate",
    "mandate_data",
    "off_session",
    "payment_details",
    "payment_method",
    "payment_method_data",
    "payment_method_options",
    "payment_method_types",
    "radar_options",
    "receipt_email",
    "return_url",
    "setup_future_usage",
    "shipping",
    "use_stripe_sdk",
];
const CAPTURE_PARAMS: &[&str] = &[
    "amount_details",
    "amount_to_capture",
    "application_fee_amount",
    "expand",
    "final_capture",
    "hooks",
    "metadata",
    "payment_details",
    "statement_descriptor",
    "statement_descriptor_suffix",
    "transfer_data",
];
const CANCEL_PARAMS: &[&str] = &["cancellation_reason", "expand"];
const REFUND_PARAMS: &[&str] = &[
    "amount",
    "charge",
    "currency",
    "customer",
    "expand",
    "instructions_email",
    "metadata",
    "origin",
    "payment_intent",
    "reason",
    "refund_application_fee",
    "reverse_transfer",
];

fn field(form: &[(String, String)], name: &str) -> Option<String> {
    form.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
}

/// What Stripe refuses in a "Create a PaymentIntent" before it begins: an unknown
/// parameter, a missing amount or currency, an amount over eight digits.
fn invalid_intent(form: &[(String, String)]) -> Option<(StatusCode, Value)> {
    if let Some(refused) = unknown_parameter(form, CREATE_INTENT_PARAMS) {
        return Some(refused);
    }
    let Some(amount) = field(form, "amount") else {
        return Some(missing_parameter("amount"));
    };
    let Some(currency) = field(form, "currency").filter(|c| !c.is_empty()) else {
        return Some(missing_parameter("currency"));
    };
    let Ok(amount) = amount.parse::<i64>() else {
        let (status, mut body) = stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "parameter_invalid_integer",
            "Invalid integer: amount",
        );
        body["error"]["param"] = json!("amount");
        return Some((status, body));
    };
    if amount > MAX_AMOUNT {
        let most = match currency.as_str() {
            "bdt" => "৳999,999.99".to_owned(),
            "usd" => "$999,999.99".to_owned(),
            other => format!("{} 999,999.99", other.to_uppercase()),
        };
        let (status, mut body) = stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "amount_too_large",
            &format!("Amount must be no more than {most}"),
        );
        body["error"]["param"] = json!("amount");
        return Some((status, body));
    }
    None
}

async fn create_intent(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Form(form): Form<Vec<(String, String)>>,
) -> Response {
    let call = "POST /v1/payment_intents".to_owned();
    let invalid = invalid_intent(&form);
    handle(
        &ledger,
        &headers,
        call,
        &form.clone(),
        invalid,
        move |ledger| {
            let amount = field(&form, "amount")
                .and_then(|a| a.parse::<i64>().ok())
                .unwrap_or_default();
            let currency = field(&form, "currency").unwrap_or_default();
            let capture = field(&form, "capture_method").unwrap_or_else(|| "automatic".into());
            let metadata: serde_json::Map<String, Value> = form
                .iter()
                .filter_map(|(k, v)| {
                    let key = k.strip_prefix("metadata[")?.strip_suffix(']')?;
                    Some((key.to_owned(), json!(v)))
                })
                .collect();
            let id = new_id(ledger, "pi");
            let mut intent =
                intent_object(&id, amount, &currency, &capture, Value::Object(metadata));
            intent["created"] = json!(now(ledger));
            if let Some(description) = field(&form, "description") {
                intent["description"] = json!(description);
            }
            ledger.intents.insert(id, intent.clone());
            (StatusCode::OK, intent)
        },
    )
    .await
}

async fn retrieve_intent(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let call = format!("GET /v1/payment_intents/{id}");
    handle(
        &ledger,
        &headers,
        call,
        &[],
        None,
        move |ledger| match ledger.intents.get(&id) {
            Some(intent) => (StatusCode::OK, intent.clone()),
            None => missing(&id),
        },
    )
    .await
}

fn confirm(ledger: &mut Ledger, id: &str) -> Result<Value, (StatusCode, Value)> {
    confirm_with(ledger, id, "pm_card_visa", None)
}

/// Confirms intent `id` with `payment_method`; from the page, only with the intent's
/// `client_secret`. Each attempt makes a charge, which becomes the intent's
/// `latest_charge`; a declined one also sets `last_payment_error` and leaves the intent
/// waiting for another payment method.
fn confirm_with(
    ledger: &mut Ledger,
    id: &str,
    payment_method: &str,
    client_secret: Option<&str>,
) -> Result<Value, (StatusCode, Value)> {
    let Some(intent) = ledger.intents.get(id) else {
        return Err(missing(id));
    };
    if client_secret.is_some_and(|secret| intent["client_secret"] != secret) {
        return Err(missing(id));
    }
    if intent["status"] != "requires_payment_method" && intent["status"] != "requires_confirmation"
    {
        return Err(stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "payment_intent_unexpected_state",
            &format!(
                "This PaymentIntent's status is {}.",
                intent["status"].as_str().unwrap_or_default()
            ),
        ));
    }
    let charge = new_id(ledger, "ch");
    let intent = ledger.intents.get_mut(id).expect("known intent");
    intent["latest_charge"] = json!(charge);
    if payment_method == DECLINED {
        let (status, mut body) = stripe_error(
            StatusCode::PAYMENT_REQUIRED,
            "card_error",
            "card_declined",
            "Your card was declined.",
        );
        body["error"]["decline_code"] = json!("generic_decline");
        body["error"]["charge"] = json!(charge);
        let mut last_error = body["error"].clone();
        last_error["payment_method"] =
            json!({"id": payment_method, "object": "payment_method", "type": "card"});
        intent["last_payment_error"] = last_error;
        intent["payment_method"] = Value::Null;
        intent["status"] = json!("requires_payment_method");
        body["error"]["payment_intent"] = intent.clone();
        return Err((status, body));
    }
    let amount = intent["amount"].clone();
    intent["payment_method"] = json!(payment_method);
    intent["last_payment_error"] = Value::Null;
    if intent["capture_method"] == "manual" {
        intent["status"] = json!("requires_capture");
        intent["amount_capturable"] = amount;
    } else {
        intent["status"] = json!("succeeded");
        intent["amount_received"] = amount;
    }
    Ok(intent.clone())
}

async fn confirm_intent(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(form): Form<Vec<(String, String)>>,
) -> Response {
    let method = field(&form, "payment_method").unwrap_or_else(|| "pm_card_visa".into());
    let secret = field(&form, "client_secret");
    let call = format!("POST /v1/payment_intents/{id}/confirm");
    let invalid = unknown_parameter(&form, CONFIRM_PARAMS);
    handle(
        &ledger,
        &headers,
        call,
        &form,
        invalid,
        move |ledger| match confirm_with(ledger, &id, &method, secret.as_deref()) {
            Ok(intent) => (StatusCode::OK, intent),
            Err(error) => error,
        },
    )
    .await
}

async fn capture_intent(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    form: Result<Form<Vec<(String, String)>>, axum::extract::rejection::FormRejection>,
) -> Response {
    let form = form.map(|Form(form)| form).unwrap_or_default();
    let call = format!("POST /v1/payment_intents/{id}/capture");
    let invalid = unknown_parameter(&form, CAPTURE_PARAMS);
    handle(&ledger, &headers, call, &form, invalid, move |ledger| {
        let Some(intent) = ledger.intents.get(&id) else { return missing(&id) };
        if intent["status"] != "requires_capture" {
            return stripe_error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                "payment_intent_unexpected_state",
                &format!(
                    "This PaymentIntent could not be captured because it has a status of {}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.",
                    intent["status"].as_str().unwrap_or_default()
                ),
            );
        }
        let charge = match intent["latest_charge"].as_str() {
            Some(charge) => charge.to_owned(),
            None => new_id(ledger, "ch"),
        };
        let intent = ledger.intents.get_mut(&id).expect("known intent");
        let amount = intent["amount"].clone();
        intent["status"] = json!("succeeded");
        intent["amount_capturable"] = json!(0);
        intent["amount_received"] = amount;
        intent["latest_charge"] = json!(charge);
        (StatusCode::OK, intent.clone())
    })
    .await
}

async fn cancel_intent(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    form: Result<Form<Vec<(String, String)>>, axum::extract::rejection::FormRejection>,
) -> Response {
    let form = form.map(|Form(form)| form).unwrap_or_default();
    let reason = field(&form, "cancellation_reason");
    let call = format!("POST /v1/payment_intents/{id}/cancel");
    let invalid = unknown_parameter(&form, CANCEL_PARAMS);
    handle(&ledger, &headers, call, &form, invalid, move |ledger| {
        let at = now(ledger);
        let Some(intent) = ledger.intents.get_mut(&id) else {
            return missing(&id);
        };
        if intent["status"] == "succeeded" || intent["status"] == "canceled" {
            return stripe_error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                "payment_intent_unexpected_state",
                &format!(
                    "You cannot cancel this PaymentIntent because it has a status of {}.",
                    intent["status"].as_str().unwrap_or_default()
                ),
            );
        }
        intent["status"] = json!("canceled");
        intent["amount_capturable"] = json!(0);
        intent["canceled_at"] = json!(at);
        intent["cancellation_reason"] = json!(reason);
        (StatusCode::OK, intent.clone())
    })
    .await
}

async fn create_refund(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Form(form): Form<Vec<(String, String)>>,
) -> Response {
    let intent_id = field(&form, "payment_intent").unwrap_or_default();
    let invalid = unknown_parameter(&form, REFUND_PARAMS);
    let call = "POST /v1/refunds".to_owned();
    handle(&ledger, &headers, call, &form, invalid, move |ledger| {
        let Some(intent) = ledger.intents.get(&intent_id).cloned() else {
            return missing(&intent_id);
        };
        if intent["status"] != "succeeded" {
            return stripe_error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                "charge_not_refundable",
                "This PaymentIntent has no successful charge to refund.",
            );
        }
        let refunded: i64 = ledger
            .refunds
            .iter()
            .filter(|refund| refund["payment_intent"] == json!(intent_id))
            .filter_map(|refund| refund["amount"].as_i64())
            .sum();
        if refunded >= intent["amount"].as_i64().unwrap_or_default() {
            let charge = intent["latest_charge"].as_str().unwrap_or_default();
            let (status, mut body) = stripe_error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                "charge_already_refunded",
                &format!("Charge {charge} has already been refunded."),
            );
            body["error"]["charge"] = json!(charge);
            return (status, body);
        }
        let id = new_id(ledger, "re");
        let refund = json!({
            "id": id, "object": "refund", "amount": intent["amount"], "balance_transaction": null,
            "charge": intent["latest_charge"], "created": now(ledger),
            "currency": intent["currency"], "destination_details": null, "metadata": {},
            "payment_intent": intent_id, "reason": null, "receipt_number": null,
            "source_transfer_reversal": null, "status": "succeeded", "transfer_reversal": null,
            "customer": null, "customer_account": null, "payment_method": null,
        });
        ledger.refunds.push(refund.clone());
        (StatusCode::OK, refund)
    })
    .await
}

/// The stand-in of Stripe.js, calling the API at the address it was fetched from.
async fn stripe_js(headers: HeaderMap) -> Response {
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("127.0.0.1");
    let script = STRIPE_JS.replace("__API_BASE__", &format!("http://{host}"));
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        script,
    )
        .into_response()
}

/// Stripe's API answers pages on any origin (Stripe.js calls it from the browser).
async fn cors(request: Request, next: Next) -> Response {
    let mut response = if request.method() == Method::OPTIONS {
        StatusCode::NO_CONTENT.into_response()
    } else {
        next.run(request).await
    };
    let headers = response.headers_mut();
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_HEADERS,
        HeaderValue::from_static("authorization, content-type"),
    );
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static("GET, POST"),
    );
    response
}
