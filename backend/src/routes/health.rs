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
#[serde(rename_all = "camelCase")]
pub struct Health {
    /// "ok".
    status: &'static str,
    /// "sqlite" or "postgres".
    database: &'static str,
    /// How live events travel between processes: "in-process" or "redis".
    bus: &'static str,
    /// Whether other processes' events arrive at once right now (while Redis is away
    /// they arrive within a second, from the event log).
    bus_connected: bool,
    /// Open live sockets on this process.
    sockets: usize,
}

/// Whether the marketplace is ready to serve.
#[utoipa::path(get, path = "/health", tag = "health", responses((status = 200, body = Health), (status = 503)))]
async fn get_health(State(state): State<AppState>) -> AppResult<Json<Health>> {
    state.store.ping().await?;
    Ok(Json(Health {
        status: "ok",
        database: state.settings.database,
        bus: state.bus.name(),
        bus_connected: state.bus.connected(),
        sockets: state.live.len(),
    }))
}
