//! Safety in conversations (docs/conversations.md "Safety"): blocking a person, hiding a
//! message from one's own view, reporting a conversation, and the admins' queue of
//! reported conversations, the one way an admin reads one.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{seen, RecordId, RecordIds};
use crate::auth::{Admin, AuthUser};
use crate::error::{AppError, AppResult, FieldCode, Json, JsonBodyRefused};
use crate::events::SeenEvent;
use crate::records::{NewConversationReport, REPORT_REASONS};
use crate::validate::Checker;
use crate::views::{BlockedView, ConversationReportView, MessageView};
use crate::AppState;

/// Messages of a reported conversation an admin reads at once.
const REPORTED_MESSAGES: i64 = 200;
/// Longest note with a report, in characters.
const NOTE_MAX_CHARS: usize = 500;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_blocks, block))
        .routes(routes!(unblock))
        .routes(routes!(report_conversation))
        .routes(routes!(hide_message))
        .routes(routes!(list_reported_conversations))
        .routes(routes!(read_reported_conversation))
}

/// The person to block.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockInput {
    #[schema(value_type = String)]
    user_id: Option<Value>,
}

/// Who is blocked or unblocked now, and the events the caller's socket would receive.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockView {
    user_id: String,
    /// Whether anything changed (false: it was so already).
    changed: bool,
    events: Vec<SeenEvent>,
}

/// The people the signed-in user blocked, the latest first.
#[utoipa::path(get, path = "/blocks", tag = "conversations",
    responses((status = 200, body = [BlockedView]), (status = 401)),
    security(("access_token" = [])))]
async fn list_blocks(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
) -> AppResult<Json<Vec<BlockedView>>> {
    let blocked = state.store.blocked_people(user.id).await?;
    Ok(Json(blocked.into_iter().map(BlockedView::from).collect()))
}

/// Blocks a person: no messages or offers pass between the two either way, and no new
/// conversation opens between them, until the blocker unblocks.
#[utoipa::path(post, path = "/blocks", tag = "conversations", request_body = BlockInput,
    responses(JsonBodyRefused, (status = 200, body = BlockView), (status = 401), (status = 404), (status = 422)),
    security(("access_token" = [])))]
async fn block(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Json(body): Json<BlockInput>,
) -> AppResult<Json<BlockView>> {
    let mut check = Checker::new();
    let other = check.id(
        "userId",
        body.user_id.as_ref(),
        "Choose the person to block",
    );
    check.finish()?;
    if other == user.id {
        return Err(AppError::field(
            "userId",
            FieldCode::SelfBlock,
            "You can't block yourself",
        ));
    }
    let written = state.store.block(user.id, other, true).await?;
    Ok(Json(BlockView {
        user_id: other.to_string(),
        changed: written.outcome,
        events: seen(&written.events, &user),
    }))
}

/// Unblocks a person the caller blocked.
#[utoipa::path(delete, path = "/blocks/{id}", tag = "conversations",
    params(("id" = String, Path, description = "The blocked person's user id")),
    responses((status = 200, body = BlockView), (status = 401), (status = 404)),
    security(("access_token" = [])))]
async fn unblock(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(other): RecordId,
) -> AppResult<Json<BlockView>> {
    let written = state.store.block(user.id, other, false).await?;
    Ok(Json(BlockView {
        user_id: other.to_string(),
        changed: written.outcome,
        events: seen(&written.events, &user),
    }))
}

/// Why the conversation is reported.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ReportInput {
    /// scam, money_first, offensive, spam or other.
    #[schema(value_type = String)]
    reason: Option<Value>,
    /// Up to 500 characters.
    #[schema(value_type = Option<String>)]
    note: Option<Value>,
}

/// A report taken.
#[derive(Debug, Serialize, ToSchema)]
pub struct Reported {
    reported: bool,
    events: Vec<SeenEvent>,
}

/// One of its two reports the conversation: it joins the admins' queue, where an admin
/// may read it.
#[utoipa::path(post, path = "/conversations/{id}/report", tag = "conversations", request_body = ReportInput,
    params(("id" = String, Path, description = "Conversation id")),
    responses(JsonBodyRefused, (status = 200, body = Reported), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)),
    security(("access_token" = [])))]
async fn report_conversation(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
    Json(body): Json<ReportInput>,
) -> AppResult<Json<Reported>> {
    let mut check = Checker::new();
    let reason = check.text("reason", body.reason.as_ref(), "Say why you report it", 32);
    if !reason.is_empty() && !REPORT_REASONS.contains(&reason.as_str()) {
        check.fail(
            "reason",
            FieldCode::NotOnList,
            "Choose a reason: scam, money_first, offensive, spam or other",
        );
    }
    let note = check.optional_text("note", body.note.as_ref(), NOTE_MAX_CHARS);
    check.finish()?;
    let report = NewConversationReport {
        conversation_id: id,
        reporter_id: user.id,
        reason,
        note,
    };
    let written = state.store.report_conversation(&report).await?;
    Ok(Json(Reported {
        reported: true,
        events: seen(&written.events, &user),
    }))
}

/// A message hidden from the caller's view.
#[derive(Debug, Serialize, ToSchema)]
pub struct Hidden {
    /// Whether it was hidden now (false: hidden before).
    hidden: bool,
    events: Vec<SeenEvent>,
}

/// Hides a message of the conversation from the caller's own view ("delete for me"):
/// the other side still has it.
#[utoipa::path(delete, path = "/conversations/{id}/messages/{messageId}", tag = "conversations",
    params(("id" = String, Path, description = "Conversation id"), ("messageId" = String, Path, description = "Message id")),
    responses((status = 200, body = Hidden), (status = 401), (status = 403), (status = 404)),
    security(("access_token" = [])))]
async fn hide_message(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordIds(id, message_id): RecordIds,
) -> AppResult<Json<Hidden>> {
    let written = state.store.hide_message(id, message_id, user.id).await?;
    Ok(Json(Hidden {
        hidden: written.outcome,
        events: seen(&written.events, &user),
    }))
}

/// Reported conversations, the latest report first (admins).
#[utoipa::path(get, path = "/reportedConversations", tag = "conversations",
    responses((status = 200, body = [ConversationReportView]), (status = 401), (status = 403)),
    security(("access_token" = [])))]
async fn list_reported_conversations(
    State(state): State<AppState>,
    _admin: Admin,
) -> AppResult<Json<Vec<ConversationReportView>>> {
    let reports = state.store.conversation_reports().await?;
    Ok(Json(
        reports
            .into_iter()
            .map(ConversationReportView::from)
            .collect(),
    ))
}

/// The latest 200 messages of a reported conversation, oldest first (admins): a
/// conversation nobody reported is not theirs to read (404).
#[utoipa::path(get, path = "/reportedConversations/{id}/messages", tag = "conversations",
    params(("id" = String, Path, description = "Conversation id")),
    responses((status = 200, body = [MessageView]), (status = 401), (status = 403), (status = 404)),
    security(("access_token" = [])))]
async fn read_reported_conversation(
    State(state): State<AppState>,
    _admin: Admin,
    RecordId(id): RecordId,
) -> AppResult<Json<Vec<MessageView>>> {
    let messages = state.store.reported_messages(id, REPORTED_MESSAGES).await?;
    Ok(Json(messages.into_iter().map(MessageView::from).collect()))
}
