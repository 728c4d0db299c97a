//! A small Stripe-compatible server for BikeHaat's tests: PaymentIntents (create,
//! retrieve, confirm, capture, cancel), refunds, idempotency keys, Stripe's error shapes,
//! and the confirmation Stripe.js makes from the page with the publishable key and the
//! intent's client secret (Stripe's test payment methods `pm_card_visa` and
//! `pm_card_chargeDeclined`). Its objects follow Stripe's API reference (the intent and
//! refund start from the fixtures in stripe/openapi). It can fail on purpose: answer
//! 500 or hang for a number of calls, as Stripe does on a bad day.
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
    /// Stripe answers 500 before doing anything.
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
    /// Idempotency key → the answer it got, replayed for a repeat.
    answered: HashMap<String, (StatusCode, Value)>,
    /// Idempotency keys of calls still being worked on.
    in_flight: std::collections::HashSet<String>,
    /// Faults to come, each for the next call whose path ends with its suffix.
    faults: VecDeque<(String, Fault)>,
    /// Every call, as "POST /v1/payment_intents/pi_…/capture", with the idempotency
    /// key it carried.
    calls: Vec<(String, Option<String>)>,
    next_id: u64,
}

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

/// Runs one call as Stripe does: checks the API key; replays the answer a repeated
/// idempotency key got; refuses a key still being worked on (409); suffers a fault;
/// then does the work and keeps its answer under the key.
async fn handle(
    ledger: &Shared,
    headers: &HeaderMap,
    call: String,
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
    let key = given_key.as_ref().map(|key| format!("{call} {key}"));
    let fault = {
        let mut ledger = ledger.lock().unwrap_or_else(|p| p.into_inner());
        ledger.calls.push((call.clone(), given_key));
        if let Some(key) = &key {
            if let Some((status, body)) = ledger.answered.get(key) {
                return (
                    *status,
                    [("idempotent-replayed", "true")],
                    Json(body.clone()),
                )
                    .into_response();
            }
            if !ledger.in_flight.insert(key.clone()) {
                let (status, body) = stripe_error(
                    StatusCode::CONFLICT,
                    "idempotency_error",
                    "idempotency_key_in_use",
                    "There is currently another in-progress request using this Idempotent Key. Please try again later.",
                );
                return (status, Json(body)).into_response();
            }
        }
        let path = call.split(' ').nth(1).unwrap_or_default().to_owned();
        let at = ledger
            .faults
            .iter()
            .position(|(suffix, _)| path.ends_with(suffix.as_str()));
        at.and_then(|at| ledger.faults.remove(at))
            .map(|(_, fault)| fault)
    };
    let done = |ledger: &Shared| {
        if let Some(key) = &key {
            ledger
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .in_flight
                .remove(key);
        }
    };
    let hang = match fault {
        Some(Fault::ServerError) => {
            done(ledger);
            let (status, body) = stripe_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "api_error",
                "",
                "An unknown error occurred",
            );
            return (status, [("stripe-should-retry", "true")], Json(body)).into_response();
        }
        Some(Fault::Hang(time)) => time,
        Some(Fault::Lapse) => {
            let id = path_intent(&call);
            let mut guard = ledger.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(intent) = guard.intents.get_mut(&id) {
                intent["status"] = json!("canceled");
                intent["cancellation_reason"] = json!("automatic");
                intent["amount_capturable"] = json!(0);
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
        if let Some(key) = &key {
            guard.answered.insert(key.clone(), (status, body.clone()));
            guard.in_flight.remove(key);
        }
        (status, body)
    });
    let (status, body) = worker.await.expect("the fake's worker");
    (status, Json(body)).into_response()
}

async fn create_intent(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Form(form): Form<Vec<(String, String)>>,
) -> Response {
    let call = "POST /v1/payment_intents".to_owned();
    handle(&ledger, &headers, call, move |ledger| {
        let field = |name: &str| form.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
        let Some(amount) = field("amount").and_then(|a| a.parse::<i64>().ok()) else {
            return stripe_error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                "parameter_missing",
                "Missing required param: amount.",
            );
        };
        let currency = field("currency").unwrap_or_default();
        let capture = field("capture_method").unwrap_or_else(|| "automatic".into());
        let metadata: serde_json::Map<String, Value> = form
            .iter()
            .filter_map(|(k, v)| {
                let key = k.strip_prefix("metadata[")?.strip_suffix(']')?;
                Some((key.to_owned(), json!(v)))
            })
            .collect();
        let id = new_id(ledger, "pi");
        let mut intent = intent_object(&id, amount, &currency, &capture, Value::Object(metadata));
        if let Some(description) = field("description") {
            intent["description"] = json!(description);
        }
        ledger.intents.insert(id, intent.clone());
        (StatusCode::OK, intent)
    })
    .await
}

async fn retrieve_intent(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let call = format!("GET /v1/payment_intents/{id}");
    handle(&ledger, &headers, call, move |ledger| {
        match ledger.intents.get(&id) {
            Some(intent) => (StatusCode::OK, intent.clone()),
            None => missing(&id),
        }
    })
    .await
}

fn confirm(ledger: &mut Ledger, id: &str) -> Result<Value, (StatusCode, Value)> {
    confirm_with(ledger, id, "pm_card_visa", None)
}

/// Confirms intent `id` with `payment_method`; from the page, only with the intent's
/// `client_secret`.
fn confirm_with(
    ledger: &mut Ledger,
    id: &str,
    payment_method: &str,
    client_secret: Option<&str>,
) -> Result<Value, (StatusCode, Value)> {
    let intent = ledger.intents.get_mut(id).ok_or_else(|| missing(id))?;
    if client_secret.is_some_and(|secret| intent["client_secret"] != secret) {
        return Err(missing(id));
    }
    if payment_method == DECLINED {
        let (status, mut body) = stripe_error(
            StatusCode::PAYMENT_REQUIRED,
            "card_error",
            "card_declined",
            "Your card was declined.",
        );
        body["error"]["decline_code"] = json!("generic_decline");
        body["error"]["payment_intent"] = intent.clone();
        return Err((status, body));
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
    let amount = intent["amount"].clone();
    intent["payment_method"] = json!(payment_method);
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
    let field = |name: &str| form.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let method = field("payment_method").unwrap_or_else(|| "pm_card_visa".into());
    let secret = field("client_secret");
    let call = format!("POST /v1/payment_intents/{id}/confirm");
    handle(&ledger, &headers, call, move |ledger| {
        match confirm_with(ledger, &id, &method, secret.as_deref()) {
            Ok(intent) => (StatusCode::OK, intent),
            Err(error) => error,
        }
    })
    .await
}

async fn capture_intent(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let call = format!("POST /v1/payment_intents/{id}/capture");
    handle(&ledger, &headers, call, move |ledger| {
        let Some(intent) = ledger.intents.get_mut(&id) else { return missing(&id) };
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
        let amount = intent["amount"].clone();
        intent["status"] = json!("succeeded");
        intent["amount_capturable"] = json!(0);
        intent["amount_received"] = amount;
        intent["latest_charge"] = json!(format!("ch_{}", &id[3..]));
        (StatusCode::OK, intent.clone())
    })
    .await
}

async fn cancel_intent(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    let call = format!("POST /v1/payment_intents/{id}/cancel");
    handle(&ledger, &headers, call, move |ledger| {
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
        intent["canceled_at"] = json!(chrono::Utc::now().timestamp());
        (StatusCode::OK, intent.clone())
    })
    .await
}

async fn create_refund(
    State(ledger): State<Shared>,
    headers: HeaderMap,
    Form(form): Form<Vec<(String, String)>>,
) -> Response {
    let intent_id = form
        .iter()
        .find(|(k, _)| k == "payment_intent")
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    handle(&ledger, &headers, "POST /v1/refunds".to_owned(), move |ledger| {
        let Some(intent) = ledger.intents.get(&intent_id).cloned() else { return missing(&intent_id) };
        if intent["status"] != "succeeded" {
            return stripe_error(StatusCode::BAD_REQUEST, "invalid_request_error", "charge_not_refundable", "This PaymentIntent has no successful charge to refund.");
        }
        let id = new_id(ledger, "re");
        let refund = json!({
            "id": id, "object": "refund", "amount": intent["amount"], "balance_transaction": null,
            "charge": intent["latest_charge"], "created": chrono::Utc::now().timestamp(),
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
