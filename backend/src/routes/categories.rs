//! Categories: everyone can list them, admins add them.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::EmailPath;
use super::Inserted;
use crate::auth::Admin;
use crate::denied::Denied;
use crate::error::{AppResult, Json, JsonBodyRefused};
use crate::validate::Checker;
use crate::views::CategoryView;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_categories))
        .routes(routes!(create_category))
}

/// Every category, oldest first.
#[utoipa::path(get, path = "/categories", tag = "categories", responses((status = 200, body = [CategoryView])))]
async fn list_categories(State(state): State<AppState>) -> AppResult<Json<Vec<CategoryView>>> {
    let categories = state.store.categories().await?;
    Ok(Json(
        categories.into_iter().map(CategoryView::from).collect(),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryInput {
    #[schema(value_type = String)]
    category_name: Option<Value>,
    #[schema(value_type = String)]
    category_image: Option<Value>,
}

/// Adds a category (admins; the path names the admin adding it).
#[utoipa::path(post, path = "/categories/{email}", tag = "categories", request_body = CategoryInput,
    params(("email" = String, Path, description = "The signed-in admin's e-mail")),
    responses(JsonBodyRefused, (status = 201, body = Inserted), (status = 401), (status = 403), (status = 409), (status = 422)),
    security(("access_token" = [])))]
async fn create_category(
    State(state): State<AppState>,
    Admin(admin): Admin,
    EmailPath(email): EmailPath,
    Json(body): Json<CategoryInput>,
) -> AppResult<(StatusCode, Json<Inserted>)> {
    if email != admin.email {
        return Err(Denied::CategoryAsYourself.into());
    }
    let mut check = Checker::new();
    let name = check.text(
        "categoryName",
        body.category_name.as_ref(),
        "Please provide the category name",
        60,
    );
    let image = check.image(
        "categoryImage",
        body.category_image.as_ref(),
        "Please Provide an Image",
    );
    check.finish()?;
    let written = state.store.create_category(&name, &image).await?;
    let answer = Inserted::new(written.outcome.id).seen_by(&written.events, &admin);
    Ok((StatusCode::CREATED, Json(answer)))
}
