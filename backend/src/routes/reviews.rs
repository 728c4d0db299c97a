//! Reviews from real deals (docs/trust.md "Reviews from real deals"): the buyer of a
//! completed handover rates the seller once, the seller answers once, and a seller's
//! public page shows what their buyers said.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::RecordId;
use crate::auth::{Buyer, Confirmed, MaybeUser, Seller};
use crate::error::{AppError, AppResult, FieldCode, Json, JsonBodyRefused};
use crate::records::{ListingState, Role};
use crate::store::Missing;
use crate::validate::Checker;
use crate::views::{Form, ListingView, RatingView, ReviewView};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(review_deal))
        .routes(routes!(answer_review))
        .routes(routes!(latest_reviews))
        .routes(routes!(seller_page))
}

/// The longest review or answer.
const WORDS_MAX_CHARS: usize = 500;
/// Reviews a seller's page shows.
const REVIEWS_SHOWN: i64 = 20;
/// Reviews the home page shows.
const TESTIMONIALS: i64 = 6;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewInput {
    /// The completed deal (booking) being reviewed.
    #[schema(value_type = String)]
    deal_id: Option<Value>,
    /// 1 to 5.
    #[schema(value_type = i32)]
    stars: Option<Value>,
    /// A few words about the deal, up to 500 characters.
    #[schema(value_type = String)]
    text: Option<Value>,
}

/// The buyer of a completed deal rates its seller, once (buyers, from a proven address).
#[utoipa::path(post, path = "/reviews", tag = "reviews", request_body = ReviewInput,
    responses(JsonBodyRefused, (status = 201, body = ReviewView), (status = 401), (status = 403), (status = 404),
              (status = 409, description = "`not_completed`, `already_reviewed`"), (status = 422)),
    security(("access_token" = [])))]
async fn review_deal(
    State(state): State<AppState>,
    Confirmed(Buyer(buyer)): Confirmed<Buyer>,
    Json(body): Json<ReviewInput>,
) -> AppResult<(StatusCode, Json<ReviewView>)> {
    let mut check = Checker::new();
    let deal = check.id(
        "dealId",
        body.deal_id.as_ref(),
        "Choose the deal you review",
    );
    let stars = body
        .stars
        .as_ref()
        .and_then(Value::as_i64)
        .filter(|stars| (1..=5).contains(stars));
    if stars.is_none() {
        check.fail("stars", FieldCode::OutOfRange, "Choose 1 to 5 stars");
    }
    let text = check.text(
        "text",
        body.text.as_ref(),
        "Please say a few words about the deal",
        WORDS_MAX_CHARS,
    );
    check.finish()?;
    let stars = stars.unwrap_or(5) as i32;
    let written = state
        .store
        .create_review(deal, buyer.id, stars, &text, Utc::now())
        .await?;
    Ok((StatusCode::CREATED, Json(ReviewView::from(written.outcome))))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AnswerInput {
    /// The seller's answer, up to 500 characters.
    #[schema(value_type = String)]
    text: Option<Value>,
}

/// The seller answers a review of theirs, once (sellers).
#[utoipa::path(post, path = "/reviews/{id}/reply", tag = "reviews", request_body = AnswerInput,
    params(("id" = String, Path, description = "Review id")),
    responses(JsonBodyRefused, (status = 200, body = ReviewView), (status = 401), (status = 403), (status = 404),
              (status = 409, description = "`already_replied`"), (status = 422)),
    security(("access_token" = [])))]
async fn answer_review(
    State(state): State<AppState>,
    Seller(seller): Seller,
    RecordId(id): RecordId,
    Json(body): Json<AnswerInput>,
) -> AppResult<Json<ReviewView>> {
    let mut check = Checker::new();
    let text = check.text(
        "text",
        body.text.as_ref(),
        "Please write your answer",
        WORDS_MAX_CHARS,
    );
    check.finish()?;
    let written = state
        .store
        .reply_to_review(id, seller.id, &text, Utc::now())
        .await?;
    Ok(Json(ReviewView::from(written.outcome)))
}

/// The newest four- and five-star reviews with words: the home page's testimonials.
#[utoipa::path(get, path = "/reviews/latest", tag = "reviews",
    responses((status = 200, body = [ReviewView])))]
async fn latest_reviews(State(state): State<AppState>) -> AppResult<Json<Vec<ReviewView>>> {
    let reviews = state.store.latest_good_reviews(TESTIMONIALS).await?;
    Ok(Json(reviews.into_iter().map(ReviewView::from).collect()))
}

/// The checks a seller has passed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SellerChecks {
    /// They opened the link mailed to their address.
    email_verified: bool,
    /// They confirmed a mobile number by a code.
    phone_verified: bool,
    /// An admin saw their national ID.
    id_verified: bool,
}

/// A seller's public page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SellerPage {
    #[serde(rename = "_id")]
    id: String,
    name: String,
    image: String,
    member_since: DateTime<Utc>,
    checks: SellerChecks,
    seller_rating: RatingView,
    /// The latest reviews, newest first, with the seller's answers.
    reviews: Vec<ReviewView>,
    /// Their bikes for sale now, newest first.
    listings: Vec<ListingView>,
}

/// A seller's public page: who they are, the checks they passed, their rating and
/// reviews, and their bikes for sale (everyone; 404 for anyone who is not a seller, or
/// is suspended).
#[utoipa::path(get, path = "/sellers/{id}", tag = "reviews",
    params(("id" = String, Path, description = "Seller id")),
    responses((status = 200, body = SellerPage), (status = 404)),
    security((), ("access_token" = [])))]
async fn seller_page(
    State(state): State<AppState>,
    MaybeUser(viewer): MaybeUser,
    RecordId(id): RecordId,
) -> AppResult<Json<SellerPage>> {
    let seller = state
        .store
        .user_by_id(id)
        .await?
        .filter(|user| user.role() == Role::Seller && user.suspended_at.is_none())
        .ok_or_else(|| AppError::from(Missing::Seller))?;
    let rating = state.store.seller_rating(id).await?;
    let reviews = state.store.reviews_of_seller(id, REVIEWS_SHOWN).await?;
    let form = Form::for_browsing(viewer.as_ref());
    let listings = state
        .store
        .listings_of_seller(id)
        .await?
        .into_iter()
        .filter(|listing| listing.state == ListingState::Live && !listing.sold)
        .map(|listing| ListingView::new(listing, form))
        .collect();
    Ok(Json(SellerPage {
        id: seller.id.to_string(),
        name: seller.name.clone(),
        image: seller.image.clone(),
        member_since: seller.created_at,
        checks: SellerChecks {
            email_verified: seller.email_verified,
            phone_verified: seller.phone.is_some(),
            id_verified: seller.verified,
        },
        seller_rating: rating.into(),
        reviews: reviews.into_iter().map(ReviewView::from).collect(),
        listings,
    }))
}
