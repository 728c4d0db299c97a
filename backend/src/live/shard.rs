//! A shard: one task serving a share of the process's sockets (one shard per worker
//! thread). The pump hands it each event with its frames already made; the shard walks
//! its sockets once per round of events, writes each socket the frames it may see in one
//! call, and wakes a socket's own task only when the socket needs it: held for its
//! resume, a private frame whose session must be checked first, or bytes the kernel
//! could not take at once. A delivery allocates nothing.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use tokio::sync::Notify;

use super::wire::Put;
use super::{lock, Hub, Outgoing, Subscriber, QUEUE_LIMIT};
use crate::events::{EventRecord, Viewer};

/// An event with its frames, made once and shared by every shard.
pub(super) struct Prepared {
    pub event: EventRecord,
    /// For visitors; `None` when they may not see the event.
    pub public: Option<Bytes>,
    /// For signed-in users allowed to see it.
    pub signed_in: Bytes,
    /// Whether both audiences get the same bytes.
    pub same: bool,
}

/// Events a shard may fall behind the pump before the pump waits for it.
const INBOX_LIMIT: usize = 4096;
/// Sockets served between two yields, so a round over many sockets does not keep the
/// worker thread from requests for long.
const YIELD_EVERY: usize = 256;
/// The most frames gathered for one socket before they are written.
const GATHER: usize = 16;
/// How many sockets ahead of the one being served the shard asks for memory.
const PREFETCH_AHEAD: usize = 2;

#[derive(Default)]
pub(super) struct Shard {
    sockets: Mutex<HashMap<u64, Arc<Subscriber>>>,
    /// Set when a socket joined or left since the shard's task last copied `sockets`.
    changed: AtomicBool,
    /// Events handed over and not yet taken by the shard's task.
    inbox: Mutex<Vec<Arc<Prepared>>>,
    /// Wakes the shard's task when its inbox gains an event.
    wake: Notify,
    /// Wakes a pump waiting for room in the inbox.
    taken: Notify,
}

impl Shard {
    pub fn join(&self, subscriber: Arc<Subscriber>) {
        lock(&self.sockets).insert(subscriber.id, subscriber);
        self.changed.store(true, Ordering::Release);
    }

    /// Forgets socket `id`, and has the task let go of its copy of the sockets, so a
    /// closed socket's stream is released now, not at the next event.
    pub fn leave(&self, id: u64) {
        lock(&self.sockets).remove(&id);
        self.changed.store(true, Ordering::Release);
        self.wake.notify_one();
    }

    pub fn len(&self) -> usize {
        lock(&self.sockets).len()
    }

    pub fn each(&self, mut visit: impl FnMut(&Subscriber)) {
        for socket in lock(&self.sockets).values() {
            visit(socket);
        }
    }

    /// Whether the shard serves no socket now. A socket that joins after this answered
    /// true sees the event that was not handed to it the way it sees any event published
    /// before it joined: from the log, when its page resumes (`live/socket.rs`).
    pub fn is_empty(&self) -> bool {
        lock(&self.sockets).is_empty()
    }

    pub fn hand(&self, event: Arc<Prepared>) {
        lock(&self.inbox).push(event);
        self.wake.notify_one();
    }

    /// Resolves once the inbox has room.
    pub async fn settle(&self) {
        loop {
            // Made before the look, so a take in between still wakes it.
            let taken = self.taken.notified();
            if lock(&self.inbox).len() < INBOX_LIMIT {
                return;
            }
            taken.await;
        }
    }
}

/// Serves shard `index` of `hub` until the runtime stops.
pub(super) async fn serve(hub: Arc<Hub>, index: usize) {
    let shard = &hub.shards[index];
    let mut round = Vec::new();
    // The shard's sockets, copied when they change rather than every round.
    let mut sockets: Vec<Arc<Subscriber>> = Vec::new();
    let mut too_slow = Vec::new();
    loop {
        shard.wake.notified().await;
        if shard.changed.load(Ordering::Acquire) {
            sockets.clear();
        }
        loop {
            std::mem::swap(&mut round, &mut *lock(&shard.inbox));
            shard.taken.notify_waiters();
            if round.is_empty() {
                break;
            }
            if shard.changed.swap(false, Ordering::AcqRel) || sockets.is_empty() {
                // Cleared first: a change from here on is seen at the next round.
                sockets.clear();
                sockets.extend(lock(&shard.sockets).values().cloned());
                // In memory order: neighbours share pages and page-table lines.
                sockets.sort_unstable_by_key(|socket| Arc::as_ptr(socket) as usize);
            }
            let now = chrono::Utc::now().timestamp();
            for (served, socket) in sockets.iter().enumerate() {
                if let Some(ahead) = sockets.get(served + PREFETCH_AHEAD) {
                    prefetch(ahead);
                }
                if !deliver(socket, &round, now) {
                    too_slow.push(socket.clone());
                }
                if served % YIELD_EVERY == YIELD_EVERY - 1 {
                    tokio::task::yield_now().await;
                }
            }
            for socket in too_slow.drain(..) {
                // The socket's task sees the flag, closes it, and the page resumes.
                shard.leave(socket.id);
                socket.dropped.store(true, Ordering::Release);
                socket.wake.notify_one();
            }
            round.clear();
        }
    }
}

/// Has the CPU fetch `socket`'s memory while the shard writes to the sockets before it,
/// so a socket's turn does not start with a wait on memory (BENCHMARKS.md, "Fewer waits
/// on memory").
#[inline]
fn prefetch(socket: &Arc<Subscriber>) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let start = Arc::as_ptr(socket).cast::<i8>();
        for offset in (0..std::mem::size_of::<Subscriber>()).step_by(64) {
            // SAFETY: a prefetch is a hint that never faults or reads into the program,
            // and SSE, which it needs, is part of every x86-64 CPU.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(start.wrapping_add(offset)) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = socket;
}

static NOTHING: Bytes = Bytes::new();

/// Gives `socket` the events of `round` it may see, in order; false when it cannot keep
/// up.
fn deliver(socket: &Subscriber, round: &[Arc<Prepared>], now: i64) -> bool {
    let viewer = socket.viewer(now);
    let mut out = socket.outbox();
    let mut gathered: [&Bytes; GATHER] = [&NOTHING; GATHER];
    let mut count = 0;
    let mut wake = false;
    for prepared in round {
        let seq = prepared.event.seq;
        let (frame, signed_out) = match viewer {
            Viewer::Anonymous => match &prepared.public {
                Some(frame) => (frame, None),
                None => continue,
            },
            // An account that never proved its address gets public events in public
            // form, and its own private events whole.
            Viewer::User { proven: false, .. } if prepared.event.audience == "public" => {
                match &prepared.public {
                    Some(frame) => (frame, None),
                    None => continue,
                }
            }
            viewer if prepared.event.visible_to(viewer) => (
                &prepared.signed_in,
                (!prepared.same).then(|| prepared.public.clone()),
            ),
            _ => continue,
        };
        if seq <= out.last_sent {
            continue;
        }
        let direct = out.open && signed_out.is_none();
        if direct {
            gathered[count] = frame;
            count += 1;
            out.last_sent = seq;
        }
        if count == GATHER || (!direct && count > 0) {
            if !kept_up(socket.put(&mut out, &gathered[..count]), &mut wake) {
                return false;
            }
            count = 0;
        }
        if !direct {
            if out.queue.len() >= QUEUE_LIMIT {
                return false;
            }
            out.queue.push_back(Outgoing {
                seq,
                frame: frame.clone(),
                signed_out,
            });
            // Until the task has sent this one, later events queue behind it.
            out.open = false;
            wake = true;
        }
    }
    if !kept_up(socket.put(&mut out, &gathered[..count]), &mut wake) {
        return false;
    }
    drop(out);
    if wake {
        socket.wake.notify_one();
    }
    true
}

/// Whether the socket keeps up after `put`; notes when its task must write the rest.
fn kept_up(put: Put, wake: &mut bool) -> bool {
    match put {
        Put::Sent | Put::Behind => true,
        Put::Waiting => {
            *wake = true;
            true
        }
        Put::TooSlow => false,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Weak;
    use std::time::Duration;

    use tokio::io::AsyncReadExt;
    use tokio::net::TcpSocket;

    use super::*;
    use crate::live::testing::{loopback, open_socket, unserved_hub};

    fn event(seq: i64) -> EventRecord {
        let data = format!(r#"{{"seq":{seq}}}"#);
        EventRecord {
            seq,
            name: "product.created".into(),
            audience: "public".into(),
            buyer_id: None,
            seller_id: None,
            recipient_id: None,
            public_data: Some(data.clone()),
            data,
            ends_access_of: None,
        }
    }

    /// The shard keeps its own copy of its sockets between rounds; a socket that closes
    /// must not live on in it (holding its stream open) until some later event.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_socket_that_leaves_is_let_go_without_waiting_for_an_event() {
        let (hub, me, mut peer) = open_socket(TcpSocket::new_v4().expect("socket")).await;
        hub.publish(event(1));
        // Once the event arrived, the shard has served a round with this socket in it.
        let mut first = [0u8; 2];
        peer.read_exact(&mut first)
            .await
            .expect("the event arrives");
        assert_eq!(first[0], 0x81, "a text frame");
        let gone: Weak<Subscriber> = Arc::downgrade(&me);
        hub.leave(&me);
        drop(me);
        let mut released = false;
        for _ in 0..200 {
            if gone.upgrade().is_none() {
                released = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert!(released, "the shard still holds the socket that left");
        // And with it the stream: the peer sees the connection close.
        let mut rest = Vec::new();
        tokio::time::timeout(Duration::from_secs(2), peer.read_to_end(&mut rest))
            .await
            .expect("the stream is closed")
            .expect("read");
    }

    /// Events go only to shards that serve a socket: with none, nothing is handed (no
    /// shard task woken, no frame made), yet the head moves on.
    #[tokio::test]
    async fn only_shards_that_serve_a_socket_are_handed_events() {
        let hub = unserved_hub(2);
        let handed = |index: usize| lock(&hub.shards[index].inbox).len();
        hub.publish(event(1));
        assert_eq!(
            (handed(0), handed(1)),
            (0, 0),
            "a hub without sockets hands nothing"
        );
        assert_eq!(hub.head(), 1);

        let (stream, _peer) = loopback(TcpSocket::new_v4().expect("socket")).await;
        // Socket ids start at 0: this one is shard 0's.
        let me = hub.join(stream);
        hub.publish(event(2));
        assert_eq!(
            (handed(0), handed(1)),
            (1, 0),
            "only the shard with the socket"
        );

        hub.leave(&me);
        hub.publish(event(3));
        assert_eq!(
            (handed(0), handed(1)),
            (1, 0),
            "nothing once the socket left"
        );
        assert_eq!(hub.head(), 3);
    }
}
