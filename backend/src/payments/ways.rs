//! What a buyer may pay a booking with (docs/deals.md "Paying"): the ways its listing
//! takes, that this marketplace has set up, and that can carry the amount — and, for
//! each, what is held now and what is paid in cash at the handover. The payment page
//! shows these ways as they are, and each way of paying checks it before it starts, so a
//! way the page does not offer is refused by the server too.

use super::bkash::{ABOVE_WALLET_MAX, WALLET_MAX};
use super::{Holders, Provider, ABOVE_CARD_MAX, CARD_MAX};
use crate::denied::Denied;
use crate::error::{refused, AppError, FieldCode, Reason};
use crate::records::{PayMethod, Payable};
use crate::store::Refused;

/// A bKash wallet takes at most ৳50,000 of top-ups a day: a larger hold needs money the
/// buyer already has there.
pub const BKASH_DAILY_TOP_UP: i64 = 50_000 * 100;

/// Said beside a bKash hold larger than a day's top-ups.
pub const BKASH_TOP_UP_NOTE: &str = "A bKash wallet takes at most ৳50,000 of top-ups a day: \
     have the amount in your wallet before you start.";

/// Why a way of paying is not offered for a booking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotOffered {
    /// The seller turned it off for this listing.
    NotTaken(PayMethod),
    /// The listing asks a deposit, which cash in person cannot hold.
    DepositAsked,
    /// This marketplace has not set it up.
    NotSetUp(PayMethod),
    /// The amount is more than it can carry.
    AboveLimit(PayMethod),
}

impl NotOffered {
    /// The buyer's words for it.
    pub fn reason(self) -> &'static str {
        match self {
            NotOffered::NotTaken(PayMethod::Cash) => refused(Refused::CashNotTaken),
            NotOffered::NotTaken(PayMethod::Card) => Denied::CardNotTaken.message(),
            NotOffered::NotTaken(PayMethod::Bkash) => Denied::BkashNotTaken.message(),
            NotOffered::DepositAsked => refused(Refused::DepositAsked),
            NotOffered::NotSetUp(PayMethod::Bkash) => Denied::BkashNotSetUp.message(),
            NotOffered::NotSetUp(_) => Denied::CardsNotSetUp.message(),
            NotOffered::AboveLimit(PayMethod::Bkash) => ABOVE_WALLET_MAX,
            NotOffered::AboveLimit(_) => ABOVE_CARD_MAX,
        }
    }
}

impl From<NotOffered> for AppError {
    /// A way not offered, asked for all the same: the seller's choice is a conflict
    /// with the listing (409), a way not set up is unavailable here (503), an amount no
    /// retry can carry is the request's fault (422, as a card above Stripe's limit).
    fn from(why: NotOffered) -> Self {
        match why {
            NotOffered::NotTaken(PayMethod::Cash) => {
                AppError::Refusal(Reason::Refused(Refused::CashNotTaken))
            }
            NotOffered::NotTaken(PayMethod::Card) => Denied::CardNotTaken.into(),
            NotOffered::NotTaken(PayMethod::Bkash) => Denied::BkashNotTaken.into(),
            NotOffered::DepositAsked => AppError::Refusal(Reason::Refused(Refused::DepositAsked)),
            NotOffered::NotSetUp(PayMethod::Bkash) => Denied::BkashNotSetUp.into(),
            NotOffered::NotSetUp(_) => Denied::CardsNotSetUp.into(),
            NotOffered::AboveLimit(_) => {
                AppError::field("_id", FieldCode::AbovePaymentLimit, why.reason())
            }
        }
    }
}

/// One way of paying a booking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    pub method: PayMethod,
    /// Held now by the card or bKash, in paisa (0 for cash).
    pub hold: i64,
    /// Paid in person at the handover, in paisa.
    pub at_handover: i64,
    /// Why it is not offered; None when it is.
    pub not_offered: Option<NotOffered>,
    /// One more honest line for the buyer, when there is one.
    pub note: Option<&'static str>,
}

/// Every way of paying a booking, offered or not, in the order pages list them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayWays {
    /// Cash, card and bKash, in that order ([`PayMethod`]'s).
    pub choices: [Choice; 3],
}

impl PayWays {
    /// The offer for `booking` with these holders set up.
    pub fn of(booking: &Payable, holders: Holders<'_>) -> PayWays {
        let terms = booking.terms;
        let hold = booking.hold_amount();
        let choices = PayMethod::ALL.map(|method| {
            let not_offered = if !terms.takes(method) {
                Some(NotOffered::NotTaken(method))
            } else {
                match method {
                    PayMethod::Cash => booking.deposit.map(|_| NotOffered::DepositAsked),
                    PayMethod::Card if matches!(holders.card, Provider::Disabled) => {
                        Some(NotOffered::NotSetUp(method))
                    }
                    PayMethod::Card => (hold > CARD_MAX).then_some(NotOffered::AboveLimit(method)),
                    PayMethod::Bkash if holders.bkash.is_none() => {
                        Some(NotOffered::NotSetUp(method))
                    }
                    PayMethod::Bkash => {
                        (hold > WALLET_MAX).then_some(NotOffered::AboveLimit(method))
                    }
                }
            };
            let note =
                (method == PayMethod::Bkash && not_offered.is_none() && hold > BKASH_DAILY_TOP_UP)
                    .then_some(BKASH_TOP_UP_NOTE);
            Choice {
                method,
                hold: if method == PayMethod::Cash { 0 } else { hold },
                at_handover: booking.in_cash(method),
                not_offered,
                note,
            }
        });
        PayWays { choices }
    }

    /// The choice of `method` if it is offered; why not otherwise.
    pub fn allows(&self, method: PayMethod) -> Result<&Choice, NotOffered> {
        let choice = &self.choices[method as usize];
        match choice.not_offered {
            None => Ok(choice),
            Some(why) => Err(why),
        }
    }
}
