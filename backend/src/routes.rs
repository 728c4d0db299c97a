//! The API under `/api`: one module per resource, each with its own `router()`; every
//! handler carries its OpenAPI description, so the served description and the routes
//! come from the same code.

use axum::extract::rejection::PathRejection;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::denied::Denied;
use crate::error::{AppError, AppResult};
use crate::events::{EventRecord, SeenEvent, Viewer};
use crate::records::{Language, Role, User};
use crate::validate::parse_id;
use crate::AppState;

mod accounts;
mod adverts;
mod audit;
mod bkash;
mod bookings;
mod categories;
mod config;
mod conversations;
mod deals;
mod health;
mod identity;
mod listing_reviews;
mod listings;
mod notifications;
mod offers;
mod payments;
mod people;
mod phone;
mod reports;
mod reviews;
mod safety;
mod search;
mod uploads;
mod verification;
mod wishlist;

/// Deleting the uploads nothing uses.
pub use bookings::lapse_reservations_every_minute;
pub use conversations::mail_unread_every_minute;
/// Who has uploads in flight.
pub use uploads::InFlight as UploadsInFlight;
/// The largest body a photo upload takes.
pub use uploads::BODY_LIMIT as UPLOAD_BODY_LIMIT;
pub use uploads::{sweep_unused, sweep_unused_every_hour, sweep_unused_ids, UNUSED_KEPT_FOR};

/// Every API route, relative to `/api`.
pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(health::router())
        .merge(config::router())
        .merge(deals::router())
        .merge(accounts::router())
        .merge(identity::router())
        .merge(categories::router())
        .merge(listings::router())
        .merge(search::router())
        .merge(people::router())
        .merge(phone::router())
        .merge(adverts::router())
        .merge(bookings::router())
        .merge(payments::router())
        .merge(bkash::router())
        .merge(notifications::router())
        .merge(wishlist::router())
        .merge(conversations::router())
        .merge(offers::router())
        .merge(safety::router())
        .merge(uploads::router())
        .merge(verification::router())
        .merge(listing_reviews::router())
        .merge(reports::router())
        .merge(audit::router())
        .merge(reviews::router())
        .routes(routes!(crate::live::socket::open_live))
}

/// The events `written` recorded that `caller` may see, in the form they may see them.
fn seen(written: &[EventRecord], caller: &User) -> Vec<SeenEvent> {
    let viewer = Viewer::of(caller);
    written.iter().filter_map(|e| e.seen_by(viewer)).collect()
}

/// What an insert answers: the new record's id, and the events the insert caused that the
/// caller's own socket would receive (the page applies them at once).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Inserted {
    pub acknowledged: bool,
    #[schema(value_type = String)]
    pub inserted_id: String,
    pub events: Vec<SeenEvent>,
}

impl Inserted {
    /// An insert that caused nothing live.
    pub fn new(id: i64) -> Self {
        Inserted {
            acknowledged: true,
            inserted_id: id.to_string(),
            events: Vec::new(),
        }
    }

    /// With the events of `written` that `caller` may see.
    pub fn seen_by(self, written: &[EventRecord], caller: &User) -> Self {
        Inserted {
            events: seen(written, caller),
            ..self
        }
    }
}

/// What an update or delete answers: how many records changed, and the events the change
/// caused that the caller's own socket would receive.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Changed {
    pub acknowledged: bool,
    pub modified_count: u64,
    pub deleted_count: u64,
    pub events: Vec<SeenEvent>,
}

impl Changed {
    pub fn modified(n: u64) -> Self {
        Changed {
            acknowledged: true,
            modified_count: n,
            deleted_count: 0,
            events: Vec::new(),
        }
    }

    pub fn deleted(n: u64) -> Self {
        Changed {
            acknowledged: true,
            modified_count: 0,
            deleted_count: n,
            events: Vec::new(),
        }
    }

    /// With the events of `written` that `caller` may see.
    pub fn seen_by(self, written: &[EventRecord], caller: &User) -> Self {
        Changed {
            events: seen(written, caller),
            ..self
        }
    }
}

/// Why an admin turned something down (a seller's ID, a listing), for its seller to put
/// right.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RejectInput {
    #[schema(value_type = String)]
    reason: Option<Value>,
}

/// The longest reason an admin gives.
const REASON_MAX_CHARS: usize = 500;

impl RejectInput {
    /// The reason, trimmed: none, or only spaces, is refused.
    pub fn reason(&self) -> AppResult<String> {
        let mut check = crate::validate::Checker::new();
        let reason = check.text(
            "reason",
            self.reason.as_ref(),
            "Please say why, so the seller can fix it",
            REASON_MAX_CHARS,
        );
        check.finish()?;
        Ok(reason)
    }
}

/// A record id from the path; anything that is not a positive integer is simply not
/// found (404), like an id that does not exist.
#[derive(Debug, Clone, Copy)]
pub struct RecordId(pub i64);

impl<S: Send + Sync> FromRequestParts<S> for RecordId {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let Path(raw) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|e: PathRejection| AppError::BadRequest(e.body_text()))?;
        parse_id(&raw)
            .map(RecordId)
            .ok_or_else(|| Denied::NothingWithThisId.into())
    }
}

/// Two record ids from the path (a conversation's and one of its messages', say); as
/// with [`RecordId`], anything that is not a positive integer is not found.
#[derive(Debug, Clone, Copy)]
pub struct RecordIds(pub i64, pub i64);

impl<S: Send + Sync> FromRequestParts<S> for RecordIds {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let Path((first, second)) = Path::<(String, String)>::from_request_parts(parts, state)
            .await
            .map_err(|e: PathRejection| AppError::BadRequest(e.body_text()))?;
        match (parse_id(&first), parse_id(&second)) {
            (Some(first), Some(second)) => Ok(RecordIds(first, second)),
            _ => Err(Denied::NothingWithThisId.into()),
        }
    }
}

/// An e-mail address from the path, lower-cased.
#[derive(Debug, Clone)]
pub struct EmailPath(pub String);

impl<S: Send + Sync> FromRequestParts<S> for EmailPath {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let Path(raw) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|e: PathRejection| AppError::BadRequest(e.body_text()))?;
        Ok(EmailPath(raw.trim().to_lowercase()))
    }
}

/// The language the page that made a request is read in, from its `Accept-Language`
/// (the page sends its own choice there): Bangla when a Bangla tag comes before any
/// English one, else English. Mails to an address with no account yet are written in it.
#[derive(Debug, Clone, Copy)]
pub struct PageLanguage(pub Language);

impl<S: Send + Sync> FromRequestParts<S> for PageLanguage {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let header = parts
            .headers
            .get(axum::http::header::ACCEPT_LANGUAGE)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default();
        Ok(PageLanguage(language_of(header)))
    }
}

/// The first of English or Bangla an `Accept-Language` value names, by weight and then
/// by order; English when it names neither.
pub fn language_of(accept_language: &str) -> Language {
    let mut best: Option<(f32, Language)> = None;
    for item in accept_language.split(',').take(16) {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        let primary = tag.split('-').next().unwrap_or_default();
        let Some(language) = Language::parse(primary) else {
            continue;
        };
        let weight = parts
            .find_map(|param| param.trim().strip_prefix("q=")?.parse::<f32>().ok())
            .unwrap_or(1.0);
        if best.is_none_or(|(top, _)| weight > top) {
            best = Some((weight, language));
        }
    }
    best.map_or(Language::En, |(_, language)| language)
}

/// The language to mail `email` in: its account's, else the page's that asked.
pub async fn mail_language(state: &AppState, email: &str, page: Language) -> Language {
    match state.store.user_by_email(email).await {
        Ok(Some(user)) => user.language(),
        _ => page,
    }
}

/// The user an `{email}` path names, for a caller who is that user or an admin; anyone
/// else is refused with `refusal`, which says what they may not see.
pub async fn own_or_admin(
    state: &AppState,
    caller: &User,
    email: &str,
    refusal: Denied,
) -> AppResult<User> {
    if caller.email != email && caller.role() != Role::Admin {
        return Err(refusal.into());
    }
    state
        .store
        .user_by_email(email)
        .await?
        .ok_or_else(|| Denied::NoSuchUser.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_language_is_the_first_of_english_or_bangla_by_weight_then_order() {
        for (header, expected) in [
            ("", Language::En),
            ("bn", Language::Bn),
            ("bn-BD,bn;q=0.9,en;q=0.8", Language::Bn),
            ("en-US,en;q=0.9,bn;q=0.8", Language::En),
            ("fr-FR,bn;q=0.5,en;q=0.4", Language::Bn),
            ("en;q=0.2, bn;q=0.7", Language::Bn),
            ("de, fr", Language::En),
            ("BN-bd", Language::Bn),
            ("bn;q=nonsense", Language::Bn),
        ] {
            assert_eq!(language_of(header), expected, "{header:?}");
        }
    }
}
