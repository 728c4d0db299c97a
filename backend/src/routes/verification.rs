//! Sellers verified with evidence (docs/trust.md "Sellers verified with evidence"): the
//! seller sends photos of their national ID and of themselves holding it, privately; an
//! admin looks at them and approves or rejects with a reason; the photos are deleted once
//! decided.
//!
//! The photos are kept under `<data-dir>/private/ids/<seller id>/`, never where uploads
//! are served from, and answered only to admins while their request is pending. A request
//! may name only photos in its own seller's folder, so nobody can send another's.

use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::uploads::{is_upload_name, keep_photo, take_photo, BODY_LIMIT};
use super::{RecordId, RejectInput};
use crate::auth::client_ip::ClientIp;
use crate::auth::{Admin, Confirmed, Seller};
use crate::error::{AppError, AppResult, FieldCode, Json, JsonBodyRefused};
use crate::records::{
    VerificationDecision, VerificationPhotos, VerificationRequest, VerificationState,
};
use crate::store::{Missing, Written};
use crate::validate::Checker;
use crate::views::VerificationRequestView;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    let photos = OpenApiRouter::new()
        .routes(routes!(upload_photo))
        .layer(DefaultBodyLimit::max(BODY_LIMIT));
    OpenApiRouter::new()
        .routes(routes!(send_request, pending_requests))
        .routes(routes!(my_request))
        .routes(routes!(photo))
        .routes(routes!(approve))
        .routes(routes!(reject))
        .merge(photos)
}

/// A photo of an ID, kept privately.
#[derive(Debug, Serialize, ToSchema)]
pub struct PhotoKept {
    /// Its private name, for the request to name.
    photo: String,
}

/// The three photos of a request, by the names their uploads answered.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RequestInput {
    /// The ID card's front.
    #[schema(value_type = String)]
    front: Option<Value>,
    /// The ID card's back.
    #[schema(value_type = String)]
    back: Option<Value>,
    /// The seller holding the ID card, their face beside it.
    #[schema(value_type = String)]
    selfie: Option<Value>,
}

/// The folder of one seller's photos of their ID.
fn seller_dir(state: &AppState, seller_id: i64) -> std::path::PathBuf {
    state.settings.ids_dir.join(seller_id.to_string())
}

/// Deletes a decided request's photos; one that cannot be deleted now goes with the
/// hourly sweep (no pending request names it any more).
async fn delete_photos(state: &AppState, seller_id: i64, photos: &VerificationPhotos) {
    let dir = seller_dir(state, seller_id);
    for name in photos.names() {
        match tokio::fs::remove_file(dir.join(name)).await {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => tracing::warn!(%error, "a decided request's photo waits for the sweep"),
        }
    }
}

/// Keeps a photo for a request to be verified (multipart field `image`): decoded and
/// re-encoded like every upload (EXIF and GPS dropped), and kept where only admins can
/// see it. Sellers only; the upload limits of `POST /api/uploads` count it.
#[utoipa::path(post, path = "/verification-requests/photos", tag = "verification",
    request_body(content_type = "multipart/form-data", description = "Field `image`: a PNG, JPEG, GIF or WebP file"),
    responses((status = 201, body = PhotoKept),
        (status = 400, description = "The multipart body cannot be read"),
        (status = 401), (status = 403), (status = 408), (status = 413),
        (status = 415, description = "Not multipart/form-data, or the file is not an image"),
        (status = 422), (status = 429)),
    security(("access_token" = [])))]
async fn upload_photo(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Seller(seller): Seller,
    request: Request,
) -> AppResult<(StatusCode, Json<PhotoKept>)> {
    let clean = take_photo(&state, &client, seller.id, request).await?;
    let photo = keep_photo(&seller_dir(&state, seller.id), &clean).await?;
    Ok((StatusCode::CREATED, Json(PhotoKept { photo })))
}

/// Asks to be verified with three photos sent before: the ID card's front and back, and
/// the seller holding it. Admins' queues get it live. A seller from a proven address, not
/// verified yet, with no request waiting.
#[utoipa::path(post, path = "/verification-requests", tag = "verification", request_body = RequestInput,
    responses(JsonBodyRefused, (status = 201, body = VerificationRequestView), (status = 401), (status = 403),
              (status = 409, description = "`already_verified` or `verification_pending`"),
              (status = 422, description = "`validation`: a photo that is not one of the seller's own (`not_an_image`)")),
    security(("access_token" = [])))]
async fn send_request(
    State(state): State<AppState>,
    Confirmed(Seller(seller)): Confirmed<Seller>,
    Json(body): Json<RequestInput>,
) -> AppResult<(StatusCode, Json<VerificationRequestView>)> {
    let dir = seller_dir(&state, seller.id);
    let mut check = Checker::new();
    let mut names = Vec::with_capacity(3);
    for (field, value) in [
        ("front", &body.front),
        ("back", &body.back),
        ("selfie", &body.selfie),
    ] {
        let name = value.as_ref().and_then(Value::as_str).unwrap_or_default();
        // One of this seller's own photos, still kept: a name is 32 hex digits, so it
        // cannot step out of the seller's folder.
        let theirs =
            is_upload_name(name) && tokio::fs::try_exists(dir.join(name)).await.unwrap_or(false);
        if !theirs {
            check.fail(field, FieldCode::NotAnImage, "Please upload a photo");
        }
        names.push(name.to_owned());
    }
    check.finish()?;
    let [front, back, selfie] =
        <[String; 3]>::try_from(names).map_err(|_| AppError::internal("three photos were read"))?;
    let written = state
        .store
        .request_verification(
            seller.id,
            &VerificationPhotos {
                front,
                back,
                selfie,
            },
            Utc::now(),
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(VerificationRequestView::for_seller(&written.outcome)),
    ))
}

/// The pending requests, oldest first, with their photos' names (admins).
#[utoipa::path(get, path = "/verification-requests", tag = "verification",
    responses((status = 200, body = Vec<VerificationRequestView>), (status = 401), (status = 403)),
    security(("access_token" = [])))]
async fn pending_requests(
    State(state): State<AppState>,
    Admin(_admin): Admin,
) -> AppResult<Json<Vec<VerificationRequestView>>> {
    let pending = state.store.pending_verification_requests().await?;
    Ok(Json(
        pending
            .iter()
            .map(VerificationRequestView::for_admins)
            .collect(),
    ))
}

/// The seller's latest request (its photos are the admins' to see), or null when they
/// never sent one.
#[utoipa::path(get, path = "/verification-requests/mine", tag = "verification",
    responses((status = 200, body = Option<VerificationRequestView>), (status = 401), (status = 403)),
    security(("access_token" = [])))]
async fn my_request(
    State(state): State<AppState>,
    Seller(seller): Seller,
) -> AppResult<Json<Option<VerificationRequestView>>> {
    let latest = state.store.latest_verification_request(seller.id).await?;
    Ok(Json(
        latest.as_ref().map(VerificationRequestView::for_seller),
    ))
}

/// A photo of a pending request (admins), never kept by any cache. 404 for a name no
/// pending request has.
#[utoipa::path(get, path = "/verification-requests/photos/{name}", tag = "verification",
    params(("name" = String, Path, description = "The photo's private name")),
    responses((status = 200, description = "The photo", content_type = "image/jpeg"), (status = 401), (status = 403), (status = 404)),
    security(("access_token" = [])))]
async fn photo(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Path(name): Path<String>,
) -> AppResult<Response> {
    let not_found = || AppError::NotFound("There is no such photo.".into());
    if !is_upload_name(&name) {
        return Err(not_found());
    }
    let seller_id = state
        .store
        .pending_verification_photo(&name)
        .await?
        .ok_or_else(not_found)?;
    let bytes = tokio::fs::read(seller_dir(&state, seller_id).join(&name))
        .await
        .map_err(|_| not_found())?;
    let content_type = if name.ends_with(".png") {
        "image/png"
    } else {
        "image/jpeg"
    };
    Ok((
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Body::from(bytes),
    )
        .into_response())
}

/// Approves a pending request: the seller is verified, every open page shows the badge,
/// and the photos are deleted (admins).
#[utoipa::path(post, path = "/verification-requests/{id}/approve", tag = "verification",
    params(("id" = String, Path, description = "Request id")),
    responses((status = 200, body = VerificationRequestView), (status = 401), (status = 403), (status = 404),
              (status = 409, description = "`verification_decided`: another admin decided it first")),
    security(("access_token" = [])))]
async fn approve(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RecordId(id): RecordId,
) -> AppResult<Json<VerificationRequestView>> {
    decide(&state, id, admin.id, VerificationDecision::Approve).await
}

/// Rejects a pending request, saying why: the seller is told and may send new photos;
/// these are deleted (admins).
#[utoipa::path(post, path = "/verification-requests/{id}/reject", tag = "verification",
    params(("id" = String, Path, description = "Request id")), request_body = RejectInput,
    responses(JsonBodyRefused, (status = 200, body = VerificationRequestView), (status = 401), (status = 403), (status = 404),
              (status = 409, description = "`verification_decided`: another admin decided it first"),
              (status = 422, description = "`validation`: no reason")),
    security(("access_token" = [])))]
async fn reject(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RecordId(id): RecordId,
    Json(body): Json<RejectInput>,
) -> AppResult<Json<VerificationRequestView>> {
    let reason = body.reason()?;
    decide(
        &state,
        id,
        admin.id,
        VerificationDecision::Reject { reason },
    )
    .await
}

async fn decide(
    state: &AppState,
    id: i64,
    admin_id: i64,
    decision: VerificationDecision,
) -> AppResult<Json<VerificationRequestView>> {
    let written = state
        .store
        .decide_verification(id, admin_id, &decision, Utc::now())
        .await?;
    let decided = written.outcome;
    delete_photos(state, decided.request.seller_id, &decided.photos).await;
    Ok(Json(VerificationRequestView::for_admins(&decided.request)))
}

/// Approves seller `seller_id`'s pending request, as the All Sellers page's Verify does:
/// refused `no_verification_request` while they have none.
pub async fn approve_pending_of(
    state: &AppState,
    seller_id: i64,
    admin_id: i64,
) -> AppResult<Written<VerificationRequest>> {
    let latest = state
        .store
        .latest_verification_request(seller_id)
        .await?
        .filter(|r| r.state == VerificationState::Pending);
    let Some(pending) = latest else {
        return match state.store.user_by_id(seller_id).await? {
            Some(user) if user.role() == crate::records::Role::Seller => {
                Err(crate::store::Refused::NoVerificationRequest.into())
            }
            _ => Err(Missing::Seller.into()),
        };
    };
    let written = state
        .store
        .decide_verification(
            pending.id,
            admin_id,
            &VerificationDecision::Approve,
            Utc::now(),
        )
        .await?;
    delete_photos(state, seller_id, &written.outcome.photos).await;
    Ok(Written {
        outcome: written.outcome.request,
        events: written.events,
    })
}
