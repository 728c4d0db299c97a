//! How processes tell each other "the event log grew to seq N". Without `REDIS_URL`
//! there is one process and nothing to tell; with it, every process publishes to and
//! subscribes from one Redis pub/sub channel. The bus only carries wake-ups: the event
//! log carries the events, so a lost message costs at most the pump's poll interval.

use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::{watch, Mutex};

/// The channel every process of one marketplace shares.
const CHANNEL: &str = "bikehaat:events";
/// Reconnection backoff bounds.
const BACKOFF_MIN: Duration = Duration::from_millis(100);
const BACKOFF_MAX: Duration = Duration::from_secs(5);

/// The cross-process wake-up channel.
pub struct Bus {
    /// The highest sequence number other processes (or this one) announced.
    announced: watch::Sender<i64>,
    redis: Option<RedisBus>,
}

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
            redis: None,
        }
    }

    /// Fans out through Redis at `url`. Connects in the background and keeps
    /// reconnecting with backoff; the marketplace serves whether Redis is up or not.
    pub fn redis(url: &str) -> Result<Bus, String> {
        let client = redis::Client::open(url).map_err(|e| format!("bad REDIS_URL: {e}"))?;
        let bus = Bus {
            announced: watch::channel(0).0,
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

    async fn listen(&self) {
        let Some(redis) = &self.redis else { return };
        let mut backoff = BACKOFF_MIN;
        loop {
            match redis.client.get_async_pubsub().await {
                Ok(mut pubsub) => match pubsub.subscribe(CHANNEL).await {
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
                            if let Ok(seq) = message.get_payload::<i64>() {
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
