//! The one error type of the HTTP layer and the JSON body every failure answers with
//! (docs/architecture.md, 'Errors'):
//! `{"error": "<code>", "message": "<human text>", "fields": {…}, "codes": {…}}`.

use std::collections::BTreeMap;

use axum::extract::rejection::{BytesRejection, JsonRejection};
use axum::extract::FromRequest;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

pub use crate::denied::{Denied, Throttled};
pub use crate::field_code::FieldCode;
use crate::records::TermsFault;
use crate::store::{Missing, Refused, StoreError};

/// What a person is told while the database is out of reach.
pub const DATABASE_UNAVAILABLE: &str = "The marketplace cannot reach its database right now. \
    Please try again in a moment.";

/// What is wrong with one field: its stable code and the English sentence shown
/// beneath it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub code: FieldCode,
    pub message: String,
}

/// Field name → what is wrong with that field.
pub type FieldErrors = BTreeMap<String, FieldError>;

/// Everything a request can fail with. Each variant knows its status code and error code;
/// internal failures are logged and answered with an opaque 500.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    /// The store refused a change or found nothing: 403, 409 or 404 by the reason, which
    /// the body names beside its English sentence.
    #[error("{}", .0.message())]
    Refusal(Reason),
    /// The request body did not arrive in time.
    #[error("{0}")]
    RequestTimeout(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMedia(String),
    #[error("{message}")]
    Validation {
        message: String,
        fields: FieldErrors,
    },
    /// Too many attempts (a [`Throttled`] reason), or more work than the server takes
    /// on right now (a [`Denied`] one); the client may try again after `retry_after`
    /// seconds.
    #[error("{message}")]
    TooManyRequests {
        reason: Reason,
        message: String,
        retry_after: u64,
    },
    /// Something the marketplace depends on cannot be reached right now: `message` tells
    /// the person what and that trying again shortly will do; `detail` goes to the log.
    #[error("{message}")]
    Unavailable {
        message: &'static str,
        detail: String,
    },
    /// This marketplace takes no card payments (no provider is configured).
    #[error("{0}")]
    PaymentsUnavailable(String),
    #[error("internal error: {0}")]
    Internal(String),
}

/// Why the marketplace said no, as the stable code an error body's `reason` carries: a
/// rule the change would have broken, what it named that is not there, why the request
/// was turned away at the door, or what a throttle held back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum Reason {
    Refused(Refused),
    Missing(Missing),
    Denied(Denied),
    Throttled(Throttled),
}

impl Reason {
    /// What people are told, in English (for a throttle, what it held back).
    pub fn message(self) -> &'static str {
        match self {
            Reason::Refused(why) => refused(why),
            Reason::Missing(what) => missing(what),
            Reason::Denied(why) => why.message(),
            Reason::Throttled(what) => what.message(),
        }
    }

    fn status_and_code(self) -> (StatusCode, &'static str) {
        match self {
            Reason::Denied(why) => why.status_and_code(),
            Reason::Throttled(_) => (StatusCode::TOO_MANY_REQUESTS, "too_many_requests"),
            Reason::Missing(_) => (StatusCode::NOT_FOUND, "not_found"),
            Reason::Refused(why) if not_the_callers(why) => (StatusCode::FORBIDDEN, "forbidden"),
            Reason::Refused(_) => (StatusCode::CONFLICT, "conflict"),
        }
    }
}

/// The refusals that say the thing is another's (403); the rest are conflicts (409).
fn not_the_callers(why: Refused) -> bool {
    matches!(
        why,
        Refused::NotYoursToChange
            | Refused::NotYoursToDelete
            | Refused::NotYoursToAdvertise
            | Refused::NotYourBikesBooking
            | Refused::NotYourDeal
            | Refused::NotYourCode
            | Refused::NotYourConversation
            | Refused::NotYourBooking
            | Refused::NotYourReview
            | Refused::Blocked
            | Refused::SellerCounters
            | Refused::OwnOffer
    )
}

/// The JSON body of every error response.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Machine-readable code, e.g. `validation`, `not_found`, `conflict`.
    pub error: &'static str,
    /// A sentence meant for people.
    pub message: String,
    /// Per-field messages; only present for validation failures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
    /// The stable code of each field's problem, one per entry of `fields`, for a page
    /// to say it in its own words; present with `fields`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub codes: Option<BTreeMap<String, FieldCode>>,
    /// Why the marketplace said no, as a stable code beside `message`, for a page to say
    /// it in its own words: present on the refusals and the missing records the store
    /// names (`already_sold`, `no_listing`…), on the refusals made at the door
    /// (`sign_in_needed`, `buyers_only`…) and on throttles (`many_wrong_passwords`…).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<Reason>,
    /// On a 429, the seconds to wait before trying again (as `Retry-After` says).
    #[serde(rename = "retryAfter", skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
}

impl From<Denied> for AppError {
    fn from(why: Denied) -> Self {
        AppError::Refusal(Reason::Denied(why))
    }
}

impl AppError {
    /// A validation failure on one field; the field's message is also the overall message.
    pub fn field(field: &str, code: FieldCode, message: impl Into<String>) -> Self {
        let message = message.into();
        let mut fields = FieldErrors::new();
        fields.insert(
            field.to_owned(),
            FieldError {
                code,
                message: message.clone(),
            },
        );
        AppError::Validation { message, fields }
    }

    /// A validation failure on several fields at once.
    pub fn fields(fields: FieldErrors) -> Self {
        let message = match fields.values().next() {
            Some(first) if fields.len() == 1 => first.message.clone(),
            _ => "Some fields need your attention.".to_owned(),
        };
        AppError::Validation { message, fields }
    }

    /// The database cannot be reached right now (it is down, restarting, or every
    /// connection is busy past the pool's wait).
    pub fn database_unavailable(detail: impl Into<String>) -> Self {
        AppError::Unavailable {
            message: DATABASE_UNAVAILABLE,
            detail: detail.into(),
        }
    }

    /// More work than the server takes on right now: try again after `retry_after`
    /// seconds.
    pub fn busy(why: Denied, retry_after: u64) -> Self {
        AppError::TooManyRequests {
            reason: Reason::Denied(why),
            message: why.message().to_owned(),
            retry_after,
        }
    }

    /// Whether this is the refusal `why`.
    pub fn is(&self, why: Denied) -> bool {
        matches!(self, AppError::Refusal(Reason::Denied(d)) if *d == why)
    }

    pub fn internal(err: impl std::fmt::Display) -> Self {
        AppError::Internal(err.to_string())
    }

    /// Whether this says the thing asked for cannot be had — a conflict (sold, taken) or
    /// nothing there — rather than that the caller may not, or that something failed.
    pub fn is_conflict_or_missing(&self) -> bool {
        matches!(
            self.status_and_code().0,
            StatusCode::CONFLICT | StatusCode::NOT_FOUND
        )
    }

    fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            AppError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            AppError::Unauthorized(_) => (StatusCode::UNAUTHORIZED, "unauthorized"),
            AppError::Forbidden(_) => (StatusCode::FORBIDDEN, "forbidden"),
            AppError::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            AppError::Conflict(_) => (StatusCode::CONFLICT, "conflict"),
            AppError::Refusal(reason) => reason.status_and_code(),
            AppError::RequestTimeout(_) => (StatusCode::REQUEST_TIMEOUT, "request_timeout"),
            AppError::PayloadTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
            AppError::UnsupportedMedia(_) => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type")
            }
            AppError::Validation { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "validation"),
            AppError::TooManyRequests { .. } => {
                (StatusCode::TOO_MANY_REQUESTS, "too_many_requests")
            }
            AppError::Unavailable { .. } => {
                (StatusCode::SERVICE_UNAVAILABLE, "service_unavailable")
            }
            AppError::PaymentsUnavailable(_) => {
                (StatusCode::SERVICE_UNAVAILABLE, "payments_unavailable")
            }
            AppError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, error) = self.status_and_code();
        let retry_after = match &self {
            AppError::TooManyRequests { retry_after, .. } => Some(*retry_after),
            _ => None,
        };
        let reason = match &self {
            AppError::Refusal(reason) | AppError::TooManyRequests { reason, .. } => Some(*reason),
            _ => None,
        };
        let (message, fields, codes) = match self {
            AppError::Internal(detail) => {
                tracing::error!(request = %crate::request_id::Current, %detail, "request failed");
                (
                    "Something went wrong on our side. Please try again.".to_owned(),
                    None,
                    None,
                )
            }
            AppError::Unavailable { message, detail } => {
                tracing::warn!(request = %crate::request_id::Current, %detail, "service unavailable");
                (message.to_owned(), None, None)
            }
            AppError::Validation { message, fields } => {
                let codes = fields.iter().map(|(f, e)| (f.clone(), e.code)).collect();
                let fields = fields.into_iter().map(|(f, e)| (f, e.message)).collect();
                (message, Some(fields), Some(codes))
            }
            other => (other.to_string(), None, None),
        };
        let mut response = (
            status,
            axum::Json(ErrorBody {
                error,
                message,
                fields,
                codes,
                reason,
                retry_after,
            }),
        )
            .into_response();
        if let Some(seconds) = retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

/// What people are told when a call names something that is not there.
pub fn missing(what: Missing) -> &'static str {
    match what {
        Missing::Account => "This account no longer exists.",
        Missing::Listing => "This bike is no longer listed.",
        Missing::Booking => "This booking no longer exists.",
        Missing::Conversation => "This conversation no longer exists.",
        Missing::Offer => "This offer does not exist.",
        Missing::Message => "This message does not exist.",
        Missing::VerificationRequest => "This request does not exist.",
        Missing::Review => "This review does not exist.",
        Missing::Category => "This category does not exist.",
        Missing::Buyer => "There is no buyer with this id.",
        Missing::Seller => "There is no seller with this id.",
        Missing::Admin => "There is no admin with this id.",
    }
}

/// The listing form's field, code and message for what is wrong with a listing's ways of
/// paying and deposit.
pub fn terms_fault(fault: TermsFault) -> (&'static str, FieldCode, &'static str) {
    match fault {
        TermsFault::NoWay => (
            "paymentMethods",
            FieldCode::NoWayToPay,
            "Choose at least one way to pay",
        ),
        TermsFault::DepositUnheld => (
            "deposit",
            FieldCode::DepositUnheld,
            "A deposit is held by card or bKash: take at least one of them",
        ),
        TermsFault::DepositNotBelowPrice => (
            "deposit",
            FieldCode::DepositNotBelowPrice,
            "A deposit must be more than ৳0 and less than the price",
        ),
    }
}

/// What people are told when the store refused their change (403 for another's
/// listing, 409 for the rest).
pub fn refused(why: Refused) -> &'static str {
    match why {
        Refused::EmailTaken => "An account with this email address already exists.",
        Refused::AccountTaken => "This email address belongs to another account.",
        Refused::CategoryNameTaken => "A category with this name already exists.",
        Refused::PhoneTaken => "This number is confirmed on another account.",
        Refused::PhoneConfirmedAlready => "This number is confirmed on your account already.",
        Refused::AlreadyVerified => "You are verified already.",
        Refused::VerificationPending => "Your request is waiting for an admin already.",
        Refused::VerificationDecided => "An admin has decided this request already.",
        Refused::NoVerificationRequest => "This seller has not sent their ID yet.",
        Refused::NotInReview => "This listing is not waiting for review.",
        Refused::NotLive => "This bike is not live yet.",
        Refused::NoOpenReports => "This listing has no open reports.",
        Refused::NotForAdmins => "Admins cannot be warned or suspended.",
        Refused::NotCompleted => "You can review the seller once the bike is handed over.",
        Refused::AlreadyReviewed => "You have reviewed this deal already.",
        Refused::AlreadyReplied => "You have answered this review already.",
        Refused::NotYourReview => "You can only answer reviews of your own deals.",
        Refused::AlreadySuspended => "This account is suspended already.",
        Refused::AlreadyBooked => "You have already booked this bike.",
        Refused::AlreadyAdvertised => "This bike is already advertised.",
        Refused::AlreadySold => "This bike has already been sold.",
        Refused::SoldStays => {
            "This bike is sold: it stays on record for its buyer and seller and cannot be \
             deleted."
        }
        Refused::SoldUnchangeable => "A sold bike cannot be changed.",
        Refused::BookingPaid => "This booking is already paid.",
        Refused::BookingCancelled => "This booking was cancelled.",
        Refused::BookingEnded => "This booking has ended already.",
        Refused::InLine => {
            "Your booking is waiting in line: you can pay once the bike is reserved for you."
        }
        Refused::TooManyOpenBookings => {
            "You have 5 open bookings already. Cancel one before booking another bike."
        }
        Refused::LineFull => "Ten buyers are already waiting in line for this bike.",
        Refused::TurnedDown => "The seller turned down your booking of this bike.",
        Refused::NotInLine => {
            "Only a booking waiting in line can be declined: release a reservation instead."
        }
        Refused::NotReserved => "Only a booking that holds the bike can be released.",
        Refused::NotYourBikesBooking => "Only the bike's seller can answer its bookings.",
        Refused::NotYourDeal => "Only this booking's buyer and its bike's seller can do this.",
        Refused::NoMeetingNow => {
            "A meeting is arranged once the bike is reserved for this booking."
        }
        Refused::NoProposal => "Nobody has proposed a meeting yet.",
        Refused::MeetingChanged => "The meeting was changed since: look at the new proposal.",
        Refused::OwnProposal => "This is your own proposal: the other side confirms it.",
        Refused::PayingCash => "You chose to pay in cash at the meet-up: nothing is paid here.",
        Refused::CashNotTaken => "The seller does not take cash for this bike.",
        Refused::DepositAsked => {
            "The seller asks a deposit by card or bKash to reserve this bike; the rest is paid \
             in cash at the meet-up."
        }
        Refused::CallOffInstead => {
            "You have chosen how to pay: call the deal off instead, saying why."
        }
        Refused::CallOffTheDeal => {
            "The buyer has chosen how to pay: call the deal off instead, saying why."
        }
        Refused::NoHandoverYet => "A handover code is made once the buyer chooses how to pay.",
        Refused::CalledOffBefore => "Your deal for this bike was called off.",
        Refused::NotYourCode => "Only the buyer sees the handover code.",
        Refused::NoHandoverNow => {
            "Only a deal paid in cash or held by card or bKash is handed over."
        }
        Refused::HandoverLocked => {
            "Too many wrong codes: ask the buyer to show a new handover code."
        }
        Refused::HandoverUnderway => {
            "The handover is under way and the card is being charged: the deal can no longer \
             be called off."
        }
        Refused::NothingToCallOff => {
            "Only a deal whose payment is chosen can be called off: cancel or release the \
             booking instead."
        }
        Refused::AmountNotPrice => "The amount paid is not this booking's price.",
        Refused::PaymentRecorded => "This payment is already recorded.",
        Refused::TransactionOfAnotherBooking => "This transaction belongs to another booking.",
        Refused::NotYourBooking => "This booking is not yours.",
        Refused::NotThisBookingsListing => "This is not the bike of this booking",
        Refused::NotYoursToChange => "You can only change your own listings.",
        Refused::NotYoursToDelete => "You can only delete your own listings.",
        Refused::NotYoursToAdvertise => "You can only advertise your own bikes.",
        Refused::NotYourConversation => "Only the buyer and the seller read this conversation.",
        Refused::OwnListing => "This is your own bike.",
        Refused::NobodyToTell => "This person's account is gone: nobody would read it.",
        Refused::Blocked => "You can't write to this person",
        Refused::SellerCounters => "Buyers make offers: answer theirs with a counter.",
        Refused::OwnOffer => "This is your own offer: the other side answers it.",
        Refused::FixedPrice => "This seller's price is fixed",
        Refused::OfferNotBelowPrice => "An offer must be less than the asking price",
        Refused::OfferAccepted => "Your offer was accepted: book the bike at it",
        Refused::OfferAnswered => "This offer was already answered",
        Refused::OfferLapsed => "This offer has lapsed",
        Refused::OffersCrossed => "The other side made an offer just now: answer it first.",
        Refused::ReportedAlready => "You have reported this conversation already",
    }
}

impl From<StoreError> for AppError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::NotFound(what) => AppError::Refusal(Reason::Missing(what)),
            StoreError::Refused(why @ Refused::OfferNotBelowPrice) => {
                AppError::field("amount", FieldCode::OfferNotBelowPrice, refused(why))
            }
            StoreError::Refused(why @ Refused::NotThisBookingsListing) => {
                AppError::field("bookingId", FieldCode::NotThisBookingsListing, refused(why))
            }
            StoreError::PayTerms(fault) => {
                let (field, code, text) = terms_fault(fault);
                AppError::field(field, code, text)
            }
            StoreError::Refused(why) => AppError::Refusal(Reason::Refused(why)),
            StoreError::Unconfirmed => AppError::field(
                "transactionId",
                FieldCode::PaymentUnconfirmed,
                "The card provider has not confirmed this payment",
            ),
            StoreError::Unavailable(detail) => AppError::database_unavailable(detail),
            StoreError::Database(detail) => AppError::Internal(detail),
        }
    }
}

impl From<Missing> for AppError {
    fn from(what: Missing) -> Self {
        StoreError::NotFound(what).into()
    }
}

impl From<Refused> for AppError {
    fn from(why: Refused) -> Self {
        StoreError::Refused(why).into()
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => AppError::UnsupportedMedia(
                "Send the request body as JSON (Content-Type: application/json).".to_owned(),
            ),
            JsonRejection::BytesRejection(err) => AppError::from(err),
            JsonRejection::JsonDataError(err) => AppError::Validation {
                message: err.body_text(),
                fields: FieldErrors::new(),
            },
            other => AppError::BadRequest(format!(
                "The request body is not valid JSON: {}",
                other.body_text()
            )),
        }
    }
}

impl From<BytesRejection> for AppError {
    fn from(rejection: BytesRejection) -> Self {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::PayloadTooLarge("The request body is too large.".to_owned())
        } else {
            AppError::BadRequest(format!(
                "The request body could not be read: {}",
                rejection.body_text()
            ))
        }
    }
}

/// `axum::Json` whose rejection is an [`AppError`], so malformed bodies get our error shape.
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct Json<T>(pub T);

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// Shorthand for handler results.
pub type AppResult<T> = Result<T, AppError>;

/// What [`Json`] answers for a body it cannot take, whatever the handler: every handler
/// with a JSON body lists these among its `responses(...)`, so the description says so.
#[derive(utoipa::IntoResponses)]
pub enum JsonBodyRefused {
    /// The body is not JSON (`bad_request`).
    #[response(status = 400)]
    Malformed(ErrorBody),
    /// The body is larger than the API takes (`payload_too_large`).
    #[response(status = 413)]
    TooLarge(ErrorBody),
    /// The body was not sent as `application/json` (`unsupported_media_type`).
    #[response(status = 415)]
    NotJson(ErrorBody),
    /// JSON of another shape, or fields that need attention (`validation`, with `fields`).
    #[response(status = 422)]
    Invalid(ErrorBody),
}

/// Every failure of the API answers [`ErrorBody`]: the description says so for each
/// error status a route lists without naming a body.
pub fn describe_error_bodies(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{Content, Ref, RefOr};
    use utoipa::PartialSchema;

    for item in doc.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            for (status, response) in &mut operation.responses.responses {
                let failure = status.parse::<u16>().is_ok_and(|status| status >= 400);
                if let (true, RefOr::T(response)) = (failure, response) {
                    if response.content.is_empty() {
                        response.content.insert(
                            "application/json".to_owned(),
                            Content::new(Some(Ref::from_schema_name("ErrorBody"))),
                        );
                    }
                }
            }
        }
    }
    let schemas = &mut doc.components.get_or_insert_with(Default::default).schemas;
    let named = [
        ("ErrorBody", ErrorBody::schema as fn() -> _),
        ("FieldCode", FieldCode::schema),
        ("Reason", Reason::schema),
        ("Refused", || with_messages(Reason::Refused)),
        ("Missing", || with_messages(Reason::Missing)),
        ("Denied", || with_messages(Reason::Denied)),
        ("Throttled", || with_messages(Reason::Throttled)),
    ];
    // Over what the routes' own references brought: these carry more than their derive.
    for (name, schema) in named {
        schemas.insert(name.to_owned(), schema());
    }
}

/// A kind of reason's schema, with what each of its codes says in English as
/// `x-messages` (code → sentence; a throttle's is what it held back), so that a client's
/// own words for the codes can be checked against the server's.
fn with_messages<T>(reason: fn(T) -> Reason) -> utoipa::openapi::RefOr<utoipa::openapi::Schema>
where
    T: utoipa::PartialSchema + serde::de::DeserializeOwned,
{
    use utoipa::openapi::{RefOr, Schema};

    let mut schema = T::schema();
    if let RefOr::T(Schema::Object(object)) = &mut schema {
        let messages: serde_json::Map<String, serde_json::Value> = object
            .enum_values
            .iter()
            .flatten()
            .map(|code| {
                let what = serde_json::from_value::<T>(code.clone())
                    .expect("each code of a reason's schema reads back as the reason");
                let code = code.as_str().expect("a reason's code is a string");
                (code.to_owned(), reason(what).message().into())
            })
            .collect();
        object
            .extensions
            .get_or_insert_with(Default::default)
            .insert("x-messages".to_owned(), messages.into());
    }
    schema
}
