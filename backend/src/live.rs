//! `GET /api/live`: the WebSocket that carries live events to the pages.
//!
//! Each process runs one pump (`live/pump.rs`) that reads new events from the log in
//! order and hands each to the [`Hub`], which serialises it once and queues the shared
//! bytes for every socket allowed to see it. A socket whose queue is full is dropped (it
//! resumes when it reconnects), so a slow reader never holds up the others.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::Notify;

use crate::events::{EventRecord, Share, Viewer};
use crate::store::Role;

pub mod pump;
pub mod socket;

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

/// Events queued for one socket before it counts as too slow and is dropped.
pub const QUEUE_LIMIT: usize = 512;

/// One event on its way to a socket, as a frame shared by every socket of its audience.
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub seq: i64,
    pub frame: Utf8Bytes,
    /// Set when `frame` is for signed-in eyes only: what the socket gets instead if its
    /// session has ended by the time it is sent (the public form, or nothing).
    pub signed_out: Option<Option<Utf8Bytes>>,
}

/// What the hub knows of one socket: who is watching, and its queue. An idle socket's
/// queue holds no allocation (a `VecDeque` allocates on first use), which matters at
/// hundreds of thousands of sockets.
pub struct Subscriber {
    /// 0 while anonymous.
    user_id: AtomicI64,
    role: AtomicU8,
    /// Unix seconds after which private events stop (the access token's expiry).
    expires_at: AtomicI64,
    queue: Mutex<VecDeque<Outgoing>>,
    /// Wakes the socket's task when the queue gains an event or the socket is dropped.
    wake: Notify,
    /// Set when the socket fell [`QUEUE_LIMIT`] events behind.
    dropped: AtomicBool,
}

fn role_code(role: Role) -> u8 {
    match role {
        Role::Buyer => 1,
        Role::Seller => 2,
        Role::Admin => 3,
    }
}

fn role_from(code: u8) -> Option<Role> {
    match code {
        1 => Some(Role::Buyer),
        2 => Some(Role::Seller),
        3 => Some(Role::Admin),
        _ => None,
    }
}

impl Subscriber {
    /// Who is watching right now: a signed-in user only until their token expires.
    pub fn viewer(&self, now: i64) -> Viewer {
        let id = self.user_id.load(Ordering::Acquire);
        match role_from(self.role.load(Ordering::Acquire)) {
            Some(role) if id > 0 && now < self.expires_at.load(Ordering::Acquire) => {
                Viewer::User { id, role }
            }
            _ => Viewer::Anonymous,
        }
    }

    /// Signs the socket in as `id` with `role` until `expires_at`.
    pub fn sign_in(&self, id: i64, role: Role, expires_at: i64) {
        self.user_id.store(0, Ordering::Release);
        self.role.store(role_code(role), Ordering::Release);
        self.expires_at.store(expires_at, Ordering::Release);
        self.user_id.store(id, Ordering::Release);
    }

    /// Back to public events only.
    pub fn sign_out(&self) {
        self.user_id.store(0, Ordering::Release);
    }

    /// Queues an event; false when the queue is full.
    fn offer(&self, item: Outgoing) -> bool {
        let mut queue = self
            .queue
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if queue.len() >= QUEUE_LIMIT {
            return false;
        }
        queue.push_back(item);
        drop(queue);
        self.wake.notify_one();
        true
    }

    /// The next queued event, oldest first, and whether more are queued behind it (one
    /// lock a delivery: the last event does not need a second look).
    pub fn take(&self) -> (Option<Outgoing>, bool) {
        let mut queue = self
            .queue
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let item = queue.pop_front();
        if queue.is_empty() && queue.capacity() > 64 {
            // A burst is over: give its memory back.
            *queue = VecDeque::new();
        }
        (item, !queue.is_empty())
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

/// Every socket of this process.
#[derive(Default)]
pub struct Hub {
    sockets: RwLock<HashMap<u64, Arc<Subscriber>>>,
    next_id: AtomicU64,
    /// The last event handed out; sockets opened later start after it.
    head: AtomicI64,
}

impl Hub {
    /// Registers a new socket; it receives public events from now on.
    pub fn join(&self) -> (u64, Arc<Subscriber>) {
        let subscriber = Arc::new(Subscriber {
            user_id: AtomicI64::new(0),
            role: AtomicU8::new(0),
            expires_at: AtomicI64::new(0),
            queue: Mutex::new(VecDeque::new()),
            wake: Notify::new(),
            dropped: AtomicBool::new(false),
        });
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        self.write().insert(id, subscriber.clone());
        (id, subscriber)
    }

    /// Forgets a socket that closed.
    pub fn leave(&self, id: u64) {
        self.write().remove(&id);
    }

    /// How many sockets are open.
    pub fn len(&self) -> usize {
        self.read().len()
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

    fn read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<u64, Arc<Subscriber>>> {
        self.sockets
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, HashMap<u64, Arc<Subscriber>>> {
        self.sockets
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Queues `event` for every socket allowed to see it, in the form each may have;
    /// drops sockets that cannot keep up. Each form is serialised once.
    pub fn publish(&self, event: &EventRecord) {
        let public = match event.share_for(Viewer::Anonymous) {
            Share::Data(data) => Some(Utf8Bytes::from(event.frame(data))),
            Share::Nothing | Share::Unknown => None,
        };
        let signed_in = match (&public, &event.public_data) {
            // Everyone sees the same bytes.
            (Some(public), Some(data)) if *data == event.data => public.clone(),
            _ => Utf8Bytes::from(event.frame(&event.data)),
        };
        let same = public.as_ref() == Some(&signed_in);
        let now = chrono::Utc::now().timestamp();
        let mut too_slow = Vec::new();
        {
            let sockets = self.read();
            for (id, socket) in sockets.iter() {
                let outgoing = match socket.viewer(now) {
                    Viewer::Anonymous => match &public {
                        Some(frame) => Outgoing {
                            seq: event.seq,
                            frame: frame.clone(),
                            signed_out: None,
                        },
                        None => continue,
                    },
                    viewer if event.visible_to(viewer) => Outgoing {
                        seq: event.seq,
                        frame: signed_in.clone(),
                        signed_out: (!same).then(|| public.clone()),
                    },
                    _ => continue,
                };
                if !socket.offer(outgoing) {
                    too_slow.push(*id);
                }
            }
        }
        if !too_slow.is_empty() {
            // The socket's task sees the flag, closes it, and the page resumes.
            let mut sockets = self.write();
            for id in too_slow {
                if let Some(socket) = sockets.remove(&id) {
                    socket.dropped.store(true, Ordering::Release);
                    socket.wake.notify_one();
                }
            }
        }
        if let Some(user) = event.ends_access_of {
            self.revoke(user);
        }
        self.head.fetch_max(event.seq, Ordering::AcqRel);
    }

    /// A deleted user's sockets stop receiving private events at once.
    fn revoke(&self, user: i64) {
        for socket in self.read().values() {
            if socket.user_id.load(Ordering::Acquire) == user {
                socket.sign_out();
            }
        }
    }
}
