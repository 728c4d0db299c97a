//! `messages`: conversations between buyers and sellers across two processes
//! (BENCHMARKS.md, "Conversations: messages across two processes").
//!
//! N conversations, each a seller with one bike and a buyer who asked about it
//! (`POST /api/conversations`); conversation `c`'s buyer socket on one server and its
//! seller socket on the other, both signed in, so that every message crosses processes
//! (the event log and the Redis wake-up). Then, in turn:
//!
//! - history seeded: M messages stored straight into PostgreSQL through `psql` (one
//!   `INSERT … SELECT generate_series`), spread evenly over the N conversations, dated
//!   before the bench's own, read by both sides (read and mailed marks at the last one,
//!   so neither unread counts nor the unread mail wake up), and the tables analyzed;
//! - memory: both servers' RSS before and after the 2N sockets open (a few sockets
//!   opened and closed first, as `idle` does), per socket;
//! - live: messages at a steady rate for a while, each by a random side of a random
//!   conversation through the API of its own socket's server; from the request's start
//!   to the `message.created` frame on the other side's socket. A message never seen
//!   there is lost;
//! - history: a few readers at once, each opening a random conversation as one of its
//!   sides: the newest 50 messages (`GET /api/conversations/{id}/messages`), then
//!   scrolling up page after page (`?before=` the oldest it has).
//!
//! Sign-ups: a client address may open 60 accounts an hour and ask for 10 phone codes, so
//! the bench's 2N people (N sellers, each confirming a phone) sign up from many loopback
//! addresses (127.1.x.y, [`SIGNUPS_PER_ADDRESS`] each), as so many people would from
//! their own networks; the servers' limits stay as shipped.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Args;
use futures_util::StreamExt;
use serde_json::json;

use crate::client::{self, Recorder, MARKER};
use crate::sales::{answer, nonce, text};
use crate::{procfs, session_token, stats, warm_up};

/// Sign-ups from one client address, half of them sellers: below the servers' 60 accounts
/// and 10 phone codes an hour.
const SIGNUPS_PER_ADDRESS: usize = 20;
/// Conversations being set up at once (each: two sign-ups, a listing, the opening).
const SETUP_AT_ONCE: usize = 8;
/// A page of history (`MESSAGES_PAGE`).
const PAGE: usize = bikehaat::records::MESSAGES_PAGE as usize;
/// Process of socket `s` (`2c` the buyer of conversation `c`, `2c + 1` its seller): the
/// buyers of even conversations on the first server, of odd ones on the second, each
/// seller on the other.
const PROCESS_OF: [usize; 4] = [0, 1, 1, 0];

/// What a `messages` run does.
#[derive(Args)]
pub(crate) struct Plan {
    /// Conversations, each a buyer and a seller of their own (two sockets).
    #[arg(long, default_value_t = 2000)]
    conversations: usize,
    /// Messages a second, all conversations together.
    #[arg(long, default_value_t = 100.0)]
    rate: f64,
    /// Seconds of messages.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// Messages stored straight into PostgreSQL before the run, spread over the
    /// conversations (the history read).
    #[arg(long, default_value_t = 1_000_000)]
    stored: u64,
    /// Seconds of history reads.
    #[arg(long, default_value_t = 10)]
    history_seconds: u64,
    /// History readers at once.
    #[arg(long, default_value_t = 4)]
    history_readers: usize,
    /// Pages one reader reads up from the newest before choosing another conversation.
    #[arg(long, default_value_t = 2)]
    scroll_pages: usize,
    /// Seed of the choice of conversations and sides.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Sockets being opened at once.
    #[arg(long, default_value_t = 200)]
    concurrency: usize,
    /// Quiet time after the last socket signed in, before measuring.
    #[arg(long, default_value_t = 2000)]
    settle_ms: u64,
    /// How long, after the last send, a message may take to arrive before it is lost.
    #[arg(long, default_value_t = 10)]
    timeout_s: u64,
    /// Worker threads of the client's runtime (it shares the cores with the servers).
    #[arg(long, default_value_t = 1)]
    pub(crate) client_threads: usize,
    /// Sockets one reader task of the client drives.
    #[arg(long, default_value_t = 500)]
    sockets_per_task: usize,
}

/// A small deterministic generator (splitmix64): the same seed, the same run.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One conversation of the bench: its id, and its two sides' access tokens.
struct Conversation {
    id: String,
    /// `[buyer, seller]`.
    tokens: [String; 2],
}

/// Socket `2c + side` (side 0 the buyer, 1 the seller) of conversation `c`.
fn socket_of(conversation: usize, side: usize) -> usize {
    2 * conversation + side
}

/// The server index of socket `socket`.
fn process_of(socket: usize) -> usize {
    PROCESS_OF[socket % PROCESS_OF.len()]
}

/// The client address person `person` signs up from.
fn signup_address(person: usize) -> IpAddr {
    let address = person / SIGNUPS_PER_ADDRESS;
    IpAddr::V4(Ipv4Addr::new(
        127,
        1,
        (address / 250) as u8,
        (address % 250 + 1) as u8,
    ))
}

/// Where each bench message arrived: at the other side's socket (timed), at its
/// sender's own socket, or anywhere else (which would be a leak).
struct Deliveries {
    base: Instant,
    sender: Vec<usize>,
    receiver: Vec<usize>,
    /// Nanoseconds after `base` the receiver had message `k`, plus one; 0 = not yet.
    arrivals: Vec<AtomicU64>,
    arrived: AtomicUsize,
    echoes: AtomicUsize,
    duplicates: AtomicUsize,
    elsewhere: AtomicUsize,
    closed: AtomicUsize,
}

impl Deliveries {
    fn at(&self, nanos: u64) -> Instant {
        self.base + Duration::from_nanos(nanos - 1)
    }
}

impl Recorder for Deliveries {
    fn record(&self, socket: usize, text: &str) {
        if !text.contains(r#""event":"message.created""#) {
            return; // read marks, listings of other runs: not the bench's messages
        }
        let Some(k) = client::event_index(text).filter(|&k| k < self.receiver.len()) else {
            return;
        };
        if socket == self.receiver[k] {
            let now = self.base.elapsed().as_nanos() as u64 + 1;
            if self.arrivals[k]
                .compare_exchange(0, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
            {
                self.arrived.fetch_add(1, Ordering::Release);
            } else {
                self.duplicates.fetch_add(1, Ordering::Relaxed);
            }
        } else if socket == self.sender[k] {
            self.echoes.fetch_add(1, Ordering::Relaxed);
        } else {
            self.elsewhere.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn closed(&self, _socket: usize) {
        self.closed.fetch_add(1, Ordering::Relaxed);
    }
}

pub(crate) async fn bench(
    servers: &[String],
    pids: &[u32],
    admin_email: &str,
    database_url: &str,
    plan: &Plan,
) -> Result<(), String> {
    if servers.len() != 2 {
        return Err("give two servers: each conversation's sides are on different ones".into());
    }
    if plan.conversations == 0 || plan.rate <= 0.0 {
        return Err("give at least one conversation and a rate above zero".into());
    }
    let servers: Vec<String> = servers
        .iter()
        .map(|s| s.trim_end_matches('/').to_owned())
        .collect();
    let http = reqwest::Client::new();
    let conversations = set_up(&http, &servers, admin_email, plan).await?;
    seed(database_url, &conversations, plan.stored).await?;

    // The sockets: 2N, each signed in as its side.
    let urls: Vec<String> = PROCESS_OF
        .iter()
        .map(|&p| client::ws_url(&servers[p], "/api/live"))
        .collect();
    warm_up(&urls[..2]).await?;
    let before: Vec<u64> = pids
        .iter()
        .map(|&pid| procfs::rss_kib(pid))
        .collect::<Result<_, _>>()?;
    let count = 2 * conversations.len();
    let mut sockets = client::open_all(&urls, count, plan.concurrency).await?;
    let started = Instant::now();
    futures_util::stream::iter(sockets.iter_mut().enumerate())
        .map(|(s, ws)| client::sign_in(ws, &conversations[s / 2].tokens[s % 2]))
        .buffer_unordered(plan.concurrency.max(1))
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<Result<Vec<()>, _>>()?;
    eprintln!(
        "signed {count} sockets in in {:.1} s",
        started.elapsed().as_secs_f64()
    );

    // Who sends each message, chosen before the sockets are read.
    let total = (plan.rate * plan.seconds as f64).round() as usize;
    let mut dice = Dice(plan.seed);
    let chosen: Vec<(usize, usize)> = (0..total)
        .map(|_| (dice.below(conversations.len()), dice.below(2)))
        .collect();
    let deliveries = Arc::new(Deliveries {
        base: Instant::now(),
        sender: chosen.iter().map(|&(c, side)| socket_of(c, side)).collect(),
        receiver: chosen
            .iter()
            .map(|&(c, side)| socket_of(c, 1 - side))
            .collect(),
        arrivals: (0..total).map(|_| AtomicU64::new(0)).collect(),
        arrived: AtomicUsize::new(0),
        echoes: AtomicUsize::new(0),
        duplicates: AtomicUsize::new(0),
        elsewhere: AtomicUsize::new(0),
        closed: AtomicUsize::new(0),
    });
    client::spawn_readers(&deliveries, sockets, plan.sockets_per_task);
    tokio::time::sleep(Duration::from_millis(plan.settle_ms)).await;
    let closed = deliveries.closed.load(Ordering::Relaxed);
    if closed > 0 {
        return Err(format!("{closed} sockets closed while settling"));
    }
    let after: Vec<u64> = pids
        .iter()
        .map(|&pid| procfs::rss_kib(pid))
        .collect::<Result<_, _>>()?;
    let grown: f64 = after
        .iter()
        .zip(&before)
        .map(|(a, b)| *a as f64 - *b as f64)
        .sum();
    let each: Vec<String> = before
        .iter()
        .zip(&after)
        .map(|(b, a)| format!("{} -> {} MiB", b / 1024, a / 1024))
        .collect();
    println!(
        "== conversations: {} across 2 servers, {count} signed-in sockets, {} messages stored ==",
        conversations.len(),
        plan.stored
    );
    println!(
        "idle socket RSS      {:.2} KiB per signed-in socket ({count} sockets; servers {})",
        grown / count as f64,
        each.join(", ")
    );

    let conversations = Arc::new(conversations);
    live(&http, &servers, &conversations, &deliveries, plan).await?;
    history(&http, &servers, &conversations, plan).await
}

/// N conversations through the API: each seller signs up and lists a bike, each buyer
/// signs up and opens a conversation about it, everyone on their own socket's server.
async fn set_up(
    http: &reqwest::Client,
    servers: &[String],
    admin_email: &str,
    plan: &Plan,
) -> Result<Vec<Conversation>, String> {
    let started = Instant::now();
    let nonce = nonce();
    let admin = session_token(http, &servers[0], admin_email, "buyer").await?;
    let category = answer(
        "category",
        http.post(format!("{}/api/categories/{admin_email}", servers[0]))
            .bearer_auth(&admin)
            .json(&json!({"categoryName": format!("Conversations {nonce}"), "categoryImage": "/uploads/x.png"})),
    )
    .await?;
    let category = text(&category, "/insertedId", "category")?;
    // A client for each sign-up address (`signup_address`).
    let addresses = (2 * plan.conversations).div_ceil(SIGNUPS_PER_ADDRESS);
    let signups: Vec<reqwest::Client> = (0..addresses)
        .map(|a| {
            reqwest::Client::builder()
                .local_address(signup_address(a * SIGNUPS_PER_ADDRESS))
                .build()
                .map_err(|e| e.to_string())
        })
        .collect::<Result<_, _>>()?;
    let signups = &signups;
    let category = &category;
    let made: Vec<Result<Conversation, String>> = futures_util::stream::iter(0..plan.conversations)
        .map(|c| async move {
            let token = |side: usize| {
                let person = socket_of(c, side);
                let server = &servers[process_of(person)];
                let role = ["buyer", "seller"][side];
                let email = format!("{role}-{c}-{nonce}@bench.test");
                let http = &signups[person / SIGNUPS_PER_ADDRESS];
                async move { session_token(http, server, &email, role).await }
            };
            let seller = token(1).await?;
            let at = &servers[process_of(socket_of(c, 1))];
            let listed = answer(
                "list",
                http.put(format!("{at}/api/products"))
                    .bearer_auth(&seller)
                    .json(&json!({
                        "categoryId": category, "productName": format!("Conversation bike {c}-{nonce}"),
                        "productImage": "/uploads/x.png", "resalePrice": 150_000, "originalPrice": 300_000,
                        "purchaseYear": 2021, "yearsOfUse": 3, "condition": "Good", "location": "Mirpur 10, Dhaka",
                        "color": "Red", "sellerPhone": "01711-234567", "description": "A conversations bench bike.",
                    })),
            )
            .await?;
            let bike = text(&listed, "/insertedId", "list")?;
            let buyer = token(0).await?;
            let at = &servers[process_of(socket_of(c, 0))];
            let opened = answer(
                "open",
                http.post(format!("{at}/api/conversations"))
                    .bearer_auth(&buyer)
                    .json(&json!({"productId": bike})),
            )
            .await?;
            Ok(Conversation {
                id: text(&opened, "/conversation/_id", "open")?,
                tokens: [buyer, seller],
            })
        })
        .buffered(SETUP_AT_ONCE)
        .collect()
        .await;
    let made: Vec<Conversation> = made.into_iter().collect::<Result<_, _>>()?;
    eprintln!(
        "set up {} conversations ({} accounts, {} bikes) in {:.1} s",
        made.len(),
        2 * made.len(),
        made.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(made)
}

/// Stores `stored` messages into the conversations straight through `psql`: a minute
/// apart, alternating sides, the last two days ago; each conversation's last message
/// time is its last one's, and both sides' read and mailed marks are at it. Then the
/// tables are analyzed, as autovacuum would do soon after such a load.
async fn seed(
    database_url: &str,
    conversations: &[Conversation],
    stored: u64,
) -> Result<(), String> {
    if stored == 0 {
        return Ok(());
    }
    let n = conversations.len() as u64;
    let per = stored.div_ceil(n);
    let ids: Vec<&str> = conversations.iter().map(|c| c.id.as_str()).collect();
    let sql = format!(
        r#"\set ON_ERROR_STOP on
BEGIN;
CREATE TEMP TABLE seeded ON COMMIT DROP AS
  SELECT id, buyer_id, seller_id, row_number() OVER (ORDER BY id) AS n
  FROM conversations WHERE id = ANY('{{{ids}}}'::bigint[]);
INSERT INTO messages (conversation_id, sender_id, client_id, text, sent_at)
  SELECT c.id, CASE WHEN k % 2 = 1 THEN c.buyer_id ELSE c.seller_id END, 'seed-' || k,
         'Seeded message ' || k || ': is the bike still available, and could I see it on Friday evening?',
         now() - interval '2 days' - ({per} - k) * interval '1 minute'
  FROM generate_series(1, {per}) AS k CROSS JOIN seeded c
  WHERE (k - 1) * {n} + c.n <= {stored}
  ORDER BY k, c.n;
UPDATE conversations c SET
  created_at = LEAST(c.created_at, s.first_at),
  last_message_at = s.last_at,
  buyer_read_up_to = GREATEST(c.buyer_read_up_to, s.last_id),
  seller_read_up_to = GREATEST(c.seller_read_up_to, s.last_id),
  buyer_mailed_up_to = GREATEST(c.buyer_mailed_up_to, s.last_id),
  seller_mailed_up_to = GREATEST(c.seller_mailed_up_to, s.last_id)
FROM (SELECT conversation_id, MIN(sent_at) AS first_at, MAX(sent_at) AS last_at, MAX(id) AS last_id
      FROM messages WHERE conversation_id IN (SELECT id FROM seeded) GROUP BY conversation_id) s
WHERE c.id = s.conversation_id;
COMMIT;
ANALYZE messages;
ANALYZE conversations;
SELECT COUNT(*) FROM messages;
"#,
        ids = ids.join(",")
    );
    let started = Instant::now();
    let url = database_url.to_owned();
    let output = tokio::task::spawn_blocking(move || {
        use std::io::Write;
        let mut psql = std::process::Command::new("psql")
            .args([url.as_str(), "-qtA", "-f", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run psql: {e}"))?;
        psql.stdin
            .take()
            .ok_or("no stdin for psql")?
            .write_all(sql.as_bytes())
            .map_err(|e| e.to_string())?;
        psql.wait_with_output().map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| e.to_string())??;
    if !output.status.success() {
        return Err(format!(
            "seeding the history failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let total = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    eprintln!(
        "stored {stored} messages ({per} a conversation at most) in {:.1} s; {total} in the table",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Messages at `plan.rate` a second for `plan.seconds`, on schedule whatever the answers
/// (a slow answer does not hold the next message back); then waits for stragglers.
async fn live(
    http: &reqwest::Client,
    servers: &[String],
    conversations: &Arc<Vec<Conversation>>,
    deliveries: &Arc<Deliveries>,
    plan: &Plan,
) -> Result<(), String> {
    let total = deliveries.receiver.len();
    let nonce = nonce();
    // Request start and answer of each message, in nanoseconds after `base` plus one.
    let starts: Arc<Vec<AtomicU64>> = Arc::new((0..total).map(|_| AtomicU64::new(0)).collect());
    let answers: Arc<Vec<AtomicU64>> = Arc::new((0..total).map(|_| AtomicU64::new(0)).collect());
    let failures = Arc::new(Mutex::new(Vec::<String>::new()));
    let every = Duration::from_secs_f64(1.0 / plan.rate);
    let began = Instant::now();
    let mut sends = Vec::with_capacity(total);
    for k in 0..total {
        tokio::time::sleep_until((began + every * k as u32).into()).await;
        let sender = deliveries.sender[k];
        let conversation = &conversations[sender / 2];
        let request = http
            .post(format!(
                "{}/api/conversations/{}/messages",
                servers[process_of(sender)],
                conversation.id
            ))
            .bearer_auth(&conversation.tokens[sender % 2])
            .json(&json!({
                "clientId": format!("lb-{nonce}-{k}"),
                "text": format!("{MARKER}{k} Is the bike still available? Could I see it on Friday?"),
            }));
        let (starts, answers, failures) = (starts.clone(), answers.clone(), failures.clone());
        let base = deliveries.base;
        sends.push(tokio::spawn(async move {
            starts[k].store(base.elapsed().as_nanos() as u64 + 1, Ordering::Relaxed);
            match request.send().await {
                Ok(response) if response.status().is_success() => {
                    answers[k].store(base.elapsed().as_nanos() as u64 + 1, Ordering::Relaxed);
                }
                Ok(response) => {
                    let status = response.status();
                    let body = response.text().await.unwrap_or_default();
                    let body: String = body.chars().take(200).collect();
                    failures
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .push(format!("message {k}: {status} {body}"));
                }
                Err(e) => failures
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push(format!("message {k}: {e}")),
            }
        }));
    }
    let sent_in = began.elapsed();
    for send in sends {
        send.await.map_err(|e| e.to_string())?;
    }
    let failures = std::mem::take(&mut *failures.lock().unwrap_or_else(|p| p.into_inner()));
    let accepted = total - failures.len();
    let deadline = Instant::now() + Duration::from_secs(plan.timeout_s);
    while deliveries.arrived.load(Ordering::Acquire) < accepted && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let mut latencies = Vec::with_capacity(total);
    let mut after_answer = Vec::with_capacity(total);
    let mut requests = Vec::with_capacity(total);
    let mut lost = 0;
    for k in 0..total {
        let (start, answered) = (
            starts[k].load(Ordering::Relaxed),
            answers[k].load(Ordering::Relaxed),
        );
        let arrival = deliveries.arrivals[k].load(Ordering::Relaxed);
        if answered != 0 {
            requests.push(answered - start);
            if arrival == 0 {
                lost += 1;
            }
        }
        if arrival != 0 {
            let at = deliveries.at(arrival);
            latencies.push(
                at.saturating_duration_since(deliveries.at(start))
                    .as_nanos() as u64,
            );
            if answered != 0 {
                after_answer.push(
                    at.saturating_duration_since(deliveries.at(answered))
                        .as_nanos() as u64,
                );
            }
        }
    }
    println!(
        "sent {total} messages in {:.1} s ({:.1}/s): accepted {accepted}, refused or failed {}",
        sent_in.as_secs_f64(),
        total as f64 / sent_in.as_secs_f64().max(1e-9),
        failures.len()
    );
    for failure in failures.iter().take(5) {
        println!("  {failure}");
    }
    println!(
        "send -> other side   {}  lost {lost}/{accepted}",
        stats::spread_at(&mut latencies, &[50.0, 95.0, 99.0])
    );
    println!(
        "answer -> other side {}",
        stats::spread_at(&mut after_answer, &[50.0, 95.0, 99.0])
    );
    println!(
        "send request itself  {}",
        stats::spread_at(&mut requests, &[50.0, 95.0, 99.0])
    );
    println!(
        "frames: sender's own socket {}, duplicates {}, anyone else's socket {}, sockets closed {}",
        deliveries.echoes.load(Ordering::Relaxed),
        deliveries.duplicates.load(Ordering::Relaxed),
        deliveries.elsewhere.load(Ordering::Relaxed),
        deliveries.closed.load(Ordering::Relaxed)
    );
    if lost > 0 || !failures.is_empty() {
        return Err(format!(
            "{lost} messages lost, {} refused or failed",
            failures.len()
        ));
    }
    if deliveries.elsewhere.load(Ordering::Relaxed) > 0 {
        return Err("a message reached a socket of someone outside its conversation".into());
    }
    Ok(())
}

/// Latencies of the two kinds of history page, and what went wrong.
#[derive(Default)]
struct Reads {
    newest: Vec<u64>,
    before: Vec<u64>,
    short: usize,
    failures: Vec<String>,
}

/// One history page: its latency and its messages' ids, oldest first.
async fn page(
    http: &reqwest::Client,
    url: String,
    token: &str,
) -> Result<(u64, Vec<String>), String> {
    let started = Instant::now();
    let body = answer("history", http.get(&url).bearer_auth(token)).await?;
    let nanos = started.elapsed().as_nanos() as u64;
    let ids = body
        .as_array()
        .ok_or_else(|| format!("{url}: not a list"))?
        .iter()
        .map(|m| m["_id"].as_str().map(str::to_owned).unwrap_or_default())
        .collect();
    Ok((nanos, ids))
}

/// `plan.history_readers` readers for `plan.history_seconds`: each picks a conversation
/// and a side, reads the newest page, then `plan.scroll_pages` pages up.
async fn history(
    http: &reqwest::Client,
    servers: &[String],
    conversations: &Arc<Vec<Conversation>>,
    plan: &Plan,
) -> Result<(), String> {
    let reads = Arc::new(Mutex::new(Reads::default()));
    let deadline = Instant::now() + Duration::from_secs(plan.history_seconds);
    let mut readers = Vec::with_capacity(plan.history_readers);
    for reader in 0..plan.history_readers {
        let (http, servers, conversations, reads) = (
            http.clone(),
            servers.to_vec(),
            conversations.clone(),
            reads.clone(),
        );
        let mut dice = Dice(plan.seed ^ (0xC0FF_EE00 + reader as u64));
        let scroll = plan.scroll_pages;
        readers.push(tokio::spawn(async move {
            while Instant::now() < deadline {
                let (c, side) = (dice.below(conversations.len()), dice.below(2));
                let conversation = &conversations[c];
                let token = &conversation.tokens[side];
                let base = format!(
                    "{}/api/conversations/{}/messages",
                    servers[process_of(socket_of(c, side))],
                    conversation.id
                );
                let mut url = base.clone();
                for depth in 0..=scroll {
                    let result = page(&http, url, token).await;
                    let mut reads = reads.lock().unwrap_or_else(|p| p.into_inner());
                    match result {
                        Ok((nanos, ids)) => {
                            if depth == 0 {
                                reads.newest.push(nanos);
                            } else {
                                reads.before.push(nanos);
                            }
                            if ids.len() < PAGE {
                                reads.short += 1;
                            }
                            match ids.first() {
                                Some(oldest) => url = format!("{base}?before={oldest}"),
                                None => break,
                            }
                        }
                        Err(e) => {
                            reads.failures.push(e);
                            break;
                        }
                    }
                }
            }
        }));
    }
    for reader in readers {
        reader.await.map_err(|e| e.to_string())?;
    }
    let mut reads = std::mem::take(&mut *reads.lock().unwrap_or_else(|p| p.into_inner()));
    let pages = reads.newest.len() + reads.before.len();
    println!(
        "history: {} readers for {} s, {pages} pages = {:.0} pages/s; short of {PAGE}: {}, failed {}",
        plan.history_readers,
        plan.history_seconds,
        pages as f64 / plan.history_seconds.max(1) as f64,
        reads.short,
        reads.failures.len()
    );
    for failure in reads.failures.iter().take(5) {
        println!("  {failure}");
    }
    println!(
        "history newest page  {}",
        stats::spread_at(&mut reads.newest, &[50.0, 95.0, 99.0])
    );
    println!(
        "history ?before=     {}",
        stats::spread_at(&mut reads.before, &[50.0, 95.0, 99.0])
    );
    let mut all: Vec<u64> = reads.newest.iter().chain(&reads.before).copied().collect();
    println!(
        "history any page     {}",
        stats::spread_at(&mut all, &[50.0, 95.0, 99.0])
    );
    if !reads.failures.is_empty() {
        return Err(format!("{} history pages failed", reads.failures.len()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_on_the_other_server() {
        for c in 0..8 {
            assert_ne!(process_of(socket_of(c, 0)), process_of(socket_of(c, 1)));
        }
        // Both servers hold buyers and sellers alike.
        assert_eq!(process_of(socket_of(0, 0)), 0);
        assert_eq!(process_of(socket_of(1, 0)), 1);
    }

    #[test]
    fn sign_ups_spread_over_addresses() {
        assert_eq!(signup_address(0), IpAddr::V4(Ipv4Addr::new(127, 1, 0, 1)));
        assert_eq!(signup_address(SIGNUPS_PER_ADDRESS - 1), signup_address(0));
        assert_eq!(
            signup_address(SIGNUPS_PER_ADDRESS),
            IpAddr::V4(Ipv4Addr::new(127, 1, 0, 2))
        );
        assert_eq!(
            signup_address(250 * SIGNUPS_PER_ADDRESS),
            IpAddr::V4(Ipv4Addr::new(127, 1, 1, 1))
        );
    }

    #[test]
    fn deliveries_tell_the_other_side_from_the_rest() {
        let deliveries = Deliveries {
            base: Instant::now(),
            sender: vec![0],
            receiver: vec![1],
            arrivals: vec![AtomicU64::new(0)],
            arrived: AtomicUsize::new(0),
            echoes: AtomicUsize::new(0),
            duplicates: AtomicUsize::new(0),
            elsewhere: AtomicUsize::new(0),
            closed: AtomicUsize::new(0),
        };
        let frame = r#"{"type":"event","seq":9,"event":"message.created","data":{"_id":"5","clientId":"lb-1-0","text":"lbm-0 Is it?"}}"#;
        deliveries.record(1, frame);
        deliveries.record(1, frame);
        deliveries.record(0, frame);
        deliveries.record(2, frame);
        deliveries.record(
            1,
            r#"{"type":"event","seq":10,"event":"message.read","data":{}}"#,
        );
        assert_eq!(deliveries.arrived.load(Ordering::Relaxed), 1);
        assert_eq!(deliveries.duplicates.load(Ordering::Relaxed), 1);
        assert_eq!(deliveries.echoes.load(Ordering::Relaxed), 1);
        assert_eq!(deliveries.elsewhere.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn dice_are_deterministic_and_in_range() {
        let (mut a, mut b) = (Dice(7), Dice(7));
        for _ in 0..100 {
            let roll = a.below(3);
            assert!(roll < 3);
            assert_eq!(roll, b.below(3));
        }
    }
}
