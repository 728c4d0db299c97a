//! What the outage test saw: every HTTP answer with its timing and request id, and
//! every event each live socket received, across reconnects.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use reqwest::RequestBuilder;
use serde_json::{json, Value};
use tokio::sync::{oneshot, watch};
use tokio_tungstenite::tungstenite::Message;

/// One HTTP answer.
#[derive(Debug, Clone)]
pub struct Answer {
    /// The process asked.
    pub via: &'static str,
    /// What was asked: book, intent, confirm, pay, cancel or health.
    pub what: &'static str,
    pub started: Instant,
    pub ended: Instant,
    /// 0 when no answer came (the request failed or timed out).
    pub status: u16,
    pub body: Value,
    pub request_id: Option<String>,
}

impl Answer {
    pub fn took(&self) -> Duration {
        self.ended - self.started
    }
}

/// Every answer of the run, in the order they came.
#[derive(Clone, Default)]
pub struct Journal(Arc<Mutex<Vec<Answer>>>);

impl Journal {
    /// Sends `request` to `via`, notes the answer and returns its status and body.
    pub async fn send(
        &self,
        via: &'static str,
        what: &'static str,
        request: RequestBuilder,
    ) -> (u16, Value) {
        let started = Instant::now();
        let (status, body, request_id) = match request.send().await {
            Ok(response) => {
                let status = response.status().as_u16();
                let request_id = response
                    .headers()
                    .get("x-request-id")
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned);
                let text = response.text().await.unwrap_or_default();
                let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
                (status, body, request_id)
            }
            Err(error) => (0, Value::String(error.to_string()), None),
        };
        let answer = Answer {
            via,
            what,
            started,
            ended: Instant::now(),
            status,
            body: body.clone(),
            request_id,
        };
        self.lock().push(answer);
        (status, body)
    }

    pub fn answers(&self) -> Vec<Answer> {
        self.lock().clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Answer>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// What one socket (and the sockets it reconnected as) received.
#[derive(Debug, Default, Clone)]
pub struct Received {
    /// Sequence numbers of the events, in the order they arrived.
    pub seqs: Vec<i64>,
    /// How often it had to connect again.
    pub reconnects: usize,
    /// The server's close frames: `code reason`.
    pub closes: Vec<String>,
    /// Messages no socket should get from an outage: a session "ended", a reset.
    pub complaints: Vec<Value>,
}

/// A page's live socket that, like the page, reconnects when it is closed and resumes
/// after the last event it received.
pub struct Watcher {
    pub name: String,
    /// The signed-in user, None for a visitor.
    pub user_id: Option<i64>,
    /// Whether it reconnects when told to.
    pub redials: bool,
    received: Arc<Mutex<Received>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Watcher {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Watcher {
    /// Opens a socket on `base` that resumes after `since` and signs in with `token`;
    /// it closes and reconnects itself (a page reloaded) when `redial` changes. Returns
    /// once it is open (and signed in).
    pub async fn open(
        name: &str,
        base: &str,
        signed_in: Option<(&str, i64)>,
        since: i64,
        redial: Option<watch::Receiver<()>>,
    ) -> Watcher {
        let received = Arc::new(Mutex::new(Received::default()));
        let redials = redial.is_some();
        let (ready, opened) = oneshot::channel();
        let task = tokio::spawn(watch(
            format!("{}/api/live", base.replacen("http", "ws", 1)),
            signed_in.map(|(token, _)| token.to_owned()),
            since,
            received.clone(),
            redial,
            ready,
        ));
        tokio::time::timeout(Duration::from_secs(10), opened)
            .await
            .expect("the socket opens")
            .expect("the socket task runs");
        Watcher {
            name: name.to_owned(),
            user_id: signed_in.map(|(_, id)| id),
            redials,
            received,
            task,
        }
    }

    pub fn received(&self) -> Received {
        self.received
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }
}

async fn watch(
    url: String,
    token: Option<String>,
    mut last: i64,
    received: Arc<Mutex<Received>>,
    mut redial: Option<watch::Receiver<()>>,
    ready: oneshot::Sender<()>,
) {
    let note = |change: &mut dyn FnMut(&mut Received)| {
        change(&mut received.lock().unwrap_or_else(|p| p.into_inner()));
    };
    let mut ready = Some(ready);
    loop {
        if let Ok((mut ws, _)) = tokio_tungstenite::connect_async(&url).await {
            // What the page sends on every open: sign in first, then resume.
            let mut hello = Vec::new();
            if let Some(token) = &token {
                hello.push(json!({"type": "auth", "token": token}));
            } else if let Some(ready) = ready.take() {
                let _ = ready.send(());
            }
            hello.push(json!({"type": "resume", "since": last}));
            for message in hello {
                let _ = ws.send(Message::text(message.to_string())).await;
            }
            loop {
                let redialed = async {
                    match redial.as_mut() {
                        Some(redial) => redial.changed().await.is_ok(),
                        None => std::future::pending().await,
                    }
                };
                let message = tokio::select! {
                    message = ws.next() => message,
                    true = redialed => {
                        let _ = ws.close(None).await;
                        break;
                    }
                };
                let text = match message {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(frame))) => {
                        let frame = frame.map_or_else(String::new, |f| {
                            format!("{} {}", u16::from(f.code), f.reason)
                        });
                        note(&mut |r| r.closes.push(frame.clone()));
                        break;
                    }
                    Some(Ok(_)) => continue,
                    _ => break,
                };
                let message: Value = serde_json::from_str(&text).expect("JSON from the server");
                match message["type"].as_str() {
                    Some("event") => {
                        let seq = message["seq"].as_i64().expect("seq");
                        last = last.max(seq);
                        note(&mut |r| r.seqs.push(seq));
                    }
                    Some("auth") if message["ok"] == true => {
                        if let Some(ready) = ready.take() {
                            let _ = ready.send(());
                        }
                    }
                    Some("auth") | Some("reset") => {
                        note(&mut |r| r.complaints.push(message.clone()));
                    }
                    _ => {}
                }
            }
        }
        note(&mut |r| r.reconnects += 1);
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}
