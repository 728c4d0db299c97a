//! Upload slots: how many photos the server takes in at once (the file read into memory,
//! then decoded), and how many more may wait for a slot. The slot is claimed before the
//! body is read, so a crowd of uploads never has more than [`SLOTS`] files and decodes
//! in memory; past the queue an upload is refused at once and told when to come back.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Photos taken in at once: two per core of the 2-core machine we size for. Decoding is
/// CPU work (a 12-megapixel JPEG takes a few tenths of a second on one core) while a
/// slot spends most of its life waiting for the body to arrive over the network, so two
/// per core keep both cores decoding while the next files come in. Each slot holds at
/// most one file (10 MiB) and one decode (64 MiB): 296 MiB at worst, all slots full.
pub const SLOTS: usize = 4;

/// Uploads that may wait for a slot. A waiter holds only its connection: its file stays
/// unread, so waiting costs next to nothing. Sixteen behind four slots clear within a
/// few seconds when files arrive quickly; a longer queue would mostly hold people
/// waiting for a slow crowd, who are better told at once to try again shortly.
pub const QUEUE: usize = 16;

/// How long an upload waits in the queue before it is refused like one past the queue.
pub const MAX_WAIT: Duration = Duration::from_secs(20);

/// The `Retry-After` of a refused upload, in seconds: slots free up in about this time.
pub const RETRY_AFTER_SECS: u64 = 5;

/// The slots of one server process and the queue in front of them.
#[derive(Debug)]
pub struct DecodeSlots {
    slots: Arc<Semaphore>,
    waiting: AtomicUsize,
    queue: usize,
    max_wait: Duration,
}

/// The right to have one file in memory and decode it; freed when dropped.
#[derive(Debug)]
pub struct Slot {
    _permit: OwnedSemaphorePermit,
}

/// No slot came free: the queue was full, or the wait was over.
#[derive(Debug, PartialEq, Eq)]
pub struct Busy;

/// A place in the queue, given back when dropped: on a slot, on a timeout, or when the
/// client goes away while waiting (its request, and so this place, is dropped).
struct Place<'a>(&'a AtomicUsize);

impl Drop for Place<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl DecodeSlots {
    /// `slots` at once (at least one), `queue` waiting at most `max_wait` each.
    pub fn new(slots: usize, queue: usize, max_wait: Duration) -> DecodeSlots {
        DecodeSlots {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            waiting: AtomicUsize::new(0),
            queue,
            max_wait,
        }
    }

    /// A slot now, or after waiting in the queue; [`Busy`] at once when the queue is full.
    pub async fn claim(&self) -> Result<Slot, Busy> {
        if let Ok(permit) = Arc::clone(&self.slots).try_acquire_owned() {
            return Ok(Slot { _permit: permit });
        }
        let _place = self.join_queue().ok_or(Busy)?;
        match tokio::time::timeout(self.max_wait, Arc::clone(&self.slots).acquire_owned()).await {
            Ok(Ok(permit)) => Ok(Slot { _permit: permit }),
            // The semaphore is never closed; a timeout is the only way here.
            _ => Err(Busy),
        }
    }

    /// Slots free right now.
    pub fn free(&self) -> usize {
        self.slots.available_permits()
    }

    fn join_queue(&self) -> Option<Place<'_>> {
        self.waiting
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |waiting| {
                (waiting < self.queue).then_some(waiting + 1)
            })
            .ok()
            .map(|_| Place(&self.waiting))
    }
}

impl Default for DecodeSlots {
    fn default() -> Self {
        DecodeSlots::new(SLOTS, QUEUE, MAX_WAIT)
    }
}

impl Slot {
    /// Runs `work` on the blocking threads and holds the slot until `work` ends: even
    /// when the request that started it is gone (the decode still runs and still takes
    /// its memory), and when `work` panics (the slot is dropped as the panic unwinds).
    pub async fn run<T, F>(self, work: F) -> Result<T, tokio::task::JoinError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        tokio::task::spawn_blocking(move || {
            let _slot = self;
            work()
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;

    #[tokio::test]
    async fn past_the_queue_an_upload_is_refused_at_once() {
        let slots = DecodeSlots::new(1, 1, Duration::from_secs(30));
        let _held = slots.claim().await.unwrap();
        let waiter = slots.claim();
        tokio::pin!(waiter);
        // The waiter takes the one place in the queue…
        assert!(tokio::time::timeout(Duration::from_millis(50), &mut waiter)
            .await
            .is_err());
        // …so the next one is refused without waiting.
        let started = Instant::now();
        assert_eq!(slots.claim().await.unwrap_err(), Busy);
        assert!(started.elapsed() < Duration::from_millis(50));
    }

    #[tokio::test]
    async fn a_waiter_is_refused_once_it_has_waited_too_long() {
        let slots = DecodeSlots::new(1, 4, Duration::from_millis(200));
        let _held = slots.claim().await.unwrap();
        let started = Instant::now();
        assert_eq!(slots.claim().await.unwrap_err(), Busy);
        assert!(started.elapsed() >= Duration::from_millis(200));
        // Its place is free again: another may wait.
        assert_eq!(slots.waiting.load(Ordering::SeqCst), 0);
    }

    #[tokio::test]
    async fn a_waiter_gets_the_slot_its_holder_frees() {
        let slots = Arc::new(DecodeSlots::new(1, 1, Duration::from_secs(30)));
        let held = slots.claim().await.unwrap();
        let waiter = tokio::spawn({
            let slots = Arc::clone(&slots);
            async move { slots.claim().await.map(|_| ()) }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        drop(held);
        assert_eq!(waiter.await.unwrap(), Ok(()));
    }

    #[tokio::test]
    async fn a_waiter_that_goes_away_gives_its_place_back() {
        let slots = DecodeSlots::new(1, 1, Duration::from_secs(30));
        let _held = slots.claim().await.unwrap();
        let gone = tokio::time::timeout(Duration::from_millis(50), slots.claim()).await;
        assert!(gone.is_err(), "it was still waiting when dropped");
        assert_eq!(slots.waiting.load(Ordering::SeqCst), 0);
        let again = tokio::time::timeout(Duration::from_millis(50), slots.claim()).await;
        assert!(again.is_err(), "it waits rather than being refused");
    }

    #[tokio::test]
    async fn a_decode_that_panics_frees_its_slot() {
        let slots = DecodeSlots::new(1, 0, Duration::from_secs(30));
        let slot = slots.claim().await.unwrap();
        assert_eq!(slots.free(), 0);
        let outcome = slot.run(|| panic!("a decoder bug")).await;
        assert!(outcome.unwrap_err().is_panic());
        assert_eq!(slots.free(), 1);
        assert!(slots.claim().await.is_ok());
    }

    #[tokio::test]
    async fn a_decode_holds_its_slot_until_it_ends_even_if_its_request_is_gone() {
        let slots = DecodeSlots::new(1, 0, Duration::from_secs(30));
        let slot = slots.claim().await.unwrap();
        let (started, wait_start) = std::sync::mpsc::channel();
        let (finish, wait_finish) = std::sync::mpsc::channel::<()>();
        let request = tokio::spawn(slot.run(move || {
            started.send(()).unwrap();
            wait_finish.recv().unwrap();
        }));
        tokio::task::spawn_blocking(move || wait_start.recv().unwrap())
            .await
            .unwrap();
        request.abort();
        assert!(request.await.unwrap_err().is_cancelled());
        assert_eq!(slots.free(), 0, "the decode still runs");
        finish.send(()).unwrap();
        for _ in 0..100 {
            if slots.free() == 1 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the slot was not freed when the decode ended");
    }
}
