//! JSON answers travel compressed when the client accepts it; a category's listing is
//! sent from its kept compressed copy, byte for byte the same JSON.

use std::io::Read;

use reqwest::header::{ACCEPT_ENCODING, CONTENT_ENCODING, VARY};
use reqwest::StatusCode;
use serde_json::Value;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use super::support::{header, on_both, TestApp};

fn decoded(encoding: &str, body: &[u8]) -> Vec<u8> {
    let mut plain = Vec::new();
    match encoding {
        "br" => brotli::Decompressor::new(body, 4096)
            .read_to_end(&mut plain)
            .expect("brotli"),
        "gzip" => flate2::read::GzDecoder::new(body)
            .read_to_end(&mut plain)
            .expect("gzip"),
        "" => return body.to_vec(),
        other => panic!("unexpected encoding {other}"),
    };
    plain
}

/// `path` fetched with `accept` (or no Accept-Encoding): its encoding, Vary, the
/// `x-live-seq` it carries, and the decoded body.
async fn fetch(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
    accept: Option<&str>,
) -> (String, String, String, Vec<u8>) {
    let mut request = reqwest::Client::new().get(app.url(path));
    if let Some(accept) = accept {
        request = request.header(ACCEPT_ENCODING, accept);
    }
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let answer = request.send().await.expect("answer");
    assert_eq!(answer.status(), StatusCode::OK, "{path}");
    let encoding = header(&answer, CONTENT_ENCODING.as_str()).to_owned();
    let vary = header(&answer, VARY.as_str()).to_owned();
    let seq = header(&answer, "x-live-seq").to_owned();
    let body = answer.bytes().await.expect("body");
    let plain = decoded(&encoding, &body);
    (encoding, vary, seq, plain)
}

#[tokio::test]
async fn a_category_listing_is_sent_from_its_kept_compressed_copies() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app
            .sign_up("rahim@example.com", "Rahim Motors", "seller")
            .await;
        let buyer = app.sign_up("sadia@example.com", "Sadia", "buyer").await;
        let category = app.category(&admin, "Scooters").await;
        for n in 0..12 {
            app.list_bike(
                &seller,
                &category,
                &format!("Honda Dio 110 no. {n}"),
                95_000,
            )
            .await;
        }
        let path = format!("/api/products/{category}");
        for token in [None, Some(buyer.token.as_str())] {
            let (encoding, _, plain_seq, plain) = fetch(&app, &path, token, None).await;
            assert_eq!(encoding, "");
            let listing: Value = serde_json::from_slice(&plain).expect("JSON");
            assert_eq!(listing.as_array().map(Vec::len), Some(12));
            for (accept, expected) in [("gzip, deflate, br", "br"), ("gzip", "gzip")] {
                // Twice: once made, once from the kept copy.
                for _ in 0..2 {
                    let (encoding, vary, seq, body) = fetch(&app, &path, token, Some(accept)).await;
                    assert_eq!(encoding, expected, "{accept}");
                    assert_eq!(vary, "accept-encoding");
                    // The position the bytes were read at, as on the uncompressed answer
                    // (later if the kept copy aged out and was read again).
                    let (seq, plain_seq): (i64, i64) = (
                        seq.parse().expect("x-live-seq"),
                        plain_seq.parse().expect("x-live-seq"),
                    );
                    assert!(seq >= plain_seq, "{seq} < {plain_seq}");
                    assert_eq!(body, plain, "the same JSON, {accept}");
                }
            }
        }
    })
    .await;
}

#[tokio::test]
async fn other_json_answers_are_compressed_as_they_are_sent_and_small_ones_are_not() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let (encoding, _, _, plain) = fetch(&app, "/api/openapi.json", None, None).await;
        assert_eq!(encoding, "");
        let (encoding, vary, _, body) = fetch(&app, "/api/openapi.json", None, Some("br")).await;
        assert_eq!(encoding, "br");
        assert!(vary.contains("accept-encoding"), "{vary}");
        assert_eq!(body, plain);
        let (encoding, _, _, body) =
            fetch(&app, "/api/openapi.json", None, Some("gzip;q=1, br;q=0.5")).await;
        assert_eq!(encoding, "gzip");
        assert_eq!(body, plain);

        let (encoding, _, _, _) = fetch(&app, "/api/health", None, Some("gzip, br")).await;
        assert_eq!(encoding, "", "too small to be worth it");
    })
    .await;
}

#[tokio::test]
async fn the_live_handshake_is_never_compressed() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let mut request = format!("{}/api/live", app.url("").replacen("http", "ws", 1))
            .into_client_request()
            .expect("request");
        request.headers_mut().insert(
            "Accept-Encoding",
            "gzip, deflate, br".parse().expect("value"),
        );
        let (_socket, handshake) = tokio_tungstenite::connect_async(request)
            .await
            .expect("handshake");
        assert_eq!(handshake.status(), 101);
        assert!(handshake.headers().get("content-encoding").is_none());
    })
    .await;
}
