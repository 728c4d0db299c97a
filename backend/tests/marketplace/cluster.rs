//! Two `bikehaat` processes sharing one PostgreSQL and one Redis, as docker-compose.yml
//! runs them: a write through one reaches sockets and searches on the other; losing
//! Redis or a process loses no event.

use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{json, Value};

use super::live::Live;
use super::support::{
    free_port, mails_in, redis_installed, skip, start_redis, Engine, Process, ServerProcess,
    TestDb, ADMIN_EMAIL, PASSWORD,
};

async fn start_node(db: &TestDb, redis_port: u16, name: &str) -> ServerProcess {
    let dir = db.dir.join(name);
    let redis = format!("redis://127.0.0.1:{redis_port}");
    ServerProcess::start_with(
        &dir,
        &[
            ("DATABASE_URL", &db.url),
            ("REDIS_URL", &redis),
            ("JWT_SECRET", "cluster-test-secret-shared-by-both-processes"),
            ("ADMIN_EMAILS", ADMIN_EMAIL),
            ("RUST_LOG", "warn"),
        ],
    )
    .await
}

/// A private redis-server and two `bikehaat` processes on one fresh PostgreSQL database.
struct Cluster {
    db: TestDb,
    redis_port: u16,
    redis: Process,
    a: ServerProcess,
    b: ServerProcess,
}

impl Cluster {
    /// None (a skip) without redis-server or PostgreSQL.
    async fn start() -> Option<Cluster> {
        if !redis_installed() {
            skip("cluster test", "redis-server is not installed");
            return None;
        }
        let db = TestDb::new(Engine::Postgres).await?;
        let redis_port = free_port();
        let redis = start_redis(redis_port).await;
        let a = start_node(&db, redis_port, "a").await;
        let b = start_node(&db, redis_port, "b").await;
        Some(Cluster {
            db,
            redis_port,
            redis,
            a,
            b,
        })
    }
}

async fn call(base: &str, method: Method, path: &str, token: Option<&str>, body: Value) -> Value {
    let mut request = reqwest::Client::new()
        .request(method, format!("{base}{path}"))
        .json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("request");
    assert!(
        response.status().is_success(),
        "{path}: {}",
        response.status()
    );
    response.json().await.expect("json")
}

/// Signs the admin up through `base` (whose data dir is `dir`) and proves their address
/// with the link it mailed, which makes them admin.
async fn admin_token(base: &str, dir: &std::path::Path) -> String {
    let session = sign_up(base, ADMIN_EMAIL, json!({"name": "Admin"})).await;
    confirm(base, dir, ADMIN_EMAIL).await;
    session["token"].as_str().expect("token").to_owned()
}

/// Opens the verification link `base` (whose data dir is `dir`) mailed to `email`.
async fn confirm(base: &str, dir: &std::path::Path, email: &str) {
    let mut token = None;
    for _ in 0..100 {
        token = mails_in(dir, email)
            .iter()
            .find_map(|mail| mail.token("verify-email"));
        if token.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let token = token.unwrap_or_else(|| panic!("a verification mail to {email}"));
    call(
        base,
        Method::POST,
        "/api/auth/verify-email",
        None,
        json!({"token": token, "password": PASSWORD}),
    )
    .await;
}

async fn add_category(base: &str, token: &str, name: &str) {
    let body = json!({"categoryName": name, "categoryImage": "/uploads/x.png"});
    call(
        base,
        Method::POST,
        &format!("/api/categories/{ADMIN_EMAIL}"),
        Some(token),
        body,
    )
    .await;
}

/// The admin (signed up and proven through `a`) and the "Commuter" category they add:
/// the admin's session and the category's id.
async fn open_shop(db: &TestDb, a: &ServerProcess) -> (String, String) {
    let admin = admin_token(&a.base, &db.dir.join("a")).await;
    add_category(&a.base, &admin, "Commuter").await;
    let categories = call(&a.base, Method::GET, "/api/categories", None, json!(null)).await;
    let category = categories[0]["_id"].as_str().expect("category id");
    (admin, category.to_owned())
}

/// Waits until `base`'s health says its Redis subscription is `up` (or not).
async fn bus_connected(base: &str, up: bool) {
    let client = reqwest::Client::new();
    let start = Instant::now();
    loop {
        let health: Value = client
            .get(format!("{base}/api/health"))
            .send()
            .await
            .expect("health")
            .json()
            .await
            .expect("json");
        assert_eq!(health["bus"], "redis");
        if health["busConnected"] == up {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "busConnected never became {up}: {health}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn category_names(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .map(|e| {
            e["data"]["categoryName"]
                .as_str()
                .unwrap_or_default()
                .to_owned()
        })
        .collect()
}

#[tokio::test]
async fn two_processes_share_live_events_through_redis_and_lose_none_when_redis_or_a_process_dies()
{
    let Some(Cluster {
        db,
        redis_port,
        redis,
        a,
        b,
    }) = Cluster::start().await
    else {
        return;
    };
    // Applying migrations twice from two processes at once is sqlx's job; both are up.
    let token = admin_token(&a.base, &db.dir.join("a")).await;

    // A write through A reaches a socket on B quickly: through Redis, not the poll.
    let mut on_b = Live::open(&b.base).await;
    let mut slowest = Duration::ZERO;
    for i in 0..5 {
        let start = Instant::now();
        add_category(&a.base, &token, &format!("Via Redis {i}")).await;
        let event = on_b.next(Duration::from_secs(3)).await.expect("event on B");
        assert_eq!(event["event"], "category.created");
        slowest = slowest.max(start.elapsed());
    }
    assert!(
        slowest < Duration::from_millis(400),
        "write on A → socket on B took {slowest:?}"
    );

    // Redis dies and comes back: the socket that stays connected misses nothing.
    drop(redis);
    bus_connected(&b.base, false).await;
    for name in ["No Redis 1", "No Redis 2", "No Redis 3"] {
        add_category(&a.base, &token, name).await;
    }
    let redis = start_redis(redis_port).await;
    bus_connected(&b.base, true).await;
    for name in ["Redis back 1", "Redis back 2"] {
        add_category(&a.base, &token, name).await;
    }
    let mut seen = Vec::new();
    while seen.len() < 5 {
        let event = on_b
            .next(Duration::from_secs(5))
            .await
            .expect("events keep arriving on B");
        seen.push(event);
    }
    assert_eq!(
        category_names(&seen),
        [
            "No Redis 1",
            "No Redis 2",
            "No Redis 3",
            "Redis back 1",
            "Redis back 2"
        ]
    );
    let last = seen.last().expect("event")["seq"].as_i64().expect("seq");
    assert!(
        on_b.drain(Duration::from_millis(500)).await.is_empty(),
        "no duplicates"
    );

    // B dies: its socket reconnects to A and resumes without gaps.
    drop(b);
    for name in ["After B 1", "After B 2"] {
        add_category(&a.base, &token, name).await;
    }
    let mut on_a = Live::open(&a.base).await;
    on_a.send(json!({"type": "resume", "since": last})).await;
    let resumed = on_a.drain(Duration::from_millis(700)).await;
    assert_eq!(category_names(&resumed), ["After B 1", "After B 2"]);
    drop(redis);
}

#[tokio::test]
async fn writes_through_both_processes_at_once_reach_every_socket_once_in_log_order() {
    let Some(Cluster {
        db, redis, a, b, ..
    }) = Cluster::start().await
    else {
        return;
    };
    let token = admin_token(&a.base, &db.dir.join("a")).await;
    let mut on_a = Live::open(&a.base).await;
    let mut on_b = Live::open(&b.base).await;
    // Each process hands its own events to its sockets without reading them back, and
    // must read the other's from the log in between: writes racing through both leave
    // each process with gaps to fill.
    let names: Vec<String> = (0..48).map(|i| format!("Both at once {i}")).collect();
    let writes = names.iter().enumerate().map(|(i, name)| {
        let base = if i % 2 == 0 { &a.base } else { &b.base };
        add_category(base, &token, name)
    });
    futures_util::future::join_all(writes).await;
    for (side, socket) in [("A", &mut on_a), ("B", &mut on_b)] {
        let mut seen = Vec::new();
        while seen.len() < names.len() {
            let event = socket
                .next(Duration::from_secs(5))
                .await
                .unwrap_or_else(|| panic!("only {} of the events on {side}", seen.len()));
            seen.push(event);
        }
        let seqs: Vec<i64> = seen
            .iter()
            .map(|e| e["seq"].as_i64().expect("seq"))
            .collect();
        assert!(
            seqs.windows(2).all(|pair| pair[0] < pair[1]),
            "{side} got the events out of log order: {seqs:?}"
        );
        let mut got = category_names(&seen);
        got.sort();
        let mut expected = names.clone();
        expected.sort();
        assert_eq!(got, expected, "{side}");
        assert!(
            socket.drain(Duration::from_millis(500)).await.is_empty(),
            "{side} got an event twice"
        );
    }

    // Without Redis, A learns of B's writes only from its poll of the log: a write
    // through B and then one through A leave A holding its own event behind a gap.
    drop(redis);
    bus_connected(&a.base, false).await;
    for round in 0..3 {
        let (first, then) = (format!("Gap B {round}"), format!("Gap A {round}"));
        add_category(&b.base, &token, &first).await;
        add_category(&a.base, &token, &then).await;
        let mut seen = Vec::new();
        while seen.len() < 2 {
            let event = on_a
                .next(Duration::from_secs(5))
                .await
                .unwrap_or_else(|| panic!("round {round}: only {seen:?} on A"));
            seen.push(event);
        }
        assert_eq!(category_names(&seen), [first, then], "round {round}");
    }
}

/// Signs `email` up through `base` with `profile` (name, role): the session's answer.
async fn sign_up(base: &str, email: &str, profile: Value) -> Value {
    let id = call(
        base,
        Method::POST,
        "/api/auth/signup",
        None,
        json!({"email": email, "password": PASSWORD}),
    )
    .await;
    call(
        base,
        Method::PUT,
        &format!("/api/users/{email}"),
        id["idToken"].as_str(),
        profile,
    )
    .await
}

/// Signs `email` up through `base` (whose data dir is `dir`) as `name` in `role`, with
/// their address proven by the mailed link: their session's token.
async fn session(base: &str, dir: &std::path::Path, email: &str, name: &str, role: &str) -> String {
    let signed_up = sign_up(base, email, json!({"name": name, "role": role})).await;
    confirm(base, dir, email).await;
    let token = signed_up["token"].as_str().expect("token").to_owned();
    if role == "seller" {
        confirm_phone(base, dir, &token).await;
    }
    token
}

/// Confirms a mobile number of its own for the person signed in with `token` through
/// `base` (whose data dir is `dir`), with the code from the SMS: listing needs it.
async fn confirm_phone(base: &str, dir: &std::path::Path, token: &str) {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let local = format!("0171{n:07}");
    let sent = call(
        base,
        Method::POST,
        "/api/phone",
        Some(token),
        json!({"phone": local}),
    )
    .await;
    let number = sent["phone"].as_str().expect("the number").to_owned();
    let code = super::support::sms::last_code(dir, &number);
    call(
        base,
        Method::POST,
        "/api/phone/confirm",
        Some(token),
        json!({"code": code}),
    )
    .await;
}

/// Starts a session of `email` through `base` with the built-in provider's password.
async fn log_in(base: &str, email: &str) -> String {
    let id = call(
        base,
        Method::POST,
        "/api/auth/login",
        None,
        json!({"email": email, "password": PASSWORD}),
    )
    .await;
    let session = call(
        base,
        Method::PUT,
        &format!("/api/users/{email}"),
        id["idToken"].as_str(),
        json!({"email": email}),
    )
    .await;
    session["token"].as_str().expect("token").to_owned()
}

#[tokio::test]
async fn signing_out_through_one_process_stops_private_events_on_a_socket_held_by_the_other() {
    let Some(Cluster { db, a, b, .. }) = Cluster::start().await else {
        return;
    };
    let phone = admin_token(&a.base, &db.dir.join("a")).await;
    let laptop = log_in(&a.base, ADMIN_EMAIL).await;
    let mut leaving = Live::open(&b.base).await;
    assert_eq!(leaving.auth(&phone).await["ok"], true);
    let mut staying = Live::open(&b.base).await;
    assert_eq!(staying.auth(&laptop).await["ok"], true);

    let signed_out = reqwest::Client::new()
        .post(format!("{}/api/auth/logout", a.base))
        .bearer_auth(&phone)
        .send()
        .await
        .expect("logout");
    assert_eq!(signed_out.status(), reqwest::StatusCode::NO_CONTENT);
    // B reads sessions through its cache, which lets go of an entry within MAX_AGE.
    tokio::time::sleep(Duration::from_millis(1200)).await;

    // Through A: an event only admins see (a user deleted), then a public one.
    let buyer = sign_up(
        &a.base,
        "gone@example.com",
        json!({"name": "Gone", "role": "buyer"}),
    )
    .await;
    let buyer_id = buyer["user"]["_id"].as_str().expect("id");
    call(
        &a.base,
        Method::DELETE,
        &format!("/api/allBuyer/{buyer_id}"),
        Some(&laptop),
        Value::Null,
    )
    .await;
    add_category(&a.base, &laptop, "After sign-out").await;

    let names = |events: &[Value]| -> Vec<String> {
        events
            .iter()
            .map(|e| e["event"].as_str().unwrap_or_default().to_owned())
            .collect()
    };
    // The public event came last: once it is here, an admin event would have been too.
    let left = names(
        &leaving
            .until("category.created", Duration::from_secs(15))
            .await,
    );
    assert!(
        !left.iter().any(|n| n == "user.deleted"),
        "a session ended in A sees no admin events on B: {left:?}"
    );
    assert!(
        left.iter().any(|n| n == "category.created"),
        "public events go on: {left:?}"
    );
    let stayed = names(
        &staying
            .until("category.created", Duration::from_secs(15))
            .await,
    );
    assert!(
        stayed.iter().any(|n| n == "user.deleted"),
        "the admin's other session still sees it: {stayed:?}"
    );
}

/// The listings' names a search through `base` finds.
async fn found(base: &str, query: &str) -> Vec<String> {
    let page = call(
        base,
        Method::GET,
        &format!("/api/listings?{query}"),
        None,
        json!(null),
    )
    .await;
    page["listings"]
        .as_array()
        .expect("listings")
        .iter()
        .map(|l| {
            let name = l["productName"].as_str().expect("name");
            format!("{name} at {}", l["resalePrice"])
        })
        .collect()
}

/// Asks `query` of `base` until it finds `expected` (each "name at price"), for at most
/// five seconds.
async fn until_found(base: &str, query: &str, expected: &[&str]) {
    let start = Instant::now();
    loop {
        let names = found(base, query).await;
        if names == expected {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{query} through the other process: {names:?}, not {expected:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_listing_posted_changed_or_deleted_through_one_process_is_searched_so_on_the_other() {
    let Some(Cluster { db, a, b, .. }) = Cluster::start().await else {
        return;
    };
    let (_, category) = open_shop(&db, &a).await;
    let seller = session(
        &a.base,
        &db.dir.join("a"),
        "seller@example.com",
        "Seller",
        "seller",
    )
    .await;
    // B's search index is loaded before the listing exists: it must catch up, not load.
    assert_eq!(found(&b.base, "q=pulsar").await, Vec::<String>::new());

    let mut body = super::support::listing_body(&category, "Bajaj Pulsar N160", 185_000);
    body["district"] = json!("Dhaka");
    let posted = call(
        &a.base,
        Method::PUT,
        "/api/products",
        Some(&seller),
        body.clone(),
    )
    .await;
    let listing = posted["insertedId"]
        .as_str()
        .expect("insertedId")
        .to_owned();
    until_found(
        &b.base,
        "q=pulsar&priceMax=200000",
        &["Bajaj Pulsar N160 at 185000"],
    )
    .await;

    // A lower price through A: B's index moves it under a lower ceiling, and B's page
    // shows the new price (B kept the listing as it read it before).
    body["resalePrice"] = json!(150_000);
    body["productImages"] = json!(["/uploads/demo-bike-0.svg"]);
    call(
        &a.base,
        Method::PUT,
        &format!("/api/products/{listing}"),
        Some(&seller),
        body,
    )
    .await;
    until_found(
        &b.base,
        "q=pulsar&priceMax=160000",
        &["Bajaj Pulsar N160 at 150000"],
    )
    .await;
    until_found(&b.base, "q=pulsar", &["Bajaj Pulsar N160 at 150000"]).await;

    call(
        &a.base,
        Method::DELETE,
        &format!("/api/products/{listing}"),
        Some(&seller),
        json!(null),
    )
    .await;
    until_found(&b.base, "q=pulsar&sold=true", &[]).await;
}

/// A listing held for review through one process fills the admins' queue on the other;
/// approved there, it appears on the first process's open pages and searches.
#[tokio::test]
async fn a_listing_held_for_review_through_one_process_is_decided_and_goes_live_through_the_other()
{
    let Some(Cluster { db, a, b, .. }) = Cluster::start().await else {
        return;
    };
    let (admin, category) = open_shop(&db, &a).await;
    let seller = session(
        &a.base,
        &db.dir.join("a"),
        "seller@example.com",
        "Seller",
        "seller",
    )
    .await;
    let mut queue_on_b = Live::open(&b.base).await;
    assert_eq!(queue_on_b.auth(&admin).await["ok"], true);
    let mut visitor_on_a = Live::open(&a.base).await;

    let mut body = super::support::listing_body(&category, "Bajaj Pulsar N160", 185_000);
    body["description"] = json!("Call 01711-223344 after 5 pm");
    let posted = call(&a.base, Method::PUT, "/api/products", Some(&seller), body).await;
    let listing = posted["insertedId"]
        .as_str()
        .expect("insertedId")
        .to_owned();
    let asked = queue_on_b
        .until("listing.review_requested", Duration::from_secs(10))
        .await;
    let asked = asked.last().expect("the queue heard of it");
    assert_eq!(asked["event"], "listing.review_requested", "{asked}");
    assert_eq!(asked["data"]["listing"]["_id"], listing.as_str());
    assert_eq!(asked["data"]["flags"], json!(["contact"]));
    let waiting = call(
        &b.base,
        Method::GET,
        "/api/listing-reviews",
        Some(&admin),
        json!(null),
    )
    .await;
    assert_eq!(waiting[0]["listing"]["_id"], listing.as_str());
    assert_eq!(found(&b.base, "q=pulsar").await, Vec::<String>::new());
    assert_eq!(found(&a.base, "q=pulsar").await, Vec::<String>::new());

    call(
        &b.base,
        Method::POST,
        &format!("/api/listing-reviews/{listing}/approve"),
        Some(&admin),
        json!(null),
    )
    .await;
    let heard = visitor_on_a
        .until("product.created", Duration::from_secs(10))
        .await;
    assert_eq!(
        heard
            .iter()
            .map(|e| e["event"].as_str().unwrap_or_default())
            .collect::<Vec<_>>(),
        ["product.created"],
        "the visitor heard nothing of it before it was live"
    );
    assert_eq!(heard[0]["data"]["_id"], listing.as_str());
    until_found(&a.base, "q=pulsar", &["Bajaj Pulsar N160 at 185000"]).await;
    let decided = queue_on_b
        .until("listing.reviewed", Duration::from_secs(10))
        .await;
    assert_eq!(
        decided.first().map(|e| &e["event"]),
        Some(&json!("listing.reviewed")),
        "the other admins' queues drop it: {decided:?}"
    );
}

#[tokio::test]
async fn a_typing_signal_crosses_to_every_process_through_redis_and_is_kept_nowhere() {
    use bikehaat::bus::{Bus, Typing};
    if !redis_installed() {
        skip("typing across processes", "redis-server is not installed");
        return;
    }
    let port = free_port();
    let _redis = start_redis(port).await;
    let url = format!("redis://127.0.0.1:{port}");
    let (a, b) = (
        std::sync::Arc::new(Bus::redis(&url).expect("bus a")),
        std::sync::Arc::new(Bus::redis(&url).expect("bus b")),
    );
    a.start();
    b.start();
    let (mut on_a, mut on_b) = (a.typing_signals(), b.typing_signals());
    let deadline = Instant::now() + Duration::from_secs(10);
    while !(a.connected() && b.connected()) {
        assert!(Instant::now() < deadline, "both subscribe to Redis");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let signal = Typing {
        to: 7,
        conversation_id: 61,
        from: 4,
    };
    a.typing(signal).await;
    for (name, signals) in [("b", &mut on_b), ("a", &mut on_a)] {
        let got = tokio::time::timeout(Duration::from_secs(5), signals.recv())
            .await
            .unwrap_or_else(|_| panic!("process {name} hears it"))
            .expect("a signal");
        assert_eq!(got, signal, "process {name}");
    }
    assert_eq!(
        serde_json::from_str::<Value>(&signal.frame()).expect("json"),
        json!({"type": "typing", "conversationId": "61", "from": "4"})
    );
    // Nothing was kept: a process that subscribes afterwards hears nothing of it.
    let mut late = b.typing_signals();
    let nothing = tokio::time::timeout(Duration::from_millis(300), late.recv()).await;
    assert!(
        nothing.is_err(),
        "a typing signal is not stored: {nothing:?}"
    );
}

/// The texts of the `message.created` events among `events`, in the order they came.
fn message_texts(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .filter(|e| e["event"] == "message.created")
        .map(|e| e["data"]["text"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Everything a socket hears until it has heard `count` messages (or 15 s passed), then
/// until it is quiet: what came, and nothing more than came.
async fn hear_messages(live: &mut Live, count: usize) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(15);
    let mut events = Vec::new();
    while message_texts(&events).len() < count && Instant::now() < deadline {
        if let Some(message) = live.next(Duration::from_secs(1)).await {
            if message["type"] == "event" {
                events.push(message);
            }
        }
    }
    events.extend(live.drain(Duration::from_millis(600)).await);
    events
}

#[tokio::test]
async fn a_conversation_across_two_processes_loses_and_doubles_no_message_when_redis_or_a_process_dies(
) {
    let Some(Cluster {
        db,
        redis_port,
        redis,
        a,
        b,
    }) = Cluster::start().await
    else {
        return;
    };
    let (_, category) = open_shop(&db, &a).await;
    // The seller lives on B, the buyer on A: every message crosses between them.
    let seller = session(
        &b.base,
        &db.dir.join("b"),
        "seller@example.com",
        "Rafiq",
        "seller",
    )
    .await;
    let buyer = session(
        &a.base,
        &db.dir.join("a"),
        "buyer@example.com",
        "Sadia",
        "buyer",
    )
    .await;
    let body = super::support::listing_body(&category, "Suzuki Gixxer SF", 210_000);
    let posted = call(&b.base, Method::PUT, "/api/products", Some(&seller), body).await;
    let bike = posted["insertedId"].as_str().expect("insertedId");

    let mut buyer_on_a = Live::open(&a.base).await;
    assert_eq!(buyer_on_a.auth(&buyer).await["ok"], true);
    let mut seller_on_b = Live::open(&b.base).await;
    assert_eq!(seller_on_b.auth(&seller).await["ok"], true);

    let opened = call(
        &a.base,
        Method::POST,
        "/api/conversations",
        Some(&buyer),
        json!({"productId": bike, "text": "Is it still available?", "clientId": "b-0"}),
    )
    .await;
    let id = opened["conversation"]["_id"]
        .as_str()
        .expect("conversation id")
        .to_owned();
    let say = |base: &str, token: &str, client: &str, text: &str| {
        let (base, token, path) = (
            base.to_owned(),
            token.to_owned(),
            format!("/api/conversations/{id}/messages"),
        );
        let body = json!({"clientId": client, "text": text});
        async move { call(&base, Method::POST, &path, Some(&token), body).await }
    };
    let turn = |base: &str, token: &str, client: String, text: String| {
        let base = base.to_owned();
        let token = token.to_owned();
        let say = &say;
        async move { say(&base, &token, &client, &text).await }
    };

    // Each message through A reaches its reader's socket on B through Redis, well
    // within the poll that would find it without a wake-up.
    let (mut buyer_heard, mut seller_heard) = (Vec::new(), Vec::new());
    let mut slowest = Duration::ZERO;
    for n in 0..=5 {
        let start = Instant::now();
        if n > 0 {
            say(&a.base, &buyer, &format!("q-{n}"), &format!("Quick {n}")).await;
        }
        let heard = seller_on_b
            .until("message.created", Duration::from_secs(5))
            .await;
        if n > 0 {
            slowest = slowest.max(start.elapsed());
        }
        seller_heard.extend(heard);
        let own = buyer_on_a
            .until("message.created", Duration::from_secs(5))
            .await;
        buyer_heard.extend(own);
    }
    assert!(
        slowest < Duration::from_millis(400),
        "a message through A took {slowest:?} to reach its reader's socket on B"
    );

    // Both ways at once through both processes: each side hears every message once, in
    // the conversation's order.
    for n in 1..=3 {
        let (buyer_says, seller_says) = (
            turn(&a.base, &buyer, format!("b-{n}"), format!("Buyer {n}")),
            turn(&b.base, &seller, format!("s-{n}"), format!("Seller {n}")),
        );
        tokio::join!(buyer_says, seller_says);
    }
    // A retry through the other process keeps the message once and tells nobody again.
    let again = say(&a.base, &seller, "s-3", "Seller 3").await;
    assert_eq!(again["events"], json!([]), "{again}");
    let history = |base: String, token: String| {
        let path = format!("/api/conversations/{id}/messages");
        async move {
            let page = call(&base, Method::GET, &path, Some(&token), json!(null)).await;
            page.as_array()
                .expect("a page of messages")
                .iter()
                .map(|m| m["text"].as_str().unwrap_or_default().to_owned())
                .collect::<Vec<_>>()
        }
    };
    let order = history(a.base.clone(), buyer.clone()).await;
    let mut sorted = order.clone();
    sorted.sort();
    assert_eq!(
        sorted,
        [
            "Buyer 1",
            "Buyer 2",
            "Buyer 3",
            "Is it still available?",
            "Quick 1",
            "Quick 2",
            "Quick 3",
            "Quick 4",
            "Quick 5",
            "Seller 1",
            "Seller 2",
            "Seller 3"
        ],
        "every message is kept once"
    );
    buyer_heard.extend(hear_messages(&mut buyer_on_a, 6).await);
    seller_heard.extend(hear_messages(&mut seller_on_b, 6).await);
    assert_eq!(message_texts(&buyer_heard), order, "the buyer, on A");
    assert_eq!(message_texts(&seller_heard), order, "the seller, on B");

    // Redis dies: each process still hears the other's messages (from the log), once.
    drop(redis);
    bus_connected(&a.base, false).await;
    bus_connected(&b.base, false).await;
    for n in 4..=5 {
        let (buyer_says, seller_says) = (
            turn(&a.base, &buyer, format!("b-{n}"), format!("Buyer {n}")),
            turn(&b.base, &seller, format!("s-{n}"), format!("Seller {n}")),
        );
        tokio::join!(buyer_says, seller_says);
    }
    let redis = start_redis(redis_port).await;
    bus_connected(&a.base, true).await;
    bus_connected(&b.base, true).await;
    turn(&b.base, &seller, "s-6".into(), "Seller 6".into()).await;
    let order = history(a.base.clone(), buyer.clone()).await;
    assert_eq!(order.len(), 17, "{order:?}");
    buyer_heard.extend(hear_messages(&mut buyer_on_a, 5).await);
    seller_heard.extend(hear_messages(&mut seller_on_b, 5).await);
    assert_eq!(
        message_texts(&buyer_heard),
        order,
        "the buyer, through Redis's loss"
    );
    assert_eq!(
        message_texts(&seller_heard),
        order,
        "the seller, through Redis's loss"
    );

    // B dies: the seller's page comes back through A and resumes where it was.
    let last_seq = seller_heard
        .iter()
        .filter_map(|e| e["seq"].as_i64())
        .max()
        .expect("seq");
    drop(b);
    turn(
        &a.base,
        &buyer,
        "b-7".into(),
        "Buyer 7 (while B was down)".into(),
    )
    .await;
    let mut seller_on_a = Live::open(&a.base).await;
    assert_eq!(seller_on_a.auth(&seller).await["ok"], true);
    seller_on_a
        .send(json!({"type": "resume", "since": last_seq}))
        .await;
    seller_heard.extend(hear_messages(&mut seller_on_a, 1).await);
    turn(&a.base, &seller, "s-7".into(), "Seller 7, back".into()).await;
    seller_heard.extend(hear_messages(&mut seller_on_a, 1).await);
    buyer_heard.extend(hear_messages(&mut buyer_on_a, 2).await);
    let order = history(a.base.clone(), seller.clone()).await;
    assert_eq!(order.len(), 19, "{order:?}");
    assert_eq!(message_texts(&buyer_heard), order, "the buyer, all along");
    assert_eq!(
        message_texts(&seller_heard),
        order,
        "the seller, across B's death"
    );
    // Each socket's messages came in the conversation's own order.
    for heard in [&buyer_heard, &seller_heard] {
        let ids: Vec<i64> = heard
            .iter()
            .filter(|e| e["event"] == "message.created")
            .map(|e| {
                let text = e["data"]["_id"].as_str().expect("message id");
                text.parse().expect("an id")
            })
            .collect();
        assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
    }
    drop(redis);
}
