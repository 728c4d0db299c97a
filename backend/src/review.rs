//! Which listings wait for an admin before they are public (docs/trust.md "Listings
//! reviewed when it matters"): a new seller's first ones, and any whose words or price
//! look like the start of a scam. Pure, but for [`flags`], which reads the seller's
//! standing and comparable prices.

use crate::caution;
use crate::records::{ReviewFlag, User};
use crate::store::{Store, StoreResult};

/// Words that have no place in a listing, lower case: stolen bikes and forged papers,
/// in English, in the romanised Bangla sellers write, and in Bangla.
const BANNED_WORDS: [&str; 14] = [
    "stolen",
    "chorai",
    "chori",
    "without papers",
    "no papers needed",
    "fake papers",
    "fake documents",
    "forged",
    "jal kagoj",
    "চোরাই",
    "চুরি",
    "জাল কাগজ",
    "নকল কাগজ",
    "কাগজ ছাড়া",
];

/// Comparable listings needed before a price is held against them.
const COMPARABLES_NEEDED: usize = 3;
/// Comparable listings read at most (the newest of the brand and model).
const COMPARABLES_READ: i64 = 50;

/// What in the listing's words sends it to review: a phone number or a request for
/// money before the meeting in its description, a banned word in its name or
/// description.
pub fn text_flags(name: &str, description: &str) -> Vec<ReviewFlag> {
    let mut flags = Vec::new();
    let lower_description = description.to_lowercase();
    if caution::has_phone_number(description) {
        flags.push(ReviewFlag::Contact);
    }
    if caution::asks_for_money(&lower_description) {
        flags.push(ReviewFlag::Money);
    }
    let lower_name = name.to_lowercase();
    if BANNED_WORDS
        .iter()
        .any(|word| lower_name.contains(word) || has_word(&lower_description, word))
    {
        flags.push(ReviewFlag::Banned);
    }
    flags
}

/// Whether `text` has `word` standing alone (not inside a longer word: "chori" is not in
/// "chorizo").
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Whether `price` is far below `comparables` (prices of the same brand and model):
/// under half their median, when there are enough of them to say.
pub fn far_below(price: i64, comparables: &[i64]) -> bool {
    if comparables.len() < COMPARABLES_NEEDED {
        return false;
    }
    let mut sorted = comparables.to_vec();
    sorted.sort_unstable();
    let middle = sorted.len() / 2;
    let median = if sorted.len().is_multiple_of(2) {
        (sorted[middle - 1] + sorted[middle]) / 2
    } else {
        sorted[middle]
    };
    price.saturating_mul(2) < median
}

/// Everything that would send a listing by `seller` to review, were it posted now: its
/// words, its price against live listings of the same brand and model, and the seller's
/// standing (not verified, with fewer than `first_reviewed` live listings).
pub async fn flags(
    store: &dyn Store,
    seller: &User,
    first_reviewed: i64,
    listing: Listed<'_>,
) -> StoreResult<Vec<ReviewFlag>> {
    let mut flags = text_flags(listing.name, listing.description);
    if first_reviewed > 0
        && !seller.verified
        && store.live_listings_of(seller.id).await? < first_reviewed
    {
        flags.push(ReviewFlag::FirstListing);
    }
    if let (Some(brand), Some(model)) = (listing.brand, listing.model) {
        let comparables = store
            .comparable_prices(brand, model, COMPARABLES_READ)
            .await?;
        if far_below(listing.price, &comparables) {
            flags.push(ReviewFlag::LowPrice);
        }
    }
    flags.sort_unstable();
    Ok(flags)
}

/// What of a listing the rules read.
#[derive(Debug, Clone, Copy)]
pub struct Listed<'a> {
    pub name: &'a str,
    pub description: &'a str,
    /// Paisa.
    pub price: i64,
    pub brand: Option<&'a str>,
    pub model: Option<&'a str>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_that_start_a_scam_send_a_listing_to_review() {
        assert_eq!(text_flags("Yamaha FZ", "Well kept, papers up to date."), []);
        assert_eq!(
            text_flags("Yamaha FZ", "Call 01711-223344 for a test ride"),
            [ReviewFlag::Contact]
        );
        assert_eq!(
            text_flags("Yamaha FZ", "Send 5000 advance by bKash to hold it"),
            [ReviewFlag::Money]
        );
        assert_eq!(
            text_flags("Yamaha FZ", "বিকাশে অগ্রিম দিন ০১৭১১২২৩৩৪৪"),
            [ReviewFlag::Contact, ReviewFlag::Money]
        );
        assert_eq!(
            text_flags("Yamaha FZ", "Cash or bKash at the handover"),
            [],
            "how it is paid at the meeting is no request"
        );
        assert_eq!(text_flags("Stolen Pulsar", "cheap"), [ReviewFlag::Banned]);
        assert_eq!(
            text_flags("Pulsar", "চোরাই নয়, কাগজ ছাড়া"),
            [ReviewFlag::Banned]
        );
        assert_eq!(text_flags("Pulsar", "Chorizo-red paint"), []);
    }

    #[test]
    fn a_price_is_far_below_under_half_the_median_of_three_or_more() {
        // Paisa: ৳200,000, ৳210,000 and ৳190,000.
        let prices = [20_000_000, 21_000_000, 19_000_000];
        assert!(far_below(9_000_000, &prices));
        assert!(!far_below(10_000_000, &prices));
        assert!(!far_below(1_000_000, &prices[..2]), "two say nothing");
        assert!(far_below(1, &[4, 4, 100, 100]), "median of an even count");
        assert!(!far_below(i64::MAX, &prices));
    }
}
