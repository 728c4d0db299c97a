//! The card check of the built-in test-mode payment provider.
//!
//! When Stripe is not configured, `POST /api/test-mode/confirm-card` stands where
//! Stripe.js's `confirmCardPayment` would. This module decides what that call answers
//! for a card: the same validation errors Stripe.js gives for a mistyped card, and the
//! outcomes of Stripe's documented test card numbers, with Stripe's codes and English
//! messages.
//!
//! Only the documented success numbers ([`SUCCESS_NUMBERS`]) ever succeed. Any other
//! well-formed number, including every real card, is declined, so a test-mode
//! marketplace can never be mistaken for one that takes real money.

/// A card as typed into the test-mode card form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Card<'a> {
    /// The card number; spaces and dashes are allowed and ignored.
    pub number: &'a str,
    /// Expiry month, 1 to 12.
    pub exp_month: u32,
    /// Expiry year, four digits or two (`34` means 2034).
    pub exp_year: u32,
    /// The security code on the card.
    pub cvc: &'a str,
}

/// Why a card was refused, shaped like a Stripe card error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardError {
    /// Stripe's error code, such as `"card_declined"` or `"invalid_number"`.
    pub code: &'static str,
    /// Stripe's decline code, for `card_declined` errors only.
    pub decline_code: Option<&'static str>,
    /// Stripe's English message, shown to the buyer beneath the card form.
    pub message: &'static str,
}

/// The Stripe test card numbers that succeed: Visa, Mastercard, Visa debit and
/// American Express.
pub const SUCCESS_NUMBERS: [&str; 4] = [
    "4242424242424242",
    "5555555555554444",
    "4000056655665556",
    "378282246310005",
];

/// How far ahead an expiry year may be, as in Stripe.
const MAX_YEARS_AHEAD: i64 = 50;

const DECLINED: &str = "Your card was declined.";

const fn error(code: &'static str, message: &'static str) -> CardError {
    CardError {
        code,
        decline_code: None,
        message,
    }
}

const fn declined(decline_code: &'static str, message: &'static str) -> CardError {
    CardError {
        code: "card_declined",
        decline_code: Some(decline_code),
        message,
    }
}

/// Checks a card as the test-mode provider would charge it; `today` is the current
/// `(year, month)`, passed in so that tests are deterministic.
///
/// Validation comes first, in the order Stripe.js reports it (number, expiry, security
/// code); then Stripe's documented test numbers give their documented outcome. Only
/// the numbers in [`SUCCESS_NUMBERS`] succeed; any other valid number is declined with
/// `generic_decline`.
pub fn check_card(card: &Card<'_>, today: (i32, u32)) -> Result<(), CardError> {
    let number = check_number(card.number)?;
    check_expiry(card.exp_month, card.exp_year, today)?;
    check_cvc(card.cvc, is_amex(&number))?;
    outcome(&number)
}

/// Returns the digits of a well-formed card number.
fn check_number(typed: &str) -> Result<String, CardError> {
    const INVALID: CardError = error("invalid_number", "Your card number is invalid.");
    let mut digits = String::with_capacity(typed.len());
    for c in typed.chars() {
        match c {
            '0'..='9' => digits.push(c),
            ' ' | '-' => {}
            _ => return Err(INVALID),
        }
    }
    if digits.len() < 12 {
        return Err(error(
            "incomplete_number",
            "Your card number is incomplete.",
        ));
    }
    if digits.len() > 19 || !luhn_valid(&digits) {
        return Err(INVALID);
    }
    Ok(digits)
}

/// The Luhn checksum every card number carries; `digits` holds ASCII digits only.
fn luhn_valid(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(position, byte)| {
            let digit = u32::from(byte - b'0');
            if position % 2 == 1 {
                let doubled = digit * 2;
                if doubled > 9 {
                    doubled - 9
                } else {
                    doubled
                }
            } else {
                digit
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

fn check_expiry(
    month: u32,
    year: u32,
    (this_year, this_month): (i32, u32),
) -> Result<(), CardError> {
    if !(1..=12).contains(&month) {
        return Err(error(
            "invalid_expiry_month",
            "Your card's expiration month is invalid.",
        ));
    }
    let year = if year < 100 {
        2000 + i64::from(year)
    } else {
        i64::from(year)
    };
    let this_year = i64::from(this_year);
    if year < this_year {
        return Err(error(
            "invalid_expiry_year_past",
            "Your card's expiration year is in the past.",
        ));
    }
    if year == this_year && month < this_month {
        return Err(error(
            "invalid_expiry_month_past",
            "Your card's expiration date is in the past.",
        ));
    }
    if year > this_year + MAX_YEARS_AHEAD {
        return Err(error(
            "invalid_expiry_year",
            "Your card's expiration year is invalid.",
        ));
    }
    Ok(())
}

/// American Express numbers start with 34 or 37 and carry a four-digit code.
fn is_amex(number: &str) -> bool {
    number.starts_with("34") || number.starts_with("37")
}

fn check_cvc(cvc: &str, amex: bool) -> Result<(), CardError> {
    let required = if amex { 4 } else { 3 };
    if !cvc.bytes().all(|byte| byte.is_ascii_digit()) || cvc.len() > 4 {
        return Err(error(
            "invalid_cvc",
            "Your card's security code is invalid.",
        ));
    }
    if cvc.len() < required {
        return Err(error(
            "incomplete_cvc",
            "Your card's security code is incomplete.",
        ));
    }
    Ok(())
}

/// What Stripe's test mode answers for a well-formed card.
fn outcome(number: &str) -> Result<(), CardError> {
    if SUCCESS_NUMBERS.contains(&number) {
        return Ok(());
    }
    Err(match number {
        "4000000000009995" => declined("insufficient_funds", "Your card has insufficient funds."),
        "4000000000009987" => declined("lost_card", DECLINED),
        "4000000000009979" => declined("stolen_card", DECLINED),
        "4000000000000069" => error("expired_card", "Your card has expired."),
        "4000000000000127" => error("incorrect_cvc", "Your card's security code is incorrect."),
        "4000000000000119" => error(
            "processing_error",
            "An error occurred while processing your card. Try again in a little bit.",
        ),
        // 4000000000000002 and every number Stripe does not document, real cards included.
        _ => declined("generic_decline", DECLINED),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: (i32, u32) = (2026, 5);

    fn card(number: &str) -> Card<'_> {
        Card {
            number,
            exp_month: 12,
            exp_year: 2030,
            cvc: "123",
        }
    }

    fn code_of(
        result: Result<(), CardError>,
    ) -> Option<(&'static str, Option<&'static str>, &'static str)> {
        result.err().map(|e| (e.code, e.decline_code, e.message))
    }

    #[test]
    fn documented_success_numbers_succeed() {
        for number in [
            "4242424242424242",
            "4242 4242 4242 4242",
            "4242-4242-4242-4242",
            "5555555555554444",
            "4000056655665556",
        ] {
            assert_eq!(check_card(&card(number), TODAY), Ok(()), "{number}");
        }
        let amex = Card {
            cvc: "1234",
            ..card("3782 822463 10005")
        };
        assert_eq!(check_card(&amex, TODAY), Ok(()));
    }

    #[test]
    fn test_numbers_give_their_documented_outcome() {
        let cases = [
            (
                "4000000000000002",
                "card_declined",
                Some("generic_decline"),
                "Your card was declined.",
            ),
            (
                "4000000000009995",
                "card_declined",
                Some("insufficient_funds"),
                "Your card has insufficient funds.",
            ),
            (
                "4000000000009987",
                "card_declined",
                Some("lost_card"),
                "Your card was declined.",
            ),
            (
                "4000000000009979",
                "card_declined",
                Some("stolen_card"),
                "Your card was declined.",
            ),
            (
                "4000000000000069",
                "expired_card",
                None,
                "Your card has expired.",
            ),
            (
                "4000000000000127",
                "incorrect_cvc",
                None,
                "Your card's security code is incorrect.",
            ),
            (
                "4000000000000119",
                "processing_error",
                None,
                "An error occurred while processing your card. Try again in a little bit.",
            ),
            // Luhn-valid numbers Stripe does not document, like real cards, are declined.
            (
                "4111111111111111",
                "card_declined",
                Some("generic_decline"),
                "Your card was declined.",
            ),
            (
                "5105105105105100",
                "card_declined",
                Some("generic_decline"),
                "Your card was declined.",
            ),
        ];
        for (number, code, decline_code, message) in cases {
            assert_eq!(
                code_of(check_card(&card(number), TODAY)),
                Some((code, decline_code, message)),
                "{number}"
            );
        }
    }

    #[test]
    fn malformed_numbers_are_invalid_or_incomplete() {
        let invalid = Some(("invalid_number", None, "Your card number is invalid."));
        let incomplete = Some(("incomplete_number", None, "Your card number is incomplete."));
        let cases = [
            ("4242424242424241", invalid),
            ("4242 4242 4242 424x", invalid),
            ("4242.4242.4242.4242", invalid),
            ("42424242424242424242", invalid),
            ("", incomplete),
            ("4242", incomplete),
            ("4242 4242 424", incomplete),
        ];
        for (number, expected) in cases {
            assert_eq!(
                code_of(check_card(&card(number), TODAY)),
                expected,
                "{number:?}"
            );
        }
    }

    #[test]
    fn expiry_dates_are_checked_against_today() {
        let month_invalid = Some((
            "invalid_expiry_month",
            None,
            "Your card's expiration month is invalid.",
        ));
        let year_past = Some((
            "invalid_expiry_year_past",
            None,
            "Your card's expiration year is in the past.",
        ));
        let month_past = Some((
            "invalid_expiry_month_past",
            None,
            "Your card's expiration date is in the past.",
        ));
        let year_invalid = Some((
            "invalid_expiry_year",
            None,
            "Your card's expiration year is invalid.",
        ));
        let cases = [
            (0, 2030, month_invalid),
            (13, 2030, month_invalid),
            (12, 2025, year_past),
            (12, 25, year_past),
            (4, 2026, month_past),
            (4, 26, month_past),
            (5, 2026, None),
            (6, 26, None),
            (1, 34, None),
            (12, 2076, None),
            (1, 2077, year_invalid),
            (1, 99, year_invalid),
        ];
        for (exp_month, exp_year, expected) in cases {
            let input = Card {
                exp_month,
                exp_year,
                ..card("4242424242424242")
            };
            assert_eq!(
                code_of(check_card(&input, TODAY)),
                expected,
                "{exp_month}/{exp_year}"
            );
        }
    }

    #[test]
    fn security_codes_must_be_complete_digits() {
        let incomplete = Some((
            "incomplete_cvc",
            None,
            "Your card's security code is incomplete.",
        ));
        let invalid = Some(("invalid_cvc", None, "Your card's security code is invalid."));
        let cases = [
            ("4242424242424242", "", incomplete),
            ("4242424242424242", "12", incomplete),
            ("4242424242424242", "1234", None),
            ("4242424242424242", "12a", invalid),
            ("4242424242424242", "12345", invalid),
            ("378282246310005", "123", incomplete),
            ("378282246310005", "1234", None),
        ];
        for (number, cvc, expected) in cases {
            let input = Card {
                cvc,
                ..card(number)
            };
            assert_eq!(
                code_of(check_card(&input, TODAY)),
                expected,
                "{number} {cvc:?}"
            );
        }
    }

    #[test]
    fn the_number_is_checked_before_the_expiry_and_the_expiry_before_the_code() {
        let everything_wrong = Card {
            number: "1234",
            exp_month: 13,
            exp_year: 2000,
            cvc: "x",
        };
        assert_eq!(
            check_card(&everything_wrong, TODAY).map_err(|e| e.code),
            Err("incomplete_number")
        );
        let bad_date_and_code = Card {
            exp_month: 13,
            cvc: "x",
            ..card("4242424242424242")
        };
        assert_eq!(
            check_card(&bad_date_and_code, TODAY).map_err(|e| e.code),
            Err("invalid_expiry_month")
        );
    }

    #[test]
    fn a_declining_test_number_with_an_expired_date_reports_the_date() {
        let input = Card {
            exp_year: 2020,
            ..card("4000000000000002")
        };
        assert_eq!(
            check_card(&input, TODAY).map_err(|e| e.code),
            Err("invalid_expiry_year_past")
        );
    }
}
