//! `booking`: how soon a seller learns of a booking. A seller's socket is signed in on
//! the last server; N other sockets are open over all of them; a buyer books, through
//! the first server's API, one new bike of that seller after another. For each booking
//! the seller's socket must get `order.created` (the My Buyers row) and
//! `notification.created` (the bell); latency runs from the booking's response.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::client::{self, MARKER};
use crate::{admin_token, open_fleet, session_token, stats, RunArgs};

/// When the seller's socket got each booking's two events.
#[derive(Default)]
struct Arrivals {
    row: Vec<Option<Instant>>,
    bell: Vec<Option<Instant>>,
}

/// Sends `request` and answers the new record's id; anything but 201 is an error.
async fn created(request: reqwest::RequestBuilder) -> Result<String, String> {
    let response = request.send().await.map_err(|e| e.to_string())?;
    let status = response.status();
    let body: Value = response.json().await.map_err(|e| e.to_string())?;
    if status.as_u16() != 201 {
        return Err(format!("{status}: {body}"));
    }
    body["insertedId"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("no insertedId: {body}"))
}

pub async fn bench(
    servers: &[String],
    bookings: usize,
    admin_email: &str,
    run: &RunArgs,
) -> Result<(), String> {
    let first = servers[0].trim_end_matches('/').to_owned();
    let last = servers[servers.len() - 1].trim_end_matches('/').to_owned();
    let http = reqwest::Client::new();
    let nonce = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    let admin = admin_token(&http, &first, admin_email).await?;
    let seller_email = format!("seller-{nonce}@bench.test");
    let seller = session_token(&http, &first, &seller_email, "seller").await?;
    let buyer = session_token(&http, &first, &format!("buyer-{nonce}@bench.test"), "buyer").await?;
    let category = created(
        http.post(format!("{first}/api/categories/{admin_email}"))
            .bearer_auth(&admin)
            .json(&json!({"categoryName": format!("Bench {nonce}"), "categoryImage": "/uploads/x.png"})),
    )
    .await?;
    let mut bikes = Vec::with_capacity(bookings);
    for k in 0..bookings {
        let body = json!({
            "categoryId": category, "productName": format!("{MARKER}{k}-{nonce}"),
            "productImage": "/uploads/x.png", "resalePrice": 150_000, "originalPrice": 200_000,
            "purchaseYear": 2021, "yearsOfUse": 3, "condition": "Good", "location": "Mirpur 10, Dhaka",
            "color": "Red", "sellerPhone": "01711-234567", "description": "A bench bike.",
        });
        let request = http
            .put(format!("{first}/api/products"))
            .bearer_auth(&seller)
            .json(&body);
        bikes.push(created(request).await?);
    }

    // The other sockets, then the seller's page.
    let urls: Vec<String> = servers
        .iter()
        .map(|s| client::ws_url(s, "/api/live"))
        .collect();
    let fleet = open_fleet(&urls, 0, run).await?;
    let mut socket = client::open(&client::ws_url(&last, "/api/live")).await?;
    client::sign_in(&mut socket, &seller).await?;
    let (mut to_server, mut from_server) = socket.split();
    // As the My Buyers page does: read the list, then resume from its position (a new
    // socket holds live events back briefly, waiting for that).
    let list = http
        .get(format!("{last}/api/sellerOrders/{seller_email}"))
        .bearer_auth(&seller)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let since: i64 = list
        .headers()
        .get("x-live-seq")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .ok_or("the seller's bookings carry no x-live-seq")?;
    to_server
        .send(Message::text(
            json!({"type": "resume", "since": since}).to_string(),
        ))
        .await
        .map_err(|e| e.to_string())?;
    let arrivals = Arc::new(Mutex::new(Arrivals {
        row: vec![None; bookings],
        bell: vec![None; bookings],
    }));
    let seen = arrivals.clone();
    tokio::spawn(async move {
        while let Some(Ok(message)) = from_server.next().await {
            let Message::Text(text) = message else {
                continue;
            };
            let now = Instant::now();
            let Some(k) = client::event_index(text.as_str()) else {
                continue;
            };
            let mut seen = seen.lock().unwrap_or_else(|p| p.into_inner());
            let slot = if text.contains(r#""event":"order.created""#) {
                seen.row.get_mut(k)
            } else if text.contains(r#""event":"notification.created""#) {
                seen.bell.get_mut(k)
            } else {
                None
            };
            if let Some(slot @ None) = slot {
                *slot = Some(now);
            }
        }
    });

    let mut responses = Vec::with_capacity(bookings);
    let mut requests = Vec::with_capacity(bookings);
    for (k, bike) in bikes.iter().enumerate() {
        if k > 0 {
            tokio::time::sleep(Duration::from_millis(run.gap_ms)).await;
        }
        let request = http
            .post(format!("{first}/api/orders"))
            .bearer_auth(&buyer)
            .json(&json!({"bookingId": bike, "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani 11"}));
        let start = Instant::now();
        let order = created(request)
            .await
            .map_err(|e| format!("booking {k}: {e}"))?;
        responses.push(Instant::now());
        requests.push(start);
        let deadline = Instant::now() + Duration::from_secs(run.timeout_s);
        loop {
            let done = {
                let seen = arrivals.lock().unwrap_or_else(|p| p.into_inner());
                seen.row[k].is_some() && seen.bell[k].is_some()
            };
            if done || Instant::now() > deadline {
                break;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // Withdrawn once measured: a buyer holds at most five open bookings.
        let cancelled = http
            .delete(format!("{first}/api/orders/{order}"))
            .bearer_auth(&buyer)
            .send()
            .await
            .map_err(|e| format!("cancelling booking {k}: {e}"))?;
        if !cancelled.status().is_success() {
            return Err(format!("cancelling booking {k}: {}", cancelled.status()));
        }
    }

    let seen = arrivals.lock().unwrap_or_else(|p| p.into_inner());
    let since = |from: &[Instant], to: &[Option<Instant>]| -> Vec<u64> {
        from.iter()
            .zip(to)
            .filter_map(|(start, at)| {
                at.map(|at| at.saturating_duration_since(*start).as_nanos() as u64)
            })
            .collect()
    };
    let missing = seen
        .row
        .iter()
        .chain(&seen.bell)
        .filter(|at| at.is_none())
        .count();
    println!(
        "== booking: {} servers, {} other sockets, {bookings} bookings; the seller's socket on the last server ==",
        servers.len(),
        run.sockets
    );
    println!(
        "delivered {}/{} (other sockets closed: {})",
        2 * bookings - missing,
        2 * bookings,
        fleet.closed.load(std::sync::atomic::Ordering::Relaxed)
    );
    println!(
        "response -> My Buyers row  {}",
        stats::spread(&mut since(&responses, &seen.row))
    );
    println!(
        "response -> bell           {}",
        stats::spread(&mut since(&responses, &seen.bell))
    );
    println!(
        "request  -> bell           {}",
        stats::spread(&mut since(&requests, &seen.bell))
    );
    let mut booking_ms: Vec<u64> = requests
        .iter()
        .zip(&responses)
        .map(|(s, c)| c.duration_since(*s).as_nanos() as u64)
        .collect();
    println!(
        "booking request itself    {}",
        stats::spread(&mut booking_ms)
    );
    if missing > 0 {
        return Err(format!("{missing} events never reached the seller"));
    }
    Ok(())
}
