//! Card payments. The server never trusts the page about money: it creates the payment
//! intent for the booking's price and records a payment only after the provider says
//! that intent succeeded. Which provider takes cards is decided once, at start
//! ([`Provider::choose`]): never the built-in test mode on a public address unless the
//! operator asks for it, so nobody marks a bike sold there without paying.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use crate::random::random_hex;
use chrono::Utc;

use crate::config::{BkashArgs, StripeArgs};
use crate::denied::Denied;
use crate::error::{AppError, AppResult, FieldCode};
use crate::records::{
    Booking, HeldPayment, HoldMethod, NewPayment, PaidAmount, Payable, PaymentRecorded,
    TestPaymentIntent,
};
use crate::store::prelude::*;
use crate::store::{Missing, Refused, StoreError, StoreResult, Written};

pub mod bkash;
pub mod stripe;
pub mod test_card;
pub mod ways;
pub mod webhook;

use self::bkash::Bkash;
use self::stripe::{IntentStatus, Stripe};

/// Prices are Bangladeshi taka; Stripe charges in BDT, amounts in paisa.
pub const CURRENCY: &str = "bdt";

/// Which card provider takes payments.
#[derive(Debug)]
pub enum Provider {
    /// Stripe: real cards, real money.
    Stripe(Box<Stripe>),
    /// The built-in test-mode provider: no real money, Stripe's test cards. Its intents
    /// live in our database and its card check honours Stripe's test cards.
    TestMode,
    /// No card payments: a public server without Stripe keys.
    Disabled,
}

/// The most a card payment carries, in paisa: Stripe takes amounts of at most eight
/// digits of the smallest currency unit (99999999 paisa, ৳9,99,999.99) and refuses more.
pub const CARD_MAX: i64 = 99_999_999;

/// A payment intent the page confirms with the card.
#[derive(Debug, Clone)]
pub struct Intent {
    pub id: String,
    pub client_secret: String,
    pub amount: i64,
}

/// What the provider says about a transaction that succeeded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Succeeded {
    pub order_id: i64,
    pub amount: PaidAmount,
    pub currency: String,
    /// The money is only held: it moves when the payment is captured.
    pub to_capture: bool,
    /// Who holds it.
    pub method: HoldMethod,
}

/// What giving a buyer's money back took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Released {
    /// Nothing had been charged (an authorisation was cancelled, or no money moves).
    NotCharged,
    /// A captured payment was refunded.
    Refunded,
}

/// How taking the money of a recorded payment went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capture {
    /// The money is taken (now or before).
    Taken,
    /// Not now (the provider did not answer): the card is still authorised; try later.
    NotYet,
    /// Never: the authorisation is gone (cancelled, or lapsed after seven days).
    Lost,
}

/// "live" or "test" for a Stripe key with one of `kinds` (`sk_`, `pk_`…); None for
/// anything that is not such a key.
fn key_mode(key: &str, kinds: &[&str]) -> Option<&'static str> {
    let rest = kinds.iter().find_map(|kind| key.strip_prefix(kind))?;
    if rest.starts_with("live_") {
        Some("live")
    } else if rest.starts_with("test_") {
        Some("test")
    } else {
        None
    }
}

impl Provider {
    /// Chooses the provider for a server listening on `addr`:
    /// - Stripe when `STRIPE_SECRET_KEY` is set (with its publishable key and webhook
    ///   secret; half a configuration refuses to start);
    /// - the built-in test mode on a loopback address, or anywhere with `test_payments`;
    /// - otherwise none.
    pub fn choose(
        stripe: &StripeArgs,
        addr: SocketAddr,
        test_payments: bool,
    ) -> Result<Provider, String> {
        let set = |value: &Option<String>| value.as_deref().is_some_and(|v| !v.trim().is_empty());
        let (secret, publishable, webhook) = (
            set(&stripe.secret_key),
            set(&stripe.publishable_key),
            set(&stripe.webhook_secret),
        );
        if secret || publishable || webhook {
            let missing: Vec<&str> = [
                (secret, "STRIPE_SECRET_KEY"),
                (publishable, "STRIPE_PUBLISHABLE_KEY"),
                (webhook, "STRIPE_WEBHOOK_SECRET"),
            ]
            .into_iter()
            .filter(|(present, _)| !present)
            .map(|(_, name)| name)
            .collect();
            if !missing.is_empty() {
                return Err(format!(
                    "Stripe is half configured: {} must be set too (or unset all three)",
                    missing.join(" and ")
                ));
            }
            let secret = stripe.secret_key.as_deref().unwrap_or_default().trim();
            let webhook = stripe.webhook_secret.as_deref().unwrap_or_default();
            let publishable = stripe.publishable_key.as_deref().unwrap_or_default().trim();
            let secret_mode = key_mode(secret, &["sk_", "rk_"]).ok_or(
                "STRIPE_SECRET_KEY does not look like a Stripe secret key (sk_live_… or sk_test_…)",
            )?;
            let publishable_mode = key_mode(publishable, &["pk_"]).ok_or(
                "STRIPE_PUBLISHABLE_KEY does not look like a Stripe publishable key (pk_live_… or pk_test_…)",
            )?;
            if secret_mode != publishable_mode {
                return Err(format!(
                    "STRIPE_SECRET_KEY is a {secret_mode} key but STRIPE_PUBLISHABLE_KEY is a \
                     {publishable_mode} key: the page would confirm cards in another mode than \
                     the server charges them"
                ));
            }
            let timeout = std::time::Duration::from_millis(stripe.timeout_ms);
            let client = Stripe::new(secret, webhook, &stripe.api_base, timeout)?;
            return Ok(Provider::Stripe(Box::new(client)));
        }
        if test_payments || addr.ip().is_loopback() {
            Ok(Provider::TestMode)
        } else {
            Ok(Provider::Disabled)
        }
    }

    /// "test", "none" or "stripe", for the page.
    pub fn name(&self) -> &'static str {
        match self {
            Provider::Stripe(_) => "stripe",
            Provider::TestMode => "test",
            Provider::Disabled => "none",
        }
    }

    /// Creates an intent to pay booking `order_id` by card, for the amount `hold` says
    /// of the booking as our records have it (or why it cannot be paid by card). A hold
    /// above [`CARD_MAX`] is refused here, without asking the provider: no retry can
    /// carry it. In test mode the booking is read and the intent written in one visit
    /// to the database.
    pub async fn create_intent(
        &self,
        store: &dyn Store,
        order_id: i64,
        hold: &(dyn Fn(&Payable) -> AppResult<i64> + Send + Sync),
    ) -> AppResult<Intent> {
        let card_hold = |order: &Payable| {
            let amount = hold(order)?;
            if amount > CARD_MAX {
                return Err(AppError::field(
                    "_id",
                    FieldCode::AbovePaymentLimit,
                    Denied::AboveCardLimit.message(),
                ));
            }
            Ok(amount)
        };
        if let Provider::TestMode = self {
            let id = format!("pi_test_{}", random_hex(12));
            let client_secret = format!("{id}_secret_{}", random_hex(16));
            let open = |order: &Payable| {
                card_hold(order).ok().map(|amount| TestPaymentIntent {
                    id: id.clone(),
                    client_secret: client_secret.clone(),
                    order_id,
                    amount,
                    currency: CURRENCY.to_owned(),
                    status: "requires_payment_method".to_owned(),
                })
            };
            return match store.open_test_payment_intent(order_id, &open).await? {
                None => Err(Missing::Booking.into()),
                Some((_, Some(intent))) => Ok(Intent {
                    id: intent.id,
                    client_secret: intent.client_secret,
                    amount: intent.amount,
                }),
                // `open` declined: say why.
                Some((order, None)) => Err(card_hold(&order)
                    .err()
                    .unwrap_or_else(|| Denied::CardsNotSetUp.into())),
            };
        }
        let order = store
            .payable(order_id)
            .await?
            .ok_or(AppError::from(Missing::Booking))?;
        let amount = card_hold(&order)?;
        match self {
            Provider::Stripe(stripe) => stripe.create_intent(order_id, amount).await,
            Provider::TestMode | Provider::Disabled => Err(Denied::CardsNotSetUp.into()),
        }
    }

    /// The succeeded payment behind `transaction_id`, or None if it did not succeed.
    pub async fn succeeded(
        &self,
        store: &dyn Store,
        transaction_id: &str,
    ) -> AppResult<Option<Succeeded>> {
        match self {
            Provider::Stripe(stripe) => Ok(stripe
                .intent(transaction_id)
                .await?
                .filter(|intent| {
                    matches!(
                        intent.status,
                        IntentStatus::Authorised | IntentStatus::Captured
                    )
                })
                .map(|intent| intent.succeeded)),
            Provider::TestMode => Ok(store
                .test_payment_intent_by_id(transaction_id)
                .await?
                .filter(|intent| intent.status == "succeeded")
                .map(|intent| Succeeded {
                    order_id: intent.order_id,
                    amount: PaidAmount::Confirmed(intent.amount),
                    currency: intent.currency,
                    // Held like a card's authorisation: taken at the handover.
                    to_capture: true,
                    method: HoldMethod::Card,
                })),
            Provider::Disabled => Ok(None),
        }
    }

    /// What a buyer's report that `transaction_id` paid booking `order_id` is worth: the
    /// provider's word on it (None: not confirmed). A test-mode intent is ours, so the
    /// sale reads it itself, in the read that looks for the payment already recorded
    /// ([`PaidAmount::OfTestIntent`]): an unconfirmed one records nothing.
    pub async fn reported(
        &self,
        store: &dyn Store,
        transaction_id: &str,
        order_id: i64,
    ) -> AppResult<Option<Succeeded>> {
        match self {
            Provider::TestMode => Ok(Some(Succeeded {
                order_id,
                amount: PaidAmount::OfTestIntent,
                currency: CURRENCY.to_owned(),
                to_capture: true,
                method: HoldMethod::Card,
            })),
            Provider::Stripe(_) | Provider::Disabled => self.succeeded(store, transaction_id).await,
        }
    }

    /// Takes the money of a payment our records gave the bike to.
    pub async fn capture(&self, transaction_id: &str) -> Capture {
        match self {
            Provider::Stripe(stripe) => stripe.capture(transaction_id).await,
            Provider::TestMode | Provider::Disabled => Capture::Taken,
        }
    }

    /// Gives back the money of a payment that lost (the bike went to someone else, or
    /// the booking was cancelled first).
    pub async fn release(&self, transaction_id: &str) -> AppResult<Released> {
        match self {
            Provider::Stripe(stripe) => stripe.release(transaction_id).await,
            Provider::TestMode | Provider::Disabled => Ok(Released::NotCharged),
        }
    }
}

/// A payment someone reports: of which booking, by which transaction, and who says so.
pub struct ReportedPayment {
    pub order_id: i64,
    /// The buyer reporting it (None: the provider's own word: a webhook, bKash's record).
    pub payer: Option<i64>,
    /// The listing the payer names, if they do.
    pub listing_id: Option<i64>,
    pub transaction_id: String,
}

/// Records `payment`, which the provider says is `paid` (authorised: a hold), if that
/// is the booking's price (and, when a buyer reports it, their booking); the money is
/// taken at the handover. The page and Stripe's webhook both end here, in either order
/// and as often as they like: the hold is recorded and announced once. A payment that
/// lost the bike (someone else's was recorded first, the booking was cancelled, the
/// amount is not the booking's price) is given back, and the buyer is told. A report
/// that is not the reporter's to make (someone else's booking, another bike) leaves the
/// money alone.
pub async fn settle(
    store: &dyn Store,
    holders: Holders<'_>,
    payment: ReportedPayment,
    paid: Succeeded,
) -> AppResult<Written<PaymentRecorded>> {
    let ReportedPayment {
        order_id,
        payer,
        listing_id,
        transaction_id,
    } = payment;
    if paid.order_id != order_id {
        return Err(not_confirmed());
    }
    let to_capture = paid.to_capture;
    let recorded = if paid.currency == CURRENCY {
        store
            .record_payment(&NewPayment {
                order_id,
                payer,
                listing_id,
                transaction_id: transaction_id.clone(),
                amount: paid.amount,
                currency: paid.currency,
                captured: !to_capture,
                method: paid.method,
            })
            .await
    } else {
        Err(StoreError::Refused(Refused::AmountNotPrice))
    };
    match recorded {
        // Held: the money is taken at the handover, with the buyer's code.
        Ok(recorded) => Ok(recorded),

        Err(StoreError::Refused(
            why @ (Refused::NotYourBooking | Refused::NotThisBookingsListing),
        )) => Err(why.into()),
        Err(StoreError::Refused(why)) => {
            let released = holders.release(paid.method, &transaction_id).await?;
            let why = crate::error::refused(why).trim_end_matches('.');
            Err(AppError::Conflict(
                match (released, to_capture, paid.method) {
                    (Released::Refunded, _, _) => format!("{why}: your payment has been refunded."),
                    (Released::NotCharged, true, HoldMethod::Card) => {
                        format!("{why}: your card was not charged.")
                    }
                    (Released::NotCharged, true, HoldMethod::Bkash) => {
                        format!("{why}: nothing was taken from your bKash wallet.")
                    }
                    (Released::NotCharged, false, _) => format!("{why}."),
                },
            ))
        }
        Err(other) => Err(other.into()),
    }
}

/// What a report of a payment the provider has not confirmed is told.
pub fn not_confirmed() -> AppError {
    StoreError::Unconfirmed.into()
}

/// Chooses bKash holds: on when its four credentials are set (half of them refuses to
/// start); bKash's sandbox or a local stand-in only where test payments are allowed
/// (`test_payments`: a loopback address, or `--test-payments`).
pub fn choose_bkash(args: &BkashArgs, test_payments: bool) -> Result<Option<Bkash>, String> {
    let set = |value: &Option<String>| value.as_deref().is_some_and(|v| !v.trim().is_empty());
    let given = [
        (set(&args.app_key), "BKASH_APP_KEY"),
        (set(&args.app_secret), "BKASH_APP_SECRET"),
        (set(&args.username), "BKASH_USERNAME"),
        (set(&args.password), "BKASH_PASSWORD"),
    ];
    if given.iter().all(|(present, _)| !present) {
        return Ok(None);
    }
    let missing: Vec<&str> = given
        .iter()
        .filter(|(present, _)| !present)
        .map(|(_, name)| *name)
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "bKash is half configured: {} must be set too (or unset all four)",
            missing.join(" and ")
        ));
    }
    let base = args.api_base.trim().trim_end_matches('/');
    if base != bkash::PRODUCTION && !test_payments {
        return Err(format!(
            "BKASH_API_BASE is {base}, not bKash's production API: test wallets are only \
             for a server on a loopback address or started with --test-payments"
        ));
    }
    Bkash::new(args).map(Some)
}

/// Who holds deals' money: the card provider, and bKash when it is set up. A hold's
/// capture and release go to the one that holds it.
#[derive(Clone, Copy)]
pub struct Holders<'a> {
    pub card: &'a Provider,
    pub bkash: Option<&'a Bkash>,
}

impl Holders<'_> {
    async fn capture(&self, method: HoldMethod, id: &str) -> Capture {
        match (method, self.bkash) {
            (HoldMethod::Card, _) => self.card.capture(id).await,
            (HoldMethod::Bkash, Some(bkash)) => bkash.capture(id).await,
            // bKash was switched off with holds still open: they wait for it.
            (HoldMethod::Bkash, None) => Capture::NotYet,
        }
    }

    /// Gives the money of `id`, held by `method`, back.
    pub async fn release(&self, method: HoldMethod, id: &str) -> AppResult<Released> {
        match (method, self.bkash) {
            (HoldMethod::Card, _) => self.card.release(id).await,
            (HoldMethod::Bkash, Some(bkash)) => bkash.void(id).await,
            (HoldMethod::Bkash, None) => Err(Denied::BkashNotSetUp.into()),
        }
    }

    /// Whether anything here holds money.
    fn any(&self) -> bool {
        !matches!(self.card, Provider::Disabled) || self.bkash.is_some()
    }
}

/// Takes the money of the hold `held`, whose handover claimed it: captured, the deal
/// completes; the hold gone, the deal lapses and the bike passes on (409, [`Denied::HoldGone`]);
/// no answer, the claim stays for the next try or the sweep (503
/// [`Denied::CapturePending`]). The capture carries the same idempotency key on every try, so
/// the provider takes the money once.
pub async fn take_hold(
    store: &dyn Store,
    holders: Holders<'_>,
    held: &HeldPayment,
) -> AppResult<Written<Booking>> {
    match holders.capture(held.method, &held.transaction_id).await {
        Capture::Taken => Ok(store.hold_captured(held).await?),
        Capture::Lost => {
            store.hold_lost(&held.transaction_id).await?;
            Err(Denied::HoldGone.into())
        }
        Capture::NotYet => Err(Denied::CapturePending.into()),
    }
}

/// Releases every hold whose deal ended at or before `before` and whose release the
/// provider has not confirmed: right after a call-off, a lapse or an admin's release,
/// and again each sweep until the provider confirms. How many were released now.
pub async fn release_holds(
    store: &dyn Store,
    holders: Holders<'_>,
    before: chrono::DateTime<Utc>,
) -> StoreResult<usize> {
    let mut released = 0;
    for hold in store.holds_to_release(before, SWEEP_BATCH).await? {
        let id = &hold.transaction_id;
        match holders.release(hold.method, id).await {
            Ok(_) => {
                store.hold_released(id).await?;
                released += 1;
            }
            Err(error) => {
                tracing::warn!(hold = %id, %error, "a hold was not released yet");
            }
        }
    }
    Ok(released)
}

/// Finishes each handover whose capture was claimed before `before` and has no
/// outcome yet (the provider did not answer, or the process stopped in between).
async fn settle_claims(
    store: &dyn Store,
    holders: Holders<'_>,
    before: chrono::DateTime<Utc>,
) -> StoreResult<()> {
    for held in store.claims_to_settle(before, SWEEP_BATCH).await? {
        match take_hold(store, holders, &held).await {
            Ok(_) => {
                tracing::info!(intent = %held.transaction_id, "captured a held deal's payment that waited")
            }
            Err(error) => {
                tracing::warn!(intent = %held.transaction_id, %error, "a claimed capture is still open")
            }
        }
    }
    Ok(())
}

/// How long a started bKash payment is asked about: bKash's page keeps one waiting for
/// the buyer no longer than a day.
const BKASH_ASKED_FOR: chrono::TimeDelta = chrono::TimeDelta::days(1);

/// A bKash payment bKash holds the money of, as the hold to record for its booking.
pub fn bkash_hold(payment: &bkash::Payment) -> Option<(ReportedPayment, Succeeded)> {
    let order_id = payment.order_id?;
    let reported = ReportedPayment {
        order_id,
        payer: None,
        listing_id: None,
        transaction_id: payment.payment_id.clone(),
    };
    let held = Succeeded {
        order_id,
        amount: PaidAmount::Confirmed(payment.amount),
        currency: CURRENCY.to_owned(),
        to_capture: true,
        method: HoldMethod::Bkash,
    };
    Some((reported, held))
}

/// Settles the bKash payments started and not yet settled — of booking `order_id` when
/// given, else those started before `before`: one the buyer approved (and never came
/// back from) is executed and recorded as the booking's hold, or given back when the
/// booking no longer holds the bike; one that ended is forgotten; one still waiting for
/// the buyer is asked about again later, for a day. Answers how many holds it recorded.
pub async fn reconcile_bkash(
    store: &dyn Store,
    holders: Holders<'_>,
    order_id: Option<i64>,
    before: chrono::DateTime<Utc>,
) -> StoreResult<usize> {
    let Some(bkash) = holders.bkash else {
        return Ok(0);
    };
    let mut recorded = 0;
    for (payment_id, started) in store.bkash_open(order_id, before, SWEEP_BATCH).await? {
        let settled = match bkash.execute(&payment_id).await {
            Ok(Some(payment)) => match bkash_hold(&payment) {
                Some((reported, held)) if payment.status == bkash::Status::Authorized => {
                    match settle(store, holders, reported, held).await {
                        Ok(_) => {
                            recorded += 1;
                            true
                        }
                        Err(error) if error.is_conflict_or_missing() => true,
                        Err(error) => {
                            tracing::warn!(%error, %payment_id, "cannot record a bKash hold yet");
                            false
                        }
                    }
                }
                _ => true,
            },
            // Not approved (yet): still waiting for the buyer, or ended.
            Ok(None) => match bkash.status(&payment_id).await {
                Ok(Some(payment)) if payment.status == bkash::Status::Initiated => {
                    Utc::now() - started > BKASH_ASKED_FOR
                }
                Ok(_) => true,
                Err(_) => false,
            },
            Err(_) => false,
        };
        if settled {
            store.bkash_settled(&payment_id).await?;
        }
    }
    Ok(recorded)
}

/// Payments one sweep looks at.
const SWEEP_BATCH: i64 = 100;

/// The payments sweep, one task per process while cards are taken: every `every`, it
/// finishes the handovers whose capture was claimed at least `every` ago and has no
/// outcome yet, and releases the holds of ended deals the provider has not confirmed
/// released. Several processes sweeping at once is safe: the provider captures, cancels
/// or refunds an intent once whatever the key, and a claimed deal completes or lapses
/// once (conditional updates).
pub async fn sweep(
    store: Arc<dyn Store>,
    provider: Arc<Provider>,
    bkash: Option<Arc<Bkash>>,
    every: Duration,
) {
    let holders = Holders {
        card: &provider,
        bkash: bkash.as_deref(),
    };
    if !holders.any() {
        return;
    }
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        // What was claimed or ended just now is being settled by whoever did it.
        let before = Utc::now() - every;
        if let Err(error) = settle_claims(store.as_ref(), holders, before).await {
            tracing::warn!(%error, "cannot read the handovers waiting for their capture");
        }
        if let Err(error) = release_holds(store.as_ref(), holders, before).await {
            tracing::warn!(%error, "cannot release the holds of ended deals");
        }
        if let Err(error) = reconcile_bkash(store.as_ref(), holders, None, before).await {
            tracing::warn!(%error, "cannot settle the bKash payments started");
        }
    }
}
