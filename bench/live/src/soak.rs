//! `soak`: minutes of mixed traffic on running servers, with N live sockets open all
//! along. Browsing, signing in, listing and booking, paying, cancelling and reporting,
//! spread over every server; what each kind of request answered and how fast, the
//! servers' memory and open files every 10 s, and whether every socket received every
//! public event of the run in order (and each seller's sockets their bookings).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::client::{self, Fleet};
use crate::{admin_token, procfs, session_token, stats, RunArgs};

/// Events every page receives, signed in or not (docs/events.md).
const PUBLIC: [&str; 9] = [
    "category.created",
    "product.created",
    "product.updated",
    "product.sold",
    "product.unsold",
    "product.deleted",
    "advert.created",
    "advert.removed",
    "seller.verified",
];

/// Answers of one kind of request: counts by status class, and latencies.
#[derive(Default)]
struct Kind {
    /// 2xx, 3xx, 4xx other than 429, 429, 5xx, no answer.
    classes: [u64; 6],
    all: Vec<u64>,
    minute: Vec<u64>,
}

#[derive(Default)]
struct Tally {
    kinds: BTreeMap<&'static str, Kind>,
    /// Every 5xx and transport error: kind, request, status, body.
    failures: Vec<String>,
}

/// What the writers caused, to compare with what the sockets received.
#[derive(Default)]
struct Caused {
    /// Public events: product.created per listing, advert.created, product.sold.
    listed: u64,
    advertised: u64,
    sold: u64,
    /// Bookings (order ids) of each seller's bikes.
    bookings: HashMap<usize, Vec<String>>,
}

struct Soak {
    http: reqwest::Client,
    servers: Vec<String>,
    tally: Mutex<Tally>,
    caused: Mutex<Caused>,
    stop: AtomicBool,
}

/// Someone the bench signed up: e-mail and access token.
#[derive(Clone)]
struct Person {
    email: String,
    token: String,
}

impl Soak {
    fn server(&self, k: usize) -> &str {
        &self.servers[k % self.servers.len()]
    }

    /// One request of kind `kind`; its status and JSON body (Null when not JSON), or
    /// None when no answer came. Counted and timed under `kind`.
    async fn call(
        &self,
        kind: &'static str,
        method: Method,
        url: String,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Option<(StatusCode, Value)> {
        let mut request = self.http.request(method.clone(), &url);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let start = Instant::now();
        let answer = match request.send().await {
            Ok(response) => {
                let status = response.status();
                let text = response.text().await.unwrap_or_default();
                Ok((status, text))
            }
            Err(e) => Err(e.to_string()),
        };
        let nanos = start.elapsed().as_nanos() as u64;
        let mut guard = self.tally.lock().unwrap_or_else(|p| p.into_inner());
        let tally = &mut *guard;
        let entry = tally.kinds.entry(kind).or_default();
        entry.all.push(nanos);
        entry.minute.push(nanos);
        match answer {
            Ok((status, text)) => {
                let class = match status.as_u16() {
                    429 => 3,
                    200..=299 => 0,
                    300..=399 => 1,
                    400..=499 => 2,
                    _ => 4,
                };
                entry.classes[class] += 1;
                if class == 4 {
                    let body: String = text.chars().take(300).collect();
                    let line = format!("{kind}: {method} {url} -> {status} {body}");
                    eprintln!("5xx  {line}");
                    tally.failures.push(line);
                }
                Some((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
            }
            Err(e) => {
                entry.classes[5] += 1;
                let line = format!("{kind}: {method} {url} -> no answer: {e}");
                eprintln!("fail {line}");
                tally.failures.push(line);
                None
            }
        }
    }

    fn running(&self) -> bool {
        !self.stop.load(Ordering::Relaxed)
    }
}

fn inserted(answer: &Option<(StatusCode, Value)>) -> Option<String> {
    match answer {
        Some((status, body)) if status.as_u16() == 201 => {
            body["insertedId"].as_str().map(str::to_owned)
        }
        _ => None,
    }
}

fn ok(answer: &Option<(StatusCode, Value)>) -> bool {
    matches!(answer, Some((status, _)) if status.is_success())
}

/// Browsing: the home page's categories, one category's bikes, the advertised ones.
async fn browse(soak: Arc<Soak>, worker: usize, category: String, pause: Duration) {
    let mut k = worker;
    while soak.running() {
        let base = soak.server(k).to_owned();
        soak.call(
            "categories",
            Method::GET,
            format!("{base}/api/categories"),
            None,
            None,
        )
        .await;
        soak.call(
            "products",
            Method::GET,
            format!("{base}/api/products/{category}"),
            None,
            None,
        )
        .await;
        soak.call(
            "advertised",
            Method::GET,
            format!("{base}/api/advertise"),
            None,
            None,
        )
        .await;
        k += 1;
        tokio::time::sleep(pause).await;
    }
}

/// Signing in: log in, then the token exchange, for one bench account after another.
async fn sign_in(soak: Arc<Soak>, people: Vec<Person>, pause: Duration) {
    let mut k = 0;
    while soak.running() {
        let base = soak.server(k).to_owned();
        let email = &people[k % people.len()].email;
        let login = soak
            .call(
                "login",
                Method::POST,
                format!("{base}/api/auth/login"),
                None,
                Some(json!({"email": email, "password": "LiveBench#2026"})),
            )
            .await;
        if let Some((status, body)) = login {
            if let (true, Some(id_token)) = (status.is_success(), body["idToken"].as_str()) {
                soak.call(
                    "token exchange",
                    Method::PUT,
                    format!("{base}/api/users/{email}"),
                    Some(id_token),
                    Some(json!({"email": email})),
                )
                .await;
            }
        }
        k += 1;
        tokio::time::sleep(pause).await;
    }
}

/// A seller lists a bike, a buyer books it; then, in turn, the buyer pays for it,
/// cancels the booking, or reports the listing; every fifth bike is advertised first.
async fn trade(
    soak: Arc<Soak>,
    worker: usize,
    seller: (usize, Person),
    buyer: Person,
    category: String,
    nonce: u128,
    pause: Duration,
) {
    let (seller_index, seller) = seller;
    let mut k = 0;
    while soak.running() {
        let base = soak.server(worker + k).to_owned();
        let other = soak.server(worker + k + 1).to_owned();
        let listing = soak
            .call(
                "list",
                Method::PUT,
                format!("{base}/api/products"),
                Some(&seller.token),
                Some(json!({
                    "categoryId": category, "productName": format!("Soak {worker}-{k}-{nonce}"),
                    "productImage": "/uploads/x.png", "resalePrice": 150_000, "originalPrice": 200_000,
                    "purchaseYear": 2021, "yearsOfUse": 3, "condition": "Good", "location": "Mirpur 10, Dhaka",
                    "color": "Red", "sellerPhone": "01711-234567", "description": "A soak bike.",
                })),
            )
            .await;
        let Some(bike) = inserted(&listing) else {
            k += 1;
            tokio::time::sleep(pause).await;
            continue;
        };
        soak.caused.lock().unwrap_or_else(|p| p.into_inner()).listed += 1;
        if k % 5 == 0 {
            let advert = soak
                .call(
                    "advertise",
                    Method::POST,
                    format!("{other}/api/advertise"),
                    Some(&seller.token),
                    Some(json!({"advertiseId": bike})),
                )
                .await;
            if inserted(&advert).is_some() {
                soak.caused
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .advertised += 1;
            }
        }
        let booking = soak
            .call(
                "book",
                Method::POST,
                format!("{other}/api/orders"),
                Some(&buyer.token),
                Some(json!({"bookingId": bike, "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani 11, Dhaka"})),
            )
            .await;
        if let Some(order) = inserted(&booking) {
            soak.caused
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .bookings
                .entry(seller_index)
                .or_default()
                .push(order.clone());
            match k % 3 {
                0 => {
                    if pay(&soak, &base, &buyer, &order).await {
                        soak.caused.lock().unwrap_or_else(|p| p.into_inner()).sold += 1;
                    }
                }
                1 => {
                    soak.call(
                        "cancel",
                        Method::DELETE,
                        format!("{base}/api/orders/{order}"),
                        Some(&buyer.token),
                        None,
                    )
                    .await;
                }
                _ => {
                    soak.call(
                        "report",
                        Method::PATCH,
                        format!("{base}/api/products/{bike}"),
                        Some(&buyer.token),
                        Some(json!({"report": "reported"})),
                    )
                    .await;
                    // And withdrawn: a buyer holds at most five open bookings.
                    soak.call(
                        "cancel",
                        Method::DELETE,
                        format!("{base}/api/orders/{order}"),
                        Some(&buyer.token),
                        None,
                    )
                    .await;
                }
            }
        }
        k += 1;
        tokio::time::sleep(pause).await;
    }
}

/// A test-mode card payment of `order`: intent, card, payment record. Whether it was
/// recorded.
async fn pay(soak: &Soak, base: &str, buyer: &Person, order: &str) -> bool {
    let intent = soak
        .call(
            "pay: intent",
            Method::POST,
            format!("{base}/api/create-payment-intent"),
            Some(&buyer.token),
            Some(json!({"_id": order})),
        )
        .await;
    let Some(secret) = intent
        .as_ref()
        .filter(|_| ok(&intent))
        .and_then(|(_, body)| body["clientSecret"].as_str().map(str::to_owned))
    else {
        return false;
    };
    let confirmed = soak
        .call(
            "pay: card",
            Method::POST,
            format!("{base}/api/test-mode/confirm-card"),
            None,
            Some(json!({"clientSecret": secret,
                "card": {"number": "4242424242424242", "expMonth": 12, "expYear": 2034, "cvc": "123"},
                "billing": {"name": "Soak Buyer", "email": buyer.email}})),
        )
        .await;
    let Some(transaction) = confirmed
        .as_ref()
        .filter(|_| ok(&confirmed))
        .and_then(|(_, body)| body["paymentIntent"]["id"].as_str().map(str::to_owned))
    else {
        return false;
    };
    let recorded = soak
        .call(
            "pay: record",
            Method::POST,
            format!("{base}/api/payments"),
            Some(&buyer.token),
            Some(
                json!({"price": 1, "transactionId": transaction, "email": buyer.email,
                "bookingId": Value::Null, "ordersId": order}),
            ),
        )
        .await;
    ok(&recorded)
}

/// The public events in `log`, by sequence number.
fn public_seqs(log: &[client::Logged]) -> Vec<u64> {
    log.iter()
        .filter(|e| PUBLIC.contains(&e.event))
        .map(|e| e.seq)
        .collect()
}

/// RSS (KiB) and open files of each server at one moment.
struct Sample {
    at: Duration,
    rss: Vec<u64>,
    fds: Vec<usize>,
}

fn sample(pids: &[u32], at: Duration) -> Result<Sample, String> {
    Ok(Sample {
        at,
        rss: pids
            .iter()
            .map(|&p| procfs::rss_kib(p))
            .collect::<Result<_, _>>()?,
        fds: pids
            .iter()
            .map(|&p| procfs::open_files(p))
            .collect::<Result<_, _>>()?,
    })
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    if n == 0 {
        0.0
    } else {
        sum / n as f64
    }
}

/// The per-kind table: counts by class, p50/p99 of `latencies(kind)`.
fn print_kinds(tally: &mut Tally, minute: bool) {
    println!(
        "  {:<15} {:>6} {:>6} {:>5} {:>5} {:>5} {:>5} {:>5} {:>9} {:>9}",
        "kind", "total", "2xx", "3xx", "4xx", "429", "5xx", "error", "p50 ms", "p99 ms"
    );
    for (name, kind) in tally.kinds.iter_mut() {
        let latencies = if minute {
            &mut kind.minute
        } else {
            &mut kind.all
        };
        latencies.sort_unstable();
        let c = kind.classes;
        println!(
            "  {:<15} {:>6} {:>6} {:>5} {:>5} {:>5} {:>5} {:>5} {:>9} {:>9}",
            name,
            c.iter().sum::<u64>(),
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            c[5],
            stats::ms(stats::percentile(latencies, 50.0)),
            stats::ms(stats::percentile(latencies, 99.0)),
        );
        if minute {
            latencies.clear();
        }
    }
}

pub struct Plan {
    pub duration: Duration,
    pub sellers: usize,
    pub buyers: usize,
    pub signed_in_sockets: usize,
    pub trade_pause: Duration,
    pub browse_workers: usize,
    pub browse_pause: Duration,
    pub sign_in_pause: Duration,
}

pub async fn bench(
    servers: &[String],
    pids: &[u32],
    admin_email: &str,
    plan: &Plan,
    run: &RunArgs,
) -> Result<(), String> {
    let servers: Vec<String> = servers
        .iter()
        .map(|s| s.trim_end_matches('/').to_owned())
        .collect();
    let first = servers[0].clone();
    let http = reqwest::Client::new();
    let nonce = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    let admin = admin_token(&http, &first, admin_email).await?;
    let category: Value = http
        .post(format!("{first}/api/categories/{admin_email}"))
        .bearer_auth(&admin)
        .json(&json!({"categoryName": format!("Soak {nonce}"), "categoryImage": "/uploads/x.png"}))
        .send()
        .await
        .map_err(|e| e.to_string())?
        .json()
        .await
        .map_err(|e| e.to_string())?;
    let category = category["insertedId"]
        .as_str()
        .ok_or_else(|| format!("no category: {category}"))?
        .to_owned();
    let mut sellers = Vec::new();
    for i in 0..plan.sellers {
        let email = format!("soak-seller-{i}-{nonce}@bench.test");
        let token = session_token(&http, &first, &email, "seller").await?;
        sellers.push(Person { email, token });
    }
    let mut buyers = Vec::new();
    for i in 0..plan.buyers {
        let email = format!("soak-buyer-{i}-{nonce}@bench.test");
        let token = session_token(&http, &first, &email, "buyer").await?;
        buyers.push(Person { email, token });
    }

    // The sockets: the first ones signed in, in turn as each seller and buyer.
    let urls: Vec<String> = servers
        .iter()
        .map(|s| client::ws_url(s, "/api/live"))
        .collect();
    let mut sockets = client::open_all(&urls, run.sockets, run.concurrency).await?;
    let people: Vec<&Person> = sellers.iter().chain(&buyers).collect();
    let signed_in = plan.signed_in_sockets.min(run.sockets);
    // Socket i (signed in) belongs to people[i % people.len()].
    for (i, ws) in sockets.iter_mut().take(signed_in).enumerate() {
        client::sign_in(ws, &people[i % people.len()].token).await?;
    }
    let fleet = Arc::new(Fleet::logging(run.sockets));
    client::spawn_readers(&fleet, sockets, run.sockets_per_task);
    tokio::time::sleep(Duration::from_millis(run.settle_ms)).await;
    if fleet.closed.load(Ordering::Relaxed) > 0 {
        return Err("sockets closed while settling".into());
    }
    println!(
        "== soak: {} servers, {} s, {} sockets ({signed_in} signed in as {} sellers and {} buyers) ==",
        servers.len(),
        plan.duration.as_secs(),
        run.sockets,
        plan.sellers,
        plan.buyers
    );

    let soak = Arc::new(Soak {
        http: reqwest::Client::new(),
        servers: servers.clone(),
        tally: Mutex::new(Tally::default()),
        caused: Mutex::new(Caused::default()),
        stop: AtomicBool::new(false),
    });
    let mut workers = Vec::new();
    for w in 0..plan.browse_workers {
        workers.push(tokio::spawn(browse(
            soak.clone(),
            w,
            category.clone(),
            plan.browse_pause,
        )));
    }
    workers.push(tokio::spawn(sign_in(
        soak.clone(),
        buyers.iter().chain(&sellers).cloned().collect(),
        plan.sign_in_pause,
    )));
    for (w, seller) in sellers.iter().enumerate() {
        workers.push(tokio::spawn(trade(
            soak.clone(),
            w,
            (w, seller.clone()),
            buyers[w % buyers.len()].clone(),
            category.clone(),
            nonce,
            plan.trade_pause,
        )));
    }

    let start = Instant::now();
    let mut samples = vec![sample(pids, Duration::ZERO)?];
    let mut next_minute = 1;
    while start.elapsed() < plan.duration {
        tokio::time::sleep(
            Duration::from_secs(10).min(plan.duration.saturating_sub(start.elapsed())),
        )
        .await;
        samples.push(sample(pids, start.elapsed())?);
        if start.elapsed() >= Duration::from_secs(60 * next_minute) {
            let s = samples.last().expect("a sample");
            let received = fleet.received(run.sockets - 1).len();
            println!(
                "-- minute {next_minute}: RSS {} MiB, open files {:?}, sockets closed {}, events at the last socket {received} (this minute's latencies)",
                s.rss.iter().map(|k| (k / 1024).to_string()).collect::<Vec<_>>().join(" + "),
                s.fds,
                fleet.closed.load(Ordering::Relaxed),
            );
            print_kinds(
                &mut soak.tally.lock().unwrap_or_else(|p| p.into_inner()),
                true,
            );
            next_minute += 1;
        }
    }
    soak.stop.store(true, Ordering::Relaxed);
    for worker in workers {
        let _ = worker.await;
    }
    let elapsed = start.elapsed();
    // What was committed last still has to travel.
    tokio::time::sleep(Duration::from_secs(run.timeout_s)).await;

    println!("== soak: totals over {:.0} s ==", elapsed.as_secs_f64());
    let mut tally = soak.tally.lock().unwrap_or_else(|p| p.into_inner());
    print_kinds(&mut tally, false);
    let requests: u64 = tally
        .kinds
        .values()
        .map(|k| k.classes.iter().sum::<u64>())
        .sum();
    let server_errors: u64 = tally
        .kinds
        .values()
        .map(|k| k.classes[4] + k.classes[5])
        .sum();
    let throttled: u64 = tally.kinds.values().map(|k| k.classes[3]).sum();
    println!(
        "requests {requests} ({:.1}/s), 5xx or no answer {server_errors}, 429 {throttled}",
        requests as f64 / elapsed.as_secs_f64()
    );
    for failure in &tally.failures {
        println!("  FAILED {failure}");
    }

    // Memory and open files: the first minute against the last.
    let last_from = elapsed.saturating_sub(Duration::from_secs(60));
    for (i, pid) in pids.iter().enumerate() {
        let first: Vec<&Sample> = samples
            .iter()
            .filter(|s| s.at <= Duration::from_secs(60))
            .collect();
        let last: Vec<&Sample> = samples.iter().filter(|s| s.at >= last_from).collect();
        let rss = |set: &[&Sample]| mean(set.iter().map(|s| s.rss[i] as f64 / 1024.0));
        let fds = |set: &[&Sample]| mean(set.iter().map(|s| s.fds[i] as f64));
        println!(
            "server {} (pid {pid}): RSS first minute {:.1} MiB, last minute {:.1} MiB, max {:.1} MiB; open files first minute {:.0}, last minute {:.0}, max {} ({} samples)",
            i + 1,
            rss(&first),
            rss(&last),
            samples.iter().map(|s| s.rss[i]).max().unwrap_or(0) as f64 / 1024.0,
            fds(&first),
            fds(&last),
            samples.iter().map(|s| s.fds[i]).max().unwrap_or(0),
            samples.len()
        );
    }

    // Lost events. Every socket gets every public event, in commit order: the run's
    // public events are those any socket received, and each socket must have them all.
    let caused = soak.caused.lock().unwrap_or_else(|p| p.into_inner());
    let logs: Vec<Vec<client::Logged>> = (0..run.sockets).map(|i| fleet.received(i)).collect();
    let mut union: BTreeMap<u64, &str> = BTreeMap::new();
    for log in &logs {
        for e in log.iter().filter(|e| PUBLIC.contains(&e.event)) {
            union.entry(e.seq).or_insert(e.event);
        }
    }
    let mut by_name: BTreeMap<&str, usize> = BTreeMap::new();
    for name in union.values() {
        *by_name.entry(name).or_default() += 1;
    }
    let expected: Vec<u64> = union.keys().copied().collect();
    let writers_caused = caused.listed + caused.advertised + caused.sold;
    let mut short = 0;
    let mut out_of_order = 0;
    let mut missing_deliveries = 0;
    for log in &logs {
        let got = public_seqs(log);
        if got.windows(2).any(|w| w[0] >= w[1]) {
            out_of_order += 1;
        }
        let have: HashSet<u64> = got.iter().copied().collect();
        let missing = expected.iter().filter(|s| !have.contains(s)).count();
        if missing > 0 {
            short += 1;
            missing_deliveries += missing;
        }
    }
    println!(
        "public events the writers caused: {writers_caused} (listed {}, advertised {}, sold {}); public events the sockets received: {} {by_name:?}",
        caused.listed,
        caused.advertised,
        caused.sold,
        expected.len()
    );
    println!(
        "sockets missing public events: {short} of {} ({missing_deliveries} deliveries missing), out of order: {out_of_order}, resets: {}, closed: {}, other frames: {}",
        run.sockets,
        fleet.resets.load(Ordering::Relaxed),
        fleet.closed.load(Ordering::Relaxed),
        fleet.strays.load(Ordering::Relaxed)
    );

    // Each seller's signed-in sockets: an order.created for every booking of their bikes.
    let mut seller_sockets = 0;
    let mut seller_missing = 0;
    let mut seller_bookings = 0;
    for (i, log) in logs.iter().enumerate().take(signed_in) {
        let owner = i % people.len();
        if owner >= sellers.len() {
            continue;
        }
        seller_sockets += 1;
        let got: HashSet<&str> = log
            .iter()
            .filter(|e| e.event == "order.created")
            .filter_map(|e| e.id.as_deref())
            .collect();
        let wanted = caused
            .bookings
            .get(&owner)
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        seller_bookings += wanted.len();
        seller_missing += wanted
            .iter()
            .filter(|id| !got.contains(id.as_str()))
            .count();
    }
    println!(
        "sellers' sockets: {seller_sockets}, order.created expected {seller_bookings}, missing {seller_missing}"
    );

    let mut faults = Vec::new();
    if server_errors > 0 {
        faults.push(format!(
            "{server_errors} requests answered 5xx or not at all"
        ));
    }
    if (expected.len() as u64) < writers_caused {
        faults.push(format!(
            "{} public events no socket received",
            writers_caused - expected.len() as u64
        ));
    }
    if short > 0 || out_of_order > 0 || fleet.resets.load(Ordering::Relaxed) > 0 {
        faults.push(format!(
            "{short} sockets missing events, {out_of_order} out of order, {} resets",
            fleet.resets.load(Ordering::Relaxed)
        ));
    }
    if fleet.closed.load(Ordering::Relaxed) > 0 {
        faults.push(format!(
            "{} sockets closed",
            fleet.closed.load(Ordering::Relaxed)
        ));
    }
    if seller_missing > 0 {
        faults.push(format!(
            "{seller_missing} bookings never reached their seller's socket"
        ));
    }
    if faults.is_empty() {
        println!("verdict: PASS (no 5xx, no lost events; memory and open files above)");
        Ok(())
    } else {
        println!("verdict: FAIL ({})", faults.join("; "));
        Err(faults.join("; "))
    }
}
