//! `POST /api/uploads`: photos of bikes, categories and people. The bytes must really be
//! an image that can be decoded within the memory budget; it is re-encoded (dropping
//! EXIF and GPS) before it is kept.
//!
//! An upload claims one of the process's few slots before its file is read, so a crowd
//! never has more than a few files and decodes in memory; a short queue waits for a slot
//! and past it the upload is told to come back in a few seconds (`images::DecodeSlots`).
//! One sender (an account, or a person half-way through sign-up) has at most
//! [`PER_SENDER`] uploads in flight and one client address [`PER_ADDRESS`], so nobody can
//! hold every slot and the queue with slow uploads; every upload tried, refused and
//! timed-out ones too, counts against its sender's and its address's rate limits.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State};
use axum::http::StatusCode;
use futures_util::StreamExt;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::client_ip::ClientIp;
use crate::auth::{throttle, Uploader};
use crate::denied::{Denied, Throttled};
use crate::error::{AppError, AppResult, FieldCode, Json};
use crate::images::{self, ImageError, MAX_UPLOAD_BYTES, RETRY_AFTER_SECS};
use crate::listen::{ClientPlace, PerClient};
use crate::random::random_hex;
use crate::store::Store;
use crate::AppState;

/// Room for the multipart framing around the largest accepted file.
pub const BODY_LIMIT: usize = MAX_UPLOAD_BYTES + 64 * 1024;

/// Once an upload holds a slot its file must arrive within this time (10 MB at about
/// 1.4 Mbit/s, a slow phone connection); a client trickling its file would otherwise
/// keep a slot from everyone else for as long as it liked.
const BODY_DEADLINE: Duration = Duration::from_secs(60);

/// Uploads one sender may have in flight (waiting for a slot, arriving or decoding).
/// The pages send two at a time.
pub const PER_SENDER: usize = 2;
/// Uploads one client address may have in flight.
pub const PER_ADDRESS: usize = 3;

/// Who has uploads in flight: per sender and per client address.
#[derive(Debug)]
pub struct InFlight {
    senders: Arc<PerClient>,
    addresses: Arc<PerClient>,
}

impl Default for InFlight {
    fn default() -> Self {
        InFlight {
            senders: PerClient::new(PER_SENDER),
            addresses: PerClient::new(PER_ADDRESS),
        }
    }
}

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

fn busy() -> AppError {
    AppError::busy(Denied::PhotosBusy, RETRY_AFTER_SECS)
}

/// Stores an image (multipart field `image`) and answers its address.
#[utoipa::path(post, path = "/uploads", tag = "uploads",
    request_body(content_type = "multipart/form-data", description = "Field `image`: a PNG, JPEG, GIF or WebP file"),
    responses((status = 201, body = Uploaded),
        (status = 400, description = "The multipart body cannot be read"),
        (status = 401),
        (status = 403, description = "A person half-way through sign-up has uploaded their one photo already"),
        (status = 408), (status = 413),
        (status = 415, description = "Not multipart/form-data, or the file is not an image"),
        (status = 422),
        (status = 429, description = "Too many uploads by this user, or too many photos in processing at once: see `Retry-After`")),
    security(("access_token" = []), ("identity_token" = [])))]
async fn upload_image(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    who: Uploader,
    request: Request,
) -> AppResult<(StatusCode, Json<Uploaded>)> {
    let sender = match &who {
        Uploader::User(id) => format!("user {id}"),
        Uploader::SigningUp(subject) => format!("signing up {subject}"),
    };
    // Held until this upload is done, however it ends.
    let _places = match admit(&state, &client, sender).await {
        Ok(places) => places,
        Err(refusal) => return refuse(request, refusal).await,
    };
    match who {
        Uploader::User(id) => {
            if let Err(refusal) = per_user(&state, id).await {
                return refuse(request, refusal).await;
            }
            store_image(&state, request).await
        }
        // Between the sign-up steps a person gets one profile photo; a refused upload gives
        // the claim back so a good photo can follow.
        Uploader::SigningUp(subject) => {
            let Some(claim) = SignupClaim::take(&state.store, subject).await? else {
                let refusal = AppError::from(Denied::OnePhotoBeforeSignUp);
                return refuse(request, refusal).await;
            };
            match store_image(&state, request).await {
                Ok(stored) => {
                    claim.keep();
                    Ok(stored)
                }
                Err(refusal) => {
                    claim.give_back().await?;
                    Err(refusal)
                }
            }
        }
    }
}

/// Counts an upload from `client` against its address's rate limit and holds a place in
/// flight for the address and for `sender`, released when the upload is done.
async fn admit(
    state: &AppState,
    client: &str,
    sender: String,
) -> Result<(ClientPlace, ClientPlace), AppError> {
    state
        .limits
        .take(&throttle::UPLOADS_PER_CLIENT, client)
        .await
        .map_err(|retry| throttle::too_many(Throttled::ManyUploadsFromNetwork, retry))?;
    state
        .uploads_in_flight
        .addresses
        .take(client.to_owned())
        .zip(state.uploads_in_flight.senders.take(sender))
        .ok_or_else(|| AppError::busy(Denied::PhotosQueued, 1))
}

/// Counts an upload of signed-in user `id` against their rate limit.
async fn per_user(state: &AppState, id: i64) -> Result<(), AppError> {
    state
        .limits
        .take(&throttle::UPLOADS_PER_USER, &id.to_string())
        .await
        .map_err(|retry| throttle::too_many(Throttled::ManyUploads, retry))
}

/// Takes in one photo of signed-in user `user_id` from `client` as `POST /api/uploads`
/// does — every limit counted, a place in flight held, decoded and re-encoded in a slot —
/// for the caller to keep where it keeps such photos.
pub async fn take_photo(
    state: &AppState,
    client: &str,
    user_id: i64,
    request: Request,
) -> AppResult<images::CleanImage> {
    let _places = match admit(state, client, format!("user {user_id}")).await {
        Ok(places) => places,
        Err(refusal) => return refuse(request, refusal).await,
    };
    if let Err(refusal) = per_user(state, user_id).await {
        return refuse(request, refusal).await;
    }
    clean_image(state, request).await
}

/// Refuses an upload whose file has not been read yet. The file is read to its end
/// first and thrown away as it comes, never held: a browser still sending it would
/// otherwise see the connection reset instead of the answer. Past the body limit or
/// the deadline it stops reading, and the answer goes out as the connection closes.
async fn refuse<T>(request: Request, refusal: AppError) -> AppResult<T> {
    let mut body = request.into_body().into_data_stream();
    let drain = async {
        let mut read = 0;
        while let Some(Ok(chunk)) = body.next().await {
            read += chunk.len();
            if read > BODY_LIMIT {
                break;
            }
        }
    };
    if tokio::time::timeout(BODY_DEADLINE, drain).await.is_err() {
        tracing::debug!("a refused upload's file was still arriving at the deadline");
    }
    Err(refusal)
}

/// Reads and re-encodes the photo of `request` in one of the decode slots.
async fn clean_image(state: &AppState, request: Request) -> AppResult<images::CleanImage> {
    let Ok(slot) = state.decode_slots.claim().await else {
        return refuse(request, busy()).await;
    };
    let bytes = tokio::time::timeout(BODY_DEADLINE, read_image(state, request))
        .await
        .map_err(|_| {
            AppError::RequestTimeout(
                "The photo took too long to arrive. Please try again on a faster connection."
                    .into(),
            )
        })??;
    // The slot goes with the decode: it is freed when the decode ends, even if this
    // request is gone by then, and when the decoder panics.
    let clean = slot
        .run(move || images::sanitize(&bytes))
        .await
        .map_err(AppError::internal)?;
    clean.map_err(|e| match e {
        ImageError::TooLarge => too_large(),
        ImageError::NotAnImage => AppError::UnsupportedMedia(
            "This file is not an image we can use: please upload a JPEG, PNG, GIF or WebP photo."
                .into(),
        ),
        other => AppError::field("image", FieldCode::UnreadableImage, other.to_string()),
    })
}

/// Writes `clean` into `dir` under a new random name (32 hex digits and its extension),
/// readable by the server alone; answers the name.
pub async fn keep_photo(dir: &std::path::Path, clean: &images::CleanImage) -> AppResult<String> {
    let name = format!("{}.{}", random_hex(16), clean.extension);
    crate::files::create_private_dir(dir)
        .await
        .map_err(AppError::internal)?;
    crate::files::write_private(&dir.join(&name), &clean.bytes)
        .await
        .map_err(AppError::internal)?;
    Ok(name)
}

async fn store_image(
    state: &AppState,
    request: Request,
) -> AppResult<(StatusCode, Json<Uploaded>)> {
    let clean = clean_image(state, request).await?;
    let name = keep_photo(&state.settings.uploads_dir, &clean).await?;
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

/// How long an uploaded photo may wait for the listing, profile or category that uses
/// it: a seller may fill in a long form, and a person pause between the sign-up steps.
pub const UNUSED_KEPT_FOR: Duration = Duration::from_secs(24 * 60 * 60);

/// Whether `name` is one this route gives a stored photo: 32 hex digits and an extension.
/// Nothing else in the uploads folder (the demo pictures) is ever swept.
pub fn is_upload_name(name: &str) -> bool {
    name.split_once('.').is_some_and(|(stem, extension)| {
        stem.len() == 32
            && stem.bytes().all(|b| b.is_ascii_hexdigit())
            && matches!(extension, "jpg" | "png")
    })
}

/// Deletes the photos in `dir` uploaded more than `older_than` ago that nothing refers
/// to (no user, category or listing): uploads whose form was never sent, and pictures
/// replaced since. Answers how many went. Safe to run from every process at once.
pub async fn sweep_unused(
    store: &dyn Store,
    dir: &std::path::Path,
    older_than: Duration,
) -> AppResult<usize> {
    let in_use: std::collections::HashSet<String> = store
        .pictures_in_use()
        .await?
        .iter()
        .flat_map(|stored| {
            stored
                .split("/uploads/")
                .skip(1)
                .map(|rest| {
                    rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
                        .next()
                        .unwrap_or_default()
                        .to_owned()
                })
                .collect::<Vec<_>>()
        })
        .collect();
    sweep_dir(dir, &in_use, older_than).await
}

/// Deletes the photos of IDs under `dir` (one folder per seller) older than `older_than`
/// that no pending request to be verified names: sent for a request never made, or of a
/// seller since removed (a decided request's photos go at once).
pub async fn sweep_unused_ids(
    store: &dyn Store,
    dir: &std::path::Path,
    older_than: Duration,
) -> AppResult<usize> {
    let in_use = store
        .verification_photos_in_use()
        .await?
        .into_iter()
        .collect();
    let mut sellers = match tokio::fs::read_dir(dir).await {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(AppError::internal(e)),
    };
    let mut swept = 0;
    while let Some(seller) = sellers.next_entry().await.map_err(AppError::internal)? {
        swept += sweep_dir(&seller.path(), &in_use, older_than).await?;
    }
    Ok(swept)
}

/// Deletes the photos in `dir` (by our names only) older than `older_than` and not in
/// `in_use`; how many went.
async fn sweep_dir(
    dir: &std::path::Path,
    in_use: &std::collections::HashSet<String>,
    older_than: Duration,
) -> AppResult<usize> {
    let mut entries = match tokio::fs::read_dir(dir).await {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(AppError::internal(e)),
    };
    let now = std::time::SystemTime::now();
    let mut swept = 0;
    while let Some(entry) = entries.next_entry().await.map_err(AppError::internal)? {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !is_upload_name(&name) || in_use.contains(&name) {
            continue;
        }
        let old = entry
            .metadata()
            .await
            .and_then(|m| m.modified())
            .ok()
            .and_then(|at| now.duration_since(at).ok())
            .is_some_and(|age| age > older_than);
        if old {
            match tokio::fs::remove_file(entry.path()).await {
                Ok(()) => swept += 1,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(AppError::internal(e)),
            }
        }
    }
    Ok(swept)
}

/// Sweeps the uploads and the photos of IDs nothing uses, once an hour, for as long as
/// the server runs.
pub async fn sweep_unused_every_hour(
    store: Arc<dyn Store>,
    dir: std::path::PathBuf,
    ids_dir: std::path::PathBuf,
) {
    let mut ticks = tokio::time::interval(Duration::from_secs(60 * 60));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match sweep_unused(store.as_ref(), &dir, UNUSED_KEPT_FOR).await {
            Ok(0) => {}
            Ok(swept) => tracing::info!(swept, "deleted uploaded photos nothing uses"),
            Err(error) => tracing::warn!(%error, "cannot sweep the uploads nothing uses"),
        }
        match sweep_unused_ids(store.as_ref(), &ids_dir, UNUSED_KEPT_FOR).await {
            Ok(0) => {}
            Ok(swept) => tracing::info!(swept, "deleted photos of IDs no request names"),
            Err(error) => tracing::warn!(%error, "cannot sweep the photos of IDs"),
        }
    }
}

/// The bytes of the multipart field `image`.
async fn read_image(state: &AppState, request: Request) -> AppResult<axum::body::Bytes> {
    let unreadable = |e: axum::extract::multipart::MultipartError| match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => too_large(),
        _ => AppError::BadRequest(format!("The upload could not be read: {}", e.body_text())),
    };
    let multipart_form = request
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.to_ascii_lowercase().starts_with("multipart/form-data"));
    if !multipart_form {
        return Err(AppError::UnsupportedMedia(
            "Send the photo as multipart/form-data, in a field named image.".into(),
        ));
    }
    let mut multipart = Multipart::from_request(request, state).await.map_err(|e| {
        AppError::BadRequest(format!("The upload could not be read: {}", e.body_text()))
    })?;
    while let Some(field) = multipart.next_field().await.map_err(unreadable)? {
        if field.name() == Some("image") {
            return field.bytes().await.map_err(unreadable);
        }
    }
    Err(AppError::field(
        "image",
        FieldCode::Required,
        "Please choose an image to upload",
    ))
}

/// The one profile photo of a person half-way through sign-up: kept once the photo is
/// stored, given back when it is refused, and given back too when the client goes away
/// mid-upload (the request, and so the claim, is dropped).
struct SignupClaim {
    store: Arc<dyn Store>,
    subject: Option<String>,
}

impl SignupClaim {
    /// The claim, or None when this person has uploaded their photo already.
    async fn take(store: &Arc<dyn Store>, subject: String) -> AppResult<Option<SignupClaim>> {
        if !store.claim_signup_upload(&subject).await? {
            return Ok(None);
        }
        Ok(Some(SignupClaim {
            store: Arc::clone(store),
            subject: Some(subject),
        }))
    }

    /// The photo is stored: the claim stays used.
    fn keep(mut self) {
        self.subject = None;
    }

    /// The photo was refused: the claim is free again before the refusal is answered,
    /// so the person's next try finds it free.
    async fn give_back(mut self) -> AppResult<()> {
        match self.subject.take() {
            Some(subject) => Ok(self.store.release_signup_upload(&subject).await?),
            None => Ok(()),
        }
    }
}

impl Drop for SignupClaim {
    fn drop(&mut self) {
        let Some(subject) = self.subject.take() else {
            return;
        };
        let store = Arc::clone(&self.store);
        // Only a request dropped mid-way gets here. Drop cannot wait for the database;
        // the release runs on its own.
        let release = async move {
            if let Err(err) = store.release_signup_upload(&subject).await {
                tracing::warn!(%err, "could not give back a sign-up photo claim");
            }
        };
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => drop(runtime.spawn(release)),
            Err(err) => tracing::warn!(%err, "could not give back a sign-up photo claim"),
        }
    }
}
