//! Slows password guessing: after [`MAX_FAILURES`] wrong passwords for one e-mail
//! within [`WINDOW`], sign-in for that e-mail is refused (429) until the window passes.
//! Kept per process; behind a load balancer each process counts on its own.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Wrong passwords allowed per e-mail within the window.
pub const MAX_FAILURES: u32 = 10;
/// How long failures are remembered.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
/// Above this many remembered e-mails, expired ones are swept out.
const SWEEP_AT: usize = 10_000;

/// Counts failed sign-ins per e-mail.
#[derive(Debug, Default)]
pub struct LoginLimiter {
    failures: Mutex<HashMap<String, (Instant, u32)>>,
}

impl LoginLimiter {
    /// Whether this e-mail may try to sign in now.
    pub fn allows(&self, email: &str) -> bool {
        let map = self
            .failures
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match map.get(email) {
            Some((since, count)) => since.elapsed() >= WINDOW || *count < MAX_FAILURES,
            None => true,
        }
    }

    /// Records a wrong password.
    pub fn failed(&self, email: &str) {
        let mut map = self
            .failures
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if map.len() >= SWEEP_AT {
            map.retain(|_, (since, _)| since.elapsed() < WINDOW);
        }
        let entry = map.entry(email.to_owned()).or_insert((Instant::now(), 0));
        if entry.0.elapsed() >= WINDOW {
            *entry = (Instant::now(), 0);
        }
        entry.1 += 1;
    }

    /// Forgets the failures of an e-mail that signed in.
    pub fn succeeded(&self, email: &str) {
        let mut map = self
            .failures
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        map.remove(email);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_wrong_passwords_lock_that_email_only() {
        let limiter = LoginLimiter::default();
        for _ in 0..MAX_FAILURES {
            assert!(limiter.allows("a@example.com"));
            limiter.failed("a@example.com");
        }
        assert!(!limiter.allows("a@example.com"));
        assert!(limiter.allows("b@example.com"));
        limiter.succeeded("a@example.com");
        assert!(limiter.allows("a@example.com"));
    }
}
