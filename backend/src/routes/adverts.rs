//! Adverts: sellers put their unsold bikes in the home page's advertisement area.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::Inserted;
use crate::auth::{MaybeUser, Seller};
use crate::error::{AppResult, Json, JsonBodyRefused};
use crate::validate::Checker;
use crate::views::{AdvertView, Form};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_adverts, create_advert))
}

/// Adverts of unsold bikes, newest first (everyone; visitors get the public form,
/// without the seller's e-mail address and phone number).
#[utoipa::path(get, path = "/advertise", tag = "adverts", responses((status = 200, body = [AdvertView])),
    security((), ("access_token" = [])))]
async fn list_adverts(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
) -> AppResult<Json<Vec<AdvertView>>> {
    let form = Form::for_browsing(user.as_ref());
    let adverts = state.store.adverts().await?;
    Ok(Json(
        adverts
            .into_iter()
            .map(|advert| AdvertView::new(advert, form))
            .collect(),
    ))
}

/// Only `advertiseId` is read; the listing's fields come from our records.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdvertInput {
    /// The listing to advertise.
    #[schema(value_type = String)]
    advertise_id: Option<Value>,
}

/// Advertises one of the seller's own unsold bikes.
#[utoipa::path(post, path = "/advertise", tag = "adverts", request_body = AdvertInput,
    responses(JsonBodyRefused, (status = 201, body = Inserted), (status = 401), (status = 403), (status = 404), (status = 409), (status = 422)),
    security(("access_token" = [])))]
async fn create_advert(
    State(state): State<AppState>,
    Seller(seller): Seller,
    Json(body): Json<AdvertInput>,
) -> AppResult<(StatusCode, Json<Inserted>)> {
    let mut check = Checker::new();
    let product_id = check.id(
        "advertiseId",
        body.advertise_id.as_ref(),
        "Choose a bike to advertise",
    );
    check.finish()?;
    let written = state.store.create_advert(product_id, seller.id).await?;
    let answer = Inserted::new(written.outcome).seen_by(&written.events, &seller);
    Ok((StatusCode::CREATED, Json(answer)))
}
