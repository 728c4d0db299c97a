//! `GET /api/health`: answers once the database does.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{AppResult, Json};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_health))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// "ok".
    status: &'static str,
    /// "sqlite" or "postgres".
    database: &'static str,
    /// How live events travel between processes: "in-process" or "redis".
    bus: &'static str,
}

/// Whether the marketplace is ready to serve.
#[utoipa::path(get, path = "/health", tag = "health", responses((status = 200, body = Health), (status = 503)))]
async fn get_health(State(state): State<AppState>) -> AppResult<Json<Health>> {
    state.store.ping().await?;
    Ok(Json(Health {
        status: "ok",
        database: state.settings.database,
        bus: state.bus.name(),
    }))
}
