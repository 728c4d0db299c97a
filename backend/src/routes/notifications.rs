//! The bell: one person's notifications (stored by the writes that cause them, pushed
//! live as `notification.created`), listed and marked read.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::AuthUser;
use crate::error::{AppError, AppResult, FieldCode, Json, JsonBodyRefused};
use crate::validate::parse_id;
use crate::views::NotificationView;
use crate::AppState;

/// How many notifications the bell lists.
const LISTED: i64 = 50;
/// How many notifications one call may mark read by id.
const MARKED_AT_ONCE: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_notifications))
        .routes(routes!(mark_read))
}

/// The bell: the newest notifications and how many are unread.
#[derive(Debug, Serialize, ToSchema)]
pub struct Notifications {
    /// How many of all the user's notifications are unread.
    unread: i64,
    /// The newest first, at most 50.
    notifications: Vec<NotificationView>,
}

/// The signed-in user's newest notifications, with the unread count.
#[utoipa::path(get, path = "/notifications", tag = "notifications",
    responses((status = 200, body = Notifications), (status = 401)),
    security(("access_token" = [])))]
async fn list_notifications(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> AppResult<Json<Notifications>> {
    let (newest, unread) = state.store.notifications(user.id, LISTED).await?;
    Ok(Json(Notifications {
        unread,
        notifications: newest.into_iter().map(NotificationView::from).collect(),
    }))
}

/// Which notifications to mark read: `ids`, or `all: true`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MarkRead {
    #[schema(value_type = Option<Vec<String>>)]
    ids: Option<Value>,
    all: Option<bool>,
}

/// What marking read changed.
#[derive(Debug, Serialize, ToSchema)]
pub struct MarkedRead {
    /// How many notifications this call marked read.
    updated: u64,
    /// How many are still unread.
    unread: i64,
}

/// Marks some (`ids`) or all (`all: true`) of the user's own notifications read; ids
/// of anyone else's change nothing.
#[utoipa::path(post, path = "/notifications/read", tag = "notifications", request_body = MarkRead,
    responses(JsonBodyRefused, (status = 200, body = MarkedRead), (status = 401), (status = 422)),
    security(("access_token" = [])))]
async fn mark_read(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Json(body): Json<MarkRead>,
) -> AppResult<Json<MarkedRead>> {
    let ids = match (body.all, &body.ids) {
        (Some(true), None) => None,
        (None | Some(false), Some(Value::Array(ids)))
            if !ids.is_empty() && ids.len() <= MARKED_AT_ONCE =>
        {
            let parsed: Option<Vec<i64>> = ids
                .iter()
                .map(|id| match id {
                    Value::String(text) => parse_id(text),
                    Value::Number(n) => n.as_i64().filter(|id| *id > 0),
                    _ => None,
                })
                .collect();
            Some(parsed.ok_or_else(|| bad_ids("Each id must be a notification's id"))?)
        }
        _ => {
            return Err(bad_ids(&format!(
                "Send the ids to mark read (1 to {MARKED_AT_ONCE}), or all: true"
            )))
        }
    };
    let updated = state
        .store
        .mark_notifications_read(user.id, ids.as_deref())
        .await?;
    let unread = state.store.unread_notifications(user.id).await?;
    Ok(Json(MarkedRead { updated, unread }))
}

fn bad_ids(message: &str) -> AppError {
    AppError::field("ids", FieldCode::NotAnId, message)
}
