//! Stripe for the tests: the Stripe-compatible server of `tools/fake-stripe`, which also
//! signs and delivers webhook events as Stripe does.

pub use fake_stripe::*;
