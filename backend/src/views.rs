//! What the API answers with (docs/api.md): camelCase field names, `_id` as a string,
//! prices as numbers in whole units, times in ISO-8601 UTC.

use chrono::{DateTime, Utc};
use serde::{Serialize, Serializer};
use utoipa::ToSchema;

use crate::records::{
    Advert, AuditEntry, BlockedPerson, Booking, BookingStatus, Category, Conversation,
    ConversationReport, DealStep, Listing, ListingReview, Meeting, Message, Notification, Offer,
    PayMethod, PayTerms, ReportedListing, Review, Role, SellerRating, User, VerificationRequest,
};

/// Paisa written as a JSON number of whole taka: 1500 or 1500.5.
pub(crate) fn money<S: Serializer>(paisa: &i64, s: S) -> Result<S::Ok, S::Error> {
    if paisa % 100 == 0 {
        s.serialize_i64(paisa / 100)
    } else {
        s.serialize_f64(*paisa as f64 / 100.0)
    }
}

/// Paisa as taka, or null.
pub(crate) fn some_money<S: Serializer>(paisa: &Option<i64>, s: S) -> Result<S::Ok, S::Error> {
    match paisa {
        Some(paisa) => money(paisa, s),
        None => s.serialize_none(),
    }
}

/// Paisa as the pages write taka: ৳ with lakh grouping, whole taka ("৳1,85,000").
pub fn taka(paisa: i64) -> String {
    let digits = (paisa / 100).unsigned_abs().to_string();
    let (head, last3) = digits.split_at(digits.len().saturating_sub(3));
    let mut groups: Vec<&str> = Vec::new();
    let mut rest = head;
    while rest.len() > 2 {
        let (more, pair) = rest.split_at(rest.len() - 2);
        groups.insert(0, pair);
        rest = more;
    }
    if !rest.is_empty() {
        groups.insert(0, rest);
    }
    groups.push(last3);
    format!("{}৳{}", if paisa < 0 { "-" } else { "" }, groups.join(","))
}

fn id<S: Serializer>(id: &i64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(id)
}

/// A user as others may see them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    #[serde(rename = "_id", serialize_with = "id")]
    #[schema(value_type = String)]
    pub id: i64,
    pub name: String,
    pub email: String,
    pub image: String,
    /// buyer, seller or admin.
    pub role: &'static str,
    /// "verified" for verified sellers, absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verification: Option<&'static str>,
    /// Whether the user has proven they read mail at `email`.
    pub email_verified: bool,
    /// The mobile number they confirmed by a code (`+8801…`); absent when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub phone: Option<String>,
    /// Whether they confirmed a mobile number by a code.
    pub phone_verified: bool,
    /// en or bn: the language their pages open in and their mails are written in.
    pub language: &'static str,
    /// Whether an admin suspended them (docs/trust.md "Warnings and suspensions").
    pub suspended: bool,
    /// Why, as the admin said.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub suspended_reason: Option<String>,
}

impl From<&User> for UserView {
    fn from(u: &User) -> Self {
        UserView {
            id: u.id,
            name: u.name.clone(),
            email: u.email.clone(),
            image: u.image.clone(),
            role: u.role().as_str(),
            verification: (u.role() == Role::Seller && u.verified).then_some("verified"),
            email_verified: u.email_verified,
            phone: u.phone.clone(),
            phone_verified: u.phone.is_some(),
            language: u.language().as_str(),
            suspended: u.suspended_at.is_some(),
            suspended_reason: u.suspended_reason.clone(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryView {
    #[serde(rename = "_id", serialize_with = "id")]
    #[schema(value_type = String)]
    pub id: i64,
    pub category_name: String,
    pub category_image: String,
}

impl From<Category> for CategoryView {
    fn from(c: Category) -> Self {
        CategoryView {
            id: c.id,
            category_name: c.name,
            category_image: c.image,
        }
    }
}

/// Which form of a listing a reader gets: the signed-in form has the contact details the
/// cards show buyers; the public form, for visitors (and their live sockets) and for
/// anyone browsing who cannot book, has nobody's e-mail address or phone number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    SignedIn,
    Public,
    /// The listing's own seller (or an admin looking at their listings): every detail,
    /// the phone they keep for conversations too.
    Owner,
}

impl Form {
    /// The form of the listings `reader` browses: a seller's contact details are for
    /// those who may book (buyers, and sellers buying), once they have proven their
    /// address (a throwaway account harvests nothing); visitors and admins browse the
    /// public form (docs/product.md, "Who uses it").
    pub fn for_browsing(reader: Option<&User>) -> Form {
        match reader {
            Some(user) if user.role().can_buy() && user.email_verified => Form::SignedIn,
            _ => Form::Public,
        }
    }
}

/// The fields of a listing every view of it shares.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductFields {
    pub product_name: String,
    pub product_image: String,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub category_id: i64,
    pub condition: String,
    pub color: String,
    pub description: String,
    pub location: String,
    #[serde(serialize_with = "money")]
    #[schema(value_type = f64)]
    pub original_price: i64,
    #[serde(serialize_with = "money")]
    #[schema(value_type = f64)]
    pub resale_price: i64,
    pub purchase_year: i32,
    pub years_of_use: i32,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub seller_id: i64,
    pub seller_name: String,
    /// Signed-in readers only: absent in the public form.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub seller_email: Option<String>,
    /// Signed-in readers only: absent in the public form.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub seller_phone: Option<String>,
    pub seller_verification: bool,
    /// The listing's phone is the number its seller confirmed by a code sent to it
    /// ("Phone verified").
    pub phone_verified: bool,
    /// When the seller joined ("member since").
    pub seller_since: DateTime<Utc>,
    /// "Available", or "sold" once paid for.
    pub availability: &'static str,
    /// Only a live listing is public; its seller and admins see it pending (waiting for
    /// an admin's review) or rejected (docs/trust.md).
    #[schema(value_type = String, example = "live")]
    pub state: &'static str,
    /// Why an admin rejected it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub state_reason: Option<String>,
    /// What the seller's buyers said of their deals.
    pub seller_rating: RatingView,
    pub post_time: DateTime<Utc>,
    /// "reported" once a buyer has reported it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report: Option<&'static str>,
    pub advertised: bool,
    /// A booking holds the bike for its buyer; a new booking joins the line behind it.
    pub reserved: bool,
    /// One of the listed brands, or "Other"; null where an old listing does not say.
    pub brand: Option<String>,
    pub model: Option<String>,
    pub engine_cc: Option<i32>,
    pub km_driven: Option<i32>,
    pub registration_year: Option<i32>,
    /// One of the 64 districts.
    pub district: Option<String>,
    /// Where in the district (a neighbourhood, a town).
    pub area: Option<String>,
    /// Every photo, the cover (`productImage`) first.
    pub photos: Vec<String>,
    /// The ways the seller takes: cash, card, bkash (at least one, in that order).
    #[schema(value_type = Vec<String>, example = json!(["cash", "card", "bkash"]))]
    pub payment_methods: Vec<&'static str>,
    /// Whether the seller takes offers (false: "Fixed price").
    pub negotiable: bool,
    /// Whether the seller keeps their phone for conversations ("Share my number"):
    /// then `sellerPhone` is absent for everyone but the seller.
    pub phone_in_conversation: bool,
    /// Whether the phone takes WhatsApp.
    pub on_whatsapp: bool,
    /// A link to a WhatsApp chat with the seller, where the phone is shown and takes
    /// WhatsApp ("https://wa.me/8801711223344").
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub whatsapp: Option<String>,
}

/// A listing's deposit: a fixed amount in taka (`{"amount": 20000}`), or a share of
/// the price (`{"percent": 10}`).
#[derive(Debug, Serialize, ToSchema)]
pub struct DepositView {
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "some_money")]
    #[schema(value_type = Option<f64>, nullable = false)]
    pub amount: Option<i64>,
    /// 1 to 90.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub percent: Option<i32>,
}

impl DepositView {
    pub fn of(terms: &PayTerms) -> Option<DepositView> {
        let amount = terms.deposit_amount;
        let percent = terms.deposit_percent.filter(|_| amount.is_none());
        (amount.is_some() || percent.is_some()).then_some(DepositView { amount, percent })
    }
}

impl ProductFields {
    /// The listing `p` in `form`.
    pub fn new(p: Listing, form: Form) -> Self {
        // A phone kept for conversations is shared there, not on the listing.
        let shown = match form {
            Form::Owner => true,
            Form::SignedIn => !p.terms.phone_in_conversation,
            Form::Public => false,
        };
        let contact = |detail: String| shown.then_some(detail);
        let whatsapp = (shown && p.terms.on_whatsapp)
            .then(|| whatsapp_link(&p.seller_phone))
            .flatten();
        let photos = crate::listing::photos(p.facts.photos.as_deref(), &p.image);
        let phone_verified = p.seller_confirmed_phone.is_some()
            && crate::phone::mobile_number(&p.seller_phone) == p.seller_confirmed_phone;
        ProductFields {
            product_name: p.name,
            product_image: p.image,
            category_id: p.category_id,
            condition: p.condition,
            color: p.color,
            description: p.description,
            location: p.location,
            original_price: p.original_price,
            resale_price: p.resale_price,
            purchase_year: p.purchase_year,
            years_of_use: p.years_of_use,
            seller_id: p.seller_id,
            seller_name: p.seller_name,
            seller_email: contact(p.seller_email),
            seller_phone: contact(p.seller_phone),
            seller_verification: p.seller_verified,
            phone_verified,
            seller_since: p.seller_since,
            availability: if p.sold { "sold" } else { "Available" },
            state: p.state.as_str(),
            state_reason: p.state_reason,
            seller_rating: RatingView::from(p.seller_rating),
            post_time: p.posted_at,
            report: p.reported.then_some("reported"),
            advertised: p.advertised,
            reserved: p.reserved && !p.sold,
            photos,
            brand: p.facts.brand,
            model: p.facts.model,
            engine_cc: p.facts.engine_cc,
            km_driven: p.facts.km_driven,
            registration_year: p.facts.registration_year,
            district: p.facts.district,
            area: p.facts.area,
            payment_methods: p
                .terms
                .methods()
                .into_iter()
                .map(PayMethod::as_str)
                .collect(),
            negotiable: p.terms.negotiable,
            phone_in_conversation: p.terms.phone_in_conversation,
            on_whatsapp: p.terms.on_whatsapp,
            whatsapp,
        }
    }
}

/// A WhatsApp chat link for a Bangladeshi mobile number as sellers write it
/// ("01711-223344", "+880 1711 223344"); None when it is not one.
pub fn whatsapp_link(phone: &str) -> Option<String> {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    let international = match digits.len() {
        11 if digits.starts_with("01") => format!("88{digits}"),
        13 if digits.starts_with("8801") => digits,
        _ => return None,
    };
    Some(format!("https://wa.me/{international}"))
}

/// A listing.
#[derive(Debug, Serialize, ToSchema)]
pub struct ListingView {
    #[serde(rename = "_id", serialize_with = "id")]
    #[schema(value_type = String)]
    pub id: i64,
    #[serde(flatten)]
    pub fields: ProductFields,
    /// The deposit asked to reserve the bike (held by card or bKash, the rest paid in
    /// cash at the handover); null for none. A booking says instead the deposit it kept
    /// from when it was made.
    pub deposit: Option<DepositView>,
}

impl ListingView {
    pub fn new(p: Listing, form: Form) -> Self {
        ListingView {
            id: p.id,
            deposit: DepositView::of(&p.terms),
            fields: ProductFields::new(p, form),
        }
    }
}

impl From<Listing> for ListingView {
    fn from(p: Listing) -> Self {
        ListingView::new(p, Form::SignedIn)
    }
}

/// A seller's rating: the average of their reviews' stars (to one decimal; absent
/// without reviews) and how many there are.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct RatingView {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub average: Option<f64>,
    pub count: i64,
}

impl From<SellerRating> for RatingView {
    fn from(rating: SellerRating) -> Self {
        RatingView {
            average: rating.average(),
            count: rating.count,
        }
    }
}

/// A buyer's review of a seller, with the seller's answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewView {
    #[serde(rename = "_id", serialize_with = "id")]
    #[schema(value_type = String)]
    pub id: i64,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub deal_id: i64,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub seller_id: i64,
    /// The buyer's name (their address is nobody else's business).
    pub buyer_name: String,
    /// The bike the deal was for.
    pub listing_name: String,
    /// 1 to 5.
    pub stars: i32,
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub reply: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub replied_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<Review> for ReviewView {
    fn from(r: Review) -> Self {
        ReviewView {
            id: r.id,
            deal_id: r.order_id,
            seller_id: r.seller_id,
            buyer_name: r.buyer_name,
            listing_name: r.listing_name,
            stars: r.stars,
            text: r.text,
            reply: r.reply,
            replied_at: r.replied_at,
            created_at: r.created_at,
        }
    }
}

/// A listing's open reports, as the admins' queue shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportedListingView {
    pub listing: ListingView,
    /// How many buyers report it.
    pub count: usize,
    /// Each reason given, with how many gave it, the most given first.
    pub reasons: Vec<ReasonCount>,
    /// Each report, oldest first.
    pub reports: Vec<ReportView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReasonCount {
    /// scam, sold, wrong_details, duplicate, offensive or other.
    pub reason: String,
    pub count: usize,
}

/// One buyer's report.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportView {
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub reporter_id: i64,
    pub reporter_name: String,
    pub reason: String,
    pub note: String,
    pub reported_at: DateTime<Utc>,
}

impl From<ReportedListing> for ReportedListingView {
    fn from(group: ReportedListing) -> Self {
        let mut reasons: Vec<ReasonCount> = Vec::new();
        for report in &group.reports {
            match reasons.iter_mut().find(|r| r.reason == report.reason) {
                Some(counted) => counted.count += 1,
                None => reasons.push(ReasonCount {
                    reason: report.reason.clone(),
                    count: 1,
                }),
            }
        }
        // The most given first; as often, in the order first given.
        reasons.sort_by_key(|r| std::cmp::Reverse(r.count));
        ReportedListingView {
            listing: ListingView::new(group.listing, Form::Owner),
            count: group.reports.len(),
            reasons,
            reports: group
                .reports
                .into_iter()
                .map(|r| ReportView {
                    reporter_id: r.reporter_id,
                    reporter_name: r.reporter_name,
                    reason: r.reason,
                    note: r.note,
                    reported_at: r.reported_at,
                })
                .collect(),
        }
    }
}

/// One entry of the audit log.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryView {
    #[serde(rename = "_id", serialize_with = "id")]
    #[schema(value_type = String)]
    pub id: i64,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub actor_id: i64,
    /// The admin's name when they acted.
    pub actor_name: String,
    /// verification.approved, verification.rejected, listing.approved, listing.rejected,
    /// listing.removed, reports.dismissed, user.warned, user.suspended, user.deleted,
    /// deal.released or deal.captured.
    pub action: String,
    /// user, listing or booking.
    pub target_kind: String,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub target_id: i64,
    /// The target's name when the admin acted ("Name <email>" for a user).
    pub target_label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<AuditEntry> for AuditEntryView {
    fn from(e: AuditEntry) -> Self {
        AuditEntryView {
            id: e.id,
            actor_id: e.actor_id,
            actor_name: e.actor_name,
            action: e.action,
            target_kind: e.target_kind,
            target_id: e.target_id,
            target_label: e.target_label,
            reason: e.reason,
            created_at: e.created_at,
        }
    }
}

/// A listing in the admins' review queue: the listing, why it waits, since when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingReviewView {
    pub listing: ListingView,
    /// first_listing, contact, money, banned, low_price, resubmitted.
    #[schema(value_type = Vec<String>, example = json!(["first_listing", "contact"]))]
    pub flags: Vec<&'static str>,
    pub asked_at: DateTime<Utc>,
}

impl From<ListingReview> for ListingReviewView {
    fn from(review: ListingReview) -> Self {
        ListingReviewView {
            listing: ListingView::new(review.listing, Form::Owner),
            flags: review.flags.0.iter().map(|flag| flag.as_str()).collect(),
            asked_at: review.asked_at,
        }
    }
}

/// An advert: the listing's fields, the advert's own `_id`, the listing's id as `advertiseId`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdvertView {
    #[serde(rename = "_id", serialize_with = "id")]
    #[schema(value_type = String)]
    pub id: i64,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub advertise_id: i64,
    #[serde(flatten)]
    pub fields: ProductFields,
}

impl AdvertView {
    pub fn new(a: Advert, form: Form) -> Self {
        AdvertView {
            id: a.advert_id,
            advertise_id: a.listing.id,
            fields: ProductFields::new(a.listing, form),
        }
    }
}

/// A booking: the listing's fields plus who booked it; `bookingId` is the listing's id.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingView {
    #[serde(rename = "_id", serialize_with = "id")]
    #[schema(value_type = String)]
    pub id: i64,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub booking_id: i64,
    pub buyer_name: String,
    pub buyer_email: String,
    pub buyer_phone: String,
    pub meeting_location: String,
    /// waiting (in line), reserved (the bike is held for this buyer), cash (to be paid
    /// in cash at the meet-up), held (the buyer's card holds the price until the
    /// handover), completed (handed over); or how it ended: declined, released,
    /// called_off, lapsed, cancelled (docs/deals.md).
    pub status: &'static str,
    /// True once this booking is paid: its card holds the price, or the deal completed.
    pub paid: bool,
    /// Its place in the bike's line while waiting (1: next); null otherwise.
    pub queue_position: Option<i64>,
    /// Until when the bike is held for this buyer, while reserved or to be paid in cash
    /// (an agreed meeting holds it until a day after), or until when a card hold waits
    /// for its handover before it is released by itself; null otherwise.
    pub reserved_until: Option<DateTime<Utc>>,
    /// Why the seller declined or released it, or why a side called it off; null
    /// otherwise.
    pub reason: Option<String>,
    /// How the buyer pays: cash, card or bkash; null until chosen.
    pub method: Option<String>,
    /// When the handover completed the deal; null before.
    pub completed_at: Option<DateTime<Utc>>,
    /// buyer or seller: who called the deal off; null unless called off.
    pub called_off_by: Option<String>,
    /// Where and when the two sides meet: the latest proposal, and whether the other
    /// side agreed to it; null until one side proposes.
    pub meeting: Option<MeetingView>,
    /// What the buyer pays: the listing's price when it was booked.
    #[serde(serialize_with = "money")]
    #[schema(value_type = f64)]
    pub price: i64,
    /// What a card or bKash holds to reserve the bike when the listing asked a deposit
    /// at booking (the rest is paid in cash at the handover); null: a hold covers the
    /// whole price.
    #[serde(serialize_with = "some_money")]
    #[schema(value_type = Option<f64>)]
    pub deposit: Option<i64>,
    pub order_time: DateTime<Utc>,
    #[serde(flatten)]
    pub fields: ProductFields,
}

impl From<Booking> for BookingView {
    fn from(o: Booking) -> Self {
        BookingView {
            id: o.order_id,
            booking_id: o.listing.id,
            buyer_name: o.buyer_name,
            buyer_email: o.buyer_email,
            buyer_phone: o.buyer_phone,
            meeting_location: o.meeting_location,
            status: o.order_status.as_str(),
            paid: matches!(
                o.order_status,
                BookingStatus::Held | BookingStatus::Completed
            ),
            queue_position: o.queue_position,
            reserved_until: o.reserved_until.filter(|_| {
                matches!(
                    o.order_status,
                    BookingStatus::Reserved | BookingStatus::Cash | BookingStatus::Held
                )
            }),
            reason: o.reason,
            method: o.method,
            completed_at: o.completed_at,
            called_off_by: o
                .ended_by
                .filter(|_| o.order_status == BookingStatus::CalledOff),
            meeting: o.meeting.proposal().map(MeetingView::from),
            price: o.price,
            deposit: o.deposit,
            order_time: o.ordered_at,
            fields: ProductFields::new(o.listing, Form::SignedIn),
        }
    }
}

/// A deal as an admin settles it: the booking as it stands and every step it took.
#[derive(Debug, Serialize, ToSchema)]
pub struct DealView {
    pub booking: BookingView,
    /// Oldest first.
    pub steps: Vec<DealStepView>,
}

/// One step of a deal: who did what, when, with what money.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealStepView {
    pub at: DateTime<Utc>,
    /// buyer, seller, admin or server.
    pub by: String,
    /// The user who took it; null for the server, or once their account is gone.
    pub by_id: Option<String>,
    pub by_name: Option<String>,
    /// booked, passed_on, meeting_proposed, meeting_agreed, cash, new_code, wrong_code,
    /// completed, paid, payment_undone, declined, released, called_off, lapsed, cancelled.
    pub step: String,
    /// The booking's status after it.
    pub status: String,
    /// Taka, when money moved.
    #[schema(value_type = Option<f64>)]
    pub amount: Option<f64>,
    /// The payment provider's id of what moved.
    pub provider_id: Option<String>,
    /// The reason, the meeting's place and time, or the method.
    pub detail: Option<String>,
}

impl From<DealStep> for DealStepView {
    fn from(step: DealStep) -> Self {
        DealStepView {
            at: step.at,
            by: step.actor,
            by_id: step.actor_id.map(|id| id.to_string()),
            by_name: step.actor_name,
            step: step.step,
            status: step.status,
            amount: step.amount.map(|paisa| paisa as f64 / 100.0),
            provider_id: step.provider_id,
            detail: step.detail,
        }
    }
}

/// A completed deal's receipt, as both its sides and admins read it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptView {
    /// The booking's id.
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub booking_id: i64,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub listing_id: i64,
    /// The bike.
    pub name: String,
    /// What was paid, in taka.
    #[serde(serialize_with = "money")]
    #[schema(value_type = f64)]
    pub price: i64,
    /// cash, card or bkash.
    pub method: String,
    /// Taken by card or bKash when a deposit was held (the rest paid in cash); null
    /// otherwise.
    #[serde(serialize_with = "some_money")]
    #[schema(value_type = Option<f64>)]
    pub deposit: Option<i64>,
    /// Paid in person at the handover, in taka: the whole price for cash, the rest after
    /// a deposit, 0 when a hold covered the price.
    #[serde(serialize_with = "money")]
    #[schema(value_type = f64)]
    pub in_cash: i64,
    pub completed_at: DateTime<Utc>,
    pub buyer_name: String,
    pub seller_name: String,
    /// Where they met: the agreed meeting's place, else the place named when booking.
    pub meeting_place: String,
}

impl ReceiptView {
    /// The receipt of `deal`, if it completed.
    pub fn of(deal: Booking) -> Option<ReceiptView> {
        let completed_at = deal.completed_at?;
        let method = deal
            .method
            .as_deref()
            .and_then(PayMethod::named)
            .unwrap_or(PayMethod::Cash);
        let in_cash = deal.in_cash(method);
        let meeting_place = match deal.meeting.proposal() {
            Some(meeting) if meeting.agreed => meeting.place,
            _ => deal.meeting_location,
        };
        Some(ReceiptView {
            booking_id: deal.order_id,
            listing_id: deal.listing.id,
            name: deal.listing.name,
            price: deal.price,
            method: method.as_str().to_owned(),
            deposit: deal.deposit.filter(|_| method != PayMethod::Cash),
            in_cash,
            completed_at,
            buyer_name: deal.buyer_name,
            seller_name: deal.listing.seller_name,
            meeting_place,
        })
    }
}

/// A meeting proposal, as both sides of a deal see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeetingView {
    pub place: String,
    pub at: DateTime<Utc>,
    /// buyer or seller.
    pub proposed_by: &'static str,
    /// Which proposal this is (1, 2, …): a confirmation names it.
    pub proposal: i32,
    /// The other side confirmed it.
    pub agreed: bool,
}

impl From<Meeting> for MeetingView {
    fn from(m: Meeting) -> Self {
        MeetingView {
            place: m.place,
            at: m.at,
            proposed_by: m.proposed_by.as_str(),
            proposal: m.round,
            agreed: m.agreed,
        }
    }
}

/// A notification, as its recipient's bell lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationView {
    #[serde(rename = "_id", serialize_with = "id")]
    #[schema(value_type = String)]
    pub id: i64,
    /// What it is of: booking, reserved, declined, lapsed, meeting,
    /// payment, completed, called_off, cancellation, sold, removed, report, verified,
    /// verification, listing (approved or rejected after review), price or message.
    pub kind: String,
    pub message: String,
    /// The page where the recipient acts on it, such as `/dashboard/my-buyers`.
    pub link: String,
    pub created_at: DateTime<Utc>,
    pub read: bool,
}

impl From<Notification> for NotificationView {
    fn from(n: Notification) -> Self {
        NotificationView {
            id: n.id,
            kind: n.kind,
            message: n.message,
            link: n.link,
            created_at: n.created_at,
            read: n.read,
        }
    }
}

/// A message of a conversation.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageView {
    #[serde(rename = "_id", serialize_with = "id")]
    #[schema(value_type = String)]
    pub id: i64,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub conversation_id: i64,
    /// The listing the conversation is about.
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub product_id: i64,
    /// The sender's user id; null once their account is gone.
    pub from: Option<String>,
    /// The sender's own id for it: sending it again keeps it once.
    pub client_id: String,
    /// Null for a photo, or once the sender's account is gone.
    pub text: Option<String>,
    /// A photo's address, from `POST /api/uploads`.
    pub image: Option<String>,
    pub sent_at: DateTime<Utc>,
    /// A caution for its reader: "money" (it asks for money before meeting) or "phone"
    /// (a phone number from someone the reader never answered); null for none.
    #[schema(value_type = Option<String>)]
    pub warning: Option<&'static str>,
    /// The offer it carries, as it stands now (then `text` and `image` are null).
    pub offer: Option<OfferView>,
}

impl From<Message> for MessageView {
    fn from(m: Message) -> Self {
        MessageView {
            id: m.id,
            conversation_id: m.conversation_id,
            product_id: m.product_id,
            from: m.sender_id.map(|sender| sender.to_string()),
            client_id: m.client_id,
            text: m.text,
            image: m.image,
            sent_at: m.sent_at,
            warning: m.warning.as_str(),
            offer: m.offer.map(OfferView::from),
        }
    }
}

/// An offer in a conversation (docs/conversations.md "Offers").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferView {
    #[serde(rename = "_id", serialize_with = "id")]
    #[schema(value_type = String)]
    pub id: i64,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub conversation_id: i64,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub product_id: i64,
    /// In taka.
    #[serde(serialize_with = "money")]
    #[schema(value_type = f64)]
    pub amount: i64,
    /// Who made it: buyer or seller.
    #[schema(value_type = String)]
    pub by: &'static str,
    /// open, accepted, declined, countered, replaced, booked or lapsed.
    #[schema(value_type = String)]
    pub status: &'static str,
    pub made_at: DateTime<Utc>,
    /// When an open offer lapses; until when an accepted one is the buyer's price.
    pub expires_at: DateTime<Utc>,
    pub answered_at: Option<DateTime<Utc>>,
}

impl From<Offer> for OfferView {
    fn from(o: Offer) -> Self {
        OfferView {
            id: o.id,
            conversation_id: o.conversation_id,
            product_id: o.product_id,
            amount: o.amount,
            by: o.by().as_str(),
            status: o.status_at(Utc::now()).as_str(),
            made_at: o.made_at,
            expires_at: o.expires_at,
            answered_at: o.answered_at,
        }
    }
}

/// A conversation about a listing, as one of its two sides reads it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationView {
    #[serde(rename = "_id", serialize_with = "id")]
    #[schema(value_type = String)]
    pub id: i64,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub product_id: i64,
    pub product_name: String,
    pub product_image: String,
    /// Null once their account is gone.
    pub buyer_id: Option<String>,
    pub buyer_name: Option<String>,
    pub seller_id: Option<String>,
    pub seller_name: Option<String>,
    pub created_at: DateTime<Utc>,
    pub last_message_at: DateTime<Utc>,
    /// The last message each side has read ("0": none): the read marks.
    pub buyer_read_up_to: String,
    pub seller_read_up_to: String,
    /// The other side's messages the reader has not read.
    pub unread: i64,
    /// The listing's asking price now, in taka; whether it takes offers; whether sold.
    #[serde(serialize_with = "money")]
    #[schema(value_type = f64)]
    pub price: i64,
    pub negotiable: bool,
    pub sold: bool,
    /// "byMe" when the reader blocked the other side, "byThem" when the other side
    /// blocked the reader; null when neither.
    #[schema(value_type = Option<String>)]
    pub blocked: Option<&'static str>,
    /// The latest offer made in it, in any state.
    pub offer: Option<OfferView>,
}

impl From<Conversation> for ConversationView {
    fn from(c: Conversation) -> Self {
        ConversationView {
            id: c.id,
            product_id: c.product_id,
            product_name: c.product_name,
            product_image: c.product_image,
            buyer_id: c.buyer_id.map(|id| id.to_string()),
            buyer_name: c.buyer_name,
            seller_id: c.seller_id.map(|id| id.to_string()),
            seller_name: c.seller_name,
            created_at: c.created_at,
            last_message_at: c.last_message_at,
            buyer_read_up_to: c.buyer_read_up_to.to_string(),
            seller_read_up_to: c.seller_read_up_to.to_string(),
            unread: c.unread,
            price: c.price,
            negotiable: c.negotiable,
            sold: c.sold,
            blocked: c.blocked.as_str(),
            offer: c.offer.map(OfferView::from),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::taka;

    #[test]
    fn taka_are_grouped_in_lakhs() {
        assert_eq!(taka(18_500_000), "৳1,85,000");
        assert_eq!(taka(1_234_567_800), "৳1,23,45,678");
        assert_eq!(taka(95_000), "৳950");
        assert_eq!(taka(100_000), "৳1,000");
        assert_eq!(taka(0), "৳0");
        assert_eq!(taka(25_050), "৳250");
    }
}

/// A reported conversation in the admins' queue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationReportView {
    #[serde(rename = "_id", serialize_with = "id")]
    #[schema(value_type = String)]
    pub id: i64,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub conversation_id: i64,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub product_id: i64,
    pub product_name: String,
    pub buyer_name: Option<String>,
    pub seller_name: Option<String>,
    pub reporter_id: Option<String>,
    pub reporter_name: Option<String>,
    /// scam, money_first, offensive, spam or other.
    pub reason: String,
    pub note: String,
    pub created_at: DateTime<Utc>,
}

impl From<ConversationReport> for ConversationReportView {
    fn from(r: ConversationReport) -> Self {
        ConversationReportView {
            id: r.id,
            conversation_id: r.conversation_id,
            product_id: r.product_id,
            product_name: r.product_name,
            buyer_name: r.buyer_name,
            seller_name: r.seller_name,
            reporter_id: r.reporter_id.map(|id| id.to_string()),
            reporter_name: r.reporter_name,
            reason: r.reason,
            note: r.note,
            created_at: r.created_at,
        }
    }
}

/// A seller's request to be verified (docs/trust.md "Sellers verified with evidence").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerificationRequestView {
    #[serde(rename = "_id", serialize_with = "id")]
    #[schema(value_type = String)]
    pub id: i64,
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub seller_id: i64,
    pub seller_name: String,
    pub seller_email: String,
    /// pending, approved or rejected.
    pub state: &'static str,
    /// Why an admin rejected it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub decided_at: Option<DateTime<Utc>>,
    /// The photos' private names, to admins while the request is pending
    /// (`GET /api/verification-requests/photos/{name}`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub photos: Option<VerificationPhotosView>,
}

/// A pending request's photos, by their private names.
#[derive(Debug, Serialize, ToSchema)]
pub struct VerificationPhotosView {
    pub front: String,
    pub back: String,
    pub selfie: String,
}

impl VerificationRequestView {
    fn new(r: &VerificationRequest, photos: bool) -> Self {
        VerificationRequestView {
            id: r.id,
            seller_id: r.seller_id,
            seller_name: r.seller_name.clone(),
            seller_email: r.seller_email.clone(),
            state: r.state.as_str(),
            reason: r.reason.clone(),
            created_at: r.created_at,
            decided_at: r.decided_at,
            photos: r
                .photos()
                .filter(|_| photos)
                .map(|p| VerificationPhotosView {
                    front: p.front,
                    back: p.back,
                    selfie: p.selfie,
                }),
        }
    }

    /// As admins see it: with its photos while pending.
    pub fn for_admins(r: &VerificationRequest) -> Self {
        VerificationRequestView::new(r, true)
    }

    /// As its seller sees it: the photos are the admins' to see.
    pub fn for_seller(r: &VerificationRequest) -> Self {
        VerificationRequestView::new(r, false)
    }
}

/// Someone the caller blocked.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockedView {
    #[serde(serialize_with = "id")]
    #[schema(value_type = String)]
    pub user_id: i64,
    pub name: String,
    pub blocked_at: DateTime<Utc>,
}

impl From<BlockedPerson> for BlockedView {
    fn from(b: BlockedPerson) -> Self {
        BlockedView {
            user_id: b.user_id,
            name: b.name,
            blocked_at: b.blocked_at,
        }
    }
}
