//! One event of every kind, about made-up people and bikes with every contact detail
//! filled in: the catalogue in `docs/events.md` is rendered from these, and the tests
//! walk them to prove what each audience receives.

use super::*;
use crate::records::BookingStatus;

pub const SELLER_EMAIL: &str = "rahim.motors@example.com";
pub const SELLER_PHONE: &str = "01711223344";
pub const BUYER_EMAIL: &str = "karim@example.com";
pub const BUYER_PHONE: &str = "01899887766";

/// A fixed moment, so the rendered catalogue does not change from run to run.
fn at() -> chrono::DateTime<chrono::Utc> {
    chrono::DateTime::from_timestamp(1_772_698_020, 0).unwrap_or_default()
}

fn a_listing() -> Listing {
    Listing {
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
        reserved: true,
        seller_confirmed_phone: Some("+8801711223344".into()),
        state: ListingState::Live,
        state_reason: None,
        seller_rating: crate::records::SellerRating { stars: 9, count: 2 },
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
        terms: crate::records::PayTerms::default(),
    }
}

/// A reservation, held until two days after [`at`].
fn a_booking() -> Booking {
    Booking {
        order_id: 21,
        order_status: BookingStatus::Reserved,
        buyer_id: 4,
        buyer_name: "Karim".into(),
        buyer_email: BUYER_EMAIL.into(),
        buyer_phone: BUYER_PHONE.into(),
        meeting_location: "Banani".into(),
        ordered_at: at(),
        price: a_listing().resale_price,
        deposit: None,
        queue_position: None,
        reserved_until: Some(at() + chrono::Duration::hours(crate::records::RESERVED_HOURS)),
        reason: None,
        method: None,
        completed_at: None,
        ended_by: None,
        meeting: crate::records::MeetingRow {
            meeting_place: Some("Mirpur 10 roundabout, by the petrol pump".into()),
            meeting_at: Some(at() + chrono::Duration::hours(20)),
            meeting_by: Some("seller".into()),
            meeting_round: 1,
            meeting_agreed: false,
        },
        listing: a_listing(),
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
        "product.created" => Event::ListingCreated(a_listing()),
        "product.updated" => Event::ListingUpdated(a_listing()),
        "product.sold" => Event::ListingSold(listing),
        "product.unsold" => Event::ListingUnsold(listing),
        "product.deleted" => Event::ListingDeleted(listing),
        "report.dismissed" => Event::ReportsDismissed(listing),
        "seller.rated" => Event::SellerRated {
            seller_id: 3,
            rating: crate::records::SellerRating {
                stars: 14,
                count: 3,
            },
        },
        "user.suspended" => Event::UserSuspended {
            user_id: 3,
            role: Role::Seller,
        },
        "advert.created" => Event::AdvertCreated(Advert {
            advert_id: 31,
            listing: a_listing(),
        }),
        "advert.removed" => Event::AdvertRemoved {
            advert_id: 31,
            product_id: 11,
        },
        "product.reported" => Event::ListingReported(a_listing()),
        "seller.verified" => Event::SellerVerified {
            seller_id: 3,
            email: SELLER_EMAIL.into(),
        },
        "order.created" => Event::BookingCreated(Booking {
            order_status: BookingStatus::Waiting,
            queue_position: Some(1),
            ..a_booking()
        }),
        "deal.updated" => Event::DealUpdated(a_booking()),
        "product.reserved" => Event::ListingReserved(listing),
        "product.available" => Event::ListingAvailable(listing),
        "order.cancelled" => Event::BookingCancelled(booking),
        "order.paid" => Event::BookingPaid(booking),
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
        "message.created" => Event::MessageCreated {
            message: crate::records::Message {
                id: 51,
                conversation_id: 61,
                sender_id: Some(4),
                client_id: "c0ffee-1".into(),
                text: Some("Is it still available?".into()),
                image: None,
                sent_at: at(),
                product_id: 11,
                warning: crate::records::Warning::Clear,
                offer_id: None,
                offer: None,
            },
            buyer_id: 4,
            seller_id: 3,
        },
        "offer.updated" => Event::OfferUpdated {
            offer: crate::records::Offer {
                id: 71,
                conversation_id: 61,
                product_id: 11,
                buyer_id: Some(4),
                by_seller: false,
                amount: 17_500_000,
                status: crate::records::OfferStatus::Accepted,
                made_at: at(),
                expires_at: at() + crate::records::OFFER_LASTS,
                answered_at: Some(at()),
            },
            buyer_id: 4,
            seller_id: 3,
        },
        "message.read" => Event::MessagesRead {
            conversation_id: 61,
            reader_id: 3,
            up_to: 51,
            buyer_id: 4,
            seller_id: 3,
        },
        "conversation.updated" => Event::ConversationUpdated {
            conversation_id: 61,
            blocked_by: Some(3),
            buyer_id: 4,
            seller_id: 3,
        },
        "message.hidden" => Event::MessageHidden {
            conversation_id: 61,
            message_id: 51,
            user_id: 4,
        },
        "conversation.reported" => {
            Event::ConversationReported(crate::records::ConversationReport {
                id: 81,
                conversation_id: 61,
                product_id: 11,
                product_name: "Yamaha FZ".into(),
                buyer_name: Some("Karim".into()),
                seller_name: Some("Rahim Motors".into()),
                reporter_id: Some(3),
                reporter_name: Some("Rahim Motors".into()),
                reason: "money_first".into(),
                note: "Asked for a bKash advance before meeting".into(),
                created_at: at(),
            })
        }
        "verification.requested" => Event::VerificationRequested(a_verification_request()),
        "verification.decided" => Event::VerificationDecided(crate::records::VerificationRequest {
            state: crate::records::VerificationState::Rejected,
            reason: Some("The photo of the ID's back is blurred".into()),
            decided_at: Some(at()),
            front: None,
            back: None,
            selfie: None,
            ..a_verification_request()
        }),
        "listing.review_requested" => Event::ListingReviewRequested(ListingReview {
            listing: Listing {
                state: ListingState::Pending,
                reserved: false,
                seller_verified: false,
                ..a_listing()
            },
            flags: crate::records::ReviewFlags(vec![
                crate::records::ReviewFlag::FirstListing,
                crate::records::ReviewFlag::Contact,
            ]),
            asked_at: at(),
        }),
        "listing.reviewed" => Event::ListingReviewed(Listing {
            state: ListingState::Rejected,
            state_reason: Some("The photos are of another bike".into()),
            reserved: false,
            seller_verified: false,
            ..a_listing()
        }),
        other => panic!("no sample of {other}: add one"),
    }
}

fn a_verification_request() -> crate::records::VerificationRequest {
    crate::records::VerificationRequest {
        id: 91,
        seller_id: 3,
        seller_name: "Rahim Motors".into(),
        seller_email: SELLER_EMAIL.into(),
        state: crate::records::VerificationState::Pending,
        reason: None,
        created_at: at(),
        decided_at: None,
        front: Some("5f2c9a0e4b7d41c3a8e6f1d2b3c4a5e6.jpg".into()),
        back: Some("0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpg".into()),
        selfie: Some("9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b.jpg".into()),
    }
}
