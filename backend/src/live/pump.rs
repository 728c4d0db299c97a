//! The pump: one task per process that reads new events from the log, in order, and
//! hands them to the hub. It wakes when this process's writes commit events, when the
//! bus says another process wrote, and at least every [`POLL`] — so an event is never
//! lost, even while the bus is down: the log is the truth, the bus only makes delivery
//! quick.

use std::sync::Arc;
use std::time::Duration;

use super::Hub;
use crate::bus::Bus;
use crate::store::prelude::*;

/// The longest an event waits when no wake-up arrives (the bus is down, say).
pub const POLL: Duration = Duration::from_secs(1);
/// Events read per query.
const BATCH: i64 = 1000;
/// Events kept for resuming sockets.
pub const KEEP: i64 = 100_000;
/// How often old events are pruned.
const PRUNE_EVERY: Duration = Duration::from_secs(60);

/// Runs the pump for this process, delivering the events after `start`, until the
/// runtime stops.
pub async fn run(store: Arc<dyn Store>, hub: Arc<Hub>, bus: Arc<Bus>, start: i64) {
    let mut outage = Outage::default();
    let mut last = start;
    let mut remote = bus.subscribe();
    let mut pruned = tokio::time::Instant::now();
    // Read at once: a write committed between reading `start` and the first wait is in the
    // log, and its hand-over may have been taken by nobody yet.
    let mut more = true;
    loop {
        let mut local = false;
        if !more {
            tokio::select! {
                () = store.committed_arrived() => local = true,
                _ = remote.changed() => {}
                () = tokio::time::sleep(POLL) => {}
            }
        }
        // This process's own events, as its writes committed them, go out without being
        // read back while each follows the last one delivered: events commit in `seq`
        // order (the event log's lock, migration 0025), so nothing before them can still
        // appear. Every write that logs events hands them over as it commits
        // (`EventLog::take_committed`), so a local wake-up with nothing after `last` (its
        // events went out last turn) reads nothing. The log is read for anything else: a
        // gap (another process's events, or a backlog the pump fell behind on), a wake-up
        // from the bus or the poll, a batch that was full.
        let (direct, gap) = deliver_committed(store.as_ref(), &hub, &mut last);
        let mut read = Vec::new();
        if more || !local || gap {
            // While the database is away `last` stays where it is: once it answers
            // again, every event committed after it is read and delivered, in order.
            let asked = tokio::time::Instant::now();
            read = match store.events_since(last, BATCH).await {
                Ok(events) => {
                    outage.ended(last);
                    events
                }
                Err(error) => {
                    outage.began(asked, &error, last);
                    tokio::time::sleep(POLL).await;
                    continue;
                }
            };
        }
        more = read.len() as i64 == BATCH;
        let external = !read.is_empty();
        let accounts = read
            .iter()
            .any(crate::events::EventRecord::changes_accounts);
        for event in read {
            last = event.seq;
            hub.publish(event);
        }
        if direct || external {
            hub.settle().await;
            if external {
                // Writes of other processes change what cached reads show (this
                // process's own writes did so as they committed).
                store.note_external_change(accounts);
            }
            // Events nobody announced yet were written here: tell the other processes.
            // Only a read covers what the bus announced; after events delivered
            // directly, its announcement stays unseen and wakes the next turn.
            let announced = if external {
                *remote.borrow_and_update()
            } else {
                *remote.borrow()
            };
            if last > announced {
                bus.publish(last).await;
            }
        }
        if pruned.elapsed() >= PRUNE_EVERY {
            pruned = tokio::time::Instant::now();
            if let Err(e) = store.prune_events(last - KEEP).await {
                tracing::warn!(error = %e, "cannot prune the event log");
            }
            if let Err(e) = store.refresh_statistics(false).await {
                tracing::warn!(error = %e, "cannot refresh the query planner's statistics");
            }
        }
    }
}

/// Hands the hub this process's committed events that follow on from `last`, moving it;
/// whether any were, and whether the rest left a gap (events that must be read from the
/// log first).
fn deliver_committed(store: &dyn Store, hub: &Hub, last: &mut i64) -> (bool, bool) {
    let mut delivered = false;
    for event in store.take_committed() {
        if event.seq <= *last {
            // Read from the log already.
            continue;
        }
        if event.seq != *last + 1 {
            return (delivered, true);
        }
        *last = event.seq;
        hub.publish(event);
        delivered = true;
    }
    (delivered, false)
}

/// Since when the event log has not answered: logged once as that begins and once as it
/// ends, not at every retry.
#[derive(Default)]
struct Outage(Option<tokio::time::Instant>);

impl Outage {
    /// A read asked at `asked` failed.
    fn began(&mut self, asked: tokio::time::Instant, error: &crate::store::StoreError, last: i64) {
        if self.0.is_none() {
            self.0 = Some(asked);
            tracing::warn!(%error, after = last, "cannot read the event log; retrying every second");
        }
    }

    fn ended(&mut self, last: i64) {
        if let Some(since) = self.0.take() {
            tracing::info!(
                after = last,
                outage = ?since.elapsed(),
                "the event log answers again; delivering the events written meanwhile"
            );
        }
    }
}
