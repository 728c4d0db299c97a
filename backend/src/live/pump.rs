//! The pump: one task per process that reads new events from the log, in order, and
//! hands them to the hub. It wakes when this process writes, when the bus says another
//! process wrote, and at least every [`POLL`] — so an event is never lost, even while
//! the bus is down: the log is the truth, the bus only makes delivery quick.

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
    let mut writes = store.watch_writes();
    let mut remote = bus.subscribe();
    let mut pruned = tokio::time::Instant::now();
    // Read at once: a write between reading `start` and watching for writes wakes nobody.
    let mut more = true;
    loop {
        if !more {
            tokio::select! {
                _ = writes.changed() => {}
                _ = remote.changed() => {}
                () = tokio::time::sleep(POLL) => {}
            }
        }
        // While the database is away `last` stays where it is: once it answers again,
        // every event committed after it is read and delivered, in order.
        let asked = tokio::time::Instant::now();
        let events = match store.events_since(last, BATCH).await {
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
        more = events.len() as i64 == BATCH;
        let any = !events.is_empty();
        let accounts = events
            .iter()
            .any(crate::events::EventRecord::changes_accounts);
        for event in events {
            last = event.seq;
            hub.publish(event);
        }
        hub.settle().await;
        if any {
            // Writes of other processes change what cached reads show (this process's
            // own writes did so as they committed).
            store.note_external_change(accounts);
            // Events nobody announced yet were written here: tell the other processes.
            if last > *remote.borrow_and_update() {
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
