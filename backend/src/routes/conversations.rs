//! Conversations (docs/conversations.md): a buyer asks a listing's seller, the two write
//! back and forth, and each reads how far the other has read. Only the two see it.

use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{seen, RecordId};
use crate::auth::{throttle, AuthUser, Buyer, Confirmed};
use crate::denied::{Denied, Throttled};
use crate::error::{AppResult, FieldCode, Json, JsonBodyRefused};
use crate::events::SeenEvent;
use crate::records::{NewMessage, User, MESSAGES_PAGE, MESSAGE_MAX_CHARS};
use crate::store::{Missing, StoreError};
use crate::validate::{as_text, query_id, Checker};
use crate::views::{ConversationView, MessageView};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_conversations, open_conversation))
        .routes(routes!(show_conversation))
        .routes(routes!(list_messages, send_message))
        .routes(routes!(read_messages))
        .routes(routes!(share_number))
}

/// Which conversations: all of the caller's, or one bike's.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ConversationsQuery {
    /// Only those about this listing (a seller's buyers of one bike).
    product_id: Option<String>,
}

/// The conversations of the signed-in user, the latest message first; with
/// `productId`, only those about that listing.
#[utoipa::path(get, path = "/conversations", tag = "conversations", params(ConversationsQuery),
    responses((status = 200, body = [ConversationView]), (status = 401), (status = 422)),
    security(("access_token" = [])))]
async fn list_conversations(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Query(query): Query<ConversationsQuery>,
) -> AppResult<Json<Vec<ConversationView>>> {
    let about = query_id(
        query.product_id.as_deref(),
        "productId",
        "Give a listing's id",
    )?;
    let mine = state.store.conversations(user.id, about).await?;
    Ok(Json(mine.into_iter().map(ConversationView::from).collect()))
}

/// The listing to ask about, and the first message if the buyer wrote one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenInput {
    #[schema(value_type = String)]
    product_id: Option<Value>,
    /// A first message, up to 2,000 characters ("Is it still available?").
    #[schema(value_type = Option<String>)]
    text: Option<Value>,
    /// The buyer's own id for that first message: sending it again keeps it once.
    #[schema(value_type = Option<String>)]
    client_id: Option<Value>,
}

/// A conversation, with the message just sent in it, and the events the caller's own
/// socket would receive.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Opened {
    conversation: ConversationView,
    /// The first message, when one was sent.
    message: Option<MessageView>,
    events: Vec<SeenEvent>,
}

/// Opens the buyer's conversation about a listing with its seller, or the one they
/// already have; with `text`, sends it as a message. From a proven address (403
/// `unverified` before, trust.md).
#[utoipa::path(post, path = "/conversations", tag = "conversations", request_body = OpenInput,
    responses(JsonBodyRefused, (status = 200, body = Opened), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422), (status = 429)),
    security(("access_token" = [])))]
async fn open_conversation(
    State(state): State<AppState>,
    Confirmed(Buyer(buyer)): Confirmed<Buyer>,
    Json(body): Json<OpenInput>,
) -> AppResult<Json<Opened>> {
    let mut check = Checker::new();
    let product_id = check.id(
        "productId",
        body.product_id.as_ref(),
        "Choose a bike to ask about",
    );
    let text = check.optional_text("text", body.text.as_ref(), MESSAGE_MAX_CHARS);
    let client_id = client_id(&mut check, body.client_id.as_ref(), !text.is_empty());
    check.finish()?;
    let conversation = match state
        .store
        .open_conversation(product_id, buyer.id, false)
        .await
    {
        Err(StoreError::NotFound(Missing::Conversation)) => {
            // A new conversation: a fresh account opens few an hour.
            let new_account = chrono::Utc::now() - buyer.created_at < chrono::TimeDelta::days(1);
            let rule = match new_account {
                true => &throttle::NEW_CONVERSATIONS_PER_NEW_ACCOUNT,
                false => &throttle::NEW_CONVERSATIONS_PER_ACCOUNT,
            };
            state
                .limits
                .take(rule, &buyer.id.to_string())
                .await
                .map_err(|retry| throttle::too_many(Throttled::ManyNewConversations, retry))?;
            state
                .store
                .open_conversation(product_id, buyer.id, true)
                .await?
        }
        found => found?,
    };
    if !text.is_empty() {
        not_too_fast(&state, &buyer).await?;
    }
    if text.is_empty() {
        return Ok(Json(Opened {
            conversation: conversation.into(),
            message: None,
            events: Vec::new(),
        }));
    }
    let written = state
        .store
        .send_message(&NewMessage {
            conversation_id: conversation.id,
            sender_id: buyer.id,
            client_id,
            text: Some(text),
            image: None,
        })
        .await?;
    let mut conversation = conversation;
    conversation.sent(&written.outcome);
    Ok(Json(Opened {
        conversation: conversation.into(),
        message: Some(written.outcome.into()),
        events: seen(&written.events, &buyer),
    }))
}

/// Holds back a person who sends messages, or makes or answers offers, faster than
/// anyone talks or bargains: one limit for all three.
pub(super) async fn not_too_fast(state: &AppState, user: &User) -> AppResult<()> {
    state
        .limits
        .take(&throttle::MESSAGES_PER_SENDER, &user.id.to_string())
        .await
        .map_err(|retry| throttle::too_many(Throttled::MessagesTooFast, retry))
}

/// The client's id of a message, up to 64 characters: required with a message, since
/// a retry must be recognisable as one.
pub(super) fn client_id(check: &mut Checker, value: Option<&Value>, needed: bool) -> String {
    let given = as_text(value).unwrap_or_default();
    let given = given.trim();
    if needed && (given.is_empty() || given.len() > 64) {
        check.fail(
            "clientId",
            FieldCode::ClientIdShape,
            "Give each message an id of your own, up to 64 characters",
        );
    }
    given.to_owned()
}

/// One conversation, as the caller (one of its two) reads it.
#[utoipa::path(get, path = "/conversations/{id}", tag = "conversations",
    params(("id" = String, Path, description = "Conversation id")),
    responses((status = 200, body = ConversationView), (status = 401), (status = 403), (status = 404)),
    security(("access_token" = [])))]
async fn show_conversation(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
) -> AppResult<Json<ConversationView>> {
    Ok(Json(state.store.conversation(id, user.id).await?.into()))
}

/// Which page of the history.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    /// Messages before this one (its `_id`); the newest page without it.
    before: Option<String>,
}

/// A page of the conversation's messages (50), oldest first: the newest, or those
/// before `before` as the page scrolls up.
#[utoipa::path(get, path = "/conversations/{id}/messages", tag = "conversations",
    params(("id" = String, Path, description = "Conversation id"), HistoryQuery),
    responses((status = 200, body = [MessageView]), (status = 401), (status = 403), (status = 404), (status = 422)),
    security(("access_token" = [])))]
async fn list_messages(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
    Query(query): Query<HistoryQuery>,
) -> AppResult<Json<Vec<MessageView>>> {
    let before = query_id(
        query.before.as_deref(),
        "before",
        "Give the id of a message",
    )?;
    let page = state
        .store
        .messages(id, user.id, before, MESSAGES_PAGE)
        .await?;
    Ok(Json(page.into_iter().map(MessageView::from).collect()))
}

/// A message to send: text, or a photo uploaded first.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageInput {
    /// The sender's own id for it: sending it again keeps it once.
    #[schema(value_type = String)]
    client_id: Option<Value>,
    /// Up to 2,000 characters.
    #[schema(value_type = Option<String>)]
    text: Option<Value>,
    /// A photo's address from `POST /api/uploads`.
    #[schema(value_type = Option<String>)]
    image: Option<Value>,
}

/// A message sent, and the events the caller's own socket would receive.
#[derive(Debug, Serialize, ToSchema)]
pub struct Sent {
    message: MessageView,
    events: Vec<SeenEvent>,
}

/// Sends a message in the conversation (one of its two): the other side's open pages
/// get it live. The same `clientId` again answers the message sent the first time.
/// From a proven address (403 `unverified` before, trust.md).
#[utoipa::path(post, path = "/conversations/{id}/messages", tag = "conversations", request_body = MessageInput,
    params(("id" = String, Path, description = "Conversation id")),
    responses(JsonBodyRefused, (status = 200, body = Sent), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422), (status = 429)),
    security(("access_token" = [])))]
async fn send_message(
    State(state): State<AppState>,
    Confirmed(AuthUser(user)): Confirmed<AuthUser>,
    RecordId(id): RecordId,
    Json(body): Json<MessageInput>,
) -> AppResult<Json<Sent>> {
    let mut check = Checker::new();
    let client_id = client_id(&mut check, body.client_id.as_ref(), true);
    let text = check.optional_text("text", body.text.as_ref(), MESSAGE_MAX_CHARS);
    // A photo is one uploaded here (the upload's limits held): an address elsewhere
    // would tell a stranger's server who opened the conversation, and when.
    let image = match body.image.as_ref().filter(|v| !v.is_null()) {
        Some(image) => {
            let image = check.image("image", Some(image), "Please upload an image");
            if !image.is_empty() && !image.starts_with("/uploads/") {
                check.fail("image", FieldCode::NotAnImage, "Please upload an image");
            }
            Some(image)
        }
        None => None,
    };
    if text.trim().is_empty() && image.is_none() {
        check.fail(
            "text",
            FieldCode::EmptyMessage,
            "Write a message or add a photo",
        );
    }
    check.finish()?;
    not_too_fast(&state, &user).await?;
    let text = (!text.trim().is_empty()).then_some(text);
    let written = state
        .store
        .send_message(&NewMessage {
            conversation_id: id,
            sender_id: user.id,
            client_id,
            text,
            image,
        })
        .await?;
    Ok(Json(Sent {
        message: written.outcome.into(),
        events: seen(&written.events, &user),
    }))
}

/// The seller shares their phone in the conversation ("Share my number"): a message from
/// them with the listing's phone, and its WhatsApp link when it takes WhatsApp. Sharing
/// again answers the message of the first time.
#[utoipa::path(post, path = "/conversations/{id}/share-number", tag = "conversations",
    params(("id" = String, Path, description = "Conversation id")),
    responses((status = 200, body = Sent), (status = 401), (status = 403), (status = 404), (status = 409), (status = 429)),
    security(("access_token" = [])))]
async fn share_number(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
) -> AppResult<Json<Sent>> {
    let conversation = state.store.conversation(id, user.id).await?;
    if conversation.seller_id != Some(user.id) {
        return Err(Denied::SellerSharesNumber.into());
    }
    let listing = state
        .store
        .listing(conversation.product_id)
        .await?
        .ok_or(Missing::Listing)?;
    let whatsapp = listing
        .terms
        .on_whatsapp
        .then(|| crate::views::whatsapp_link(&listing.seller_phone))
        .flatten();
    let text = crate::notice::shared_number(&listing.seller_phone, whatsapp.as_deref());
    not_too_fast(&state, &user).await?;
    let written = state
        .store
        .send_message(&NewMessage {
            conversation_id: id,
            sender_id: user.id,
            client_id: "share-number".into(),
            text: Some(text),
            image: None,
        })
        .await?;
    Ok(Json(Sent {
        message: written.outcome.into(),
        events: seen(&written.events, &user),
    }))
}

/// How far the reader has read.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadInput {
    /// The last message read (its `_id`).
    #[schema(value_type = String)]
    up_to: Option<Value>,
}

/// What the reader has read now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadView {
    /// The last message read: never further back than before, never past the last.
    up_to: String,
    events: Vec<SeenEvent>,
}

/// The caller (one of its two) has read the conversation up to a message: the other
/// side sees the read mark, and the caller's other tabs their unread count, live.
#[utoipa::path(post, path = "/conversations/{id}/read", tag = "conversations", request_body = ReadInput,
    params(("id" = String, Path, description = "Conversation id")),
    responses(JsonBodyRefused, (status = 200, body = ReadView), (status = 401), (status = 403), (status = 404), (status = 422)),
    security(("access_token" = [])))]
async fn read_messages(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
    Json(body): Json<ReadInput>,
) -> AppResult<Json<ReadView>> {
    let mut check = Checker::new();
    let up_to = check.id("upTo", body.up_to.as_ref(), "Give the id of a message");
    check.finish()?;
    let written = state.store.read_messages(id, user.id, up_to).await?;
    Ok(Json(ReadView {
        up_to: written.outcome.to_string(),
        events: seen(&written.events, &user),
    }))
}

/// Mails each person what arrived in a conversation while they were away, once a
/// minute until the runtime stops: one mail per conversation gathering the messages
/// unread for 15 minutes, never one per message. Every process runs it; the store's
/// claim mails each message once, whichever process gets there first.
pub async fn mail_unread_every_minute(state: AppState) {
    let mut ticks = tokio::time::interval(std::time::Duration::from_secs(60));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match state.store.unread_to_mail(chrono::Utc::now(), 200).await {
            Ok(digests) => {
                for digest in digests {
                    let link = format!(
                        "{}/dashboard/messages/{}",
                        state.settings.public_origin, digest.conversation_id
                    );
                    state
                        .mailer
                        .deliver(crate::mail::letters::unread_messages(&link, &digest));
                }
            }
            Err(error) => tracing::warn!(%error, "cannot gather the unread messages to mail"),
        }
    }
}
