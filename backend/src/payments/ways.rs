//! What a buyer may pay a booking with (docs/deals.md "Paying"): the ways its listing
//! takes, that this marketplace has set up, and that can carry the amount — and, for
//! each, what is held now and what is paid in cash at the handover. The payment page
//! shows these ways as they are, and each way of paying checks it before it starts, so a
//! way the page does not offer is refused by the server too.

use super::bkash::WALLET_MAX;
use super::{Holders, Provider, CARD_MAX};
use crate::denied::Denied;
use crate::error::{AppError, FieldCode, Reason};
use crate::records::{PayMethod, Payable};
use crate::store::Refused;

/// A bKash wallet takes at most ৳50,000 of top-ups a day: a larger hold needs money the
/// buyer already has there.
pub const BKASH_DAILY_TOP_UP: i64 = 50_000 * 100;

/// One more thing a buyer should know before choosing a way, as a stable code (its
/// snake_case name) beside its English words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PayNote {
    /// A bKash hold larger than a day's top-ups.
    BkashDailyTopUp,
}

impl PayNote {
    pub fn message(self) -> &'static str {
        match self {
            PayNote::BkashDailyTopUp => {
                "A bKash wallet takes at most ৳50,000 of top-ups a day: have the amount in \
                 your wallet before you start."
            }
        }
    }
}

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
    /// Its stable code, for a page to say it in the buyer's language.
    pub fn code(self) -> Reason {
        match self {
            NotOffered::NotTaken(PayMethod::Cash) => Reason::Refused(Refused::CashNotTaken),
            NotOffered::NotTaken(PayMethod::Card) => Reason::Denied(Denied::CardNotTaken),
            NotOffered::NotTaken(PayMethod::Bkash) => Reason::Denied(Denied::BkashNotTaken),
            NotOffered::DepositAsked => Reason::Refused(Refused::DepositAsked),
            NotOffered::NotSetUp(PayMethod::Bkash) => Reason::Denied(Denied::BkashNotSetUp),
            NotOffered::NotSetUp(_) => Reason::Denied(Denied::CardsNotSetUp),
            NotOffered::AboveLimit(PayMethod::Bkash) => Reason::Denied(Denied::AboveWalletLimit),
            NotOffered::AboveLimit(_) => Reason::Denied(Denied::AboveCardLimit),
        }
    }

    /// The buyer's words for it, in English.
    pub fn reason(self) -> &'static str {
        self.code().message()
    }
}

impl From<NotOffered> for AppError {
    /// A way not offered, asked for all the same: the seller's choice is a conflict
    /// with the listing (409), a way not set up is unavailable here (503), an amount no
    /// retry can carry is the request's fault (422, as a card above Stripe's limit).
    fn from(why: NotOffered) -> Self {
        match why {
            NotOffered::AboveLimit(_) => {
                AppError::field("_id", FieldCode::AbovePaymentLimit, why.reason())
            }
            _ => AppError::Refusal(why.code()),
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
    pub note: Option<PayNote>,
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
                    .then_some(PayNote::BkashDailyTopUp);
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
