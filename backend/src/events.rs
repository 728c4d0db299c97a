//! The live-event catalogue: every event is a value of [`Event`], whose variant says
//! what happened and carries the records it is about. Its name, who may see it, and
//! the JSON the pages receive — the signed-in form and, for events everyone sees, the
//! public form without anyone's e-mail address or phone number — all follow from the
//! variant; nothing is built by hand where an event is raised. The store records events
//! in the same transaction as the change they describe.

use serde::Serialize;
use utoipa::ToSchema;

use crate::records::{Advert, Category, Notification, Order, Product, Role};
use crate::views::{AdvertView, CategoryView, Form, NotificationView, OrderView, ProductView};

/// A listing that changed, by its ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListingRef {
    pub product_id: i64,
    pub category_id: i64,
    pub seller_id: i64,
}

/// A booking that changed, by its ids; its buyer and the bike's seller receive it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookingRef {
    pub order_id: i64,
    pub product_id: i64,
    pub buyer_id: i64,
    pub seller_id: i64,
}

/// Something that happened that open pages show. A new kind needs its name in
/// [`NAMES`] and a sample in this module's tests, which check its public form.
#[derive(Debug, Clone)]
pub enum Event {
    CategoryCreated(Category),
    ProductCreated(Product),
    /// Its seller changed an unsold listing (price, photo, text).
    ProductUpdated(Product),
    ProductSold(ListingRef),
    /// A sale was undone (the buyer's card could not be charged): for sale again.
    ProductUnsold(ListingRef),
    ProductDeleted(ListingRef),
    AdvertCreated(Advert),
    AdvertRemoved {
        advert_id: i64,
        product_id: i64,
    },
    ProductReported(Product),
    SellerVerified {
        seller_id: i64,
        email: String,
    },
    OrderCreated(Order),
    OrderCancelled(BookingRef),
    OrderPaid(BookingRef),
    UserDeleted {
        user_id: i64,
        role: Role,
    },
    /// Something one person should know of, stored for them and pushed to them alone.
    NotificationCreated(Notification),
}

/// Every event name, as the pages receive them (each is some variant's [`Event::name`]).
pub const NAMES: [&str; 15] = [
    "category.created",
    "product.created",
    "product.updated",
    "product.sold",
    "product.unsold",
    "product.deleted",
    "advert.created",
    "advert.removed",
    "product.reported",
    "seller.verified",
    "order.created",
    "order.cancelled",
    "order.paid",
    "user.deleted",
    "notification.created",
];

/// Who may receive an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Audience {
    /// Every socket, signed in or not (visitors get the public form).
    Public,
    /// Sockets signed in as an admin.
    Admins,
    /// The buyer of a booking and the seller of its bike.
    Parties { buyer_id: i64, seller_id: i64 },
    /// One user.
    Recipient { user_id: i64 },
}

impl Audience {
    /// Who receives it, in words (the catalogue in `docs/events.md`).
    pub fn describe(self) -> &'static str {
        match self {
            Audience::Public => "every page, signed in or not (visitors get the public form)",
            Audience::Admins => "admins' pages",
            Audience::Parties { .. } => "the booking's buyer and the bike's seller",
            Audience::Recipient { .. } => "its one recipient",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Audience::Public => "public",
            Audience::Admins => "admins",
            Audience::Parties { .. } => "parties",
            Audience::Recipient { .. } => "recipient",
        }
    }
}

/// `_id` and friends are strings in every JSON the pages read.
fn id(id: i64) -> String {
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
    id: String,
    advertise_id: String,
}

/// A seller who was verified.
#[derive(Debug, Serialize, ToSchema)]
pub struct SellerIds {
    #[serde(rename = "_id")]
    id: String,
    /// Signed-in readers only: absent in the public form.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    email: Option<String>,
}

/// A user who was deleted.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserIds {
    #[serde(rename = "_id")]
    id: String,
    /// buyer, seller or admin.
    role: &'static str,
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
    ProductCreated(ProductView),
    /// A seller changed an unsold listing: its cards, advert, wishlist entries and
    /// bookings show the new price, photo and text.
    #[serde(rename = "product.updated")]
    ProductUpdated(ProductView),
    /// A bike was paid for: cards show Sold Out, its advert goes, the seller's table says
    /// Already Sold and bookings of it show sold.
    #[serde(rename = "product.sold")]
    ProductSold(ListingIds),
    /// A sale was undone (the buyer's card could not be charged after all): the bike is for
    /// sale again everywhere.
    #[serde(rename = "product.unsold")]
    ProductUnsold(ListingIds),
    /// A listing was deleted (by its seller or an admin): its cards and advert disappear.
    #[serde(rename = "product.deleted")]
    ProductDeleted(ListingIds),
    /// A seller advertised a bike: it joins the home page's advertisement area.
    #[serde(rename = "advert.created")]
    AdvertCreated(AdvertView),
    /// An advert went away (its bike was sold or deleted).
    #[serde(rename = "advert.removed")]
    AdvertRemoved(AdvertIds),
    /// A buyer reported a listing: it joins the admins' moderation queue.
    #[serde(rename = "product.reported")]
    ProductReported(ProductView),
    /// An admin verified a seller: the badge shows on all their listings.
    #[serde(rename = "seller.verified")]
    SellerVerified(SellerIds),
    /// A buyer booked a bike: the buyer's orders and the seller's bookings gain it.
    #[serde(rename = "order.created")]
    OrderCreated(OrderView),
    /// A buyer cancelled an unpaid booking.
    #[serde(rename = "order.cancelled")]
    OrderCancelled(BookingIds),
    /// A booking was paid for (its bike is sold: `product.sold` comes with it).
    #[serde(rename = "order.paid")]
    OrderPaid(BookingIds),
    /// An admin deleted a user: the admins' buyer or seller table drops them.
    #[serde(rename = "user.deleted")]
    UserDeleted(UserIds),
    /// Something its one recipient should know of: the bell's count, a toast, the list.
    #[serde(rename = "notification.created")]
    NotificationCreated(NotificationView),
}

impl WireEvent {
    /// The event's name and its `data` as JSON.
    fn split(&self) -> (String, String) {
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

impl Event {
    /// The name the pages receive.
    pub fn name(&self) -> &'static str {
        match self {
            Event::CategoryCreated(_) => "category.created",
            Event::ProductCreated(_) => "product.created",
            Event::ProductUpdated(_) => "product.updated",
            Event::ProductSold(_) => "product.sold",
            Event::ProductUnsold(_) => "product.unsold",
            Event::ProductDeleted(_) => "product.deleted",
            Event::AdvertCreated(_) => "advert.created",
            Event::AdvertRemoved { .. } => "advert.removed",
            Event::ProductReported(_) => "product.reported",
            Event::SellerVerified { .. } => "seller.verified",
            Event::OrderCreated(_) => "order.created",
            Event::OrderCancelled(_) => "order.cancelled",
            Event::OrderPaid(_) => "order.paid",
            Event::UserDeleted { .. } => "user.deleted",
            Event::NotificationCreated(_) => "notification.created",
        }
    }

    /// Who may receive it.
    pub fn audience(&self) -> Audience {
        match self {
            Event::CategoryCreated(_)
            | Event::ProductCreated(_)
            | Event::ProductUpdated(_)
            | Event::ProductSold(_)
            | Event::ProductUnsold(_)
            | Event::ProductDeleted(_)
            | Event::AdvertCreated(_)
            | Event::AdvertRemoved { .. }
            | Event::SellerVerified { .. } => Audience::Public,
            Event::ProductReported(_) | Event::UserDeleted { .. } => Audience::Admins,
            Event::OrderCreated(order) => Audience::Parties {
                buyer_id: order.buyer_id,
                seller_id: order.product.seller_id,
            },
            Event::OrderCancelled(booking) | Event::OrderPaid(booking) => Audience::Parties {
                buyer_id: booking.buyer_id,
                seller_id: booking.seller_id,
            },
            Event::NotificationCreated(notification) => Audience::Recipient {
                user_id: notification.user_id,
            },
        }
    }

    /// The event as the pages receive it, in `form`: signed-in readers get the contact
    /// details the cards show; the public form has nobody's e-mail address or phone.
    pub fn wire(&self, form: Form) -> WireEvent {
        match self {
            Event::CategoryCreated(category) => {
                WireEvent::CategoryCreated(CategoryView::from(category.clone()))
            }
            Event::ProductCreated(product) => {
                WireEvent::ProductCreated(ProductView::new(product.clone(), form))
            }
            Event::ProductUpdated(product) => {
                WireEvent::ProductUpdated(ProductView::new(product.clone(), form))
            }
            Event::ProductReported(product) => {
                WireEvent::ProductReported(ProductView::new(product.clone(), form))
            }
            Event::ProductSold(listing) => WireEvent::ProductSold((*listing).into()),
            Event::ProductUnsold(listing) => WireEvent::ProductUnsold((*listing).into()),
            Event::ProductDeleted(listing) => WireEvent::ProductDeleted((*listing).into()),
            Event::AdvertCreated(advert) => {
                WireEvent::AdvertCreated(AdvertView::new(advert.clone(), form))
            }
            Event::AdvertRemoved {
                advert_id,
                product_id,
            } => WireEvent::AdvertRemoved(AdvertIds {
                id: id(*advert_id),
                advertise_id: id(*product_id),
            }),
            Event::SellerVerified { seller_id, email } => WireEvent::SellerVerified(SellerIds {
                id: id(*seller_id),
                email: (form == Form::SignedIn).then(|| email.clone()),
            }),
            Event::OrderCreated(order) => WireEvent::OrderCreated(OrderView::from(order.clone())),
            Event::OrderCancelled(booking) => WireEvent::OrderCancelled((*booking).into()),
            Event::OrderPaid(booking) => WireEvent::OrderPaid((*booking).into()),
            Event::UserDeleted { user_id, role } => WireEvent::UserDeleted(UserIds {
                id: id(*user_id),
                role: role.as_str(),
            }),
            Event::NotificationCreated(notification) => {
                WireEvent::NotificationCreated(NotificationView::from(notification.clone()))
            }
        }
    }

    /// The event's `data` in `form`, as JSON.
    pub fn data(&self, form: Form) -> String {
        self.wire(form).split().1
    }

    /// The user whose access this event ends, if any: a deleted user's open sockets
    /// stop receiving private events at once.
    pub fn ends_access_of(&self) -> Option<i64> {
        match self {
            Event::UserDeleted { user_id, .. } => Some(*user_id),
            _ => None,
        }
    }

    /// The row the log keeps.
    pub fn to_record(&self) -> NewEvent {
        let audience = self.audience();
        NewEvent {
            name: self.name(),
            audience,
            data: self.data(Form::SignedIn),
            public_data: (audience == Audience::Public).then(|| self.data(Form::Public)),
            ends_access_of: self.ends_access_of(),
        }
    }
}

/// An event as the store writes it to the log.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub name: &'static str,
    pub audience: Audience,
    /// The signed-in form of the event's `data`, JSON.
    pub data: String,
    /// The public form, for visitors; only for events everyone sees.
    pub public_data: Option<String>,
    pub ends_access_of: Option<i64>,
}

/// An event as the log keeps it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct EventRecord {
    pub seq: i64,
    pub name: String,
    pub audience: String,
    pub buyer_id: Option<i64>,
    pub seller_id: Option<i64>,
    /// The one user a `recipient` event is for.
    pub recipient_id: Option<i64>,
    pub data: String,
    /// None for events only signed-in users see, and for events logged before the log
    /// kept public forms.
    pub public_data: Option<String>,
    pub ends_access_of: Option<i64>,
}

/// Who is watching: nobody in particular, or a signed-in user with a role, who has
/// proven their address or not (an unproven account gets everyone's events in their
/// public form: no contact details).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    Anonymous,
    User { id: i64, role: Role, proven: bool },
}

/// What one viewer gets of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Share<'a> {
    /// Nothing: not for this viewer.
    Nothing,
    /// This form of the event's data.
    Data(&'a str),
    /// A public event logged without a public form: a visitor cannot be sent it, and
    /// must refetch instead.
    Unknown,
}

/// What a logged event changed of the listings buyers search and see.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListingChange {
    /// This listing was posted, changed, sold, put back on sale, deleted, reported,
    /// advertised or no longer advertised.
    Listing(i64),
    /// Every listing of this seller (verified, or deleted with their listings).
    Seller(i64),
    /// Listings changed, but the event does not say which in a form this build reads.
    Unknown,
}

impl EventRecord {
    /// What this event changed of the listings searches find or pages show, if anything.
    pub fn listing_change(&self) -> Option<ListingChange> {
        #[derive(serde::Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Ids {
            #[serde(rename = "_id")]
            id: String,
            /// An advert's listing (its `_id` is the advert's own).
            advertise_id: Option<String>,
        }
        let (wrap, of_advert): (fn(i64) -> ListingChange, bool) = match self.name.as_str() {
            "product.created" | "product.updated" | "product.sold" | "product.unsold"
            | "product.deleted" | "product.reported" => (ListingChange::Listing, false),
            "advert.created" | "advert.removed" => (ListingChange::Listing, true),
            "seller.verified" | "user.deleted" => (ListingChange::Seller, false),
            _ => return None,
        };
        let id = serde_json::from_str::<Ids>(&self.data)
            .ok()
            .and_then(|ids| {
                if of_advert {
                    ids.advertise_id
                } else {
                    Some(ids.id)
                }
            })
            .and_then(|id| id.parse().ok());
        Some(id.map_or(ListingChange::Unknown, wrap))
    }

    /// Whether `viewer` may receive this event (in some form).
    pub fn visible_to(&self, viewer: Viewer) -> bool {
        match (self.audience.as_str(), viewer) {
            ("public", _) => true,
            ("admins", Viewer::User { role, .. }) => role == Role::Admin,
            ("parties", Viewer::User { id, .. }) => {
                self.buyer_id == Some(id) || self.seller_id == Some(id)
            }
            ("recipient", Viewer::User { id, .. }) => self.recipient_id == Some(id),
            _ => false,
        }
    }

    /// The form of the event's data `viewer` may have.
    pub fn share_for(&self, viewer: Viewer) -> Share<'_> {
        if !self.visible_to(viewer) {
            return Share::Nothing;
        }
        match viewer {
            Viewer::User { proven, .. } if proven || self.audience != "public" => {
                Share::Data(&self.data)
            }
            _ => match &self.public_data {
                Some(public) => Share::Data(public),
                None => Share::Unknown,
            },
        }
    }

    /// The message a socket receives for `data`, serialised once and shared by every
    /// socket of its audience.
    pub fn frame(&self, data: &str) -> String {
        // `name` is one of the catalogue's names and `data` is JSON we wrote.
        format!(
            r#"{{"type":"event","seq":{},"event":"{}","data":{}}}"#,
            self.seq, self.name, data
        )
    }
}

/// One event of every kind, about made-up people and bikes with every contact detail
/// filled in: the catalogue in `docs/events.md` is rendered from these, and the tests
/// walk them to prove what each audience receives.
pub mod examples {
    use super::*;
    use crate::records::OrderStatus;

    pub const SELLER_EMAIL: &str = "rahim.motors@example.com";
    pub const SELLER_PHONE: &str = "01711223344";
    pub const BUYER_EMAIL: &str = "karim@example.com";
    pub const BUYER_PHONE: &str = "01899887766";

    /// A fixed moment, so the rendered catalogue does not change from run to run.
    fn at() -> chrono::DateTime<chrono::Utc> {
        chrono::DateTime::from_timestamp(1_772_698_020, 0).unwrap_or_default()
    }

    fn product() -> Product {
        Product {
            id: 11,
            category_id: 2,
            seller_id: 3,
            name: "Yamaha FZ".into(),
            image: "/uploads/fz.webp".into(),
            condition: "good".into(),
            color: "Blue".into(),
            description: "Ridden gently".into(),
            location: "Dhaka".into(),
            original_price: 25_000_000,
            resale_price: 18_500_000,
            purchase_year: 2021,
            years_of_use: 3,
            seller_phone: SELLER_PHONE.into(),
            sold: false,
            posted_at: at(),
            seller_name: "Rahim Motors".into(),
            seller_email: SELLER_EMAIL.into(),
            seller_verified: true,
            seller_since: at() - chrono::Duration::days(400),
            reported: false,
            advertised: false,
            facts: crate::records::BikeFacts {
                brand: Some("Yamaha".into()),
                model: Some("FZ".into()),
                engine_cc: Some(149),
                km_driven: Some(18_000),
                registration_year: Some(2021),
                district: Some("Dhaka".into()),
                area: Some("Mirpur 10".into()),
                photos: Some(r#"["/uploads/fz.webp"]"#.into()),
            },
        }
    }

    /// One event of the kind `name` (one of [`NAMES`]), naming every contact detail it can.
    pub fn of(name: &str) -> Event {
        let listing = ListingRef {
            product_id: 11,
            category_id: 2,
            seller_id: 3,
        };
        let booking = BookingRef {
            order_id: 21,
            product_id: 11,
            buyer_id: 4,
            seller_id: 3,
        };
        match name {
            "category.created" => Event::CategoryCreated(Category {
                id: 2,
                name: "Sports".into(),
                image: "/uploads/sports.webp".into(),
            }),
            "product.created" => Event::ProductCreated(product()),
            "product.updated" => Event::ProductUpdated(product()),
            "product.sold" => Event::ProductSold(listing),
            "product.unsold" => Event::ProductUnsold(listing),
            "product.deleted" => Event::ProductDeleted(listing),
            "advert.created" => Event::AdvertCreated(Advert {
                advert_id: 31,
                product: product(),
            }),
            "advert.removed" => Event::AdvertRemoved {
                advert_id: 31,
                product_id: 11,
            },
            "product.reported" => Event::ProductReported(product()),
            "seller.verified" => Event::SellerVerified {
                seller_id: 3,
                email: SELLER_EMAIL.into(),
            },
            "order.created" => Event::OrderCreated(Order {
                order_id: 21,
                order_status: OrderStatus::Booked,
                buyer_id: 4,
                buyer_name: "Karim".into(),
                buyer_email: BUYER_EMAIL.into(),
                buyer_phone: BUYER_PHONE.into(),
                meeting_location: "Banani".into(),
                ordered_at: at(),
                price: product().resale_price,
                product: product(),
            }),
            "order.cancelled" => Event::OrderCancelled(booking),
            "order.paid" => Event::OrderPaid(booking),
            "user.deleted" => Event::UserDeleted {
                user_id: 4,
                role: Role::Buyer,
            },
            "notification.created" => Event::NotificationCreated(Notification {
                id: 41,
                user_id: 3,
                kind: "booking".into(),
                message: "Karim booked your Yamaha FZ. Call them to agree on the meeting.".into(),
                link: "/dashboard/my-buyers".into(),
                created_at: at(),
                read: false,
            }),
            other => panic!("no sample of {other}: add one"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::examples::*;
    use super::*;

    #[test]
    fn each_event_that_changes_what_searches_find_or_show_names_its_listing_or_seller() {
        let record = |event: Event| {
            let new = event.to_record();
            EventRecord {
                seq: 1,
                name: new.name.to_owned(),
                audience: new.audience.as_str().to_owned(),
                buyer_id: None,
                seller_id: None,
                recipient_id: None,
                data: new.data,
                public_data: new.public_data,
                ends_access_of: None,
            }
        };
        for name in NAMES {
            let event = of(name);
            let expected = match &event {
                Event::ProductCreated(p) | Event::ProductUpdated(p) | Event::ProductReported(p) => {
                    Some(ListingChange::Listing(p.id))
                }
                Event::AdvertCreated(a) => Some(ListingChange::Listing(a.product.id)),
                Event::AdvertRemoved { product_id, .. } => {
                    Some(ListingChange::Listing(*product_id))
                }
                Event::ProductSold(l) | Event::ProductUnsold(l) | Event::ProductDeleted(l) => {
                    Some(ListingChange::Listing(l.product_id))
                }
                Event::SellerVerified { seller_id, .. } => Some(ListingChange::Seller(*seller_id)),
                Event::UserDeleted { user_id, .. } => Some(ListingChange::Seller(*user_id)),
                _ => None,
            };
            assert_eq!(record(event).listing_change(), expected, "{name}");
        }
        let mut unreadable = record(of("product.sold"));
        unreadable.data = "{}".into();
        assert_eq!(unreadable.listing_change(), Some(ListingChange::Unknown));
    }

    #[test]
    fn every_kind_of_event_shows_visitors_nobodys_email_or_phone() {
        let mut seen = std::collections::BTreeSet::new();
        for name in NAMES {
            let event = of(name);
            assert_eq!(event.name(), name);
            assert_eq!(
                event.wire(Form::SignedIn).split().0,
                name,
                "the wire says the same name"
            );
            assert!(seen.insert(name), "{name} is listed twice");
            let record = event.to_record();
            let signed_in: serde_json::Value =
                serde_json::from_str(&record.data).expect("signed-in form is JSON");
            match record.audience {
                Audience::Public => {
                    let public = record
                        .public_data
                        .expect("a public event has a public form");
                    let parsed: serde_json::Value =
                        serde_json::from_str(&public).expect("public form is JSON");
                    assert!(parsed.is_object(), "{name}: {public}");
                    for secret in [SELLER_EMAIL, SELLER_PHONE, BUYER_EMAIL, BUYER_PHONE, "@"] {
                        assert!(!public.contains(secret), "{name} shows {secret}: {public}");
                    }
                    for key in [
                        "sellerEmail",
                        "sellerPhone",
                        "email",
                        "buyerEmail",
                        "buyerPhone",
                    ] {
                        assert!(parsed.get(key).is_none(), "{name} has {key}: {public}");
                    }
                }
                Audience::Admins | Audience::Parties { .. } | Audience::Recipient { .. } => {
                    assert_eq!(record.public_data, None, "{name} is not for visitors");
                }
            }
            assert!(signed_in.is_object(), "{name}: {}", record.data);
        }
        // Signed-in readers still get what the cards show.
        let created = of("product.created").to_record();
        assert!(created.data.contains(SELLER_EMAIL) && created.data.contains(SELLER_PHONE));
        let verified = of("seller.verified").to_record();
        assert!(verified.data.contains(SELLER_EMAIL));
        assert_eq!(
            of("user.deleted").to_record().ends_access_of,
            Some(4),
            "a deleted user's sockets lose their private events"
        );
        assert_eq!(
            of("order.created").audience(),
            Audience::Parties {
                buyer_id: 4,
                seller_id: 3
            }
        );
    }

    /// The walk above covers every kind only if [`NAMES`] does: every variant of
    /// [`Event`] becomes some [`WireEvent`] (`wire` matches them all), so the names the
    /// wire format's schema lists must be exactly those.
    #[test]
    fn the_catalogue_names_every_event_the_wire_format_has() {
        let schema = serde_json::to_value(<WireEvent as utoipa::PartialSchema>::schema())
            .expect("the schema is JSON");
        let mut on_the_wire: Vec<&str> = schema["oneOf"]
            .as_array()
            .expect("one schema per event")
            .iter()
            .map(|kind| {
                kind["properties"]["event"]["enum"][0]
                    .as_str()
                    .expect("each kind names its event")
            })
            .collect();
        on_the_wire.sort_unstable();
        let mut listed = NAMES.to_vec();
        listed.sort_unstable();
        assert_eq!(on_the_wire, listed);
    }

    fn record(audience: &str, buyer: Option<i64>, seller: Option<i64>) -> EventRecord {
        EventRecord {
            seq: 7,
            name: "x.y".into(),
            audience: audience.into(),
            buyer_id: buyer,
            seller_id: seller,
            recipient_id: None,
            data: r#"{"who":"signed-in"}"#.into(),
            public_data: (audience == "public").then(|| r#"{"who":"public"}"#.into()),
            ends_access_of: None,
        }
    }

    #[test]
    fn each_audience_reaches_exactly_its_viewers_in_their_form() {
        let buyer = Viewer::User {
            id: 1,
            role: Role::Buyer,
            proven: true,
        };
        let other_buyer = Viewer::User {
            id: 2,
            role: Role::Buyer,
            proven: true,
        };
        let seller = Viewer::User {
            id: 3,
            role: Role::Seller,
            proven: true,
        };
        let other_seller = Viewer::User {
            id: 4,
            role: Role::Seller,
            proven: true,
        };
        let admin = Viewer::User {
            id: 5,
            role: Role::Admin,
            proven: true,
        };
        let all = [
            Viewer::Anonymous,
            buyer,
            other_buyer,
            seller,
            other_seller,
            admin,
        ];
        let seen = |e: &EventRecord| all.iter().map(|v| e.visible_to(*v)).collect::<Vec<_>>();
        let public = record("public", None, None);
        assert_eq!(seen(&public), [true; 6]);
        assert_eq!(
            public.share_for(Viewer::Anonymous),
            Share::Data(r#"{"who":"public"}"#)
        );
        assert_eq!(
            public.share_for(buyer),
            Share::Data(r#"{"who":"signed-in"}"#)
        );
        // An account that never proved its address gets public events in public form,
        // and its own private ones whole.
        let unproven = Viewer::User {
            id: 1,
            role: Role::Buyer,
            proven: false,
        };
        assert_eq!(
            public.share_for(unproven),
            Share::Data(r#"{"who":"public"}"#)
        );
        assert_eq!(
            record("parties", Some(1), Some(3)).share_for(unproven),
            Share::Data(r#"{"who":"signed-in"}"#)
        );
        let admins = record("admins", None, None);
        assert_eq!(seen(&admins), [false, false, false, false, false, true]);
        assert_eq!(admins.share_for(Viewer::Anonymous), Share::Nothing);
        assert_eq!(
            seen(&record("parties", Some(1), Some(3))),
            [false, true, false, true, false, false]
        );
        let mine = EventRecord {
            recipient_id: Some(3),
            ..record("recipient", None, None)
        };
        assert_eq!(seen(&mine), [false, false, false, true, false, false]);
        assert_eq!(seen(&record("recipient", None, None)), [false; 6]);
        assert_eq!(seen(&record("nonsense", Some(1), Some(3))), [false; 6]);
        let old = EventRecord {
            public_data: None,
            ..record("public", None, None)
        };
        assert_eq!(old.share_for(Viewer::Anonymous), Share::Unknown);
    }

    #[test]
    fn a_frame_is_the_message_of_the_contract() {
        let event = record("public", None, None);
        let frame = event.frame(event.public_data.as_deref().unwrap_or_default());
        let value: serde_json::Value = serde_json::from_str(&frame).expect("valid JSON");
        assert_eq!(
            value,
            serde_json::json!({"type": "event", "seq": 7, "event": "x.y", "data": {"who": "public"}})
        );
    }
}
