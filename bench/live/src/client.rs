//! The client side: many WebSockets on a few tasks, and when each event reached each.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::future::ready;
use futures_util::stream::{self, select_all};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{client_async_with_config, WebSocketStream};

pub type Ws = WebSocketStream<TcpStream>;

/// Every event the bench writes carries this marker followed by its index.
pub const MARKER: &str = "lbm-";

/// The index of the bench event in a frame, if it is one.
pub fn event_index(text: &str) -> Option<usize> {
    let rest = &text[text.find(MARKER)? + MARKER.len()..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    rest[..digits].parse().ok()
}

/// Arrival times of every event at every socket.
pub struct Fleet {
    base: Instant,
    sockets: usize,
    events: usize,
    /// `[event * sockets + socket]`: nanoseconds after `base`, plus one; 0 = not yet.
    arrivals: Vec<AtomicU64>,
    delivered: Vec<AtomicUsize>,
    /// Sockets that closed or failed.
    pub closed: AtomicUsize,
    /// Frames that were no bench event, or an event a socket already had.
    pub strays: AtomicUsize,
    /// When logging (`Fleet::logging`): every event each socket received, in order.
    log: Option<Vec<Mutex<Vec<Logged>>>>,
    /// `{"type":"reset"}` frames: a socket fell so far behind that events were dropped.
    pub resets: AtomicUsize,
    /// Bytes of the bench events' frames, smallest and largest seen.
    pub frame_bytes: (AtomicUsize, AtomicUsize),
}

/// One event as a socket received it.
#[derive(Clone, Debug, PartialEq)]
pub struct Logged {
    pub seq: u64,
    /// Its name, one of `bikehaat::events::NAMES` ("other" for a name the bench does not know).
    pub event: &'static str,
    /// `data._id` of booking events (`order.*`): which booking it is about.
    pub id: Option<Box<str>>,
}

/// The event in a `{"type":"event","seq":N,"event":…,"data":{"_id":…}}` frame.
pub fn parse_event(text: &str) -> Option<Logged> {
    let frame: Value = serde_json::from_str(text).ok()?;
    if frame["type"] != "event" {
        return None;
    }
    let name = frame["event"].as_str()?;
    let event = bikehaat::events::NAMES
        .iter()
        .find(|e| **e == name)
        .copied()
        .unwrap_or("other");
    let id = event
        .starts_with("order.")
        .then(|| match &frame["data"]["_id"] {
            Value::String(s) => s.as_str().into(),
            other => other.to_string().into(),
        });
    Some(Logged {
        seq: frame["seq"].as_u64()?,
        event,
        id,
    })
}

impl Fleet {
    pub fn new(sockets: usize, events: usize) -> Fleet {
        Fleet {
            base: Instant::now(),
            sockets,
            events,
            arrivals: (0..sockets * events).map(|_| AtomicU64::new(0)).collect(),
            delivered: (0..events).map(|_| AtomicUsize::new(0)).collect(),
            closed: AtomicUsize::new(0),
            strays: AtomicUsize::new(0),
            log: None,
            resets: AtomicUsize::new(0),
            frame_bytes: (AtomicUsize::new(usize::MAX), AtomicUsize::new(0)),
        }
    }

    /// A fleet that keeps every event each socket receives (any event, not only the
    /// bench's marked ones), for checking later that none was lost.
    pub fn logging(sockets: usize) -> Fleet {
        Fleet {
            log: Some((0..sockets).map(|_| Mutex::new(Vec::new())).collect()),
            ..Fleet::new(sockets, 0)
        }
    }

    /// What socket `socket` has received so far (empty unless logging).
    pub fn received(&self, socket: usize) -> Vec<Logged> {
        match &self.log {
            Some(log) => log[socket]
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .clone(),
            None => Vec::new(),
        }
    }

    fn record(&self, socket: usize, text: &str) {
        if let Some(log) = &self.log {
            match parse_event(text) {
                Some(event) => log[socket]
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push(event),
                None if text.contains(r#""type":"reset""#) => {
                    self.resets.fetch_add(1, Ordering::Relaxed);
                }
                None => {
                    self.strays.fetch_add(1, Ordering::Relaxed);
                }
            }
            return;
        }
        let now = self.base.elapsed().as_nanos() as u64 + 1;
        match event_index(text) {
            Some(event) if event < self.events => {
                self.frame_bytes.0.fetch_min(text.len(), Ordering::Relaxed);
                self.frame_bytes.1.fetch_max(text.len(), Ordering::Relaxed);
                let slot = &self.arrivals[event * self.sockets + socket];
                if slot
                    .compare_exchange(0, now, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
                {
                    self.delivered[event].fetch_add(1, Ordering::Release);
                } else {
                    self.strays.fetch_add(1, Ordering::Relaxed);
                }
            }
            _ => {
                self.strays.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// How many sockets have event `event`.
    pub fn delivered(&self, event: usize) -> usize {
        self.delivered[event].load(Ordering::Acquire)
    }

    /// Waits until every socket has event `event`, or `limit` passes; says which.
    pub async fn wait_for(&self, event: usize, limit: Duration) -> bool {
        let deadline = Instant::now() + limit;
        while self.delivered(event) < self.sockets {
            if Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        true
    }

    /// Latencies (ns) of every delivery from `starts[event]`, and of each event's last
    /// delivery; arrivals before the start count as 0.
    pub fn latencies(&self, starts: &[Instant]) -> (Vec<u64>, Vec<u64>) {
        let mut all = Vec::with_capacity(self.sockets * starts.len());
        let mut last = Vec::with_capacity(starts.len());
        for (event, start) in starts.iter().enumerate().take(self.events) {
            let start = start.saturating_duration_since(self.base).as_nanos() as u64 + 1;
            let mut worst = 0;
            for socket in 0..self.sockets {
                let at = self.arrivals[event * self.sockets + socket].load(Ordering::Relaxed);
                if at != 0 {
                    let latency = at.saturating_sub(start);
                    worst = worst.max(latency);
                    all.push(latency);
                }
            }
            last.push(worst);
        }
        (all, last)
    }
}

/// `ws://host:port/path` from `http://host:port` and a path.
pub fn ws_url(server: &str, path: &str) -> String {
    let server = server.trim_end_matches('/');
    let host = server
        .strip_prefix("http://")
        .or_else(|| server.strip_prefix("ws://"))
        .unwrap_or(server);
    format!("ws://{host}{path}")
}

async fn try_open(url: &str) -> Result<Ws, String> {
    let authority = url
        .strip_prefix("ws://")
        .and_then(|rest| rest.split('/').next())
        .ok_or_else(|| format!("not a ws:// URL: {url}"))?;
    let tcp = TcpStream::connect(authority)
        .await
        .map_err(|e| format!("connect {authority}: {e}"))?;
    tcp.set_nodelay(true).ok();
    // The client keeps its buffers small too: it shares the box with the server.
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    let (ws, _) = client_async_with_config(url, tcp, Some(config))
        .await
        .map_err(|e| format!("handshake {url}: {e}"))?;
    Ok(ws)
}

/// Opens one socket, retrying a few times (a full accept queue drops a SYN now and then).
pub async fn open(url: &str) -> Result<Ws, String> {
    let mut attempt = 0;
    loop {
        match try_open(url).await {
            Ok(ws) => return Ok(ws),
            Err(e) if attempt >= 4 => return Err(e),
            Err(_) => {
                attempt += 1;
                tokio::time::sleep(Duration::from_millis(200 * attempt)).await;
            }
        }
    }
}

/// Signs `ws` in with an access token, as a page does; waits for the server's yes.
pub async fn sign_in(ws: &mut Ws, token: &str) -> Result<(), String> {
    ws.send(Message::text(
        json!({"type": "auth", "token": token}).to_string(),
    ))
    .await
    .map_err(|e| e.to_string())?;
    loop {
        match tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) if text.contains(r#""type":"auth""#) => {
                if !text.contains(r#""ok":true"#) {
                    return Err(format!("a socket's sign-in was refused: {text}"));
                }
                return Ok(());
            }
            Ok(Some(Ok(_))) => continue,
            other => return Err(format!("no answer to a socket's sign-in: {other:?}")),
        }
    }
}

/// Opens `count` sockets, socket `i` to `urls[i % urls.len()]`, `concurrency` at a time.
pub async fn open_all(
    urls: &[String],
    count: usize,
    concurrency: usize,
) -> Result<Vec<Ws>, String> {
    let started = Instant::now();
    let mut sockets: Vec<(usize, Ws)> = stream::iter(0..count)
        .map(|i| {
            let url = urls[i % urls.len()].clone();
            async move { open(&url).await.map(|ws| (i, ws)) }
        })
        .buffer_unordered(concurrency.max(1))
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<Result<_, _>>()?;
    sockets.sort_by_key(|(i, _)| *i);
    eprintln!(
        "opened {count} sockets in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(sockets.into_iter().map(|(_, ws)| ws).collect())
}

/// What the reader tasks tell of each socket: its text frames, and its end.
pub trait Recorder: Send + Sync + 'static {
    /// Socket `socket` received the text frame `text`.
    fn record(&self, socket: usize, text: &str);
    /// Socket `socket` closed or failed.
    fn closed(&self, socket: usize);
}

impl Recorder for Fleet {
    fn record(&self, socket: usize, text: &str) {
        Fleet::record(self, socket, text);
    }

    fn closed(&self, _socket: usize) {
        self.closed.fetch_add(1, Ordering::Relaxed);
    }
}

/// Reads every socket, `per_task` sockets to a task, telling `recorder` what each
/// receives (a [`Fleet`]: the bench events).
pub fn spawn_readers<R: Recorder>(recorder: &Arc<R>, sockets: Vec<Ws>, per_task: usize) {
    let mut sockets = sockets.into_iter().enumerate().peekable();
    while sockets.peek().is_some() {
        let chunk: Vec<(usize, Ws)> = sockets.by_ref().take(per_task.max(1)).collect();
        let streams = chunk.into_iter().map(|(i, ws)| {
            let recorder = recorder.clone();
            ws.map(move |message| match message {
                Ok(Message::Text(text)) => {
                    recorder.record(i, text.as_str());
                    true
                }
                Ok(Message::Close(_)) | Err(_) => {
                    recorder.closed(i);
                    false
                }
                Ok(_) => true, // pings are answered by tungstenite
            })
            .take_while(|open| ready(*open))
        });
        let mut all = select_all(streams);
        tokio::spawn(async move { while all.next().await.is_some() {} });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_event_index() {
        let frame = r#"{"type":"event","seq":7,"event":"category.created","data":{"_id":"3","categoryName":"lbm-12-1700","categoryImage":"/uploads/x.png"}}"#;
        assert_eq!(event_index(frame), Some(12));
        assert_eq!(event_index(r#"{"type":"reset"}"#), None);
        assert_eq!(event_index("lbm-x"), None);
    }

    #[test]
    fn parses_events() {
        let frame = r#"{"type":"event","seq":41,"event":"order.created","data":{"buyerName":"B","_id":"7"}}"#;
        assert_eq!(
            parse_event(frame),
            Some(Logged {
                seq: 41,
                event: "order.created",
                id: Some("7".into())
            })
        );
        let frame = r#"{"type":"event","seq":42,"event":"product.created","data":{"_id":"9"}}"#;
        assert_eq!(
            parse_event(frame),
            Some(Logged {
                seq: 42,
                event: "product.created",
                id: None
            })
        );
        assert_eq!(parse_event(r#"{"type":"reset"}"#), None);
        let fleet = Fleet::logging(1);
        fleet.record(0, frame);
        fleet.record(0, r#"{"type":"reset"}"#);
        assert_eq!(fleet.received(0).len(), 1);
        assert_eq!(fleet.resets.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn latencies_from_each_start() {
        let fleet = Fleet::new(2, 1);
        let start = Instant::now();
        fleet.record(0, "lbm-0");
        fleet.record(1, "lbm-0");
        fleet.record(1, "lbm-0"); // a duplicate
        fleet.record(1, "lbm-5"); // not an event of this run
        assert_eq!(fleet.delivered(0), 2);
        assert_eq!(fleet.strays.load(Ordering::Relaxed), 2);
        let (all, last) = fleet.latencies(&[start]);
        assert_eq!(all.len(), 2);
        assert_eq!(last.len(), 1);
        assert!(last[0] >= all[0] && last[0] >= all[1]);
    }

    #[test]
    fn websocket_urls() {
        assert_eq!(
            ws_url("http://127.0.0.1:8080/", "/api/live"),
            "ws://127.0.0.1:8080/api/live"
        );
        assert_eq!(ws_url("127.0.0.1:9", "/"), "ws://127.0.0.1:9/");
    }
}
