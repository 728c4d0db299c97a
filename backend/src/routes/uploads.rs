//! `POST /api/uploads`: photos of bikes, categories and people. The bytes must really be
//! an image of sane size; it is re-encoded (dropping EXIF and GPS) before it is kept.

use std::sync::LazyLock;

use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use serde::Serialize;
use tokio::sync::Semaphore;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::{throttle, Uploader};
use crate::error::{AppError, AppResult, Json};
use crate::images::{self, ImageError, MAX_UPLOAD_BYTES};
use crate::payments::random_hex;
use crate::AppState;

/// Room for the multipart framing around the largest accepted file.
const BODY_LIMIT: usize = MAX_UPLOAD_BYTES + 64 * 1024;

/// Decoding a large photo takes a lot of memory for a moment: at most two at once.
static DECODERS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(2));

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload_image))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Uploaded {
    success: bool,
    data: UploadedData,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedData {
    /// Where the image is served, e.g. `/uploads/3f9c….jpg`.
    display_url: String,
}

fn too_large() -> AppError {
    AppError::PayloadTooLarge(format!(
        "The image is too large: the limit is {} MB.",
        MAX_UPLOAD_BYTES / (1024 * 1024)
    ))
}

/// Stores an image (multipart field `image`) and answers its address.
#[utoipa::path(post, path = "/uploads", tag = "uploads",
    request_body(content_type = "multipart/form-data", description = "Field `image`: a PNG, JPEG, GIF or WebP file"),
    responses((status = 201, body = Uploaded), (status = 401), (status = 413), (status = 415), (status = 422), (status = 429)),
    security(("access_token" = []), ("identity_token" = [])))]
async fn upload_image(
    State(state): State<AppState>,
    who: Uploader,
    multipart: Multipart,
) -> AppResult<(StatusCode, Json<Uploaded>)> {
    let subject = match who {
        Uploader::User(id) => {
            state
                .limits
                .take(&throttle::UPLOADS_PER_USER, &id.to_string())
                .await
                .map_err(|retry| {
                    throttle::too_many("You have uploaded many photos in a short time.", retry)
                })?;
            return store_image(&state, multipart).await;
        }
        Uploader::SigningUp(subject) => subject,
    };
    // Between the sign-up steps a person gets one profile photo; a refused upload gives
    // the claim back so a good photo can follow.
    if !state.store.claim_signup_upload(&subject).await? {
        return Err(AppError::Forbidden(
            "You have uploaded your photo already: finish signing up to upload more.".into(),
        ));
    }
    let stored = store_image(&state, multipart).await;
    if stored.is_err() {
        state.store.release_signup_upload(&subject).await?;
    }
    stored
}

async fn store_image(
    state: &AppState,
    mut multipart: Multipart,
) -> AppResult<(StatusCode, Json<Uploaded>)> {
    let mut bytes = None;
    loop {
        let field = multipart.next_field().await.map_err(|e| match e.status() {
            StatusCode::PAYLOAD_TOO_LARGE => too_large(),
            _ => AppError::BadRequest(format!("The upload could not be read: {}", e.body_text())),
        })?;
        let Some(field) = field else { break };
        if field.name() == Some("image") {
            let data = field.bytes().await.map_err(|e| match e.status() {
                StatusCode::PAYLOAD_TOO_LARGE => too_large(),
                _ => {
                    AppError::BadRequest(format!("The upload could not be read: {}", e.body_text()))
                }
            })?;
            bytes = Some(data);
            break;
        }
    }
    let bytes =
        bytes.ok_or_else(|| AppError::field("image", "Please choose an image to upload"))?;
    let _permit = DECODERS.acquire().await.map_err(AppError::internal)?;
    let clean = tokio::task::spawn_blocking(move || images::sanitize(&bytes))
        .await
        .map_err(AppError::internal)?;
    let clean = clean.map_err(|e| match e {
        ImageError::TooLarge => too_large(),
        ImageError::NotAnImage => AppError::UnsupportedMedia(
            "This file is not an image we can use: please upload a JPEG, PNG, GIF or WebP photo."
                .into(),
        ),
        other => AppError::field("image", other.to_string()),
    })?;
    let name = format!("{}.{}", random_hex(16), clean.extension);
    let dir = &state.settings.uploads_dir;
    tokio::fs::create_dir_all(dir)
        .await
        .map_err(AppError::internal)?;
    tokio::fs::write(dir.join(&name), &clean.bytes)
        .await
        .map_err(AppError::internal)?;
    let data = UploadedData {
        display_url: format!("/uploads/{name}"),
    };
    Ok((
        StatusCode::CREATED,
        Json(Uploaded {
            success: true,
            data,
        }),
    ))
}
