//! Paying for a booking: create the intent, confirm the card (test mode), record the
//! payment — which sells the bike to exactly one buyer.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chrono::Datelike;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::orders::own_order;
use crate::auth::Buyer;
use crate::error::{AppError, AppResult, Json};
use crate::payments::test_card::{check_card, Card};
use crate::payments::{Provider, CURRENCY};
use crate::store::{NewPayment, OrderStatus, PaymentRecorded};
use crate::validate::{parse_id, Checker};
use crate::views::Inserted;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    let router = OpenApiRouter::new()
        .routes(routes!(create_payment_intent))
        .routes(routes!(record_payment));
    // The test-mode card endpoint exists only while Stripe is not configured; Provider
    // has no Stripe variant yet, so it is always there.
    router.routes(routes!(confirm_test_card))
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
    /// Cents.
    amount: i64,
    currency: &'static str,
    /// "test" for the built-in test-mode provider, "stripe" for Stripe.
    provider: &'static str,
}

/// Starts paying for a booking: the amount is the bike's price from our records.
#[utoipa::path(post, path = "/create-payment-intent", tag = "payments", request_body = IntentInput,
    responses((status = 200, body = IntentView), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)),
    security(("access_token" = [])))]
async fn create_payment_intent(
    State(state): State<AppState>,
    Buyer(buyer): Buyer,
    Json(body): Json<IntentInput>,
) -> AppResult<Json<IntentView>> {
    let mut check = Checker::new();
    let order_id = check.id("_id", body.id.as_ref(), "Choose a booking to pay for");
    check.finish()?;
    let order = own_order(&state, &buyer, order_id).await?;
    match order.order_status {
        OrderStatus::Booked if !order.product.sold => {}
        OrderStatus::Paid => {
            return Err(AppError::Conflict("This booking is already paid.".into()))
        }
        OrderStatus::Cancelled => {
            return Err(AppError::Conflict("This booking was cancelled.".into()))
        }
        OrderStatus::Booked => {
            return Err(AppError::Conflict(
                "This bike has already been sold.".into(),
            ))
        }
    }
    let intent = state
        .payments
        .create_intent(
            state.store.as_ref(),
            order.order_id,
            order.product.resale_price,
        )
        .await?;
    Ok(Json(IntentView {
        client_secret: intent.client_secret,
        payment_intent_id: intent.id,
        amount: intent.amount,
        currency: CURRENCY,
        provider: state.payments.name(),
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

/// Stripe.js's answer shape: `{"paymentIntent": …}` or `{"error": {…}}`.
fn stripe_error(
    status: StatusCode,
    kind: &str,
    code: &str,
    decline_code: Option<&str>,
    message: &str,
) -> Response {
    let mut error = json!({ "type": kind, "code": code, "message": message });
    if let Some(decline) = decline_code {
        error["decline_code"] = json!(decline);
    }
    (status, axum::Json(json!({ "error": error }))).into_response()
}

/// Confirms a card payment in test mode, answering like Stripe.js's confirmCardPayment.
/// 4242 4242 4242 4242 succeeds; Stripe's other test cards fail as they do there.
#[utoipa::path(post, path = "/test-mode/confirm-card", tag = "payments", request_body = ConfirmCardInput,
    responses((status = 200, description = "`{paymentIntent: {id, status: \"succeeded\"}}`"),
              (status = 402, description = "`{error: {type: \"card_error\", code, message}}`"),
              (status = 400), (status = 404)))]
async fn confirm_test_card(
    State(state): State<AppState>,
    Json(body): Json<ConfirmCardInput>,
) -> AppResult<Response> {
    if *state.payments != Provider::TestMode {
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
    let Some(intent) = state.store.test_payment_intent(&secret).await? else {
        return Ok(stripe_error(
            StatusCode::NOT_FOUND,
            "invalid_request_error",
            "resource_missing",
            None,
            "No such payment_intent.",
        ));
    };
    if intent.status != "succeeded" {
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
        if let Err(e) = checked {
            return Ok(stripe_error(
                StatusCode::PAYMENT_REQUIRED,
                "card_error",
                e.code,
                e.decline_code,
                e.message,
            ));
        }
        state.store.succeed_test_payment_intent(&intent.id).await?;
    }
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
    responses((status = 201, body = Inserted), (status = 200, body = Inserted, description = "Already recorded"),
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
    let order = own_order(&state, &buyer, order_id).await?;
    let booking = body.booking_id.as_ref().map(|v| {
        v.as_str()
            .map(str::to_owned)
            .unwrap_or_else(|| v.to_string())
    });
    if let Some(booking) = booking {
        if parse_id(&booking) != Some(order.product.id) {
            return Err(AppError::field(
                "bookingId",
                "This is not the bike of this booking",
            ));
        }
    }
    let not_confirmed = || {
        AppError::field(
            "transactionId",
            "The card provider has not confirmed this payment",
        )
    };
    let paid = state
        .payments
        .succeeded(state.store.as_ref(), &transaction_id)
        .await?
        .ok_or_else(not_confirmed)?;
    if paid.order_id != order.order_id {
        return Err(not_confirmed());
    }
    if paid.amount != order.product.resale_price || paid.currency != CURRENCY {
        return Err(AppError::Conflict(
            "The amount paid is not this bike's price.".into(),
        ));
    }
    let recorded = state
        .store
        .record_payment(&NewPayment {
            order_id,
            transaction_id,
            amount: paid.amount,
            currency: paid.currency,
        })
        .await?;
    Ok(match recorded {
        PaymentRecorded::New(id) => (StatusCode::CREATED, Json(Inserted::new(id))),
        PaymentRecorded::Existing(id) => (StatusCode::OK, Json(Inserted::new(id))),
    })
}
