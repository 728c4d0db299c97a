//! The one interface to the marketplace's records (`records.rs`). [`Store`] has a
//! PostgreSQL and a SQLite implementation that share their SQL (see `store/sql.rs`);
//! handlers only ever talk to a `dyn Store`.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use crate::events::EventRecord;
use crate::records::*;

mod postgres;
mod sqlite;

pub use postgres::PgStore;
pub use sqlite::SqliteStore;

/// What can go wrong talking to the database, already sorted into what the caller needs.
/// The store says what happened in its own terms; the HTTP layer alone (`error.rs`) puts
/// it into words for people.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The thing the operation is about does not exist (any more).
    #[error("not found: {0:?}")]
    NotFound(Missing),
    /// The change would break a rule the store keeps (sold, already booked, taken, not
    /// the caller's).
    #[error("refused: {0:?}")]
    Refused(Refused),
    /// A listing's ways of paying and deposit cannot stand together (its price, say, now
    /// under its fixed deposit): the listing form's field says which.
    #[error("pay terms: {0:?}")]
    PayTerms(TermsFault),
    /// A payment to record whose provider has not confirmed it: our test-mode intent of
    /// its id was not accepted, or is another booking's.
    #[error("payment not confirmed")]
    Unconfirmed,
    /// The database cannot be reached right now.
    #[error("database unavailable: {0}")]
    Unavailable(String),
    /// Anything else: a bug or a broken database. Logged, never shown.
    #[error("database error: {0}")]
    Database(String),
}

/// What a write did: its outcome, and the events it recorded with it, in the order of the
/// log and with their places in it. The route answers its caller with those they may see,
/// so their page applies exactly what their own write caused.
#[derive(Debug, Clone)]
pub struct Written<T> {
    pub outcome: T,
    pub events: Vec<EventRecord>,
}

impl<T> Written<T> {
    /// A write that changed nothing, so recorded nothing.
    pub fn nothing(outcome: T) -> Self {
        Written {
            outcome,
            events: Vec::new(),
        }
    }
}

/// What a call named that is not there. Its name in an error body's `reason` is a stable
/// code (`no_listing`), for a page to say it in its reader's language.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
pub enum Missing {
    #[serde(rename = "no_account")]
    Account,
    #[serde(rename = "no_listing")]
    Listing,
    #[serde(rename = "no_booking")]
    Booking,
    #[serde(rename = "no_category")]
    Category,
    #[serde(rename = "no_conversation")]
    Conversation,
    #[serde(rename = "no_offer")]
    Offer,
    #[serde(rename = "no_message")]
    Message,
    #[serde(rename = "no_request")]
    VerificationRequest,
    #[serde(rename = "no_review")]
    Review,
    /// No buyer has the id.
    #[serde(rename = "no_buyer")]
    Buyer,
    /// No seller has the id.
    #[serde(rename = "no_seller")]
    Seller,
    /// No admin has the id.
    #[serde(rename = "no_admin")]
    Admin,
}

impl Missing {
    /// No user of `role` has the id.
    pub fn user(role: Role) -> Missing {
        match role {
            Role::Buyer => Missing::Buyer,
            Role::Seller => Missing::Seller,
            Role::Admin => Missing::Admin,
        }
    }
}

/// Why the store refused a change: the rule it would have broken. Its snake_case name in
/// an error body's `reason` is a stable code, for a page to say it in its reader's
/// language; the codes never change meaning, new ones may come.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Refused {
    /// A sign-in identity has this address already.
    EmailTaken,
    /// Another account has this address (or this sign-in subject).
    AccountTaken,
    /// A category has this name already.
    CategoryNameTaken,
    /// Another account confirmed this phone number.
    PhoneTaken,
    /// This account confirmed this phone number already.
    PhoneConfirmedAlready,
    /// The seller is verified already.
    AlreadyVerified,
    /// The seller's request to be verified waits for an admin already.
    VerificationPending,
    /// An admin decided this request already.
    VerificationDecided,
    /// The seller has sent no request to be verified.
    NoVerificationRequest,
    /// The listing is not waiting for review (an admin decided it already).
    NotInReview,
    /// The listing is not public yet (in review, or rejected).
    NotLive,
    /// The listing has no open reports (an admin decided them already).
    NoOpenReports,
    /// The deal is not completed: nothing to review yet.
    NotCompleted,
    /// The buyer reviewed this deal already.
    AlreadyReviewed,
    /// The seller answered this review already.
    AlreadyReplied,
    /// The review is of another seller.
    NotYourReview,
    /// Admins are not warned or suspended.
    NotForAdmins,
    /// The account is suspended already.
    AlreadySuspended,
    /// The buyer has an open or paid booking of this bike already.
    AlreadyBooked,
    /// The bike is advertised already.
    AlreadyAdvertised,
    /// The bike is sold.
    AlreadySold,
    /// A sold bike stays on record: it cannot be deleted.
    SoldStays,
    /// A sold bike cannot be edited.
    SoldUnchangeable,
    /// The booking is paid already.
    BookingPaid,
    /// The booking was cancelled.
    BookingCancelled,
    /// The booking was declined, released or lapsed: nothing more can happen to it.
    BookingEnded,
    /// The booking waits in line: it may be paid once it holds the bike.
    InLine,
    /// The buyer has as many open bookings as one may ([`OPEN_BOOKINGS_PER_BUYER`]).
    TooManyOpenBookings,
    /// As many buyers wait for this bike as may ([`LINE_LIMIT`]).
    LineFull,
    /// The seller declined or released this buyer's booking of this bike before.
    TurnedDown,
    /// Only a booking waiting in line is declined.
    NotInLine,
    /// Only a booking holding the bike is released.
    NotReserved,
    /// A seller answers the bookings of their own bikes only.
    NotYourBikesBooking,
    /// Only a booking's buyer and its bike's seller arrange its meeting.
    NotYourDeal,
    /// A meeting is arranged while the booking holds the bike.
    NoMeetingNow,
    /// Nobody proposed a meeting yet.
    NoProposal,
    /// The proposal named was replaced by a newer one.
    MeetingChanged,
    /// The other side confirms a proposal, not its author.
    OwnProposal,
    /// A booking paid in cash at the meet-up is not paid by card.
    PayingCash,
    /// The seller does not take cash for this listing.
    CashNotTaken,
    /// The listing asks a deposit by card or bKash: cash alone does not reserve it.
    DepositAsked,
    /// The buyer chose how to pay: they call the deal off, saying why, rather than cancel.
    CallOffInstead,
    /// The buyer chose how to pay: the seller calls the deal off, saying why, rather than
    /// release the reservation.
    CallOffTheDeal,
    /// A handover code exists once the buyer chose how to pay.
    NoHandoverYet,
    /// Only the buyer of a deal sees its handover code.
    NotYourCode,
    /// Only a deal paid in cash or held waits for its handover.
    NoHandoverNow,
    /// The seller entered too many wrong codes: the buyer must show a new one.
    HandoverLocked,
    /// This buyer's deal for this bike was called off: it is not booked again.
    CalledOffBefore,
    /// Only a deal whose payment was chosen is called off; a reservation is cancelled or
    /// released.
    NothingToCallOff,
    /// The handover of a held deal is under way (its capture is claimed): only the
    /// capture's outcome ends it now.
    HandoverUnderway,
    /// The amount paid is not the price the booking was made at.
    AmountNotPrice,
    /// This payment's transaction is recorded already.
    PaymentRecorded,
    /// This transaction paid for another booking.
    TransactionOfAnotherBooking,
    /// Someone else's booking: a buyer pays for and acts on their own bookings only.
    NotYourBooking,
    /// The listing named is not the booking's.
    NotThisBookingsListing,
    /// A seller may change their own listings only.
    NotYoursToChange,
    /// A seller may delete their own listings only (an admin, any).
    NotYoursToDelete,
    /// A seller may advertise their own listings only.
    NotYoursToAdvertise,
    /// Only its two sides read and write a conversation.
    NotYourConversation,
    /// A seller does not book, ask about, save or report their own listing.
    OwnListing,
    /// The other side's account is gone: nobody reads what is sent.
    NobodyToTell,
    /// One side of the conversation blocked the other: nothing more passes between them.
    Blocked,
    /// A seller answers offers (a counter), they do not open the bargaining.
    SellerCounters,
    /// The other side answers an offer, not its maker.
    OwnOffer,
    /// The listing's price is fixed: it takes no offers.
    FixedPrice,
    /// An offer is above zero and below the asking price.
    OfferNotBelowPrice,
    /// An offer of this buyer's was accepted and still holds: they book at it.
    OfferAccepted,
    /// The offer was answered (or replaced) already.
    OfferAnswered,
    /// The offer waited longer than it lasts.
    OfferLapsed,
    /// Another offer was made in this conversation at the same moment.
    OffersCrossed,
    /// This person reported this conversation already.
    ReportedAlready,
}

impl From<sqlx::Error> for StoreError {
    fn from(err: sqlx::Error) -> Self {
        if is_unavailable(&err) {
            StoreError::Unavailable(err.to_string())
        } else {
            StoreError::Database(err.to_string())
        }
    }
}

/// Whether `err` says the database cannot be reached right now, rather than that this
/// request or our SQL is wrong: no connection to be had (refused, reset, the pool
/// waited out its timeout), or the server going down or not up yet. Such a request
/// may well succeed a moment later.
fn is_unavailable(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed => true,
        sqlx::Error::Database(e) => e.code().is_some_and(|code| is_unavailable_code(&code)),
        _ => false,
    }
}

/// PostgreSQL's SQLSTATEs for "not now": class 08 (the connection failed), 57P01 to
/// 57P03 (the server is shutting down, crashed, or still starting: "terminating
/// connection due to administrator command" is 57P01), 53300 (too many connections),
/// 57014 (a statement ran past `statement_timeout`, stuck behind a lock, say) and 25P03
/// (a transaction sat idle past its timeout). SQLite's codes are numbers and never
/// match.
fn is_unavailable_code(code: &str) -> bool {
    code.starts_with("08")
        || matches!(
            code,
            "57P01" | "57P02" | "57P03" | "53300" | "57014" | "25P03"
        )
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(err: sqlx::migrate::MigrateError) -> Self {
        StoreError::Database(format!("migration failed: {err}"))
    }
}

pub type StoreResult<T> = Result<T, StoreError>;

/// Opens the store named by `database_url`: `postgres://…` or `sqlite://…`/a file path.
pub async fn open(database_url: &str) -> StoreResult<Arc<dyn Store>> {
    if database_url.starts_with("postgres://") || database_url.starts_with("postgresql://") {
        Ok(Arc::new(PgStore::connect(database_url).await?))
    } else {
        Ok(Arc::new(SqliteStore::open(database_url).await?))
    }
}

/// The traits of [`Store`], to bring its methods into scope: `use crate::store::prelude::*`.
pub mod prelude {
    pub use super::{
        Accounts, Bookings, Catalogue, Conversations, EventLog, Maintenance, Notices, Payments,
        Store, Wishlists,
    };
}

/// Every read and write of the marketplace, in eleven parts. Writes that must stay
/// consistent run in one transaction, let the database's constraints decide races, and
/// record the live events they cause — notifications among them — in that same
/// transaction.
pub trait Store:
    Maintenance
    + Accounts
    + Catalogue
    + Bookings
    + Payments
    + EventLog
    + Notices
    + Wishlists
    + Conversations
    + Offers
    + Replays
{
}

impl<
        T: Maintenance
            + Accounts
            + Catalogue
            + Bookings
            + Payments
            + EventLog
            + Notices
            + Wishlists
            + Conversations
            + Offers
            + Replays,
    > Store for T
{
}

/// What became of a request sent with an `Idempotency-Key` before.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replay {
    /// The key is new: this request goes ahead, and its answer is kept.
    Fresh,
    /// The first request with this key is still being answered.
    InProgress,
    /// The key was used for another request (another route or body).
    Mismatch,
    /// The first request's answer: status and JSON body.
    Answered { status: u16, body: String },
}

/// Answers kept for requests sent with an `Idempotency-Key`, per user, for a day.
#[async_trait]
pub trait Replays: Send + Sync + 'static {
    /// Claims `key` for a request of `user_id` whose route and body hash to
    /// `fingerprint`, or tells what became of the earlier request with it. Keys older
    /// than `kept_since` are forgotten first.
    async fn claim_replay(
        &self,
        user_id: i64,
        key: &str,
        fingerprint: &str,
        kept_since: DateTime<Utc>,
    ) -> StoreResult<Replay>;
    /// Keeps the answer to the claimed request.
    async fn answer_replay(
        &self,
        user_id: i64,
        key: &str,
        status: u16,
        body: &str,
    ) -> StoreResult<()>;
    /// Lets the key go unanswered (the request failed on our side): a retry runs again.
    async fn release_replay(&self, user_id: i64, key: &str) -> StoreResult<()>;
}

/// Migrations, health and the write signal caches and the event pump listen to.
#[async_trait]
pub trait Maintenance: Send + Sync + 'static {
    /// Applies pending migrations.
    async fn migrate(&self) -> StoreResult<()>;
    /// Answers once the database does.
    async fn ping(&self) -> StoreResult<()>;
    /// True when the marketplace holds no categories, users or listings yet.
    async fn is_empty(&self) -> StoreResult<bool>;
    /// A number that grows after every committed write that changes what cached reads
    /// (users, category listings) show, and whenever another process's events arrive.
    /// Caches keep what they read with the generation they read it at.
    fn generation(&self) -> u64;
    /// A number that grows after every committed write to users or sessions (who is
    /// signed in as whom, with which role and flags), and when another process's events
    /// tell of a user deleted or verified (its other account changes are seen within
    /// the cache's `MAX_AGE`, as before): the cache of signed-in users keeps what it read with it, so the
    /// marketplace's other writes (bookings, payments, listings) do not send every
    /// request back to the database for its session.
    fn accounts_generation(&self) -> u64;
    /// Another process changed the marketplace: cached reads are stale, and so are the
    /// signed-in users read before when `accounts` (a user was deleted or verified).
    fn note_external_change(&self, accounts: bool);
    /// Brings the query planner's statistics up to date where the engine does not do it by
    /// itself (SQLite: `PRAGMA optimize`; PostgreSQL's autovacuum does, but only after a
    /// while: `bulk` says many listings just changed at once, which it analyzes now).
    async fn refresh_statistics(&self, bulk: bool) -> StoreResult<()>;
}

/// Sign-in identities and users.
#[async_trait]
pub trait Accounts: Send + Sync + 'static {
    async fn create_identity(&self, email: &str, password_hash: &str) -> StoreResult<Identity>;
    async fn identity_by_email(&self, email: &str) -> StoreResult<Option<Identity>>;

    /// Keeps the hash of a single-use link for `identity_id`, good until `expires_at`.
    async fn create_mail_token(
        &self,
        identity_id: i64,
        purpose: MailPurpose,
        token_hash: &str,
        expires_at: DateTime<Utc>,
    ) -> StoreResult<()>;
    /// The identity an unused, unexpired link of `purpose` was sent for, and the account
    /// holding its address, without using the link.
    async fn mail_link(
        &self,
        token_hash: &str,
        purpose: MailPurpose,
    ) -> StoreResult<Option<(Identity, Option<User>)>>;
    /// Redeems a verification link opened by someone who showed the account is theirs
    /// (`proof`): the identity's address is proven, and so is the account holding that
    /// address (see [`prove_email`](Accounts::prove_email)). With a new password, the
    /// password is replaced, every session ends, and an account nobody had proven starts
    /// afresh. None when the link is unknown, used or expired, or the password was
    /// changed since it was checked.
    async fn verify_email(
        &self,
        token_hash: &str,
        proof: LinkProof<'_>,
    ) -> StoreResult<Option<Identity>>;
    /// Redeems a password-reset link: sets the new password, proves the address (the
    /// mail was read) and ends every session of the account holding it; an account
    /// nobody had proven starts afresh (its holder never showed the address was theirs).
    /// Every other link of that identity stops working. None when the link is unknown,
    /// used or expired.
    async fn reset_password(
        &self,
        token_hash: &str,
        password_hash: &str,
    ) -> StoreResult<Option<Identity>>;
    /// Someone proved they read mail at `email` as `subject`. The account holding the
    /// address is marked proven; when it belongs to another subject and was never
    /// proven, it is deleted with all it holds (its claimant proved nothing) and an
    /// unproven password of the address stops working. None when no account holds the
    /// address afterwards: `subject`'s next sign-in makes a new one.
    async fn prove_email(&self, email: &str, subject: &str) -> StoreResult<Option<User>>;

    /// Starts a session for a user, good until `expires_at`.
    async fn create_session(
        &self,
        id: &str,
        user_id: i64,
        expires_at: DateTime<Utc>,
    ) -> StoreResult<()>;
    /// The user a live session belongs to.
    async fn session_user(&self, id: &str) -> StoreResult<Option<User>>;
    /// Ends one session; false when it had ended already.
    async fn end_session(&self, id: &str) -> StoreResult<bool>;
    /// Ends every session of the account signed in as `subject`, and voids the proofs of
    /// identity `subject` made before `proven_before` (Unix seconds); how many sessions
    /// ended.
    async fn end_sessions_of(&self, subject: &str, proven_before: i64) -> StoreResult<u64>;
    /// Before when (Unix seconds) `subject`'s proofs of identity were voided, if ever.
    async fn signed_out_before(&self, subject: &str) -> StoreResult<Option<i64>>;
    /// Claims the one photo upload a person gets between the sign-up steps; false when
    /// it was claimed before.
    async fn claim_signup_upload(&self, subject: &str) -> StoreResult<bool>;
    /// Gives the claim back (the upload was refused), so a good photo can follow.
    async fn release_signup_upload(&self, subject: &str) -> StoreResult<()>;

    async fn user_by_id(&self, id: i64) -> StoreResult<Option<User>>;
    async fn user_by_email(&self, email: &str) -> StoreResult<Option<User>>;
    async fn user_by_subject(&self, subject: &str) -> StoreResult<Option<User>>;
    /// Creates a user; a taken e-mail or subject is a conflict.
    async fn create_user(&self, user: &NewUser) -> StoreResult<User>;
    /// Marks a user's address proven (their identity provider says so).
    async fn mark_email_verified(&self, user_id: i64) -> StoreResult<()>;
    /// Sets the language a user's pages, mails and notifications are written in.
    async fn set_language(&self, user_id: i64, language: Language) -> StoreResult<()>;
    /// Makes a buyer a seller too (they keep buying); false when they were not a buyer.
    async fn start_selling(&self, user_id: i64) -> StoreResult<bool>;
    /// Makes the user with this e-mail an admin; false when there is none.
    async fn grant_admin(&self, email: &str) -> StoreResult<bool>;
    /// Users of one role, oldest first.
    async fn users_with_role(&self, role: Role) -> StoreResult<Vec<User>>;
    /// Deletes a user of the given role with everything that depends on them (their
    /// listings, bookings, reports and sign-in credentials) in one transaction. An admin
    /// does this (`admin_id`, on the audit log): the address and the sign-in are kept out
    /// from then on.
    async fn delete_user(&self, id: i64, role: Role, admin_id: i64) -> StoreResult<Written<bool>>;
    /// Warns a buyer or seller, saying why (they are told; on the audit log). Refused
    /// `NotForAdmins` for an admin; not found without the user.
    async fn warn_user(&self, id: i64, admin_id: i64, reason: &str) -> StoreResult<Written<()>>;
    /// Suspends a buyer or seller, saying why: their sessions end, their unsold live and
    /// pending listings are removed from every page, and the act is on the audit log.
    /// Refused `NotForAdmins` for an admin and `AlreadySuspended` the second time.
    async fn suspend_user(
        &self,
        id: i64,
        admin_id: i64,
        reason: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<Written<()>>;
    /// Whether an admin suspended the account with this address, or with this sign-in.
    async fn is_suspended(&self, email: &str, subject: Option<&str>) -> StoreResult<bool>;
    /// Whether an admin removed an account whose confirmed phone was `phone`.
    async fn phone_was_removed(&self, phone: &str) -> StoreResult<bool>;
    /// The audit log's entries `filter` asks for, newest first.
    async fn audit_entries(&self, filter: &AuditFilter) -> StoreResult<Vec<AuditEntry>>;
    /// Whether an admin removed an account with this address, or with this sign-in.
    async fn was_removed(&self, email: &str, subject: Option<&str>) -> StoreResult<bool>;
    /// Marks a seller verified; false when no seller has this id.
    async fn verify_seller(&self, id: i64) -> StoreResult<Written<bool>>;

    /// Records seller `seller_id`'s request to be verified with three photos of theirs;
    /// admins hear of it (`verification.requested`). Refused `AlreadyVerified` for a
    /// verified seller, `VerificationPending` while another request waits; not found
    /// when no seller has the id.
    async fn request_verification(
        &self,
        seller_id: i64,
        photos: &VerificationPhotos,
        at: DateTime<Utc>,
    ) -> StoreResult<Written<VerificationRequest>>;
    /// The seller's latest request, if any.
    async fn latest_verification_request(
        &self,
        seller_id: i64,
    ) -> StoreResult<Option<VerificationRequest>>;
    /// The pending requests, oldest first.
    async fn pending_verification_requests(&self) -> StoreResult<Vec<VerificationRequest>>;
    /// Decides a pending request as admin `admin_id`: one conditional write, so of two
    /// decisions at once one wins and the other is refused `VerificationDecided`.
    /// Approving verifies the seller (`seller.verified`, their notification); rejecting
    /// tells them why. Admins hear of it (`verification.decided`). The request's photos
    /// are answered for the caller to delete: the request names them no more.
    async fn decide_verification(
        &self,
        id: i64,
        admin_id: i64,
        decision: &VerificationDecision,
        at: DateTime<Utc>,
    ) -> StoreResult<Written<VerificationDecided>>;
    /// The photos pending requests name: what a sweep of private photos must keep.
    async fn verification_photos_in_use(&self) -> StoreResult<Vec<String>>;
    /// The seller whose pending request names the photo `name`, if any: whose photo an
    /// admin may see.
    async fn pending_verification_photo(&self, name: &str) -> StoreResult<Option<i64>>;

    /// Keeps a new code sent to confirm `code.phone` for `code.user_id`, replacing any
    /// open one (which stops working) with zero tries (docs/trust.md "Phones confirmed by
    /// a code"). Refused `PhoneConfirmedAlready` when the number is the account's
    /// already, `PhoneTaken` when another account confirmed it.
    async fn keep_phone_code(&self, code: &NewPhoneCode) -> StoreResult<()>;
    /// The number of `user_id`'s open code: sent, not expired at `now`, not tried too
    /// often.
    async fn open_phone_code(
        &self,
        user_id: i64,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<String>>;
    /// Tries a code for `user_id`'s open code to `phone`, given as its hash: one
    /// conditional write, so two tries racing are counted one after the other and a
    /// right code confirms once. A right code makes `phone` the account's confirmed
    /// number, refused `PhoneTaken` when another account confirmed it meanwhile.
    async fn try_phone_code(
        &self,
        user_id: i64,
        phone: &str,
        code_hash: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<CodeTried>;
}

/// Categories, listings, reports and adverts.
#[async_trait]
pub trait Catalogue: Send + Sync + 'static {
    async fn categories(&self) -> StoreResult<Vec<Category>>;
    async fn category(&self, id: i64) -> StoreResult<Option<Category>>;
    /// Every picture address a user, category or listing refers to, as stored (a
    /// listing's photos as their JSON list): what an upload sweep must keep.
    async fn pictures_in_use(&self) -> StoreResult<Vec<String>>;
    /// A taken name is a conflict.
    async fn create_category(&self, name: &str, image: &str) -> StoreResult<Written<Category>>;

    async fn create_listing(&self, product: &NewListing) -> StoreResult<Written<i64>>;
    async fn listing(&self, id: i64) -> StoreResult<Option<Listing>>;
    async fn listings_in_category(&self, category_id: i64) -> StoreResult<Vec<Listing>>;
    async fn listings_of_seller(&self, seller_id: i64) -> StoreResult<Vec<Listing>>;
    async fn reported_listings(&self) -> StoreResult<Vec<Listing>>;
    /// How many live listings the seller has, sold ones too: an unverified seller with
    /// fewer than the server's first-listings number waits for review.
    async fn live_listings_of(&self, seller_id: i64) -> StoreResult<i64>;
    /// The prices (paisa) of up to `most` live listings of this brand and model, newest
    /// first: what a new listing's price is held against.
    async fn comparable_prices(&self, brand: &str, model: &str, most: i64)
        -> StoreResult<Vec<i64>>;
    /// Listings waiting for an admin, oldest first.
    async fn listings_in_review(&self) -> StoreResult<Vec<ListingReview>>;
    /// An admin's decision on a pending listing: live, or rejected with the reason its
    /// seller is told. Of two decisions at once one wins and the other is refused
    /// `NotInReview`; not found when there is no such listing.
    async fn review_listing(
        &self,
        id: i64,
        admin_id: i64,
        decision: &ListingDecision,
        at: DateTime<Utc>,
    ) -> StoreResult<Written<Listing>>;
    /// Records a buyer's report of a live listing, saying why; false while this buyer's
    /// report of it is open already (a dismissed one opens again).
    async fn report_listing(
        &self,
        product_id: i64,
        reporter_id: i64,
        reason: ReportReason,
        note: &str,
    ) -> StoreResult<Written<bool>>;
    /// The open reports, per listing: the most reported first, then the oldest.
    async fn open_reports(&self) -> StoreResult<Vec<ReportedListing>>;
    /// An admin closes a listing's open reports, keeping it up; each reporter is told,
    /// and the audit log says so. Refused `NoOpenReports` when none is open (another
    /// admin decided first); not found without the listing.
    async fn dismiss_reports(
        &self,
        product_id: i64,
        admin_id: i64,
        note: Option<&str>,
    ) -> StoreResult<Written<usize>>;
    /// Deletes a listing, removed by the user `removed_by`: its seller, or anyone when
    /// `admin` (refused `NotYoursToDelete` otherwise; false when there is no such
    /// listing). Those who booked, saved or reported it are told, and its seller, with
    /// `reason`, when an admin removed it (on the audit log). A sold listing is never
    /// deleted (`SoldStays`): the sale stays on record.
    async fn delete_listing(
        &self,
        id: i64,
        removed_by: i64,
        admin: bool,
        reason: Option<&str>,
    ) -> StoreResult<Written<bool>>;
    /// Changes an unsold listing of `seller_id`'s: not found when it is gone, refused
    /// `NotYoursToChange` when it is another's and `SoldUnchangeable` once sold. What the
    /// edit leaves out (kilometres, district, area: None) stays as it was. A lower price
    /// tells those who saved it; open bookings' buyers hear of any change of price.
    async fn update_listing(
        &self,
        id: i64,
        seller_id: i64,
        edit: &ListingEdit,
    ) -> StoreResult<Written<()>>;

    /// Advertises an unsold listing of `seller_id`: refused when it is another's
    /// (`NotYoursToAdvertise`), sold or already advertised.
    async fn create_advert(&self, product_id: i64, seller_id: i64) -> StoreResult<Written<i64>>;
    /// Adverts of unsold listings, newest first.
    async fn adverts(&self) -> StoreResult<Vec<Advert>>;

    /// One page of the listings `search` finds, in its order, as one SQL query. The
    /// server answers searches from its [`SearchIndex`](crate::search_index::SearchIndex),
    /// which is tested to find exactly what this finds.
    async fn search_listings(&self, search: &ListingSearch) -> StoreResult<Vec<Listing>>;
    /// How many listings `search` finds in all (its cursor and limit aside), counting
    /// no further than `most`; as one SQL query, like [`search_listings`](Catalogue::search_listings).
    async fn count_listings(&self, search: &ListingSearch, most: i64) -> StoreResult<i64>;
    /// The ids of every listing, sold or not, with all of `words` (as in
    /// [`ListingSearch::words`]), in ascending order: the full-text index's part of a search.
    async fn listing_ids_with_words(
        &self,
        words: &[(String, Vec<String>)],
    ) -> StoreResult<Vec<i64>>;
    /// What searches filter and sort on, for the listings `which` names (those that
    /// still exist).
    async fn listing_facets(&self, which: FacetsOf<'_>) -> StoreResult<Vec<ListingFacets>>;
    /// The listings with these ids that still exist, in no particular order.
    async fn listings_by_ids(&self, ids: &[i64]) -> StoreResult<Vec<Listing>>;
    /// The words of every listing's model and area, each once: what a misspelt query
    /// word is corrected to, with the brands and districts.
    async fn listing_vocabulary(&self) -> StoreResult<Vec<String>>;
    /// Gives listings posted before the structured fields existed their fields and search
    /// words: the next `batch` of them after listing id `after`. The last id it looked
    /// at, to go on from (None: none left).
    async fn index_old_listings(&self, after: i64, batch: i64) -> StoreResult<Option<i64>>;
}

/// Bookings and their payments.
#[async_trait]
pub trait Bookings: Send + Sync + 'static {
    /// The buyer of completed deal `order_id` reviews its seller, once (docs/trust.md
    /// "Reviews from real deals"): refused `NotYourBooking` for anyone else,
    /// `NotCompleted` before the handover and `AlreadyReviewed` the second time; not
    /// found without the deal. The seller is told; every page hears their new rating.
    async fn create_review(
        &self,
        order_id: i64,
        buyer_id: i64,
        stars: i32,
        text: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<Written<Review>>;
    /// The seller answers a review of theirs, once: refused `NotYourReview` for anyone
    /// else and `AlreadyReplied` the second time; not found without the review.
    async fn reply_to_review(
        &self,
        id: i64,
        seller_id: i64,
        text: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<Written<Review>>;
    /// A seller's latest reviews, newest first.
    async fn reviews_of_seller(&self, seller_id: i64, most: i64) -> StoreResult<Vec<Review>>;
    /// The newest four- and five-star reviews with words, for the home page.
    async fn latest_good_reviews(&self, most: i64) -> StoreResult<Vec<Review>>;
    /// A seller's rating.
    async fn seller_rating(&self, seller_id: i64) -> StoreResult<SellerRating>;
    /// Books an unsold listing: conflict when sold or already booked by this buyer.
    async fn create_booking(&self, order: &NewBooking) -> StoreResult<Written<i64>>;
    async fn booking(&self, id: i64) -> StoreResult<Option<Booking>>;
    /// What paying booking `id` needs of it, without the rest of the booking.
    async fn payable(&self, id: i64) -> StoreResult<Option<Payable>>;
    /// A buyer's bookings that are not cancelled, newest first.
    async fn bookings_of_buyer(&self, buyer_id: i64) -> StoreResult<Vec<Booking>>;
    /// Every booking of a seller's bikes, cancelled ones too, newest first.
    async fn bookings_of_seller(&self, seller_id: i64) -> StoreResult<Vec<Booking>>;
    /// Deals for admins, newest first, at most `most`: those in `status` when given,
    /// else every booking that held its bike at some point (not those that only waited
    /// in line, nor cancelled ones).
    async fn deals(&self, status: Option<BookingStatus>, most: i64) -> StoreResult<Vec<Booking>>;
    /// How many open bookings (booked, neither paid nor cancelled) each of a seller's
    /// bikes has, as (listing id, count); bikes without any are left out.
    async fn open_bookings_of_seller(&self, seller_id: i64) -> StoreResult<Vec<(i64, i64)>>;
    /// The buyer withdraws a booking that waits or holds the bike (a reservation passes
    /// to the next in line): conflict when it is paid or ended; false when absent or
    /// cancelled already.
    /// `by` is the buyer or an admin (the timeline says which).
    async fn cancel_booking(&self, id: i64, by: i64) -> StoreResult<Written<bool>>;
    /// The bike's seller (or an admin) ends booking `id` with a reason: declines it while
    /// it waits in line, or releases it while it holds the bike, which then passes to the
    /// next in line. The booking as it now stands; refused when `act` is not the seller's
    /// or the booking is not in the status `end` needs.
    async fn end_booking(
        &self,
        id: i64,
        act: SellerAct<'_>,
        end: BookingEnd,
    ) -> StoreResult<Written<Booking>>;
    /// The buyer of booking `id` or its bike's seller (`by`) proposes where and when to
    /// meet, replacing any earlier proposal; the other side is told. Refused unless `by`
    /// is one of the two and the booking holds the bike.
    async fn propose_meeting(
        &self,
        id: i64,
        by: i64,
        proposal: &MeetingProposal,
    ) -> StoreResult<Written<Booking>>;
    /// The other side agrees to proposal number `round` of booking `id`; its author is
    /// told. Refused when a newer proposal replaced it, when it is `by`'s own, or when the
    /// booking no longer holds the bike; agreeing twice changes nothing.
    async fn confirm_meeting(&self, id: i64, by: i64, round: i32) -> StoreResult<Written<Booking>>;
    /// The buyer (`by`) of reserved booking `id` chooses to pay in cash at the meet-up: the
    /// deal keeps the bike (Reserved to others), a handover code is made for the buyer,
    /// and the seller is told. Choosing it twice changes nothing.
    async fn choose_cash(&self, id: i64, by: i64) -> StoreResult<Written<Booking>>;
    /// The handover code of deal `id` for its buyer `by` (nobody else), while it waits for
    /// the handover; `renew` makes a new one, which unlocks it.
    async fn handover_code(&self, id: i64, by: i64, renew: bool) -> StoreResult<HandoverCode>;
    /// The bike's seller (`by`) enters the buyer's handover `code`: when right, the deal
    /// completes — the bike is sold for good, the line ends and both sides get a receipt —
    /// and when wrong it counts against the code ([`HANDOVER_TRIES`](crate::records::HANDOVER_TRIES)
    /// lock it). Entering the right code again once completed changes nothing.
    async fn hand_over(&self, id: i64, by: i64, code: &str) -> StoreResult<Written<Handover>>;
    /// The buyer or the seller (`by`) calls off deal `id` before its handover, saying
    /// why: the other side is told, and the bike passes to the next in line or back on
    /// sale.
    async fn call_off(&self, id: i64, by: i64, reason: &str) -> StoreResult<Written<Booking>>;
    /// An admin (`admin`) ends deal `id` — a reservation or a cash deal — saying why,
    /// when its two sides cannot: both are told, the step is on the timeline, and the
    /// bike passes to the next in line or back on sale.
    async fn release_deal(
        &self,
        id: i64,
        admin: i64,
        reason: &str,
    ) -> StoreResult<Written<Booking>>;
    /// Every step of booking `id`'s deal, oldest first (docs/deals.md, "Timeline").
    async fn deal_steps(&self, id: i64) -> StoreResult<Vec<DealStep>>;
    /// Lapses up to `most` reservations and cash deals whose time ran out before `now`,
    /// each bike passing to the next in line; how many lapsed.
    async fn lapse_reservations(
        &self,
        now: DateTime<Utc>,
        most: i64,
    ) -> StoreResult<Written<usize>>;
}

/// Who ends a booking for the seller's side, and why.
#[derive(Debug, Clone, Copy)]
pub struct SellerAct<'a> {
    pub by: i64,
    /// An admin may act on any bike's bookings.
    pub admin: bool,
    pub reason: &'a str,
}

/// How the seller's side ends a booking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookingEnd {
    /// Turns down a booking waiting in line.
    Decline,
    /// Lets a reservation go.
    Release,
}

/// Why a booking in `status` cannot be paid for now; None while it holds the bike.
pub fn why_not_payable(status: BookingStatus) -> Option<Refused> {
    match status {
        BookingStatus::Reserved => None,
        BookingStatus::Waiting => Some(Refused::InLine),
        BookingStatus::Held | BookingStatus::Completed => Some(Refused::BookingPaid),
        BookingStatus::Cancelled => Some(Refused::BookingCancelled),
        BookingStatus::Cash => Some(Refused::PayingCash),
        BookingStatus::Declined
        | BookingStatus::Released
        | BookingStatus::CalledOff
        | BookingStatus::Lapsed => Some(Refused::BookingEnded),
    }
}

/// Payments of bookings: test-mode intents, recording a payment (which sells the bike),
/// capturing and undoing it, and the Stripe webhook events already handled.
#[async_trait]
pub trait Payments: Send + Sync + 'static {
    /// Opens a test-mode card intent for booking `order_id` in one visit to the
    /// database: reads what paying needs of the booking, asks `open` which intent to
    /// open for it (None: none, the booking cannot be paid by card now) and writes that
    /// one. The booking as read with the intent written, if any; None when there is no
    /// such booking.
    async fn open_test_payment_intent(
        &self,
        order_id: i64,
        open: &(dyn for<'a> Fn(&'a Payable) -> Option<TestPaymentIntent> + Send + Sync),
    ) -> StoreResult<Option<(Payable, Option<TestPaymentIntent>)>>;
    async fn test_payment_intent(
        &self,
        client_secret: &str,
    ) -> StoreResult<Option<TestPaymentIntent>>;
    async fn test_payment_intent_by_id(&self, id: &str) -> StoreResult<Option<TestPaymentIntent>>;
    /// Marks the intent of `client_secret` succeeded (its card was accepted); the intent
    /// as it now is, None when no intent has that secret.
    async fn confirm_test_payment_intent(
        &self,
        client_secret: &str,
    ) -> StoreResult<Option<TestPaymentIntent>>;

    /// Records a confirmed card hold: the booking becomes `held` (its handover code made)
    /// and the bike shows Sold, all or nothing: conflict when the booking no longer holds
    /// the bike or the amount is not its price; idempotent per transaction id. A
    /// test-mode intent's amount is read from the intent: `Unconfirmed` unless its card
    /// was accepted for this booking.
    async fn record_payment(&self, payment: &NewPayment) -> StoreResult<Written<PaymentRecorded>>;
    /// Number of payments claiming a listing (0 or 1; a released hold claims none).
    async fn payments_for_listing(&self, product_id: i64) -> StoreResult<i64>;
    /// The provider took the money of the claimed hold `held` at its handover: the deal
    /// completes (receipts, the line declined). A deal completed already answers as it
    /// stands, with no events; one not claimed is refused.
    async fn hold_captured(&self, held: &HeldPayment) -> StoreResult<Written<Booking>>;
    /// An admin (`admin`) takes a stuck hold of deal `id` without the buyer's code,
    /// saying why: the deal is claimed for the capture (the step on its timeline with
    /// the reason), as the seller's right code would. The hold to capture; refused when
    /// the deal is not held. A deal claimed already answers its hold again.
    async fn claim_for_admin(&self, id: i64, admin: i64, reason: &str) -> StoreResult<HeldPayment>;
    /// The provider ended the hold `transaction_id` itself (the authorisation expired or
    /// was cancelled): its deal, while held, lapses, both sides told and the bike passed
    /// on. False when no held deal has that hold.
    async fn hold_lost(&self, transaction_id: &str) -> StoreResult<Written<bool>>;
    /// Holds whose deal ended at or before `before` and whose release the provider has
    /// not confirmed yet, oldest first.
    async fn holds_to_release(
        &self,
        before: DateTime<Utc>,
        limit: i64,
    ) -> StoreResult<Vec<HoldToRelease>>;
    /// Notes that the provider released the hold `transaction_id` (on the timeline).
    async fn hold_released(&self, transaction_id: &str) -> StoreResult<()>;
    /// Held deals whose handover claimed the capture before `before` and that still
    /// wait for its outcome, oldest first.
    async fn claims_to_settle(
        &self,
        before: DateTime<Utc>,
        limit: i64,
    ) -> StoreResult<Vec<HeldPayment>>;
    /// Notes a bKash payment started for booking `order_id`, until its outcome is known.
    async fn bkash_started(&self, payment_id: &str, order_id: i64) -> StoreResult<()>;
    /// bKash payments started and not settled, oldest first: those of booking `order_id`
    /// when given, else those started before `before`; each with when it started.
    async fn bkash_open(
        &self,
        order_id: Option<i64>,
        before: DateTime<Utc>,
        limit: i64,
    ) -> StoreResult<Vec<(String, DateTime<Utc>)>>;
    /// Forgets a started bKash payment whose outcome is known.
    async fn bkash_settled(&self, payment_id: &str) -> StoreResult<()>;
    async fn stripe_event_seen(&self, id: &str) -> StoreResult<bool>;

    /// Notes that the Stripe webhook event `id` is handled.
    async fn remember_stripe_event(&self, id: &str) -> StoreResult<()>;
}

/// The live-event log.
#[async_trait]
pub trait EventLog: Send + Sync + 'static {
    /// Up to `limit` events after `seq`, in order.
    async fn events_since(&self, seq: i64, limit: i64) -> StoreResult<Vec<EventRecord>>;
    /// The sequence number of the newest event (0 when there is none).
    async fn last_event_seq(&self) -> StoreResult<i64>;
    /// The sequence number of the oldest event still kept, if any.
    async fn oldest_event_seq(&self) -> StoreResult<Option<i64>>;
    /// Forgets events up to and including `seq`.
    async fn prune_events(&self, seq: i64) -> StoreResult<()>;
    /// The events this process's writes logged and committed since the last call, in
    /// `seq` order, so the pump can deliver them without reading them back. Every write
    /// that logs events hands them over here as it commits: the pump reads the log only
    /// for what is not here — another process's events, and a backlog over
    /// [`Committed::MOST`], which is dropped — wherever their `seq`s leave a gap.
    fn take_committed(&self) -> Vec<EventRecord>;
    /// Returns once this process's writes committed events the pump has not taken (at
    /// once when some did since the pump last waited): every write that logs events
    /// wakes the pump, whether or not it changes what cached reads show.
    async fn committed_arrived(&self);
}

/// Events this process's writes logged, kept from their commit until the pump takes them.
#[derive(Debug, Default)]
pub struct Committed {
    kept: std::sync::Mutex<Vec<EventRecord>>,
    /// Wakes the pump; a push while it is busy leaves a permit for its next wait.
    arrived: tokio::sync::Notify,
}

impl Committed {
    /// The most kept: a pump that falls this far behind reads the log instead.
    pub const MOST: usize = 4096;

    /// Keeps `events`, which just committed.
    pub fn push(&self, events: &[EventRecord]) {
        if events.is_empty() {
            return;
        }
        {
            let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
            if kept.len() + events.len() > Self::MOST {
                kept.clear();
            }
            kept.extend_from_slice(events);
        }
        self.arrived.notify_one();
    }

    /// Everything kept, in `seq` order.
    pub fn take(&self) -> Vec<EventRecord> {
        let mut taken = std::mem::take(&mut *self.kept.lock().unwrap_or_else(|p| p.into_inner()));
        taken.sort_unstable_by_key(|event| event.seq);
        taken
    }

    /// Returns once events were pushed (at once when some were since the last wait).
    pub async fn arrived(&self) {
        self.arrived.notified().await;
    }
}

/// Notifications: the writes that cause them store them (see [`Notification`]).
#[async_trait]
pub trait Notices: Send + Sync + 'static {
    /// A user's newest notifications, at most `limit`, and how many of all theirs are
    /// unread.
    async fn notifications(
        &self,
        user_id: i64,
        limit: i64,
    ) -> StoreResult<(Vec<Notification>, i64)>;
    /// How many of the user's notifications are unread.
    async fn unread_notifications(&self, user_id: i64) -> StoreResult<i64>;
    /// Marks read the user's notifications among `ids`, or all of them when None (never
    /// anyone else's); how many changed.
    async fn mark_notifications_read(&self, user_id: i64, ids: Option<&[i64]>) -> StoreResult<u64>;
}

/// Conversations between a listing's buyers and its seller (docs/conversations.md).
#[async_trait]
pub trait Conversations: Send + Sync + 'static {
    /// The conversation of `buyer_id` about listing `product_id`, opened now if there is
    /// none and `create` (else `Missing::Conversation`); not found when the listing is
    /// gone, refused for the seller's own listing and between people who blocked.
    async fn open_conversation(
        &self,
        product_id: i64,
        buyer_id: i64,
        create: bool,
    ) -> StoreResult<Conversation>;
    /// `user_id`'s conversations, the latest message first, each with its unread count;
    /// with `about`, only those about that listing.
    async fn conversations(
        &self,
        user_id: i64,
        about: Option<i64>,
    ) -> StoreResult<Vec<Conversation>>;
    /// Conversation `id` as `user_id` reads it: refused unless they are one of its two.
    async fn conversation(&self, id: i64, user_id: i64) -> StoreResult<Conversation>;
    /// Up to `limit` messages of conversation `id` before message `before` (the newest
    /// when None), oldest first, for one of its two; those they hid left out.
    async fn messages(
        &self,
        id: i64,
        user_id: i64,
        before: Option<i64>,
        limit: i64,
    ) -> StoreResult<Vec<Message>>;
    /// Sends `message` (its sender one of the two, the other still there): the message,
    /// and `message.created` to both; the same `client_id` again answers the message
    /// kept the first time and records nothing.
    async fn send_message(&self, message: &NewMessage) -> StoreResult<Written<Message>>;
    /// `user_id` has read conversation `id` up to message `up_to` (never back):
    /// `message.read` to both when it moved; how far they have read now.
    async fn read_messages(&self, id: i64, user_id: i64, up_to: i64) -> StoreResult<Written<i64>>;
    /// `blocker_id` blocks (or, with `block` false, unblocks) `blocked_id`: nothing
    /// passes between them either way while it stands; `conversation.updated` to both
    /// sides of every conversation between them. False when nothing changed; not found
    /// when `blocked_id` has no account.
    async fn block(
        &self,
        blocker_id: i64,
        blocked_id: i64,
        block: bool,
    ) -> StoreResult<Written<bool>>;
    /// The people `user_id` blocked, the latest first.
    async fn blocked_people(&self, user_id: i64) -> StoreResult<Vec<BlockedPerson>>;
    /// One of its two reports conversation `id` to the admins, once:
    /// `conversation.reported` to admins.
    async fn report_conversation(&self, report: &NewConversationReport)
        -> StoreResult<Written<()>>;
    /// Hides message `message_id` of conversation `id` from `user_id` (one of its two)
    /// alone: `message.hidden` to them. False when hidden already.
    async fn hide_message(
        &self,
        id: i64,
        message_id: i64,
        user_id: i64,
    ) -> StoreResult<Written<bool>>;
    /// Claims, at `now`, the unread messages to mail about (at most `most` mails): for
    /// each side of a conversation whose oldest message unread and not yet mailed is
    /// [`UNREAD_MAIL_AFTER`] old, one digest of them all; each message is in one digest
    /// at most, whichever process claims it first.
    async fn unread_to_mail(&self, now: DateTime<Utc>, most: i64)
        -> StoreResult<Vec<UnreadDigest>>;
    /// Reports of conversations, the latest first (admins).
    async fn conversation_reports(&self) -> StoreResult<Vec<ConversationReport>>;
    /// The newest `limit` messages of conversation `id`, oldest first, for an admin
    /// reading its report: not found unless someone reported it.
    async fn reported_messages(&self, id: i64, limit: i64) -> StoreResult<Vec<Message>>;
}

/// Offers inside conversations (docs/conversations.md "Offers").
#[async_trait]
pub trait Offers: Send + Sync + 'static {
    /// The buyer of conversation `id` offers `amount` (paisa) for its bike: a new open
    /// offer and the message that carries it; their own open offer is replaced, the
    /// seller's open counter countered. The same `client_id` again answers the message
    /// of the first time and records nothing.
    async fn make_offer(
        &self,
        id: i64,
        buyer_id: i64,
        amount: i64,
        client_id: &str,
    ) -> StoreResult<Written<Message>>;
    /// The side of its conversation that did not make offer `id` answers it: the offer
    /// as it stands now, and the counter's message when it was a counter.
    async fn answer_offer(
        &self,
        id: i64,
        user_id: i64,
        answer: &Answer,
    ) -> StoreResult<Written<(Offer, Option<Message>)>>;
    /// Marks lapsed the open and accepted offers whose time ran out by `now` (at most
    /// `most`), telling both sides: how many.
    async fn lapse_offers(&self, now: DateTime<Utc>, most: i64) -> StoreResult<Written<usize>>;
}

/// The bikes each buyer saved.
#[async_trait]
pub trait Wishlists: Send + Sync + 'static {
    /// A user's saved listings, sold ones too, the latest saved first.
    async fn wishlist(&self, user_id: i64) -> StoreResult<Vec<Listing>>;
    /// Saves a listing: false when it was saved already; not found when it is gone.
    async fn save_to_wishlist(&self, user_id: i64, product_id: i64) -> StoreResult<bool>;
    /// Forgets a saved listing: false when it was not saved.
    async fn remove_from_wishlist(&self, user_id: i64, product_id: i64) -> StoreResult<bool>;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(seq: i64) -> EventRecord {
        EventRecord {
            seq,
            name: "category.created".into(),
            audience: "public".into(),
            buyer_id: None,
            seller_id: None,
            recipient_id: None,
            data: "{}".into(),
            public_data: Some("{}".into()),
            ends_access_of: None,
        }
    }

    fn seqs(events: &[EventRecord]) -> Vec<i64> {
        events.iter().map(|e| e.seq).collect()
    }

    #[test]
    fn committed_events_come_out_in_log_order_once_and_a_backlog_is_dropped_whole() {
        let committed = Committed::default();
        // Two writes that committed 5 then 3–4 hand them over in the other order.
        committed.push(&[event(5)]);
        committed.push(&[event(3), event(4)]);
        committed.push(&[]);
        assert_eq!(seqs(&committed.take()), [3, 4, 5]);
        assert!(committed.take().is_empty(), "taken once");

        // A pump that stopped taking: past the most kept, what was kept goes (it is in
        // the log), and what comes after starts a fresh backlog.
        let many: Vec<EventRecord> = (1..=Committed::MOST as i64).map(event).collect();
        committed.push(&many);
        assert_eq!(committed.take().len(), Committed::MOST);
        committed.push(&many);
        committed.push(&[event(Committed::MOST as i64 + 1)]);
        assert_eq!(seqs(&committed.take()), [Committed::MOST as i64 + 1]);
    }

    #[tokio::test]
    async fn committing_events_wakes_the_pump_even_when_it_was_not_waiting_yet() {
        let committed = Committed::default();
        let quick = std::time::Duration::from_millis(50);
        // Nothing committed: the wait goes on.
        assert!(tokio::time::timeout(quick, committed.arrived())
            .await
            .is_err());
        // Pushed before the wait began: the wait ends at once.
        committed.push(&[event(1)]);
        assert!(tokio::time::timeout(quick, committed.arrived())
            .await
            .is_ok());
        // A write that logged nothing wakes nobody.
        committed.push(&[]);
        assert!(tokio::time::timeout(quick, committed.arrived())
            .await
            .is_err());
    }

    #[test]
    fn a_lost_connection_is_unavailable_and_broken_sql_is_not() {
        let io = |kind| sqlx::Error::Io(std::io::Error::from(kind));
        for err in [
            io(std::io::ErrorKind::ConnectionRefused),
            io(std::io::ErrorKind::ConnectionReset),
            io(std::io::ErrorKind::UnexpectedEof),
            sqlx::Error::PoolTimedOut,
            sqlx::Error::PoolClosed,
        ] {
            assert!(
                matches!(StoreError::from(err), StoreError::Unavailable(_)),
                "unavailable"
            );
        }
        for err in [
            sqlx::Error::RowNotFound,
            sqlx::Error::ColumnNotFound("seq".into()),
            sqlx::Error::Protocol("unexpected message".into()),
        ] {
            assert!(matches!(StoreError::from(err), StoreError::Database(_)));
        }
        for code in [
            "08000", "08006", "08P01", "57P01", "57P02", "57P03", "53300", "57014", "25P03",
        ] {
            assert!(is_unavailable_code(code), "{code}");
        }
        for code in ["23505", "40001", "42P01", "5", "2067"] {
            assert!(!is_unavailable_code(code), "{code}");
        }
    }
}
