//! `live-bench`: load generator for BikeHaat's live events (BENCHMARKS.md, "Live events").
//!
//! - `bikehaat`: N sockets spread over running servers, W real writes through the API;
//!   write → socket latency, server CPU per delivered event.
//! - `baseline`: the same client against a bare tokio-tungstenite broadcaster (default
//!   settings, no database, no auth) that this binary runs as child processes: two of
//!   them joined through Redis, as bikehaat's two are, sending frames of the same bytes.
//! - `idle`: server RSS per idle socket.
//! - `booking`: with N other sockets open, bookings through one server; how soon the
//!   seller's socket on another server has the booking (`order.created`, the My Buyers
//!   row) and the bell's `notification.created`.
//! - `sales`, `sales-bare`: the write path — sales a second (book, pay, sold) through
//!   one server's API at 1, 2, 4, … buyers at once, and the same writes straight
//!   through the store.
//! - `messages`: conversations between buyers and sellers, each side's socket on another
//!   server; messages at a steady rate, send → the other side's socket; history pages
//!   with a million messages stored; RSS per signed-in socket.
//! - `soak`: minutes of mixed traffic (browse, sign in, list, book, pay, cancel,
//!   report) with N sockets open; answers by kind, servers' RSS and open files, and
//!   whether every socket received every public event.

mod booking;
mod client;
mod messages;
mod procfs;
mod sales;
mod soak;
mod stats;

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use clap::{Args, Parser, Subcommand};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::broadcast;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

use client::Fleet;

#[derive(Parser)]
#[command(
    name = "live-bench",
    about = "Load generator for BikeHaat's live events"
)]
struct Cli {
    #[command(subcommand)]
    mode: Mode,
}

#[derive(Subcommand)]
enum Mode {
    /// N sockets over running bikehaat servers, W writes through the first one's API.
    Bikehaat {
        /// Servers, comma-separated (http://127.0.0.1:PORT); sockets are spread over them.
        #[arg(long, value_delimiter = ',', required = true)]
        servers: Vec<String>,
        /// Their pids, in the same order (default: found by port through /proc).
        #[arg(long, value_delimiter = ',')]
        pids: Vec<u32>,
        /// Writes to perform (each one a public `category.created` event).
        #[arg(long, default_value_t = 20)]
        writes: usize,
        /// An e-mail listed in the servers' ADMIN_EMAILS.
        #[arg(long, default_value = "admin@bench.test")]
        admin_email: String,
        /// Sign every socket in as the admin (the signed-in form of each event, and the
        /// per-socket session checks); anonymous otherwise.
        #[arg(long)]
        signed_in: bool,
        #[command(flatten)]
        support: Support,
        #[command(flatten)]
        run: RunArgs,
    },
    /// A seller's socket on the last server, N other sockets over all of them; B bookings
    /// through the first server's API, each of a new bike of that seller.
    Booking {
        /// Servers, comma-separated (http://127.0.0.1:PORT).
        #[arg(long, value_delimiter = ',', required = true)]
        servers: Vec<String>,
        /// Bookings to make.
        #[arg(long, default_value_t = 50)]
        bookings: usize,
        /// An admin's e-mail (made admin before the run), to add the bench's category.
        #[arg(long, default_value = "admin@bench.test")]
        admin_email: String,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Sales (book → pay → sold) through one server's API, at each number of buyers at
    /// once for a while; sales/s, latency, and the server's CPU a sale.
    Sales {
        /// The server (http://127.0.0.1:PORT).
        #[arg(long)]
        server: String,
        /// Its pid, for its CPU.
        #[arg(long)]
        pid: Option<u32>,
        /// Count PostgreSQL's processes' CPU too.
        #[arg(long)]
        postgres: bool,
        /// An e-mail listed in the server's ADMIN_EMAILS (made admin before the run).
        #[arg(long, default_value = "admin@bench.test")]
        admin_email: String,
        #[command(flatten)]
        sweep: Sweep,
    },
    /// The same writes as `sales`, straight through the store on a database.
    SalesBare {
        /// postgres://… or a SQLite file.
        #[arg(long)]
        database_url: String,
        #[command(flatten)]
        sweep: Sweep,
    },
    /// Conversations across two servers: N buyers each asking a seller about a bike,
    /// the buyer's socket on one server and the seller's on the other; messages at a
    /// steady rate (send → the other side's socket), then history pages with many
    /// messages stored (seeded through `psql`), and RSS per signed-in socket.
    Messages {
        /// Servers, comma-separated (http://127.0.0.1:PORT): two, sharing one database.
        #[arg(long, value_delimiter = ',', required = true)]
        servers: Vec<String>,
        /// Their pids, in the same order (default: found by port through /proc).
        #[arg(long, value_delimiter = ',')]
        pids: Vec<u32>,
        /// An admin's e-mail (made admin before the run), to add the bench's category.
        #[arg(long, default_value = "admin@bench.test")]
        admin_email: String,
        /// The servers' PostgreSQL database (postgres://…), where the history is seeded.
        #[arg(long)]
        database_url: String,
        #[command(flatten)]
        plan: messages::Plan,
    },
    /// Mixed traffic over running servers for a while, N sockets open throughout.
    Soak {
        /// Servers, comma-separated (http://127.0.0.1:PORT); traffic and sockets are
        /// spread over them.
        #[arg(long, value_delimiter = ',', required = true)]
        servers: Vec<String>,
        /// Their pids, in the same order (default: found by port through /proc).
        #[arg(long, value_delimiter = ',')]
        pids: Vec<u32>,
        /// An admin's e-mail (made admin before the run), to add the soak's category.
        #[arg(long, default_value = "admin@bench.test")]
        admin_email: String,
        /// How long the traffic runs, in seconds.
        #[arg(long, default_value_t = 600)]
        duration_s: u64,
        /// Sellers, each listing bikes that a buyer books (one trading worker each).
        #[arg(long, default_value_t = 3)]
        sellers: usize,
        /// Buyers.
        #[arg(long, default_value_t = 3)]
        buyers: usize,
        /// Sockets signed in, in turn as each seller and buyer; the rest are anonymous.
        #[arg(long, default_value_t = 60)]
        signed_in_sockets: usize,
        /// Pause of each trading worker between two bikes.
        #[arg(long, default_value_t = 1500)]
        trade_pause_ms: u64,
        /// Browsing workers (each: categories, one category's bikes, the adverts).
        #[arg(long, default_value_t = 2)]
        browse_workers: usize,
        /// Pause of each browsing worker between two rounds.
        #[arg(long, default_value_t = 250)]
        browse_pause_ms: u64,
        /// Pause between two sign-ins (100 attempts per address per 10 min are allowed).
        #[arg(long, default_value_t = 10_000)]
        sign_in_pause_ms: u64,
        #[command(flatten)]
        run: RunArgs,
    },
    /// N sockets on bare tokio-tungstenite broadcasters (child processes), W messages
    /// sent by a socket of the first, each reaching every socket of every one.
    Baseline {
        /// Messages to broadcast.
        #[arg(long, default_value_t = 20)]
        messages: usize,
        /// Broadcasters; with more than one, they are joined through `--redis-url`.
        #[arg(long, default_value_t = 2)]
        processes: usize,
        /// The Redis the broadcasters publish to and subscribe on.
        #[arg(long)]
        redis_url: Option<String>,
        /// Give the broadcasters bikehaat's socket settings (see `serve-baseline`).
        #[arg(long)]
        bikehaat_settings: bool,
        #[command(flatten)]
        support: Support,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Server RSS per idle socket: (RSS after opening N sockets − RSS before) / N.
    Idle {
        /// The bikehaat server (http://127.0.0.1:PORT).
        #[arg(long, required_unless_present = "baseline")]
        server: Option<String>,
        /// Its pid (default: found by port through /proc).
        #[arg(long)]
        pid: Option<u32>,
        /// Measure the bare broadcaster instead (a child process).
        #[arg(long, conflicts_with = "server")]
        baseline: bool,
        #[command(flatten)]
        run: RunArgs,
    },
    /// The bare broadcaster: default WebSocketConfig, one task per socket, a broadcast
    /// channel; a text frame received from any socket is sent to every socket. With
    /// `--redis-url`, the frame is published to Redis instead, and every frame that
    /// arrives on the channel is sent to every socket: broadcasters on one Redis are
    /// one audience.
    ServeBaseline {
        #[arg(long, default_value = "127.0.0.1:0")]
        addr: SocketAddr,
        #[arg(long)]
        redis_url: Option<String>,
        /// bikehaat's socket settings instead of the defaults: a 256-byte read buffer,
        /// frames written at once (no write buffer), TCP_NODELAY.
        #[arg(long)]
        bikehaat_settings: bool,
    },
}

/// The buyers at once of each level of a sales run, and how long each lasts.
#[derive(Args)]
pub(crate) struct Sweep {
    /// Buyers at once, one level each.
    #[arg(long, value_delimiter = ',', default_value = "1,2,4,8,16")]
    buyers: Vec<usize>,
    /// Seconds a level.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Bikes listed beforehand (each sale takes one), shared out evenly between the
    /// levels; a level that sells its share ends early.
    #[arg(long, default_value_t = 10_000)]
    bikes: usize,
    /// Deals paid in cash at the meet-up instead of by card (docs/deals.md): book, choose
    /// cash, the buyer reads the handover code, the seller enters it.
    #[arg(long)]
    cash: bool,
    /// Card deals carried to the end: after the card hold, the buyer reads the handover
    /// code and the seller enters it, and the hold is captured (test mode).
    #[arg(long, conflicts_with = "cash")]
    handover: bool,
}

/// The processes a run relies on besides the servers, whose CPU is counted too.
#[derive(Args)]
pub(crate) struct Support {
    /// The Redis server's pid.
    #[arg(long)]
    redis_pid: Option<u32>,
    /// Count PostgreSQL's processes (every process named `postgres`).
    #[arg(long)]
    postgres: bool,
}

impl Support {
    /// Each supporting process group, named, with its pids now.
    fn groups(&self) -> Vec<(&'static str, Vec<u32>)> {
        let mut groups = Vec::new();
        if let Some(pid) = self.redis_pid {
            groups.push(("Redis", vec![pid]));
        }
        if self.postgres {
            groups.push(("PostgreSQL", procfs::pids_named("postgres")));
        }
        groups
    }
}

#[derive(Args)]
pub(crate) struct RunArgs {
    /// Sockets to open.
    #[arg(long, default_value_t = 10_000)]
    sockets: usize,
    /// Sockets being opened at once.
    #[arg(long, default_value_t = 200)]
    concurrency: usize,
    /// Quiet time after the last socket opened, before measuring.
    #[arg(long, default_value_t = 2000)]
    settle_ms: u64,
    /// Pause between one event reaching every socket and the next write.
    #[arg(long, default_value_t = 100)]
    gap_ms: u64,
    /// How long one event may take to reach every socket.
    #[arg(long, default_value_t = 10)]
    timeout_s: u64,
    /// Worker threads of the client's runtime (it shares the cores with the server).
    #[arg(long, default_value_t = 1)]
    client_threads: usize,
    /// Sockets one reader task of the client drives (1: a task per socket).
    #[arg(long, default_value_t = 500)]
    sockets_per_task: usize,
}

fn main() {
    let cli = Cli::parse();
    let threads = match &cli.mode {
        Mode::Bikehaat { run, .. }
        | Mode::Booking { run, .. }
        | Mode::Soak { run, .. }
        | Mode::Baseline { run, .. }
        | Mode::Idle { run, .. } => run.client_threads,
        Mode::Messages { plan, .. } => plan.client_threads,
        Mode::ServeBaseline { .. } | Mode::Sales { .. } | Mode::SalesBare { .. } => 0,
    };
    let mut builder = if threads == 0 {
        tokio::runtime::Builder::new_multi_thread()
    } else {
        let mut b = tokio::runtime::Builder::new_multi_thread();
        b.worker_threads(threads);
        b
    };
    let runtime = builder.enable_all().build().expect("tokio runtime");
    let result = runtime.block_on(async move {
        match cli.mode {
            Mode::Bikehaat {
                servers,
                pids,
                writes,
                admin_email,
                signed_in,
                support,
                run,
            } => {
                let who = Who {
                    admin_email: &admin_email,
                    signed_in,
                };
                bench_bikehaat(&servers, pids, writes, &who, &support, &run).await
            }
            Mode::Booking {
                servers,
                bookings,
                admin_email,
                run,
            } => booking::bench(&servers, bookings, &admin_email, &run).await,
            Mode::Messages {
                servers,
                pids,
                admin_email,
                database_url,
                plan,
            } => match server_pids(&servers, pids) {
                Ok(pids) => {
                    messages::bench(&servers, &pids, &admin_email, &database_url, &plan).await
                }
                Err(e) => Err(e),
            },
            Mode::Soak {
                servers,
                pids,
                admin_email,
                duration_s,
                sellers,
                buyers,
                signed_in_sockets,
                trade_pause_ms,
                browse_workers,
                browse_pause_ms,
                sign_in_pause_ms,
                run,
            } => {
                let plan = soak::Plan {
                    duration: Duration::from_secs(duration_s),
                    sellers,
                    buyers,
                    signed_in_sockets,
                    trade_pause: Duration::from_millis(trade_pause_ms),
                    browse_workers,
                    browse_pause: Duration::from_millis(browse_pause_ms),
                    sign_in_pause: Duration::from_millis(sign_in_pause_ms),
                };
                match server_pids(&servers, pids) {
                    Ok(pids) => soak::bench(&servers, &pids, &admin_email, &plan, &run).await,
                    Err(e) => Err(e),
                }
            }
            Mode::Sales {
                server,
                pid,
                postgres,
                admin_email,
                sweep,
            } => sales::bench_http(&server, pid, postgres, &admin_email, &sweep).await,
            Mode::SalesBare {
                database_url,
                sweep,
            } => sales::bench_bare(&database_url, &sweep).await,
            Mode::Baseline {
                messages,
                processes,
                redis_url,
                bikehaat_settings,
                support,
                run,
            } => {
                let broadcasters = Broadcasters {
                    processes,
                    redis_url: redis_url.as_deref(),
                    bikehaat_settings,
                };
                bench_baseline(messages, &broadcasters, &support, &run).await
            }
            Mode::Idle {
                server,
                pid,
                baseline,
                run,
            } => bench_idle(server, pid, baseline, &run).await,
            Mode::ServeBaseline {
                addr,
                redis_url,
                bikehaat_settings,
            } => serve_baseline(addr, redis_url.as_deref(), bikehaat_settings).await,
        }
    });
    runtime.shutdown_timeout(Duration::from_millis(100));
    if let Err(e) = result {
        eprintln!("live-bench: {e}");
        std::process::exit(1);
    }
}

fn port_of(url: &str) -> Result<u16, String> {
    url.trim_end_matches('/')
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .ok_or_else(|| format!("no port in {url}"))
}

fn total_cpu(pids: &[u32]) -> Result<Duration, String> {
    pids.iter().map(|&pid| procfs::cpu_time(pid)).sum()
}

/// CPU of a supporting group: a process gone meanwhile (a PostgreSQL backend) is not
/// counted.
fn group_cpu(pids: &[u32]) -> Duration {
    pids.iter()
        .filter_map(|&pid| procfs::cpu_time(pid).ok())
        .sum()
}

/// The measured phase, shared by both modes: `write(k)` performs write `k` and returns
/// the instants it started and completed at; each must reach every socket.
async fn measure<W, F>(
    label: &str,
    fleet: &Fleet,
    pids: &[u32],
    support: &Support,
    events: usize,
    run: &RunArgs,
    mut write: W,
) -> Result<(), String>
where
    W: FnMut(usize) -> F,
    F: std::future::Future<Output = Result<(Instant, Instant), String>>,
{
    let sockets = run.sockets;
    let groups = support.groups();
    let groups_before: Vec<Duration> = groups.iter().map(|(_, pids)| group_cpu(pids)).collect();
    let cpu_before = total_cpu(pids)?;
    let mut starts = Vec::with_capacity(events);
    let mut completions = Vec::with_capacity(events);
    let mut incomplete = 0;
    for k in 0..events {
        if k > 0 {
            tokio::time::sleep(Duration::from_millis(run.gap_ms)).await;
        }
        let (start, done) = write(k).await?;
        starts.push(start);
        completions.push(done);
        if !fleet.wait_for(k, Duration::from_secs(run.timeout_s)).await {
            incomplete += 1;
        }
    }
    let cpu = total_cpu(pids)?.saturating_sub(cpu_before);
    let groups_cpu: Vec<Duration> = groups
        .iter()
        .zip(&groups_before)
        .map(|((_, pids), before)| group_cpu(pids).saturating_sub(*before))
        .collect();
    // Whatever the gaps added is idle time; the CPU figure only counts what was used.
    let delivered: usize = (0..events).map(|k| fleet.delivered(k)).sum();
    let expected = events * sockets;
    let (mut all, mut last) = fleet.latencies(&starts);
    println!("== {label}: {sockets} sockets, {events} events ==");
    println!(
        "delivered {delivered}/{expected} (events incomplete: {incomplete}, sockets closed: {}, stray frames: {})",
        fleet.closed.load(Ordering::Relaxed),
        fleet.strays.load(Ordering::Relaxed)
    );
    println!("write -> socket       {}", stats::spread(&mut all));
    last.sort_unstable();
    println!(
        "write -> last socket  p50 {} ms  p99 {} ms  max {} ms",
        stats::ms(stats::percentile(&last, 50.0)),
        stats::ms(stats::percentile(&last, 99.0)),
        stats::ms(last.last().copied().unwrap_or(0)),
    );
    if starts != completions {
        let (mut all, mut last) = fleet.latencies(&completions);
        println!("response -> socket    {}", stats::spread(&mut all));
        last.sort_unstable();
        println!(
            "response -> last      p50 {} ms  p99 {} ms",
            stats::ms(stats::percentile(&last, 50.0)),
            stats::ms(stats::percentile(&last, 99.0)),
        );
        let mut write_ms: Vec<u64> = starts
            .iter()
            .zip(&completions)
            .map(|(s, c)| c.duration_since(*s).as_nanos() as u64)
            .collect();
        println!("write request itself  {}", stats::spread(&mut write_ms));
    }
    let (smallest, largest) = (
        fleet.frame_bytes.0.load(Ordering::Relaxed),
        fleet.frame_bytes.1.load(Ordering::Relaxed),
    );
    if largest > 0 {
        println!("frame bytes           {smallest}–{largest}");
    }
    println!(
        "server CPU            {:.2} s over pids {pids:?} = {:.2} µs per delivered event",
        cpu.as_secs_f64(),
        stats::cpu_per_event(cpu, delivered as u64)
    );
    let mut all_cpu = cpu;
    for ((name, pids), used) in groups.iter().zip(&groups_cpu) {
        println!(
            "{:<22}{:.2} s over {} processes",
            format!("{name} CPU"),
            used.as_secs_f64(),
            pids.len()
        );
        all_cpu += *used;
    }
    if !groups.is_empty() {
        println!(
            "all CPU               {:.2} s = {:.2} µs per delivered event",
            all_cpu.as_secs_f64(),
            stats::cpu_per_event(all_cpu, delivered as u64)
        );
    }
    let rss: Vec<String> = pids
        .iter()
        .map(|&pid| procfs::rss_kib(pid).map(|k| format!("{} MiB", k / 1024)))
        .collect::<Result<_, _>>()?;
    println!("server RSS            {}", rss.join(", "));
    if delivered != expected {
        return Err(format!(
            "{label}: {} deliveries missing",
            expected - delivered
        ));
    }
    Ok(())
}

pub(crate) async fn open_fleet(
    urls: &[String],
    events: usize,
    run: &RunArgs,
) -> Result<Arc<Fleet>, String> {
    open_fleet_as(urls, events, run, None).await
}

/// [`open_fleet`], with every socket signed in with `token` when one is given.
async fn open_fleet_as(
    urls: &[String],
    events: usize,
    run: &RunArgs,
    token: Option<&str>,
) -> Result<Arc<Fleet>, String> {
    let mut sockets = client::open_all(urls, run.sockets, run.concurrency).await?;
    if let Some(token) = token {
        let started = Instant::now();
        futures_util::stream::iter(sockets.iter_mut())
            .map(|ws| client::sign_in(ws, token))
            .buffer_unordered(run.concurrency.max(1))
            .collect::<Vec<_>>()
            .await
            .into_iter()
            .collect::<Result<Vec<()>, _>>()?;
        eprintln!(
            "signed {} sockets in in {:.1} s",
            sockets.len(),
            started.elapsed().as_secs_f64()
        );
    }
    let fleet = Arc::new(Fleet::new(run.sockets, events));
    client::spawn_readers(&fleet, sockets, run.sockets_per_task);
    tokio::time::sleep(Duration::from_millis(run.settle_ms)).await;
    let closed = fleet.closed.load(Ordering::Relaxed);
    if closed > 0 {
        return Err(format!("{closed} sockets closed while settling"));
    }
    Ok(fleet)
}

/// The servers' pids: those given, or found by port through /proc.
pub(crate) fn server_pids(servers: &[String], pids: Vec<u32>) -> Result<Vec<u32>, String> {
    let pids = if pids.is_empty() {
        servers
            .iter()
            .map(|s| procfs::pid_listening_on(port_of(s)?))
            .collect::<Result<Vec<_>, _>>()?
    } else {
        pids
    };
    if pids.len() != servers.len() {
        return Err("give one pid per server".into());
    }
    Ok(pids)
}

/// Who writes, and who the sockets are.
struct Who<'a> {
    admin_email: &'a str,
    signed_in: bool,
}

async fn bench_bikehaat(
    servers: &[String],
    pids: Vec<u32>,
    writes: usize,
    who: &Who<'_>,
    support: &Support,
    run: &RunArgs,
) -> Result<(), String> {
    let admin_email = who.admin_email;
    let pids = server_pids(servers, pids)?;
    let base = servers[0].trim_end_matches('/').to_string();
    let http = reqwest::Client::new();
    let token = admin_token(&http, &base, admin_email).await?;
    let urls: Vec<String> = servers
        .iter()
        .map(|s| client::ws_url(s, "/api/live"))
        .collect();
    let fleet = open_fleet_as(&urls, writes, run, who.signed_in.then_some(token.as_str())).await?;
    let nonce = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    let target = format!("{base}/api/categories/{admin_email}");
    let label = format!(
        "bikehaat ({} servers, sockets {})",
        servers.len(),
        if who.signed_in {
            "signed in"
        } else {
            "anonymous"
        }
    );
    measure(&label, &fleet, &pids, support, writes, run, |k| {
        let request = http.post(&target).bearer_auth(&token).json(&json!({
            "categoryName": format!("{}{k}-{nonce}", client::MARKER),
            "categoryImage": "/uploads/x.png",
        }));
        async move {
            let start = Instant::now();
            let response = request.send().await.map_err(|e| e.to_string())?;
            let done = Instant::now();
            let status = response.status();
            if status.as_u16() != 201 {
                let body = response.text().await.unwrap_or_default();
                return Err(format!("write {k}: {status} {body}"));
            }
            Ok((start, done))
        }
    })
    .await
}

/// Signs the bench's admin up (or in) through the API and returns an access token.
async fn admin_token(http: &reqwest::Client, base: &str, email: &str) -> Result<String, String> {
    session_token(http, base, email, "buyer").await
}

/// Signs `email` up as `role` (or in, when it exists) and returns an access token.
pub(crate) async fn session_token(
    http: &reqwest::Client,
    base: &str,
    email: &str,
    role: &str,
) -> Result<String, String> {
    let credentials = json!({"email": email, "password": "LiveBench#2026"});
    let mut identity = None;
    let mut signed_up = false;
    for path in ["/api/auth/signup", "/api/auth/login"] {
        let response = http
            .post(format!("{base}{path}"))
            .json(&credentials)
            .send()
            .await
            .map_err(|e| format!("{base}{path}: {e}"))?;
        if response.status().is_success() {
            let body: Value = response.json().await.map_err(|e| e.to_string())?;
            identity = body["idToken"].as_str().map(str::to_string);
            signed_up = path == "/api/auth/signup";
            break;
        }
    }
    let identity = identity.ok_or("cannot sign the bench admin up or in")?;
    if signed_up {
        // Booking, listing, messaging and offering wait for a proven address: the new
        // account opens the link the server mailed it, as its owner would.
        let token = mailed_link_token(email, "verify-email").await?;
        let response = http
            .post(format!("{base}/api/auth/verify-email"))
            .json(&json!({"token": token, "password": "LiveBench#2026"}))
            .send()
            .await
            .map_err(|e| format!("{base}/api/auth/verify-email: {e}"))?;
        if !response.status().is_success() {
            let status = response.status();
            let body = response.text().await.unwrap_or_default();
            return Err(format!("proving {email}: {status} {body}"));
        }
    }
    let session: Value = http
        .put(format!("{base}/api/users/{email}"))
        .bearer_auth(identity)
        .json(&json!({"name": "Live Bench", "email": email, "role": role}))
        .send()
        .await
        .map_err(|e| e.to_string())?
        .json()
        .await
        .map_err(|e| e.to_string())?;
    let token = session["token"]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("no access token: {session}"))?;
    if signed_up && role == "seller" {
        confirm_phone(http, base, &token).await?;
    }
    Ok(token)
}

/// Confirms a mobile number of its own for the new seller signed in with `token`, with
/// the code the server texted it (read from the outboxes, like mail): listing needs it.
/// Numbers count up from one of ten thousand blocks picked by the clock, so runs a second
/// or more apart against the same servers do not share numbers.
async fn confirm_phone(http: &reqwest::Client, base: &str, token: &str) -> Result<(), String> {
    static NEXT: std::sync::OnceLock<std::sync::atomic::AtomicU64> = std::sync::OnceLock::new();
    let next = NEXT.get_or_init(|| {
        let seconds = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        std::sync::atomic::AtomicU64::new(seconds % 10_000 * 10_000)
    });
    let n = next.fetch_add(1, Ordering::Relaxed) % 100_000_000;
    let post = |path: &str, body: Value| {
        let request = http
            .post(format!("{base}{path}"))
            .bearer_auth(token)
            .json(&body);
        let path = path.to_owned();
        async move {
            let response = request.send().await.map_err(|e| format!("{path}: {e}"))?;
            let status = response.status();
            let body: Value = response.json().await.unwrap_or_default();
            if status.is_success() {
                Ok(body)
            } else {
                Err(format!("{path}: {status} {body}"))
            }
        }
    };
    let sent = post("/api/phone", json!({"phone": format!("013{n:08}")})).await?;
    let number = sent["phone"].as_str().ok_or("no number")?.to_owned();
    let code = texted_code(&number).await?;
    post("/api/phone/confirm", json!({"code": code})).await?;
    Ok(())
}

/// The code in the newest SMS to `number` in the outboxes under `BENCH_DATA_DIRS` (as
/// [`mailed_link_token`] reads mail): a `To:` line, a blank line, the text starting with
/// the code.
async fn texted_code(number: &str) -> Result<String, String> {
    let roots = std::env::var("BENCH_DATA_DIRS").unwrap_or_default();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        for outbox in outboxes(&roots) {
            let Ok(files) = std::fs::read_dir(&outbox) else {
                continue;
            };
            let mut files: Vec<_> = files
                .flatten()
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "sms"))
                .collect();
            files.sort();
            for file in files.iter().rev() {
                let raw = std::fs::read_to_string(file).unwrap_or_default();
                if let Some((head, text)) = raw.split_once("\n\n") {
                    let code: String = text.chars().take(6).collect();
                    if head == format!("To: {number}") && code.len() == 6 {
                        return Ok(code);
                    }
                }
            }
        }
        if Instant::now() > deadline {
            return Err(format!(
                "no SMS reached {number} within 10 s (outboxes under {roots})"
            ));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The outbox directories of the servers under test: `<dir>/outbox` and `<dir>/*/outbox`
/// of each directory in `roots` (colon-separated).
fn outboxes(roots: &str) -> Vec<std::path::PathBuf> {
    let mut outboxes = Vec::new();
    for root in roots.split(':').filter(|root| !root.is_empty()) {
        let root = std::path::Path::new(root);
        outboxes.push(root.join("outbox"));
        if let Ok(entries) = std::fs::read_dir(root) {
            outboxes.extend(entries.flatten().map(|entry| entry.path().join("outbox")));
        }
    }
    outboxes
}

/// What the servers under test mailed, by recipient: the newest token of each kind of
/// link, and the outbox files already read.
#[derive(Default)]
struct Mailed {
    read: std::collections::HashSet<std::path::PathBuf>,
    tokens: std::collections::HashMap<(String, String), String>,
}

static MAILED: std::sync::Mutex<Option<Mailed>> = std::sync::Mutex::new(None);

/// The token of the `kind` link (`verify-email`, …) mailed to `to`, read from the outboxes
/// of the servers under test: `<dir>/outbox` and `<dir>/*/outbox` of each directory in
/// `BENCH_DATA_DIRS` (colon-separated; live.sh sets it to where its servers keep their
/// data). Mail goes out in the background: waits up to ten seconds for it.
async fn mailed_link_token(to: &str, kind: &str) -> Result<String, String> {
    let roots = std::env::var("BENCH_DATA_DIRS").unwrap_or_default();
    if roots.is_empty() {
        return Err("set BENCH_DATA_DIRS to the servers' data dirs: new accounts prove their address with the mailed link".into());
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(token) = read_outboxes(&roots, to, kind) {
            return Ok(token);
        }
        if Instant::now() > deadline {
            return Err(format!(
                "no {kind} mail reached {to} within 10 s (outboxes under {roots})"
            ));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn read_outboxes(roots: &str, to: &str, kind: &str) -> Option<String> {
    let mut mailed = MAILED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mailed = mailed.get_or_insert_with(Mailed::default);
    for outbox in outboxes(roots) {
        let Ok(files) = std::fs::read_dir(&outbox) else {
            continue;
        };
        let mut files: Vec<_> = files
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "eml"))
            .collect();
        // Oldest first (the names start with the time), so the newest link wins.
        files.sort();
        for file in files {
            if mailed.read.contains(&file) {
                continue;
            }
            let Ok(raw) = std::fs::read_to_string(&file) else {
                continue;
            };
            // The server may still be writing it: a mail is whole once its last MIME
            // boundary (`--…--`) is there; until then it is read again next time.
            if !raw.trim_end().ends_with("--") {
                continue;
            }
            mailed.read.insert(file);
            // Quoted-printable: soft line breaks joined, `=3D` back to `=`.
            let text = raw
                .replace("=\r\n", "")
                .replace("=\n", "")
                .replace("=3D", "=");
            let Some(recipient) = text.lines().find_map(|line| line.strip_prefix("To: ")) else {
                continue;
            };
            let recipient = recipient.trim().to_owned();
            for link in ["verify-email", "reset-password"] {
                let marker = format!("/{link}?token=");
                if let Some(start) = text.find(&marker).map(|at| at + marker.len()) {
                    let token: String = text[start..]
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                        .collect();
                    mailed
                        .tokens
                        .insert((recipient.clone(), link.to_owned()), token);
                }
            }
        }
    }
    mailed
        .tokens
        .get(&(to.to_owned(), kind.to_owned()))
        .cloned()
}

/// The bare broadcaster as a child process (so /proc shows its own CPU and RSS). It
/// exits when its stdin closes, so it never outlives the bench.
struct BaselineChild {
    child: Child,
    addr: String,
}

impl BaselineChild {
    fn start(redis_url: Option<&str>, bikehaat_settings: bool) -> Result<BaselineChild, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut command = Command::new(exe);
        command.args(["serve-baseline", "--addr", "127.0.0.1:0"]);
        if let Some(url) = redis_url {
            command.args(["--redis-url", url]);
        }
        if bikehaat_settings {
            command.arg("--bikehaat-settings");
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the baseline broadcaster: {e}"))?;
        let mut line = String::new();
        let stdout = child.stdout.take().ok_or("no stdout")?;
        BufReader::new(stdout)
            .read_line(&mut line)
            .map_err(|e| e.to_string())?;
        let addr = line.trim().to_string();
        if addr.is_empty() {
            let _ = child.kill();
            return Err("the baseline broadcaster did not start".into());
        }
        Ok(BaselineChild { child, addr })
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for BaselineChild {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The bare broadcasters of a baseline run.
struct Broadcasters<'a> {
    processes: usize,
    redis_url: Option<&'a str>,
    bikehaat_settings: bool,
}

async fn bench_baseline(
    messages: usize,
    broadcasters: &Broadcasters<'_>,
    support: &Support,
    run: &RunArgs,
) -> Result<(), String> {
    let Broadcasters {
        processes,
        redis_url,
        bikehaat_settings,
    } = *broadcasters;
    if processes > 1 && redis_url.is_none() {
        return Err("more than one broadcaster needs --redis-url".into());
    }
    let servers: Vec<BaselineChild> = (0..processes.max(1))
        .map(|_| BaselineChild::start(redis_url, bikehaat_settings))
        .collect::<Result<_, _>>()?;
    // Their subscriptions come up in the background, as bikehaat's do.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let urls: Vec<String> = servers
        .iter()
        .map(|s| format!("ws://{}/", s.addr))
        .collect();
    let pids: Vec<u32> = servers.iter().map(BaselineChild::pid).collect();
    let fleet = open_fleet(&urls, messages, run).await?;
    // The trigger socket, on the first: what it sends, every broadcaster sends to every
    // socket (it too).
    let trigger = client::open(&urls[0]).await?;
    let (trigger_tx, mut trigger_rx) = trigger.split();
    tokio::spawn(async move { while trigger_rx.next().await.is_some() {} });
    let trigger_tx = Arc::new(tokio::sync::Mutex::new(trigger_tx));
    let settings = if bikehaat_settings {
        "bikehaat's socket settings"
    } else {
        "default settings"
    };
    let label = match redis_url {
        Some(_) => format!(
            "baseline ({processes} bare tokio-tungstenite broadcasters joined through Redis, {settings})"
        ),
        None => format!("baseline (a bare tokio-tungstenite broadcaster, {settings})"),
    };
    measure(&label, &fleet, &pids, support, messages, run, |k| {
        // The bytes of a bikehaat category.created frame of the bench's writes (the
        // nonce is the same 13 digits, the seq and id of similar length).
        let frame = format!(
            r#"{{"type":"event","seq":{},"event":"category.created","data":{{"_id":"{}","categoryName":"{}{k}-0000000000000","categoryImage":"/uploads/x.png"}}}}"#,
            k + 10,
            k + 2,
            client::MARKER
        );
        let trigger_tx = trigger_tx.clone();
        async move {
            let mut trigger_tx = trigger_tx.lock().await;
            let start = Instant::now();
            trigger_tx
                .send(Message::Text(frame.into()))
                .await
                .map_err(|e| e.to_string())?;
            Ok((start, start))
        }
    })
    .await
}

/// A few sockets opened and closed on each server first, so that one-time costs
/// (thread stacks, allocator arenas) are not charged to the idle sockets measured next.
pub(crate) async fn warm_up(urls: &[String]) -> Result<(), String> {
    let warm = client::open_all(urls, 50 * urls.len(), 50).await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    drop(warm);
    tokio::time::sleep(Duration::from_millis(1000)).await;
    Ok(())
}

async fn bench_idle(
    server: Option<String>,
    pid: Option<u32>,
    baseline: bool,
    run: &RunArgs,
) -> Result<(), String> {
    let child = if baseline {
        Some(BaselineChild::start(None, false)?)
    } else {
        None
    };
    let (url, pid, label) = match (&child, server) {
        (Some(child), _) => (
            format!("ws://{}/", child.addr),
            child.pid(),
            "baseline (bare tokio-tungstenite broadcaster)",
        ),
        (None, Some(server)) => {
            let pid = match pid {
                Some(pid) => pid,
                None => procfs::pid_listening_on(port_of(&server)?)?,
            };
            (client::ws_url(&server, "/api/live"), pid, "bikehaat")
        }
        (None, None) => return Err("give --server or --baseline".into()),
    };
    warm_up(std::slice::from_ref(&url)).await?;
    let before = procfs::rss_kib(pid)?;
    let fleet = open_fleet(std::slice::from_ref(&url), 0, run).await?;
    let after = procfs::rss_kib(pid)?;
    let closed = fleet.closed.load(Ordering::Relaxed);
    let per_socket = (after as f64 - before as f64) / run.sockets as f64;
    println!("== idle sockets, {label}: {} sockets ==", run.sockets);
    println!(
        "server RSS {} MiB -> {} MiB: {per_socket:.2} KiB per idle socket (sockets closed: {closed})",
        before / 1024,
        after / 1024
    );
    if closed > 0 {
        return Err(format!("{closed} sockets closed"));
    }
    Ok(())
}

/// The channel the broadcasters share on Redis.
const BASELINE_CHANNEL: &str = "live-bench-baseline";

async fn serve_baseline(
    addr: SocketAddr,
    redis_url: Option<&str>,
    bikehaat_settings: bool,
) -> Result<(), String> {
    let config = bikehaat_settings.then(|| {
        tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(256)
            .write_buffer_size(0)
    });
    let listener = TcpListener::bind(addr).await.map_err(|e| e.to_string())?;
    println!("{}", listener.local_addr().map_err(|e| e.to_string())?);
    // Exit when the bench that started us goes away.
    std::thread::spawn(|| {
        let _ = std::io::stdin().read_to_end(&mut Vec::new());
        std::process::exit(0);
    });
    let (hub, _) = broadcast::channel::<Utf8Bytes>(1024);
    // With Redis, a frame from a socket is published, and what the channel carries is
    // broadcast: the frame reaches this process's sockets the way it reaches the others'.
    let publish = match redis_url {
        Some(url) => {
            let client = redis::Client::open(url).map_err(|e| e.to_string())?;
            let mut pubsub = client.get_async_pubsub().await.map_err(|e| e.to_string())?;
            pubsub
                .subscribe(BASELINE_CHANNEL)
                .await
                .map_err(|e| e.to_string())?;
            let hub = hub.clone();
            tokio::spawn(async move {
                let mut messages = pubsub.on_message();
                while let Some(message) = messages.next().await {
                    if let Ok(text) = message.get_payload::<String>() {
                        let _ = hub.send(text.into());
                    }
                }
            });
            let connection = client
                .get_multiplexed_async_connection()
                .await
                .map_err(|e| e.to_string())?;
            Some(connection)
        }
        None => None,
    };
    loop {
        let (tcp, _) = listener.accept().await.map_err(|e| e.to_string())?;
        let hub = hub.clone();
        let mut publish = publish.clone();
        tokio::spawn(async move {
            if config.is_some() {
                let _ = tcp.set_nodelay(true);
            }
            let Ok(mut ws) = tokio_tungstenite::accept_async_with_config(tcp, config).await else {
                return;
            };
            let mut queue = hub.subscribe();
            loop {
                tokio::select! {
                    incoming = ws.next() => match incoming {
                        Some(Ok(Message::Text(text))) => match publish.as_mut() {
                            Some(redis) => {
                                let _: Result<(), _> = redis::AsyncCommands::publish(
                                    redis,
                                    BASELINE_CHANNEL,
                                    text.as_str(),
                                )
                                .await;
                            }
                            None => {
                                let _ = hub.send(text);
                            }
                        },
                        Some(Ok(_)) => {}
                        _ => return,
                    },
                    outgoing = queue.recv() => match outgoing {
                        Ok(text) => {
                            if ws.send(Message::Text(text)).await.is_err() {
                                return;
                            }
                        }
                        Err(broadcast::error::RecvError::Lagged(_)) => {}
                        Err(broadcast::error::RecvError::Closed) => return,
                    },
                }
            }
        });
    }
}
