//! One live socket: `{"type":"auth","token"}` signs it in, `{"type":"resume","since":N}`
//! replays what it missed.
//!
//! Each socket is one task running one loop over the socket itself — no split halves,
//! no channels between a reader and a writer task. It reads the page's messages and
//! answers them; live events are written by the socket's shard (`live/shard.rs`), and
//! the task sends them itself only while the socket waits for its resume or replays, for
//! private events whose session it must check, and for bytes the kernel could not take
//! at once. An idle socket then costs a few kilobytes instead of tens, which is what lets
//! one process hold hundreds of thousands; the rarely used auth and resume work is boxed
//! so it does not grow every socket's task.

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Version};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use hyper::upgrade::OnUpgrade;
use hyper_util::rt::TokioIo;
use serde::Deserialize;
use serde_json::json;
use sha1::{Digest, Sha1};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use tokio_tungstenite::WebSocketStream;

use super::wire::Conn;
use super::{Outgoing, Subscriber};
use crate::auth::client_ip::ClientIp;
use crate::bus::Typing;
use crate::error::AppError;
use crate::events::{EventRecord, Share, Viewer};
use crate::listen::{Held, LiveSeat, Place};
use crate::records::{Blocked, Side as RecordSide};
use crate::store::StoreError;
use crate::AppState;

/// How often the server pings; a peer silent for [`SILENCE_LIMIT`] is gone (noticed at
/// the next ping).
const PING_EVERY: Duration = Duration::from_secs(25);
const SILENCE_LIMIT: Duration = Duration::from_secs(60);
/// Messages from pages are tiny; anything bigger is refused by the protocol layer.
const MAX_INCOMING: usize = 4 * 1024;
/// A new socket holds live events back this long, waiting for a `resume`, so that what
/// it replays and what it receives live arrive in one order.
const RESUME_GRACE: Duration = Duration::from_millis(300);
/// Resumes one socket may ask for before it is told to reset instead.
const MAX_RESUMES: usize = 64;
/// Events read from the log per query while replaying.
const REPLAY_BATCH: i64 = 500;

/// The most events one resume replays. A page away for longer reads its data afresh
/// (`reset`): cheaper for both ends than thousands of events, and it bounds what one
/// resume can ask of the database and the socket.
pub const MAX_REPLAY: i64 = 5_000;
/// How long a closing socket may take to say why before its stream is just closed (a
/// stalled peer never reads it).
const CLOSE_WAIT: Duration = Duration::from_secs(5);

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum Incoming {
    Auth {
        token: String,
    },
    Resume {
        since: i64,
    },
    /// The page's reader is typing in a conversation.
    Typing {
        #[serde(rename = "conversationId")]
        conversation_id: String,
    },
}

/// Typing signals one socket passes on: one per this long at most (the page sends one
/// every three seconds while its reader types).
const TYPING_EVERY: Duration = Duration::from_secs(2);

/// Upgrades to a live socket. Browsers always send `Origin`: it must be the site's own.
/// Live sockets leave a tenth of the process's connections to plain requests, and one
/// client address holds at most its share; past either the answer is 503.
#[utoipa::path(get, path = "/live", tag = "live",
    responses((status = 101, description = "WebSocket of live events (docs/events.md)"),
        (status = 400, description = "Not a WebSocket handshake"), (status = 403), (status = 503)))]
pub async fn open_live(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    mut request: Request,
) -> Result<Response, AppError> {
    if let Some(origin) = request.headers().get(header::ORIGIN) {
        let host = request
            .headers()
            .get(header::HOST)
            .map(|host| host.as_bytes());
        if !state.settings.public_origin.admits(origin.as_bytes(), host) {
            return Err(AppError::Forbidden(
                "Live events are only served to this site's own pages.".into(),
            ));
        }
    }
    let not_a_handshake = || AppError::BadRequest("Open /api/live as a WebSocket.".into());
    let key = handshake_key(request.method(), request.version(), request.headers())
        .ok_or_else(not_a_handshake)?;
    let seat = state
        .live_seats
        .take(client)
        .ok_or_else(|| AppError::Unavailable {
            message: "Too many live connections right now. The page will try again shortly.",
            detail: "no live seat: the process's, or this client address's, are all taken".into(),
        })?;
    let upgrade = request
        .extensions_mut()
        .remove::<OnUpgrade>()
        .ok_or_else(not_a_handshake)?;
    tokio::spawn(async move {
        let upgraded = match upgrade.await {
            Ok(upgraded) => upgraded,
            Err(error) => {
                tracing::debug!(%error, "a live socket's upgrade did not complete");
                return;
            }
        };
        // The hub writes to the TCP stream itself, so the socket must be one our
        // listener accepted.
        match upgraded.downcast::<TokioIo<Held>>() {
            Ok(hyper::upgrade::Parts { io, read_buf, .. }) => {
                // What the page sent after its handshake, copied: the bytes given share
                // the connection's whole read buffer, kilobytes an open socket would keep.
                let sent_early = read_buf.to_vec();
                drop(read_buf);
                let (stream, place) = io.into_inner().into_parts();
                serve(stream, sent_early, (place, seat), state).await;
            }
            Err(_) => tracing::error!("a live socket came over a connection of another kind"),
        }
    });
    Response::builder()
        .status(StatusCode::SWITCHING_PROTOCOLS)
        .header(header::CONNECTION, HeaderValue::from_static("upgrade"))
        .header(header::UPGRADE, HeaderValue::from_static("websocket"))
        .header(header::SEC_WEBSOCKET_ACCEPT, accept_key(key.as_bytes()))
        .body(Body::empty())
        .map_err(|e| AppError::Internal(format!("the handshake's answer: {e}")))
}

/// The key of an HTTP/1.1 WebSocket handshake (RFC 6455, section 4.2.1).
fn handshake_key(method: &Method, version: Version, headers: &HeaderMap) -> Option<HeaderValue> {
    let says = |name: header::HeaderName, word: &str| {
        headers.get_all(name).iter().any(|value| {
            value
                .as_bytes()
                .split(|&byte| byte == b',')
                .any(|part| part.trim_ascii().eq_ignore_ascii_case(word.as_bytes()))
        })
    };
    let handshake = method == Method::GET
        && version == Version::HTTP_11
        && says(header::CONNECTION, "upgrade")
        && says(header::UPGRADE, "websocket")
        && headers
            .get(header::SEC_WEBSOCKET_VERSION)
            .is_some_and(|version| version == "13");
    handshake
        .then(|| headers.get(header::SEC_WEBSOCKET_KEY).cloned())
        .flatten()
}

/// `Sec-WebSocket-Accept` for a handshake's key.
fn accept_key(key: &[u8]) -> String {
    use base64::Engine as _;
    let mut sha1 = Sha1::new();
    sha1.update(key);
    sha1.update(b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11");
    base64::engine::general_purpose::STANDARD.encode(sha1.finalize())
}

async fn serve(
    stream: TcpStream,
    sent_early: Vec<u8>,
    _places: (Place, LiveSeat),
    state: AppState,
) {
    let hub = state.live.clone();
    let me = hub.join(stream);
    let config = WebSocketConfig::default()
        // Small buffers: an idle socket should cost kilobytes, not tungstenite's 128 KiB.
        .read_buffer_size(256)
        .write_buffer_size(0)
        .max_message_size(Some(MAX_INCOMING))
        .max_frame_size(Some(MAX_INCOMING));
    let socket = WebSocketStream::from_partially_read(
        Conn(me.clone()),
        sent_early,
        Role::Server,
        Some(config),
    )
    .await;
    let mut session = Session {
        socket,
        state: &state,
        me: &me,
        resumes: 0,
        held: true,
        signed_in: None,
        try_again: None,
        typed_at: None,
    };
    session.run().await;
    // The hub gave up on this socket for falling behind, or the database could not
    // answer it: close it with "try again later"; the page reconnects and resumes.
    let reason = if me.is_dropped() {
        Some("too slow, resume")
    } else {
        session.try_again.take()
    };
    if let Some(reason) = reason {
        let frame = CloseFrame {
            code: CloseCode::from(TRY_AGAIN_LATER),
            reason: Utf8Bytes::from_static(reason),
        };
        let close = session.socket.send(Message::Close(Some(frame)));
        let _ = tokio::time::timeout(CLOSE_WAIT, close).await;
    }
    hub.leave(&me);
}

struct Session<'a> {
    socket: WebSocketStream<Conn>,
    state: &'a AppState,
    me: &'a Subscriber,
    /// Resumes this socket asked for.
    resumes: usize,
    /// Live events wait while a new socket may still ask to resume.
    held: bool,
    /// The session the socket signed in with: private events go out only while it lasts.
    signed_in: Option<String>,
    /// Why the socket closes asking the page to come back: the database could not
    /// answer a sign-in or a resume just now.
    try_again: Option<&'static str>,
    /// When this socket last passed on that its reader is typing.
    typed_at: Option<tokio::time::Instant>,
}

impl Session<'_> {
    async fn run(&mut self) {
        // One timer per socket: first the resume grace, then the ping beat.
        let beat = tokio::time::sleep(RESUME_GRACE);
        tokio::pin!(beat);
        let mut heard = tokio::time::Instant::now();
        loop {
            let going = tokio::select! {
                // Queued events first: a wake-up for an event then costs no read of the
                // socket. The page's messages wait at most for the queue to be sent.
                biased;
                () = self.me.woken(), if !self.held => self.flush().await,
                incoming = self.socket.next() => match incoming {
                    Some(Ok(message)) => {
                        let going = self.incoming(message).await;
                        heard = tokio::time::Instant::now();
                        if self.held {
                            // The page is still saying hello (a sign-in that waited for
                            // the database, say): its resume follows, so the grace starts
                            // again rather than live events overtaking the replay.
                            beat.as_mut().reset(heard + RESUME_GRACE);
                        }
                        going
                    }
                    _ => false,
                },
                () = &mut beat => {
                    beat.as_mut().reset(tokio::time::Instant::now() + PING_EVERY);
                    if self.held {
                        self.held = false;
                        self.flush().await
                    } else if heard.elapsed() > SILENCE_LIMIT {
                        false
                    } else {
                        self.socket.send(Message::Ping(Bytes::new())).await.is_ok()
                    }
                }
            };
            if !going || self.me.is_dropped() {
                return;
            }
        }
    }

    /// Handles a message from the page; false when the socket should close.
    async fn incoming(&mut self, message: Message) -> bool {
        let text = match message {
            Message::Text(text) => text,
            Message::Close(_) => return false,
            _ => return true, // pongs and pings are signs of life
        };
        match serde_json::from_str::<Incoming>(text.as_str()) {
            Ok(Incoming::Auth { token }) => {
                match Box::pin(authenticate(self.state, self.me, &token)).await {
                    Ok((session, reply)) => {
                        self.signed_in = session;
                        self.socket.send(Message::Text(reply.into())).await.is_ok()
                    }
                    // Telling the page its session ended would sign its user out: the
                    // page comes back and signs in again once the database answers.
                    Err(error) => {
                        tracing::warn!(?error, "cannot sign a live socket in");
                        self.try_again = Some(DATABASE_AWAY);
                        false
                    }
                }
            }
            Ok(Incoming::Resume { since }) => {
                let replayed = Box::pin(self.resume(since)).await;
                self.held = false;
                replayed && self.flush().await
            }
            Ok(Incoming::Typing { conversation_id }) => {
                Box::pin(self.typing(&conversation_id)).await;
                true
            }
            Err(_) => {
                let help = json!({"type": "error", "message": "Send {\"type\":\"auth\",\"token\":…} or {\"type\":\"resume\",\"since\":N}."});
                self.socket
                    .send(Message::Text(help.to_string().into()))
                    .await
                    .is_ok()
            }
        }
    }

    /// The page's reader is typing in conversation `id`: the other side's sockets, on
    /// whichever process, show it for a few seconds. Only a signed-in side of the
    /// conversation, neither side blocking the other, at most once per
    /// [`TYPING_EVERY`]; nothing is stored and nothing answers (a signal lost is nothing).
    async fn typing(&mut self, id: &str) {
        let now = tokio::time::Instant::now();
        if self.typed_at.is_some_and(|at| now - at < TYPING_EVERY) {
            return;
        }
        let Viewer::User { id: user, .. } = self.me.viewer(chrono::Utc::now().timestamp()) else {
            return;
        };
        let Some(conversation_id) = crate::validate::parse_id(id) else {
            return;
        };
        self.typed_at = Some(now);
        let Ok(conversation) = self.state.store.conversation(conversation_id, user).await else {
            return;
        };
        if conversation.blocked != Blocked::No {
            return;
        }
        let other = match conversation.side_of(user) {
            Some(RecordSide::Buyer) => conversation.seller_id,
            Some(RecordSide::Seller) => conversation.buyer_id,
            None => None,
        };
        if let Some(to) = other {
            let signal = Typing {
                to,
                conversation_id,
                from: user,
            };
            self.state.bus.typing(signal).await;
        }
    }

    /// Sends the events queued for this task, then opens the socket to its shard (unless
    /// it is held); returns once the kernel has taken every byte waiting for it.
    async fn flush(&mut self) -> bool {
        loop {
            // Bytes already on their way go first; a slow page gets one event at a time.
            if !self.unsent_written().await {
                return false;
            }
            let Outgoing {
                seq,
                frame,
                signed_out,
            } = {
                let mut out = self.me.outbox();
                match out.queue.pop_front() {
                    Some(item) => item,
                    None => {
                        out.open = !self.held;
                        if out.unsent.is_empty() {
                            return true;
                        }
                        continue;
                    }
                }
            };
            let frame = match signed_out {
                Some(instead) if !self.still_signed_in().await => instead,
                _ => Some(frame),
            };
            let mut out = self.me.outbox();
            if seq > out.last_sent {
                out.last_sent = seq;
                if let Some(frame) = &frame {
                    // Nothing else writes while the queue is the task's (`open` is
                    // false), so this always has room.
                    self.me.put(&mut out, &[frame]);
                }
            }
        }
    }

    /// Waits until the kernel has taken every byte waiting for it; false when the
    /// connection failed or the hub dropped the socket meanwhile.
    async fn unsent_written(&self) -> bool {
        loop {
            tokio::select! {
                biased;
                written = self.me.drain() => return written.is_ok(),
                // Queued events are looked at once the bytes are out.
                () = self.me.woken() => if self.me.is_dropped() {
                    return false;
                },
            }
        }
    }

    /// Whether the session the socket signed in with still lasts. A session ended by
    /// signing out, a password reset, a takeover or deleting the user (in any process)
    /// stops private events within the read cache's [`MAX_AGE`](crate::cache::MAX_AGE):
    /// the socket falls back to public events and the page is told. The check is a
    /// memory lookup while the session is fresh in the cache, and only private events
    /// pay it.
    async fn still_signed_in(&mut self) -> bool {
        let Some(session) = &self.signed_in else {
            return false;
        };
        let state = self.state;
        match state
            .cache
            .session_user(state.store.as_ref(), session)
            .await
        {
            Ok(Some(_)) => true,
            // The store cannot say right now: the session was good a moment ago.
            Err(_) => true,
            Ok(None) => {
                self.signed_in = None;
                self.me.sign_out();
                // The page may not even hear this (the socket may be closing): it is a
                // courtesy, the events already stopped.
                let _ = self
                    .socket
                    .send(Message::Text(Utf8Bytes::from_static(SESSION_ENDED)))
                    .await;
                false
            }
        }
    }

    /// Sends, in order, the events after `since` this socket may see and has not had.
    async fn resume(&mut self, since: i64) -> bool {
        // The shard queues events for this task until the replay is done.
        let last_sent = {
            let mut out = self.me.outbox();
            out.open = false;
            out.last_sent
        };
        if self.signed_in.is_some() {
            // Replays only what the session may still see.
            self.still_signed_in().await;
        }
        let store = self.state.store.as_ref();
        let oldest = match store.oldest_event_seq().await {
            Ok(oldest) => oldest,
            Err(error) => return self.cannot_replay(error).await,
        };
        // History before `oldest` is gone; or this socket already sent events after
        // `since`, and the ones it skipped could only follow them out of order (a page
        // takes nothing older than what it has); or the page keeps asking: start over.
        let gone = oldest.is_some_and(|oldest| since + 1 < oldest);
        let too_far = self.state.live.head() - since > MAX_REPLAY;
        if gone || too_far || since < last_sent || self.resumes >= MAX_RESUMES {
            return self.reset().await;
        }
        self.resumes += 1;
        let mut cursor = since.max(0);
        loop {
            let batch: Vec<EventRecord> = match store.events_since(cursor, REPLAY_BATCH).await {
                Ok(batch) => batch,
                Err(error) => return self.cannot_replay(error).await,
            };
            let now = chrono::Utc::now().timestamp();
            for event in &batch {
                cursor = event.seq;
                let frame = match event.share_for(self.me.viewer(now)) {
                    Share::Nothing => continue,
                    Share::Data(data) => event.frame(data),
                    // Logged before public forms were kept: refetching is the safe way.
                    Share::Unknown => return self.reset().await,
                };
                if self.socket.send(Message::Text(frame.into())).await.is_err() {
                    return false;
                }
            }
            if (batch.len() as i64) < REPLAY_BATCH {
                break;
            }
        }
        let mut out = self.me.outbox();
        out.last_sent = out.last_sent.max(cursor);
        true
    }

    /// The log could not be read for a replay. While the database is out of reach the
    /// socket closes and the page resumes from the same point when it reconnects (a
    /// reset would have it refetch from a database that does not answer either); any
    /// other failure resets, so the page reads its data afresh.
    async fn cannot_replay(&mut self, error: StoreError) -> bool {
        tracing::warn!(%error, "cannot replay events to a live socket");
        if matches!(error, StoreError::Unavailable(_)) {
            self.try_again = Some(DATABASE_AWAY);
            return false;
        }
        self.reset().await
    }

    /// Tells the page to refetch everything: what it missed is no longer kept.
    async fn reset(&mut self) -> bool {
        let head = self.state.live.head();
        {
            let mut out = self.me.outbox();
            out.last_sent = out.last_sent.max(head);
        }
        self.socket
            .send(Message::Text(Utf8Bytes::from_static(r#"{"type":"reset"}"#)))
            .await
            .is_ok()
    }
}

/// The close code that asks the page to reconnect and resume (RFC 6455's "try again
/// later").
const TRY_AGAIN_LATER: u16 = 1013;
/// The close reason while the database cannot be reached.
const DATABASE_AWAY: &str = "database unavailable, resume";

/// What a socket is told when its session ends while it is open.
const SESSION_ENDED: &str =
    r#"{"type":"auth","ok":false,"message":"Your session has ended. Please sign in again."}"#;

/// Signs the socket in with an access token: the session it belongs to, and the answer
/// that says whether it worked; `Err` when the store cannot tell right now.
async fn authenticate(
    state: &AppState,
    me: &Subscriber,
    token: &str,
) -> Result<(Option<String>, String), AppError> {
    let Some((user, claims)) = crate::auth::session_of(state, token).await? else {
        me.sign_out();
        let reply = json!({"type": "auth", "ok": false, "message": "Your session has expired. Please sign in again."});
        return Ok((None, reply.to_string()));
    };
    me.sign_in(user.id, user.role(), user.email_verified, claims.expires_at);
    let reply = json!({"type": "auth", "ok": true, "role": user.role().as_str()});
    Ok((Some(claims.session), reply.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                header::HeaderName::from_bytes(name.as_bytes()).expect("name"),
                HeaderValue::from_str(value).expect("value"),
            );
        }
        map
    }

    #[test]
    fn the_accept_key_is_the_one_rfc_6455_gives_for_its_example() {
        assert_eq!(
            accept_key(b"dGhlIHNhbXBsZSBub25jZQ=="),
            "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        );
    }

    #[test]
    fn only_a_websocket_handshake_has_a_key() {
        let browser = [
            ("connection", "keep-alive, Upgrade"),
            ("upgrade", "websocket"),
            ("sec-websocket-version", "13"),
            ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ];
        let key = handshake_key(&Method::GET, Version::HTTP_11, &headers(&browser));
        assert_eq!(
            key.as_ref().map(|key| key.as_bytes()),
            Some(&b"dGhlIHNhbXBsZSBub25jZQ=="[..])
        );
        assert!(handshake_key(&Method::POST, Version::HTTP_11, &headers(&browser)).is_none());
        assert!(handshake_key(&Method::GET, Version::HTTP_10, &headers(&browser)).is_none());
        for missing in 0..browser.len() {
            let mut partial = browser.to_vec();
            partial.remove(missing);
            assert!(
                handshake_key(&Method::GET, Version::HTTP_11, &headers(&partial)).is_none(),
                "without {}",
                browser[missing].0
            );
        }
        let mut old = browser.to_vec();
        old[2] = ("sec-websocket-version", "8");
        assert!(handshake_key(&Method::GET, Version::HTTP_11, &headers(&old)).is_none());
    }
}
