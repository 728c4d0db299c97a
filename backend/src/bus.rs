//! How processes tell each other "the event log grew to seq N", and pass on who is
//! typing. Without `REDIS_URL` there is one process and nothing to tell; with it, every
//! process publishes to and subscribes from two Redis pub/sub channels. The bus only
//! carries wake-ups and signals: the event log carries the events, so a lost wake-up
//! costs at most the pump's poll interval, and a lost typing signal nothing at all.

use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::{watch, Mutex};

/// The channel every process of one marketplace shares.
const CHANNEL: &str = "bikehaat:events";
/// Who is typing to whom: never stored, lost when nobody listens.
const TYPING_CHANNEL: &str = "bikehaat:typing";

/// Someone typing in a conversation, for the other side's sockets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Typing {
    /// Whose sockets show it.
    pub to: i64,
    pub conversation_id: i64,
    /// Who types.
    pub from: i64,
}

impl Typing {
    /// As it crosses Redis: "to:conversation:from".
    fn encode(self) -> String {
        format!("{}:{}:{}", self.to, self.conversation_id, self.from)
    }

    fn decode(text: &str) -> Option<Typing> {
        let mut parts = text.split(':').map(str::parse::<i64>);
        match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some(Ok(to)), Some(Ok(conversation_id)), Some(Ok(from)), None) => Some(Typing {
                to,
                conversation_id,
                from,
            }),
            _ => None,
        }
    }

    /// The frame the other side's page receives.
    pub fn frame(self) -> String {
        serde_json::json!({
            "type": "typing",
            "conversationId": self.conversation_id.to_string(),
            "from": self.from.to_string(),
        })
        .to_string()
    }
}
/// Reconnection backoff bounds.
const BACKOFF_MIN: Duration = Duration::from_millis(100);
const BACKOFF_MAX: Duration = Duration::from_secs(5);

/// The cross-process wake-up channel.
pub struct Bus {
    /// The highest sequence number other processes (or this one) announced.
    announced: watch::Sender<i64>,
    /// Typing signals for this process's sockets, from any process (this one too).
    typing: tokio::sync::broadcast::Sender<Typing>,
    redis: Option<RedisBus>,
}

/// Typing signals one process keeps for its sockets while they are passed on.
const TYPING_BACKLOG: usize = 256;

struct RedisBus {
    client: redis::Client,
    /// Whether the subscription is up right now.
    subscribed: std::sync::atomic::AtomicBool,
    publisher: Mutex<Option<redis::aio::MultiplexedConnection>>,
}

impl Bus {
    /// One process alone: nothing crosses processes.
    pub fn in_process() -> Bus {
        Bus {
            announced: watch::channel(0).0,
            typing: tokio::sync::broadcast::channel(TYPING_BACKLOG).0,
            redis: None,
        }
    }

    /// Fans out through Redis at `url`. Connects in the background and keeps
    /// reconnecting with backoff; the marketplace serves whether Redis is up or not.
    pub fn redis(url: &str) -> Result<Bus, String> {
        let client = redis::Client::open(url).map_err(|e| format!("bad REDIS_URL: {e}"))?;
        let bus = Bus {
            announced: watch::channel(0).0,
            typing: tokio::sync::broadcast::channel(TYPING_BACKLOG).0,
            redis: Some(RedisBus {
                client,
                subscribed: Default::default(),
                publisher: Mutex::new(None),
            }),
        };
        Ok(bus)
    }

    /// "in-process" or "redis", for `/api/health`.
    pub fn name(&self) -> &'static str {
        if self.redis.is_some() {
            "redis"
        } else {
            "in-process"
        }
    }

    /// Whether events from other processes arrive right now (always, in-process). While
    /// not, they still arrive within the pump's poll interval.
    pub fn connected(&self) -> bool {
        self.redis
            .as_ref()
            .is_none_or(|r| r.subscribed.load(std::sync::atomic::Ordering::Acquire))
    }

    /// Announcements from other processes: the highest sequence number announced.
    pub fn subscribe(&self) -> watch::Receiver<i64> {
        self.announced.subscribe()
    }

    /// Starts listening to Redis (a no-op in-process). Call once, from a runtime.
    pub fn start(self: &std::sync::Arc<Self>) {
        if self.redis.is_some() {
            let bus = self.clone();
            tokio::spawn(async move { bus.listen().await });
        }
    }

    /// Tells the other processes the log now reaches `seq`. Best effort: while Redis is
    /// down they find the events by polling.
    pub async fn publish(&self, seq: i64) {
        let Some(redis) = &self.redis else { return };
        let mut publisher = redis.publisher.lock().await;
        if publisher.is_none() {
            *publisher = redis.client.get_multiplexed_async_connection().await.ok();
        }
        let Some(connection) = publisher.as_mut() else {
            return;
        };
        let sent: redis::RedisResult<()> = redis::cmd("PUBLISH")
            .arg(CHANNEL)
            .arg(seq)
            .query_async(connection)
            .await;
        if let Err(e) = sent {
            tracing::warn!(error = %e, "cannot publish to Redis; will reconnect");
            *publisher = None;
        }
    }

    /// Typing signals for this process's sockets, as they arrive.
    pub fn typing_signals(&self) -> tokio::sync::broadcast::Receiver<Typing> {
        self.typing.subscribe()
    }

    /// Passes `signal` on to the process holding its recipient's sockets (every
    /// process, this one too, through Redis; this one alone without it, or while Redis
    /// is away). Best effort: a typing signal late or lost is nothing.
    pub async fn typing(&self, signal: Typing) {
        let Some(redis) = &self.redis else {
            let _ = self.typing.send(signal);
            return;
        };
        let mut publisher = redis.publisher.lock().await;
        if publisher.is_none() {
            *publisher = redis.client.get_multiplexed_async_connection().await.ok();
        }
        let sent = match publisher.as_mut() {
            Some(connection) => redis::cmd("PUBLISH")
                .arg(TYPING_CHANNEL)
                .arg(signal.encode())
                .query_async::<()>(connection)
                .await
                .is_ok(),
            None => false,
        };
        if !sent {
            *publisher = None;
            let _ = self.typing.send(signal);
        }
    }

    async fn listen(&self) {
        let Some(redis) = &self.redis else { return };
        let mut backoff = BACKOFF_MIN;
        loop {
            match redis.client.get_async_pubsub().await {
                Ok(mut pubsub) => match pubsub.subscribe(&[CHANNEL, TYPING_CHANNEL]).await {
                    Ok(()) => {
                        tracing::info!("subscribed to live events on Redis");
                        redis
                            .subscribed
                            .store(true, std::sync::atomic::Ordering::Release);
                        backoff = BACKOFF_MIN;
                        // Whatever was announced while we were away: the pump catches up
                        // from the log when woken.
                        self.announced.send_modify(|_| {});
                        let mut messages = pubsub.on_message();
                        while let Some(message) = messages.next().await {
                            if message.get_channel_name() == TYPING_CHANNEL {
                                let payload = message.get_payload::<String>().ok();
                                if let Some(signal) = payload.as_deref().and_then(Typing::decode) {
                                    let _ = self.typing.send(signal);
                                }
                            } else if let Ok(seq) = message.get_payload::<i64>() {
                                self.announced
                                    .send_modify(|announced| *announced = (*announced).max(seq));
                            }
                        }
                        redis
                            .subscribed
                            .store(false, std::sync::atomic::Ordering::Release);
                        tracing::warn!("lost the Redis subscription; reconnecting");
                    }
                    Err(e) => tracing::warn!(error = %e, "cannot subscribe on Redis"),
                },
                Err(e) => tracing::warn!(error = %e, "cannot reach Redis"),
            }
            tokio::time::sleep(backoff).await;
            backoff = (backoff * 2).min(BACKOFF_MAX);
        }
    }
}
