//! One live socket: `{"type":"auth","token"}` signs it in, `{"type":"resume","since":N}`
//! replays what it missed. The reader and the writer run side by side in the socket's
//! one task; when either ends, both do.

use std::collections::BTreeSet;
use std::time::Duration;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::Response;
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::mpsc;

use super::{Outgoing, Subscriber};
use crate::error::AppError;
use crate::events::EventRecord;
use crate::AppState;

/// How often the server pings; a peer silent for [`SILENCE_LIMIT`] is gone.
const PING_EVERY: Duration = Duration::from_secs(25);
const SILENCE_LIMIT: Duration = Duration::from_secs(60);
/// Messages from pages are tiny; anything bigger is refused by the protocol layer.
const MAX_INCOMING: usize = 4 * 1024;
/// Events sent live before the first resume that are remembered to avoid resending them.
const REMEMBERED_LIVE: usize = 1024;
/// A new socket holds live events back this long, waiting for a `resume`, so that what
/// it replays and what it receives live arrive in one order.
const RESUME_GRACE: Duration = Duration::from_millis(300);
/// Resumes one socket may ask for before it is told to reset instead.
const MAX_RESUMES: usize = 64;
/// Events read from the log per query while replaying.
const REPLAY_BATCH: i64 = 500;

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum Incoming {
    Auth { token: String },
    Resume { since: i64 },
}

/// What the reader asks the writer to send.
enum Control {
    Reply(String),
    Resume(i64),
}

/// Upgrades to a live socket. Browsers always send `Origin`: it must be the site's own.
#[utoipa::path(get, path = "/live", tag = "live",
    responses((status = 101, description = "WebSocket of live events (DESIGN.md, \"Live events\")"), (status = 403)))]
pub async fn open_live(
    State(state): State<AppState>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, AppError> {
    if let Some(origin) = headers.get(header::ORIGIN) {
        if origin.as_bytes() != state.settings.public_origin.as_bytes() {
            return Err(AppError::Forbidden(
                "Live events are only served to this site's own pages.".into(),
            ));
        }
    }
    let upgrade =
        upgrade.map_err(|_| AppError::BadRequest("Open /api/live as a WebSocket.".into()))?;
    Ok(upgrade
        // Small buffers: an idle socket should cost kilobytes, not tungstenite's 128 KiB.
        .read_buffer_size(1024)
        .write_buffer_size(0)
        .max_message_size(MAX_INCOMING)
        .max_frame_size(MAX_INCOMING)
        .on_upgrade(move |socket| serve(socket, state)))
}

async fn serve(socket: WebSocket, state: AppState) {
    let hub = state.live.clone();
    let (id, me, queue) = hub.join();
    let (sink, stream) = socket.split();
    let (control, controls) = mpsc::channel(4);
    tokio::select! {
        () = read(stream, &state, &me, control) => {}
        () = write(sink, &state, &me, queue, controls) => {}
    }
    hub.leave(id);
}

async fn read(
    mut stream: SplitStream<WebSocket>,
    state: &AppState,
    me: &Subscriber,
    control: mpsc::Sender<Control>,
) {
    loop {
        let message = match tokio::time::timeout(SILENCE_LIMIT, stream.next()).await {
            Ok(Some(Ok(message))) => message,
            _ => return,
        };
        let text = match message {
            Message::Text(text) => text,
            Message::Close(_) => return,
            _ => continue, // pongs and pings are signs of life
        };
        let reply = match serde_json::from_str::<Incoming>(&text) {
            Ok(Incoming::Auth { token }) => Control::Reply(authenticate(state, me, &token).await),
            Ok(Incoming::Resume { since }) => Control::Resume(since),
            Err(_) => Control::Reply(
                json!({"type": "error", "message": "Send {\"type\":\"auth\",\"token\":…} or {\"type\":\"resume\",\"since\":N}."})
                    .to_string(),
            ),
        };
        if control.send(reply).await.is_err() {
            return;
        }
    }
}

/// Signs the socket in with an access token; the answer says whether it worked.
async fn authenticate(state: &AppState, me: &Subscriber, token: &str) -> String {
    let user = match state.tokens.verify_access_until(token) {
        Some((id, expires_at)) => match state.cache.user(state.store.as_ref(), id).await {
            Ok(Some(user)) => Some((user, expires_at)),
            _ => None,
        },
        None => None,
    };
    match user {
        Some((user, expires_at)) => {
            me.sign_in(user.id, user.role(), expires_at);
            json!({"type": "auth", "ok": true, "role": user.role().as_str()}).to_string()
        }
        None => {
            me.sign_out();
            json!({"type": "auth", "ok": false, "message": "Your session has expired. Please sign in again."}).to_string()
        }
    }
}

struct Writer<'a> {
    sink: SplitSink<WebSocket, Message>,
    state: &'a AppState,
    me: &'a Subscriber,
    /// The highest sequence number sent; queued events at or below it are skipped.
    last_sent: i64,
    /// Events sent live since the last resume, so a replay does not repeat them (None
    /// once there were too many to remember: a resume then resets).
    sent_live: Option<BTreeSet<i64>>,
    /// The ranges `(after, upto]` earlier resumes already replayed.
    replayed: Vec<(i64, i64)>,
}

async fn write(
    sink: SplitSink<WebSocket, Message>,
    state: &AppState,
    me: &Subscriber,
    mut queue: mpsc::Receiver<Outgoing>,
    mut controls: mpsc::Receiver<Control>,
) {
    let mut writer = Writer {
        sink,
        state,
        me,
        last_sent: 0,
        sent_live: Some(BTreeSet::new()),
        replayed: Vec::new(),
    };
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    let grace = tokio::time::sleep(RESUME_GRACE);
    tokio::pin!(grace);
    let mut held = true;
    loop {
        let sent = tokio::select! {
            () = &mut grace, if held => {
                held = false;
                true
            }
            item = queue.recv(), if !held => match item {
                Some((seq, frame)) => writer.live(seq, frame).await,
                None => {
                    // The hub dropped this socket for falling behind: close it; the page resumes.
                    let frame = CloseFrame { code: 1013, reason: Utf8Bytes::from_static("too slow, resume") };
                    let _ = writer.sink.send(Message::Close(Some(frame))).await;
                    return;
                }
            },
            control = controls.recv() => match control {
                Some(Control::Reply(text)) => writer.sink.send(Message::Text(text.into())).await.is_ok(),
                Some(Control::Resume(since)) => {
                    held = false;
                    writer.resume(since).await
                }
                None => return,
            },
            _ = ping.tick() => writer.sink.send(Message::Ping(Default::default())).await.is_ok(),
        };
        if !sent {
            return;
        }
    }
}

impl Writer<'_> {
    async fn live(&mut self, seq: i64, frame: Utf8Bytes) -> bool {
        if seq <= self.last_sent {
            return true;
        }
        if let Some(sent) = &mut self.sent_live {
            if sent.len() < REMEMBERED_LIVE {
                sent.insert(seq);
            } else {
                self.sent_live = None;
            }
        }
        self.last_sent = seq;
        self.sink.send(Message::Text(frame)).await.is_ok()
    }

    /// Sends, in order, the events after `since` this socket may see and has not had.
    async fn resume(&mut self, since: i64) -> bool {
        let store = self.state.store.as_ref();
        let oldest = match store.oldest_event_seq().await {
            Ok(oldest) => oldest,
            Err(_) => return self.reset().await,
        };
        // History before `oldest` is gone, too much was sent live to tell, or the page keeps
        // asking: start over.
        let gone = oldest.is_some_and(|oldest| since + 1 < oldest);
        if gone || self.sent_live.is_none() || self.replayed.len() >= MAX_RESUMES {
            return self.reset().await;
        }
        let already = self.sent_live.take().unwrap_or_default();
        let mut cursor = since.max(0);
        let replayed = std::mem::take(&mut self.replayed);
        let handled = |seq: i64| {
            replayed
                .iter()
                .any(|&(after, upto)| after < seq && seq <= upto)
        };
        loop {
            let batch: Vec<EventRecord> = match store.events_since(cursor, REPLAY_BATCH).await {
                Ok(batch) => batch,
                Err(_) => return self.reset().await,
            };
            let now = chrono::Utc::now().timestamp();
            for event in &batch {
                cursor = event.seq;
                if handled(event.seq)
                    || already.contains(&event.seq)
                    || !event.visible_to(self.me.viewer(now))
                {
                    continue;
                }
                if self
                    .sink
                    .send(Message::Text(event.frame().into()))
                    .await
                    .is_err()
                {
                    return false;
                }
            }
            if (batch.len() as i64) < REPLAY_BATCH {
                break;
            }
        }
        self.replayed = replayed;
        self.replayed.push((since.max(0), cursor));
        self.last_sent = self.last_sent.max(cursor);
        self.sent_live = Some(BTreeSet::new());
        true
    }

    /// Tells the page to refetch everything: what it missed is no longer kept.
    async fn reset(&mut self) -> bool {
        let head = self.state.live.head();
        self.sent_live = Some(BTreeSet::new());
        self.replayed = vec![(0, head)];
        self.last_sent = self.last_sent.max(head);
        self.sink
            .send(Message::Text(Utf8Bytes::from_static(r#"{"type":"reset"}"#)))
            .await
            .is_ok()
    }
}
