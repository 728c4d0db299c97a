//! Listings reviewed when it matters (docs/trust.md "Listings reviewed when it
//! matters"): the admins' queue of listings that wait before they are public, and the
//! decision on each: approve (live, on every open page) or reject with a reason the
//! seller sees.

use axum::extract::State;
use chrono::Utc;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{RecordId, RejectInput};
use crate::auth::Admin;
use crate::error::{AppResult, Json, JsonBodyRefused};
use crate::records::ListingDecision;
use crate::views::{ListingReviewView, ListingView};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(in_review))
        .routes(routes!(approve))
        .routes(routes!(reject))
}

/// The listings waiting for an admin, oldest first, each with why it waits (admins).
#[utoipa::path(get, path = "/listing-reviews", tag = "listing reviews",
    responses((status = 200, body = [ListingReviewView]), (status = 401), (status = 403)),
    security(("access_token" = [])))]
async fn in_review(
    State(state): State<AppState>,
    _admin: Admin,
) -> AppResult<Json<Vec<ListingReviewView>>> {
    let waiting = state.store.listings_in_review().await?;
    Ok(Json(
        waiting.into_iter().map(ListingReviewView::from).collect(),
    ))
}

/// Approves a listing in review: it is live, and appears on every open page as a new
/// listing does; its seller is told (admins).
#[utoipa::path(post, path = "/listing-reviews/{id}/approve", tag = "listing reviews",
    params(("id" = String, Path, description = "Listing id")),
    responses((status = 200, body = ListingView), (status = 401), (status = 403), (status = 404),
              (status = 409, description = "`not_in_review`: it is not waiting (another admin decided it first)")),
    security(("access_token" = [])))]
async fn approve(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RecordId(id): RecordId,
) -> AppResult<Json<ListingView>> {
    decide(&state, id, admin.id, ListingDecision::Approve).await
}

/// Rejects a listing in review, saying why: it stays off every public page; its seller
/// is told, and their edit sends it back to review (admins).
#[utoipa::path(post, path = "/listing-reviews/{id}/reject", tag = "listing reviews",
    params(("id" = String, Path, description = "Listing id")), request_body = RejectInput,
    responses(JsonBodyRefused, (status = 200, body = ListingView), (status = 401), (status = 403), (status = 404),
              (status = 409, description = "`not_in_review`: it is not waiting (another admin decided it first)"),
              (status = 422, description = "`validation`: no reason")),
    security(("access_token" = [])))]
async fn reject(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RecordId(id): RecordId,
    Json(body): Json<RejectInput>,
) -> AppResult<Json<ListingView>> {
    let reason = body.reason()?;
    decide(&state, id, admin.id, ListingDecision::Reject { reason }).await
}

async fn decide(
    state: &AppState,
    id: i64,
    admin_id: i64,
    decision: ListingDecision,
) -> AppResult<Json<ListingView>> {
    let written = state
        .store
        .review_listing(id, admin_id, &decision, Utc::now())
        .await?;
    Ok(Json(ListingView::new(
        written.outcome,
        crate::views::Form::Owner,
    )))
}
