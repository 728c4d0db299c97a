//! One live socket: `{"type":"auth","token"}` signs it in, `{"type":"resume","since":N}`
//! replays what it missed.
//!
//! Each socket is one task running one loop over the socket itself — no split halves,
//! no channels between a reader and a writer task. An idle socket then costs a few
//! kilobytes instead of tens, which is what lets one process hold hundreds of thousands;
//! the rarely used auth and resume work is boxed so it does not grow every socket's
//! task.

use std::time::Duration;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::Response;
use serde::Deserialize;
use serde_json::json;

use super::{Outgoing, Subscriber};
use crate::error::AppError;
use crate::events::{EventRecord, Share};
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

#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum Incoming {
    Auth { token: String },
    Resume { since: i64 },
}

/// Upgrades to a live socket. Browsers always send `Origin`: it must be the site's own.
#[utoipa::path(get, path = "/live", tag = "live",
    responses((status = 101, description = "WebSocket of live events (docs/events.md)"),
        (status = 400, description = "Not a WebSocket handshake"), (status = 403)))]
pub async fn open_live(
    State(state): State<AppState>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, AppError> {
    if let Some(origin) = headers.get(header::ORIGIN) {
        let host = headers.get(header::HOST).map(|host| host.as_bytes());
        if !state.settings.public_origin.admits(origin.as_bytes(), host) {
            return Err(AppError::Forbidden(
                "Live events are only served to this site's own pages.".into(),
            ));
        }
    }
    let upgrade =
        upgrade.map_err(|_| AppError::BadRequest("Open /api/live as a WebSocket.".into()))?;
    Ok(upgrade
        // Small buffers: an idle socket should cost kilobytes, not tungstenite's 128 KiB.
        .read_buffer_size(256)
        .write_buffer_size(0)
        .max_message_size(MAX_INCOMING)
        .max_frame_size(MAX_INCOMING)
        .on_upgrade(move |socket| serve(socket, state)))
}

async fn serve(socket: WebSocket, state: AppState) {
    let hub = state.live.clone();
    let (id, me) = hub.join();
    let mut session = Session {
        socket,
        state: &state,
        me: &me,
        last_sent: 0,
        resumes: 0,
        held: true,
        signed_in: None,
        try_again: None,
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
            code: TRY_AGAIN_LATER,
            reason: Utf8Bytes::from_static(reason),
        };
        let _ = session.socket.send(Message::Close(Some(frame))).await;
    }
    hub.leave(id);
}

struct Session<'a> {
    socket: WebSocket,
    state: &'a AppState,
    me: &'a Subscriber,
    /// The highest sequence number sent or replayed past; queued events at or below it
    /// are skipped. Everything a socket sends goes out in this order, so a socket keeps
    /// one number, not a record of what it sent.
    last_sent: i64,
    /// Resumes this socket asked for.
    resumes: usize,
    /// Live events wait while a new socket may still ask to resume.
    held: bool,
    /// The session the socket signed in with: private events go out only while it lasts.
    signed_in: Option<String>,
    /// Why the socket closes asking the page to come back: the database could not
    /// answer a sign-in or a resume just now.
    try_again: Option<&'static str>,
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
                incoming = self.socket.recv() => match incoming {
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
                        self.socket.send(Message::Ping(Default::default())).await.is_ok()
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
        match serde_json::from_str::<Incoming>(&text) {
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
            Err(_) => {
                let help = json!({"type": "error", "message": "Send {\"type\":\"auth\",\"token\":…} or {\"type\":\"resume\",\"since\":N}."});
                self.socket
                    .send(Message::Text(help.to_string().into()))
                    .await
                    .is_ok()
            }
        }
    }

    /// Sends every queued event.
    async fn flush(&mut self) -> bool {
        loop {
            let (item, more) = self.me.take();
            if let Some(Outgoing {
                seq,
                frame,
                signed_out,
            }) = item
            {
                let frame = match signed_out {
                    Some(instead) if !self.still_signed_in().await => instead,
                    _ => Some(frame),
                };
                if let Some(frame) = frame {
                    if !self.live(seq, frame).await {
                        return false;
                    }
                }
            }
            if !more {
                return true;
            }
        }
    }

    async fn live(&mut self, seq: i64, frame: Utf8Bytes) -> bool {
        if seq <= self.last_sent {
            return true;
        }
        self.last_sent = seq;
        self.socket.send(Message::Text(frame)).await.is_ok()
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
        if gone || since < self.last_sent || self.resumes >= MAX_RESUMES {
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
        self.last_sent = self.last_sent.max(cursor);
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
        self.last_sent = self.last_sent.max(head);
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
    me.sign_in(user.id, user.role(), claims.expires_at);
    let reply = json!({"type": "auth", "ok": true, "role": user.role().as_str()});
    Ok((Some(claims.session), reply.to_string()))
}
