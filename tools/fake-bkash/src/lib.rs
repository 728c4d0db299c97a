//! A small bKash-compatible server for BikeHaat's tests and demo: bKash **Tokenized
//! Checkout** (API v1.2.0-beta) with the **authorization** intent (Auth & Capture), and
//! the `sale` intent beside it.
//!
//! It serves the merchant API — grant and refresh a token, create a payment, execute it,
//! query its status, capture or void an authorised one — and the page bKash sends the
//! buyer to (`bkashURL`), where the buyer confirms with a wallet number and PIN or
//! cancels, and is redirected to the merchant's `callbackURL` with
//! `?paymentID=…&status=success|failure|cancel`.
//!
//! It answers as bKash does: HTTP 200 with `statusCode` "0000" on success, HTTP 200 with
//! another `statusCode` and its `statusMessage` for a refused request (bKash's error
//! codes), and the API gateway's HTTP 401/403 `{"message": …}` for a missing, unknown or
//! expired token or a wrong app key. The README names the source of each behaviour.
//!
//! It can fail on purpose ([`FakeBkash::fail_next`]): answer 500 without doing the work,
//! hang, or do the work and lose the answer. Its clock can be moved ahead
//! ([`FakeBkash::advance`]) to let tokens expire, an unapproved payment lapse, or an
//! authorisation lapse.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use axum::body::Bytes;
use axum::extract::{Form, State};
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

/// The merchant credentials this bKash knows.
pub const APP_KEY: &str = "fakeBkashAppKeyForBikeHaat";
pub const APP_SECRET: &str = "fakeBkashAppSecretForBikeHaat";
pub const USERNAME: &str = "fakeBkashTokenizedUser";
pub const PASSWORD: &str = "fakeBkashTokenizedUser@12345";

/// bKash's sandbox customer wallet, pre-filled on the payment page, and its PIN.
pub const SANDBOX_WALLET: &str = "01770618575";
pub const SANDBOX_PIN: &str = "12121";
/// bKash's sandbox wallet whose payments fail for insufficient balance.
pub const INSUFFICIENT_BALANCE_WALLET: &str = "01823074817";
/// bKash's sandbox wallet whose payments fail for a debit block.
pub const DEBIT_BLOCKED_WALLET: &str = "01823074818";

/// The most a wallet holds, and so the largest payment: ৳5,00,000.
pub const WALLET_LIMIT: &str = "500000.00";
const WALLET_LIMIT_PAISA: i64 = 50_000_000;

/// How long an `id_token` works (`expires_in`: 3600).
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(3600);
/// How long a `refresh_token` works (about 28 days).
pub const REFRESH_TOKEN_LIFETIME: Duration = Duration::from_secs(28 * 24 * 3600);
/// How long a created payment waits for the buyer before it expires.
pub const PAYMENT_LIFETIME: Duration = Duration::from_secs(24 * 3600);
/// How long an authorisation holds the buyer's money before it lapses (the payment
/// turns `Expired` and the hold is released). bKash does not publish this period in
/// the sources consulted (see the README); this fake holds for 24 hours.
pub const AUTHORISATION_LIFETIME: Duration = Duration::from_secs(24 * 3600);

/// What the next calls suffer.
#[derive(Debug, Clone, Copy)]
pub enum Fault {
    /// bKash answers HTTP 500 without doing the work.
    ServerError,
    /// bKash answers nothing for this long, then does the work and answers.
    Hang(Duration),
    /// bKash does the work, then answers HTTP 500: the answer is lost.
    DoneButLost,
}

/// Where a payment stands, as bKash's `transactionStatus` names it.
const INITIATED: &str = "Initiated";
const AUTHORIZED: &str = "Authorized";
const COMPLETED: &str = "Completed";
const CANCELLED: &str = "Cancelled";
const EXPIRED: &str = "Expired";
const FAILED: &str = "Failed";

struct Payment {
    id: String,
    mode: String,
    payer_reference: String,
    callback_url: String,
    /// The amount as the merchant sent it, echoed back as bKash does.
    amount: String,
    paisa: i64,
    currency: String,
    intent: String,
    invoice: String,
    created: SystemTime,
    updated: SystemTime,
    status: &'static str,
    /// The wallet that approved the payment on bKash's page.
    approved_by: Option<String>,
    trx_id: Option<String>,
    executed: Option<SystemTime>,
    /// Whether the amount is held on the approving wallet (authorised, not settled).
    held: bool,
}

#[derive(Default)]
struct Ledger {
    base: String,
    payments: HashMap<String, Payment>,
    /// id_token → when it was issued.
    tokens: HashMap<String, SystemTime>,
    /// refresh_token → when it was issued.
    refresh_tokens: HashMap<String, SystemTime>,
    /// Wallet → balance in paisa, for wallets whose balance was set or moved.
    balances: HashMap<String, i64>,
    faults: VecDeque<(String, Fault)>,
    /// Every call, as "POST /tokenized/checkout/create".
    calls: Vec<String>,
    /// How far this bKash's clock runs ahead of the real one.
    ahead: Duration,
    next: u64,
}

type Shared = Arc<Mutex<Ledger>>;

#[derive(Clone)]
pub struct FakeBkash {
    /// The address to give the server as its bKash API base.
    pub base: String,
    ledger: Shared,
}

const API_PATHS: &[&str] = &[
    "/tokenized/checkout/token/grant",
    "/tokenized/checkout/token/refresh",
    "/tokenized/checkout/create",
    "/tokenized/checkout/execute",
    "/tokenized/checkout/payment/status",
    "/tokenized/checkout/payment/confirm/capture",
    "/tokenized/checkout/payment/confirm/void",
];

impl FakeBkash {
    /// Serves on a free port of 127.0.0.1, in the background.
    pub async fn start() -> FakeBkash {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        FakeBkash::serve(listener)
    }

    /// Serves on `listener`, in the background.
    pub fn serve(listener: tokio::net::TcpListener) -> FakeBkash {
        let addr = listener.local_addr().expect("addr");
        let base = format!("http://{addr}");
        let ledger: Shared = Arc::new(Mutex::new(Ledger {
            base: base.clone(),
            ..Ledger::default()
        }));
        let mut app = Router::new().route("/checkout", get(page).post(decide));
        for path in API_PATHS {
            app = app.route(path, post(api));
        }
        let app = app.with_state(ledger.clone());
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        FakeBkash { base, ledger }
    }

    /// The `bikehaat serve` arguments that point the server at this fake.
    pub fn args(&self) -> Vec<String> {
        [
            "--bkash-app-key",
            APP_KEY,
            "--bkash-app-secret",
            APP_SECRET,
            "--bkash-username",
            USERNAME,
            "--bkash-password",
            PASSWORD,
            "--bkash-api-base",
            &self.base,
        ]
        .map(str::to_owned)
        .to_vec()
    }

    fn ledger(&self) -> std::sync::MutexGuard<'_, Ledger> {
        lock(&self.ledger)
    }

    /// What the buyer's Confirm on bKash's page does, with the sandbox wallet: answers
    /// the URL the buyer is sent back to (`…status=success`, or `…status=failure` when
    /// the wallet cannot pay).
    pub fn approve(&self, payment_id: &str) -> String {
        self.approve_with(payment_id, SANDBOX_WALLET)
    }

    /// The buyer's Confirm with `wallet`; answers the URL the buyer is sent back to.
    pub fn approve_with(&self, payment_id: &str, wallet: &str) -> String {
        let mut ledger = self.ledger();
        confirm(&mut ledger, payment_id, wallet)
            .unwrap_or_else(|why| panic!("cannot approve {payment_id}: {why}"))
    }

    /// What the buyer's Cancel on bKash's page does; answers the URL the buyer is sent
    /// back to (`…status=cancel`).
    pub fn cancel(&self, payment_id: &str) -> String {
        let mut ledger = self.ledger();
        cancel(&mut ledger, payment_id)
            .unwrap_or_else(|why| panic!("cannot cancel {payment_id}: {why}"))
    }

    /// Lets a payment lapse now: one waiting for the buyer expires, an authorised one
    /// expires and its hold on the buyer's wallet is released.
    pub fn expire(&self, payment_id: &str) {
        let mut ledger = self.ledger();
        let now = now(&ledger);
        let status = ledger
            .payments
            .get(payment_id)
            .map(|p| p.status)
            .unwrap_or_else(|| panic!("unknown payment {payment_id}"));
        assert!(
            status == INITIATED || status == AUTHORIZED,
            "payment {payment_id} is {status}: only an Initiated or Authorized one lapses"
        );
        lapse(&mut ledger, payment_id, now);
    }

    /// The payment as bKash holds it: its status answer plus `callbackURL` and, once
    /// approved, `approvedBy`.
    pub fn payment(&self, payment_id: &str) -> Value {
        let mut ledger = self.ledger();
        settle(&mut ledger);
        let payment = ledger
            .payments
            .get(payment_id)
            .unwrap_or_else(|| panic!("unknown payment {payment_id}"));
        let mut record = status_view(payment);
        record["approvedBy"] = json!(payment.approved_by);
        record
    }

    /// How many calls of `method` went to a path ending with `suffix`.
    pub fn count(&self, method: &str, suffix: &str) -> usize {
        let prefix = format!("{method} ");
        self.ledger()
            .calls
            .iter()
            .filter(|call| call.starts_with(&prefix) && call.ends_with(suffix))
            .count()
    }

    /// Every call so far, in order, as "POST /tokenized/checkout/create".
    pub fn calls(&self) -> Vec<String> {
        self.ledger().calls.clone()
    }

    /// The next `n` API calls whose path ends with `suffix` suffer `fault`.
    pub fn fail_next(&self, n: usize, suffix: &str, fault: Fault) {
        self.ledger()
            .faults
            .extend(std::iter::repeat_n((suffix.to_owned(), fault), n));
    }

    /// Sets what `wallet` holds (e.g. "1000.00").
    pub fn set_balance(&self, wallet: &str, amount: &str) {
        let paisa = parse_amount(amount).unwrap_or_else(|| panic!("not an amount: {amount}"));
        self.ledger().balances.insert(wallet.to_owned(), paisa);
    }

    /// What `wallet` holds now, authorised amounts set aside (e.g. "498500.00").
    pub fn balance(&self, wallet: &str) -> String {
        let mut ledger = self.ledger();
        settle(&mut ledger);
        format_paisa(balance(&ledger, wallet))
    }

    /// Moves this bKash's clock `by` ahead.
    pub fn advance(&self, by: Duration) {
        self.ledger().ahead += by;
    }
}

fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, Ledger> {
    shared.lock().unwrap_or_else(|p| p.into_inner())
}

fn now(ledger: &Ledger) -> SystemTime {
    SystemTime::now() + ledger.ahead
}

fn age(ledger: &Ledger, since: SystemTime) -> Duration {
    now(ledger).duration_since(since).unwrap_or_default()
}

fn next(ledger: &mut Ledger) -> u64 {
    ledger.next += 1;
    ledger.next
}

/// A time as bKash writes it: "2019-08-07T11:12:34:978 GMT+0600".
fn bkash_time(time: SystemTime) -> String {
    let dhaka = chrono::FixedOffset::east_opt(6 * 3600).expect("UTC+6");
    chrono::DateTime::<chrono::Utc>::from(time)
        .with_timezone(&dhaka)
        .format("%Y-%m-%dT%H:%M:%S:%3f GMT%z")
        .to_string()
}

/// A positive decimal with at most two places ("1500", "1500.5", "1500.00"), in paisa.
fn parse_amount(amount: &str) -> Option<i64> {
    let (whole, fraction) = amount.split_once('.').unwrap_or((amount, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 12 || !digits(whole) || !digits(fraction) {
        return None;
    }
    if fraction.len() > 2 || (amount.contains('.') && fraction.is_empty()) {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let fraction: i64 = format!("{fraction:0<2}").parse().ok()?;
    let paisa = whole * 100 + fraction;
    (paisa > 0).then_some(paisa)
}

fn format_paisa(paisa: i64) -> String {
    format!("{}.{:02}", paisa / 100, paisa % 100)
}

fn balance(ledger: &Ledger, wallet: &str) -> i64 {
    ledger
        .balances
        .get(wallet)
        .copied()
        .unwrap_or(if wallet == INSUFFICIENT_BALANCE_WALLET {
            0
        } else {
            WALLET_LIMIT_PAISA
        })
}

fn move_balance(ledger: &mut Ledger, wallet: &str, by: i64) {
    let now = balance(ledger, wallet);
    ledger.balances.insert(wallet.to_owned(), now + by);
}

/// Applies the clock: payments left waiting expire, authorisations lapse.
fn settle(ledger: &mut Ledger) {
    let lapsed: Vec<String> = ledger
        .payments
        .values()
        .filter(|p| match p.status {
            INITIATED => age(ledger, p.created) >= PAYMENT_LIFETIME,
            AUTHORIZED => p
                .executed
                .is_some_and(|at| age(ledger, at) >= AUTHORISATION_LIFETIME),
            _ => false,
        })
        .map(|p| p.id.clone())
        .collect();
    for id in lapsed {
        let at = match ledger.payments[&id].status {
            INITIATED => ledger.payments[&id].created + PAYMENT_LIFETIME,
            _ => ledger.payments[&id].executed.expect("executed") + AUTHORISATION_LIFETIME,
        };
        lapse(ledger, &id, at);
    }
}

fn lapse(ledger: &mut Ledger, id: &str, at: SystemTime) {
    let payment = ledger.payments.get_mut(id).expect("known payment");
    payment.status = EXPIRED;
    payment.updated = at;
    if std::mem::take(&mut payment.held) {
        let (wallet, paisa) = (payment.approved_by.clone(), payment.paisa);
        if let Some(wallet) = wallet {
            move_balance(ledger, &wallet, paisa);
        }
    }
}

/// `callbackURL` with bKash's query: `?paymentID=…&status=…`.
fn callback(url: &str, payment_id: &str, status: &str) -> String {
    let join = if url.contains('?') { '&' } else { '?' };
    format!("{url}{join}paymentID={payment_id}&status={status}")
}

/// The buyer confirms on bKash's page with `wallet`: approved, or failed when the
/// wallet cannot pay. Answers the URL the buyer is sent back to.
fn confirm(ledger: &mut Ledger, id: &str, wallet: &str) -> Result<String, String> {
    settle(ledger);
    let at = now(ledger);
    let can_pay = {
        let payment = open_payment(ledger, id)?;
        let paisa = payment.paisa;
        wallet != DEBIT_BLOCKED_WALLET && balance(ledger, wallet) >= paisa
    };
    let payment = ledger.payments.get_mut(id).expect("known payment");
    payment.updated = at;
    if can_pay {
        payment.approved_by = Some(wallet.to_owned());
        Ok(callback(&payment.callback_url, id, "success"))
    } else {
        payment.status = FAILED;
        Ok(callback(&payment.callback_url, id, "failure"))
    }
}

fn cancel(ledger: &mut Ledger, id: &str) -> Result<String, String> {
    settle(ledger);
    let at = now(ledger);
    open_payment(ledger, id)?;
    let payment = ledger.payments.get_mut(id).expect("known payment");
    payment.status = CANCELLED;
    payment.updated = at;
    Ok(callback(&payment.callback_url, id, "cancel"))
}

/// A payment still waiting for the buyer.
fn open_payment<'a>(ledger: &'a Ledger, id: &str) -> Result<&'a Payment, String> {
    let payment = ledger
        .payments
        .get(id)
        .ok_or_else(|| "no such payment".to_owned())?;
    if payment.status != INITIATED {
        return Err(format!("the payment is {}", payment.status));
    }
    if payment.approved_by.is_some() {
        return Err("the payment was already approved".to_owned());
    }
    Ok(payment)
}

// ----- The merchant API -------------------------------------------------------------

/// bKash's answer to a refused request: HTTP 200 with its code and message.
fn refused(code: &str, message: &str) -> (StatusCode, Value) {
    (
        StatusCode::OK,
        json!({"statusCode": code, "statusMessage": message}),
    )
}

/// The API gateway's answer to a request it does not let through.
fn gateway(status: StatusCode, message: &str) -> (StatusCode, Value) {
    (status, json!({"message": message}))
}

const MANDATORY_FIELD_MISSING: (&str, &str) = ("2065", "Mandatory field missing");
const INVALID_PAYMENT_ID: (&str, &str) = ("2002", "Invalid Payment ID");
const INVALID_PAYMENT_STATE: (&str, &str) = ("2056", "Invalid Payment State");

fn refuse((code, message): (&str, &str)) -> (StatusCode, Value) {
    refused(code, message)
}

/// One API call: recorded, then suffering the next fault meant for its path, then
/// done by a worker that finishes even if the caller stopped waiting.
async fn api(
    State(shared): State<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().to_owned();
    let fault = {
        let mut ledger = lock(&shared);
        ledger.calls.push(format!("{method} {path}"));
        let at = ledger
            .faults
            .iter()
            .position(|(suffix, _)| path.ends_with(suffix.as_str()));
        at.and_then(|at| ledger.faults.remove(at))
            .map(|(_, fault)| fault)
    };
    let (hang, lost) = match fault {
        Some(Fault::ServerError) => return server_error(),
        Some(Fault::Hang(time)) => (time, false),
        Some(Fault::DoneButLost) => (Duration::ZERO, true),
        None => (Duration::ZERO, false),
    };
    let worker = tokio::spawn(async move {
        tokio::time::sleep(hang).await;
        let mut ledger = lock(&shared);
        route(&mut ledger, &path, &headers, &body)
    });
    let (status, body) = worker.await.expect("the fake's worker");
    if lost {
        return server_error();
    }
    (status, Json(body)).into_response()
}

fn server_error() -> Response {
    let (status, body) = gateway(StatusCode::INTERNAL_SERVER_ERROR, "Internal server error");
    (status, Json(body)).into_response()
}

fn route(ledger: &mut Ledger, path: &str, headers: &HeaderMap, body: &[u8]) -> (StatusCode, Value) {
    let body = match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(fields)) => fields,
        _ => return refused("2025", "Invalid request body"),
    };
    let field = |name: &str| -> Option<String> {
        match body.get(name) {
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.clone()),
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => None,
        }
    };
    match path {
        "/tokenized/checkout/token/grant" => grant(ledger, headers, &field, None),
        "/tokenized/checkout/token/refresh" => {
            let Some(refresh) = field("refresh_token") else {
                return refuse(MANDATORY_FIELD_MISSING);
            };
            grant(ledger, headers, &field, Some(refresh))
        }
        _ => {
            if let Err(refusal) = check_token(ledger, headers) {
                return refusal;
            }
            settle(ledger);
            if path == "/tokenized/checkout/create" {
                return create(ledger, &field);
            }
            let Some(id) = field("paymentID") else {
                return refuse(MANDATORY_FIELD_MISSING);
            };
            if !ledger.payments.contains_key(&id) {
                return refuse(INVALID_PAYMENT_ID);
            }
            match path {
                "/tokenized/checkout/execute" => execute(ledger, &id),
                "/tokenized/checkout/payment/status" => {
                    (StatusCode::OK, status_view(&ledger.payments[&id]))
                }
                "/tokenized/checkout/payment/confirm/capture" => finish(ledger, &id, true),
                "/tokenized/checkout/payment/confirm/void" => finish(ledger, &id, false),
                _ => gateway(StatusCode::NOT_FOUND, "Not Found"),
            }
        }
    }
}

fn header_value<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

/// Grant Token (or Refresh Token, with `refresh`): the `username` and `password`
/// headers and the app key and secret in the body.
fn grant(
    ledger: &mut Ledger,
    headers: &HeaderMap,
    field: &dyn Fn(&str) -> Option<String>,
    refresh: Option<String>,
) -> (StatusCode, Value) {
    if header_value(headers, "username") != USERNAME
        || header_value(headers, "password") != PASSWORD
    {
        return refused("9999", "Username does not exist");
    }
    if field("app_key").as_deref() != Some(APP_KEY)
        || field("app_secret").as_deref() != Some(APP_SECRET)
    {
        return refused("2001", "Invalid App Key");
    }
    let issued = now(ledger);
    let refresh_token = match refresh {
        Some(token) => {
            let alive = ledger
                .refresh_tokens
                .get(&token)
                .is_some_and(|at| age(ledger, *at) < REFRESH_TOKEN_LIFETIME);
            if !alive {
                return refused("9999", "System Error.");
            }
            token
        }
        None => {
            let token = format!("fake-bkash-refresh-{}-{}", next(ledger), nanos());
            ledger.refresh_tokens.insert(token.clone(), issued);
            token
        }
    };
    let id_token = format!("fake-bkash-id-{}-{}", next(ledger), nanos());
    ledger.tokens.insert(id_token.clone(), issued);
    (
        StatusCode::OK,
        json!({
            "statusCode": "0000",
            "statusMessage": "Successful",
            "id_token": id_token,
            "token_type": "Bearer",
            "expires_in": TOKEN_LIFETIME.as_secs(),
            "refresh_token": refresh_token,
        }),
    )
}

fn nanos() -> u128 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default()
}

/// The `Authorization` (the id_token, with or without "Bearer ") and `X-App-Key`
/// headers every payment call carries, checked as bKash's API gateway does.
fn check_token(ledger: &Ledger, headers: &HeaderMap) -> Result<(), (StatusCode, Value)> {
    let given = header_value(headers, "authorization").trim();
    let token = match given.get(..7) {
        Some(prefix) if prefix.eq_ignore_ascii_case("bearer ") => given[7..].trim(),
        _ => given,
    };
    match ledger.tokens.get(token) {
        None => return Err(gateway(StatusCode::UNAUTHORIZED, "Unauthorized")),
        Some(at) if age(ledger, *at) >= TOKEN_LIFETIME => {
            return Err(gateway(
                StatusCode::UNAUTHORIZED,
                "The incoming token has expired",
            ))
        }
        Some(_) => {}
    }
    if header_value(headers, "x-app-key") != APP_KEY {
        return Err(gateway(StatusCode::FORBIDDEN, "Forbidden"));
    }
    Ok(())
}

/// Create Payment.
fn create(ledger: &mut Ledger, field: &dyn Fn(&str) -> Option<String>) -> (StatusCode, Value) {
    let mandatory = [
        "mode",
        "payerReference",
        "callbackURL",
        "amount",
        "currency",
        "intent",
        "merchantInvoiceNumber",
    ];
    if mandatory.iter().any(|name| field(name).is_none()) {
        return refuse(MANDATORY_FIELD_MISSING);
    }
    let get = |name: &str| field(name).unwrap_or_default();
    let (mode, amount, currency, intent) =
        (get("mode"), get("amount"), get("currency"), get("intent"));
    let (callback_url, payer_reference, invoice) = (
        get("callbackURL"),
        get("payerReference"),
        get("merchantInvoiceNumber"),
    );
    if mode != "0011" {
        return refused("2063", "Mode is not valid as per request data");
    }
    let Some(paisa) = parse_amount(&amount) else {
        return refused("2006", "Invalid amount");
    };
    if currency != "BDT" {
        return refused("2007", "Invalid currency");
    }
    if intent != "sale" && intent != "authorization" {
        return refused("2008", "Invalid intent");
    }
    let url_ok = (callback_url.starts_with("http://") || callback_url.starts_with("https://"))
        && !callback_url.contains(char::is_whitespace);
    if !url_ok {
        return refused("2049", "Invalid Merchant Callback URL");
    }
    if payer_reference.chars().count() > 255 {
        return refused("2048", "Invalid Payer Reference");
    }
    if invoice.chars().count() > 255 {
        return refused("2031", "Invalid merchant invoice number");
    }
    if paisa > WALLET_LIMIT_PAISA {
        return refused("2006", "Invalid amount");
    }
    // The same invoice and amount while the buyer has not finished: the same payment.
    let waiting = ledger.payments.values().find(|p| {
        p.invoice == invoice
            && p.paisa == paisa
            && p.intent == intent
            && p.status == INITIATED
            && p.approved_by.is_none()
    });
    if let Some(payment) = waiting {
        return (StatusCode::OK, create_view(&ledger.base, payment));
    }
    let at = now(ledger);
    let millis = at
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or_default();
    let id = format!("TR0011FK{:04}{millis}", next(ledger));
    let payment = Payment {
        id: id.clone(),
        mode,
        payer_reference,
        callback_url,
        amount,
        paisa,
        currency,
        intent,
        invoice,
        created: at,
        updated: at,
        status: INITIATED,
        approved_by: None,
        trx_id: None,
        executed: None,
        held: false,
    };
    let answer = create_view(&ledger.base, &payment);
    ledger.payments.insert(id, payment);
    (StatusCode::OK, answer)
}

fn create_view(base: &str, p: &Payment) -> Value {
    json!({
        "statusCode": "0000",
        "statusMessage": "Successful",
        "paymentID": p.id,
        "bkashURL": format!("{base}/checkout?paymentID={}&mode=0011&apiVersion=v1.2.0-beta", p.id),
        "callbackURL": p.callback_url,
        "successCallbackURL": callback(&p.callback_url, &p.id, "success"),
        "failureCallbackURL": callback(&p.callback_url, &p.id, "failure"),
        "cancelledCallbackURL": callback(&p.callback_url, &p.id, "cancel"),
        "amount": p.amount,
        "intent": p.intent,
        "currency": p.currency,
        "paymentCreateTime": bkash_time(p.created),
        "transactionStatus": INITIATED,
        "merchantInvoiceNumber": p.invoice,
    })
}

/// Execute Payment: after the buyer approved, the money is authorised (held on the
/// wallet) for `authorization`, or taken for `sale`.
fn execute(ledger: &mut Ledger, id: &str) -> (StatusCode, Value) {
    let at = now(ledger);
    let trx = format!("FK{:08}", next(ledger));
    let payment = ledger.payments.get_mut(id).expect("known payment");
    if payment.executed.is_some() {
        return refused("2117", "Payment execution already completed");
    }
    if payment.status != INITIATED {
        return refuse(INVALID_PAYMENT_STATE);
    }
    let Some(wallet) = payment.approved_by.clone() else {
        return refused("2060", "Payment execution pre-requisite hasn't been met");
    };
    payment.trx_id = Some(trx);
    payment.executed = Some(at);
    payment.updated = at;
    if payment.intent == "authorization" {
        payment.status = AUTHORIZED;
        payment.held = true;
    } else {
        payment.status = COMPLETED;
    }
    let paisa = payment.paisa;
    let answer = execute_view(payment);
    move_balance(ledger, &wallet, -paisa);
    (StatusCode::OK, answer)
}

fn execute_view(p: &Payment) -> Value {
    json!({
        "statusCode": "0000",
        "statusMessage": "Successful",
        "paymentID": p.id,
        "trxID": p.trx_id,
        "transactionStatus": p.status,
        "amount": p.amount,
        "currency": p.currency,
        "intent": p.intent,
        "merchantInvoiceNumber": p.invoice,
        "customerMsisdn": p.approved_by,
        "payerReference": p.payer_reference,
        "paymentExecuteTime": p.executed.map(bkash_time),
    })
}

/// Query Payment.
fn status_view(p: &Payment) -> Value {
    let mut view = json!({
        "statusCode": "0000",
        "statusMessage": "Successful",
        "paymentID": p.id,
        "mode": p.mode,
        "payerReference": p.payer_reference,
        "paymentCreateTime": bkash_time(p.created),
        "amount": p.amount,
        "currency": p.currency,
        "intent": p.intent,
        "merchantInvoiceNumber": p.invoice,
        "transactionStatus": p.status,
        "callbackURL": p.callback_url,
    });
    if let (Some(trx), Some(executed)) = (&p.trx_id, p.executed) {
        view["trxID"] = json!(trx);
        view["customerMsisdn"] = json!(p.approved_by);
        view["paymentExecuteTime"] = json!(bkash_time(executed));
    }
    view
}

/// Capture (`capture`) or Void an authorised payment.
fn finish(ledger: &mut Ledger, id: &str, capture: bool) -> (StatusCode, Value) {
    let at = now(ledger);
    let payment = ledger.payments.get_mut(id).expect("known payment");
    if payment.status != AUTHORIZED {
        let processed = payment.executed.is_some()
            && payment.intent == "authorization"
            && (payment.status == COMPLETED || payment.status == CANCELLED);
        if processed {
            return refused("2119", "Authorized payment already processed");
        }
        return refuse(INVALID_PAYMENT_STATE);
    }
    payment.status = if capture { COMPLETED } else { CANCELLED };
    payment.updated = at;
    payment.held = false;
    let answer = json!({
        "statusCode": "0000",
        "statusMessage": "Successful",
        "paymentId": payment.id,
        "createTime": bkash_time(at),
        "updateTime": bkash_time(at),
        "trxID": payment.trx_id,
        "transactionStatus": payment.status,
    });
    let (wallet, paisa) = (payment.approved_by.clone(), payment.paisa);
    if !capture {
        if let Some(wallet) = wallet {
            move_balance(ledger, &wallet, paisa);
        }
    }
    (StatusCode::OK, answer)
}

// ----- bKash's payment page (bkashURL) ----------------------------------------------

/// One query parameter of `uri`, percent-decoded.
fn query_param(uri: &Uri, name: &str) -> Option<String> {
    uri.query()?.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (key == name).then(|| percent_decode(value))
    })
}

fn percent_decode(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match u8::from_str_radix(&value[i + 1..i + 3], 16) {
                Ok(b) => {
                    out.push(b);
                    i += 2;
                }
                Err(_) => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

fn notice(status: StatusCode, message: &str) -> Response {
    let body = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>bKash Payment</title></head>\n\
         <body><h1>bKash Payment</h1><p>{}</p></body></html>\n",
        escape(message)
    );
    (status, Html(body)).into_response()
}

fn form_page(payment: &Payment, wallet: &str, error: Option<&str>) -> Response {
    let error = error
        .map(|e| format!("<p role=\"alert\">{}</p>\n", escape(e)))
        .unwrap_or_default();
    let body = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>bKash Payment</title></head>\n<body>\n\
         <h1>bKash Payment</h1>\n\
         <p>Amount: <strong id=\"amount\">৳{amount}</strong> {currency}</p>\n\
         <p>Merchant invoice: <strong id=\"invoice\">{invoice}</strong></p>\n\
         {error}\
         <form method=\"post\" action=\"/checkout\">\n\
         <input type=\"hidden\" name=\"paymentID\" value=\"{id}\">\n\
         <p><label>Your bKash account number <input name=\"wallet\" value=\"{wallet}\" inputmode=\"numeric\" autocomplete=\"tel\"></label></p>\n\
         <p><label>PIN <input type=\"password\" name=\"pin\" inputmode=\"numeric\" maxlength=\"5\"></label></p>\n\
         <p><button type=\"submit\" name=\"action\" value=\"confirm\">Confirm</button>\n\
         <button type=\"submit\" name=\"action\" value=\"cancel\">Cancel</button></p>\n\
         </form>\n</body></html>\n",
        amount = escape(&format_paisa(payment.paisa)),
        currency = escape(&payment.currency),
        invoice = escape(&payment.invoice),
        id = escape(&payment.id),
        wallet = escape(wallet),
    );
    (StatusCode::OK, Html(body)).into_response()
}

/// `GET /checkout?paymentID=…`: the page the buyer approves on.
async fn page(State(shared): State<Shared>, uri: Uri) -> Response {
    let id = query_param(&uri, "paymentID").unwrap_or_default();
    let mut ledger = lock(&shared);
    ledger.calls.push(format!("GET {}", uri.path()));
    settle(&mut ledger);
    match open_payment(&ledger, &id) {
        Ok(payment) => form_page(payment, SANDBOX_WALLET, None),
        Err(_) if !ledger.payments.contains_key(&id) => {
            notice(StatusCode::NOT_FOUND, "Invalid Payment ID")
        }
        Err(why) => notice(
            StatusCode::OK,
            &format!("This payment cannot be paid: {why}."),
        ),
    }
}

/// `POST /checkout`: the buyer's Confirm or Cancel.
async fn decide(State(shared): State<Shared>, Form(form): Form<Vec<(String, String)>>) -> Response {
    let get = |name: &str| {
        form.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim().to_owned())
            .unwrap_or_default()
    };
    let (id, wallet, pin, action) = (get("paymentID"), get("wallet"), get("pin"), get("action"));
    let mut ledger = lock(&shared);
    ledger.calls.push("POST /checkout".to_owned());
    let outcome = if action == "cancel" {
        cancel(&mut ledger, &id)
    } else {
        settle(&mut ledger);
        let valid_wallet = wallet.len() == 11
            && wallet.starts_with("01")
            && wallet.bytes().all(|b| b.is_ascii_digit());
        let valid_pin = pin.len() == 5 && pin.bytes().all(|b| b.is_ascii_digit());
        if let (Ok(payment), false) = (open_payment(&ledger, &id), valid_wallet && valid_pin) {
            let error = if valid_wallet {
                "Invalid PIN"
            } else {
                "Invalid Wallet"
            };
            return form_page(payment, &wallet, Some(error));
        }
        confirm(&mut ledger, &id, &wallet)
    };
    match outcome {
        Ok(back) => (StatusCode::SEE_OTHER, [(header::LOCATION, back)]).into_response(),
        Err(_) if !ledger.payments.contains_key(&id) => {
            notice(StatusCode::NOT_FOUND, "Invalid Payment ID")
        }
        Err(why) => notice(
            StatusCode::OK,
            &format!("This payment cannot be paid: {why}."),
        ),
    }
}
