//! Stripe for the tests: the Stripe-compatible server of `tools/fake-stripe`, and the
//! webhook deliveries it would send, signed as Stripe signs them.

pub use fake_stripe::*;

/// A webhook delivery Stripe would send for `kind` about `intent`: the body and its
/// `Stripe-Signature` header, signed `age` seconds ago.
pub fn event(
    stripe: &FakeStripe,
    event_id: &str,
    kind: &str,
    intent: &str,
    age: i64,
) -> (String, String) {
    let created = chrono::Utc::now().timestamp() - age;
    let body = event_body(event_id, kind, &stripe.intent(intent), created);
    let signature = bikehaat::payments::webhook::sign(body.as_bytes(), WEBHOOK_SECRET, created);
    (body, signature)
}
