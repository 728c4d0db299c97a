//! What each notification says in Bangla (docs/i18n.md): the same facts as the English,
//! written as people here write them — Bengali digits, taka with lakh grouping, the
//! meeting's day and time of day in Dhaka.

use chrono::{DateTime, Datelike, FixedOffset, Timelike, Utc};

use super::{Hold, Notice, SOMEONE};
use crate::records::{HoldMethod, RESERVED_HOURS};
use crate::views::taka;

/// `text` with its Latin digits written as Bengali ones.
pub fn digits(text: &str) -> String {
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) if c.is_ascii_digit() => char::from_u32(0x09E6 + d).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// Taka in Bengali digits with lakh grouping: "৳১,৮৫,০০০".
pub fn taka_bn(paisa: i64) -> String {
    digits(&taka(paisa))
}

const WEEKDAYS: [&str; 7] = [
    "সোমবার",
    "মঙ্গলবার",
    "বুধবার",
    "বৃহস্পতিবার",
    "শুক্রবার",
    "শনিবার",
    "রবিবার",
];
const MONTHS: [&str; 12] = [
    "জানুয়ারি",
    "ফেব্রুয়ারি",
    "মার্চ",
    "এপ্রিল",
    "মে",
    "জুন",
    "জুলাই",
    "আগস্ট",
    "সেপ্টেম্বর",
    "অক্টোবর",
    "নভেম্বর",
    "ডিসেম্বর",
];

/// A moment in Dhaka's time as said in Bangla, as the pages say it too:
/// "শুক্রবার, ২৭ নভেম্বর, বিকেল ৫:৩০".
pub fn dhaka_time(at: DateTime<Utc>) -> String {
    const DHAKA: FixedOffset = match FixedOffset::east_opt(6 * 3600) {
        Some(offset) => offset,
        None => panic!("six hours is a valid offset"),
    };
    let at = at.with_timezone(&DHAKA);
    let hour = at.hour();
    // The part of the day says what a 12-hour clock leaves out.
    let part = match hour {
        4..=5 => "ভোর",
        6..=11 => "সকাল",
        12..=14 => "দুপুর",
        15..=17 => "বিকেল",
        18..=19 => "সন্ধ্যা",
        _ => "রাত",
    };
    let clock = match hour % 12 {
        0 => 12,
        h => h,
    };
    digits(&format!(
        "{}, {} {}, {part} {clock}:{:02}",
        WEEKDAYS[at.weekday().num_days_from_monday() as usize],
        at.day(),
        MONTHS[at.month0() as usize],
        at.minute()
    ))
}

/// How a deal was paid: "নগদে", "কার্ডে", "বিকাশে"; with a deposit held, both parts.
pub fn paid_how(method: &str, deposit: Option<i64>, price: i64) -> String {
    let how = match method {
        "card" => "কার্ডে",
        "bkash" => "বিকাশে",
        _ => return "নগদে".to_owned(),
    };
    match deposit {
        Some(deposit) => format!(
            "{} {how} আর {} নগদে",
            taka_bn(deposit),
            taka_bn(price - deposit)
        ),
        None => how.to_owned(),
    }
}

/// Where the hold is and what it holds: ("কার্ডে", "পুরো দাম") or ("বিকাশ অ্যাকাউন্টে",
/// "৳২০,০০০ জামানত").
fn held(hold: Hold) -> (&'static str, String) {
    let holder = match hold.method {
        HoldMethod::Card => "কার্ডে",
        HoldMethod::Bkash => "বিকাশ অ্যাকাউন্টে",
    };
    let what = match hold.deposit {
        Some(deposit) => format!("{} জামানত", taka_bn(deposit)),
        None => "পুরো দাম".to_owned(),
    };
    (holder, what)
}

/// A person's name, or "একজন" for one whose account is gone.
fn who(name: &str) -> &str {
    if name == SOMEONE {
        "একজন"
    } else {
        name
    }
}

pub fn message(notice: &Notice<'_>) -> String {
    match *notice {
        Notice::Booked {
            buyer,
            listing,
            phone,
            meeting,
        } => format!(
            "{buyer} আপনার {listing} বুক করেছেন। {meeting}-এ দেখা করার কথা ঠিক করতে তাঁকে \
             {phone} নম্বরে ফোন করুন।"
        ),
        Notice::JoinedLine {
            buyer,
            listing,
            place,
        } => format!(
            "{buyer} আপনার {listing}-এর লাইনে আছেন ({} নম্বরে)। আগের রিজার্ভেশন শেষ হলে \
             তিনিই পরের জন।",
            digits(&place.to_string())
        ),
        Notice::ReservedForYou { listing } => format!(
            "{listing} এখন {} ঘণ্টার জন্য আপনার নামে রিজার্ভ করা। এর মধ্যে বিক্রেতার সঙ্গে \
             দেখা করার কথা ঠিক করুন আর দাম পরিশোধ করুন।",
            digits(&RESERVED_HOURS.to_string())
        ),
        Notice::Declined { listing, reason } => {
            format!("বিক্রেতা {listing}-এর জন্য আপনার বুকিং নেননি: {reason}")
        }
        Notice::Released { listing, reason } => {
            format!("বিক্রেতা {listing}-এর জন্য আপনার রিজার্ভেশন ছেড়ে দিয়েছেন: {reason}")
        }
        Notice::Lapsed {
            listing,
            hold: false,
        } => format!("{listing}-এর জন্য আপনার রিজার্ভেশনের সময় শেষ; এখন লাইনের পরের ক্রেতা এটি পাবেন।"),
        Notice::Lapsed {
            listing,
            hold: true,
        } => format!(
            "হস্তান্তর ছাড়াই {listing}-এর কার্ড হোল্ড শেষ হয়েছে: কোনো টাকা কাটা হয়নি, আর \
             বাইকটি এখন আপনার নামে রিজার্ভ নেই।"
        ),
        Notice::LapsedToSeller {
            buyer,
            listing,
            hold: false,
        } => format!("আপনার {listing}-এর জন্য {buyer}-এর রিজার্ভেশনের সময় শেষ।"),
        Notice::LapsedToSeller {
            buyer,
            listing,
            hold: true,
        } => format!(
            "আপনার {listing}-এর জন্য {buyer}-এর কার্ড হোল্ড হস্তান্তর ছাড়াই শেষ হয়েছে: কোনো \
             টাকা কাটা হয়নি।"
        ),
        Notice::Meeting {
            by,
            listing,
            place,
            when,
            agreed: false,
            ..
        } => format!(
            "{} {listing}-এর জন্য {} {place}-এ দেখা করার প্রস্তাব দিয়েছেন। নিশ্চিত করুন, \
             অথবা অন্য জায়গা বা সময়ের প্রস্তাব দিন।",
            who(by),
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
            "{} {listing}-এর জন্য {} {place}-এ দেখা করতে রাজি হয়েছেন।",
            who(by),
            dhaka_time(when)
        ),
        Notice::CashChosen { buyer, listing } => format!(
            "{buyer} আপনার {listing}-এর দাম দেখা করার সময় নগদে দেবেন। টাকা আর তাঁর \
             হস্তান্তর কোড পেলে তবেই বাইক হস্তান্তর করুন।"
        ),
        Notice::Completed {
            listing,
            other,
            price,
            method,
            deposit,
            to_seller: false,
        } => format!(
            "আপনি {} কাছ থেকে {listing} কিনেছেন {}-এ, পরিশোধ {}। রসিদ আপনার ড্যাশবোর্ডে আছে।",
            possessive(who(other)),
            taka_bn(price),
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
            "আপনি আপনার {listing} {} কাছে বিক্রি করেছেন {}-এ, পরিশোধ {}। রসিদ আপনার \
             ড্যাশবোর্ডে আছে।",
            possessive(who(other)),
            taka_bn(price),
            paid_how(method, deposit, price)
        ),
        Notice::CalledOff {
            by,
            listing,
            reason,
            ..
        } => format!("{} {listing}-এর ডিল বাতিল করেছেন: {reason}", who(by)),
        Notice::ReleasedByAdmin {
            listing, reason, ..
        } => format!("একজন অ্যাডমিন {listing}-এর ডিল শেষ করে দিয়েছেন: {reason}"),
        Notice::Cancelled { buyer, listing } => {
            format!("{buyer} আপনার {listing}-এর বুকিং বাতিল করেছেন।")
        }
        Notice::PaidToSeller {
            buyer,
            listing,
            meeting,
            hold,
        } => {
            let (holder, what) = held(hold);
            let rest = hold
                .rest()
                .map(|rest| format!(" বাকি {} তিনি তখন নগদে দেবেন।", taka_bn(rest)))
                .unwrap_or_default();
            format!(
                "{buyer}-এর {holder} আপনার {listing}-এর {what} আটকে রাখা আছে। {meeting}-এ \
                 তাঁর সঙ্গে দেখা করুন: তাঁর হস্তান্তর কোড দিলে তবেই টাকা কাটা হবে।{rest}"
            )
        }
        Notice::PaidByBuyer {
            listing,
            seller,
            meeting,
            phone,
            hold,
        } => {
            let (holder, what) = held(hold);
            let rest = hold
                .rest()
                .map(|rest| format!(" বাকি {} নগদে সঙ্গে আনবেন।", taka_bn(rest)))
                .unwrap_or_default();
            format!(
                "আপনার {holder} {listing}-এর {what} আটকে রাখা আছে: {meeting}-এ {seller}-এর \
                 সঙ্গে দেখা করে হস্তান্তর কোড দেখানোর আগে কিছুই কাটা হবে না। তাঁকে {phone} \
                 নম্বরে ফোন করুন।{rest}"
            )
        }
        Notice::SoldToAnother {
            listing,
            booked: true,
        } => format!("আপনার বুক করা {listing} অন্য একজন ক্রেতার কাছে বিক্রি হয়ে গেছে।"),
        Notice::SoldToAnother {
            listing,
            booked: false,
        } => format!("আপনার পছন্দের তালিকার {listing} বিক্রি হয়ে গেছে।"),
        Notice::NoLongerListed {
            listing,
            booked: true,
        } => format!("আপনার বুক করা {listing}-এর বিজ্ঞাপন আর নেই।"),
        Notice::NoLongerListed {
            listing,
            booked: false,
        } => format!("আপনার পছন্দের তালিকার {listing}-এর বিজ্ঞাপন আর নেই।"),
        Notice::RemovedByAdmin {
            listing,
            reason: None,
        } => format!("একজন অ্যাডমিন আপনার বিজ্ঞাপন {listing} সরিয়ে দিয়েছেন।"),
        Notice::RemovedByAdmin {
            listing,
            reason: Some(reason),
        } => format!("একজন অ্যাডমিন আপনার বিজ্ঞাপন {listing} সরিয়ে দিয়েছেন: {reason}।"),
        Notice::Reported { listing } => format!("একজন ক্রেতা {listing} নিয়ে রিপোর্ট করেছেন।"),
        Notice::ReportDismissed { listing, .. } => format!(
            "{listing} নিয়ে আপনার রিপোর্ট একজন অ্যাডমিন দেখেছেন এবং বিজ্ঞাপনটি রেখে দিয়েছেন। জানানোর জন্য ধন্যবাদ।"
        ),
        Notice::ReportActioned { listing } => {
            format!("আপনার রিপোর্টের পর একজন অ্যাডমিন {listing} সরিয়ে দিয়েছেন। জানানোর জন্য ধন্যবাদ।")
        }
        Notice::Reviewed {
            buyer,
            listing,
            stars,
            ..
        } => format!(
            "{buyer} আপনার {listing}-এর লেনদেনকে ৫-এর মধ্যে {} দিয়েছেন।",
            digits(&stars.to_string())
        ),
        Notice::Warned { reason } => format!(
            "একজন অ্যাডমিন আপনাকে সতর্ক করেছেন: {reason}। আবার নিয়ম ভাঙলে আপনার অ্যাকাউন্ট স্থগিত হতে পারে।"
        ),
        Notice::SellerVerified => {
            "একজন অ্যাডমিন আপনাকে যাচাই করেছেন: আপনার বাইকগুলোতে এখন যাচাই করা ব্যাজ দেখা যাবে।".into()
        }
        Notice::VerificationRejected { reason } => format!(
            "আপনার পাঠানো ছবি দেখে একজন অ্যাডমিন আপনাকে যাচাই করতে পারেননি: {reason}। দয়া করে নতুন ছবি পাঠান।"
        ),
        Notice::ListingApproved { listing } => {
            format!("একজন অ্যাডমিন {listing} অনুমোদন করেছেন: ক্রেতারা এখন এটি দেখতে পাচ্ছেন।")
        }
        Notice::ListingRejected { listing, reason } => {
            format!("একজন অ্যাডমিন {listing} অনুমোদন করেননি: {reason}। বিজ্ঞাপনটি বদলালে আবার দেখা হবে।")
        }
        Notice::PriceDropped {
            listing,
            now,
            before,
        } => format!(
            "আপনার পছন্দের তালিকার {listing}-এর দাম কমে এখন {}, আগে ছিল {}।",
            taka_bn(now),
            taka_bn(before)
        ),
        Notice::PriceChangedForBooking { listing, now, kept } => format!(
            "বিক্রেতা নতুন বুকিংয়ের জন্য {listing}-এর দাম বদলে {} করেছেন। আপনার বুকিংয়ের দাম \
             আগের মতোই {} থাকছে।",
            taka_bn(now),
            taka_bn(kept)
        ),
        Notice::UnreadMessages {
            from,
            listing,
            count,
            ..
        } => format!(
            "{} আপনাকে {listing} নিয়ে লিখেছেন: {}টি নতুন মেসেজ।",
            who(from),
            digits(&count.to_string())
        ),
    }
}

/// "Karim-এর" for a name; "একজনের" for one whose account is gone.
fn possessive(name: &str) -> String {
    if name == "একজন" {
        "একজনের".to_owned()
    } else {
        format!("{name}-এর")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(rfc3339: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(rfc3339)
            .map(|t| t.with_timezone(&Utc))
            .expect("a time")
    }

    #[test]
    fn numbers_and_money_read_in_bengali_digits_with_lakh_grouping() {
        assert_eq!(digits("01711-234567"), "০১৭১১-২৩৪৫৬৭");
        assert_eq!(taka_bn(18_500_000), "৳১,৮৫,০০০");
        assert_eq!(
            paid_how("card", Some(2_000_000), 18_500_000),
            "৳২০,০০০ কার্ডে আর ৳১,৬৫,০০০ নগদে"
        );
        assert_eq!(paid_how("cash", None, 18_500_000), "নগদে");
    }

    #[test]
    fn meeting_times_say_the_day_and_the_part_of_the_day_in_dhaka() {
        assert_eq!(
            dhaka_time(at("2026-11-27T11:30:00Z")),
            "শুক্রবার, ২৭ নভেম্বর, বিকেল ৫:৩০"
        );
        assert_eq!(
            dhaka_time(at("2026-11-27T03:05:00Z")),
            "শুক্রবার, ২৭ নভেম্বর, সকাল ৯:০৫"
        );
        assert_eq!(
            dhaka_time(at("2026-11-27T18:00:00Z")),
            "শনিবার, ২৮ নভেম্বর, রাত ১২:০০"
        );
        assert_eq!(
            dhaka_time(at("2026-11-26T23:10:00Z")),
            "শুক্রবার, ২৭ নভেম্বর, ভোর ৫:১০"
        );
        assert_eq!(
            dhaka_time(at("2026-11-27T06:15:00Z")),
            "শুক্রবার, ২৭ নভেম্বর, দুপুর ১২:১৫"
        );
    }

    #[test]
    fn every_notice_has_its_bangla_naming_its_bike_and_no_english_sentence() {
        let hold = Hold {
            method: HoldMethod::Card,
            price: 18_500_000,
            deposit: Some(2_000_000),
        };
        let when = at("2026-11-27T11:30:00Z");
        let notices = [
            Notice::Booked {
                buyer: "Karim",
                listing: "Yamaha R15",
                phone: "01711-234567",
                meeting: "Mirpur 10",
            },
            Notice::JoinedLine {
                buyer: "Karim",
                listing: "Yamaha R15",
                place: 2,
            },
            Notice::ReservedForYou {
                listing: "Yamaha R15",
            },
            Notice::Meeting {
                by: SOMEONE,
                listing: "Yamaha R15",
                place: "Mirpur 10",
                when,
                to_seller: true,
                agreed: false,
            },
            Notice::Completed {
                listing: "Yamaha R15",
                other: "Karim",
                price: 18_500_000,
                method: "card",
                deposit: Some(2_000_000),
                to_seller: true,
            },
            Notice::PaidToSeller {
                buyer: "Karim",
                listing: "Yamaha R15",
                meeting: "Mirpur 10",
                hold,
            },
            Notice::PaidByBuyer {
                listing: "Yamaha R15",
                seller: "Sadia",
                meeting: "Mirpur 10",
                phone: "01711-234567",
                hold,
            },
            Notice::PriceDropped {
                listing: "Yamaha R15",
                now: 17_000_000,
                before: 18_500_000,
            },
            Notice::UnreadMessages {
                from: "Sadia",
                listing: "Yamaha R15",
                count: 3,
                conversation: 7,
            },
            Notice::SellerVerified,
            Notice::VerificationRejected { reason: "Karim" },
            Notice::ListingApproved {
                listing: "Yamaha R15",
            },
            Notice::RemovedByAdmin {
                listing: "Yamaha R15",
                reason: Some("Karim"),
            },
            Notice::ReportDismissed {
                listing: "Yamaha R15",
                product: 7,
            },
            Notice::ReportActioned {
                listing: "Yamaha R15",
            },
            Notice::Warned { reason: "Karim" },
            Notice::Reviewed {
                buyer: "Sadia",
                listing: "Yamaha R15",
                stars: 5,
                seller: 3,
            },
            Notice::ListingRejected {
                listing: "Yamaha R15",
                reason: "Karim",
            },
        ];
        for notice in notices {
            let bangla = notice.message_in(crate::records::Language::Bn);
            assert_ne!(bangla, notice.message(), "{notice:?}");
            // The only Latin letters left are what people typed (names, bike, place, phone).
            let rest = ["Yamaha R15", "Karim", "Sadia", "Mirpur 10", "01711-234567"]
                .iter()
                .fold(bangla.clone(), |text, name| text.replace(name, ""));
            assert!(
                !rest.chars().any(|c| c.is_ascii_alphanumeric()),
                "{notice:?}: {bangla}"
            );
        }
        assert_eq!(
            Notice::UnreadMessages {
                from: "Sadia",
                listing: "Yamaha R15",
                count: 3,
                conversation: 7
            }
            .message_in(crate::records::Language::Bn),
            "Sadia আপনাকে Yamaha R15 নিয়ে লিখেছেন: ৩টি নতুন মেসেজ।"
        );
    }
}
