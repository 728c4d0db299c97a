//! Stripe, through async-stripe. A PaymentIntent is created for the booking's price with
//! manual capture: the buyer's card is only authorised when they pay. The bike goes to
//! the first payment our database records, and only then is that payment captured;
//! every other authorisation for the bike is cancelled, so nobody is charged for a bike
//! someone else got (the hold simply disappears from their card).
//!
//! Every write carries an idempotency key derived from what it does (the booking, its
//! amount and currency, or the intent). A call that got no answer (a timeout, a broken
//! connection) or was turned away before Stripe began it (429, 409) is retried with the
//! same key: Stripe does the work at most once. A 5xx is different: Stripe keeps the
//! 500 under its key for 24 hours and replays it to every retry with that key, so the
//! retry after a 5xx goes with a new key — and that key stays this call's from then on,
//! so asking again still gets the same answer back. Should the 5xx have come after
//! Stripe did the work, the new key does no harm: a second intent is one nobody
//! confirms, and a second capture, cancel or refund is refused as already done, which
//! Stripe's record of the intent (or the refusal's code) tells us. Reads carry no key
//! (Stripe ignores one on a GET).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use stripe::{
    ApiErrorsCode, Client, ClientBuilder, IdempotencyKey, RequestStrategy, StripeError,
    StripeRequest,
};
use stripe_core::payment_intent::{
    CancelPaymentIntent, CapturePaymentIntent, CreatePaymentIntent, RetrievePaymentIntent,
};
use stripe_core::refund::CreateRefund;
use stripe_core::{PaymentIntent, PaymentIntentCaptureMethod, PaymentIntentStatus};
use stripe_types::Currency;

use super::{Capture, Intent, Released, Succeeded, CURRENCY};
use crate::denied::Denied;
use crate::error::{AppError, AppResult};
use crate::records::{HoldMethod, PaidAmount};

/// Attempts per call; the waits between them double from [`FIRST_WAIT`].
const ATTEMPTS: u32 = 3;
const FIRST_WAIT: Duration = Duration::from_millis(200);

/// What the metadata of our intents names the booking by.
const ORDER_KEY: &str = "order_id";

pub struct Stripe {
    client: Client,
    webhook_secret: String,
    /// A call's key → the key that replaced it after Stripe answered 5xx under it.
    replaced: Mutex<HashMap<String, String>>,
}

/// At most this many replaced keys are remembered (a day's worth is far fewer); past it
/// the memory starts again, costing only a replayed 5xx and a retry.
const REPLACED_KEYS: usize = 10_000;

impl std::fmt::Debug for Stripe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Stripe(..)")
    }
}

/// A Stripe intent as our records see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripeIntent {
    pub status: IntentStatus,
    pub succeeded: Succeeded,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntentStatus {
    /// The card is authorised; the money moves when we capture.
    Authorised,
    /// Captured: the money moved.
    Captured,
    /// Cancelled (by us, from Stripe's dashboard, or when an authorisation lapses).
    Cancelled,
    /// Anything else: not paid yet.
    Unpaid,
}

impl Stripe {
    /// A client for the API at `api_base` (Stripe's, or a Stripe-compatible server).
    pub fn new(
        secret_key: &str,
        webhook_secret: &str,
        api_base: &str,
        timeout: Duration,
    ) -> Result<Stripe, String> {
        // async-stripe appends "v1/…" to the base as given.
        let base = format!("{}/", api_base.trim_end_matches('/'));
        let client = ClientBuilder::new(secret_key.trim())
            .url(base)
            .timeout(timeout)
            .build()
            .map_err(|e| format!("cannot set up Stripe: {e}"))?;
        Ok(Stripe {
            client,
            webhook_secret: webhook_secret.trim().to_owned(),
            replaced: Mutex::default(),
        })
    }

    pub fn webhook_secret(&self) -> &str {
        &self.webhook_secret
    }

    fn replaced(&self) -> std::sync::MutexGuard<'_, HashMap<String, String>> {
        self.replaced.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The idempotency key to send for the call whose own key is `key`.
    fn current_key(&self, key: &str) -> String {
        self.replaced()
            .get(key)
            .cloned()
            .unwrap_or_else(|| key.to_owned())
    }

    /// A new key for the call whose own key is `key`, after a 5xx under the current one.
    fn replace_key(&self, key: &str) -> String {
        let fresh = format!("{key}-{}", crate::random::random_hex(8));
        let mut replaced = self.replaced();
        if replaced.len() >= REPLACED_KEYS {
            replaced.clear();
        }
        replaced.insert(key.to_owned(), fresh.clone());
        fresh
    }

    /// Sends `request` with idempotency key `key` (None for a read), retrying what failed
    /// on the way: with the same key after no answer, with a new one after a 5xx.
    async fn send<R>(&self, request: &R, key: Option<&str>) -> Result<R::Output, StripeError>
    where
        R: StripeRequest,
        R::Output: miniserde::Deserialize,
    {
        let mut current = key.map(|key| self.current_key(key));
        let mut wait = FIRST_WAIT;
        let mut attempt = 1;
        loop {
            let strategy = match &current {
                Some(current) => {
                    RequestStrategy::Idempotent(IdempotencyKey::new(current).map_err(|e| {
                        StripeError::ClientError(format!("bad idempotency key: {e:?}"))
                    })?)
                }
                None => RequestStrategy::Once,
            };
            let answer = request
                .customize()
                .request_strategy(strategy)
                .send(&self.client)
                .await;
            if let (Some(key), Err(error)) = (key, &answer) {
                if server_error(error) {
                    // Even after the last try: the next call must not start with a key
                    // Stripe will only answer with this 5xx.
                    current = Some(self.replace_key(key));
                }
            }
            match answer {
                Err(error) if attempt < ATTEMPTS && retryable(&error) => {
                    tracing::warn!(attempt, %error, "Stripe did not answer; trying again");
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                    attempt += 1;
                }
                other => return other,
            }
        }
    }

    /// Creates the intent to pay `amount` paisa for booking `order_id`. The same booking
    /// at the same price gets the same intent back, however often the page asks.
    pub async fn create_intent(&self, order_id: i64, amount: i64) -> AppResult<Intent> {
        let metadata = HashMap::from([(ORDER_KEY.to_owned(), order_id.to_string())]);
        let request = CreatePaymentIntent::new(amount, Currency::BDT)
            .capture_method(PaymentIntentCaptureMethod::Manual)
            .metadata(metadata)
            .description(format!("BikeHaat booking {order_id}"));
        // The key names everything the request carries that can change: another price
        // is another intent, never Stripe's idempotency_error.
        let key = format!("bikehaat-intent-{order_id}-{amount}-{CURRENCY}");
        let intent = self.send(&request, Some(&key)).await.map_err(unavailable)?;
        let client_secret = intent.client_secret.clone().ok_or_else(|| {
            AppError::internal("Stripe answered an intent without a client secret")
        })?;
        Ok(Intent {
            id: intent.id.to_string(),
            client_secret,
            amount: intent.amount,
        })
    }

    /// What Stripe says of intent `id`; None when it is not one of ours.
    pub async fn intent(&self, id: &str) -> AppResult<Option<StripeIntent>> {
        if !id.starts_with("pi_") || id.len() > 255 {
            return Ok(None);
        }
        let request = RetrievePaymentIntent::new(id);
        match self.send(&request, None).await {
            Ok(intent) => Ok(ours(&intent)),
            Err(StripeError::Stripe(_, 404)) => Ok(None),
            Err(error) => Err(unavailable(error)),
        }
    }

    /// Takes the money of an authorised intent. Capturing one already captured is fine.
    /// When Stripe refuses, its own record of the intent says whether to try again: only
    /// an intent Stripe says is cancelled is lost; a silence or an answer we do not
    /// expect (a 404 after the keys changed, say) is tried again later, never taken as
    /// a reason to undo a sale.
    pub async fn capture(&self, id: &str) -> Capture {
        let request = CapturePaymentIntent::new(id);
        let Err(error) = self
            .send(&request, Some(&format!("bikehaat-capture-{id}")))
            .await
        else {
            return Capture::Taken;
        };
        tracing::warn!(intent = id, %error, "Stripe did not capture a payment");
        match self.intent(id).await {
            Ok(Some(intent)) => match intent.status {
                IntentStatus::Captured => Capture::Taken,
                IntentStatus::Cancelled => Capture::Lost,
                IntentStatus::Authorised | IntentStatus::Unpaid => Capture::NotYet,
            },
            Ok(None) | Err(_) => Capture::NotYet,
        }
    }

    /// Gives the buyer's money back: cancels an authorisation (nothing was charged) or
    /// refunds a captured payment.
    pub async fn release(&self, id: &str) -> AppResult<Released> {
        let status = self.intent(id).await?.map(|intent| intent.status);
        match status {
            Some(IntentStatus::Authorised) => {
                let request = CancelPaymentIntent::new(id);
                let cancelled = self
                    .send(&request, Some(&format!("bikehaat-cancel-{id}")))
                    .await;
                if let Err(error) = cancelled {
                    // A try that got a 5xx may have cancelled it already: Stripe's record
                    // of the intent says.
                    let now = self.intent(id).await?.map(|intent| intent.status);
                    if now != Some(IntentStatus::Cancelled) {
                        return Err(unavailable(error));
                    }
                }
                Ok(Released::NotCharged)
            }
            Some(IntentStatus::Captured) => {
                let request = CreateRefund::new().payment_intent(id);
                match self
                    .send(&request, Some(&format!("bikehaat-refund-{id}")))
                    .await
                {
                    Ok(_) => Ok(Released::Refunded),
                    // A try that got a 5xx refunded it already.
                    Err(StripeError::Stripe(error, 400))
                        if error.code == Some(ApiErrorsCode::ChargeAlreadyRefunded) =>
                    {
                        Ok(Released::Refunded)
                    }
                    Err(error) => Err(unavailable(error)),
                }
            }
            _ => Ok(Released::NotCharged),
        }
    }
}

/// Our view of `intent`, if it names one of our bookings.
fn ours(intent: &PaymentIntent) -> Option<StripeIntent> {
    let order_id = intent.metadata.get(ORDER_KEY)?.parse::<i64>().ok()?;
    let status = match intent.status {
        PaymentIntentStatus::RequiresCapture => IntentStatus::Authorised,
        PaymentIntentStatus::Succeeded => IntentStatus::Captured,
        PaymentIntentStatus::Canceled => IntentStatus::Cancelled,
        _ => IntentStatus::Unpaid,
    };
    Some(StripeIntent {
        status,
        succeeded: Succeeded {
            order_id,
            amount: PaidAmount::Confirmed(intent.amount),
            currency: intent.currency.to_string(),
            to_capture: status == IntentStatus::Authorised,
            method: HoldMethod::Card,
        },
    })
}

/// Whether a failed call may succeed if sent again (after a 5xx, with a new key).
fn retryable(error: &StripeError) -> bool {
    match error {
        StripeError::Timeout | StripeError::ClientError(_) => true,
        // 409: the same key is still being worked on by another attempt.
        StripeError::Stripe(_, status) => *status >= 500 || *status == 429 || *status == 409,
        StripeError::JSONDeserialize(_) | StripeError::ConfigError(_) => false,
    }
}

/// Whether Stripe answered 5xx: it keeps that answer under the key and replays it.
fn server_error(error: &StripeError) -> bool {
    matches!(error, StripeError::Stripe(_, status) if *status >= 500)
}

fn unavailable(error: StripeError) -> AppError {
    tracing::warn!(%error, "Stripe call failed");
    Denied::CardServiceDown.into()
}
