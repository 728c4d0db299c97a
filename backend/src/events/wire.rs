//! The events as the pages receive them: the one definition of the wire format, and
//! the id payloads of the events that carry no whole record.

use serde::Serialize;
use utoipa::ToSchema;

use super::{BookingRef, ListingRef};
use crate::views::{
    AdvertView, BookingView, CategoryView, ConversationReportView, ListingReviewView, ListingView,
    MessageView, NotificationView, OfferView, RatingView, VerificationRequestView,
};

/// `_id` and friends are strings in every JSON the pages read.
pub(super) fn id(id: i64) -> String {
    id.to_string()
}

/// A listing that changed: sold, for sale again, or deleted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingIds {
    #[serde(rename = "_id")]
    id: String,
    category_id: String,
    seller_id: String,
}

/// A seller's new rating: `_id` is the seller's.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SellerRatingChange {
    #[serde(rename = "_id")]
    pub(super) id: String,
    pub(super) seller_rating: RatingView,
}

/// A booking that changed: `bookingId` is the listing's id.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingIds {
    #[serde(rename = "_id")]
    id: String,
    booking_id: String,
}

/// An advert that went away: `advertiseId` is the listing's id.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdvertIds {
    #[serde(rename = "_id")]
    pub(super) id: String,
    pub(super) advertise_id: String,
}

/// A seller who was verified.
#[derive(Debug, Serialize, ToSchema)]
pub struct SellerIds {
    #[serde(rename = "_id")]
    pub(super) id: String,
    /// Signed-in readers only: absent in the public form.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub(super) email: Option<String>,
}

/// Who read a conversation how far.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessagesReadIds {
    pub(super) conversation_id: String,
    /// The reader's user id.
    pub(super) by: String,
    /// The last message they have read.
    pub(super) up_to: String,
}

/// An offer as it now stands.
#[derive(Debug, Serialize, ToSchema)]
pub struct OfferChange {
    pub(super) offer: OfferView,
}

/// A conversation whose block changed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationChange {
    pub(super) conversation_id: String,
    /// The user id of whoever blocks now; null when nobody does.
    pub(super) blocked_by: Option<String>,
}

/// A message, by its ids.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageIds {
    pub(super) conversation_id: String,
    pub(super) message_id: String,
}

/// A user who was deleted.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserIds {
    #[serde(rename = "_id")]
    pub(super) id: String,
    /// buyer, seller or admin.
    pub(super) role: &'static str,
}

impl From<ListingRef> for ListingIds {
    fn from(l: ListingRef) -> Self {
        ListingIds {
            id: id(l.product_id),
            category_id: id(l.category_id),
            seller_id: id(l.seller_id),
        }
    }
}

impl From<BookingRef> for BookingIds {
    fn from(b: BookingRef) -> Self {
        BookingIds {
            id: id(b.order_id),
            booking_id: id(b.product_id),
        }
    }
}

/// An event as the pages receive it: its name in `event`, its payload in `data`. This
/// is the one definition of the wire format; its JSON Schema is in `/api/openapi.json`
/// (as `LiveEvent`), from which the page's event types are generated.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "event", content = "data")]
#[schema(as = LiveEvent)]
pub enum WireEvent {
    /// An admin added a category: the home page gains its card.
    #[serde(rename = "category.created")]
    CategoryCreated(CategoryView),
    /// A seller listed a bike: it joins its category's grid and the seller's table.
    #[serde(rename = "product.created")]
    ListingCreated(ListingView),
    /// A seller changed an unsold listing: its cards, advert, wishlist entries and
    /// bookings show the new price, photo and text.
    #[serde(rename = "product.updated")]
    ListingUpdated(ListingView),
    /// A bike was paid for: cards show Sold Out, its advert goes, the seller's table says
    /// Already Sold and bookings of it show sold.
    #[serde(rename = "product.sold")]
    ListingSold(ListingIds),
    /// A sale was undone (the buyer's card could not be charged after all): the bike is for
    /// sale again everywhere.
    #[serde(rename = "product.unsold")]
    ListingUnsold(ListingIds),
    /// A booking now holds the bike for its buyer: cards show Reserved; a new booking
    /// joins the line.
    #[serde(rename = "product.reserved")]
    ListingReserved(ListingIds),
    /// The bike's reservation ended and nobody waits in line: cards show it for sale.
    #[serde(rename = "product.available")]
    ListingAvailable(ListingIds),
    /// A listing was deleted (by its seller or an admin): its cards and advert disappear.
    #[serde(rename = "product.deleted")]
    ListingDeleted(ListingIds),
    /// A seller advertised a bike: it joins the home page's advertisement area.
    #[serde(rename = "advert.created")]
    AdvertCreated(AdvertView),
    /// An advert went away (its bike was sold or deleted).
    #[serde(rename = "advert.removed")]
    AdvertRemoved(AdvertIds),
    /// A buyer reported a listing: it joins the admins' moderation queue.
    #[serde(rename = "product.reported")]
    ListingReported(ListingView),
    /// An admin verified a seller: the badge shows on all their listings.
    #[serde(rename = "seller.verified")]
    SellerVerified(SellerIds),
    /// A buyer booked a bike: the buyer's orders and the seller's bookings gain it.
    #[serde(rename = "order.created")]
    BookingCreated(BookingView),
    /// A buyer cancelled an unpaid booking.
    #[serde(rename = "order.cancelled")]
    BookingCancelled(BookingIds),
    /// A booking was paid for (its bike is sold: `product.sold` comes with it).
    #[serde(rename = "order.paid")]
    BookingPaid(BookingIds),
    /// A booking moved along its deal — reserved for its buyer, declined, released,
    /// lapsed — or its place in line changed: the booking as it now stands, for the
    /// buyer's orders and the seller's bookings.
    #[serde(rename = "deal.updated")]
    DealUpdated(BookingView),
    /// An admin deleted a user: the admins' buyer or seller table drops them.
    #[serde(rename = "user.deleted")]
    UserDeleted(UserIds),
    /// Something its one recipient should know of: the bell's count, a toast, the list.
    #[serde(rename = "notification.created")]
    NotificationCreated(NotificationView),
    /// A message in a conversation: its two sides' open conversations and inboxes.
    #[serde(rename = "message.created")]
    MessageCreated(MessageView),
    /// One side read a conversation up to a message: read marks, unread counts.
    #[serde(rename = "message.read")]
    MessagesRead(MessagesReadIds),
    /// An offer was answered, replaced, booked at or lapsed: its card in both sides'
    /// conversations.
    #[serde(rename = "offer.updated")]
    OfferUpdated(OfferChange),
    /// One side blocked or unblocked the other: the conversation's send box.
    #[serde(rename = "conversation.updated")]
    ConversationUpdated(ConversationChange),
    /// Its reader hid a message: their other pages drop it.
    #[serde(rename = "message.hidden")]
    MessageHidden(MessageIds),
    /// A conversation was reported: the admins' queue of reported conversations.
    #[serde(rename = "conversation.reported")]
    ConversationReported(ConversationReportView),
    /// A seller asked to be verified: the admins' queue of verification requests.
    #[serde(rename = "verification.requested")]
    VerificationRequested(VerificationRequestView),
    /// An admin decided a request: it leaves the admins' queue.
    #[serde(rename = "verification.decided")]
    VerificationDecided(VerificationRequestView),
    /// A listing waits for review: the admins' review queue.
    #[serde(rename = "listing.review_requested")]
    ListingReviewRequested(ListingReviewView),
    /// An admin decided a listing: it leaves the admins' queue; its seller's pages show
    /// the outcome.
    #[serde(rename = "listing.reviewed")]
    ListingReviewed(ListingView),
    /// An admin dismissed a listing's reports: it leaves the admins' queue of reported
    /// listings.
    #[serde(rename = "report.dismissed")]
    ReportsDismissed(ListingIds),
    /// An admin suspended a buyer or seller: admins' lists show it.
    #[serde(rename = "user.suspended")]
    UserSuspended(UserIds),
    /// A buyer reviewed a seller: the rating on every card of theirs.
    #[serde(rename = "seller.rated")]
    SellerRated(SellerRatingChange),
}

impl WireEvent {
    /// The event's name and its `data` as JSON.
    pub(super) fn split(&self) -> (String, String) {
        // Our own payload types: serialising them cannot fail (no maps, no non-string keys).
        let mut whole = serde_json::to_value(self).unwrap_or_default();
        let name = whole["event"].as_str().unwrap_or_default().to_owned();
        let data = whole
            .get_mut("data")
            .map(serde_json::Value::take)
            .unwrap_or_default();
        (name, data.to_string())
    }
}

/// An event a write recorded, as its author's page would receive it on the socket: its
/// place in the log (`seq`), its name and its `data`, in the form that author may see.
/// A write's answer carries these, so the page applies exactly what the write caused.
#[derive(Debug, Serialize)]
pub struct SeenEvent {
    pub seq: i64,
    pub event: String,
    pub data: Box<serde_json::value::RawValue>,
}

impl utoipa::PartialSchema for SeenEvent {
    /// A [`WireEvent`] (`LiveEvent`) with its `seq`.
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{AllOfBuilder, ObjectBuilder, Type};
        use utoipa::openapi::Ref;
        let seq = ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
                utoipa::openapi::KnownFormat::Int64,
            )))
            .description(Some("The event's place in the log, as on the socket."));
        AllOfBuilder::new()
            .item(Ref::from_schema_name("LiveEvent"))
            .item(ObjectBuilder::new().property("seq", seq).required("seq"))
            .description(Some(
                "An event the write recorded, as its author's socket would deliver it.",
            ))
            .into()
    }
}

impl ToSchema for SeenEvent {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        schemas.push((
            WireEvent::name().into(),
            <WireEvent as utoipa::PartialSchema>::schema(),
        ));
        <WireEvent as ToSchema>::schemas(schemas);
    }
}
