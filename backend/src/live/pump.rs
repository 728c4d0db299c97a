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

/// Runs the pump for this process until the runtime stops.
pub async fn run(store: Arc<dyn Store>, hub: Arc<Hub>, bus: Arc<Bus>) {
    // Sockets opened from now on start at the current end of the log.
    let mut last = loop {
        match store.last_event_seq().await {
            Ok(seq) => break seq,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the event log; retrying");
                tokio::time::sleep(POLL).await;
            }
        }
    };
    hub.advance_head(last);
    let mut writes = store.watch_writes();
    let mut remote = bus.subscribe();
    let mut pruned = tokio::time::Instant::now();
    let mut more = false;
    loop {
        if !more {
            tokio::select! {
                _ = writes.changed() => {}
                _ = remote.changed() => {}
                () = tokio::time::sleep(POLL) => {}
            }
        }
        let events = match store.events_since(last, BATCH).await {
            Ok(events) => events,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the event log; retrying");
                tokio::time::sleep(POLL).await;
                continue;
            }
        };
        for event in &events {
            hub.publish(event);
            last = event.seq;
        }
        more = events.len() as i64 == BATCH;
        if !events.is_empty() {
            // Writes of other processes change what cached reads show.
            store.note_external_change();
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
        }
    }
}
