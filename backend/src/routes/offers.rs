//! Offers (docs/conversations.md "Offers"): in a conversation the buyer offers an amount,
//! the other side accepts, declines or counters, in turn; an accepted offer is that
//! buyer's price for their booking.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::conversations::{client_id, not_too_fast};
use super::{seen, RecordId};
use crate::auth::{AuthUser, Confirmed};
use crate::error::{AppError, AppResult, FieldCode, Json, JsonBodyRefused};
use crate::events::SeenEvent;
use crate::records::{Answer, User};
use crate::validate::Checker;
use crate::views::{MessageView, OfferView};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(make_offer))
        .routes(routes!(accept_offer))
        .routes(routes!(decline_offer))
        .routes(routes!(counter_offer))
}

/// An amount offered, in taka, and the sender's own id for the message that carries it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferInput {
    /// In taka, above 0 and below the asking price.
    #[schema(value_type = f64)]
    amount: Option<Value>,
    /// The sender's own id for the offer's message: sending it again keeps it once.
    #[schema(value_type = String)]
    client_id: Option<Value>,
}

impl OfferInput {
    /// The amount in paisa and the client's id, checked.
    fn read(&self) -> AppResult<(i64, String)> {
        let mut check = Checker::new();
        let amount = check.price("amount", self.amount.as_ref(), "Offer an amount in taka");
        let client_id = client_id(&mut check, self.client_id.as_ref(), true);
        check.finish()?;
        Ok((amount, client_id))
    }
}

/// A new offer, with the message that carries it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Offered {
    message: MessageView,
    offer: OfferView,
    events: Vec<SeenEvent>,
}

impl Offered {
    fn new(message: crate::records::Message, events: Vec<SeenEvent>) -> AppResult<Self> {
        let message = MessageView::from(message);
        // The client's id answers the message it named first: a text message's id
        // used again for an offer.
        let Some(offer) = message.offer.clone() else {
            return Err(AppError::field(
                "clientId",
                FieldCode::ClientIdTaken,
                "This id belongs to another message: give the offer an id of its own",
            ));
        };
        Ok(Offered {
            message,
            offer,
            events,
        })
    }
}

/// An offer as its answer left it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Answered {
    offer: OfferView,
    events: Vec<SeenEvent>,
}

/// The buyer offers an amount for the bike of the conversation: the seller's open
/// counter is countered, the buyer's own open offer replaced. From a proven address (403
/// `unverified` before, trust.md).
#[utoipa::path(post, path = "/conversations/{id}/offers", tag = "conversations", request_body = OfferInput,
    params(("id" = String, Path, description = "Conversation id")),
    responses(JsonBodyRefused, (status = 200, body = Offered), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422), (status = 429)),
    security(("access_token" = [])))]
async fn make_offer(
    State(state): State<AppState>,
    Confirmed(AuthUser(user)): Confirmed<AuthUser>,
    RecordId(id): RecordId,
    Json(body): Json<OfferInput>,
) -> AppResult<Json<Offered>> {
    let (amount, client_id) = body.read()?;
    not_too_fast(&state, &user).await?;
    let written = state
        .store
        .make_offer(id, user.id, amount, &client_id)
        .await?;
    Ok(Json(Offered::new(
        written.outcome,
        seen(&written.events, &user),
    )?))
}

/// The side that did not make the offer accepts it: for the buyer, the bike's price
/// for a booking made in the next 48 hours.
#[utoipa::path(post, path = "/offers/{id}/accept", tag = "conversations",
    params(("id" = String, Path, description = "Offer id")),
    responses((status = 200, body = Answered), (status = 401), (status = 403), (status = 404), (status = 409), (status = 429)),
    security(("access_token" = [])))]
async fn accept_offer(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
) -> AppResult<Json<Answered>> {
    answer(&state, &user, id, Answer::Accept).await
}

/// The side that did not make the offer declines it.
#[utoipa::path(post, path = "/offers/{id}/decline", tag = "conversations",
    params(("id" = String, Path, description = "Offer id")),
    responses((status = 200, body = Answered), (status = 401), (status = 403), (status = 404), (status = 409), (status = 429)),
    security(("access_token" = [])))]
async fn decline_offer(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    RecordId(id): RecordId,
) -> AppResult<Json<Answered>> {
    answer(&state, &user, id, Answer::Decline).await
}

async fn answer(
    state: &AppState,
    user: &User,
    id: i64,
    answer: Answer,
) -> AppResult<Json<Answered>> {
    not_too_fast(state, user).await?;
    let written = state.store.answer_offer(id, user.id, &answer).await?;
    let (offer, _) = written.outcome;
    Ok(Json(Answered {
        offer: offer.into(),
        events: seen(&written.events, user),
    }))
}

/// The side that did not make the offer answers with an amount of their own: a new
/// open offer, for the other side to answer. From a proven address (403 `unverified`
/// before, trust.md).
#[utoipa::path(post, path = "/offers/{id}/counter", tag = "conversations", request_body = OfferInput,
    params(("id" = String, Path, description = "Offer id")),
    responses(JsonBodyRefused, (status = 200, body = Offered), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422), (status = 429)),
    security(("access_token" = [])))]
async fn counter_offer(
    State(state): State<AppState>,
    Confirmed(AuthUser(user)): Confirmed<AuthUser>,
    RecordId(id): RecordId,
    Json(body): Json<OfferInput>,
) -> AppResult<Json<Offered>> {
    let (amount, client_id) = body.read()?;
    not_too_fast(&state, &user).await?;
    let counter = Answer::Counter { amount, client_id };
    let written = state.store.answer_offer(id, user.id, &counter).await?;
    let (_, message) = written.outcome;
    let Some(message) = message else {
        return Err(AppError::Internal(
            "a counter came back without its message".into(),
        ));
    };
    Ok(Json(Offered::new(message, seen(&written.events, &user))?))
}
