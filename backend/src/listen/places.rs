//! Places per client address: how many connections, or live sockets, one address holds
//! at once. A place is given back when its holder is dropped.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Counts what each client address holds, up to `most` each.
#[derive(Debug)]
pub struct PerClient {
    most: usize,
    held: Mutex<HashMap<String, usize>>,
}

impl PerClient {
    pub fn new(most: usize) -> Arc<Self> {
        Arc::new(PerClient {
            most: most.max(1),
            held: Mutex::default(),
        })
    }

    fn held(&self) -> MutexGuard<'_, HashMap<String, usize>> {
        self.held
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A place for `client`, or None when it holds `most` already.
    pub fn take(self: &Arc<Self>, client: String) -> Option<ClientPlace> {
        let mut held = self.held();
        let count = held.entry(client.clone()).or_default();
        if *count >= self.most {
            return None;
        }
        *count += 1;
        Some(ClientPlace {
            owner: Arc::clone(self),
            client,
        })
    }
}

/// One place of one client address, given back when dropped.
#[derive(Debug)]
pub struct ClientPlace {
    owner: Arc<PerClient>,
    client: String,
}

impl Drop for ClientPlace {
    fn drop(&mut self) {
        let mut held = self.owner.held();
        if let Some(count) = held.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.client);
            }
        }
    }
}

/// The live sockets of a process: all of them together leave room under the connection
/// cap for plain requests, and one client address holds a bounded number.
#[derive(Debug)]
pub struct LiveSeats {
    all: Arc<Semaphore>,
    per_client: Arc<PerClient>,
}

/// One live socket's seat, given back when the socket closes.
#[derive(Debug)]
pub struct LiveSeat {
    _all: OwnedSemaphorePermit,
    _client: ClientPlace,
}

impl LiveSeats {
    pub fn new(limits: &super::ConnectionLimits) -> Self {
        LiveSeats {
            all: Arc::new(Semaphore::new(limits.live_sockets())),
            per_client: PerClient::new(limits.per_client),
        }
    }

    /// A seat for a socket of `client`, or None when the process or the client has
    /// all it may.
    pub fn take(&self, client: String) -> Option<LiveSeat> {
        let all = Arc::clone(&self.all).try_acquire_owned().ok()?;
        let client = self.per_client.take(client)?;
        Some(LiveSeat {
            _all: all,
            _client: client,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_holds_at_most_its_share_and_gets_places_back() {
        let places = PerClient::new(2);
        let a = places.take("203.0.113.7".into()).expect("first");
        let b = places.take("203.0.113.7".into()).expect("second");
        assert!(places.take("203.0.113.7".into()).is_none());
        assert!(
            places.take("198.51.100.4".into()).is_some(),
            "another client"
        );
        drop(a);
        let c = places.take("203.0.113.7".into()).expect("given back");
        drop((b, c));
        assert!(
            places.held().is_empty(),
            "nothing kept for a client that left"
        );
    }

    #[test]
    fn live_sockets_leave_a_tenth_of_the_places_to_requests() {
        let limits = super::super::ConnectionLimits::fit(
            20,
            Some(100),
            std::time::Duration::from_secs(15),
            false,
        );
        let seats = LiveSeats::new(&limits);
        let taken: Vec<_> = (0..20)
            .map_while(|n| seats.take(format!("198.51.100.{n}")))
            .collect();
        assert_eq!(taken.len(), 18);
    }
}
