//! `sales` and `sales-bare`: the write path. How many sales a second one process makes —
//! a buyer books a bike, pays for it by card and the bike is sold, with the events each
//! step logs — and at what latency, with 1, 2, 4, … buyers at once.
//!
//! - `sales`: through one bikehaat server's API, as the page does it: `POST /api/orders`,
//!   `POST /api/create-payment-intent`, `POST /api/test-mode/confirm-card` and
//!   `POST /api/payments` (the built-in test card provider).
//! - `sales-bare`: the same four writes straight through the store (`bikehaat::store`,
//!   sqlx), with no HTTP, sign-in, validation or reads around them: what the database
//!   itself allows, the yardstick for `sales`.
//!
//! A card payment only holds the price (docs/deals.md). With `--handover`, each card sale
//! is carried to the end: the buyer's `GET /api/orders/{id}/handover-code` and the
//! seller's `POST /api/orders/{id}/handover`, which captures the hold (bare:
//! `handover_code`, `hand_over`, `hold_captured`).
//!
//! With `--cash`, each sale is a deal paid in cash at the meet-up instead:
//! `POST /api/orders`, `POST /api/orders/{id}/cash`, the buyer's
//! `GET /api/orders/{id}/handover-code` and the seller's `POST /api/orders/{id}/handover`
//! (bare: `create_booking`, `choose_cash`, `handover_code`, `hand_over`).

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use bikehaat::records::{
    Handover, HoldMethod, Language, NewBooking, NewListing, NewPayment, NewUser, PaidAmount,
    Payable, PaymentRecorded, Role, TestPaymentIntent,
};

use bikehaat::store::Store;
use futures_util::StreamExt;
use serde_json::{json, Value};

use crate::{procfs, session_token, stats, Sweep};

/// The latency a sale may take at the 99th percentile for its rate to count.
const P99_LIMIT: Duration = Duration::from_millis(50);
/// Listings created at once while preparing.
const PREPARE_AT_ONCE: usize = 8;
/// Price of every bench bike, in taka.
const PRICE: i64 = 150_000;

/// How one level of the sweep went.
struct Level {
    buyers: usize,
    sales: usize,
    errors: usize,
    elapsed: Duration,
    latencies: Vec<u64>,
    /// The CPU of the processes watched (the server's, PostgreSQL's).
    cpu: Option<Duration>,
    /// The CPU of this load generator itself (its HTTP client; for `sales-bare`, the
    /// store's work, which runs in it).
    own_cpu: Option<Duration>,
}

impl Level {
    fn per_second(&self) -> f64 {
        self.sales as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    fn p99(&self) -> u64 {
        stats::percentile(&self.latencies, 99.0)
    }
}

/// Runs `sale(buyer, bike)` from `buyers` workers at once for `seconds`, each taking the
/// next unsold bike of `bikes` (the level ends early when they are all sold); the CPU
/// of the `watched` processes over the level.
async fn level<F, Fut>(
    buyers: usize,
    seconds: u64,
    bikes: std::ops::Range<usize>,
    watched: &Watched,
    sale: F,
) -> Result<Level, String>
where
    F: Fn(usize, usize) -> Fut + Clone + Send + 'static,
    Fut: Future<Output = Result<(), String>> + Send,
{
    let next_bike = Arc::new(AtomicUsize::new(bikes.start));
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let errors = Arc::new(AtomicUsize::new(0));
    let cpu_before = watched.snapshot();
    let own = Watched::process(Some(std::process::id()), false);
    let own_before = own.snapshot();
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let mut workers = Vec::with_capacity(buyers);
    for buyer in 0..buyers {
        let (latencies, errors, next_bike, sale) = (
            latencies.clone(),
            errors.clone(),
            next_bike.clone(),
            sale.clone(),
        );
        workers.push(tokio::spawn(async move {
            while Instant::now() < deadline {
                let bike = next_bike.fetch_add(1, Ordering::Relaxed);
                if bike >= bikes.end {
                    break;
                }
                let began = Instant::now();
                match sale(buyer, bike).await {
                    Ok(()) => latencies
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .push(began.elapsed().as_nanos() as u64),
                    Err(error) => {
                        if errors.fetch_add(1, Ordering::Relaxed) < 3 {
                            eprintln!("a sale failed: {error}");
                        }
                    }
                }
            }
        }));
    }
    for worker in workers {
        worker.await.map_err(|e| e.to_string())?;
    }
    let elapsed = start.elapsed();
    let cpu = watched.since(&cpu_before);
    let own_cpu = own.since(&own_before);
    let mut latencies = std::mem::take(&mut *latencies.lock().unwrap_or_else(|p| p.into_inner()));
    latencies.sort_unstable();
    Ok(Level {
        buyers,
        sales: latencies.len(),
        errors: errors.load(Ordering::Relaxed),
        elapsed,
        latencies,
        cpu,
        own_cpu,
    })
}

/// Processes whose CPU a level counts: some by id (the server, the load generator), and
/// every PostgreSQL process when asked — read at the start and at the end of the level,
/// so that a backend a growing pool started meanwhile counts whole.
struct Watched {
    pids: Vec<u32>,
    postgres: bool,
}

impl Watched {
    fn process(pid: Option<u32>, postgres: bool) -> Watched {
        Watched {
            pids: pid.into_iter().collect(),
            postgres,
        }
    }

    /// The CPU of each watched process so far.
    fn snapshot(&self) -> std::collections::HashMap<u32, Duration> {
        let mut pids = self.pids.clone();
        if self.postgres {
            pids.extend(procfs::pids_named("postgres"));
        }
        pids.into_iter()
            .filter_map(|pid| Some((pid, procfs::cpu_time(pid).ok()?)))
            .collect()
    }

    /// The CPU used since `before` (None when nothing is watched; a process gone
    /// meanwhile is left out).
    fn since(&self, before: &std::collections::HashMap<u32, Duration>) -> Option<Duration> {
        if self.pids.is_empty() && !self.postgres {
            return None;
        }
        let now = self.snapshot();
        Some(
            now.iter()
                .map(|(pid, cpu)| cpu.saturating_sub(before.get(pid).copied().unwrap_or_default()))
                .sum(),
        )
    }
}

/// Runs every level and prints a line for each, then the best rate within [`P99_LIMIT`].
async fn sweep<F, Fut>(
    label: &str,
    levels: &[usize],
    seconds: u64,
    bikes: usize,
    watched: &Watched,
    sale: F,
) -> Result<(), String>
where
    F: Fn(usize, usize) -> Fut + Clone + Send + 'static,
    Fut: Future<Output = Result<(), String>> + Send,
{
    println!("== {label}: {seconds} s a level ==");
    let mut best: Option<Level> = None;
    // Each level has its share of the bikes.
    let share = bikes / levels.len().max(1);
    for (n, &buyers) in levels.iter().enumerate() {
        let mine = n * share..(n + 1) * share;
        let mut done = level(buyers, seconds, mine, watched, sale.clone()).await?;
        let short = if done.elapsed < Duration::from_secs(seconds) {
            format!(
                "  (its {share} bikes sold in {:.1} s: give more with --bikes)",
                done.elapsed.as_secs_f64()
            )
        } else {
            String::new()
        };
        let per_sale = |cpu: Duration| cpu.as_secs_f64() * 1e6 / done.sales.max(1) as f64;
        let cpu = done
            .cpu
            .map(|cpu| format!("  CPU {:.0} µs a sale", per_sale(cpu)))
            .unwrap_or_default();
        let own = done
            .own_cpu
            .map(|cpu| format!("  (load generator {:.0} µs)", per_sale(cpu)))
            .unwrap_or_default();
        println!(
            "{buyers:>3} buyers: {:>5} sales = {:>7.1} sales/s  {}  errors {}{cpu}{own}{short}",
            done.sales,
            done.per_second(),
            stats::spread(&mut done.latencies),
            done.errors
        );
        if done.errors > 0 {
            return Err(format!("{} sales failed with {buyers} buyers", done.errors));
        }
        let within = done.p99() <= P99_LIMIT.as_nanos() as u64;
        if within
            && best
                .as_ref()
                .is_none_or(|b| done.per_second() > b.per_second())
        {
            best = Some(done);
        }
    }
    match best {
        Some(best) => println!(
            "best within p99 ≤ {} ms: {:.1} sales/s with {} buyers (p99 {} ms)",
            P99_LIMIT.as_millis(),
            best.per_second(),
            best.buyers,
            stats::ms(best.p99())
        ),
        None => println!("best within p99 ≤ {} ms: none", P99_LIMIT.as_millis()),
    }
    Ok(())
}

pub(crate) fn nonce() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0)
}

/// Sends `request`; its JSON body when the status is a success, else an error naming
/// `what`.
pub(crate) async fn answer(what: &str, request: reqwest::RequestBuilder) -> Result<Value, String> {
    let response = request.send().await.map_err(|e| format!("{what}: {e}"))?;
    let status = response.status();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    if !status.is_success() {
        return Err(format!("{what}: {status} {body}"));
    }
    Ok(body)
}

pub(crate) fn text(body: &Value, pointer: &str, what: &str) -> Result<String, String> {
    body.pointer(pointer)
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| format!("{what}: no {pointer} in {body}"))
}

/// `sales`: through `server`'s API, whose process is `pid` (its CPU is counted, with
/// PostgreSQL's when `postgres`).
pub async fn bench_http(
    server: &str,
    pid: Option<u32>,
    postgres: bool,
    admin_email: &str,
    sweep_of: &Sweep,
) -> Result<(), String> {
    let Sweep {
        buyers: ref levels,
        seconds,
        bikes,
        cash,
        handover,
    } = *sweep_of;
    let base = server.trim_end_matches('/').to_owned();
    let http = reqwest::Client::new();
    let nonce = nonce();
    let admin = session_token(&http, &base, admin_email, "buyer").await?;
    let seller = session_token(
        &http,
        &base,
        &format!("seller-{nonce}@bench.test"),
        "seller",
    )
    .await?;
    let most = levels.iter().copied().max().unwrap_or(1);
    let mut buyers = Vec::with_capacity(most);
    for k in 0..most {
        let email = format!("buyer-{k}-{nonce}@bench.test");
        let token = session_token(&http, &base, &email, "buyer").await?;
        buyers.push((email, token));
    }
    let category = answer(
        "category",
        http.post(format!("{base}/api/categories/{admin_email}"))
            .bearer_auth(&admin)
            .json(&json!({"categoryName": format!("Sales {nonce}"), "categoryImage": "/uploads/x.png"})),
    )
    .await?;
    let category = text(&category, "/insertedId", "category")?;
    let started = Instant::now();
    let listed: Vec<Result<String, String>> = futures_util::stream::iter(0..bikes)
        .map(|k| {
            let request = http
                .put(format!("{base}/api/products"))
                .bearer_auth(&seller)
                .json(&json!({
                    "categoryId": category, "productName": format!("Sales bike {k}-{nonce}"),
                    "productImage": "/uploads/x.png", "resalePrice": PRICE, "originalPrice": 2 * PRICE,
                    "purchaseYear": 2021, "yearsOfUse": 3, "condition": "Good", "location": "Mirpur 10, Dhaka",
                    "color": "Red", "sellerPhone": "01711-234567", "description": "A sales bench bike.",
                }));
            async move { text(&answer("list", request).await?, "/insertedId", "list") }
        })
        .buffered(PREPARE_AT_ONCE)
        .collect()
        .await;
    let listed: Vec<String> = listed.into_iter().collect::<Result<_, _>>()?;
    eprintln!(
        "listed {bikes} bikes in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let watched = Watched::process(pid, postgres);
    let (http, listed, buyers) = (http.clone(), Arc::new(listed), Arc::new(buyers));
    let seller = Arc::new(seller);
    let label = format!(
        "{} through the API of {base} (CPU of {})",
        match (cash, handover) {
            (true, _) => "cash deals",
            (_, true) => "card deals, handed over",
            _ => "sales",
        },
        if postgres {
            "bikehaat and PostgreSQL"
        } else {
            "bikehaat"
        }
    );
    sweep(&label, levels, seconds, bikes, &watched, move |buyer, bike| {
        let (http, base) = (http.clone(), base.clone());
        let (listed, buyers, seller) = (listed.clone(), buyers.clone(), seller.clone());
        async move {
            let (email, token) = &buyers[buyer];
            let bike = &listed[bike];
            let booked = answer(
                "book",
                http.post(format!("{base}/api/orders")).bearer_auth(token).json(&json!({
                    "bookingId": bike, "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani 11, Dhaka"})),
            )
            .await?;
            let order = text(&booked, "/insertedId", "book")?;
            let deal = format!("{base}/api/orders/{order}");
            if cash {
                answer("cash", http.post(format!("{deal}/cash")).bearer_auth(token)).await?;
                let shown = answer(
                    "code",
                    http.get(format!("{deal}/handover-code")).bearer_auth(token),
                )
                .await?;
                let code = text(&shown, "/code", "code")?;
                answer(
                    "handover",
                    http.post(format!("{deal}/handover"))
                        .bearer_auth(seller.as_str())
                        .json(&json!({"code": code})),
                )
                .await?;
                return Ok(());
            }
            let intent = answer(
                "intent",
                http.post(format!("{base}/api/create-payment-intent"))
                    .bearer_auth(token)
                    .json(&json!({"_id": order})),
            )
            .await?;
            let secret = text(&intent, "/clientSecret", "intent")?;
            let confirmed = answer(
                "card",
                http.post(format!("{base}/api/test-mode/confirm-card")).json(&json!({
                    "clientSecret": secret,
                    "card": {"number": "4242424242424242", "expMonth": 12, "expYear": 2034, "cvc": "123"},
                    "billing": {"name": "Sales Buyer", "email": email}})),
            )
            .await?;
            let transaction = text(&confirmed, "/paymentIntent/id", "card")?;
            answer(
                "pay",
                http.post(format!("{base}/api/payments")).bearer_auth(token).json(&json!({
                    "price": PRICE, "transactionId": transaction, "email": email,
                    "bookingId": bike, "ordersId": order})),
            )
            .await?;
            if handover {
                let shown = answer(
                    "code",
                    http.get(format!("{deal}/handover-code")).bearer_auth(token),
                )
                .await?;
                let code = text(&shown, "/code", "code")?;
                answer(
                    "handover",
                    http.post(format!("{deal}/handover"))
                        .bearer_auth(seller.as_str())
                        .json(&json!({"code": code})),
                )
                .await?;
            }
            Ok(())
        }
    })
    .await
}

/// `sales-bare`: the same writes through the store opened on `database_url`.
pub async fn bench_bare(database_url: &str, sweep_of: &Sweep) -> Result<(), String> {
    let Sweep {
        buyers: ref levels,
        seconds,
        bikes,
        cash,
        handover,
    } = *sweep_of;
    let store = bikehaat::store::open(database_url)
        .await
        .map_err(|e| format!("cannot open {database_url}: {e}"))?;
    let nonce = nonce();
    let person = |email: String, role: Role| NewUser {
        subject: format!("local:{email}"),
        name: "Sales Bench".to_owned(),
        image: String::new(),
        email,
        role,
        email_verified: true,
        language: Language::En,
    };
    let seller = store
        .create_user(&person(
            format!("bare-seller-{nonce}@bench.test"),
            Role::Seller,
        ))
        .await
        .map_err(|e| e.to_string())?;
    let most = levels.iter().copied().max().unwrap_or(1);
    let mut buyers = Vec::with_capacity(most);
    for k in 0..most {
        let email = format!("bare-buyer-{k}-{nonce}@bench.test");
        let buyer = store
            .create_user(&person(email, Role::Buyer))
            .await
            .map_err(|e| e.to_string())?;
        buyers.push(buyer.id);
    }
    let category = store
        .create_category(&format!("Bare sales {nonce}"), "/uploads/x.png")
        .await
        .map_err(|e| e.to_string())?
        .outcome
        .id;
    let started = Instant::now();
    let mut listed = Vec::with_capacity(bikes);
    for k in 0..bikes {
        let name = format!("Sales bike {k}-{nonce}");
        let location = "Mirpur 10, Dhaka";
        let bike = NewListing {
            category_id: category,
            seller_id: seller.id,
            facts: bikehaat::listing::derived_facts(&name, location, "", 2021, "/uploads/x.png"),
            name,
            image: "/uploads/x.png".to_owned(),
            condition: "Good".to_owned(),
            color: "Red".to_owned(),
            description: "A sales bench bike.".to_owned(),
            location: location.to_owned(),
            original_price: 2 * PRICE * 100,
            resale_price: PRICE * 100,
            purchase_year: 2021,
            years_of_use: 3,
            seller_phone: "01711-234567".to_owned(),
            posted_at: chrono::Utc::now(),
            terms: bikehaat::records::PayTerms::default(),
            // The bench's own bikes, live at once.
            review: Vec::new(),
        };
        listed.push(
            store
                .create_listing(&bike)
                .await
                .map_err(|e| e.to_string())?
                .outcome,
        );
    }
    eprintln!(
        "listed {bikes} bikes in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    // What the server does every minute: SQLite's planner needs statistics of the
    // tables the bikes just grew.
    store
        .refresh_statistics(false)
        .await
        .map_err(|e| e.to_string())?;
    let (listed, buyers) = (Arc::new(listed), Arc::new(buyers));
    let seller = seller.id;
    let label = format!("the same writes straight through the store ({database_url})");
    // PostgreSQL's CPU, as for the API; the store's own work is the load generator's.
    let watched = Watched::process(None, database_url.starts_with("postgres"));
    sweep(
        &label,
        levels,
        seconds,
        bikes,
        &watched,
        move |buyer, bike| {
            let (store, listed, buyers): (Arc<dyn Store>, _, _) =
                (store.clone(), listed.clone(), buyers.clone());
            async move {
                fn failed(step: &'static str) -> impl Fn(bikehaat::store::StoreError) -> String {
                    move |e| format!("{step}: {e}")
                }
                let order_id = store
                    .create_booking(&NewBooking {
                        product_id: listed[bike],
                        buyer_id: buyers[buyer],
                        buyer_phone: "+880 1711-000000".to_owned(),
                        meeting_location: "Banani 11, Dhaka".to_owned(),
                    })
                    .await
                    .map_err(failed("book"))?
                    .outcome;
                if cash {
                    let buyer = buyers[buyer];
                    store
                        .choose_cash(order_id, buyer)
                        .await
                        .map_err(failed("cash"))?;
                    let code = store
                        .handover_code(order_id, buyer, false)
                        .await
                        .map_err(failed("code"))?
                        .code;
                    return match store
                        .hand_over(order_id, seller, &code)
                        .await
                        .map_err(failed("handover"))?
                        .outcome
                    {
                        Handover::Completed(_) => Ok(()),
                        other => Err(format!("handover: {other:?}")),
                    };
                }
                let id = format!("pi_bare_{nonce}_{bike}");
                // The booking is read with the intent's write, as the card intent's
                // route has it read.
                let open = |order: &Payable| {
                    Some(TestPaymentIntent {
                        id: id.clone(),
                        client_secret: format!("{id}_secret"),
                        order_id,
                        amount: order.hold_amount(),
                        currency: "bdt".to_owned(),
                        status: "requires_payment_method".to_owned(),
                    })
                };
                store
                    .open_test_payment_intent(order_id, &open)
                    .await
                    .map_err(failed("intent"))?
                    .ok_or("intent: no such booking")?;
                store
                    .confirm_test_payment_intent(&format!("{id}_secret"))
                    .await
                    .map_err(failed("card"))?
                    .ok_or("card: no such intent")?;
                match store
                    .record_payment(&NewPayment {
                        order_id,
                        payer: Some(buyers[buyer]),
                        listing_id: Some(listed[bike]),
                        transaction_id: id,
                        // Read from the intent inside the sale, as the API records it.
                        amount: PaidAmount::OfTestIntent,
                        currency: "bdt".to_owned(),
                        // Held as the API holds it: taken at the handover.
                        captured: false,
                        method: HoldMethod::Card,
                    })
                    .await
                    .map_err(failed("pay"))?
                    .outcome
                {
                    PaymentRecorded::New(_) => {}
                    other => return Err(format!("pay: {other:?}")),
                }
                if !handover {
                    return Ok(());
                }
                let code = store
                    .handover_code(order_id, buyers[buyer], false)
                    .await
                    .map_err(failed("code"))?
                    .code;
                let claimed = store
                    .hand_over(order_id, seller, &code)
                    .await
                    .map_err(failed("handover"))?
                    .outcome;
                let Handover::Capture(held) = claimed else {
                    return Err(format!("handover: {claimed:?}"));
                };
                // The test-mode provider's capture asks nothing of anyone.
                store
                    .hold_captured(&held)
                    .await
                    .map_err(failed("capture"))?;
                Ok(())
            }
        },
    )
    .await
}
