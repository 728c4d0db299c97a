//! `fake-stripe [ADDR]`: serves the Stripe-compatible test server (default 127.0.0.1:0)
//! and prints one JSON line once it listens — its address and the keys to give the
//! server under test — for the browser tests.

use fake_stripe::{FakeStripe, PUBLISHABLE_KEY, SECRET_KEY, WEBHOOK_SECRET};

#[tokio::main]
async fn main() {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:0".into());
    let listener = tokio::net::TcpListener::bind(&addr)
        .await
        .unwrap_or_else(|e| panic!("cannot listen on {addr}: {e}"));
    let stripe = FakeStripe::serve(listener);
    let ready = serde_json::json!({
        "base": stripe.base,
        "secretKey": SECRET_KEY,
        "publishableKey": PUBLISHABLE_KEY,
        "webhookSecret": WEBHOOK_SECRET,
    });
    println!("{ready}");
    std::future::pending::<()>().await;
}
