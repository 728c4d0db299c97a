//! Card payments. The server never trusts the page about money: it creates the payment
//! intent for the booking's price and records a payment only after the provider says
//! that intent succeeded. Without Stripe keys the built-in test-mode provider stands in
//! (its intents live in our database, its card check honours Stripe's test cards).

use rand::RngCore;

use crate::error::AppResult;
use crate::store::prelude::*;
use crate::store::TestPaymentIntent;

pub mod test_card;

/// All prices are in US dollars (the spec shows a $ prefix).
pub const CURRENCY: &str = "usd";

/// Which card provider takes payments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    /// The built-in test-mode provider: no real money, Stripe's test cards.
    TestMode,
}

/// A payment intent the page confirms with the card.
#[derive(Debug, Clone)]
pub struct Intent {
    pub id: String,
    pub client_secret: String,
    pub amount: i64,
}

/// What the provider says about a transaction that succeeded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Succeeded {
    pub order_id: i64,
    pub amount: i64,
    pub currency: String,
}

/// `n` random bytes as lower-case hex.
pub fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl Provider {
    /// "test" or "stripe", for the page.
    pub fn name(self) -> &'static str {
        match self {
            Provider::TestMode => "test",
        }
    }

    /// Creates an intent to pay `amount` cents for booking `order_id`.
    pub async fn create_intent(
        self,
        store: &dyn Store,
        order_id: i64,
        amount: i64,
    ) -> AppResult<Intent> {
        match self {
            Provider::TestMode => {
                let id = format!("pi_test_{}", random_hex(12));
                let client_secret = format!("{id}_secret_{}", random_hex(16));
                store
                    .create_test_payment_intent(&TestPaymentIntent {
                        id: id.clone(),
                        client_secret: client_secret.clone(),
                        order_id,
                        amount,
                        currency: CURRENCY.to_owned(),
                        status: "requires_payment_method".to_owned(),
                    })
                    .await?;
                Ok(Intent {
                    id,
                    client_secret,
                    amount,
                })
            }
        }
    }

    /// The succeeded payment behind `transaction_id`, or None if it did not succeed.
    pub async fn succeeded(
        self,
        store: &dyn Store,
        transaction_id: &str,
    ) -> AppResult<Option<Succeeded>> {
        match self {
            Provider::TestMode => Ok(store
                .test_payment_intent_by_id(transaction_id)
                .await?
                .filter(|intent| intent.status == "succeeded")
                .map(|intent| Succeeded {
                    order_id: intent.order_id,
                    amount: intent.amount,
                    currency: intent.currency,
                })),
        }
    }
}
