//! bKash Tokenized Checkout with the authorisation intent (Auth & Capture): the buyer
//! approves a payment on bKash's page, which bKash then holds in their wallet
//! (`Authorized`) until the handover captures it (`Completed`) or the deal ends and it
//! is voided (`Cancelled`).
//!
//! The calls, as bKash's tokenized API (v1.2.0-beta) documents them:
//! - `POST …/tokenized/checkout/token/grant` (headers `username`, `password`; body
//!   `app_key`, `app_secret`) gives an `id_token` that lasts `expires_in` seconds; every
//!   other call sends it as `Authorization` with `X-App-Key`;
//! - `POST …/create` (`mode` 0011, `intent` authorization, amount as "1500.00" in BDT,
//!   our `merchantInvoiceNumber`, the `callbackURL` bKash sends the buyer back to with
//!   `paymentID` and `status`) gives the `paymentID` and the `bkashURL` the buyer opens;
//! - `POST …/execute` after the buyer approved: the money is held (`Authorized`);
//! - `POST …/payment/status`, `…/payment/confirm/capture`, `…/payment/confirm/void`.
//!
//! bKash answers a refusal with a `statusCode` other than "0000" (most with HTTP 200).
//! bKash takes no idempotency keys; what makes our calls safe to repeat is the same:
//! the invoice number names the booking and its price (`bikehaat-<booking>-<paisa>`),
//! and capture and void name the payment, which bKash moves once — a repeat is refused
//! as being in the wrong state, and the payment's status then says what happened.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::{Capture, Released};
use crate::config::BkashArgs;
use crate::denied::Denied;
use crate::error::{AppError, AppResult};

/// The most a bKash wallet holds: a hold above it could never be approved.
pub const WALLET_MAX: i64 = 500_000 * 100;

/// bKash's production API; anything else is its sandbox or a local stand-in.
pub const PRODUCTION: &str = "https://tokenized.pay.bka.sh/v1.2.0-beta";

/// Attempts per call that got no answer; the waits between them double from
/// [`FIRST_WAIT`].
const ATTEMPTS: u32 = 3;
const FIRST_WAIT: Duration = Duration::from_millis(200);

/// A token is asked for again this long before bKash says it expires.
const TOKEN_MARGIN: Duration = Duration::from_secs(60);

pub struct Bkash {
    http: reqwest::Client,
    base: String,
    app_key: String,
    app_secret: String,
    username: String,
    password: String,
    token: tokio::sync::Mutex<Option<(String, Instant)>>,
}

impl std::fmt::Debug for Bkash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Bkash(..)")
    }
}

/// Where a bKash payment stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// Created; the buyer has not approved it (or it was never executed).
    Initiated,
    /// Approved and executed: the amount is held in the buyer's wallet.
    Authorized,
    /// Captured: the money moved.
    Completed,
    /// Voided, cancelled by the buyer, or lapsed.
    Ended,
    /// Anything else bKash says.
    Other(String),
}

impl Status {
    fn from_bkash(status: &str) -> Status {
        match status {
            "Initiated" => Status::Initiated,
            "Authorized" | "PendingAuthorized" => Status::Authorized,
            "Completed" => Status::Completed,
            "Cancelled" | "Expired" | "Declined" | "Failed" => Status::Ended,
            other => Status::Other(other.to_owned()),
        }
    }
}

/// A bKash payment as bKash reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub payment_id: String,
    pub status: Status,
    /// Paisa.
    pub amount: i64,
    /// The booking it pays for, from our invoice number; None for one that is not ours.
    pub order_id: Option<i64>,
}

/// A payment made for the buyer to approve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Created {
    pub payment_id: String,
    /// bKash's page where the buyer approves it.
    pub bkash_url: String,
}

/// What went wrong with a call.
#[derive(Debug)]
enum Failure {
    /// No answer, or a 5xx: bKash may or may not have done it.
    Unanswered(String),
    /// bKash refused it: its `statusCode` and `statusMessage`.
    Refused(String, String),
    /// bKash's gateway turned the grant token away (it expired before we thought).
    TokenRefused,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Unanswered(why) => write!(f, "bKash did not answer: {why}"),
            Failure::Refused(code, message) => write!(f, "bKash refused it: {code} {message}"),
            Failure::TokenRefused => f.write_str("bKash turned the grant token away"),
        }
    }
}

fn unavailable(failure: Failure) -> AppError {
    tracing::warn!(%failure, "bKash call failed");
    Denied::BkashDown.into()
}

/// Paisa as bKash writes an amount: "1500.00".
pub fn amount_text(paisa: i64) -> String {
    format!("{}.{:02}", paisa / 100, paisa % 100)
}

/// An amount as bKash writes it ("1500", "1500.5", "1500.00") in paisa.
fn paisa(text: &str) -> Option<i64> {
    let (whole, part) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
    if part.len() > 2 || !part.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let part: i64 = format!("{part:0<2}").parse().ok()?;
    whole.checked_mul(100)?.checked_add(part)
}

/// Our invoice number for booking `order_id` at `amount` paisa: a new price makes a new
/// payment, the same booking and price the same one.
pub fn invoice(order_id: i64, amount: i64) -> String {
    format!("bikehaat-{order_id}-{amount}")
}

/// The booking and amount an invoice number of ours names.
fn from_invoice(invoice: &str) -> Option<(i64, i64)> {
    let rest = invoice.strip_prefix("bikehaat-")?;
    let (order, amount) = rest.split_once('-')?;
    Some((order.parse().ok()?, amount.parse().ok()?))
}

fn text<'a>(body: &'a Value, field: &str) -> &'a str {
    body.get(field).and_then(Value::as_str).unwrap_or_default()
}

impl Bkash {
    /// A client for bKash at `args.api_base` (bKash's, or a bKash-compatible server).
    pub fn new(args: &BkashArgs) -> Result<Bkash, String> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_millis(args.timeout_ms.max(1)))
            .build()
            .map_err(|e| format!("cannot set up bKash: {e}"))?;
        let value = |v: &Option<String>| v.as_deref().unwrap_or_default().trim().to_owned();
        Ok(Bkash {
            http,
            base: args.api_base.trim_end_matches('/').to_owned(),
            app_key: value(&args.app_key),
            app_secret: value(&args.app_secret),
            username: value(&args.username),
            password: value(&args.password),
            token: tokio::sync::Mutex::new(None),
        })
    }

    /// One POST of `body` to `path`, with `headers`; bKash's answer, or why not.
    async fn post(
        &self,
        path: &str,
        headers: &[(&str, &str)],
        body: &Value,
    ) -> Result<Value, Failure> {
        let mut request = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .header("accept", "application/json")
            .body(body.to_string());
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request
            .send()
            .await
            .map_err(|e| Failure::Unanswered(e.to_string()))?;
        let status = response.status();
        if status == reqwest::StatusCode::UNAUTHORIZED {
            return Err(Failure::TokenRefused);
        }
        if status.is_server_error() {
            return Err(Failure::Unanswered(format!("HTTP {status}")));
        }
        let bytes = response
            .bytes()
            .await
            .map_err(|e| Failure::Unanswered(e.to_string()))?;
        let answer: Value = serde_json::from_slice(&bytes)
            .map_err(|e| Failure::Unanswered(format!("an answer that is not JSON: {e}")))?;
        let code = answer
            .get("statusCode")
            .or_else(|| answer.get("errorCode"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        if code == "0000" {
            return Ok(answer);
        }
        let message = answer
            .get("statusMessage")
            .or_else(|| answer.get("errorMessage"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        Err(Failure::Refused(
            if code.is_empty() {
                status.to_string()
            } else {
                code.to_owned()
            },
            message.to_owned(),
        ))
    }

    /// A grant token, asked for when the one kept is missing or about to expire.
    async fn token(&self) -> Result<String, Failure> {
        let mut kept = self.token.lock().await;
        if let Some((token, until)) = kept.as_ref() {
            if Instant::now() + TOKEN_MARGIN < *until {
                return Ok(token.clone());
            }
        }
        let body = json!({ "app_key": self.app_key, "app_secret": self.app_secret });
        let headers = [
            ("username", self.username.as_str()),
            ("password", self.password.as_str()),
        ];
        let answer = self
            .post("/tokenized/checkout/token/grant", &headers, &body)
            .await?;
        let token = text(&answer, "id_token").to_owned();
        if token.is_empty() {
            return Err(Failure::Refused("grant".into(), "no id_token".into()));
        }
        let lasts = answer
            .get("expires_in")
            .and_then(Value::as_u64)
            .unwrap_or(3600);
        *kept = Some((token.clone(), Instant::now() + Duration::from_secs(lasts)));
        Ok(token)
    }

    /// A call with the grant token, tried again (same body) when bKash did not answer.
    async fn call(&self, path: &str, body: Value) -> Result<Value, Failure> {
        let mut wait = FIRST_WAIT;
        let mut attempt = 1;
        loop {
            let outcome = match self.token().await {
                Ok(token) => {
                    let headers = [
                        ("authorization", token.as_str()),
                        ("x-app-key", self.app_key.as_str()),
                    ];
                    self.post(path, &headers, &body).await
                }
                Err(failure) => Err(failure),
            };
            match outcome {
                // A token bKash no longer takes: ask for a new one and go again.
                Err(Failure::TokenRefused) if attempt < ATTEMPTS => {
                    *self.token.lock().await = None;
                    attempt += 1;
                }
                Err(Failure::Unanswered(why)) if attempt < ATTEMPTS => {
                    tracing::warn!(attempt, path, %why, "bKash did not answer; trying again");
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                    attempt += 1;
                }
                done => return done,
            }
        }
    }

    fn payment(answer: &Value) -> Payment {
        let payment_id = answer
            .get("paymentID")
            .or_else(|| answer.get("paymentId"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let named = from_invoice(text(answer, "merchantInvoiceNumber"));
        let amount = paisa(text(answer, "amount"))
            .or(named.map(|(_, amount)| amount))
            .unwrap_or_default();
        Payment {
            payment_id,
            status: Status::from_bkash(text(answer, "transactionStatus")),
            amount,
            order_id: named
                .filter(|(_, asked)| *asked == amount)
                .map(|(order, _)| order),
        }
    }

    /// A payment of `amount` paisa for booking `order_id`, held once the buyer approves it
    /// on bKash's page; bKash sends them back to `callback`.
    pub async fn create(&self, order_id: i64, amount: i64, callback: &str) -> AppResult<Created> {
        let body = json!({
            "mode": "0011",
            "payerReference": format!("booking-{order_id}"),
            "callbackURL": callback,
            "amount": amount_text(amount),
            "currency": "BDT",
            "intent": "authorization",
            "merchantInvoiceNumber": invoice(order_id, amount),
        });
        let answer = self
            .call("/tokenized/checkout/create", body)
            .await
            .map_err(unavailable)?;
        let created = Created {
            payment_id: text(&answer, "paymentID").to_owned(),
            bkash_url: text(&answer, "bkashURL").to_owned(),
        };
        if created.payment_id.is_empty() || created.bkash_url.is_empty() {
            return Err(unavailable(Failure::Refused(
                "create".into(),
                "no paymentID or bkashURL".into(),
            )));
        }
        Ok(created)
    }

    /// Where payment `payment_id` stands; None when bKash knows no such payment.
    pub async fn status(&self, payment_id: &str) -> AppResult<Option<Payment>> {
        let body = json!({ "paymentID": payment_id });
        match self.call("/tokenized/checkout/payment/status", body).await {
            Ok(answer) => Ok(Some(Bkash::payment(&answer))),
            Err(Failure::Refused(code, message)) => {
                tracing::info!(payment_id, %code, %message, "bKash has no such payment");
                Ok(None)
            }
            Err(failure) => Err(unavailable(failure)),
        }
    }

    /// Executes the payment the buyer approved, so bKash holds the money; a payment
    /// executed before answers as it stands. None when it was not approved (cancelled,
    /// failed, or not ours to execute).
    pub async fn execute(&self, payment_id: &str) -> AppResult<Option<Payment>> {
        let body = json!({ "paymentID": payment_id });
        match self.call("/tokenized/checkout/execute", body).await {
            Ok(answer) => Ok(Some(Bkash::payment(&answer))),
            // Executed before (the buyer came back twice), or never approved: bKash's
            // own record says which.
            Err(_) => Ok(self.status(payment_id).await?.filter(|payment| {
                matches!(payment.status, Status::Authorized | Status::Completed)
            })),
        }
    }

    /// Takes the money of a held payment.
    pub async fn capture(&self, payment_id: &str) -> Capture {
        let body = json!({ "paymentID": payment_id });
        if let Err(failure) = self
            .call("/tokenized/checkout/payment/confirm/capture", body)
            .await
        {
            tracing::warn!(payment_id, %failure, "bKash did not capture a payment");
            return match self.status(payment_id).await {
                Ok(Some(payment)) => match payment.status {
                    Status::Completed => Capture::Taken,
                    Status::Ended => Capture::Lost,
                    _ => Capture::NotYet,
                },
                Ok(None) | Err(_) => Capture::NotYet,
            };
        }
        Capture::Taken
    }

    /// Gives a held payment back (voids it). A payment bKash already ended needs nothing;
    /// one that was captured is not ours to void (an error: the deal's claim makes that
    /// impossible, and it is left for a person to refund).
    pub async fn void(&self, payment_id: &str) -> AppResult<Released> {
        let body = json!({ "paymentID": payment_id });
        let voided = self
            .call("/tokenized/checkout/payment/confirm/void", body)
            .await;
        if voided.is_ok() {
            return Ok(Released::NotCharged);
        }
        match self.status(payment_id).await?.map(|payment| payment.status) {
            Some(Status::Ended | Status::Initiated) | None => Ok(Released::NotCharged),
            Some(Status::Completed) => {
                tracing::error!(
                    payment_id,
                    "a captured bKash payment of an ended deal: refund it by hand"
                );
                Err(AppError::Internal(
                    "a captured bKash payment cannot be voided".into(),
                ))
            }
            Some(_) => Err(unavailable(
                voided.err().unwrap_or(Failure::Unanswered("void".into())),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_written_and_read_as_bkash_does() {
        assert_eq!(amount_text(150_000 * 100), "150000.00");
        assert_eq!(amount_text(1_05), "1.05");
        assert_eq!(paisa("150000.00"), Some(150_000 * 100));
        assert_eq!(paisa("1500"), Some(150_000));
        assert_eq!(paisa("1500.5"), Some(150_050));
        assert_eq!(paisa("1500.555"), None);
        assert_eq!(paisa("abc"), None);
    }

    #[test]
    fn an_invoice_names_the_booking_and_its_price() {
        assert_eq!(invoice(42, 150_000 * 100), "bikehaat-42-15000000");
        assert_eq!(
            from_invoice("bikehaat-42-15000000"),
            Some((42, 150_000 * 100))
        );
        assert_eq!(from_invoice("someone-else-1"), None);
        assert_eq!(from_invoice("bikehaat-x-1"), None);
    }
}
