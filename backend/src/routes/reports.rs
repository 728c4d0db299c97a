//! Reports with reasons (docs/trust.md "Reports with reasons"): the admins' queue of
//! reported listings, each with its reports grouped, and what an admin does with them —
//! dismiss them (the listing stays) or remove the listing, saying why.

use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{Changed, RecordId, RejectInput};
use crate::auth::Admin;
use crate::error::{AppResult, Json, JsonBodyRefused};
use crate::validate::Checker;
use crate::views::ReportedListingView;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(open_reports))
        .routes(routes!(dismiss))
        .routes(routes!(remove))
}

/// The listings buyers report, with their open reports: the most reported first, then
/// the oldest (admins).
#[utoipa::path(get, path = "/reports", tag = "reports",
    responses((status = 200, body = [ReportedListingView]), (status = 401), (status = 403)),
    security(("access_token" = [])))]
async fn open_reports(
    State(state): State<AppState>,
    _admin: Admin,
) -> AppResult<Json<Vec<ReportedListingView>>> {
    let reported = state.store.open_reports().await?;
    Ok(Json(
        reported
            .into_iter()
            .map(ReportedListingView::from)
            .collect(),
    ))
}

/// What an admin says of reports they dismiss, for the audit log.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DismissInput {
    #[schema(value_type = Option<String>)]
    note: Option<Value>,
}

/// The longest note an admin gives.
const NOTE_MAX_CHARS: usize = 500;

/// Dismisses a listing's open reports: it stays up, leaves the queue, and each reporter
/// is told (admins).
#[utoipa::path(post, path = "/reports/{id}/dismiss", tag = "reports", request_body = DismissInput,
    params(("id" = String, Path, description = "Listing id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404),
              (status = 409, description = "`no_open_reports`: none is open (another admin decided first)"),
              (status = 422)),
    security(("access_token" = [])))]
async fn dismiss(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RecordId(id): RecordId,
    Json(body): Json<DismissInput>,
) -> AppResult<Json<Changed>> {
    let mut check = Checker::new();
    let note = check.optional_text("note", body.note.as_ref(), NOTE_MAX_CHARS);
    check.finish()?;
    let note = (!note.is_empty()).then_some(note.as_str());
    let written = state.store.dismiss_reports(id, admin.id, note).await?;
    Ok(Json(
        Changed::modified(written.outcome as u64).seen_by(&written.events, &admin),
    ))
}

/// Removes a reported listing, saying why: its seller is told the reason, its reporters
/// that it is gone, those who booked or saved it that it is no longer listed (admins). A
/// sold one stays (409).
#[utoipa::path(post, path = "/reports/{id}/remove", tag = "reports", request_body = RejectInput,
    params(("id" = String, Path, description = "Listing id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404),
              (status = 409, description = "`sold_stays`: a sold listing stays on record"),
              (status = 422, description = "`validation`: no reason")),
    security(("access_token" = [])))]
async fn remove(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RecordId(id): RecordId,
    Json(body): Json<RejectInput>,
) -> AppResult<Json<Changed>> {
    let reason = body.reason()?;
    let written = state
        .store
        .delete_listing(id, admin.id, true, Some(&reason))
        .await?;
    if !written.outcome {
        return Err(crate::store::Missing::Listing.into());
    }
    Ok(Json(Changed::deleted(1).seen_by(&written.events, &admin)))
}
