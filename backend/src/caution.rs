//! What in a message is worth a caution to its reader (docs/conversations.md "Safety"):
//! asking for money before the two have met — an advance, a "token", a transfer by a
//! mobile wallet — and a phone number. Pure: the store decides whom a number warns (a
//! reader who never answered its sender).

use crate::records::Warning;

/// Words that ask for money ahead of the meeting, lower case, in English, in the
/// romanised Bangla buyers write, and in Bangla.
const MONEY_FIRST_WORDS: [&str; 15] = [
    "advance",
    "send money",
    "send the money",
    "token money",
    "booking money",
    "pay first",
    "send first",
    "deposit first",
    "taka pathan",
    "tk pathan",
    "agrim",
    "অগ্রিম",
    "অ্যাডভান্স",
    "টাকা পাঠান",
    "টোকেন",
];

/// The mobile wallets money is sent by, lower case: in a message, a stranger naming one
/// is about to ask for a transfer.
const WALLETS: [&str; 7] = ["bkash", "bikash", "nagad", "rocket", "upay", "বিকাশ", "নগদ"];

/// The caution `text` calls for: money first, then a phone number, else none.
pub fn scan(text: &str) -> Warning {
    let lower = text.to_lowercase();
    if asks_for_money(&lower) || WALLETS.iter().any(|word| lower.contains(word)) {
        Warning::Money
    } else if has_phone_number(text) {
        Warning::Phone
    } else {
        Warning::Clear
    }
}

/// Whether `lower` (lower-cased text) asks for money before the meeting. Naming a
/// wallet alone does not: a listing may say how it is paid at the handover.
pub fn asks_for_money(lower: &str) -> bool {
    MONEY_FIRST_WORDS.iter().any(|word| lower.contains(word))
}

/// Whether `text` carries a Bangladeshi mobile number — 01[3-9] and eight more digits,
/// optionally after +88 / 88 — in ASCII or Bengali digits, with spaces, dashes or dots
/// between them.
pub fn has_phone_number(text: &str) -> bool {
    let mut digits = String::new();
    let mut gap = false;
    for c in text.chars() {
        if let Some(d) = crate::phone::ascii_digit(c) {
            if gap {
                // Only a single separator joins digits of one number.
                gap = false;
            }
            digits.push(d);
            if is_mobile(&digits) {
                return true;
            }
        } else if matches!(c, ' ' | '-' | '.' | '+') && !digits.is_empty() && !gap {
            gap = true;
        } else {
            digits.clear();
            gap = false;
        }
    }
    false
}

/// Whether the digits read so far end in a mobile number.
fn is_mobile(digits: &str) -> bool {
    let Some(tail) = digits.len().checked_sub(11).map(|at| &digits[at..]) else {
        return false;
    };
    let b = tail.as_bytes();
    // A longer run that is not +88 before the number is some other figure (a price, an id).
    let before = &digits[..digits.len() - 11];
    b[0] == b'0' && b[1] == b'1' && (b'3'..=b'9').contains(&b[2]) && matches!(before, "" | "88")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_before_meeting_is_cautioned() {
        for text in [
            "Send 5000 advance by bKash and I will keep it for you",
            "pls pay first, then come",
            "Token money dilei bike rekhe dibo",
            "বিকাশে ২০০০ টাকা অগ্রিম দিন",
            "NAGAD e taka pathan",
        ] {
            assert_eq!(scan(text), Warning::Money, "{text}");
        }
    }

    #[test]
    fn phone_numbers_are_found_in_both_digit_sets_and_with_separators() {
        for text in [
            "call me 01712345678",
            "+8801812345678",
            "8801912345678 whatsapp",
            "017-1234-5678",
            "017 12 34 56 78",
            "আমার নম্বর ০১৭১২৩৪৫৬৭৮",
        ] {
            assert!(has_phone_number(text), "{text}");
            assert_eq!(scan(text), Warning::Phone, "{text}");
        }
    }

    #[test]
    fn ordinary_messages_and_figures_are_clear() {
        for text in [
            "Is it still available?",
            "What is your last price? 1,85,000?",
            "Registration 2019, 30000 km, 150 cc",
            "0171234567",    // one digit short
            "01212345678",   // not a mobile prefix
            "9901712345678", // part of a longer figure
            "Can I see the papers on Friday at 5?",
        ] {
            assert_eq!(scan(text), Warning::Clear, "{text}");
        }
    }
}
