//! Bookings: a buyer books an unsold bike (holding it, or joining the line behind the
//! buyer who does), sees and cancels their own bookings, and loads one to pay for it;
//! the seller declines a booking in line or releases a reservation (docs/deals.md).

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Changed, Inserted};
use super::{EmailPath, RecordId};
use crate::auth::{throttle, AuthUser, Buyer, Confirmed};
use crate::denied::{Denied, Throttled};
use crate::error::{AppError, AppResult, FieldCode, Json, JsonBodyRefused};
use crate::records::{Booking, MeetingProposal, NewBooking, Payable, Role, User};
use crate::store::{BookingEnd, Missing, Refused, SellerAct};
use crate::validate::Checker;
use crate::views::BookingView;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_booking))
        // One path template for both: GET takes the buyer's e-mail, DELETE a booking id.
        .routes(routes!(list_bookings, cancel_booking))
        .routes(routes!(get_payment_booking))
        .routes(routes!(list_seller_bookings))
        .routes(routes!(decline_booking))
        .routes(routes!(release_booking))
        .routes(routes!(propose_meeting))
        .routes(routes!(confirm_meeting))
}

/// A booking that the caller may see: its buyer's, or any for an admin.
pub(crate) async fn own_booking(state: &AppState, user: &User, id: i64) -> AppResult<Booking> {
    let order = state.store.booking(id).await?;
    yours(order, user, |order| order.buyer_id)
}

/// What paying booking `id` needs of it, when `user` may pay it (its buyer, or an admin):
/// [`own_booking`] without the rest of the booking.
pub(crate) async fn own_payable(state: &AppState, user: &User, id: i64) -> AppResult<Payable> {
    let order = state.store.payable(id).await?;
    yours(order, user, |order| order.buyer_id)
}

/// Refused unless `user` may pay `order`: its buyer, or an admin.
pub(crate) fn may_pay(order: &Payable, user: &User) -> AppResult<()> {
    yours(Some(order), user, |order| order.buyer_id).map(drop)
}

/// `found` when it is there and `user` bought it or is an admin.
fn yours<T>(found: Option<T>, user: &User, buyer: impl Fn(&T) -> i64) -> AppResult<T> {
    let order = found.ok_or_else(|| AppError::from(Missing::Booking))?;
    if buyer(&order) != user.id && user.role() != Role::Admin {
        return Err(Refused::NotYourBooking.into());
    }
    Ok(order)
}

/// Only `bookingId`, `buyerPhone` and `meetingLocation` are read; the buyer is the
/// signed-in user and the bike's fields come from our records.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingInput {
    /// The listing to book.
    #[schema(value_type = String)]
    booking_id: Option<Value>,
    #[schema(value_type = String)]
    buyer_phone: Option<Value>,
    #[schema(value_type = String)]
    meeting_location: Option<Value>,
}

/// Books an unsold bike (buyers, from a proven address: 403 `unverified` before, trust.md).
#[utoipa::path(post, path = "/orders", tag = "orders", request_body = BookingInput,
    responses(JsonBodyRefused, (status = 201, body = Inserted), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422), (status = 429)),
    security(("access_token" = [])))]
async fn create_booking(
    State(state): State<AppState>,
    Confirmed(Buyer(buyer)): Confirmed<Buyer>,
    Json(body): Json<BookingInput>,
) -> AppResult<(StatusCode, Json<Inserted>)> {
    let mut check = Checker::new();
    let order = NewBooking {
        product_id: check.id(
            "bookingId",
            body.booking_id.as_ref(),
            "Choose a bike to book",
        ),
        buyer_id: buyer.id,
        buyer_phone: check.phone(
            "buyerPhone",
            body.buyer_phone.as_ref(),
            "Phone number is required",
        ),
        meeting_location: check.text(
            "meetingLocation",
            body.meeting_location.as_ref(),
            "Meeting location is required",
            200,
        ),
    };
    check.finish()?;
    let again = format!("{} {}", buyer.id, order.product_id);
    state
        .limits
        .take(&throttle::BOOKINGS_PER_LISTING, &again)
        .await
        .map_err(|retry| throttle::too_many(Throttled::ManyBookingsOfThisBike, retry))?;
    let written = state.store.create_booking(&order).await?;
    let answer = Inserted::new(written.outcome).seen_by(&written.events, &buyer);
    Ok((StatusCode::CREATED, Json(answer)))
}

/// A buyer's bookings, newest first (that buyer, or an admin).
#[utoipa::path(get, path = "/orders/{id}", tag = "orders", params(("id" = String, Path, description = "The buyer's e-mail")),
    responses((status = 200, body = [BookingView]), (status = 401), (status = 403), (status = 404)),
    security(("access_token" = [])))]
async fn list_bookings(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    EmailPath(email): EmailPath,
) -> AppResult<Json<Vec<BookingView>>> {
    let buyer = super::own_or_admin(&state, &user, &email, Denied::NotYourBookings).await?;
    let orders = state.store.bookings_of_buyer(buyer.id).await?;
    Ok(Json(orders.into_iter().map(BookingView::from).collect()))
}

/// Every booking of a seller's bikes, newest first, cancelled ones included: who booked
/// (name, e-mail, phone), where they want to meet, and whether they have paid (that
/// seller, or an admin).
#[utoipa::path(get, path = "/sellerOrders/{email}", tag = "orders", params(("email" = String, Path, description = "The seller's e-mail")),
    responses((status = 200, body = [BookingView]), (status = 401), (status = 403), (status = 404)),
    security(("access_token" = [])))]
async fn list_seller_bookings(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    EmailPath(email): EmailPath,
) -> AppResult<Json<Vec<BookingView>>> {
    let seller = super::own_or_admin(&state, &user, &email, Denied::NotYourBikesBookings).await?;
    let orders = state.store.bookings_of_seller(seller.id).await?;
    Ok(Json(orders.into_iter().map(BookingView::from).collect()))
}

/// Cancels one of the buyer's unpaid bookings.
#[utoipa::path(delete, path = "/orders/{id}", tag = "orders", params(("id" = String, Path, description = "Booking id")),
    responses((status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 409)),
    security(("access_token" = [])))]
async fn cancel_booking(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
) -> AppResult<Json<Changed>> {
    own_payable(&state, &user, id).await?;
    let written = state.store.cancel_booking(id, user.id).await?;
    if !written.outcome {
        return Err(Denied::BookingCancelledAlready.into());
    }
    Ok(Json(Changed::deleted(1).seen_by(&written.events, &user)))
}

/// One booking, for the payment page (its buyer, or an admin).
#[utoipa::path(get, path = "/paymentOrders/{id}", tag = "orders", params(("id" = String, Path, description = "Booking id")),
    responses((status = 200, body = BookingView), (status = 401), (status = 403), (status = 404)),
    security(("access_token" = [])))]
async fn get_payment_booking(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
) -> AppResult<Json<BookingView>> {
    Ok(Json(own_booking(&state, &user, id).await?.into()))
}

/// Why the seller ends a booking: the buyer reads it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReasonInput {
    /// Up to 300 characters.
    #[schema(value_type = String)]
    reason: Option<Value>,
}

/// Declines a booking waiting in line, saying why (the bike's seller, or an admin): the
/// buyer is told; those behind move up.
#[utoipa::path(post, path = "/orders/{id}/decline", tag = "orders", request_body = ReasonInput,
    params(("id" = String, Path, description = "Booking id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)),
    security(("access_token" = [])))]
async fn decline_booking(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
    Json(body): Json<ReasonInput>,
) -> AppResult<Json<Changed>> {
    end_booking(&state, &user, id, &body, BookingEnd::Decline).await
}

/// Releases a reservation, saying why (the bike's seller, or an admin): the buyer is
/// told, and the bike passes to the next in line, or back on sale.
#[utoipa::path(post, path = "/orders/{id}/release", tag = "orders", request_body = ReasonInput,
    params(("id" = String, Path, description = "Booking id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)),
    security(("access_token" = [])))]
async fn release_booking(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
    Json(body): Json<ReasonInput>,
) -> AppResult<Json<Changed>> {
    end_booking(&state, &user, id, &body, BookingEnd::Release).await
}

async fn end_booking(
    state: &AppState,
    user: &User,
    id: i64,
    body: &ReasonInput,
    end: BookingEnd,
) -> AppResult<Json<Changed>> {
    let mut check = Checker::new();
    let reason = check.text("reason", body.reason.as_ref(), "Tell the buyer why", 300);
    check.finish()?;
    let act = SellerAct {
        by: user.id,
        admin: user.role() == Role::Admin,
        reason: &reason,
    };
    let written = state.store.end_booking(id, act, end).await?;
    Ok(Json(Changed::modified(1).seen_by(&written.events, user)))
}

/// How far ahead a meeting may be proposed.
const MEETING_WITHIN_DAYS: i64 = 30;

/// Where and when to meet.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MeetingInput {
    /// A place both can find: up to 200 characters.
    #[schema(value_type = String)]
    place: Option<Value>,
    /// When, as an RFC 3339 time with its offset (`2026-11-28T17:30:00+06:00`): later
    /// than now and within 30 days.
    #[schema(value_type = String)]
    at: Option<Value>,
}

/// Proposes where and when to meet (the booking's buyer or its bike's seller, while the
/// booking holds the bike): it replaces any earlier proposal, and the other side is told.
#[utoipa::path(post, path = "/orders/{id}/meeting", tag = "orders", request_body = MeetingInput,
    params(("id" = String, Path, description = "Booking id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)),
    security(("access_token" = [])))]
async fn propose_meeting(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
    Json(body): Json<MeetingInput>,
) -> AppResult<Json<Changed>> {
    let mut check = Checker::new();
    let place = check.text("place", body.place.as_ref(), "Say where to meet", 200);
    let at = meeting_time(&mut check, body.at.as_ref(), chrono::Utc::now());
    check.finish()?;
    let proposal = MeetingProposal { place, at };
    let written = state.store.propose_meeting(id, user.id, &proposal).await?;
    Ok(Json(Changed::modified(1).seen_by(&written.events, &user)))
}

/// The time of a meeting proposed at `now`: later than now and within
/// [`MEETING_WITHIN_DAYS`].
fn meeting_time(
    check: &mut Checker,
    value: Option<&Value>,
    now: chrono::DateTime<chrono::Utc>,
) -> chrono::DateTime<chrono::Utc> {
    let at = value
        .and_then(Value::as_str)
        .and_then(|text| chrono::DateTime::parse_from_rfc3339(text).ok())
        .map(|at| at.with_timezone(&chrono::Utc));
    match at {
        None => check.fail("at", FieldCode::Required, "Say when to meet"),
        Some(at) if at <= now => check.fail(
            "at",
            FieldCode::TimePast,
            "Choose a time that is still to come",
        ),
        Some(at) if at > now + chrono::Duration::days(MEETING_WITHIN_DAYS) => {
            check.fail("at", FieldCode::TimeTooFar, "Choose a time within 30 days")
        }
        Some(at) => return at,
    }
    now
}

/// Which proposal is agreed to.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfirmInput {
    /// The proposal's number, as the booking's `meeting.proposal` shows it.
    #[schema(value_type = i32)]
    proposal: Option<Value>,
}

/// Agrees to the other side's latest proposal of where and when to meet, named by its
/// number: a proposal replaced meanwhile is not agreed to (409).
#[utoipa::path(post, path = "/orders/{id}/meeting/confirm", tag = "orders", request_body = ConfirmInput,
    params(("id" = String, Path, description = "Booking id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)),
    security(("access_token" = [])))]
async fn confirm_meeting(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
    Json(body): Json<ConfirmInput>,
) -> AppResult<Json<Changed>> {
    let mut check = Checker::new();
    let round = body
        .proposal
        .as_ref()
        .and_then(Value::as_i64)
        .and_then(|n| i32::try_from(n).ok())
        .filter(|n| *n > 0);
    if round.is_none() {
        check.fail(
            "proposal",
            FieldCode::Required,
            "Name the proposal you agree to",
        );
    }
    check.finish()?;
    let round = round.unwrap_or_default();
    let written = state.store.confirm_meeting(id, user.id, round).await?;
    // Agreeing again changes nothing.
    let changed = u64::from(!written.events.is_empty());
    Ok(Json(
        Changed::modified(changed).seen_by(&written.events, &user),
    ))
}

/// How often a process looks for reservations that ran out.
const LAPSE_EVERY: std::time::Duration = std::time::Duration::from_secs(60);
/// Reservations lapsed per look; the rest wait for the next.
const LAPSE_AT_ONCE: i64 = 200;

/// Lapses reservations that ran out, every minute, until the runtime stops: each bike
/// passes to the next in line. Every process runs it; the store's conditional update
/// lapses each reservation once, whichever process gets there first.
pub async fn lapse_reservations_every_minute(store: std::sync::Arc<dyn crate::store::Store>) {
    let mut ticks = tokio::time::interval(LAPSE_EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match store
            .lapse_reservations(chrono::Utc::now(), LAPSE_AT_ONCE)
            .await
        {
            Ok(written) if written.outcome > 0 => {
                tracing::info!(lapsed = written.outcome, "reservations ran out");
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "cannot lapse the reservations that ran out"),
        }
        match store.lapse_offers(chrono::Utc::now(), LAPSE_AT_ONCE).await {
            Ok(written) if written.outcome > 0 => {
                tracing::info!(lapsed = written.outcome, "offers ran out");
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "cannot lapse the offers that ran out"),
        }
    }
}
