//! A deal after its reservation (docs/deals.md): the buyer chooses to pay in cash at the
//! meet-up, shows the handover code the seller enters when the bike and its papers change
//! hands, either side calls the deal off before then, and both read the receipt after.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::RecordId;
use super::{mail_language, Changed};
use crate::auth::{Admin, AuthUser};
use crate::denied::Denied;
use crate::error::{AppError, AppResult, FieldCode, Json, JsonBodyRefused};
use crate::mail::letters::{self, Sale};
use crate::notice::{bangla, dhaka_time, paid_how};
use crate::payments::{release_holds, take_hold};
use crate::records::{Booking, BookingStatus, Handover, HandoverCode, Language, Role};
use crate::store::Missing;
use crate::validate::Checker;
use crate::views::{taka, BookingView, DealView, ReceiptView};
use crate::AppState;
use chrono::Utc;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(choose_cash))
        .routes(routes!(show_handover_code, renew_handover_code))
        .routes(routes!(hand_over))
        .routes(routes!(call_off))
        .routes(routes!(receipt))
        .routes(routes!(deal_timeline))
        .routes(routes!(list_deals))
        .routes(routes!(release_deal))
        .routes(routes!(capture_deal))
}

/// The buyer chooses to pay in cash at the meet-up: nothing is charged, the bike stays
/// reserved for them (Reserved to others), a handover code is made for them to show the
/// seller, and the seller is told. Choosing it again changes nothing.
#[utoipa::path(post, path = "/orders/{id}/cash", tag = "deals",
    params(("id" = String, Path, description = "Booking id")),
    responses((status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 409)),
    security(("access_token" = [])))]
async fn choose_cash(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
) -> AppResult<Json<Changed>> {
    let written = state.store.choose_cash(id, user.id).await?;
    let changed = u64::from(!written.events.is_empty());
    Ok(Json(
        Changed::modified(changed).seen_by(&written.events, &user),
    ))
}

/// A deal's handover code, for its buyer alone.
#[derive(Debug, Serialize, ToSchema)]
pub struct HandoverCodeView {
    /// Six digits: the buyer shows them to the seller at the handover, and not before.
    code: String,
    /// The seller entered five wrong codes: this one is taken no more; ask for a new one.
    locked: bool,
}

impl From<HandoverCode> for HandoverCodeView {
    fn from(code: HandoverCode) -> Self {
        HandoverCodeView {
            code: code.code,
            locked: code.locked,
        }
    }
}

/// The handover code of a deal paid in cash or held (its buyer only; nobody else, the
/// seller and admins included, ever reads it).
#[utoipa::path(get, path = "/orders/{id}/handover-code", tag = "deals",
    params(("id" = String, Path, description = "Booking id")),
    responses((status = 200, body = HandoverCodeView), (status = 401), (status = 403), (status = 404), (status = 409)),
    security(("access_token" = [])))]
async fn show_handover_code(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
) -> AppResult<Json<HandoverCodeView>> {
    let code = state.store.handover_code(id, user.id, false).await?;
    Ok(Json(code.into()))
}

/// A new handover code for the buyer (the old one stops working and the seller's wrong
/// tries start again): after five wrong codes locked it, or when the buyer fears it was
/// seen.
#[utoipa::path(post, path = "/orders/{id}/handover-code", tag = "deals",
    params(("id" = String, Path, description = "Booking id")),
    responses((status = 200, body = HandoverCodeView), (status = 401), (status = 403), (status = 404), (status = 409)),
    security(("access_token" = [])))]
async fn renew_handover_code(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
) -> AppResult<Json<HandoverCodeView>> {
    let code = state.store.handover_code(id, user.id, true).await?;
    Ok(Json(code.into()))
}

/// The code the buyer shows.
#[derive(Debug, Deserialize, ToSchema)]
pub struct HandoverInput {
    /// Six digits.
    #[schema(value_type = String)]
    code: Option<Value>,
}

/// The seller enters the buyer's handover code with the bike and its papers in front of
/// them: a card hold is captured (only now is money taken), the deal completes, the bike
/// is sold for good, everyone in line is told and both sides get a receipt (a
/// notification and a mail). A wrong code counts: after five the code locks until the
/// buyer shows a new one. When the card provider does not answer the capture, the deal
/// waits (503; nobody can call it off now) and completes at the seller's retry or by
/// itself within minutes; when the hold ended on the provider's side, the deal is over
/// (409).

#[utoipa::path(post, path = "/orders/{id}/handover", tag = "deals", request_body = HandoverInput,
    params(("id" = String, Path, description = "Booking id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 409),
              (status = 422, description = "`validation`: no code, or a wrong one (the tries left are in its message)"),
              (status = 503, description = "`payments_unavailable`: the code is right but the card provider did not answer the capture yet; the deal completes when it does")),
    security(("access_token" = [])))]
async fn hand_over(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
    Json(body): Json<HandoverInput>,
) -> AppResult<Json<Changed>> {
    let mut check = Checker::new();
    let code = body
        .code
        .as_ref()
        .and_then(Value::as_str)
        .map(|code| code.trim().to_owned())
        .filter(|code| code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()));
    if code.is_none() {
        check.fail(
            "code",
            FieldCode::CodeShape,
            "Enter the buyer's six-digit code",
        );
    }
    check.finish()?;
    let written = state
        .store
        .hand_over(id, user.id, &code.unwrap_or_default())
        .await?;
    let (deal, events) = match written.outcome {
        Handover::WrongCode { left } => {
            let code = if left == 0 {
                FieldCode::WrongCodeLastTry
            } else {
                FieldCode::WrongCode
            };
            return Err(AppError::field("code", code, wrong_code(left)));
        }
        Handover::Completed(deal) => (*deal, written.events),
        // A held deal: the money is taken now, and only then does it complete.
        Handover::Capture(held) => {
            let taken = take_hold(state.store.as_ref(), state.holders(), &held).await?;
            (taken.outcome, taken.events)
        }
    };
    if !events.is_empty() {
        send_receipts(&state, &deal);
    }
    let changed = u64::from(!events.is_empty());
    Ok(Json(Changed::modified(changed).seen_by(&events, &user)))
}

/// Releases the hold of a deal that just ended (called off, or released by an admin);
/// what the provider does not confirm now, the payments sweep releases later.
async fn release_now(state: &AppState) {
    if let Err(error) = release_holds(state.store.as_ref(), state.holders(), Utc::now()).await {
        tracing::warn!(%error, "the hold of an ended deal waits for the sweep");
    }
}

/// What a seller who typed a wrong code is told.
fn wrong_code(left: i32) -> String {
    match left {
        0 => "That is not the buyer's code, and that was the last try: ask the buyer to show \
              a new code."
            .into(),
        1 => "That is not the buyer's code: one try left.".into(),
        n => format!("That is not the buyer's code: {n} tries left."),
    }
}

/// Mails each side of the completed `deal` their receipt, each in the language their
/// account reads. The mails go out after the answer: reading the two languages waits
/// for nobody.
fn send_receipts(state: &AppState, deal: &Booking) {
    let Some(receipt) = ReceiptView::of(deal.clone()) else {
        return;
    };
    let state = state.clone();
    let link = format!(
        "{}/dashboard/receipts/{}",
        state.settings.public_origin, deal.order_id
    );
    let sides = [
        (deal.buyer_email.clone(), false),
        (deal.listing.seller_email.clone(), true),
    ];
    tokio::spawn(async move {
        for (to, to_seller) in sides {
            let language = mail_language(&state, &to, Language::En).await;
            let (price, when, paid) = match language {
                Language::En => (
                    taka(receipt.price),
                    dhaka_time(receipt.completed_at),
                    paid_how(&receipt.method, receipt.deposit, receipt.price),
                ),
                Language::Bn => (
                    bangla::taka_bn(receipt.price),
                    bangla::dhaka_time(receipt.completed_at),
                    bangla::paid_how(&receipt.method, receipt.deposit, receipt.price),
                ),
            };
            let sale = Sale {
                bike: &receipt.name,
                price: &price,
                paid: &paid,
                when: &when,
                buyer: &receipt.buyer_name,
                seller: &receipt.seller_name,
                place: &receipt.meeting_place,
            };
            state
                .mailer
                .deliver(letters::receipt(&to, &link, sale, to_seller, language));
        }
    });
}

/// Why a deal is called off: the other side reads it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CallOffInput {
    /// Up to 300 characters: "not as described", "papers missing", "did not come"…
    #[schema(value_type = String)]
    reason: Option<Value>,
}

impl CallOffInput {
    /// The reason given: required, up to 300 characters.
    fn reason(&self) -> AppResult<String> {
        let mut check = Checker::new();
        let reason = check.text("reason", self.reason.as_ref(), "Say why", 300);
        check.finish()?;
        Ok(reason)
    }
}

/// The buyer or the seller calls the deal off before the handover, saying why: the
/// other side is told, a card hold is released (nothing is charged), and the bike
/// passes to the next in line or back on sale. A hold whose handover is under way
/// (its capture claimed) is not called off.
#[utoipa::path(post, path = "/orders/{id}/call-off", tag = "deals", request_body = CallOffInput,
    params(("id" = String, Path, description = "Booking id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)),
    security(("access_token" = [])))]
async fn call_off(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
    Json(body): Json<CallOffInput>,
) -> AppResult<Json<Changed>> {
    let reason = body.reason()?;
    let written = state.store.call_off(id, user.id, &reason).await?;
    release_now(&state).await;
    Ok(Json(Changed::modified(1).seen_by(&written.events, &user)))
}

/// The receipt of a completed deal: bike, price, method, time, both sides (the deal's
/// buyer, its bike's seller, or an admin).
#[utoipa::path(get, path = "/orders/{id}/receipt", tag = "deals",
    params(("id" = String, Path, description = "Booking id")),
    responses((status = 200, body = ReceiptView), (status = 401), (status = 403), (status = 404)),
    security(("access_token" = [])))]
async fn receipt(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
) -> AppResult<Json<ReceiptView>> {
    let deal = state
        .store
        .booking(id)
        .await?
        .ok_or(AppError::from(Missing::Booking))?;
    let party = user.id == deal.buyer_id || user.id == deal.listing.seller_id;
    if !party && user.role() != Role::Admin {
        return Err(Denied::NotYourReceipt.into());
    }
    ReceiptView::of(deal)
        .map(Json)
        .ok_or_else(|| Denied::NotHandedOver.into())
}

/// A deal's timeline, for admins settling what went wrong: the booking as it stands and
/// every step it took — who, when, what it became, the money and the provider's ids.
#[utoipa::path(get, path = "/deals/{id}", tag = "deals",
    params(("id" = String, Path, description = "Booking id")),
    responses((status = 200, body = DealView), (status = 401), (status = 403), (status = 404)),
    security(("access_token" = [])))]
async fn deal_timeline(
    State(state): State<AppState>,
    _admin: Admin,
    RecordId(id): RecordId,
) -> AppResult<Json<DealView>> {
    let booking = state
        .store
        .booking(id)
        .await?
        .ok_or(AppError::from(Missing::Booking))?;
    let steps = state.store.deal_steps(id).await?;
    Ok(Json(DealView {
        booking: booking.into(),
        steps: steps.into_iter().map(Into::into).collect(),
    }))
}

/// Ends a deal its two sides cannot settle — a reservation, a cash deal or a card hold
/// whose handover has not begun — saying why (admins only): both sides are told, a hold
/// is released, the step is on the deal's timeline with the admin's name, and the bike
/// passes to the next in line or back on sale.
#[utoipa::path(post, path = "/deals/{id}/release", tag = "deals", request_body = CallOffInput,
    params(("id" = String, Path, description = "Booking id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)),
    security(("access_token" = [])))]
async fn release_deal(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RecordId(id): RecordId,
    Json(body): Json<CallOffInput>,
) -> AppResult<Json<Changed>> {
    let reason = body.reason()?;
    let written = state.store.release_deal(id, admin.id, &reason).await?;
    release_now(&state).await;
    Ok(Json(Changed::modified(1).seen_by(&written.events, &admin)))
}

/// Takes a stuck hold without the buyer's code, saying why (admins only): for a deal
/// whose bike and papers changed hands but whose handover never went through (the
/// seller could not enter the code, say). The capture is claimed on the deal's timeline
/// with the admin's name and reason, then asked of the provider as at a handover; the
/// deal completes and both sides get their receipt.
#[utoipa::path(post, path = "/deals/{id}/capture", tag = "deals", request_body = CallOffInput,
    params(("id" = String, Path, description = "Booking id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422),
              (status = 503, description = "`payments_unavailable`: the provider did not answer the capture yet; the deal completes when it does")),
    security(("access_token" = [])))]
async fn capture_deal(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RecordId(id): RecordId,
    Json(body): Json<CallOffInput>,
) -> AppResult<Json<Changed>> {
    let reason = body.reason()?;
    let held = state.store.claim_for_admin(id, admin.id, &reason).await?;
    let taken = take_hold(state.store.as_ref(), state.holders(), &held).await?;
    if !taken.events.is_empty() {
        send_receipts(&state, &taken.outcome);
    }
    let changed = u64::from(!taken.events.is_empty());
    Ok(Json(
        Changed::modified(changed).seen_by(&taken.events, &admin),
    ))
}

/// Which deals an admin lists.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DealsQuery {
    /// Only deals in this status (reserved, cash, held, completed, released,
    /// called_off, lapsed); every deal when left out.
    status: Option<String>,
}

/// The deals admins look after (admins only): the latest 200, newest first — those in
/// `status` when given, else every booking that held its bike at some point.
#[utoipa::path(get, path = "/deals", tag = "deals", params(DealsQuery),
    responses((status = 200, body = Vec<BookingView>), (status = 401), (status = 403),
              (status = 422, description = "`validation`: not a deal's status")),
    security(("access_token" = [])))]
async fn list_deals(
    State(state): State<AppState>,
    _admin: Admin,
    axum::extract::Query(query): axum::extract::Query<DealsQuery>,
) -> AppResult<Json<Vec<BookingView>>> {
    let status = match query
        .status
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        None => None,
        Some(named) => Some(
            BookingStatus::try_from(named.to_owned())
                .ok()
                .filter(|status| {
                    !matches!(
                        status,
                        BookingStatus::Waiting | BookingStatus::Cancelled | BookingStatus::Declined
                    )
                })
                .ok_or_else(|| {
                    AppError::field(
                        "status",
                        FieldCode::NotOnList,
                        "Choose reserved, cash, held, completed, released, called_off or lapsed",
                    )
                })?,
        ),
    };
    let deals = state.store.deals(status, DEALS_LISTED).await?;
    Ok(Json(deals.into_iter().map(BookingView::from).collect()))
}

/// The most deals one list carries.
const DEALS_LISTED: i64 = 200;
