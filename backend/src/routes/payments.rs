//! Paying for a booking: create the intent, confirm the card (test mode), record the
//! payment — which sells the bike to exactly one buyer.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::Datelike;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::bookings::{may_pay, own_payable};
use super::{Inserted, RecordId};
use crate::auth::Buyer;
use crate::error::{AppError, AppResult, Json, JsonBodyRefused, Reason};
use crate::payments::stripe::IntentStatus;
use crate::payments::test_card::{check_card, Card};
use crate::payments::ways::{NotOffered, PayNote, PayWays};
use crate::payments::{not_confirmed, settle, webhook, Provider, ReportedPayment, CURRENCY};
use crate::records::{PayMethod, Payable, PaymentRecorded};
use crate::store::{why_not_payable, Refused};
use crate::validate::{parse_id, Checker};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    // The test-mode card endpoint answers only in test mode, the webhook only with Stripe.
    OpenApiRouter::new()
        .routes(routes!(payment_methods))
        .routes(routes!(create_payment_intent))
        .routes(routes!(record_payment))
        .routes(routes!(confirm_test_card))
        .routes(routes!(stripe_webhook))
}

/// The booking to pay for: the page sends the whole order; only its `_id` is read.
#[derive(Debug, Deserialize, ToSchema)]
pub struct IntentInput {
    #[serde(rename = "_id")]
    #[schema(value_type = String)]
    id: Option<Value>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntentView {
    client_secret: String,
    payment_intent_id: String,
    /// Paisa (hundredths of a taka).
    amount: i64,
    currency: &'static str,
    /// "test" for the built-in test-mode provider, "stripe" for Stripe.
    provider: &'static str,
}

/// Starts paying for a booking by card: the amount is the booking's price from our
/// records (the bike's price when it was booked), or the deposit it asked.
#[utoipa::path(post, path = "/create-payment-intent", tag = "payments", request_body = IntentInput,
    responses(JsonBodyRefused, (status = 200, body = IntentView), (status = 401), (status = 403), (status = 404),
              (status = 409, description = "`conflict`: the booking cannot be paid now, or the seller does not take cards for this bike"),
              (status = 422, description = "`validation`: no booking named, or its price is above ৳9,99,999.99, the most a card payment carries (pay another way)"),
              (status = 503, description = "`payments_unavailable`: this marketplace takes no card payments")),
    security(("access_token" = [])))]
async fn create_payment_intent(
    State(state): State<AppState>,
    Buyer(buyer): Buyer,
    Json(body): Json<IntentInput>,
) -> AppResult<Json<IntentView>> {
    let mut check = Checker::new();
    let order_id = check.id("_id", body.id.as_ref(), "Choose a booking to pay for");
    check.finish()?;
    let holders = state.holders();
    let card_hold = |order: &Payable| {
        may_pay(order, &buyer)?;
        if let Some(why) = why_not_payable(order.order_status) {
            return Err(why.into());
        }
        Ok(PayWays::of(order, holders).allows(PayMethod::Card)?.hold)
    };
    let intent = state
        .payments
        .create_intent(state.store.as_ref(), order_id, &card_hold)
        .await?;
    Ok(Json(IntentView {
        client_secret: intent.client_secret,
        payment_intent_id: intent.id,
        amount: intent.amount,
        currency: CURRENCY,
        provider: state.payments.name(),
    }))
}

/// The ways a buyer may pay a booking, offered or not.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayWaysView {
    /// The booking's price, in taka.
    #[serde(serialize_with = "crate::views::money")]
    #[schema(value_type = f64)]
    price: i64,
    /// The deposit a card or bKash holds to reserve the bike, in taka; null: a hold
    /// covers the whole price.
    #[serde(serialize_with = "crate::views::some_money")]
    #[schema(value_type = Option<f64>)]
    deposit: Option<i64>,
    /// cash, card and bkash, always in that order.
    methods: Vec<ChoiceView>,
}

/// One way of paying a booking.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChoiceView {
    /// cash, card or bkash.
    method: &'static str,
    /// Whether the buyer may pay this way.
    offered: bool,
    /// Held now by the card or bKash, in taka (0 for cash).
    #[serde(serialize_with = "crate::views::money")]
    #[schema(value_type = f64)]
    hold: i64,
    /// Paid in person at the handover, in taka.
    #[serde(serialize_with = "crate::views::money")]
    #[schema(value_type = f64)]
    at_handover: i64,
    /// Why it is not offered (the seller does not take it, it is not set up here, the
    /// amount is more than it carries, a deposit is asked); absent when offered.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    reason: Option<&'static str>,
    /// `reason` as a stable code (an error body's `reason`), for a page to say it in its
    /// reader's language; with `reason`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    reason_code: Option<Reason>,
    /// One more thing the buyer should know before choosing it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    note: Option<&'static str>,
    /// `note` as a stable code; with `note`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    note_code: Option<PayNote>,
}

/// How the buyer may pay their booking (the booking's buyer only): the ways its listing
/// takes, that this marketplace has set up and that can carry the amount, each with
/// what is held now and what is paid in cash at the handover. The payment page shows
/// it as it is; each way refuses what it does not offer.
#[utoipa::path(get, path = "/orders/{id}/methods", tag = "payments",
    params(("id" = String, Path, description = "Booking id")),
    responses((status = 200, body = PayWaysView), (status = 401), (status = 403), (status = 404)),
    security(("access_token" = [])))]
async fn payment_methods(
    State(state): State<AppState>,
    Buyer(buyer): Buyer,
    RecordId(id): RecordId,
) -> AppResult<Json<PayWaysView>> {
    let order = own_payable(&state, &buyer, id).await?;
    let ways = PayWays::of(&order, state.holders());
    Ok(Json(PayWaysView {
        price: order.price,
        deposit: order.deposit,
        methods: ways
            .choices
            .into_iter()
            .map(|choice| ChoiceView {
                method: choice.method.as_str(),
                offered: choice.not_offered.is_none(),
                hold: choice.hold,
                at_handover: choice.at_handover,
                reason: choice.not_offered.map(NotOffered::reason),
                reason_code: choice.not_offered.map(NotOffered::code),
                note: choice.note.map(PayNote::message),
                note_code: choice.note,
            })
            .collect(),
    }))
}

/// The card form's contents, as Stripe.js would send them.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmCardInput {
    client_secret: Option<String>,
    card: Option<CardInput>,
    #[schema(value_type = Object)]
    #[serde(rename = "billing")]
    _billing: Option<Value>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardInput {
    #[serde(default)]
    number: String,
    #[serde(default)]
    exp_month: u32,
    #[serde(default)]
    exp_year: u32,
    #[serde(default)]
    cvc: String,
}

/// How Stripe.js reports a confirmation it refused: `{"error": {type, code, message}}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct StripeError {
    error: StripeErrorDetail,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StripeErrorDetail {
    /// "invalid_request_error" or "card_error".
    #[serde(rename = "type")]
    kind: String,
    /// Stripe's error code, e.g. "card_declined".
    code: String,
    /// Why a card was declined, e.g. "insufficient_funds".
    #[serde(skip_serializing_if = "Option::is_none")]
    decline_code: Option<String>,
    message: String,
}

/// A refused test-mode confirmation: Stripe's error shape when the card or the intent is
/// refused, ours ([`crate::error::ErrorBody`]) when the request itself cannot be read or
/// test mode is off.
pub struct TestCardRefusal;

impl utoipa::PartialSchema for TestCardRefusal {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::OneOfBuilder;
        use utoipa::openapi::Ref;
        OneOfBuilder::new()
            .item(Ref::from_schema_name("StripeError"))
            .item(Ref::from_schema_name("ErrorBody"))
            .into()
    }
}

impl ToSchema for TestCardRefusal {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        use utoipa::PartialSchema;
        schemas.push(("StripeError".into(), StripeError::schema()));
        schemas.push(("StripeErrorDetail".into(), StripeErrorDetail::schema()));
        schemas.push(("ErrorBody".into(), crate::error::ErrorBody::schema()));
    }
}

fn stripe_error(
    status: StatusCode,
    kind: &str,
    code: &str,
    decline_code: Option<&str>,
    message: &str,
) -> Response {
    let error = StripeErrorDetail {
        kind: kind.to_owned(),
        code: code.to_owned(),
        decline_code: decline_code.map(str::to_owned),
        message: message.to_owned(),
    };
    (status, axum::Json(StripeError { error })).into_response()
}

/// Confirms a card payment in test mode, answering like Stripe.js's confirmCardPayment.
/// 4242 4242 4242 4242 succeeds; Stripe's other test cards fail as they do there.
#[utoipa::path(post, path = "/test-mode/confirm-card", tag = "payments", request_body = ConfirmCardInput,
    responses(JsonBodyRefused, (status = 200, description = "`{paymentIntent: {id, status: \"succeeded\"}}`"),
              (status = 402, body = StripeError, description = "The card was declined"),
              (status = 400, body = TestCardRefusal, description = "No client secret, or a body that cannot be read"),
              (status = 404, body = TestCardRefusal, description = "No such payment intent, or test mode is off")))]
async fn confirm_test_card(
    State(state): State<AppState>,
    Json(body): Json<ConfirmCardInput>,
) -> AppResult<Response> {
    if !matches!(*state.payments, Provider::TestMode) {
        return Err(AppError::NotFound("Test-mode payments are off.".into()));
    }
    let Some(secret) = body.client_secret.filter(|s| !s.is_empty()) else {
        return Ok(stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "parameter_missing",
            None,
            "Missing client secret.",
        ));
    };
    let card = body.card.unwrap_or(CardInput {
        number: String::new(),
        exp_month: 0,
        exp_year: 0,
        cvc: String::new(),
    });
    let today = chrono::Utc::now();
    let checked = check_card(
        &Card {
            number: &card.number,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
            cvc: &card.cvc,
        },
        (today.year(), today.month()),
    );
    let intent = match checked {
        Ok(()) => state.store.confirm_test_payment_intent(&secret).await?,
        // A refused card changes nothing, and an intent that succeeded already stays so.
        Err(refused) => match state.store.test_payment_intent(&secret).await? {
            Some(intent) if intent.status == "succeeded" => Some(intent),
            Some(_) => {
                return Ok(stripe_error(
                    StatusCode::PAYMENT_REQUIRED,
                    "card_error",
                    refused.code,
                    refused.decline_code,
                    refused.message,
                ))
            }
            None => None,
        },
    };
    let Some(intent) = intent else {
        return Ok(stripe_error(
            StatusCode::NOT_FOUND,
            "invalid_request_error",
            "resource_missing",
            None,
            "No such payment_intent.",
        ));
    };
    let answer = json!({ "paymentIntent": {
        "id": intent.id, "status": "succeeded", "amount": intent.amount, "currency": intent.currency,
    }});
    Ok(axum::Json(answer).into_response())
}

/// A payment to record. `transactionId` (the payment intent) and `ordersId` (the
/// booking) are read; `price` and `email` are ignored: the provider's and our records
/// say what was paid and by whom.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentInput {
    #[schema(value_type = String)]
    transaction_id: Option<Value>,
    #[schema(value_type = String)]
    orders_id: Option<Value>,
    /// The listing; when sent it must be the booking's.
    #[schema(value_type = Option<String>)]
    booking_id: Option<Value>,
}

/// Records a payment the provider confirmed; the bike becomes sold. Idempotent.
#[utoipa::path(post, path = "/payments", tag = "payments", request_body = PaymentInput,
    responses(JsonBodyRefused, (status = 201, body = Inserted), (status = 200, body = Inserted, description = "Already recorded"),
              (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)),
    security(("access_token" = [])))]
async fn record_payment(
    State(state): State<AppState>,
    Buyer(buyer): Buyer,
    Json(body): Json<PaymentInput>,
) -> AppResult<(StatusCode, Json<Inserted>)> {
    let mut check = Checker::new();
    let transaction_id = check.text(
        "transactionId",
        body.transaction_id.as_ref(),
        "The payment's transaction id is required",
        255,
    );
    let order_id = check.id(
        "ordersId",
        body.orders_id.as_ref(),
        "Choose a booking to pay for",
    );
    check.finish()?;
    // The booking is read once, inside the sale: it must be this buyer's, of the bike
    // named when one is.
    let listing_id = match body.booking_id.as_ref() {
        None => None,
        Some(value) => {
            let named = value
                .as_str()
                .map(str::to_owned)
                .unwrap_or_else(|| value.to_string());
            Some(parse_id(&named).ok_or(Refused::NotThisBookingsListing)?)
        }
    };
    let paid = state
        .payments
        .reported(state.store.as_ref(), &transaction_id, order_id)
        .await?
        .ok_or_else(not_confirmed)?;
    let payment = ReportedPayment {
        order_id,
        payer: Some(buyer.id),
        listing_id,
        transaction_id,
    };
    let written = settle(state.store.as_ref(), state.holders(), payment, paid).await?;
    let (status, id) = match written.outcome {
        PaymentRecorded::New(id) => (StatusCode::CREATED, id),
        PaymentRecorded::Existing(id) => (StatusCode::OK, id),
    };
    Ok((
        status,
        Json(Inserted::new(id).seen_by(&written.events, &buyer)),
    ))
}

/// The parts of a Stripe event this server reads.
#[derive(Debug, Deserialize)]
struct StripeEvent {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: StripeEventData,
}

#[derive(Debug, Deserialize)]
struct StripeEventData {
    object: StripeObject,
}

#[derive(Debug, Deserialize)]
struct StripeObject {
    #[serde(default)]
    id: String,
}

/// Stripe's webhook: reaches the same end as the page when the page closed before it
/// reported the payment. The signature is checked, each event is handled once, and
/// what the event says is checked with Stripe itself before anything is recorded.
#[utoipa::path(post, path = "/webhooks/stripe", tag = "payments",
    request_body(content = Object, description = "A Stripe event, signed in `Stripe-Signature`"),
    responses((status = 200, description = "`{received: true}`"), (status = 400), (status = 404), (status = 413), (status = 503)))]
async fn stripe_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> AppResult<axum::Json<Value>> {
    let body = body?;
    let Provider::Stripe(stripe) = &*state.payments else {
        return Err(AppError::NotFound("Stripe is not configured.".into()));
    };
    let signature = headers
        .get("stripe-signature")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    let now = chrono::Utc::now().timestamp();
    webhook::verify(&body, signature, stripe.webhook_secret(), now)
        .map_err(|refused| AppError::BadRequest(refused.message().into()))?;
    let event: StripeEvent = serde_json::from_slice(&body)
        .map_err(|_| AppError::BadRequest("The event is not one this server reads.".into()))?;
    if state.store.stripe_event_seen(&event.id).await? {
        return Ok(axum::Json(json!({ "received": true })));
    }
    let intent = event.data.object.id;
    if PAID_EVENTS.contains(&event.kind.as_str()) {
        // Stripe's own record of the intent decides, not the event's copy of it.
        if let Some(paid) = state
            .payments
            .succeeded(state.store.as_ref(), &intent)
            .await?
        {
            let payment = ReportedPayment {
                order_id: paid.order_id,
                payer: None,
                listing_id: None,
                transaction_id: intent.clone(),
            };
            match settle(state.store.as_ref(), state.holders(), payment, paid).await {
                // Lost the bike (the money went back), or the booking is gone: nothing
                // more to do.
                Ok(_) => {}
                Err(error) if error.is_conflict_or_missing() => {}
                // Anything else: Stripe delivers the event again later.
                Err(error) => return Err(error),
            }
        }
    }
    if event.kind == CANCELLED_EVENT {
        // A hold Stripe itself ended (it lapsed after seven days, or was cancelled from
        // the dashboard): its deal, while still held, ends; Stripe's record decides.
        if stripe.intent(&intent).await?.map(|found| found.status) == Some(IntentStatus::Cancelled)
        {
            state.store.hold_lost(&intent).await?;
        }
    }
    state.store.remember_stripe_event(&event.id).await?;
    Ok(axum::Json(json!({ "received": true })))
}

/// The Stripe event that says an intent was cancelled.
const CANCELLED_EVENT: &str = "payment_intent.canceled";

/// Stripe events that say a buyer's card was authorised or charged.
const PAID_EVENTS: [&str; 2] = [
    "payment_intent.amount_capturable_updated",
    "payment_intent.succeeded",
];
