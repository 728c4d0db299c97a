//! Every admin action on record (docs/trust.md "Every admin action on record"): the
//! audit log, for admins to read and filter. Nothing here or anywhere changes an entry.

use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::Admin;
use crate::error::{AppError, AppResult, FieldCode, Json};
use crate::records::{AuditAction, AuditFilter};
use crate::validate::parse_id;
use crate::views::AuditEntryView;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(audit_log))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AuditQuery {
    /// Only this action (verification.approved, listing.removed, user.suspended, …).
    action: Option<String>,
    /// Only what this admin did.
    actor_id: Option<String>,
    /// Only what was done to this kind of target (user, listing, booking)…
    target_kind: Option<String>,
    /// …with this id.
    target_id: Option<String>,
    /// The page after this entry's id (the previous page's `next`).
    before: Option<String>,
    /// Entries a page: 50 unless asked, at most 100.
    limit: Option<String>,
}

/// A page of the audit log.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditPage {
    entries: Vec<AuditEntryView>,
    /// The `before` of the next page, when there may be one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    next: Option<String>,
}

const PAGE: i64 = 50;
const MOST_A_PAGE: i64 = 100;

/// The audit log, newest first: who did what to whom, when and why (admins).
#[utoipa::path(get, path = "/audit", tag = "audit", params(AuditQuery),
    responses((status = 200, body = AuditPage), (status = 401), (status = 403),
              (status = 422, description = "`validation`: an action, id, kind or limit that is not one")),
    security(("access_token" = [])))]
async fn audit_log(
    State(state): State<AppState>,
    _admin: Admin,
    Query(query): Query<AuditQuery>,
) -> AppResult<Json<AuditPage>> {
    let given = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let refused =
        |field: &str, message: &str| AppError::field(field, FieldCode::NotOnList, message);
    let action = match given(&query.action) {
        None => None,
        Some(name) => Some(
            AuditAction::parse(&name)
                .ok_or_else(|| refused("action", "Choose an action the audit log records"))?,
        ),
    };
    let id_of = |field: &str, value: &Option<String>| -> AppResult<Option<i64>> {
        given(value)
            .map(|v| parse_id(&v).ok_or_else(|| refused(field, "Give an id")))
            .transpose()
    };
    let actor_id = id_of("actorId", &query.actor_id)?;
    let before = id_of("before", &query.before)?;
    let target = match (
        given(&query.target_kind),
        id_of("targetId", &query.target_id)?,
    ) {
        (None, None) => None,
        (Some(kind), Some(id)) if ["user", "listing", "booking"].contains(&kind.as_str()) => {
            Some((kind, id))
        }
        (Some(_), Some(_)) => {
            return Err(refused("targetKind", "Choose user, listing or booking"));
        }
        _ => {
            return Err(refused(
                "targetId",
                "Give both targetKind and targetId, or neither",
            ));
        }
    };
    let limit = match given(&query.limit) {
        None => PAGE,
        Some(limit) => limit
            .parse::<i64>()
            .ok()
            .filter(|n| (1..=MOST_A_PAGE).contains(n))
            .ok_or_else(|| refused("limit", "Choose a limit from 1 to 100"))?,
    };
    let filter = AuditFilter {
        action,
        actor_id,
        target,
        before,
        limit,
    };
    let entries = state.store.audit_entries(&filter).await?;
    let next = (entries.len() as i64 == limit)
        .then(|| entries.last().map(|e| e.id.to_string()))
        .flatten();
    Ok(Json(AuditPage {
        entries: entries.into_iter().map(AuditEntryView::from).collect(),
        next,
    }))
}
