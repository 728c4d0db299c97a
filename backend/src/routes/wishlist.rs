//! The bikes a buyer saved to their wishlist: listed (sold ones too), saved, removed.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::RecordId;
use super::{Changed, Inserted};
use crate::auth::Buyer;
use crate::error::{AppResult, Json, JsonBodyRefused};
use crate::validate::Checker;
use crate::views::{Form, ListingView};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_wishlist, save_to_wishlist))
        .routes(routes!(remove_from_wishlist))
}

/// The buyer's saved bikes, the latest saved first, sold ones too.
#[utoipa::path(get, path = "/wishlist", tag = "wishlist",
    responses((status = 200, body = [ListingView]), (status = 401), (status = 403)),
    security(("access_token" = [])))]
async fn list_wishlist(
    State(state): State<AppState>,
    Buyer(buyer): Buyer,
) -> AppResult<Json<Vec<ListingView>>> {
    let saved = state.store.wishlist(buyer.id).await?;
    Ok(Json(
        saved
            .into_iter()
            .map(|product| ListingView::new(product, Form::SignedIn))
            .collect(),
    ))
}

/// The bike to save.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistInput {
    #[schema(value_type = String)]
    product_id: Option<Value>,
}

/// Saves a bike to the buyer's wishlist: 201 when saved now, 200 when it was already.
#[utoipa::path(post, path = "/wishlist", tag = "wishlist", request_body = WishlistInput,
    responses(JsonBodyRefused, (status = 201, body = Inserted), (status = 200, body = Inserted), (status = 401), (status = 403), (status = 404), (status = 422)),
    security(("access_token" = [])))]
async fn save_to_wishlist(
    State(state): State<AppState>,
    Buyer(buyer): Buyer,
    Json(body): Json<WishlistInput>,
) -> AppResult<(StatusCode, Json<Inserted>)> {
    let mut check = Checker::new();
    let product_id = check.id(
        "productId",
        body.product_id.as_ref(),
        "Choose a bike to save",
    );
    check.finish()?;
    let saved = state.store.save_to_wishlist(buyer.id, product_id).await?;
    let status = if saved {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(Inserted::new(product_id))))
}

/// Removes a bike from the buyer's wishlist (`deletedCount` 0 when it was not there).
#[utoipa::path(delete, path = "/wishlist/{id}", tag = "wishlist", params(("id" = String, Path, description = "The saved bike's id")),
    responses((status = 200, body = Changed), (status = 401), (status = 403), (status = 404)),
    security(("access_token" = [])))]
async fn remove_from_wishlist(
    State(state): State<AppState>,
    Buyer(buyer): Buyer,
    RecordId(product_id): RecordId,
) -> AppResult<Json<Changed>> {
    let removed = state
        .store
        .remove_from_wishlist(buyer.id, product_id)
        .await?;
    Ok(Json(Changed::deleted(u64::from(removed))))
}
