//! `GET /api/live`: the WebSocket that carries live events to the pages.
//!
//! Each process runs one pump (`live/pump.rs`) that reads new events from the log in
//! order and hands each to the [`Hub`]. The hub makes each event's frame once per
//! audience and passes it to its shards (`live/shard.rs`), one task per worker thread,
//! each serving its share of the sockets: it writes the frame straight to every socket
//! allowed to see it (`live/wire.rs`), with no wake-up of the sockets' own tasks. A
//! socket that cannot keep up is dropped (it resumes when it reconnects), so a slow
//! reader never holds up the others.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use axum::body::Bytes;
use tokio::net::TcpStream;
use tokio::sync::Notify;

use crate::events::{EventRecord, Share, Viewer};
use crate::records::Role;

pub mod pump;
mod shard;
pub mod socket;

pub use socket::MAX_REPLAY;
mod wire;

/// The header on every successful `GET /api/…` answer: the last event this process had
/// handed to its sockets before the answer was read. Everything up to it is in the
/// answer; a page that resumes its socket from it misses nothing that came after.
pub const LIVE_SEQ: axum::http::HeaderName = axum::http::HeaderName::from_static("x-live-seq");

/// Stamps [`LIVE_SEQ`] on successful GET answers that do not carry their own (a cached
/// listing carries the position it was read at). The position is taken before the
/// handler reads anything.
pub async fn stamp_live_seq(
    axum::extract::State(state): axum::extract::State<crate::AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let read = (request.method() == axum::http::Method::GET).then(|| state.live.head());
    let mut response = next.run(request).await;
    if let Some(seq) = read.filter(|_| response.status().is_success()) {
        response
            .headers_mut()
            .entry(LIVE_SEQ)
            .or_insert(axum::http::HeaderValue::from(seq));
    }
    response
}

/// Events (or frames not yet taken by the kernel) held for one socket before it counts
/// as too slow and is dropped.
pub const QUEUE_LIMIT: usize = 512;

/// One event on its way to a socket that its own task must send: the socket is held
/// (waiting for the page's resume) or replaying, or the frame is for signed-in eyes and
/// the session must be checked first.
#[derive(Debug, Clone)]
struct Outgoing {
    seq: i64,
    /// The ready-made frame, shared by every socket of its audience.
    frame: Bytes,
    /// Set when `frame` is for signed-in eyes only: what the socket gets instead if its
    /// session has ended by the time it is sent (the public form, or nothing).
    signed_out: Option<Option<Bytes>>,
}

/// What waits to go out on one socket, behind the subscriber's lock. An idle socket's
/// outbox holds no allocation (a `VecDeque` allocates on first use), which matters at
/// hundreds of thousands of sockets.
#[derive(Default)]
pub struct Outbox {
    /// Events for the socket's task to send, oldest first; while any wait, later events
    /// queue behind them.
    queue: VecDeque<Outgoing>,
    /// Whole frames (the first perhaps partly written) the kernel has not taken yet.
    unsent: VecDeque<Bytes>,
    /// Whether the shard may write events itself: false while the socket is held or
    /// replaying, and while `queue` holds events or its task is sending one.
    open: bool,
    /// The highest sequence number written or replayed past; events at or below it are
    /// skipped. Everything a socket sends goes out in this order, so a socket keeps one
    /// number, not a record of what it sent.
    last_sent: i64,
}

/// What the hub knows of one socket: who is watching, its stream, and its outbox.
pub struct Subscriber {
    id: u64,
    /// 0 while anonymous.
    user_id: AtomicI64,
    role: AtomicU8,
    /// Unix seconds after which private events stop (the access token's expiry).
    expires_at: AtomicI64,
    /// The TCP stream under the socket (`live/wire.rs` says who writes to it when).
    stream: TcpStream,
    out: Mutex<Outbox>,
    /// Wakes the socket's task when it has events to send or bytes waiting for room,
    /// or when the socket is dropped.
    wake: Notify,
    /// Set when the socket fell [`QUEUE_LIMIT`] events behind.
    dropped: AtomicBool,
}

/// Locks `mutex`. What it guards stays consistent even if a holder panicked (every
/// change is a push, pop or plain store), so a poisoned lock is taken as it is.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The bit of a role code that says the user has proven their address.
const PROVEN: u8 = 0x10;

fn role_code(role: Role, proven: bool) -> u8 {
    let role = match role {
        Role::Buyer => 1,
        Role::Seller => 2,
        Role::Admin => 3,
    };
    if proven {
        role | PROVEN
    } else {
        role
    }
}

fn role_from(code: u8) -> Option<(Role, bool)> {
    let role = match code & !PROVEN {
        1 => Role::Buyer,
        2 => Role::Seller,
        3 => Role::Admin,
        _ => return None,
    };
    Some((role, code & PROVEN != 0))
}

impl Subscriber {
    /// Who is watching right now: a signed-in user only until their token expires.
    pub fn viewer(&self, now: i64) -> Viewer {
        let id = self.user_id.load(Ordering::Acquire);
        match role_from(self.role.load(Ordering::Acquire)) {
            Some((role, proven)) if id > 0 && now < self.expires_at.load(Ordering::Acquire) => {
                Viewer::User { id, role, proven }
            }
            _ => Viewer::Anonymous,
        }
    }

    /// Signs the socket in as `id` with `role`, whose address is `proven` or not,
    /// until `expires_at`.
    pub fn sign_in(&self, id: i64, role: Role, proven: bool, expires_at: i64) {
        self.user_id.store(0, Ordering::Release);
        self.role.store(role_code(role, proven), Ordering::Release);
        self.expires_at.store(expires_at, Ordering::Release);
        self.user_id.store(id, Ordering::Release);
    }

    /// Back to public events only.
    pub fn sign_out(&self) {
        self.user_id.store(0, Ordering::Release);
    }

    fn outbox(&self) -> MutexGuard<'_, Outbox> {
        lock(&self.out)
    }

    /// Resolves when there may be something to send (or the socket was dropped).
    pub async fn woken(&self) {
        self.wake.notified().await;
    }

    /// Whether the hub gave up on this socket for falling behind.
    pub fn is_dropped(&self) -> bool {
        self.dropped.load(Ordering::Acquire)
    }
}

/// Every socket of this process, spread over its shards.
pub struct Hub {
    shards: Box<[shard::Shard]>,
    next_id: AtomicU64,
    /// The last event handed out; sockets opened later start after it.
    head: AtomicI64,
}

impl Hub {
    /// A hub with one shard per worker thread of the current runtime, each served by its
    /// own task.
    pub fn start() -> Arc<Hub> {
        let workers = tokio::runtime::Handle::current().metrics().num_workers();
        let hub = Hub::unserved(workers.max(1));
        for index in 0..hub.shards.len() {
            tokio::spawn(shard::serve(hub.clone(), index));
        }
        hub
    }

    /// A hub of `shards` shards whose tasks are not started yet.
    fn unserved(shards: usize) -> Arc<Hub> {
        Arc::new(Hub {
            shards: (0..shards).map(|_| shard::Shard::default()).collect(),
            next_id: AtomicU64::new(0),
            head: AtomicI64::new(0),
        })
    }

    /// Registers a new socket over `stream`; it receives public events from now on, once
    /// its task opens it (after the page's resume, or the grace for one).
    pub fn join(&self, stream: TcpStream) -> Arc<Subscriber> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let subscriber = Arc::new(Subscriber {
            id,
            user_id: AtomicI64::new(0),
            role: AtomicU8::new(0),
            expires_at: AtomicI64::new(0),
            stream,
            out: Mutex::new(Outbox::default()),
            wake: Notify::new(),
            dropped: AtomicBool::new(false),
        });
        self.shard_of(id).join(subscriber.clone());
        subscriber
    }

    /// Forgets a socket that closed.
    pub fn leave(&self, subscriber: &Subscriber) {
        self.shard_of(subscriber.id).leave(subscriber.id);
    }

    fn shard_of(&self, id: u64) -> &shard::Shard {
        &self.shards[(id % self.shards.len() as u64) as usize]
    }

    /// How many sockets are open.
    pub fn len(&self) -> usize {
        self.shards.iter().map(shard::Shard::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Sockets opened from now on start after `seq`.
    pub fn advance_head(&self, seq: i64) {
        self.head.fetch_max(seq, Ordering::AcqRel);
    }

    /// The sequence number of the last event handed out.
    pub fn head(&self) -> i64 {
        self.head.load(Ordering::Acquire)
    }

    /// Hands `event` to every shard that serves a socket, with its frame made once for
    /// each audience; each shard writes it to its sockets allowed to see it.
    pub fn publish(&self, event: EventRecord) {
        self.head.fetch_max(event.seq, Ordering::AcqRel);
        if let Some(user) = event.ends_access_of {
            self.revoke(user);
        }
        // A shard without sockets is not woken to write to no one, and a process nobody
        // watches makes no frames. A socket that joins a shard after it was found empty
        // here gets this event as it gets every event from before it joined: from the
        // log when its page resumes, or in the data its page reads, whose answer names a
        // head that already covers it.
        if self.shards.iter().all(shard::Shard::is_empty) {
            return;
        }
        let public = match event.share_for(Viewer::Anonymous) {
            Share::Data(data) => Some(wire::text_frame(event.frame(data).as_bytes())),
            Share::Nothing | Share::Unknown => None,
        };
        let signed_in = match (&public, &event.public_data) {
            // Everyone sees the same bytes.
            (Some(public), Some(data)) if *data == event.data => public.clone(),
            _ => wire::text_frame(event.frame(&event.data).as_bytes()),
        };
        let prepared = Arc::new(shard::Prepared {
            same: public.as_ref() == Some(&signed_in),
            public,
            signed_in,
            event,
        });
        for shard in self.shards.iter().filter(|shard| !shard.is_empty()) {
            shard.hand(prepared.clone());
        }
    }

    /// Waits while a shard is far behind the pump, so events never pile up in memory.
    pub async fn settle(&self) {
        for shard in self.shards.iter() {
            shard.settle().await;
        }
    }

    /// Writes `payload` (a signal that is not an event: nothing to resume, nothing kept)
    /// to every socket of this process signed in as `user`. A socket that cannot take it
    /// now goes without: such signals are worth nothing late.
    pub fn signal(&self, user: i64, payload: &str) {
        let frame = wire::text_frame(payload.as_bytes());
        for shard in self.shards.iter() {
            shard.each(|socket| {
                if socket.user_id.load(Ordering::Acquire) != user {
                    return;
                }
                let mut out = socket.outbox();
                if out.unsent.len() >= QUEUE_LIMIT / 2 {
                    return;
                }
                if socket.put(&mut out, &[&frame]) == wire::Put::Waiting {
                    drop(out);
                    socket.wake.notify_one();
                }
            });
        }
    }

    /// A deleted user's sockets stop receiving private events at once.
    fn revoke(&self, user: i64) {
        for shard in self.shards.iter() {
            shard.each(|socket| {
                if socket.user_id.load(Ordering::Acquire) == user {
                    socket.sign_out();
                }
            });
        }
    }
}

#[cfg(test)]
mod testing {
    use std::sync::Arc;

    use tokio::net::{TcpListener, TcpSocket, TcpStream};

    use super::{Hub, Subscriber};

    /// A hub with one socket, open to live events, over a loopback connection from
    /// `peer`: the hub, the socket, and the peer's end.
    pub async fn open_socket(peer: TcpSocket) -> (Arc<Hub>, Arc<Subscriber>, TcpStream) {
        let (stream, peer) = loopback(peer).await;
        let hub = Hub::start();
        let me = hub.join(stream);
        me.outbox().open = true;
        (hub, me, peer)
    }

    /// A hub of `shards` shards whose tasks never run, so what each is handed stays in
    /// its inbox to be looked at.
    pub fn unserved_hub(shards: usize) -> Arc<Hub> {
        Hub::unserved(shards)
    }

    /// The two ends of a loopback connection from `peer`: ours, then the peer's.
    pub async fn loopback(peer: TcpSocket) -> (TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let peer = peer
            .connect(listener.local_addr().expect("address"))
            .await
            .expect("connect");
        let (stream, _) = listener.accept().await.expect("accept");
        (stream, peer)
    }
}
