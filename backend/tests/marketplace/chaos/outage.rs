//! Two `bikehaat` processes on a PostgreSQL of the test's own, buyers booking and paying
//! through both, live sockets on both; PostgreSQL killed mid-stream and started again.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sqlx::PgPool;
use tokio::sync::watch;

use super::super::support::{
    free_port, redis_installed, start_redis, Person, PgServer, ServerProcess, TestApp, TestDb,
};
use super::journal::{Answer, Journal, Watcher};
use super::{assert_database_unavailable, health_recovers, FAIL_FAST};

/// Bikes on sale: more than the buyers get through, so there are some left to sell
/// after the outage.
const BIKES: u32 = 90;
/// Buyers shopping through each process, all after the same bikes in the same order.
const BUYERS_PER_PROCESS: usize = 3;
/// A buyer's pause between two bikes.
const PACE: Duration = Duration::from_millis(40);
/// How long the marketplace runs before PostgreSQL dies, how long it stays dead, and
/// how long the buyers go on after it is back.
const BEFORE: Duration = Duration::from_millis(1500);
const OUTAGE: Duration = Duration::from_millis(4500);
const AFTER: Duration = Duration::from_secs(2);
/// How soon health must say "ok" again once PostgreSQL accepts connections.
const RECOVERY: Duration = Duration::from_secs(5);

/// One `bikehaat` process.
struct Node {
    name: &'static str,
    server: ServerProcess,
}

/// A write the marketplace acknowledged with a 2xx.
#[derive(Debug)]
enum Acknowledged {
    Booking {
        order: i64,
    },
    Payment {
        bike: i64,
        order: i64,
        transaction: String,
        at: Instant,
    },
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn bookings_payments_and_live_sockets_on_two_processes_survive_postgresql_dying() {
    let Some(pg) = tokio::task::spawn_blocking(PgServer::start)
        .await
        .expect("start PostgreSQL")
    else {
        return;
    };
    let pg = Arc::new(pg);
    let redis_port = free_port();
    let redis = if redis_installed() {
        Some(start_redis(redis_port).await)
    } else {
        eprintln!(
            "redis-server is not installed: the processes share events through the log alone"
        );
        None
    };

    // The shop, set up through a server in this test on the same database and data
    // directory: the processes share its token secret, so its sessions work on both.
    let setup = TestApp::spawn_on(TestDb::postgres_at(pg.url()), &[]).await;
    let admin = setup.admin().await;
    let category = setup.category(&admin, "Commuter").await;
    let mut sellers = Vec::new();
    for name in ["one", "two"] {
        let email = format!("seller.{name}@example.com");
        sellers.push(
            setup
                .sign_up(&email, &format!("Seller {name}"), "seller")
                .await,
        );
    }
    let mut bikes = Vec::new();
    for i in 0..BIKES {
        let seller = &sellers[i as usize % 2];
        bikes.push(
            setup
                .list_bike(seller, &category, &format!("Bike {i}"), 90_000 + i)
                .await,
        );
    }
    let mut buyers = Vec::new();
    for i in 0..2 * BUYERS_PER_PROCESS {
        let email = format!("buyer.{i}@example.com");
        buyers.push(setup.sign_up(&email, &format!("Buyer {i}"), "buyer").await);
    }
    let late = setup
        .sign_up("late.buyer@example.com", "Late Buyer", "buyer")
        .await;
    let redis_url = format!("redis://127.0.0.1:{redis_port}");
    let url = pg.url();
    let mut env = vec![
        ("DATABASE_URL", url.as_str()),
        ("RUST_LOG", "warn,bikehaat=info"),
    ];
    if redis.is_some() {
        env.push(("REDIS_URL", &redis_url));
    }
    let dir = setup.db().dir.clone();
    let nodes = [
        Node {
            name: "A",
            server: ServerProcess::start_with(&dir, &env).await,
        },
        Node {
            name: "B",
            server: ServerProcess::start_with(&dir, &env).await,
        },
    ];
    let db = PgPool::connect(&url).await.expect("read the database");
    let start: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(seq), 0) FROM events")
        .fetch_one(&db)
        .await
        .expect("the log's end");

    // On each process: a visitor and a seller whose sockets stay open, and the other
    // seller's, which reconnects (a page reloaded) as PostgreSQL dies.
    let (redial, _) = watch::channel(());
    let mut watchers = Vec::new();
    for (node, (staying, leaving)) in nodes.iter().zip([(0, 1), (1, 0)]) {
        let base = &node.server.base;
        let visitor = format!("visitor on {}", node.name);
        watchers.push(Watcher::open(&visitor, base, None, start, None).await);
        for (seller, redials) in [(staying, false), (leaving, true)] {
            let who = &sellers[seller];
            let name = format!("{} on {}", who.name, node.name);
            let signed_in = Some((who.token.as_str(), id(&who.id)));
            let redial = redials.then(|| redial.subscribe());
            watchers.push(Watcher::open(&name, base, signed_in, start, redial).await);
        }
    }

    // Buyers and health probes through both processes.
    let journal = Journal::default();
    let stop = Arc::new(AtomicBool::new(false));
    let bikes = Arc::new(bikes);
    let mut shoppers = Vec::new();
    for (i, buyer) in buyers.into_iter().enumerate() {
        let node = &nodes[i % 2];
        let shop = shop(
            journal.clone(),
            node.name,
            node.server.base.clone(),
            buyer,
            bikes.clone(),
            stop.clone(),
        );
        shoppers.push(tokio::spawn(shop));
    }
    let mut probes = Vec::new();
    for node in &nodes {
        let probe = probe(
            journal.clone(),
            node.name,
            node.server.base.clone(),
            stop.clone(),
        );
        probes.push(tokio::spawn(probe));
    }

    tokio::time::sleep(BEFORE).await;
    let killed = Instant::now();
    let server = pg.clone();
    tokio::task::spawn_blocking(move || server.stop_now())
        .await
        .expect("stop PostgreSQL");
    let down = Instant::now();
    redial.send_replace(());
    // A visitor browsing and a buyer booking through each process, asked only now: the
    // buyers' own requests were in flight as PostgreSQL died.
    let client = client();
    let mut asked = Vec::new();
    for node in &nodes {
        let base = &node.server.base;
        let browse = client.get(format!("{base}/api/categories"));
        asked.push(journal.send(node.name, "browse", browse));
        let booking = json!({"bookingId": bikes[0], "buyerPhone": "01711-000000", "meetingLocation": "Banani"});
        let book = client
            .post(format!("{base}/api/orders"))
            .bearer_auth(&late.token)
            .json(&booking);
        asked.push(journal.send(node.name, "book", book));
    }
    futures_util::future::join_all(asked).await;
    tokio::time::sleep(OUTAGE.saturating_sub(down.elapsed())).await;
    let restarting = Instant::now();
    let server = pg.clone();
    tokio::task::spawn_blocking(move || server.resume())
        .await
        .expect("start PostgreSQL");
    let up = Instant::now();
    for node in &nodes {
        health_recovers(&client, &node.server.base, RECOVERY).await;
        eprintln!(
            "{} is healthy {:?} after PostgreSQL is back",
            node.name,
            up.elapsed()
        );
    }
    tokio::time::sleep(AFTER).await;
    stop.store(true, Ordering::Release);
    let mut acknowledged = Vec::new();
    for shopper in shoppers {
        acknowledged.extend(shopper.await.expect("a buyer's task"));
    }
    for probe in probes {
        probe.await.expect("a health probe");
    }
    let answers = journal.answers();
    let db = PgPool::connect(&url)
        .await
        .expect("read the database again");

    check_answers(&answers, &nodes, down, restarting);
    check_recovery(&answers, &nodes, up);
    check_writes(&db, &acknowledged, killed, up).await;
    check_sockets(&db, &watchers, start).await;
    drop(redis);
}

fn id(text: &str) -> i64 {
    text.parse().expect("a numeric id")
}

/// A buyer going through `bikes` again and again through the process at `base`: book
/// it, pay for it with the test card, and cancel a booking that could not be paid (in
/// line behind another buyer, or cut off by the outage) before booking the next bike,
/// as a buyer would: open bookings are capped per buyer. Returns what the marketplace
/// acknowledged.
async fn shop(
    journal: Journal,
    via: &'static str,
    base: String,
    buyer: Person,
    bikes: Arc<Vec<String>>,
    stop: Arc<AtomicBool>,
) -> Vec<Acknowledged> {
    let client = client();
    let post = |path: &str, body: Value| {
        client
            .post(format!("{base}/api{path}"))
            .bearer_auth(&buyer.token)
            .json(&body)
    };
    let mut acknowledged = Vec::new();
    let mut unpaid = Vec::new();
    for bike in bikes.iter().cycle() {
        if stop.load(Ordering::Acquire) {
            break;
        }
        tokio::time::sleep(PACE).await;
        // Answered 200 (cancelled) or 409 (paid or cancelled meanwhile), a booking is
        // settled; a 503 leaves it for the next turn.
        let mut settled = Vec::new();
        for order in &unpaid {
            let cancel = client
                .delete(format!("{base}/api/orders/{order}"))
                .bearer_auth(&buyer.token);
            let (status, _) = journal.send(via, "cancel", cancel).await;
            if status == 200 || status == 409 {
                settled.push(*order);
            }
        }
        unpaid.retain(|order| !settled.contains(order));
        let booking =
            json!({"bookingId": bike, "buyerPhone": "01711-000000", "meetingLocation": "Banani"});
        let (status, body) = journal.send(via, "book", post("/orders", booking)).await;
        if status != 201 {
            continue;
        }
        let order = id(body["insertedId"].as_str().expect("insertedId"));
        acknowledged.push(Acknowledged::Booking { order });
        unpaid.push(order);
        let (status, intent) = journal
            .send(
                via,
                "intent",
                post("/create-payment-intent", json!({"_id": order.to_string()})),
            )
            .await;
        if status != 200 {
            continue;
        }
        let card = json!({
            "clientSecret": intent["clientSecret"],
            "card": {"number": "4242424242424242", "expMonth": 12, "expYear": 2034, "cvc": "123"},
            "billing": {"name": buyer.name, "email": buyer.email},
        });
        let (status, confirmed) = journal
            .send(
                via,
                "confirm",
                client
                    .post(format!("{base}/api/test-mode/confirm-card"))
                    .json(&card),
            )
            .await;
        if status != 200 {
            continue;
        }
        let transaction = confirmed["paymentIntent"]["id"]
            .as_str()
            .expect("intent id")
            .to_owned();
        let payment = json!({"transactionId": transaction, "ordersId": order.to_string()});
        let at = Instant::now();
        let (status, _) = journal.send(via, "pay", post("/payments", payment)).await;
        if (200..300).contains(&status) {
            unpaid.retain(|unpaid| *unpaid != order);
            acknowledged.push(Acknowledged::Payment {
                bike: id(bike),
                order,
                transaction,
                at,
            });
        }
    }
    acknowledged
}

/// Asks `base`'s health every 100 ms until told to stop.
async fn probe(journal: Journal, via: &'static str, base: String, stop: Arc<AtomicBool>) {
    let client = client();
    while !stop.load(Ordering::Acquire) {
        journal
            .send(via, "health", client.get(format!("{base}/api/health")))
            .await;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A client that gives up long after any answer should have come: a request that
/// hangs shows as "no answer" instead of hanging the test.
fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(15))
        .build()
        .expect("HTTP client")
}

/// Every answer is a success, a lost race (409) or a fast 503 with the error body and a
/// request id its process logged; every answer while PostgreSQL was down is a 503.
fn check_answers(answers: &[Answer], nodes: &[Node; 2], down: Instant, restarting: Instant) {
    let logs: BTreeMap<&str, String> = nodes.iter().map(|n| (n.name, n.server.log())).collect();
    let mut during = BTreeMap::<(&str, &str), usize>::new();
    for answer in answers {
        let what = format!(
            "{} {} via {}: {}",
            answer.what, answer.status, answer.via, answer.body
        );
        assert!(answer.status != 0, "no answer: {what}");
        assert!(
            answer.took() < FAIL_FAST,
            "took {:?}: {what}",
            answer.took()
        );
        let outage = answer.started >= down && answer.ended <= restarting;
        match (answer.what, answer.status) {
            ("health", 503) => {
                assert_eq!(answer.body["status"], "down", "{what}");
                assert_eq!(answer.body["databaseConnected"], false, "{what}");
            }
            (_, 503) => {
                assert_database_unavailable(
                    reqwest::StatusCode::SERVICE_UNAVAILABLE,
                    answer.request_id.as_deref(),
                    &answer.body,
                );
                let id = answer.request_id.as_deref().unwrap_or_default();
                assert!(
                    logs[answer.via].contains(&format!("request={id} ")),
                    "the log of {} does not name request {id}",
                    answer.via
                );
            }
            (_, status) if outage => panic!("{status} while PostgreSQL was down: {what}"),
            ("health", 200) | (_, 200..=299 | 409) => {}
            _ => panic!("unexpected answer: {what}"),
        }
        if outage {
            let kind = if answer.what == "health" {
                "health"
            } else {
                "work"
            };
            *during.entry((answer.via, kind)).or_default() += 1;
        }
    }
    for node in nodes {
        for kind in ["health", "work"] {
            assert!(
                during.get(&(node.name, kind)).is_some_and(|n| *n > 0),
                "no {kind} answer from {} while PostgreSQL was down: {during:?}",
                node.name
            );
        }
    }
    let count = |status: u16| answers.iter().filter(|a| a.status == status).count();
    eprintln!(
        "{} answers: {} 2xx, {} 409, {} 503; {:?} answered while PostgreSQL was down",
        answers.len(),
        answers
            .iter()
            .filter(|a| (200..300).contains(&a.status))
            .count(),
        count(409),
        count(503),
        during
    );
}

/// Each process's health said "ok" again within [`RECOVERY`] of PostgreSQL's return,
/// by itself.
fn check_recovery(answers: &[Answer], nodes: &[Node; 2], up: Instant) {
    for node in nodes {
        let back = answers
            .iter()
            .filter(|a| a.via == node.name && a.what == "health" && a.status == 200)
            .filter(|a| a.started >= up)
            .map(|a| a.ended - up)
            .min()
            .unwrap_or_else(|| panic!("{}: health never said ok again", node.name));
        assert!(
            back < RECOVERY,
            "{}: health took {back:?} to recover",
            node.name
        );
        eprintln!(
            "{}: health ok {back:?} after PostgreSQL was back",
            node.name
        );
    }
}

/// Every acknowledged booking and payment is in the database; no bike was sold twice,
/// in the answers, the records or the event log.
async fn check_writes(db: &PgPool, acknowledged: &[Acknowledged], killed: Instant, up: Instant) {
    let mut sold_to = BTreeMap::new();
    let (mut before, mut after) = (0, 0);
    for write in acknowledged {
        match write {
            Acknowledged::Booking { order } => {
                let found: Option<i64> = sqlx::query_scalar("SELECT id FROM orders WHERE id = $1")
                    .bind(order)
                    .fetch_optional(db)
                    .await
                    .expect("read bookings");
                assert!(
                    found.is_some(),
                    "booking {order} was acknowledged and is gone"
                );
            }
            Acknowledged::Payment {
                bike,
                order,
                transaction,
                at,
            } => {
                let recorded: Option<(Option<i64>, Option<i64>, String, bool)> = sqlx::query_as(
                    "SELECT pay.order_id, pay.product_id, o.status, p.sold FROM payments pay \
                     JOIN orders o ON o.id = pay.order_id JOIN products p ON p.id = pay.product_id \
                     WHERE pay.transaction_id = $1",
                )
                .bind(transaction)
                .fetch_optional(db)
                .await
                .expect("read payments");
                assert_eq!(
                    recorded,
                    Some((Some(*order), Some(*bike), "held".to_owned(), true)),
                    "payment {transaction} was acknowledged"
                );
                if let Some(first) = sold_to.insert(*bike, *order) {
                    panic!("bike {bike} was sold to booking {first} and to booking {order}");
                }
                if *at < killed {
                    before += 1;
                } else if *at >= up {
                    after += 1;
                }
            }
        }
    }
    eprintln!(
        "payments acknowledged: {before} before the outage, {after} after it, {} in all",
        sold_to.len()
    );
    assert!(
        before > 0 && after > 0,
        "sales before ({before}) and after ({after}) the outage"
    );
    let unpaid: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM products p WHERE p.sold AND NOT EXISTS \
         (SELECT 1 FROM orders o WHERE o.product_id = p.id AND o.status = 'held')",
    )
    .fetch_one(db)
    .await
    .expect("read listings");
    assert_eq!(unpaid, 0, "bikes sold without a held booking");
    let sold: Vec<String> =
        sqlx::query_scalar("SELECT data FROM events WHERE name = 'product.sold'")
            .fetch_all(db)
            .await
            .expect("read the log");
    let mut announced = BTreeSet::new();
    for data in sold {
        let data: Value = serde_json::from_str(&data).expect("event data");
        let bike = data["_id"].as_str().expect("_id").to_owned();
        assert!(
            announced.insert(bike.clone()),
            "bike {bike} was announced sold twice"
        );
    }
}

/// Every socket received exactly the committed events it may see after `start`, in
/// order, without gaps or repeats: those that stayed open, and those that reconnected
/// while PostgreSQL was down (closed by the server until it could answer, never told
/// their session had ended).
async fn check_sockets(db: &PgPool, watchers: &[Watcher], start: i64) {
    for watcher in watchers {
        let user = watcher.user_id.unwrap_or(0);
        let expected: Vec<i64> = sqlx::query_scalar(
            "SELECT seq FROM events WHERE seq > $1 AND (audience = 'public' \
             OR (audience IN ('parties', 'deal') AND (buyer_id = $2 OR seller_id = $2)) \
             OR (audience = 'recipient' AND recipient_id = $2)) ORDER BY seq",
        )
        .bind(start)
        .bind(user)
        .fetch_all(db)
        .await
        .expect("read the log");
        let deadline = Instant::now() + Duration::from_secs(10);
        while watcher.received().seqs.last() < expected.last() && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        // Anything more (a repeat, an event it may not see) would come now.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let received = watcher.received();
        let name = &watcher.name;
        assert!(
            received.complaints.is_empty(),
            "{name}: {:?}",
            received.complaints
        );
        if received.seqs != expected {
            let got: BTreeSet<_> = received.seqs.iter().collect();
            let missing: Vec<_> = expected.iter().filter(|s| !got.contains(s)).collect();
            panic!(
                "{name} received {} events, {} expected; missing {missing:?}; received {:?}",
                received.seqs.len(),
                expected.len(),
                received.seqs
            );
        }
        if watcher.redials {
            assert!(
                received
                    .closes
                    .iter()
                    .any(|c| c == "1013 database unavailable, resume"),
                "{name} is closed, to come back, while the database cannot answer it: {:?}",
                received.closes
            );
        } else {
            assert_eq!(
                (received.reconnects, &received.closes),
                (0, &Vec::new()),
                "{name} stays open through the outage"
            );
        }
        eprintln!(
            "{name}: {} events, {} reconnects, closes {:?}",
            expected.len(),
            received.reconnects,
            received.closes
        );
    }
}
