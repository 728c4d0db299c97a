//! Slows password guessing and mail bombing without locking anyone out of their own
//! account. Counters live in fixed windows, keyed by what they limit (a client address,
//! an e-mail, or both); with `REDIS_URL` every process shares them, otherwise each
//! process counts on its own. When Redis cannot be reached the process falls back to its
//! own counters rather than letting everything through.
//!
//! What sign-in does with them (`routes/accounts.rs`): a client address may make only so
//! many attempts; wrong passwords for one e-mail from one address lock that pair, not
//! the e-mail, so the owner signing in from elsewhere is never refused; wrong passwords
//! for one e-mail from everywhere slow down the wrong answers, never the right one.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One limit: at most `limit` counted events per `window`.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    /// Names the counter family (part of the Redis key).
    pub name: &'static str,
    pub limit: u32,
    pub window: Duration,
}

/// Refused: try again after this long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter(pub Duration);

impl RetryAfter {
    /// Whole seconds, at least one, for a `Retry-After` header.
    pub fn seconds(self) -> u64 {
        self.0.as_secs_f64().ceil().max(1.0) as u64
    }
}

/// Above this many counters in memory, finished windows are swept out.
const SWEEP_AT: usize = 10_000;
/// After Redis fails, it is not asked again for this long (local counters meanwhile).
const REDIS_PAUSE: Duration = Duration::from_secs(1);
/// How long one Redis round trip may take before the local counters answer instead.
const REDIS_TIMEOUT: Duration = Duration::from_millis(500);

/// The counters of every rule.
pub struct Limiter {
    local: Mutex<HashMap<String, (Instant, u32)>>,
    redis: Option<Shared>,
}

struct Shared {
    client: redis::Client,
    connection: tokio::sync::Mutex<Option<redis::aio::MultiplexedConnection>>,
    failed_at: Mutex<Option<Instant>>,
}

impl std::fmt::Debug for Limiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limiter")
            .field("shared", &self.redis.is_some())
            .finish_non_exhaustive()
    }
}

impl Default for Limiter {
    fn default() -> Self {
        Limiter::in_process()
    }
}

impl Limiter {
    /// Counters kept by this process alone.
    pub fn in_process() -> Limiter {
        Limiter {
            local: Mutex::default(),
            redis: None,
        }
    }

    /// Counters shared by every process through Redis at `url`.
    pub fn redis(url: &str) -> Result<Limiter, String> {
        let client = redis::Client::open(url).map_err(|e| format!("bad REDIS_URL: {e}"))?;
        Ok(Limiter {
            local: Mutex::default(),
            redis: Some(Shared {
                client,
                connection: tokio::sync::Mutex::new(None),
                failed_at: Mutex::new(None),
            }),
        })
    }

    /// Counts one event under `rule` for `key`; refused once the window's count passes
    /// the limit.
    pub async fn take(&self, rule: &Rule, key: &str) -> Result<(), RetryAfter> {
        let (count, left) = self.count(rule, key, 1).await;
        if count > rule.limit {
            Err(RetryAfter(left))
        } else {
            Ok(())
        }
    }

    /// Refused when `key` has reached the limit of `rule` already; counts nothing.
    pub async fn check(&self, rule: &Rule, key: &str) -> Result<(), RetryAfter> {
        let (count, left) = self.count(rule, key, 0).await;
        if count >= rule.limit {
            Err(RetryAfter(left))
        } else {
            Ok(())
        }
    }

    /// Counts one event (a wrong password, say) under `rule` for `key`; answers the
    /// window's count so far.
    pub async fn add(&self, rule: &Rule, key: &str) -> u32 {
        self.count(rule, key, 1).await.0
    }

    /// The window's count so far.
    pub async fn peek(&self, rule: &Rule, key: &str) -> u32 {
        self.count(rule, key, 0).await.0
    }

    /// Forgets `key`'s count under `rule`.
    pub async fn clear(&self, rule: &Rule, key: &str) {
        let key = counter_key(rule, key);
        if let Some(shared) = &self.redis {
            if shared.delete(&key).await {
                return;
            }
        }
        self.local_map().remove(&key);
    }

    /// Adds `by` to the counter and answers (count, time left in its window).
    async fn count(&self, rule: &Rule, key: &str, by: u32) -> (u32, Duration) {
        let key = counter_key(rule, key);
        if let Some(shared) = &self.redis {
            if let Some(answer) = shared.count(&key, by, rule.window).await {
                return answer;
            }
        }
        self.count_locally(key, by, rule.window)
    }

    fn local_map(&self) -> std::sync::MutexGuard<'_, HashMap<String, (Instant, u32)>> {
        self.local
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn count_locally(&self, key: String, by: u32, window: Duration) -> (u32, Duration) {
        let mut map = self.local_map();
        if map.len() >= SWEEP_AT {
            map.retain(|_, (since, _)| since.elapsed() < window);
        }
        let now = Instant::now();
        let entry = map.entry(key).or_insert((now, 0));
        if now.duration_since(entry.0) >= window {
            *entry = (now, 0);
        }
        entry.1 = entry.1.saturating_add(by);
        (entry.1, window.saturating_sub(now.duration_since(entry.0)))
    }
}

fn counter_key(rule: &Rule, key: &str) -> String {
    format!("bikehaat:limit:{}:{key}", rule.name)
}

impl Shared {
    /// (count, time left) from Redis; None when Redis cannot answer now.
    async fn count(&self, key: &str, by: u32, window: Duration) -> Option<(u32, Duration)> {
        let window_ms = u64::try_from(window.as_millis()).unwrap_or(u64::MAX);
        let mut pipe = redis::pipe();
        pipe.atomic()
            .cmd("INCRBY")
            .arg(key)
            .arg(by)
            // The window starts with the first event and is never extended by later ones.
            .cmd("PEXPIRE")
            .arg(key)
            .arg(window_ms)
            .arg("NX")
            .ignore()
            .cmd("PTTL")
            .arg(key);
        let mut connection = self.connection().await?;
        let answer = tokio::time::timeout(
            REDIS_TIMEOUT,
            pipe.query_async::<(u32, i64)>(&mut connection),
        )
        .await;
        match answer {
            Ok(Ok((count, left_ms))) => {
                let left = Duration::from_millis(u64::try_from(left_ms).unwrap_or(window_ms));
                Some((count, left))
            }
            _ => {
                self.failed().await;
                None
            }
        }
    }

    /// Deletes a counter; false when Redis cannot answer now.
    async fn delete(&self, key: &str) -> bool {
        let Some(mut connection) = self.connection().await else {
            return false;
        };
        let deleted = tokio::time::timeout(
            REDIS_TIMEOUT,
            redis::cmd("DEL")
                .arg(key)
                .query_async::<()>(&mut connection),
        )
        .await;
        if matches!(deleted, Ok(Ok(()))) {
            true
        } else {
            self.failed().await;
            false
        }
    }

    /// A connection, unless Redis failed moments ago or cannot be reached now.
    async fn connection(&self) -> Option<redis::aio::MultiplexedConnection> {
        let paused = self
            .failed_at
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .is_some_and(|at| at.elapsed() < REDIS_PAUSE);
        if paused {
            return None;
        }
        let mut slot = self.connection.lock().await;
        if slot.is_none() {
            let connected = tokio::time::timeout(
                REDIS_TIMEOUT,
                self.client.get_multiplexed_async_connection(),
            )
            .await;
            match connected {
                Ok(Ok(connection)) => *slot = Some(connection),
                _ => {
                    drop(slot);
                    self.failed().await;
                    return None;
                }
            }
        }
        slot.clone()
    }

    async fn failed(&self) {
        tracing::warn!("cannot reach Redis for rate limits; counting in this process");
        *self.connection.lock().await = None;
        *self
            .failed_at
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(Instant::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: Rule = Rule {
        name: "test",
        limit: 3,
        window: Duration::from_secs(60),
    };

    #[tokio::test]
    async fn a_key_is_refused_past_its_limit_and_others_are_not() {
        let limiter = Limiter::in_process();
        for _ in 0..RULE.limit {
            assert_eq!(limiter.take(&RULE, "a").await, Ok(()));
        }
        let refused = limiter.take(&RULE, "a").await.expect_err("past the limit");
        assert!(refused.0 <= RULE.window && refused.seconds() >= 1);
        assert_eq!(limiter.take(&RULE, "b").await, Ok(()));
        limiter.clear(&RULE, "a").await;
        assert_eq!(limiter.take(&RULE, "a").await, Ok(()));
    }

    #[tokio::test]
    async fn check_refuses_at_the_limit_without_counting() {
        let limiter = Limiter::in_process();
        for _ in 0..RULE.limit {
            assert_eq!(limiter.check(&RULE, "a").await, Ok(()));
            limiter.add(&RULE, "a").await;
        }
        assert!(limiter.check(&RULE, "a").await.is_err());
        assert_eq!(limiter.peek(&RULE, "a").await, RULE.limit);
    }

    #[tokio::test]
    async fn a_window_that_has_passed_starts_again() {
        let limiter = Limiter::in_process();
        let short = Rule {
            name: "short",
            limit: 1,
            window: Duration::from_millis(50),
        };
        assert_eq!(limiter.take(&short, "a").await, Ok(()));
        assert!(limiter.take(&short, "a").await.is_err());
        tokio::time::sleep(Duration::from_millis(60)).await;
        assert_eq!(limiter.take(&short, "a").await, Ok(()));
    }

    #[tokio::test]
    async fn without_redis_the_counters_fall_back_to_this_process() {
        // Nothing listens on port 9: every Redis call fails fast.
        let limiter = Limiter::redis("redis://127.0.0.1:9").expect("valid URL");
        for _ in 0..RULE.limit {
            assert_eq!(limiter.take(&RULE, "a").await, Ok(()));
        }
        assert!(limiter.take(&RULE, "a").await.is_err());
    }
}
