//! The marketplace's records: what the store reads and writes, as plain data. Every
//! other module builds on these; this one builds on nothing of ours.

use chrono::{DateTime, Utc};

/// A signed-in user's role. Buyer is the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Buyer,
    Seller,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Buyer => "buyer",
            Role::Seller => "seller",
            Role::Admin => "admin",
        }
    }

    /// Whether this role may buy: a buyer, and a seller too (on other sellers' bikes);
    /// an admin moderates and does not buy.
    pub fn can_buy(self) -> bool {
        matches!(self, Role::Buyer | Role::Seller)
    }

    pub fn parse(s: &str) -> Option<Role> {
        match s {
            "buyer" => Some(Role::Buyer),
            "seller" => Some(Role::Seller),
            "admin" => Some(Role::Admin),
            _ => None,
        }
    }
}

/// The language a person reads the marketplace in: its pages, mails and notifications.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    /// English, the default.
    #[default]
    En,
    /// Bangla.
    Bn,
}

impl Language {
    pub fn as_str(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Bn => "bn",
        }
    }

    pub fn parse(s: &str) -> Option<Language> {
        match s {
            "en" => Some(Language::En),
            "bn" => Some(Language::Bn),
            _ => None,
        }
    }
}

/// A language as read from its text column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LanguageColumn(pub Language);

impl TryFrom<String> for LanguageColumn {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        Language::parse(&s)
            .map(LanguageColumn)
            .ok_or_else(|| format!("unknown language {s:?}"))
    }
}

/// Credentials of the built-in e-mail/password sign-in provider.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Identity {
    pub id: i64,
    pub email: String,
    pub password_hash: String,
    /// Whether its owner has shown they read mail at this address.
    pub email_verified: bool,
}

impl Identity {
    /// The subject the built-in provider vouches for this identity under.
    pub fn subject(&self) -> String {
        format!("{LOCAL_SUBJECT_PREFIX}{}", self.id)
    }
}

/// How the person opening a verification link shows the account is theirs, beside
/// holding the mailbox.
#[derive(Debug, Clone, Copy)]
pub enum LinkProof<'a> {
    /// They gave the account's password, checked against this stored hash.
    Password { checked_hash: &'a str },
    /// They chose a new password (its hash), as with a reset.
    NewPassword { password_hash: &'a str },
}

/// The subject prefix of people proven by the built-in provider.
pub const LOCAL_SUBJECT_PREFIX: &str = "local:";

/// What a single-use link sent by mail is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailPurpose {
    VerifyEmail,
    ResetPassword,
}

impl MailPurpose {
    pub fn as_str(self) -> &'static str {
        match self {
            MailPurpose::VerifyEmail => "verify_email",
            MailPurpose::ResetPassword => "reset_password",
        }
    }
}

/// A marketplace user.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct User {
    pub id: i64,
    pub subject: String,
    pub email: String,
    pub name: String,
    pub image: String,
    #[sqlx(try_from = "String")]
    pub role: RoleColumn,
    /// A seller an admin has verified.
    pub verified: bool,
    /// Whether the user has proven they read mail at `email`.
    pub email_verified: bool,
    pub created_at: DateTime<Utc>,
    /// The language their mails and notifications are written in.
    #[sqlx(try_from = "String")]
    pub language: LanguageColumn,
    /// The mobile number they confirmed by a code (`+8801…`), if any.
    pub phone: Option<String>,
    /// When an admin suspended them (docs/trust.md "Warnings and suspensions").
    pub suspended_at: Option<DateTime<Utc>>,
    pub suspended_reason: Option<String>,
}

impl User {
    pub fn role(&self) -> Role {
        self.role.0
    }

    pub fn language(&self) -> Language {
        self.language.0
    }
}

/// A role as read from its text column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoleColumn(pub Role);

impl TryFrom<String> for RoleColumn {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        Role::parse(&s)
            .map(RoleColumn)
            .ok_or_else(|| format!("unknown role {s:?}"))
    }
}

/// A new user, as the sign-in exchange creates it.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub subject: String,
    pub email: String,
    pub name: String,
    pub image: String,
    pub role: Role,
    /// Whether the identity provider says the address is proven.
    pub email_verified: bool,
    /// The language the person chose before signing up (English when they did not).
    pub language: Language,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Category {
    pub id: i64,
    pub name: String,
    pub image: String,
}

/// A listing with what the page shows of its seller, read from the seller's record.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Listing {
    pub id: i64,
    pub category_id: i64,
    pub seller_id: i64,
    pub name: String,
    pub image: String,
    pub condition: String,
    pub color: String,
    pub description: String,
    pub location: String,
    /// Paisa (hundredths of a taka).
    pub original_price: i64,
    /// Paisa (hundredths of a taka).
    pub resale_price: i64,
    pub purchase_year: i32,
    pub years_of_use: i32,
    pub seller_phone: String,
    pub sold: bool,
    pub posted_at: DateTime<Utc>,
    pub seller_name: String,
    pub seller_email: String,
    pub seller_verified: bool,
    /// When the seller joined.
    pub seller_since: DateTime<Utc>,
    pub reported: bool,
    pub advertised: bool,
    /// A booking holds it for its buyer: others may only join the line.
    pub reserved: bool,
    /// The mobile number the seller confirmed by a code (`+8801…`), if any: the listing
    /// shows "Phone verified" when its phone is that number.
    pub seller_confirmed_phone: Option<String>,
    /// Only a live listing is public.
    #[sqlx(try_from = "String")]
    pub state: ListingState,
    /// Why an admin rejected it.
    pub state_reason: Option<String>,
    /// What the seller's buyers said of their deals.
    #[sqlx(flatten)]
    pub seller_rating: SellerRating,
    #[sqlx(flatten)]
    pub facts: BikeFacts,
    #[sqlx(flatten)]
    pub terms: PayTerms,
}

/// A seller's rating: the stars of every review of theirs, and how many reviews.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct SellerRating {
    #[sqlx(rename = "seller_stars")]
    pub stars: i64,
    #[sqlx(rename = "seller_reviews")]
    pub count: i64,
}

impl SellerRating {
    /// The average, to one decimal; None without reviews.
    pub fn average(self) -> Option<f64> {
        (self.count > 0).then(|| (self.stars as f64 * 10.0 / self.count as f64).round() / 10.0)
    }
}

/// A buyer's review of the seller of a completed deal (docs/trust.md "Reviews from real
/// deals").
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Review {
    pub id: i64,
    pub order_id: i64,
    pub seller_id: i64,
    pub buyer_id: i64,
    pub buyer_name: String,
    pub listing_name: String,
    pub stars: i32,
    pub text: String,
    pub reply: Option<String>,
    pub replied_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// Where a listing stands (docs/trust.md "Listings reviewed when it matters").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListingState {
    /// Waiting for an admin: its seller and admins see it, nobody else.
    Pending,
    Live,
    /// An admin said no, with a reason; its seller's edit sends it back to review.
    Rejected,
    Expired,
    Removed,
}

impl ListingState {
    pub fn as_str(self) -> &'static str {
        match self {
            ListingState::Pending => "pending",
            ListingState::Live => "live",
            ListingState::Rejected => "rejected",
            ListingState::Expired => "expired",
            ListingState::Removed => "removed",
        }
    }
}

impl TryFrom<String> for ListingState {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        match s.as_str() {
            "pending" => Ok(ListingState::Pending),
            "live" => Ok(ListingState::Live),
            "rejected" => Ok(ListingState::Rejected),
            "expired" => Ok(ListingState::Expired),
            "removed" => Ok(ListingState::Removed),
            _ => Err(format!("unknown listing state {s:?}")),
        }
    }
}

/// Why a listing waits for an admin before it is public.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ReviewFlag {
    /// One of a new seller's first listings.
    FirstListing,
    /// Its description gives a phone number.
    Contact,
    /// Its description asks for money before the meeting.
    Money,
    /// Its name or description has a banned word.
    Banned,
    /// Priced far below comparable bikes.
    LowPrice,
    /// Changed by its seller after an admin rejected it.
    Resubmitted,
}

impl ReviewFlag {
    pub const ALL: [ReviewFlag; 6] = [
        ReviewFlag::FirstListing,
        ReviewFlag::Contact,
        ReviewFlag::Money,
        ReviewFlag::Banned,
        ReviewFlag::LowPrice,
        ReviewFlag::Resubmitted,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ReviewFlag::FirstListing => "first_listing",
            ReviewFlag::Contact => "contact",
            ReviewFlag::Money => "money",
            ReviewFlag::Banned => "banned",
            ReviewFlag::LowPrice => "low_price",
            ReviewFlag::Resubmitted => "resubmitted",
        }
    }

    /// Flags as the listing keeps them: comma-separated, in order, once each.
    pub fn join(flags: &[ReviewFlag]) -> String {
        let mut flags = flags.to_vec();
        flags.sort_unstable();
        flags.dedup();
        flags
            .iter()
            .map(|flag| flag.as_str())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The flags a listing keeps; names this build does not know are passed over.
    pub fn split(kept: &str) -> Vec<ReviewFlag> {
        kept.split(',')
            .filter_map(|name| ReviewFlag::ALL.into_iter().find(|f| f.as_str() == name))
            .collect()
    }
}

/// A listing in the admins' review queue.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ListingReview {
    #[sqlx(flatten)]
    pub listing: Listing,
    #[sqlx(rename = "review_flags", try_from = "String")]
    pub flags: ReviewFlags,
    #[sqlx(rename = "review_asked_at")]
    pub asked_at: DateTime<Utc>,
}

/// The flags of a listing in review, as read from its row.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReviewFlags(pub Vec<ReviewFlag>);

impl From<String> for ReviewFlags {
    fn from(kept: String) -> Self {
        ReviewFlags(ReviewFlag::split(&kept))
    }
}

/// Why a buyer reports a listing (docs/trust.md "Reports with reasons").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportReason {
    /// Asks for money first, or the seller is not who they say.
    Scam,
    /// Already sold elsewhere.
    Sold,
    /// The bike, price or papers are not as listed.
    WrongDetails,
    /// The same bike listed again.
    Duplicate,
    Offensive,
    Other,
}

impl ReportReason {
    pub const ALL: [ReportReason; 6] = [
        ReportReason::Scam,
        ReportReason::Sold,
        ReportReason::WrongDetails,
        ReportReason::Duplicate,
        ReportReason::Offensive,
        ReportReason::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ReportReason::Scam => "scam",
            ReportReason::Sold => "sold",
            ReportReason::WrongDetails => "wrong_details",
            ReportReason::Duplicate => "duplicate",
            ReportReason::Offensive => "offensive",
            ReportReason::Other => "other",
        }
    }

    pub fn parse(name: &str) -> Option<ReportReason> {
        ReportReason::ALL.into_iter().find(|r| r.as_str() == name)
    }
}

/// One buyer's open report of a listing, as the admins' queue shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OpenReport {
    pub product_id: i64,
    pub reporter_id: i64,
    pub reporter_name: String,
    pub reason: String,
    pub note: String,
    pub reported_at: DateTime<Utc>,
}

/// A listing's open reports, for the admins' queue: the listing, then each report,
/// oldest first.
#[derive(Debug, Clone)]
pub struct ReportedListing {
    pub listing: Listing,
    pub reports: Vec<OpenReport>,
}

/// What an admin did, as the audit log names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuditAction {
    VerificationApproved,
    VerificationRejected,
    ListingApproved,
    ListingRejected,
    ListingRemoved,
    ReportsDismissed,
    UserWarned,
    UserSuspended,
    UserDeleted,
    DealReleased,
    DealCaptured,
}

impl AuditAction {
    pub const ALL: [AuditAction; 11] = [
        AuditAction::VerificationApproved,
        AuditAction::VerificationRejected,
        AuditAction::ListingApproved,
        AuditAction::ListingRejected,
        AuditAction::ListingRemoved,
        AuditAction::ReportsDismissed,
        AuditAction::UserWarned,
        AuditAction::UserSuspended,
        AuditAction::UserDeleted,
        AuditAction::DealReleased,
        AuditAction::DealCaptured,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AuditAction::VerificationApproved => "verification.approved",
            AuditAction::VerificationRejected => "verification.rejected",
            AuditAction::ListingApproved => "listing.approved",
            AuditAction::ListingRejected => "listing.rejected",
            AuditAction::ListingRemoved => "listing.removed",
            AuditAction::ReportsDismissed => "reports.dismissed",
            AuditAction::UserWarned => "user.warned",
            AuditAction::UserSuspended => "user.suspended",
            AuditAction::UserDeleted => "user.deleted",
            AuditAction::DealReleased => "deal.released",
            AuditAction::DealCaptured => "deal.captured",
        }
    }

    pub fn parse(name: &str) -> Option<AuditAction> {
        AuditAction::ALL.into_iter().find(|a| a.as_str() == name)
    }

    /// What the action is done to.
    pub fn target_kind(self) -> &'static str {
        match self {
            AuditAction::VerificationApproved
            | AuditAction::VerificationRejected
            | AuditAction::UserWarned
            | AuditAction::UserSuspended
            | AuditAction::UserDeleted => "user",
            AuditAction::ListingApproved
            | AuditAction::ListingRejected
            | AuditAction::ListingRemoved
            | AuditAction::ReportsDismissed => "listing",
            AuditAction::DealReleased | AuditAction::DealCaptured => "booking",
        }
    }
}

/// One entry of the audit log, as kept.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AuditEntry {
    pub id: i64,
    pub actor_id: i64,
    pub actor_name: String,
    pub action: String,
    pub target_kind: String,
    pub target_id: i64,
    pub target_label: String,
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// Which entries of the audit log to read: newest first, before an entry's id.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    pub action: Option<AuditAction>,
    pub actor_id: Option<i64>,
    /// A kind (user, listing, booking) and an id.
    pub target: Option<(String, i64)>,
    pub before: Option<i64>,
    pub limit: i64,
}

/// An admin's decision on a listing in review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListingDecision {
    Approve,
    Reject { reason: String },
}

/// The ways of paying a listing takes, and the deposit it asks to reserve the bike
/// (docs/deals.md "Paying"). At least one way is taken; a deposit is a fixed amount or
/// a share of the price, never both, and is held by card or bKash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct PayTerms {
    pub takes_cash: bool,
    pub takes_card: bool,
    pub takes_bkash: bool,
    /// Paisa.
    pub deposit_amount: Option<i64>,
    /// Of the price, 1 to 90.
    pub deposit_percent: Option<i32>,
    /// Whether the price takes offers (docs/conversations.md "Fixed price").
    pub negotiable: bool,
    /// The seller's phone stays off the listing: they share it in a conversation.
    pub phone_in_conversation: bool,
    /// The seller's phone takes WhatsApp.
    pub on_whatsapp: bool,
}

impl Default for PayTerms {
    /// Every way, no deposit: what a listing takes unless its seller says otherwise.
    fn default() -> Self {
        PayTerms {
            takes_cash: true,
            takes_card: true,
            takes_bkash: true,
            deposit_amount: None,
            deposit_percent: None,
            negotiable: true,
            phone_in_conversation: false,
            on_whatsapp: false,
        }
    }
}

impl PayTerms {
    /// Whether the listing takes `method`.
    pub fn takes(&self, method: PayMethod) -> bool {
        match method {
            PayMethod::Cash => self.takes_cash,
            PayMethod::Card => self.takes_card,
            PayMethod::Bkash => self.takes_bkash,
        }
    }

    /// The ways taken, in the order pages list them.
    pub fn methods(&self) -> Vec<PayMethod> {
        PayMethod::ALL
            .into_iter()
            .filter(|method| self.takes(*method))
            .collect()
    }
}

/// The deposit a listing asks to reserve the bike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deposit {
    /// None: the hold covers the whole price.
    None,
    /// A fixed amount, in paisa, less than the price.
    Amount(i64),
    /// A share of the price, 1 to 90 percent.
    Percent(i32),
}

/// A seller's change to a listing's ways of paying and deposit; each part left None
/// stays as it is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TermsChange {
    /// The ways taken, each method once.
    pub takes: Option<[bool; 3]>,
    pub deposit: Option<Deposit>,
    /// Whether the price takes offers.
    pub negotiable: Option<bool>,
    /// Whether the phone stays off the listing, and whether it takes WhatsApp.
    pub phone_in_conversation: Option<bool>,
    pub on_whatsapp: Option<bool>,
}

impl TermsChange {
    /// `terms` with this change made.
    pub fn apply(self, terms: PayTerms) -> PayTerms {
        let mut terms = terms;
        if let Some([cash, card, bkash]) = self.takes {
            terms.takes_cash = cash;
            terms.takes_card = card;
            terms.takes_bkash = bkash;
        }
        if let Some(negotiable) = self.negotiable {
            terms.negotiable = negotiable;
        }
        if let Some(in_conversation) = self.phone_in_conversation {
            terms.phone_in_conversation = in_conversation;
        }
        if let Some(whatsapp) = self.on_whatsapp {
            terms.on_whatsapp = whatsapp;
        }
        match self.deposit {
            None => {}
            Some(Deposit::None) => (terms.deposit_amount, terms.deposit_percent) = (None, None),
            Some(Deposit::Amount(paisa)) => {
                (terms.deposit_amount, terms.deposit_percent) = (Some(paisa), None)
            }
            Some(Deposit::Percent(share)) => {
                (terms.deposit_amount, terms.deposit_percent) = (None, Some(share))
            }
        }
        terms
    }
}

impl PayTerms {
    /// Why these terms cannot stand for a listing priced `price` (paisa), if they cannot.
    pub fn fault(&self, price: i64) -> Option<TermsFault> {
        let asks_deposit = self.deposit_amount.is_some() || self.deposit_percent.is_some();
        if !(self.takes_cash || self.takes_card || self.takes_bkash) {
            Some(TermsFault::NoWay)
        } else if asks_deposit && !(self.takes_card || self.takes_bkash) {
            Some(TermsFault::DepositUnheld)
        } else if self.deposit_amount.is_some_and(|deposit| deposit >= price) {
            Some(TermsFault::DepositNotBelowPrice)
        } else {
            None
        }
    }
}

/// What is wrong with a listing's ways of paying and deposit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TermsFault {
    /// Not one way of paying is taken.
    NoWay,
    /// A deposit is asked but neither card nor bKash, which hold it, is taken.
    DepositUnheld,
    /// A fixed deposit is not below the price.
    DepositNotBelowPrice,
}

/// A way a buyer pays for a deal.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayMethod {
    /// In person at the handover.
    Cash,
    /// A card hold, taken at the handover.
    Card,
    /// A bKash hold, taken at the handover.
    Bkash,
}

impl PayMethod {
    pub const ALL: [PayMethod; 3] = [PayMethod::Cash, PayMethod::Card, PayMethod::Bkash];

    pub fn as_str(self) -> &'static str {
        match self {
            PayMethod::Cash => "cash",
            PayMethod::Card => "card",
            PayMethod::Bkash => "bkash",
        }
    }

    /// The method called `name` in the API.
    pub fn named(name: &str) -> Option<PayMethod> {
        PayMethod::ALL
            .into_iter()
            .find(|method| method.as_str() == name)
    }
}

impl From<HoldMethod> for PayMethod {
    fn from(method: HoldMethod) -> Self {
        match method {
            HoldMethod::Card => PayMethod::Card,
            HoldMethod::Bkash => PayMethod::Bkash,
        }
    }
}

/// What a listing says of its bike in the fields buyers filter on (`listing.rs`). NULL
/// where the listing does not say: filters on that field pass it by.
#[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct BikeFacts {
    pub brand: Option<String>,
    pub model: Option<String>,
    pub engine_cc: Option<i32>,
    pub km_driven: Option<i32>,
    pub registration_year: Option<i32>,
    pub district: Option<String>,
    pub area: Option<String>,
    /// A JSON array of the photos' addresses, the cover first.
    pub photos: Option<String>,
}

impl BikeFacts {
    /// These facts, each one missing taken from `fallback`.
    pub fn or(self, fallback: BikeFacts) -> BikeFacts {
        BikeFacts {
            brand: self.brand.or(fallback.brand),
            model: self.model.or(fallback.model),
            engine_cc: self.engine_cc.or(fallback.engine_cc),
            km_driven: self.km_driven.or(fallback.km_driven),
            registration_year: self.registration_year.or(fallback.registration_year),
            district: self.district.or(fallback.district),
            area: self.area.or(fallback.area),
            photos: self.photos.or(fallback.photos),
        }
    }
}

/// How search results are ordered; every order ends with the listing id, so that a
/// cursor names one place in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ListingSort {
    #[default]
    Newest,
    PriceLow,
    PriceHigh,
    /// Fewest kilometres first; listings that do not say come last.
    Km,
}

/// A place in a sorted result: the last listing's sort key (price or kilometres; unused
/// for newest) and its id. The next page starts after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListingCursor {
    pub key: i64,
    pub id: i64,
}

/// A search of the listings: every condition given must hold.
#[derive(Debug, Clone, Default)]
pub struct ListingSearch {
    /// Each word of the query with the words it may mean; a listing matches when, for
    /// every word, it has one of them (the word typed as a prefix, the others whole).
    pub words: Vec<(String, Vec<String>)>,
    pub category_id: Option<i64>,
    pub brands: Vec<String>,
    pub cc_min: Option<i32>,
    pub cc_max: Option<i32>,
    /// Paisa.
    pub price_min: Option<i64>,
    /// Paisa.
    pub price_max: Option<i64>,
    pub year_min: Option<i32>,
    pub year_max: Option<i32>,
    pub km_max: Option<i32>,
    pub district: Option<String>,
    pub condition: Option<String>,
    pub verified_only: bool,
    pub include_sold: bool,
    pub seller_id: Option<i64>,
    /// Leaves one listing out (the one a page shows "similar bikes" for).
    pub except_id: Option<i64>,
    pub sort: ListingSort,
    pub after: Option<ListingCursor>,
    pub limit: i64,
}

/// Which listings' [`ListingFacets`] to read.
#[derive(Debug, Clone, Copy)]
pub enum FacetsOf<'a> {
    All,
    Listings(&'a [i64]),
    /// Every listing of these sellers.
    Sellers(&'a [i64]),
}

/// The fields of a listing that searches filter and sort on, and nothing else.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ListingFacets {
    pub id: i64,
    pub category_id: i64,
    pub seller_id: i64,
    /// Paisa.
    pub resale_price: i64,
    pub engine_cc: Option<i32>,
    pub km_driven: Option<i32>,
    pub registration_year: Option<i32>,
    pub brand: Option<String>,
    pub district: Option<String>,
    pub condition: String,
    pub sold: bool,
    pub seller_verified: bool,
}

impl From<&Listing> for ListingFacets {
    fn from(p: &Listing) -> Self {
        ListingFacets {
            id: p.id,
            category_id: p.category_id,
            seller_id: p.seller_id,
            resale_price: p.resale_price,
            engine_cc: p.facts.engine_cc,
            km_driven: p.facts.km_driven,
            registration_year: p.facts.registration_year,
            brand: p.facts.brand.clone(),
            district: p.facts.district.clone(),
            condition: p.condition.clone(),
            sold: p.sold,
            seller_verified: p.seller_verified,
        }
    }
}

/// The validated fields of a new listing; the seller is the signed-in user.
#[derive(Debug, Clone)]
pub struct NewListing {
    pub category_id: i64,
    pub seller_id: i64,
    pub name: String,
    pub image: String,
    pub condition: String,
    pub color: String,
    pub description: String,
    pub location: String,
    pub original_price: i64,
    pub resale_price: i64,
    pub purchase_year: i32,
    pub years_of_use: i32,
    pub seller_phone: String,
    /// When it was listed: now, except for demo listings.
    pub posted_at: DateTime<Utc>,
    pub facts: BikeFacts,
    pub terms: PayTerms,
    /// Why it waits for an admin; none: it is live at once.
    pub review: Vec<ReviewFlag>,
}

/// What a seller may change of an unsold listing; the rest (what the bike is, its
/// category and year) stays as posted, so those who booked or saved it are not misled.
#[derive(Debug, Clone)]
pub struct ListingEdit {
    pub image: String,
    pub condition: String,
    pub color: String,
    pub description: String,
    pub location: String,
    /// Paisa (hundredths of a taka).
    pub resale_price: i64,
    pub seller_phone: String,
    /// The photos (JSON, the cover first), kilometres and where the bike is.
    pub photos: String,
    pub km_driven: Option<i32>,
    pub district: Option<String>,
    pub area: Option<String>,
    /// The ways taken and the deposit asked, as far as the edit changes them.
    pub terms: TermsChange,
    /// What would send the changed listing to review, were it posted now: a pending or
    /// rejected listing is looked at again with these (trust.md).
    pub review: Vec<ReviewFlag>,
}

/// An advert: a listing put in the home page's advertisement area.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Advert {
    pub advert_id: i64,
    #[sqlx(flatten)]
    pub listing: Listing,
}

/// How long a reservation holds a bike for its buyer.
pub const RESERVED_HOURS: i64 = 48;
/// Bookings one buyer may have open (waiting or reserved) at once: nobody reserves the
/// market.
pub const OPEN_BOOKINGS_PER_BUYER: i64 = 5;
/// Buyers who may wait in line for one bike.
pub const LINE_LIMIT: i64 = 10;
/// How long after an agreed meeting a cash deal still holds the bike: a meeting agreed
/// beyond the reservation's end keeps the bike held until then.
pub const AFTER_MEETING_HOURS: i64 = 24;
/// Wrong handover codes a seller may enter before the code locks and the buyer must
/// show a new one.
pub const HANDOVER_TRIES: i32 = 5;
/// How long a card hold waits for its handover before it is released by itself: card
/// authorisations last seven days, and one released a day early is never captured late.
pub const HOLD_DAYS: i64 = 6;

/// Where a booking stands (docs/deals.md has the whole machine). Open: `Waiting` (in
/// line) and `Reserved` (the bike is held for this buyer); a deal waiting for its
/// handover: `Cash` (paid in person) and `Held` (the card authorised, taken at the
/// handover); `Completed` once handed over; the rest end it. (Card sales made before
/// holds, `paid`, became completed deals or holds: migration 0015.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookingStatus {
    Waiting,
    Reserved,
    Cash,
    Held,
    Completed,
    Declined,
    Released,
    CalledOff,
    Lapsed,
    Cancelled,
}

impl BookingStatus {
    const ALL: [BookingStatus; 10] = [
        BookingStatus::Waiting,
        BookingStatus::Reserved,
        BookingStatus::Cash,
        BookingStatus::Held,
        BookingStatus::Completed,
        BookingStatus::Declined,
        BookingStatus::Released,
        BookingStatus::CalledOff,
        BookingStatus::Lapsed,
        BookingStatus::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            BookingStatus::Waiting => "waiting",
            BookingStatus::Reserved => "reserved",
            BookingStatus::Cash => "cash",
            BookingStatus::Held => "held",
            BookingStatus::Completed => "completed",
            BookingStatus::Declined => "declined",
            BookingStatus::Released => "released",
            BookingStatus::CalledOff => "called_off",
            BookingStatus::Lapsed => "lapsed",
            BookingStatus::Cancelled => "cancelled",
        }
    }

    /// Whether the booking still waits for or holds the bike.
    pub fn is_open(self) -> bool {
        matches!(
            self,
            BookingStatus::Waiting | BookingStatus::Reserved | BookingStatus::Cash
        )
    }
}

impl TryFrom<String> for BookingStatus {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        BookingStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == s)
            .ok_or_else(|| format!("unknown order status {s:?}"))
    }
}

/// A booking of a listing by a buyer.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Booking {
    pub order_id: i64,
    #[sqlx(try_from = "String")]
    pub order_status: BookingStatus,
    pub buyer_id: i64,
    pub buyer_name: String,
    pub buyer_email: String,
    pub buyer_phone: String,
    pub meeting_location: String,
    pub ordered_at: DateTime<Utc>,
    /// What the buyer pays, in paisa: the listing's price when it was booked. A
    /// seller's later change applies to new bookings.
    #[sqlx(rename = "order_price")]
    pub price: i64,
    /// What a card or bKash holds to reserve the bike, in paisa, when the listing asked
    /// a deposit at booking; the rest is paid in cash at the handover. None: a hold
    /// covers the whole price.
    #[sqlx(rename = "order_deposit")]
    pub deposit: Option<i64>,

    /// Its place in the bike's line while waiting: 1 is next.
    pub queue_position: Option<i64>,
    /// Until when the bike is held for this buyer, while reserved.
    pub reserved_until: Option<DateTime<Utc>>,
    /// Why the seller declined or released it, or either side called it off.
    pub reason: Option<String>,
    /// How the buyer pays: `cash`, `card` or `bkash`, once chosen.
    pub method: Option<String>,
    /// When the seller entered the handover code.
    pub completed_at: Option<DateTime<Utc>>,
    /// Which side called the deal off (`buyer` or `seller`).
    pub ended_by: Option<String>,
    #[sqlx(flatten)]
    pub meeting: MeetingRow,
    #[sqlx(flatten)]
    pub listing: Listing,
}

impl Booking {
    /// What paying it needs of it.
    pub fn payable(&self) -> Payable {
        Payable {
            order_id: self.order_id,
            order_status: self.order_status,
            buyer_id: self.buyer_id,
            price: self.price,
            deposit: self.deposit,
            terms: self.listing.terms,
        }
    }

    /// What the buyer pays in person at the handover when paying by `method`, in paisa.
    pub fn in_cash(&self, method: PayMethod) -> i64 {
        self.payable().in_cash(method)
    }
}

/// What paying a booking needs of it, read without the rest: whose it is, where it
/// stands, its price and deposit, and the ways its listing takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Payable {
    pub order_id: i64,
    #[sqlx(try_from = "String")]
    pub order_status: BookingStatus,
    pub buyer_id: i64,
    /// Paisa, as [`Booking::price`].
    #[sqlx(rename = "order_price")]
    pub price: i64,
    /// Paisa, as [`Booking::deposit`].
    #[sqlx(rename = "order_deposit")]
    pub deposit: Option<i64>,
    #[sqlx(flatten)]
    pub terms: PayTerms,
}

impl Payable {
    /// What a card or bKash holds for this booking, in paisa: the deposit asked, else
    /// the whole price.
    pub fn hold_amount(&self) -> i64 {
        self.deposit.unwrap_or(self.price)
    }

    /// What the buyer pays in person at the handover when paying by `method`, in paisa.
    pub fn in_cash(&self, method: PayMethod) -> i64 {
        match method {
            PayMethod::Cash => self.price,
            PayMethod::Card | PayMethod::Bkash => self.price - self.hold_amount(),
        }
    }
}

/// Which side of a deal someone is on.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Buyer,
    Seller,
}

impl Side {
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Buyer => "buyer",
            Side::Seller => "seller",
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::Buyer => Side::Seller,
            Side::Seller => Side::Buyer,
        }
    }
}

/// A booking's meeting columns: the latest proposal, if any.
#[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct MeetingRow {
    pub meeting_place: Option<String>,
    pub meeting_at: Option<DateTime<Utc>>,
    pub meeting_by: Option<String>,
    /// How many proposals were made: a confirmation names the one it agrees to.
    pub meeting_round: i32,
    pub meeting_agreed: bool,
}

/// Where and when the two sides of a deal meet: the latest proposal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meeting {
    pub place: String,
    pub at: DateTime<Utc>,
    pub proposed_by: Side,
    pub round: i32,
    /// The other side confirmed this proposal.
    pub agreed: bool,
}

impl MeetingRow {
    /// The proposal these columns hold, if one was made.
    pub fn proposal(&self) -> Option<Meeting> {
        let proposed_by = match self.meeting_by.as_deref()? {
            "buyer" => Side::Buyer,
            _ => Side::Seller,
        };
        Some(Meeting {
            place: self.meeting_place.clone()?,
            at: self.meeting_at?,
            proposed_by,
            round: self.meeting_round,
            agreed: self.meeting_agreed,
        })
    }
}

/// A proposal of where and when to meet.
#[derive(Debug, Clone)]
pub struct MeetingProposal {
    pub place: String,
    pub at: DateTime<Utc>,
}

/// Who took a step of a deal: one of its sides, an admin, or the server itself (a sweep,
/// a passed-on reservation, a provider's report).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    Buyer,
    Seller,
    Admin,
    Server,
}

impl Actor {
    pub fn as_str(self) -> &'static str {
        match self {
            Actor::Buyer => "buyer",
            Actor::Seller => "seller",
            Actor::Admin => "admin",
            Actor::Server => "server",
        }
    }
}

impl From<Side> for Actor {
    fn from(side: Side) -> Self {
        match side {
            Side::Buyer => Actor::Buyer,
            Side::Seller => Actor::Seller,
        }
    }
}

/// What a step of a deal did (docs/deals.md, "Timeline").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    Booked,
    PassedOn,
    MeetingProposed,
    MeetingAgreed,
    Cash,
    NewCode,
    WrongCode,
    Completed,
    Held,
    CaptureClaimed,
    HoldReleased,
    PaymentUndone,
    Declined,
    Released,
    CalledOff,
    Lapsed,
    Cancelled,
}

impl StepKind {
    pub fn as_str(self) -> &'static str {
        match self {
            StepKind::Booked => "booked",
            StepKind::PassedOn => "passed_on",
            StepKind::MeetingProposed => "meeting_proposed",
            StepKind::MeetingAgreed => "meeting_agreed",
            StepKind::Cash => "cash",
            StepKind::NewCode => "new_code",
            StepKind::WrongCode => "wrong_code",
            StepKind::Completed => "completed",
            StepKind::Held => "held",
            StepKind::CaptureClaimed => "capture_claimed",
            StepKind::HoldReleased => "hold_released",
            StepKind::PaymentUndone => "payment_undone",
            StepKind::Declined => "declined",
            StepKind::Released => "released",
            StepKind::CalledOff => "called_off",
            StepKind::Lapsed => "lapsed",
            StepKind::Cancelled => "cancelled",
        }
    }
}

/// One step of a deal as it is written: what, by whom, what the booking became, and the
/// money, provider id and words that go with it.
#[derive(Debug, Clone, Copy)]
pub struct Step<'a> {
    pub kind: StepKind,
    pub actor: Actor,
    /// The person who took it; None for the server.
    pub actor_id: Option<i64>,
    pub status: BookingStatus,
    /// Paisa, when money moved.
    pub amount: Option<i64>,
    /// The payment provider's id of what moved.
    pub provider_id: Option<&'a str>,
    /// A reason, a meeting's place and time, a method.
    pub detail: Option<&'a str>,
}

impl<'a> Step<'a> {
    /// `kind` by `actor` (`actor_id`), leaving the booking `status`.
    pub fn new(kind: StepKind, actor: Actor, actor_id: Option<i64>, status: BookingStatus) -> Self {
        Step {
            kind,
            actor,
            actor_id,
            status,
            amount: None,
            provider_id: None,
            detail: None,
        }
    }

    /// A step the server took.
    pub fn by_server(kind: StepKind, status: BookingStatus) -> Self {
        Step::new(kind, Actor::Server, None, status)
    }

    pub fn detail(self, detail: &'a str) -> Self {
        Step {
            detail: Some(detail),
            ..self
        }
    }

    pub fn money(self, amount: i64, provider_id: Option<&'a str>) -> Self {
        Step {
            amount: Some(amount),
            provider_id,
            ..self
        }
    }
}

/// A step of a deal as it was written.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DealStep {
    pub at: DateTime<Utc>,
    pub actor: String,
    pub actor_id: Option<i64>,
    /// The name of who took it, while their account exists.
    pub actor_name: Option<String>,
    pub step: String,
    pub status: String,
    pub amount: Option<i64>,
    pub provider_id: Option<String>,
    pub detail: Option<String>,
}

/// A deal's handover code as its buyer sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandoverCode {
    pub code: String,
    /// The seller entered [`HANDOVER_TRIES`] wrong codes: none is taken until the buyer
    /// shows a new one.
    pub locked: bool,
}

/// What a seller's handover code did.
#[derive(Debug, Clone)]
pub enum Handover {
    /// Right: the deal completed, as it now stands.
    Completed(Box<Booking>),
    /// Right, and the deal's money is a hold: it is claimed for the capture, which the
    /// caller asks of the provider before the deal completes.
    Capture(HeldPayment),
    /// Wrong: `left` more tries before the code locks.
    WrongCode { left: i32 },
}

/// The hold of a deal whose handover claimed it: what to capture.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct HeldPayment {
    pub order_id: i64,
    /// The provider's id of the hold (a Stripe PaymentIntent, a bKash paymentID).
    pub transaction_id: String,
    /// Paisa.
    pub amount: i64,
    #[sqlx(try_from = "String")]
    pub method: HoldMethod,
}

#[derive(Debug, Clone)]
pub struct NewBooking {
    pub product_id: i64,
    pub buyer_id: i64,
    pub buyer_phone: String,
    pub meeting_location: String,
}

/// A payment intent of the built-in test-mode card provider.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TestPaymentIntent {
    pub id: String,
    pub client_secret: String,
    pub order_id: i64,
    pub amount: i64,
    pub currency: String,
    pub status: String,
}

/// A payment the provider confirmed, to be recorded against its booking.
#[derive(Debug, Clone)]
pub struct NewPayment {
    pub order_id: i64,
    /// The buyer who says they paid (the page): the booking must be theirs. None when the
    /// provider's word is all there is (its webhook).
    pub payer: Option<i64>,
    /// The listing the payer says they paid for: when given, it must be the booking's.
    pub listing_id: Option<i64>,
    pub transaction_id: String,
    pub amount: PaidAmount,
    pub currency: String,
    /// Whether the money is taken already (false while it is only held).
    pub captured: bool,
    /// Who holds it.
    pub method: HoldMethod,
}

/// How much a payment to record holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaidAmount {
    /// What its provider confirmed, in paisa.
    Confirmed(i64),
    /// What our test-mode card intent of the same id holds: the sale reads it, and
    /// records the payment only if that intent's card was accepted for this booking
    /// (an intent's amount never changes, and once accepted it stays so).
    OfTestIntent,
}

/// Who holds a deal's money until the handover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoldMethod {
    /// A card, through the card provider (Stripe, or the built-in test mode).
    Card,
    /// A bKash wallet.
    Bkash,
}

impl HoldMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            HoldMethod::Card => "card",
            HoldMethod::Bkash => "bkash",
        }
    }
}

impl TryFrom<String> for HoldMethod {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        match s.as_str() {
            "card" => Ok(HoldMethod::Card),
            "bkash" => Ok(HoldMethod::Bkash),
            other => Err(format!("unknown hold method {other:?}")),
        }
    }
}

/// A hold whose deal ended, to be given back.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct HoldToRelease {
    pub transaction_id: String,
    #[sqlx(try_from = "String")]
    pub method: HoldMethod,
}

/// How recording a payment ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentRecorded {
    /// This call recorded it: the bike is now sold to this booking's buyer.
    New(i64),
    /// The same transaction was recorded before (a retry, or the webhook won the race).
    Existing(i64),
}

/// Something one person should know of: a booking of their bike, their payment, a bike
/// they saved that sold. Stored for its recipient and pushed live to them alone.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Notification {
    pub id: i64,
    pub user_id: i64,
    /// What it is of (`Notice::kind`): booking, reserved, declined, lapsed, meeting,
    /// payment, completed, called_off, cancellation, sold, removed, report, verified,
    /// price or message.
    pub kind: String,
    pub message: String,
    /// The page where the recipient acts on it.
    pub link: String,
    pub created_at: DateTime<Utc>,
    pub read: bool,
}

/// A conversation about one listing between one buyer and the listing's seller, as one
/// of the two reads it (docs/conversations.md).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Conversation {
    pub id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub product_image: String,
    /// None once their account is gone.
    pub buyer_id: Option<i64>,
    pub buyer_name: Option<String>,
    pub seller_id: Option<i64>,
    pub seller_name: Option<String>,
    pub created_at: DateTime<Utc>,
    pub last_message_at: DateTime<Utc>,
    /// The last message each side has read (0: none).
    pub buyer_read_up_to: i64,
    pub seller_read_up_to: i64,
    /// Messages from the other side the reader has not read.
    pub unread: i64,
    /// The listing's asking price now, in paisa, and whether it takes offers.
    pub price: i64,
    pub negotiable: bool,
    pub sold: bool,
    /// Whether the reader blocked the other side, or the other side the reader.
    #[sqlx(try_from = "Option<String>")]
    pub blocked: Blocked,
    /// The conversation's latest offer, in any state.
    #[sqlx(skip)]
    pub offer: Option<Offer>,
}

/// Whether either side of a conversation blocked the other, as one side reads it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Blocked {
    #[default]
    No,
    /// The reader blocked the other side.
    ByMe,
    /// The other side blocked the reader.
    ByThem,
}

impl Blocked {
    pub fn as_str(self) -> Option<&'static str> {
        match self {
            Blocked::No => None,
            Blocked::ByMe => Some("byMe"),
            Blocked::ByThem => Some("byThem"),
        }
    }
}

impl TryFrom<Option<String>> for Blocked {
    type Error = String;
    fn try_from(s: Option<String>) -> Result<Self, String> {
        match s.as_deref() {
            None => Ok(Blocked::No),
            Some("byMe") => Ok(Blocked::ByMe),
            Some("byThem") => Ok(Blocked::ByThem),
            Some(other) => Err(format!("unknown block {other:?}")),
        }
    }
}

impl Conversation {
    /// The conversation after `message` was sent in it: its latest activity, and its
    /// sender has read up to it.
    pub fn sent(&mut self, message: &Message) {
        self.last_message_at = self.last_message_at.max(message.sent_at);
        match message.sender_id.and_then(|sender| self.side_of(sender)) {
            Some(Side::Buyer) => self.buyer_read_up_to = self.buyer_read_up_to.max(message.id),
            Some(Side::Seller) => self.seller_read_up_to = self.seller_read_up_to.max(message.id),
            None => {}
        }
    }

    /// Which side `user` is on, if either.
    pub fn side_of(&self, user: i64) -> Option<Side> {
        if self.buyer_id == Some(user) {
            Some(Side::Buyer)
        } else if self.seller_id == Some(user) {
            Some(Side::Seller)
        } else {
            None
        }
    }
}

/// Longest message text, in characters.
pub const MESSAGE_MAX_CHARS: usize = 2000;

/// Messages a page of a conversation's history holds.
pub const MESSAGES_PAGE: i64 = 50;

/// A message of a conversation: text or a photo.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Message {
    pub id: i64,
    pub conversation_id: i64,
    /// The listing its conversation is about.
    pub product_id: i64,
    /// None once the sender's account is gone (and then the words are gone too).
    pub sender_id: Option<i64>,
    pub client_id: String,
    pub text: Option<String>,
    pub image: Option<String>,
    pub sent_at: DateTime<Utc>,
    /// What the server found worth a warning to its reader, when it was sent.
    #[sqlx(try_from = "Option<String>")]
    pub warning: Warning,
    pub offer_id: Option<i64>,
    /// The offer it carries, as it stands now.
    #[sqlx(skip)]
    pub offer: Option<Offer>,
}

/// Why a message is shown to its reader with a caution (docs/conversations.md "Safety").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Warning {
    /// Nothing to warn of.
    #[default]
    Clear,
    /// It asks for money before the two have met.
    Money,
    /// It carries a phone number, from someone the reader never answered.
    Phone,
}

impl Warning {
    pub fn as_str(self) -> Option<&'static str> {
        match self {
            Warning::Clear => None,
            Warning::Money => Some("money"),
            Warning::Phone => Some("phone"),
        }
    }
}

impl TryFrom<Option<String>> for Warning {
    type Error = String;
    fn try_from(s: Option<String>) -> Result<Self, String> {
        match s.as_deref() {
            None => Ok(Warning::Clear),
            Some("money") => Ok(Warning::Money),
            Some("phone") => Ok(Warning::Phone),
            Some(other) => Err(format!("unknown warning {other:?}")),
        }
    }
}

/// How long an open offer waits for its answer, and an accepted one for the booking.
pub const OFFER_LASTS: chrono::TimeDelta = chrono::TimeDelta::hours(48);

/// Where an offer stands (docs/conversations.md "Offers").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferStatus {
    Open,
    Accepted,
    Declined,
    Countered,
    Replaced,
    Booked,
    Lapsed,
}

impl OfferStatus {
    const ALL: [OfferStatus; 7] = [
        OfferStatus::Open,
        OfferStatus::Accepted,
        OfferStatus::Declined,
        OfferStatus::Countered,
        OfferStatus::Replaced,
        OfferStatus::Booked,
        OfferStatus::Lapsed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            OfferStatus::Open => "open",
            OfferStatus::Accepted => "accepted",
            OfferStatus::Declined => "declined",
            OfferStatus::Countered => "countered",
            OfferStatus::Replaced => "replaced",
            OfferStatus::Booked => "booked",
            OfferStatus::Lapsed => "lapsed",
        }
    }
}

impl TryFrom<String> for OfferStatus {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        OfferStatus::ALL
            .into_iter()
            .find(|status| status.as_str() == s)
            .ok_or_else(|| format!("unknown offer status {s:?}"))
    }
}

/// An offer made in a conversation: an amount one side would trade at.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Offer {
    pub id: i64,
    pub conversation_id: i64,
    pub product_id: i64,
    /// None once the buyer's account is gone.
    pub buyer_id: Option<i64>,
    /// Who made it: the seller (a counter) or the buyer.
    pub by_seller: bool,
    /// In paisa.
    pub amount: i64,
    #[sqlx(try_from = "String")]
    pub status: OfferStatus,
    pub made_at: DateTime<Utc>,
    /// When an open offer lapses; until when an accepted one is the buyer's price.
    pub expires_at: DateTime<Utc>,
    pub answered_at: Option<DateTime<Utc>>,
}

impl Offer {
    /// The side that made it.
    pub fn by(&self) -> Side {
        match self.by_seller {
            true => Side::Seller,
            false => Side::Buyer,
        }
    }

    /// Its state at `now`: an open or accepted offer past its time has lapsed, whether
    /// or not the sweep has marked it yet.
    pub fn status_at(&self, now: DateTime<Utc>) -> OfferStatus {
        match self.status {
            OfferStatus::Open | OfferStatus::Accepted if self.expires_at <= now => {
                OfferStatus::Lapsed
            }
            status => status,
        }
    }
}

/// An answer to an open offer, by the side that did not make it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Accept,
    Decline,
    /// An amount of their own (paisa), and their id for the message that carries it.
    Counter {
        amount: i64,
        client_id: String,
    },
}

/// A message someone sends: `client_id` is theirs, so sending it again keeps it once.
#[derive(Debug, Clone)]
pub struct NewMessage {
    pub conversation_id: i64,
    pub sender_id: i64,
    pub client_id: String,
    pub text: Option<String>,
    pub image: Option<String>,
}

/// Why someone reports a conversation.
pub const REPORT_REASONS: [&str; 5] = ["scam", "money_first", "offensive", "spam", "other"];

/// A report of a conversation, as its reporter makes it.
#[derive(Debug, Clone)]
pub struct NewConversationReport {
    pub conversation_id: i64,
    pub reporter_id: i64,
    /// One of [`REPORT_REASONS`].
    pub reason: String,
    pub note: String,
}

/// A report of a conversation, as the admins' queue shows it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ConversationReport {
    pub id: i64,
    pub conversation_id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub buyer_name: Option<String>,
    pub seller_name: Option<String>,
    pub reporter_id: Option<i64>,
    pub reporter_name: Option<String>,
    pub reason: String,
    pub note: String,
    pub created_at: DateTime<Utc>,
}

/// Someone a user blocked.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct BlockedPerson {
    pub user_id: i64,
    pub name: String,
    pub blocked_at: DateTime<Utc>,
}

/// How long a message waits unread before its reader is mailed about it.
pub const UNREAD_MAIL_AFTER: chrono::TimeDelta = chrono::TimeDelta::minutes(15);

/// Messages one side of a conversation has not read for a while, gathered for one mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnreadDigest {
    pub conversation_id: i64,
    pub to_email: String,
    pub to_name: String,
    /// The language the mail is written in: its reader's.
    pub to_language: Language,
    /// The other side's name (None once their account is gone).
    pub from_name: Option<String>,
    pub listing: String,
    /// The newest few, oldest first: each message's words, "a photo", or its offer.
    pub lines: Vec<String>,
    /// How many more arrived besides those.
    pub more: i64,
}

/// A code sent to confirm a phone (docs/trust.md "Phones confirmed by a code"): the
/// number it went to, the hash kept of it and how long it works.
#[derive(Debug, Clone)]
pub struct NewPhoneCode {
    pub user_id: i64,
    /// `+8801…`.
    pub phone: String,
    pub code_hash: String,
    pub sent_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// What trying a code did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeTried {
    /// The code was right: the number is the account's now.
    Confirmed,
    /// A wrong code, counted; this many tries are left (none: the code is spent).
    Wrong { tries_left: i32 },
    /// No code is open: never asked for, used, expired or tried too often.
    NoOpenCode,
}

/// Where a seller's request to be verified stands (docs/trust.md "Sellers verified with
/// evidence").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VerificationState {
    Pending,
    Approved,
    Rejected,
}

impl VerificationState {
    pub fn as_str(self) -> &'static str {
        match self {
            VerificationState::Pending => "pending",
            VerificationState::Approved => "approved",
            VerificationState::Rejected => "rejected",
        }
    }
}

impl TryFrom<String> for VerificationState {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        match s.as_str() {
            "pending" => Ok(VerificationState::Pending),
            "approved" => Ok(VerificationState::Approved),
            "rejected" => Ok(VerificationState::Rejected),
            _ => Err(format!("unknown verification state {s:?}")),
        }
    }
}

/// The private names of a request's three photos: the ID's front and back, and the
/// seller holding it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerificationPhotos {
    pub front: String,
    pub back: String,
    pub selfie: String,
}

impl VerificationPhotos {
    pub fn names(&self) -> [&str; 3] {
        [&self.front, &self.back, &self.selfie]
    }
}

/// A seller's request to be verified, with who they are.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VerificationRequest {
    pub id: i64,
    pub seller_id: i64,
    pub seller_name: String,
    pub seller_email: String,
    #[sqlx(try_from = "String")]
    pub state: VerificationState,
    /// Why it was rejected.
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    /// Kept while the request is pending; gone with the photos once it is decided.
    pub front: Option<String>,
    pub back: Option<String>,
    pub selfie: Option<String>,
}

impl VerificationRequest {
    /// The photos, while the request is pending.
    pub fn photos(&self) -> Option<VerificationPhotos> {
        Some(VerificationPhotos {
            front: self.front.clone()?,
            back: self.back.clone()?,
            selfie: self.selfie.clone()?,
        })
    }
}

/// An admin's decision on a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VerificationDecision {
    Approve,
    Reject { reason: String },
}

/// A request decided, and the photos it held, for the caller to delete.
#[derive(Debug, Clone)]
pub struct VerificationDecided {
    pub request: VerificationRequest,
    pub photos: VerificationPhotos,
}
