//! Every event a write logs is handed to the pump as the write commits
//! (`EventLog::take_committed`): the pump reads the log back only for other processes'
//! events, so an event a write left out would wait for the next poll. And events commit
//! in `seq` order, so a pump that has handed on event N never finds N-1 committing later.

use super::fixtures::{book, listing, open, pay, taka, talk, user};
use crate::marketplace::support::{on_both, past_the_store};
use bikehaat::events::EventRecord;
use bikehaat::records::{NewMessage, Role};
use std::time::Duration;

fn seqs_and_names(events: &[EventRecord]) -> Vec<(i64, String)> {
    events.iter().map(|e| (e.seq, e.name.clone())).collect()
}

#[tokio::test]
async fn every_event_a_write_logs_is_handed_over_as_it_commits() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let start = store.last_event_seq().await.expect("the log's end");

        // Writes of every area: a listing and a conversation about it, a message, a
        // booking and its payment, and an address taken back from a stranger who
        // signed up with it first (their account and listing go inside the proof).
        let (cast, bike, conversation) = talk(store.as_ref(), "Yamaha FZS", taka(185_000)).await;
        store
            .send_message(&NewMessage {
                conversation_id: conversation,
                sender_id: cast.buyer.id,
                client_id: "tap-1".into(),
                text: Some("Is it still there?".into()),
                image: None,
            })
            .await
            .expect("send");
        let order = book(store.as_ref(), bike, &cast.buyer).await;
        pay(store.as_ref(), order, "txn-committed-1", taka(185_000)).await;
        let stranger = user(
            store.as_ref(),
            "owner@example.com",
            "Stranger",
            Role::Seller,
        )
        .await;
        listing(
            store.as_ref(),
            cast.category,
            &stranger,
            "Honda CB Hornet",
            taka(160_000),
        )
        .await;
        store
            .prove_email("owner@example.com", "google:the-owner")
            .await
            .expect("the owner proves the address");

        let logged = store.events_since(start, 1000).await.expect("the log");
        let handed = store.take_committed();
        assert_eq!(
            seqs_and_names(&handed),
            seqs_and_names(&logged),
            "the events handed over are the log's, in order"
        );
        let names: Vec<&str> = logged.iter().map(|e| e.name.as_str()).collect();
        for name in [
            "message.created",
            "order.created",
            "product.deleted",
            "user.deleted",
        ] {
            assert!(names.contains(&name), "{name} was logged: {names:?}");
        }
        assert!(store.take_committed().is_empty(), "handed over once");
    })
    .await;
}

#[tokio::test]
async fn a_writer_of_events_waits_until_an_earlier_writer_of_events_commits() {
    on_both(|engine| async move {
        let Some((db, store)) = open(engine).await else {
            return;
        };
        const INSERT: &str = "INSERT INTO events (name, audience, data, created_at) \
                              VALUES ('test.first', 'admins', '{}', $1) RETURNING seq";
        let (first, second) = past_the_store!(&db, |pool| async {
            // Another writer (another process, say) has numbered an event and not yet
            // committed it.
            let mut earlier = pool.begin().await.expect("begin");
            let first: i64 = sqlx::query_scalar(INSERT)
                .bind(chrono::Utc::now())
                .fetch_one(&mut *earlier)
                .await
                .expect("the earlier writer's event");
            let write = store.create_category("Scooter", "/uploads/demo-category-0.svg");
            tokio::pin!(write);
            assert!(
                tokio::time::timeout(Duration::from_millis(500), &mut write)
                    .await
                    .is_err(),
                "a write's events committed while an earlier-numbered event was uncommitted"
            );
            earlier.commit().await.expect("commit the earlier writer");
            let written = write
                .await
                .expect("the write, once the earlier one committed");
            (first, written.events[0].seq)
        });
        assert!(second > first, "events numbered {first} then {second}");
    })
    .await;
}
