//! The admin's tables of buyers and sellers: list, delete, verify sellers, warn and
//! suspend.

use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::RecordId;
use super::{Changed, RejectInput};
use crate::auth::Admin;
use crate::error::{AppError, AppResult, FieldCode, Json, JsonBodyRefused};
use crate::records::{Role, User};
use crate::store::Missing;
use crate::views::UserView;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_buyers))
        .routes(routes!(delete_buyer))
        .routes(routes!(list_sellers))
        .routes(routes!(delete_seller, verify_seller))
        .routes(routes!(warn_user))
        .routes(routes!(suspend_user))
}

/// Warns a buyer or seller, saying why: they are told, and it is on the audit log
/// (admins; docs/trust.md "Warnings and suspensions").
#[utoipa::path(post, path = "/users/{id}/warn", tag = "people", request_body = RejectInput,
    params(("id" = String, Path, description = "User id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404),
              (status = 409, description = "`not_for_admins`"), (status = 422, description = "`validation`: no reason")),
    security(("access_token" = [])))]
async fn warn_user(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RecordId(id): RecordId,
    Json(body): Json<RejectInput>,
) -> AppResult<Json<Changed>> {
    let reason = body.reason()?;
    let written = state.store.warn_user(id, admin.id, &reason).await?;
    Ok(Json(Changed::modified(1).seen_by(&written.events, &admin)))
}

/// Suspends a buyer or seller, saying why: they are signed out everywhere and cannot
/// sign in or sign up again with the same address or phone; their unsold bikes leave
/// every page (admins; docs/trust.md "Warnings and suspensions").
#[utoipa::path(post, path = "/users/{id}/suspend", tag = "people", request_body = RejectInput,
    params(("id" = String, Path, description = "User id")),
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404),
              (status = 409, description = "`not_for_admins`, `already_suspended`"), (status = 422, description = "`validation`: no reason")),
    security(("access_token" = [])))]
async fn suspend_user(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RecordId(id): RecordId,
    Json(body): Json<RejectInput>,
) -> AppResult<Json<Changed>> {
    let reason = body.reason()?;
    let written = state
        .store
        .suspend_user(id, admin.id, &reason, chrono::Utc::now())
        .await?;
    Ok(Json(Changed::modified(1).seen_by(&written.events, &admin)))
}

async fn list(state: &AppState, role: Role) -> AppResult<Json<Vec<UserView>>> {
    let users = state.store.users_with_role(role).await?;
    Ok(Json(users.iter().map(UserView::from).collect()))
}

async fn delete(state: &AppState, admin: &User, id: i64, role: Role) -> AppResult<Json<Changed>> {
    let written = state.store.delete_user(id, role, admin.id).await?;
    if written.outcome {
        // The photos of their ID go with them (the hourly sweep takes any left behind).
        let ids = state.settings.ids_dir.join(id.to_string());
        if let Err(error) = tokio::fs::remove_dir_all(&ids).await {
            if error.kind() != std::io::ErrorKind::NotFound {
                tracing::warn!(%error, "a removed seller's photos of their ID wait for the sweep");
            }
        }
        Ok(Json(Changed::deleted(1).seen_by(&written.events, admin)))
    } else {
        Err(Missing::user(role).into())
    }
}

/// Every buyer (admins).
#[utoipa::path(get, path = "/allBuyer", tag = "people",
    responses((status = 200, body = [UserView]), (status = 401), (status = 403)), security(("access_token" = [])))]
async fn list_buyers(
    State(state): State<AppState>,
    _admin: Admin,
) -> AppResult<Json<Vec<UserView>>> {
    list(&state, Role::Buyer).await
}

/// Deletes a buyer with their bookings and reports (admins).
#[utoipa::path(delete, path = "/allBuyer/{id}", tag = "people", params(("id" = String, Path, description = "User id")),
    responses((status = 200, body = Changed), (status = 401), (status = 403), (status = 404)), security(("access_token" = [])))]
async fn delete_buyer(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RecordId(id): RecordId,
) -> AppResult<Json<Changed>> {
    delete(&state, &admin, id, Role::Buyer).await
}

/// Every seller, with their verification (admins).
#[utoipa::path(get, path = "/allSeller", tag = "people",
    responses((status = 200, body = [UserView]), (status = 401), (status = 403)), security(("access_token" = [])))]
async fn list_sellers(
    State(state): State<AppState>,
    _admin: Admin,
) -> AppResult<Json<Vec<UserView>>> {
    list(&state, Role::Seller).await
}

/// Deletes a seller with their listings (admins).
#[utoipa::path(delete, path = "/allSeller/{id}", tag = "people", params(("id" = String, Path, description = "User id")),
    responses((status = 200, body = Changed), (status = 401), (status = 403), (status = 404)), security(("access_token" = [])))]
async fn delete_seller(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RecordId(id): RecordId,
) -> AppResult<Json<Changed>> {
    delete(&state, &admin, id, Role::Seller).await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VerificationInput {
    /// Must be "verified".
    #[schema(value_type = String)]
    verification: Option<Value>,
}

/// Verifies a seller by approving the request they sent with their ID (docs/trust.md);
/// the badge shows on all their listings (admins). Refused `no_verification_request`
/// while they have sent none: nobody is verified without evidence.
#[utoipa::path(patch, path = "/allSeller/{id}", tag = "people", params(("id" = String, Path, description = "User id")),
    request_body = VerificationInput,
    responses(JsonBodyRefused, (status = 200, body = Changed), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)),
    security(("access_token" = [])))]
async fn verify_seller(
    State(state): State<AppState>,
    Admin(admin): Admin,
    RecordId(id): RecordId,
    Json(body): Json<VerificationInput>,
) -> AppResult<Json<Changed>> {
    if body.verification.as_ref().and_then(Value::as_str) != Some("verified") {
        return Err(AppError::field(
            "verification",
            FieldCode::NotOnList,
            "Send verification: \"verified\" to verify this seller",
        ));
    }
    let written = super::verification::approve_pending_of(&state, id, admin.id).await?;
    Ok(Json(Changed::modified(1).seen_by(&written.events, &admin)))
}
