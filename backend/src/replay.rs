//! `Idempotency-Key`: a create sent again with the same key, after a timeout or a 503,
//! answers what the first one did instead of doing it twice. Only signed-in writes
//! (`POST`, `PUT`, photo uploads aside) with the header take part; each key is kept a day per user, with a
//! fingerprint of the route and body, and the answer once there is one. An answer the
//! server failed to give (5xx) is not kept: a retry runs again.

use axum::body::{to_bytes, Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::denied::Denied;
use crate::error::{AppError, FieldCode};
use crate::store::Replay;
use crate::AppState;

/// The request header naming a write, chosen by the client.
pub const KEY: HeaderName = HeaderName::from_static("idempotency-key");

/// Set on an answer that repeats an earlier one.
pub const REPLAYED: HeaderName = HeaderName::from_static("idempotent-replayed");

/// How long a key is kept.
const KEPT_FOR_HOURS: i64 = 24;

/// The largest body taken here: a JSON body's limit.
const MOST_BYTES: usize = 256 * 1024;

/// Middleware: answers a write sent again with the same `Idempotency-Key` as the first.
pub async fn replay_writes(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let Some(key) = request.headers().get(&KEY) else {
        return next.run(request).await;
    };
    // Photo uploads are kept by their address already, and too large to keep here.
    if !matches!(*request.method(), Method::POST | Method::PUT)
        || matches!(request.uri().path(), "/uploads" | "/api/uploads")
    {
        return next.run(request).await;
    }
    let Some(key) = key
        .to_str()
        .ok()
        .filter(|key| (1..=128).contains(&key.len()))
        .map(str::to_owned)
    else {
        return AppError::BadRequest(
            "The Idempotency-Key header must be 1 to 128 visible characters.".into(),
        )
        .into_response();
    };
    let user = match crate::auth::signed_in_id(&state, request.headers()).await {
        Ok(Some(user)) => user,
        // A visitor's write is refused by its route anyway.
        Ok(None) => return next.run(request).await,
        Err(refused) => return refused.into_response(),
    };
    let (parts, body) = request.into_parts();
    let Ok(bytes) = to_bytes(body, MOST_BYTES).await else {
        // Too large, or cut short (the body timer answers 408 for that one).
        return AppError::PayloadTooLarge("The request body is too large.".into()).into_response();
    };
    let fingerprint = fingerprint(&parts.method, parts.uri.path(), &bytes);
    let kept_since = chrono::Utc::now() - chrono::Duration::hours(KEPT_FOR_HOURS);
    match state
        .store
        .claim_replay(user, &key, &fingerprint, kept_since)
        .await
    {
        Err(error) => return AppError::from(error).into_response(),
        Ok(Replay::Answered { status, body }) => return replayed(status, body),
        Ok(Replay::InProgress) => return AppError::from(Denied::StillAnswering).into_response(),
        Ok(Replay::Mismatch) => {
            return AppError::field(
                "Idempotency-Key",
                FieldCode::KeyReused,
                "This key was used for another request: send a new one.",
            )
            .into_response()
        }
        Ok(Replay::Fresh) => {}
    }
    let response = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    let status = response.status();
    if status.is_server_error() {
        release(&state, user, &key).await;
        return response;
    }
    let (parts, body) = response.into_parts();
    let Ok(answer) = to_bytes(body, usize::MAX).await else {
        release(&state, user, &key).await;
        return AppError::internal("an answer could not be read back").into_response();
    };
    let kept = state
        .store
        .answer_replay(
            user,
            &key,
            status.as_u16(),
            &String::from_utf8_lossy(&answer),
        )
        .await;
    if let Err(error) = kept {
        tracing::warn!(%error, "cannot keep the answer to a request with an Idempotency-Key");
        release(&state, user, &key).await;
    }
    Response::from_parts(parts, Body::from(answer))
}

async fn release(state: &AppState, user: i64, key: &str) {
    if let Err(error) = state.store.release_replay(user, key).await {
        tracing::warn!(%error, "cannot let an Idempotency-Key go");
    }
}

/// The route and body of a request, as a hash: the same key with another request is
/// refused, not answered with the first one's answer.
fn fingerprint(method: &Method, path: &str, body: &Bytes) -> String {
    let mut context = ring::digest::Context::new(&ring::digest::SHA256);
    context.update(method.as_str().as_bytes());
    context.update(b" ");
    context.update(path.as_bytes());
    context.update(b"\n");
    context.update(body);
    context
        .finish()
        .as_ref()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The first request's answer again.
fn replayed(status: u16, body: String) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::OK);
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        axum::http::header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    headers.insert(REPLAYED, HeaderValue::from_static("true"));
    response
}
