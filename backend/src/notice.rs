//! What each notification says and where it sends its reader: the one place their words
//! and links live. The store stores a [`Notice`] for its recipient and sends it live; it
//! writes no sentence of its own.

use chrono::{DateTime, Utc};

use crate::records::{HoldMethod, Language, Message, RESERVED_HOURS};
use crate::views::taka;

pub mod bangla;

/// Something one person should know of, with the facts its words need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice<'a> {
    /// To a seller: a buyer booked their bike.
    Booked {
        buyer: &'a str,
        listing: &'a str,
        phone: &'a str,
        meeting: &'a str,
    },
    /// To a seller: a buyer booked their bike while another booking holds it.
    JoinedLine {
        buyer: &'a str,
        listing: &'a str,
        place: i64,
    },
    /// To a buyer: the bike they booked is now held for them (the booking ahead ended).
    ReservedForYou { listing: &'a str },
    /// To a buyer: the seller turned down their booking, saying why.
    Declined { listing: &'a str, reason: &'a str },
    /// To a buyer: the seller let their reservation go, saying why.
    Released { listing: &'a str, reason: &'a str },
    /// To a buyer: their reservation ran out (`hold`: their card hold ended without a
    /// handover, and nothing was charged).
    Lapsed { listing: &'a str, hold: bool },
    /// To a seller: a buyer's reservation of their bike ran out (`hold`: their card
    /// hold).
    LapsedToSeller {
        buyer: &'a str,
        listing: &'a str,
        hold: bool,
    },
    /// To one side of a deal: the other (`by`) proposes where and when to meet, or
    /// agreed to their proposal (`agreed`); `when` is said in Dhaka's time
    /// ([`dhaka_time`]), `to_seller` says which side reads it.
    Meeting {
        by: &'a str,
        listing: &'a str,
        place: &'a str,
        when: DateTime<Utc>,
        to_seller: bool,
        agreed: bool,
    },
    /// To a seller: the buyer holding their bike will pay in cash at the meet-up.
    CashChosen { buyer: &'a str, listing: &'a str },
    /// To each side of a deal the handover completed: their receipt's gist. `other` is
    /// the other side's name, `method` how it was paid (`cash`, `card`, `bkash`), `price`
    /// in paisa.
    Completed {
        listing: &'a str,
        other: &'a str,
        price: i64,
        method: &'a str,
        /// The deposit a card or bKash held, the rest paid in cash.
        deposit: Option<i64>,
        to_seller: bool,
    },
    /// To one side of a deal: the other (`by`) called it off before the handover.
    CalledOff {
        by: &'a str,
        listing: &'a str,
        reason: &'a str,
        to_seller: bool,
    },
    /// To each side of a deal an admin ended, saying why.
    ReleasedByAdmin {
        listing: &'a str,
        reason: &'a str,
        to_seller: bool,
    },
    /// To a seller: a buyer cancelled their booking.
    Cancelled { buyer: &'a str, listing: &'a str },
    /// To a seller: the buyer's card holds the price; the money is taken when they hand
    /// the bike over.
    PaidToSeller {
        buyer: &'a str,
        listing: &'a str,
        meeting: &'a str,
        hold: Hold,
    },
    /// To a buyer: their card holds the price until the handover; whom to meet.
    PaidByBuyer {
        listing: &'a str,
        seller: &'a str,
        meeting: &'a str,
        phone: &'a str,
        hold: Hold,
    },
    /// To someone who booked (`booked`) or saved a bike that sold to another buyer.
    SoldToAnother { listing: &'a str, booked: bool },
    /// To someone who booked (`booked`) or saved a bike that is no longer listed.
    NoLongerListed { listing: &'a str, booked: bool },
    /// To a seller whose listing an admin removed, with why when the admin said.
    RemovedByAdmin {
        listing: &'a str,
        reason: Option<&'a str>,
    },
    /// To each admin: a buyer reported a listing.
    Reported { listing: &'a str },
    /// To a buyer whose report an admin looked at and dismissed: the listing stays.
    ReportDismissed { listing: &'a str, product: i64 },
    /// To a buyer who reported a listing an admin has removed.
    ReportActioned { listing: &'a str },
    /// To a buyer or seller an admin warned, saying why.
    Warned { reason: &'a str },
    /// To a seller whose buyer reviewed their deal.
    Reviewed {
        buyer: &'a str,
        listing: &'a str,
        stars: i32,
        seller: i64,
    },
    /// To a seller an admin verified.
    SellerVerified,
    /// To a seller whose request to be verified an admin rejected, saying why.
    VerificationRejected { reason: &'a str },
    /// To a seller whose listing an admin approved: it is live.
    ListingApproved { listing: &'a str },
    /// To a seller whose listing an admin rejected, saying why.
    ListingRejected { listing: &'a str, reason: &'a str },
    /// To someone who saved a bike whose price went down (paisa).
    PriceDropped {
        listing: &'a str,
        now: i64,
        before: i64,
    },
    /// To a buyer with an open booking of a bike whose price changed: the booking keeps
    /// its price (paisa).
    PriceChangedForBooking {
        listing: &'a str,
        now: i64,
        kept: i64,
    },
    /// To one side of a conversation: `count` messages from `from` have waited unread
    /// (the same ones the away mail gathers).
    UnreadMessages {
        from: &'a str,
        listing: &'a str,
        count: i64,
        conversation: i64,
    },
}

/// Who wrote, once their account is gone.
pub const SOMEONE: &str = "Someone";

/// Where a notification sends its reader to act.
mod link {
    pub const MESSAGES: &str = "/dashboard/messages";
    pub const MY_BUYERS: &str = "/dashboard/my-buyers";
    pub const MY_ORDERS: &str = "/dashboard/my-orders";
    pub const MY_PRODUCTS: &str = "/dashboard/seller-products";
    pub const WISHLIST: &str = "/dashboard/wishlist";
    pub const REPORTED: &str = "/dashboard/reported-products";
    pub const VERIFICATION: &str = "/dashboard/verification";
    pub const LISTINGS: &str = "/products";
    pub const SELLERS: &str = "/sellers";
    pub const NOTIFICATIONS: &str = "/dashboard/notifications";
}

impl Notice<'_> {
    /// The kind the pages sort notifications by (docs/api.md).
    pub fn kind(&self) -> &'static str {
        match self {
            Notice::Booked { .. } | Notice::JoinedLine { .. } => "booking",
            Notice::ReservedForYou { .. } => "reserved",
            Notice::Declined { .. } | Notice::Released { .. } => "declined",
            Notice::Lapsed { .. } | Notice::LapsedToSeller { .. } => "lapsed",
            Notice::Meeting { .. } => "meeting",
            Notice::CashChosen { .. } => "payment",
            Notice::Completed { .. } => "completed",
            Notice::CalledOff { .. } => "called_off",
            Notice::ReleasedByAdmin { .. } => "declined",
            Notice::Cancelled { .. } => "cancellation",
            Notice::PaidToSeller { .. } | Notice::PaidByBuyer { .. } => "payment",
            Notice::SoldToAnother { .. } => "sold",
            Notice::NoLongerListed { .. } | Notice::RemovedByAdmin { .. } => "removed",
            Notice::Reported { .. }
            | Notice::ReportDismissed { .. }
            | Notice::ReportActioned { .. } => "report",
            Notice::Warned { .. } => "warning",
            Notice::Reviewed { .. } => "review",
            Notice::SellerVerified => "verified",
            Notice::VerificationRejected { .. } => "verification",
            Notice::ListingApproved { .. } | Notice::ListingRejected { .. } => "listing",
            Notice::PriceDropped { .. } | Notice::PriceChangedForBooking { .. } => "price",
            Notice::UnreadMessages { .. } => "message",
        }
    }

    /// The page where the reader acts on it.
    pub fn link(&self) -> String {
        if let Notice::UnreadMessages { conversation, .. } = *self {
            return format!("{}/{conversation}", link::MESSAGES);
        }
        if let Notice::ReportDismissed { product, .. } = *self {
            return format!("{}/{product}", link::LISTINGS);
        }
        if let Notice::Reviewed { seller, .. } = *self {
            return format!("{}/{seller}", link::SELLERS);
        }
        self.page().to_owned()
    }

    /// The page of a notice that points at a page, not at one record of it.
    fn page(&self) -> &'static str {
        let booked_or_saved = |booked: bool| {
            if booked {
                link::MY_ORDERS
            } else {
                link::WISHLIST
            }
        };
        match *self {
            Notice::Meeting { to_seller, .. }
            | Notice::Completed { to_seller, .. }
            | Notice::CalledOff { to_seller, .. }
            | Notice::ReleasedByAdmin { to_seller, .. } => {
                if to_seller {
                    link::MY_BUYERS
                } else {
                    link::MY_ORDERS
                }
            }
            Notice::Booked { .. }
            | Notice::JoinedLine { .. }
            | Notice::LapsedToSeller { .. }
            | Notice::Cancelled { .. }
            | Notice::CashChosen { .. }
            | Notice::PaidToSeller { .. } => link::MY_BUYERS,
            Notice::PaidByBuyer { .. }
            | Notice::PriceChangedForBooking { .. }
            | Notice::ReservedForYou { .. }
            | Notice::Declined { .. }
            | Notice::Released { .. }
            | Notice::Lapsed { .. } => link::MY_ORDERS,
            Notice::SoldToAnother { booked, .. } | Notice::NoLongerListed { booked, .. } => {
                booked_or_saved(booked)
            }
            Notice::RemovedByAdmin { .. }
            | Notice::SellerVerified
            | Notice::ListingApproved { .. }
            | Notice::ListingRejected { .. } => link::MY_PRODUCTS,
            Notice::VerificationRejected { .. } => link::VERIFICATION,
            Notice::Reported { .. } => link::REPORTED,
            Notice::ReportDismissed { .. } | Notice::ReportActioned { .. } => link::LISTINGS,
            Notice::Warned { .. } => link::NOTIFICATIONS,
            Notice::Reviewed { .. } => link::SELLERS,
            Notice::PriceDropped { .. } => link::WISHLIST,
            Notice::UnreadMessages { .. } => link::MESSAGES,
        }
    }

    /// What it says, in `language`.
    pub fn message_in(&self, language: Language) -> String {
        match language {
            Language::En => self.message(),
            Language::Bn => bangla::message(self),
        }
    }

    /// What it says, in English.
    pub fn message(&self) -> String {
        match *self {
            Notice::Booked {
                buyer,
                listing,
                phone,
                meeting,
            } => format!(
                "{buyer} booked your {listing}. Call them on {phone} to agree on meeting at \
                 {meeting}."
            ),
            Notice::JoinedLine {
                buyer,
                listing,
                place,
            } => format!(
                "{buyer} joined the line for your {listing} ({} in line). They are next if the \
                 reservation ahead ends.",
                ordinal(place)
            ),
            Notice::ReservedForYou { listing } => format!(
                "{listing} is now reserved for you for {RESERVED_HOURS} hours. Agree on a meeting \
                 with the seller and pay before then."
            ),
            Notice::Declined { listing, reason } => {
                format!("The seller declined your booking of {listing}: {reason}")
            }
            Notice::Released { listing, reason } => {
                format!("The seller released your reservation of {listing}: {reason}")
            }
            Notice::Lapsed {
                listing,
                hold: false,
            } => {
                format!("Your reservation of {listing} ran out; the next buyer in line has it now.")
            }
            Notice::Lapsed {
                listing,
                hold: true,
            } => format!(
                "The card hold for {listing} ended without a handover: nothing was charged, \
                 and the bike is no longer reserved for you."
            ),
            Notice::LapsedToSeller {
                buyer,
                listing,
                hold: false,
            } => {
                format!("{buyer}'s reservation of your {listing} ran out.")
            }
            Notice::LapsedToSeller {
                buyer,
                listing,
                hold: true,
            } => format!(
                "{buyer}'s card hold for your {listing} ended without a handover: nothing was \
                 charged."
            ),
            Notice::Meeting {
                by,
                listing,
                place,
                when,
                agreed: false,
                ..
            } => format!(
                "{by} proposes to meet at {place} on {} for {listing}. Confirm it, or \
                 propose another place or time.",
                dhaka_time(when)
            ),
            Notice::Meeting {
                by,
                listing,
                place,
                when,
                agreed: true,
                ..
            } => format!(
                "{by} agreed to meet at {place} on {} for {listing}.",
                dhaka_time(when)
            ),
            Notice::CashChosen { buyer, listing } => format!(
                "{buyer} will pay for your {listing} in cash at the meet-up. Hand the bike over \
                 once you have the money and their handover code."
            ),
            Notice::Completed {
                listing,
                other,
                price,
                method,
                deposit,
                to_seller: false,
            } => format!(
                "You bought {listing} from {other} for {}, paid {}. Your receipt is in My \
                 Orders.",
                taka(price),
                paid_how(method, deposit, price)
            ),
            Notice::Completed {
                listing,
                other,
                price,
                method,
                deposit,
                to_seller: true,
            } => format!(
                "You sold your {listing} to {other} for {}, paid {}. Your receipt is in My \
                 Buyers.",
                taka(price),
                paid_how(method, deposit, price)
            ),
            Notice::CalledOff {
                by,
                listing,
                reason,
                ..
            } => format!("{by} called off the deal for {listing}: {reason}"),
            Notice::ReleasedByAdmin {
                listing, reason, ..
            } => format!("An admin ended the deal for {listing}: {reason}"),
            Notice::Cancelled { buyer, listing } => {
                format!("{buyer} cancelled their booking of your {listing}.")
            }
            Notice::PaidToSeller {
                buyer,
                listing,
                meeting,
                hold,
            } => {
                let rest = hold
                    .rest()
                    .map(|rest| format!(" They pay the rest, {}, in cash then.", taka(rest)))
                    .unwrap_or_default();
                format!(
                    "{buyer}'s {} your {listing}. Meet them at {meeting}: the money is taken \
                     when you enter their handover code.{rest}",
                    hold.holds()
                )
            }
            Notice::PaidByBuyer {
                listing,
                seller,
                meeting,
                phone,
                hold,
            } => {
                let rest = hold
                    .rest()
                    .map(|rest| format!(" Bring the rest, {}, in cash.", taka(rest)))
                    .unwrap_or_default();
                format!(
                    "Your {} {listing}: nothing is taken until you meet {seller} at {meeting} \
                     and show your handover code. Call them on {phone}.{rest}",
                    hold.holds()
                )
            }
            Notice::SoldToAnother {
                listing,
                booked: true,
            } => format!("{listing}, which you booked, was sold to another buyer."),
            Notice::SoldToAnother {
                listing,
                booked: false,
            } => format!("{listing} on your wishlist was sold."),
            Notice::NoLongerListed {
                listing,
                booked: true,
            } => format!("{listing}, which you booked, is no longer listed."),
            Notice::NoLongerListed {
                listing,
                booked: false,
            } => format!("{listing} on your wishlist is no longer listed."),
            Notice::RemovedByAdmin {
                listing,
                reason: None,
            } => format!("An admin removed your listing {listing}."),
            Notice::RemovedByAdmin {
                listing,
                reason: Some(reason),
            } => format!("An admin removed your listing {listing}: {reason}."),
            Notice::Reported { listing } => format!("A buyer reported {listing}."),
            Notice::ReportDismissed { listing, .. } => format!(
                "An admin looked at your report of {listing} and kept the listing up. Thank \
                 you for telling us."
            ),
            Notice::ReportActioned { listing } => {
                format!("An admin removed {listing} after your report. Thank you for telling us.")
            }
            Notice::Reviewed {
                buyer,
                listing,
                stars,
                ..
            } => format!("{buyer} rated your deal for {listing} {stars} of 5."),
            Notice::Warned { reason } => format!(
                "An admin warned you: {reason}. Breaking the marketplace's rules again may \
                 suspend your account."
            ),
            Notice::SellerVerified => {
                "An admin verified you: your bikes now show the Verified badge.".into()
            }
            Notice::VerificationRejected { reason } => format!(
                "An admin could not verify you from the photos you sent: {reason}. Please send \
                 new ones."
            ),
            Notice::ListingApproved { listing } => {
                format!("An admin approved {listing}: it is live for buyers now.")
            }
            Notice::ListingRejected { listing, reason } => format!(
                "An admin did not approve {listing}: {reason}. Change the listing and it will \
                 be looked at again."
            ),
            Notice::PriceDropped {
                listing,
                now,
                before,
            } => format!(
                "{listing} on your wishlist is now {}, down from {}.",
                taka(now),
                taka(before)
            ),
            Notice::PriceChangedForBooking { listing, now, kept } => format!(
                "The seller changed the price of {listing} to {} for new bookings. Your booking \
                 keeps its price, {}.",
                taka(now),
                taka(kept)
            ),
            Notice::UnreadMessages {
                from,
                listing,
                count: 1,
                ..
            } => format!("{from} wrote to you about {listing}: 1 new message."),
            Notice::UnreadMessages {
                from,
                listing,
                count,
                ..
            } => format!("{from} wrote to you about {listing}: {count} new messages."),
        }
    }
}

/// Why the bookings still waiting for a bike end when its deal completes.
pub const SOLD_TO_ANOTHER_BUYER: &str = "The bike was sold to another buyer.";

/// What a deal's hold holds: by card or bKash, the price or a deposit of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hold {
    pub method: HoldMethod,
    /// Paisa.
    pub price: i64,
    /// Paisa; None: the hold covers the price.
    pub deposit: Option<i64>,
}

impl Hold {
    /// "card holds the price of", "bKash wallet holds a ৳20,000 deposit for".
    fn holds(self) -> String {
        let holder = match self.method {
            HoldMethod::Card => "card",
            HoldMethod::Bkash => "bKash wallet",
        };
        match self.deposit {
            Some(deposit) => format!("{holder} holds a {} deposit for", taka(deposit)),
            None => format!("{holder} holds the price of"),
        }
    }

    /// What is paid in cash at the handover after a deposit.
    fn rest(self) -> Option<i64> {
        self.deposit.map(|deposit| self.price - deposit)
    }
}

/// How a deal was paid, as a receipt says it: "in cash", "by card", "by bKash"; with a
/// deposit held by card or bKash, both parts: "৳20,000 by card and ৳1,65,000 in cash".
pub fn paid_how(method: &str, deposit: Option<i64>, price: i64) -> String {
    let how = match method {
        "card" => "by card",
        "bkash" => "by bKash",
        _ => return "in cash".to_owned(),
    };
    match deposit {
        Some(deposit) => format!(
            "{} {how} and {} in cash",
            taka(deposit),
            taka(price - deposit)
        ),
        None => how.to_owned(),
    }
}

/// The message a seller sends with "Share my number": their phone, and a WhatsApp link
/// when it takes WhatsApp.
pub fn shared_number(phone: &str, whatsapp: Option<&str>) -> String {
    match whatsapp {
        Some(link) => format!("My phone number: {phone}\nWhatsApp: {link}"),
        None => format!("My phone number: {phone}"),
    }
}

/// A message as a mail quotes it, in `language`: its words, "A photo", or its offer.
pub fn message_line(message: &Message, language: Language) -> String {
    let bangla = language == Language::Bn;
    if let Some(offer) = &message.offer {
        return match bangla {
            false => format!("An offer of {}", taka(offer.amount)),
            true => format!("{} দামের প্রস্তাব", bangla::taka_bn(offer.amount)),
        };
    }
    match (&message.text, &message.image, bangla) {
        (Some(text), _, _) => text.clone(),
        (None, Some(_), false) => "A photo".to_owned(),
        (None, Some(_), true) => "একটি ছবি".to_owned(),
        (None, None, false) => "(a message)".to_owned(),
        (None, None, true) => "(একটি মেসেজ)".to_owned(),
    }
}

/// A moment as people in Bangladesh read it (UTC+6 all year): "Fri 27 Nov, 5:30 pm".
pub fn dhaka_time(at: chrono::DateTime<chrono::Utc>) -> String {
    const DHAKA: chrono::FixedOffset = match chrono::FixedOffset::east_opt(6 * 3600) {
        Some(offset) => offset,
        None => panic!("six hours is a valid offset"),
    };
    at.with_timezone(&DHAKA)
        .format("%a %-d %b, %-I:%M %P")
        .to_string()
}

/// 1st, 2nd, 3rd, 4th… 11th, 12th, 13th… 21st.
pub fn ordinal(n: i64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_notice_names_its_bike_and_sends_its_reader_where_they_act() {
        let booked = Notice::Booked {
            buyer: "Karim",
            listing: "Yamaha R15",
            phone: "01711-234567",
            meeting: "Mirpur 10",
        };
        assert_eq!(
            booked.message(),
            "Karim booked your Yamaha R15. Call them on 01711-234567 to agree on meeting at \
             Mirpur 10."
        );
        assert_eq!(booked.link(), "/dashboard/my-buyers");
        let gone = |booked| Notice::NoLongerListed {
            listing: "Yamaha R15",
            booked,
        };
        assert_eq!(gone(true).link(), "/dashboard/my-orders");
        assert_eq!(gone(false).link(), "/dashboard/wishlist");
        assert_eq!(gone(false).kind(), "removed");
        let unread = |count| Notice::UnreadMessages {
            from: "Sadia",
            listing: "Yamaha R15",
            count,
            conversation: 7,
        };
        assert_eq!(
            unread(1).message(),
            "Sadia wrote to you about Yamaha R15: 1 new message."
        );
        assert_eq!(
            unread(3).message(),
            "Sadia wrote to you about Yamaha R15: 3 new messages."
        );
        assert_eq!(unread(3).link(), "/dashboard/messages/7");
        assert_eq!(unread(3).kind(), "message");
        let price = Notice::PriceChangedForBooking {
            listing: "Yamaha R15",
            now: 41_000_000,
            kept: 40_000_000,
        };
        assert!(
            price.message().contains("keeps its price"),
            "{}",
            price.message()
        );
        assert_eq!(price.kind(), "price");
    }

    #[test]
    fn places_in_line_read_as_ordinals() {
        let read: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal).into();
        assert_eq!(
            read,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
        );
    }

    #[test]
    fn meeting_times_read_in_dhakas_time() {
        let at = chrono::DateTime::parse_from_rfc3339("2026-11-27T11:30:00Z")
            .map(|t| t.with_timezone(&chrono::Utc))
            .expect("a time");
        assert_eq!(dhaka_time(at), "Fri 27 Nov, 5:30 pm");
    }
}
