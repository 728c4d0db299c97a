//! The live-event catalogue: every event is a value of [`Event`], whose variant says
//! what happened and carries the records it is about. Its name, who may see it, and
//! the JSON the pages receive — the signed-in form and, for events everyone sees, the
//! public form without anyone's e-mail address or phone number — all follow from the
//! variant; nothing is built by hand where an event is raised. The store records events
//! in the same transaction as the change they describe.

pub mod examples;
mod log;
#[cfg(test)]
mod tests;
mod wire;

pub use log::{EventRecord, ListingChange, NewEvent, Share, Viewer};
pub use wire::*;

use crate::records::{
    Advert, Booking, Category, ConversationReport, Listing, ListingReview, ListingState, Message,
    Notification, Offer, Role, User, VerificationRequest,
};
use crate::views::{
    AdvertView, BookingView, CategoryView, ConversationReportView, Form, ListingReviewView,
    ListingView, MessageView, NotificationView, OfferView, VerificationRequestView,
};

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
    ListingCreated(Listing),
    /// Its seller changed an unsold listing (price, photo, text).
    ListingUpdated(Listing),
    ListingSold(ListingRef),
    /// A sale was undone (the buyer's card could not be charged): for sale again.
    ListingUnsold(ListingRef),
    ListingDeleted(ListingRef),
    AdvertCreated(Advert),
    AdvertRemoved {
        advert_id: i64,
        product_id: i64,
    },
    ListingReported(Listing),
    SellerVerified {
        seller_id: i64,
        email: String,
    },
    BookingCreated(Booking),
    BookingCancelled(BookingRef),
    BookingPaid(BookingRef),
    /// A booking moved along the deal (reserved, declined, released, lapsed), or its
    /// place in line changed.
    DealUpdated(Booking),
    /// A booking now holds the bike: others may only join the line.
    ListingReserved(ListingRef),
    /// The bike's reservation ended and nobody waits: anyone may book it again.
    ListingAvailable(ListingRef),
    UserDeleted {
        user_id: i64,
        role: Role,
    },
    /// Something one person should know of, stored for them and pushed to them alone.
    NotificationCreated(Notification),
    /// A message in a conversation about a listing, to its buyer and the seller.
    MessageCreated {
        message: Message,
        buyer_id: i64,
        seller_id: i64,
    },
    /// One side of a conversation read it up to a message.
    MessagesRead {
        conversation_id: i64,
        reader_id: i64,
        up_to: i64,
        buyer_id: i64,
        seller_id: i64,
    },
    /// An offer in a conversation changed: answered, replaced, booked at or lapsed (a
    /// new one arrives as its message).
    OfferUpdated {
        offer: Offer,
        buyer_id: i64,
        seller_id: i64,
    },
    /// One side of a conversation blocked or unblocked the other.
    ConversationUpdated {
        conversation_id: i64,
        /// Who blocks now, if anyone.
        blocked_by: Option<i64>,
        buyer_id: i64,
        seller_id: i64,
    },
    /// Someone hid a message from their own view: their other pages drop it.
    MessageHidden {
        conversation_id: i64,
        message_id: i64,
        user_id: i64,
    },
    /// One side reported a conversation: it joins the admins' moderation queue.
    ConversationReported(ConversationReport),
    /// A seller asked to be verified: the request joins the admins' queue.
    VerificationRequested(VerificationRequest),
    /// An admin approved or rejected a request: it leaves the admins' queue.
    VerificationDecided(VerificationRequest),
    /// A listing waits for an admin before it is public (posted, or edited while it
    /// waits or after a rejection): it joins the admins' review queue, at the back.
    ListingReviewRequested(ListingReview),
    /// An admin approved or rejected a listing: it leaves every admin's queue, and its
    /// seller's pages show the outcome.
    ListingReviewed(Listing),
    /// An admin dismissed a listing's open reports: it leaves every admin's queue of
    /// reported listings and stays up.
    ReportsDismissed(ListingRef),
    /// An admin suspended a buyer or seller: their sockets lose their private events at
    /// once, and admins' lists show the status.
    UserSuspended {
        user_id: i64,
        role: Role,
    },
    /// A buyer reviewed a seller: every card of theirs shows the new rating.
    SellerRated {
        seller_id: i64,
        rating: crate::records::SellerRating,
    },
}

/// Every event name, as the pages receive them (each is some variant's [`Event::name`]).
pub const NAMES: [&str; 31] = [
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
    "deal.updated",
    "product.reserved",
    "product.available",
    "user.deleted",
    "notification.created",
    "message.created",
    "message.read",
    "offer.updated",
    "conversation.updated",
    "message.hidden",
    "conversation.reported",
    "verification.requested",
    "verification.decided",
    "listing.review_requested",
    "listing.reviewed",
    "report.dismissed",
    "user.suspended",
    "seller.rated",
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
    /// A deal's two sides, and the admins who look after deals.
    Deal { buyer_id: i64, seller_id: i64 },
    /// One user.
    Recipient { user_id: i64 },
    /// A listing's seller, and admins' pages: what only they see of a listing that is
    /// not public.
    Seller { seller_id: i64 },
}

impl Audience {
    /// Who receives it, in words (the catalogue in `docs/events.md`).
    pub fn describe(self) -> &'static str {
        match self {
            Audience::Public => "every page, signed in or not (visitors get the public form)",
            Audience::Admins => "admins' pages",
            Audience::Parties { .. } => {
                "the buyer and the bike's seller (of the booking, or of the conversation)"
            }
            Audience::Deal { .. } => "the deal's buyer and seller, and admins' pages",
            Audience::Recipient { .. } => "its one recipient",
            Audience::Seller { .. } => "the listing's seller, and admins' pages",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Audience::Public => "public",
            Audience::Admins => "admins",
            Audience::Parties { .. } => "parties",
            Audience::Deal { .. } => "deal",
            Audience::Recipient { .. } => "recipient",
            Audience::Seller { .. } => "seller",
        }
    }
}

impl Event {
    /// The name the pages receive.
    pub fn name(&self) -> &'static str {
        match self {
            Event::CategoryCreated(_) => "category.created",
            Event::ListingCreated(_) => "product.created",
            Event::ListingUpdated(_) => "product.updated",
            Event::ListingSold(_) => "product.sold",
            Event::ListingUnsold(_) => "product.unsold",
            Event::ListingDeleted(_) => "product.deleted",
            Event::AdvertCreated(_) => "advert.created",
            Event::AdvertRemoved { .. } => "advert.removed",
            Event::ListingReported(_) => "product.reported",
            Event::SellerVerified { .. } => "seller.verified",
            Event::BookingCreated(_) => "order.created",
            Event::BookingCancelled(_) => "order.cancelled",
            Event::BookingPaid(_) => "order.paid",
            Event::DealUpdated(_) => "deal.updated",
            Event::ListingReserved(_) => "product.reserved",
            Event::ListingAvailable(_) => "product.available",
            Event::UserDeleted { .. } => "user.deleted",
            Event::NotificationCreated(_) => "notification.created",
            Event::MessageCreated { .. } => "message.created",
            Event::MessagesRead { .. } => "message.read",
            Event::OfferUpdated { .. } => "offer.updated",
            Event::ConversationUpdated { .. } => "conversation.updated",
            Event::MessageHidden { .. } => "message.hidden",
            Event::ConversationReported(_) => "conversation.reported",
            Event::VerificationRequested(_) => "verification.requested",
            Event::VerificationDecided(_) => "verification.decided",
            Event::ListingReviewRequested(_) => "listing.review_requested",
            Event::ListingReviewed(_) => "listing.reviewed",
            Event::ReportsDismissed(_) => "report.dismissed",
            Event::UserSuspended { .. } => "user.suspended",
            Event::SellerRated { .. } => "seller.rated",
        }
    }

    /// Who may receive it.
    pub fn audience(&self) -> Audience {
        match self {
            // A listing that is not public changes for its seller and admins alone.
            Event::ListingUpdated(listing) if listing.state != ListingState::Live => {
                Audience::Seller {
                    seller_id: listing.seller_id,
                }
            }
            Event::ListingReviewed(listing) => Audience::Seller {
                seller_id: listing.seller_id,
            },
            Event::CategoryCreated(_)
            | Event::ListingCreated(_)
            | Event::ListingUpdated(_)
            | Event::ListingSold(_)
            | Event::ListingUnsold(_)
            | Event::ListingDeleted(_)
            | Event::ListingReserved(_)
            | Event::ListingAvailable(_)
            | Event::AdvertCreated(_)
            | Event::AdvertRemoved { .. }
            | Event::SellerVerified { .. }
            | Event::SellerRated { .. } => Audience::Public,
            Event::ListingReported(_)
            | Event::UserDeleted { .. }
            | Event::ConversationReported(_)
            | Event::VerificationRequested(_)
            | Event::VerificationDecided(_)
            | Event::ListingReviewRequested(_)
            | Event::ReportsDismissed(_)
            | Event::UserSuspended { .. } => Audience::Admins,
            Event::MessageHidden { user_id, .. } => Audience::Recipient { user_id: *user_id },
            Event::BookingCreated(order) => Audience::Parties {
                buyer_id: order.buyer_id,
                seller_id: order.listing.seller_id,
            },
            Event::DealUpdated(order) => Audience::Deal {
                buyer_id: order.buyer_id,
                seller_id: order.listing.seller_id,
            },
            Event::BookingCancelled(booking) | Event::BookingPaid(booking) => Audience::Parties {
                buyer_id: booking.buyer_id,
                seller_id: booking.seller_id,
            },
            Event::NotificationCreated(notification) => Audience::Recipient {
                user_id: notification.user_id,
            },
            Event::MessageCreated {
                buyer_id,
                seller_id,
                ..
            }
            | Event::MessagesRead {
                buyer_id,
                seller_id,
                ..
            }
            | Event::OfferUpdated {
                buyer_id,
                seller_id,
                ..
            }
            | Event::ConversationUpdated {
                buyer_id,
                seller_id,
                ..
            } => Audience::Parties {
                buyer_id: *buyer_id,
                seller_id: *seller_id,
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
            Event::ListingCreated(product) => {
                WireEvent::ListingCreated(ListingView::new(product.clone(), form))
            }
            Event::ListingUpdated(product) => {
                WireEvent::ListingUpdated(ListingView::new(product.clone(), form))
            }
            Event::ListingReported(product) => {
                WireEvent::ListingReported(ListingView::new(product.clone(), form))
            }
            Event::ListingSold(listing) => WireEvent::ListingSold((*listing).into()),
            Event::ListingUnsold(listing) => WireEvent::ListingUnsold((*listing).into()),
            Event::ListingDeleted(listing) => WireEvent::ListingDeleted((*listing).into()),
            Event::ReportsDismissed(listing) => WireEvent::ReportsDismissed((*listing).into()),
            Event::ListingReserved(listing) => WireEvent::ListingReserved((*listing).into()),
            Event::ListingAvailable(listing) => WireEvent::ListingAvailable((*listing).into()),
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
            Event::BookingCreated(order) => {
                WireEvent::BookingCreated(BookingView::from(order.clone()))
            }
            Event::BookingCancelled(booking) => WireEvent::BookingCancelled((*booking).into()),
            Event::BookingPaid(booking) => WireEvent::BookingPaid((*booking).into()),
            Event::DealUpdated(order) => WireEvent::DealUpdated(BookingView::from(order.clone())),
            Event::UserDeleted { user_id, role } => WireEvent::UserDeleted(UserIds {
                id: id(*user_id),
                role: role.as_str(),
            }),
            Event::SellerRated { seller_id, rating } => {
                WireEvent::SellerRated(SellerRatingChange {
                    id: id(*seller_id),
                    seller_rating: (*rating).into(),
                })
            }
            Event::UserSuspended { user_id, role } => WireEvent::UserSuspended(UserIds {
                id: id(*user_id),
                role: role.as_str(),
            }),
            Event::NotificationCreated(notification) => {
                WireEvent::NotificationCreated(NotificationView::from(notification.clone()))
            }
            Event::MessageCreated { message, .. } => {
                WireEvent::MessageCreated(MessageView::from(message.clone()))
            }
            Event::OfferUpdated { offer, .. } => WireEvent::OfferUpdated(OfferChange {
                offer: OfferView::from(offer.clone()),
            }),
            Event::ConversationUpdated {
                conversation_id,
                blocked_by,
                ..
            } => WireEvent::ConversationUpdated(ConversationChange {
                conversation_id: id(*conversation_id),
                blocked_by: blocked_by.map(id),
            }),
            Event::MessageHidden {
                conversation_id,
                message_id,
                ..
            } => WireEvent::MessageHidden(MessageIds {
                conversation_id: id(*conversation_id),
                message_id: id(*message_id),
            }),
            Event::ConversationReported(report) => {
                WireEvent::ConversationReported(ConversationReportView::from(report.clone()))
            }
            Event::VerificationRequested(request) => {
                WireEvent::VerificationRequested(VerificationRequestView::for_admins(request))
            }
            Event::VerificationDecided(request) => {
                WireEvent::VerificationDecided(VerificationRequestView::for_admins(request))
            }
            Event::ListingReviewRequested(review) => {
                WireEvent::ListingReviewRequested(ListingReviewView::from(review.clone()))
            }
            Event::ListingReviewed(listing) => {
                WireEvent::ListingReviewed(ListingView::new(listing.clone(), Form::Owner))
            }
            Event::MessagesRead {
                conversation_id,
                reader_id,
                up_to,
                ..
            } => WireEvent::MessagesRead(MessagesReadIds {
                conversation_id: id(*conversation_id),
                by: id(*reader_id),
                up_to: id(*up_to),
            }),
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
            Event::UserDeleted { user_id, .. } | Event::UserSuspended { user_id, .. } => {
                Some(*user_id)
            }
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
