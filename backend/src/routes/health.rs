//! `GET /api/health`: 200 while the database answers, 503 while it does not. It asks
//! the database afresh each time, so it recovers by itself when the database returns.

use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::Json;
use crate::AppState;

/// How long the health check waits for the database: a probe (a load balancer's,
/// docker-compose's, which gives up after three seconds) gets an answer either way.
const DATABASE_WAIT: Duration = Duration::from_secs(2);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_health))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Health {
    /// "ok", or "down" while the database cannot be reached.
    status: &'static str,
    /// "sqlite" or "postgres".
    database: &'static str,
    /// Whether the database answered just now.
    database_connected: bool,
    /// How live events travel between processes: "in-process" or "redis".
    bus: &'static str,
    /// Whether other processes' events arrive at once right now (while Redis is away
    /// they arrive within a second, from the event log).
    bus_connected: bool,
    /// Open live sockets on this process.
    sockets: usize,
}

/// Whether the marketplace is ready to serve: 503 `status: "down"` while the database is away.
#[utoipa::path(get, path = "/health", tag = "health", responses(
    (status = 200, body = Health, description = "Ready: the database answers"),
    (status = 503, body = Health, description = "`status: \"down\"`: the database cannot be reached")))]
async fn get_health(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let database_connected = match tokio::time::timeout(DATABASE_WAIT, state.store.ping()).await {
        Ok(Ok(())) => true,
        Ok(Err(error)) => {
            tracing::warn!(request = %crate::request_id::Current, %error, "health check: the database does not answer");
            false
        }
        Err(_) => {
            tracing::warn!(
                request = %crate::request_id::Current,
                "health check: the database did not answer within {DATABASE_WAIT:?}"
            );
            false
        }
    };
    let status = if database_connected {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    let health = Health {
        status: if database_connected { "ok" } else { "down" },
        database: state.settings.database,
        database_connected,
        bus: state.bus.name(),
        bus_connected: state.bus.connected(),
        sockets: state.live.len(),
    };
    (status, Json(health))
}
