//! bKash for the tests: the bKash-compatible server of `tools/fake-bkash` (Tokenized
//! Checkout with the authorisation intent, and bKash's page where the buyer approves).

pub use fake_bkash::*;
