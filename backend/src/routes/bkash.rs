//! Paying with bKash: the buyer holding the bike starts a bKash payment of the booking's
//! price, approves it on bKash's page, and comes back through the callback, where the
//! payment is executed — bKash now holds the money — and recorded as the deal's hold
//! exactly as a card's is (docs/payments.md). The money is taken at the handover.

use axum::extract::{Query, State};
use axum::response::Redirect;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::bookings::own_payable;
use super::RecordId;
use crate::auth::Buyer;
use crate::denied::Denied;
use crate::error::{AppError, AppResult, Json};
use crate::payments::bkash::Status;
use crate::payments::ways::PayWays;
use crate::payments::{bkash_hold, reconcile_bkash, settle};
use crate::records::PayMethod;
use crate::store::{why_not_payable, Refused};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start_bkash))
        .routes(routes!(bkash_callback))
}

/// Where the buyer approves the payment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BkashStartView {
    /// bKash's page (bKash's own name for it): the page sends the buyer there.
    #[serde(rename = "bkashURL")]
    bkash_url: String,
    payment_id: String,
    /// Paisa (hundredths of a taka): the booking's price, or the deposit it asked.
    amount: i64,
}

/// Starts holding the booking's price (or the deposit it asked) in the buyer's bKash
/// wallet (the buyer holding the bike only): bKash's page asks them to approve it, then sends them back through the
/// callback. The same booking at the same price gets the same payment again.
#[utoipa::path(post, path = "/orders/{id}/bkash", tag = "payments",
    params(("id" = String, Path, description = "Booking id")),
    responses((status = 200, body = BkashStartView), (status = 401), (status = 403), (status = 404),
              (status = 409, description = "`conflict`: the booking cannot be paid now, or the seller does not take bKash for this bike"),
              (status = 422, description = "`validation`: the amount is above ৳5,00,000, the most a bKash wallet holds"),
              (status = 503, description = "`payments_unavailable`: bKash is not set up here, or is not answering")),
    security(("access_token" = [])))]
async fn start_bkash(
    State(state): State<AppState>,
    Buyer(buyer): Buyer,
    RecordId(id): RecordId,
) -> AppResult<Json<BkashStartView>> {
    let order = own_payable(&state, &buyer, id).await?;
    let Some(bkash) = state.bkash.as_deref() else {
        return Err(Denied::BkashNotSetUp.into());
    };
    // A payment started before may have been approved without the buyer coming back:
    // record it first rather than hold the price twice. Recorded, the booking is paid.
    let now = chrono::Utc::now();
    if reconcile_bkash(state.store.as_ref(), state.holders(), Some(id), now).await? > 0 {
        return Err(Refused::BookingPaid.into());
    }
    if let Some(why) = why_not_payable(order.order_status) {
        return Err(why.into());
    }
    let amount = PayWays::of(&order, state.holders())
        .allows(PayMethod::Bkash)?
        .hold;
    let callback = format!("{}/api/bkash/callback", state.settings.public_origin);
    let created = bkash.create(order.order_id, amount, &callback).await?;
    state
        .store
        .bkash_started(&created.payment_id, order.order_id)
        .await?;
    Ok(Json(BkashStartView {
        bkash_url: created.bkash_url,
        payment_id: created.payment_id,
        amount,
    }))
}

/// What bKash appends to the callback address.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    /// bKash's payment id.
    #[serde(rename = "paymentID", default)]
    #[param(rename = "paymentID")]
    payment_id: String,
    /// success, failure or cancel, as bKash's page ended.
    #[serde(default)]
    status: String,
}

/// Where bKash sends the buyer back. Nothing in the address is trusted: the payment is
/// executed and read back from bKash, and recorded for the booking bKash's record names,
/// at the amount bKash holds. The buyer lands on My Orders (held) or back on the
/// payment page, which says what happened (`bkash=cancel|failure|refused`).
#[utoipa::path(get, path = "/bkash/callback", tag = "payments", params(CallbackQuery),
    responses((status = 303, description = "To My Orders, or back to the payment page")))]
async fn bkash_callback(
    State(state): State<AppState>,
    Query(query): Query<CallbackQuery>,
) -> Redirect {
    // The buyer's browser is on our own site now: where it goes next is a path on it.
    let my_orders = "/dashboard/my-orders";
    let Some(bkash) = state.bkash.as_deref() else {
        return Redirect::to(my_orders);
    };
    let back = |order: Option<i64>, how: &str| match order {
        Some(order) => Redirect::to(&format!("/dashboard/stripe-payment/{order}?bkash={how}")),
        None => Redirect::to(&format!("{my_orders}?bkash={how}")),
    };
    if query.payment_id.is_empty() || query.payment_id.len() > 100 {
        return back(None, "failure");
    }
    if query.status != "success" {
        // Cancelled or failed on bKash's page: nothing is held. Which booking it was
        // for comes from bKash's record.
        let order = match bkash.status(&query.payment_id).await {
            Ok(Some(payment)) => payment.order_id,
            _ => None,
        };
        let how = if query.status == "cancel" {
            "cancel"
        } else {
            "failure"
        };
        return back(order, how);
    }
    let payment = match bkash.execute(&query.payment_id).await {
        Ok(Some(payment)) => payment,
        Ok(None) => return back(None, "failure"),
        Err(error) => {
            tracing::warn!(%error, payment = %query.payment_id, "cannot execute a bKash payment");
            return back(None, "unavailable");
        }
    };
    let Some((reported, held)) = bkash_hold(&payment) else {
        tracing::warn!(payment = %query.payment_id, "a bKash payment that is not one of ours");
        return back(None, "failure");
    };
    let order_id = reported.order_id;
    if payment.status != Status::Authorized {
        return back(Some(order_id), "failure");
    }
    let settled = settle(state.store.as_ref(), state.holders(), reported, held).await;
    if settled
        .as_ref()
        .map_or_else(AppError::is_conflict_or_missing, |_| true)
    {
        if let Err(error) = state.store.bkash_settled(&payment.payment_id).await {
            tracing::warn!(%error, "a settled bKash payment is asked about again later");
        }
    }
    match settled {
        Ok(_) => Redirect::to(&format!("{my_orders}?bkash=held")),
        // Lost the bike (the hold was voided), or the booking is gone.
        Err(error) if error.is_conflict_or_missing() => back(Some(order_id), "refused"),
        Err(error) => {
            tracing::warn!(%error, order_id, "cannot record a bKash hold");
            back(Some(order_id), "unavailable")
        }
    }
}
