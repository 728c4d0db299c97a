//! Image uploads: real images are re-encoded and served back; hostile files are refused
//! without the server's memory ballooning.

use std::io::Cursor;

use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::pictures::{self, decompression_bomb, png};
use super::support::{on_both, Engine, ServerProcess, TestApp, TestDb, PASSWORD};

/// A JPEG carrying an EXIF segment with GPS coordinates, as phone photos do.
fn jpeg_with_gps() -> Vec<u8> {
    let img = image::RgbImage::from_fn(64, 48, |x, y| image::Rgb([x as u8 * 3, y as u8 * 4, 120]));
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Jpeg)
        .expect("encode jpeg");
    let jpeg = out.into_inner();
    let payload = b"Exif\0\0MM\0*\0\0\0\x08GPSLatitude 23.8103 N GPSLongitude 90.4125 E";
    let mut app1 = vec![0xFF, 0xE1];
    app1.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    app1.extend_from_slice(payload);
    let mut with_exif = jpeg[..2].to_vec();
    with_exif.extend_from_slice(&app1);
    with_exif.extend_from_slice(&jpeg[2..]);
    with_exif
}

/// What a picture too big to decode is refused with.
const TOO_MANY_PIXELS: &str = "The picture has too many pixels for us to process. Please upload \
                               a smaller one: an ordinary phone photo of up to 12 megapixels is fine.";
/// What a file that starts like an image but is none is refused with.
const DAMAGED: &str = "The image could not be read; the file may be damaged or incomplete.";
/// What an upload past the queue for the decoders is told.
const BUSY: &str =
    "Too many photos are being processed right now. Please try again in a few seconds.";

async fn upload(
    client: &reqwest::Client,
    base: &str,
    token: Option<&str>,
    name: &str,
    bytes: Vec<u8>,
) -> (StatusCode, Value) {
    let form = Form::new().part("image", Part::bytes(bytes).file_name(name.to_owned()));
    let mut request = client.post(format!("{base}/api/uploads")).multipart(form);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    match request.send().await {
        Ok(response) => {
            let status = response.status();
            (status, response.json().await.unwrap_or(Value::Null))
        }
        // The server may close the connection on a body over its limit before reading it all.
        Err(e) => panic!("upload failed to send: {e}"),
    }
}

#[tokio::test]
async fn a_photo_is_stored_without_its_gps_and_served_with_its_type() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let seller = app.sign_up("s@example.com", "Seller", "seller").await;
    let (status, body) = upload(
        &app.client,
        &app.base,
        Some(&seller.token),
        "bike.jpg",
        jpeg_with_gps(),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["success"], true);
    let url = body["data"]["display_url"].as_str().expect("display_url");
    assert!(
        url.starts_with("/uploads/") && url.ends_with(".jpg"),
        "{url}"
    );
    let response = app.client.get(app.url(url)).send().await.expect("fetch");
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "image/jpeg");
    let stored = response.bytes().await.expect("bytes");
    assert!(!stored.windows(4).any(|w| w == b"Exif"), "EXIF removed");
    assert!(!stored.windows(3).any(|w| w == b"GPS"), "GPS removed");
    image::load_from_memory(&stored).expect("still an image");

    let (status, body) = upload(
        &app.client,
        &app.base,
        Some(&seller.token),
        "p.png",
        png(40, 30),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

#[tokio::test]
async fn sign_up_can_upload_its_photo_between_identity_and_exchange() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let (_, body) = app
        .call(
            Method::POST,
            "/api/auth/signup",
            None,
            json!({"email": "new@example.com", "password": PASSWORD}),
        )
        .await;
    let id_token = body["idToken"].as_str().expect("idToken");
    let (status, body) = upload(
        &app.client,
        &app.base,
        Some(id_token),
        "me.png",
        png(32, 32),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, _) = upload(&app.client, &app.base, None, "me.png", png(32, 32)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn hostile_files_are_refused_with_clear_errors() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let seller = app.sign_up("s@example.com", "Seller", "seller").await;
    let token = Some(seller.token.as_str());
    let (status, body) = upload(
        &app.client,
        &app.base,
        token,
        "bike.png",
        b"#!/bin/sh\necho not a picture\n".to_vec(),
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    assert_eq!(body["error"], "unsupported_media_type");
    let (status, body) = upload(
        &app.client,
        &app.base,
        token,
        "bomb.png",
        decompression_bomb(),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"], "validation");
    for (name, bomb) in [
        ("deep.png", pictures::png_16_bit(6300)),
        ("frames.gif", pictures::gif((64, 64), (20_000, 20_000))),
    ] {
        let (status, body) = upload(&app.client, &app.base, token, name, bomb).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {body}");
        assert_eq!(body["fields"]["image"], TOO_MANY_PIXELS, "{name}");
    }
    let (status, body) = upload(&app.client, &app.base, token, "zip.png", pictures::zip()).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    let (status, body) = upload(
        &app.client,
        &app.base,
        token,
        "zip.png",
        pictures::png_signature_then_zip(),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["fields"]["image"], DAMAGED);
    // A photo cut short in transit is damaged: its decoder would fill the rest with grey.
    let whole = pictures::jpeg_photo(1200, 900, 24, 90);
    let (status, body) = upload(
        &app.client,
        &app.base,
        token,
        "cut.jpg",
        whole[..whole.len() / 2].to_vec(),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["fields"]["image"], DAMAGED);
    let (status, body) = upload(
        &app.client,
        &app.base,
        token,
        "huge.png",
        vec![0x89; 30 * 1024 * 1024],
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    let form = Form::new().text("other", "x");
    let response = app
        .client
        .post(app.url("/api/uploads"))
        .bearer_auth(&seller.token)
        .multipart(form)
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn hostile_uploads_do_not_balloon_the_server_process() {
    let Some(db) = TestDb::new(Engine::Sqlite).await else {
        return;
    };
    let server = ServerProcess::start(&db).await;
    let base = server.base.clone();
    let client = reqwest::Client::new();
    let baseline = server.peak_kib();
    let body = client
        .post(format!("{base}/api/auth/signup"))
        .json(&json!({"email": "s@example.com", "password": PASSWORD}))
        .send()
        .await
        .expect("signup")
        .json::<Value>()
        .await
        .expect("json");
    let id_token = body["idToken"].as_str().expect("idToken").to_owned();
    let deep = pictures::png_16_bit(6300);
    let frames = pictures::gif((64, 64), (20_000, 20_000));
    for _ in 0..3 {
        for (name, bomb) in [
            ("bomb.png", decompression_bomb()),
            ("deep.png", deep.clone()),
            ("frames.gif", frames.clone()),
        ] {
            let (status, _) = upload(&client, &base, Some(&id_token), name, bomb).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}");
        }
        // The server answers 413 and closes the connection without reading the rest; the
        // client sees either the answer or only the closed connection, depending on timing.
        let huge = Part::bytes(vec![0x42; 30 * 1024 * 1024]).file_name("huge.png");
        let sent = client
            .post(format!("{base}/api/uploads"))
            .bearer_auth(&id_token)
            .multipart(Form::new().part("image", huge))
            .send()
            .await;
        if let Ok(response) = sent {
            assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
        }
        let health = client
            .get(format!("{base}/api/health"))
            .send()
            .await
            .expect("still serving");
        assert_eq!(health.status(), StatusCode::OK);
    }
    let peak = server.peak_kib();
    drop(server);
    assert!(
        peak < baseline + 64 * 1024,
        "peak RSS grew from {baseline} KiB to {peak} KiB"
    );
}

#[tokio::test]
async fn an_upload_its_image_and_the_live_handshake_carry_the_browser_policies() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let seller = app
        .sign_up("seller@example.com", "Rahim Motors", "seller")
        .await;
    let client = reqwest::Client::new();
    let form = Form::new().part("image", Part::bytes(png(40, 30)).file_name("bike.png"));
    let answer = client
        .post(format!("{}/api/uploads", app.base))
        .bearer_auth(&seller.token)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    assert_eq!(answer.status(), StatusCode::CREATED);
    let header = super::support::header;
    assert_eq!(
        header(&answer, "cache-control"),
        "no-store",
        "a signed-in answer"
    );
    assert_eq!(
        header(&answer, "content-security-policy"),
        "default-src 'none'; frame-ancestors 'none'"
    );
    let body: Value = answer.json().await.expect("json");
    let url = body["data"]["display_url"]
        .as_str()
        .expect("url")
        .to_owned();

    let image = client
        .get(format!("{}{url}", app.base))
        .send()
        .await
        .expect("image");
    assert_eq!(image.status(), StatusCode::OK);
    assert!(header(&image, "content-security-policy").contains("sandbox"));
    assert_eq!(header(&image, "x-content-type-options"), "nosniff");
    assert_eq!(header(&image, "cross-origin-opener-policy"), "same-origin");

    let ws = format!("{}/api/live", app.base.replacen("http", "ws", 1));
    let (_socket, handshake) = tokio_tungstenite::connect_async(ws)
        .await
        .expect("handshake");
    let headers = handshake.headers();
    assert_eq!(
        headers.get("x-content-type-options").map(|v| v.as_bytes()),
        Some(&b"nosniff"[..])
    );
    assert!(headers.get("permissions-policy").is_some(), "{headers:?}");
    assert!(
        headers.get("content-encoding").is_none(),
        "an upgrade is never compressed"
    );
}

#[tokio::test]
async fn one_user_uploads_at_most_sixty_photos_in_ten_minutes_and_is_told_when_to_come_back() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let seller = app
        .sign_up("seller@example.com", "Rahim Motors", "seller")
        .await;
    let other = app
        .sign_up("other@example.com", "Nadia Motors", "seller")
        .await;
    let client = reqwest::Client::new();
    let photo = png(8, 6);
    for n in 0..60 {
        let (status, body) = upload(
            &client,
            &app.base,
            Some(&seller.token),
            "bike.png",
            photo.clone(),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "photo {n}: {body}");
    }
    let form = Form::new().part("image", Part::bytes(photo.clone()).file_name("bike.png"));
    let refused = client
        .post(format!("{}/api/uploads", app.base))
        .bearer_auth(&seller.token)
        .multipart(form)
        .send()
        .await
        .expect("answered");
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = refused
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    assert!((1..=600).contains(&wait), "{wait}");
    let body: Value = refused.json().await.expect("json");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("You have uploaded many photos in a short time.")),
        "{body}"
    );
    // Someone else's uploads are their own.
    let (status, _) = upload(&client, &app.base, Some(&other.token), "bike.png", photo).await;
    assert_eq!(status, StatusCode::CREATED);
}

/// The address of `base` (`http://127.0.0.1:PORT`) for a raw connection.
fn socket_address(base: &str) -> String {
    base.trim_start_matches("http://").to_owned()
}

/// Starts an upload of a 9 MB file and sends only its first kilobytes, then keeps the
/// connection open without sending more: the server has claimed its slot (or sign-up
/// photo) and is waiting for the rest. Dropping the stream is the client going away.
async fn upload_left_hanging(base: &str, token: &str) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;
    let head = "--cut\r\nContent-Disposition: form-data; name=\"image\"; filename=\"bike.jpg\"\r\n\
                Content-Type: image/jpeg\r\n\r\n";
    let request = format!(
        "POST /api/uploads HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary=cut\r\nContent-Length: {length}\r\n\r\n{head}",
        host = socket_address(base),
        length = head.len() + 9_000_000,
    );
    let mut stream = tokio::net::TcpStream::connect(socket_address(base))
        .await
        .expect("connect");
    stream.write_all(request.as_bytes()).await.expect("head");
    stream
        .write_all(&pictures::jpeg_photo(64, 48, 8, 90))
        .await
        .expect("the first bytes");
    stream
}

/// Waits (at most ten seconds) until one of the app's `slots` upload slots is taken.
async fn a_slot_is_taken(app: &TestApp, slots: usize) {
    for _ in 0..1000 {
        if app.state.decode_slots.free() < slots {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("the upload never took its slot");
}

/// Uploads a small photo again and again, for at most `within`, until the answer is `wanted`;
/// the last answer.
async fn upload_until(
    app: &TestApp,
    token: &str,
    wanted: StatusCode,
    within: std::time::Duration,
) -> (StatusCode, Value) {
    let started = std::time::Instant::now();
    loop {
        let answer = upload(&app.client, &app.base, Some(token), "bike.png", png(8, 6)).await;
        if answer.0 == wanted || started.elapsed() > within {
            return answer;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn past_the_queue_an_upload_is_told_to_come_back_and_a_client_gone_mid_file_frees_its_slot() {
    on_both(|engine| async move {
        let Some(app) =
            TestApp::spawn_with(engine, &["--upload-slots", "1", "--upload-queue", "0"]).await
        else {
            return;
        };
        let seller = app.sign_up("s@example.com", "Seller", "seller").await;
        let hanging = upload_left_hanging(&app.base, &seller.token).await;
        a_slot_is_taken(&app, 1).await;
        // The hanging upload holds the one slot: the next has no place to wait.
        let (status, body) = upload(
            &app.client,
            &app.base,
            Some(&seller.token),
            "bike.png",
            png(8, 6),
        )
        .await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{engine:?}: {body}");
        assert_eq!(body["error"], "too_many_requests");
        assert_eq!(body["message"], BUSY);
        let form = Form::new().part("image", Part::bytes(png(8, 6)).file_name("bike.png"));
        let refused = app
            .request(Method::POST, "/api/uploads", Some(&seller.token))
            .multipart(form)
            .send()
            .await
            .expect("answered");
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(refused.headers()["retry-after"], "5");

        // The client goes away half-way through its file: its slot is free again.
        drop(hanging);
        let (status, body) = upload_until(
            &app,
            &seller.token,
            StatusCode::CREATED,
            std::time::Duration::from_secs(10),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{engine:?}: {body}");
        assert_eq!(app.state.decode_slots.free(), 1);
    })
    .await;
}

#[tokio::test]
async fn a_sign_up_photo_left_half_sent_can_be_sent_again() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let (_, body) = app
            .call(
                Method::POST,
                "/api/auth/signup",
                None,
                json!({"email": "new@example.com", "password": PASSWORD}),
            )
            .await;
        let id_token = body["idToken"].as_str().expect("idToken").to_owned();
        let hanging = upload_left_hanging(&app.base, &id_token).await;
        // It claims the photo of sign-up before its slot.
        a_slot_is_taken(&app, bikehaat::images::SLOTS).await;
        let (status, body) =
            upload(&app.client, &app.base, Some(&id_token), "me.png", png(8, 6)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{engine:?}: {body}");
        drop(hanging);
        let (status, body) = upload_until(
            &app,
            &id_token,
            StatusCode::CREATED,
            std::time::Duration::from_secs(10),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{engine:?}: {body}");
    })
    .await;
}

/// The peak resident memory the server may reach under the crowd of uploads, in KiB.
const CROWD_PEAK_LIMIT_KIB: u64 = 512 * 1024;

#[tokio::test]
async fn fifty_nine_megabyte_photos_at_once_all_get_an_answer_and_the_server_stays_under_512_mb() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    // Fifty people half-way through sign-up, each with their one photo, from fifty
    // addresses: one sender or one address could not have more than a few in flight.
    let mut proofs = Vec::new();
    for n in 0..50 {
        let (status, body) = app
            .call(
                Method::POST,
                "/api/auth/signup",
                None,
                json!({"email": format!("crowd{n}@example.com"), "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        proofs.push(body["idToken"].as_str().expect("idToken").to_owned());
    }
    // A second process on the same database, so its memory is the uploads' alone,
    // behind a proxy that reports each client's address.
    let server =
        ServerProcess::start_with(&app.db().dir, &[("BIKEHAAT_TRUST_PROXY", "true")]).await;
    let photo = axum::body::Bytes::from(pictures::jpeg_photo(4032, 3024, 40, 92));
    assert!(
        (8_500_000..10_000_000).contains(&photo.len()),
        "a 9 MB photo: {} bytes",
        photo.len()
    );
    let client = reqwest::Client::new();
    let started = std::time::Instant::now();
    let uploads = proofs.iter().enumerate().map(|(n, proof)| {
        let form = Form::new().part(
            "image",
            Part::stream_with_length(photo.clone(), photo.len() as u64).file_name("bike.jpg"),
        );
        let request = client
            .post(format!("{}/api/uploads", server.base))
            .bearer_auth(proof)
            .header("x-forwarded-for", format!("198.51.100.{n}"))
            .multipart(form);
        async move {
            let response = request.send().await.expect("every upload is answered");
            let status = response.status();
            let retry_after = response.headers().get("retry-after").cloned();
            let body: Value = response.json().await.expect("a JSON answer");
            (status, retry_after, body)
        }
    });
    let answers = futures_util::future::join_all(uploads).await;
    let took = started.elapsed();
    let peak = server.peak_kib();
    let stored = answers
        .iter()
        .filter(|(status, ..)| *status == StatusCode::CREATED)
        .count();
    let refused: Vec<_> = answers
        .iter()
        .filter(|(status, ..)| *status == StatusCode::TOO_MANY_REQUESTS)
        .collect();
    eprintln!(
        "50 uploads of {} bytes: {stored} stored, {} told to come back, in {took:?}; \
         server peak {} MiB",
        photo.len(),
        refused.len(),
        peak / 1024
    );
    assert_eq!(
        stored + refused.len(),
        50,
        "every upload is stored or told to come back: {:?}",
        answers.iter().map(|a| (a.0, &a.2)).collect::<Vec<_>>()
    );
    assert!(stored >= 4, "the slots and the queue were served: {stored}");
    assert!(!refused.is_empty(), "past the queue, uploads are refused");
    for (_, retry_after, body) in refused {
        assert_eq!(body["message"], BUSY);
        assert_eq!(retry_after.as_ref().map(|v| v.as_bytes()), Some(&b"5"[..]));
    }
    assert!(
        peak < CROWD_PEAK_LIMIT_KIB,
        "peak resident memory {} MiB",
        peak / 1024
    );
}

#[tokio::test]
async fn an_upload_that_is_not_a_readable_form_is_refused_as_described() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let seller = app.sign_up("s@example.com", "Seller", "seller").await;
    let described = super::support::Described::default();
    let send = |content_type: &'static str, body: &'static str| {
        app.client
            .post(app.url("/api/uploads"))
            .bearer_auth(&seller.token)
            .header("content-type", content_type)
            .body(body)
            .send()
    };

    let answer = send("application/json", r#"{"image":"bike.jpg"}"#)
        .await
        .expect("answer");
    let status = answer.status();
    let body: Value = answer.json().await.expect("our error body");
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    assert_eq!(body["error"], "unsupported_media_type");
    described.assert_answer("post", "/uploads", status, &body);

    let answer = send("multipart/form-data; boundary=x", "--x\r\nnot a part")
        .await
        .expect("answer");
    let status = answer.status();
    let body: Value = answer.json().await.expect("our error body");
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    described.assert_answer("post", "/uploads", status, &body);
}

/// Starts an upload as `token` from `client` (through the trusted proxy) whose file
/// never finishes arriving; the connection stays open while it is held.
async fn upload_left_half_sent(base: &str, token: &str, client: &str) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;
    let mut stream = tokio::net::TcpStream::connect(base.trim_start_matches("http://"))
        .await
        .expect("connect");
    let head = format!(
        "POST /api/uploads HTTP/1.1\r\nHost: bikehaat\r\nAuthorization: Bearer {token}\r\n\
         X-Forwarded-For: {client}\r\nContent-Type: multipart/form-data; boundary=XYZ\r\n\
         Content-Length: 100000\r\n\r\n--XYZ\r\nContent-Disposition: form-data; name=\"image\"; \
         filename=\"bike.jpg\"\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.expect("head");
    stream
}

#[tokio::test]
async fn one_sender_or_one_address_cannot_hold_every_upload_slot() {
    let Some(app) = TestApp::spawn_with(Engine::Sqlite, &["--trust-proxy"]).await else {
        return;
    };
    let seller = app.sign_up("s@example.com", "Seller", "seller").await;
    let other = app.sign_up("o@example.com", "Other", "seller").await;
    let photo = pictures::jpeg_photo(400, 300, 8, 90);
    let send = |token: String, client: &'static str| {
        let form = Form::new().part("image", Part::bytes(photo.clone()).file_name("bike.jpg"));
        let request = app
            .client
            .post(format!("{}/api/uploads", app.base))
            .bearer_auth(token)
            .header("x-forwarded-for", client)
            .multipart(form);
        async move {
            let response = request.send().await.expect("an answer");
            (
                response.status(),
                response.json::<Value>().await.unwrap_or(Value::Null),
            )
        }
    };
    // Two slow uploads of one seller: a third of theirs waits for them.
    let _first = upload_left_half_sent(&app.base, &seller.token, "203.0.113.1").await;
    let _second = upload_left_half_sent(&app.base, &seller.token, "203.0.113.2").await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let (status, body) = send(seller.token.clone(), "203.0.113.3").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("still uploading")),
        "{body}"
    );
    let (status, body) = send(other.token.clone(), "203.0.113.3").await;
    assert_eq!(status, StatusCode::CREATED, "another seller: {body}");
    // Three slow uploads from one address: a fourth from there waits too.
    let _third = upload_left_half_sent(&app.base, &other.token, "203.0.113.9").await;
    let _fourth = upload_left_half_sent(&app.base, &other.token, "203.0.113.9").await;
    let newcomer = app.sign_up("n@example.com", "Newcomer", "seller").await;
    let _fifth = upload_left_half_sent(&app.base, &newcomer.token, "203.0.113.9").await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let last = app.sign_up("l@example.com", "Last", "seller").await;
    let (status, body) = send(last.token.clone(), "203.0.113.9").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let (status, body) = send(last.token.clone(), "203.0.113.10").await;
    assert_eq!(status, StatusCode::CREATED, "from elsewhere: {body}");
}

#[tokio::test]
async fn photos_nothing_uses_are_swept_a_day_after_their_upload() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("s@example.com", "Seller", "seller").await;
        let category = app.category(&admin, "Sports").await;
        let photo = || pictures::jpeg_photo(400, 300, 8, 90);
        let mut urls = Vec::new();
        for n in 0..4 {
            let (status, body) = upload(
                &app.client,
                &app.base,
                Some(&seller.token),
                &format!("{n}.jpg"),
                photo(),
            )
            .await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
            urls.push(
                body["data"]["display_url"]
                    .as_str()
                    .expect("url")
                    .to_owned(),
            );
        }
        // The first is a listing's cover, the second one of its photos, the third was
        // never used, the fourth was uploaded just now.
        let mut body = super::support::listing_body(&category, "Yamaha R15", 4100);
        body["productImage"] = json!(urls[0]);
        body["productImages"] = json!([urls[0], urls[1]]);
        let (status, created) = app
            .call(Method::PUT, "/api/products", Some(&seller.token), body)
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let dir = app.state.settings.uploads_dir.clone();
        let file = |url: &str| dir.join(url.trim_start_matches("/uploads/"));
        let two_days_ago =
            std::time::SystemTime::now() - std::time::Duration::from_secs(2 * 24 * 3600);
        for url in &urls[..3] {
            let opened = std::fs::File::options()
                .write(true)
                .open(file(url))
                .expect("the stored photo");
            opened.set_modified(two_days_ago).expect("age it");
        }
        let demo = dir.join("demo-bike-old.svg");
        std::fs::write(&demo, "<svg/>").expect("a demo picture");
        std::fs::File::options()
            .write(true)
            .open(&demo)
            .and_then(|f| f.set_modified(two_days_ago))
            .expect("age it");

        let swept = bikehaat::routes::sweep_unused(
            app.state.store.as_ref(),
            &dir,
            bikehaat::routes::UNUSED_KEPT_FOR,
        )
        .await
        .expect("sweep");
        assert_eq!(swept, 1);
        assert!(
            file(&urls[0]).exists() && file(&urls[1]).exists(),
            "a listing's photos stay"
        );
        assert!(
            !file(&urls[2]).exists(),
            "an upload nothing used for a day goes"
        );
        assert!(file(&urls[3]).exists(), "a fresh upload waits for its form");
        assert!(demo.exists(), "only uploaded photos are ever swept");
    })
    .await;
}

#[tokio::test]
async fn an_upload_sent_with_an_idempotency_key_is_stored_as_any_other() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let seller = app.sign_up("s@example.com", "Seller", "seller").await;
    // Larger than any JSON body: not held in memory as a write to replay.
    let photo = pictures::jpeg_photo(3000, 2000, 40, 92);
    assert!(photo.len() > 512 * 1024, "{}", photo.len());
    let form = Form::new().part("image", Part::bytes(photo).file_name("bike.jpg"));
    let response = app
        .client
        .post(format!("{}/api/uploads", app.base))
        .bearer_auth(&seller.token)
        .header("idempotency-key", "photo-1")
        .multipart(form)
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), StatusCode::CREATED);
}
