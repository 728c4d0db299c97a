//! `fake-bkash [ADDR]`: serves the bKash-compatible test server (default 127.0.0.1:0)
//! and prints one JSON line once it listens — its address and the credentials to give
//! the server under test — for the browser tests and the demo.

use fake_bkash::{FakeBkash, APP_KEY, APP_SECRET, PASSWORD, USERNAME};

#[tokio::main]
async fn main() {
    let addr = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:0".into());
    let listener = tokio::net::TcpListener::bind(&addr)
        .await
        .unwrap_or_else(|e| panic!("cannot listen on {addr}: {e}"));
    let bkash = FakeBkash::serve(listener);
    let ready = serde_json::json!({
        "base": bkash.base,
        "appKey": APP_KEY,
        "appSecret": APP_SECRET,
        "username": USERNAME,
        "password": PASSWORD,
    });
    println!("{ready}");
    std::future::pending::<()>().await;
}
