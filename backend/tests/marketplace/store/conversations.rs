//! Conversations in the store (docs/conversations.md), racing as a flaky network and
//! several tabs make them race: one conversation per listing and buyer however many
//! open it at once, a message sent several times at once with one `client_id` kept
//! once, and reads from two tabs that never move the mark back.

use super::fixtures::{cast, listing, open, race, taka, talk, Cast, Racer};
use crate::marketplace::support::on_both;
use bikehaat::records::{Message, NewMessage};
use bikehaat::store::{Refused, StoreError, Written};

#[tokio::test]
async fn racing_opens_sends_and_reads_leave_one_conversation_one_message_and_the_furthest_mark() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let Cast {
            seller,
            buyer,
            category,
        } = cast(store.as_ref()).await;
        let bike = listing(
            store.as_ref(),
            category,
            &seller,
            "Honda Hornet",
            taka(190_000),
        )
        .await;

        let opens: Vec<Racer<i64>> = (0..4)
            .map(|_| {
                let (s, buyer) = (store.clone(), buyer.id);
                Box::pin(async move {
                    s.open_conversation(bike, buyer, true)
                        .await
                        .expect("open")
                        .id
                }) as Racer<i64>
            })
            .collect();
        let opened = race(opens).await;
        assert!(opened.windows(2).all(|w| w[0] == w[1]), "{opened:?}");
        let id = opened[0];
        let sellers_own = store.open_conversation(bike, seller.id, true).await;
        assert!(matches!(
            sellers_own,
            Err(StoreError::Refused(Refused::OwnListing))
        ));

        // The same message sent four times at once (a retry racing the first try).
        let sends: Vec<Racer<Written<Message>>> = (0..4)
            .map(|_| {
                let s = store.clone();
                let message = NewMessage {
                    conversation_id: id,
                    sender_id: buyer.id,
                    client_id: "tap-1".into(),
                    text: Some("What is your last price?".into()),
                    image: None,
                };
                Box::pin(async move { s.send_message(&message).await.expect("send") })
                    as Racer<Written<Message>>
            })
            .collect();
        let sent = race(sends).await;
        let ids: Vec<i64> = sent.iter().map(|w| w.outcome.id).collect();
        assert!(ids.windows(2).all(|w| w[0] == w[1]), "{ids:?}");
        let told: usize = sent.iter().map(|w| w.events.len()).sum();
        assert_eq!(told, 1, "one message.created for one message");
        // The seller may use the same client id: it is theirs, not the buyer's.
        let answer = NewMessage {
            conversation_id: id,
            sender_id: seller.id,
            client_id: "tap-1".into(),
            text: Some("1,80,000, final.".into()),
            image: None,
        };
        let answered = store.send_message(&answer).await.expect("answer").outcome;
        assert_ne!(answered.id, ids[0]);
        let page = store.messages(id, buyer.id, None, 50).await.expect("page");
        assert_eq!(page.len(), 2);

        // Two tabs of the buyer read at once, one further than the other, then an old
        // tab reads its old mark: the mark ends at the furthest, never back.
        let reads: Vec<Racer<i64>> = [ids[0], answered.id]
            .into_iter()
            .map(|mark| {
                let (s, buyer) = (store.clone(), buyer.id);
                Box::pin(async move {
                    s.read_messages(id, buyer, mark)
                        .await
                        .expect("read")
                        .outcome
                }) as Racer<i64>
            })
            .collect();
        let reads = race(reads).await;
        assert!(reads.contains(&answered.id), "{reads:?}");
        let stale = store
            .read_messages(id, buyer.id, ids[0])
            .await
            .expect("old tab");
        assert_eq!((stale.outcome, stale.events.len()), (answered.id, 0));
        let now = store.conversation(id, buyer.id).await.expect("read back");
        assert_eq!(now.buyer_read_up_to, answered.id);
        assert_eq!(now.unread, 0);
    })
    .await;
}

#[tokio::test]
async fn messages_sent_at_once_from_both_sides_are_told_in_the_order_the_history_keeps() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let (Cast { seller, buyer, .. }, _, id) =
            talk(store.as_ref(), "Bajaj Pulsar", taka(180_000)).await;
        let sends: Vec<Racer<Written<Message>>> = (0..16)
            .map(|n| {
                let s = store.clone();
                let sender = if n % 2 == 0 { buyer.id } else { seller.id };
                let message = NewMessage {
                    conversation_id: id,
                    sender_id: sender,
                    client_id: format!("m-{n}"),
                    text: Some(format!("Message {n}")),
                    image: None,
                };
                Box::pin(async move { s.send_message(&message).await.expect("send") })
                    as Racer<Written<Message>>
            })
            .collect();
        let mut told: Vec<(i64, i64)> = race(sends)
            .await
            .iter()
            .map(|w| (w.outcome.id, w.events[0].seq))
            .collect();
        told.sort();
        // By message id, the events' places in the log rise too: a page that appends
        // what it hears shows the conversation as its history does.
        assert!(told.windows(2).all(|w| w[0].1 < w[1].1), "{told:?}");
    })
    .await;
}

#[tokio::test]
async fn what_stays_unread_fifteen_minutes_is_mailed_and_rung_once_gathered_per_conversation() {
    use bikehaat::records::UNREAD_MAIL_AFTER;
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let (Cast { seller, buyer, .. }, _, id) = talk(s, "Honda Shine", taka(95_000)).await;
        let say = |client: &str, text: &str| NewMessage {
            conversation_id: id,
            sender_id: buyer.id,
            client_id: client.into(),
            text: Some(text.into()),
            image: None,
        };
        for (n, text) in ["Is it still available?", "Any accident?", "Papers ok?"]
            .iter()
            .enumerate()
        {
            s.send_message(&say(&format!("b-{n}"), text))
                .await
                .expect("sent");
        }
        s.make_offer(id, buyer.id, taka(90_000), "b-offer")
            .await
            .expect("offer");

        // Not yet: the first message is not fifteen minutes old.
        let now = chrono::Utc::now();
        assert!(s.unread_to_mail(now, 100).await.expect("sweep").is_empty());

        // Fifteen minutes on: one mail to the seller gathering all four, none to the
        // buyer (who has read everything they sent).
        let later = now + UNREAD_MAIL_AFTER + chrono::TimeDelta::seconds(5);
        let mails = s.unread_to_mail(later, 100).await.expect("sweep");
        assert_eq!(mails.len(), 1, "{mails:?}");
        let mail = &mails[0];
        assert_eq!(mail.to_email, seller.email);
        assert_eq!(mail.from_name.as_deref(), Some(buyer.name.as_str()));
        assert_eq!(
            mail.lines,
            [
                "Is it still available?",
                "Any accident?",
                "Papers ok?",
                "An offer of ৳90,000"
            ]
        );
        // The bell tells of the same four, once; the buyer's tells of nothing.
        let bell = |user| async move {
            let (notes, _) = s.notifications(user, 10).await.expect("notifications");
            notes
                .into_iter()
                .filter(|n| n.kind == "message")
                .map(|n| (n.message, n.link))
                .collect::<Vec<_>>()
        };
        let told = vec![(
            format!(
                "{} wrote to you about Honda Shine: 4 new messages.",
                buyer.name
            ),
            format!("/dashboard/messages/{id}"),
        )];
        assert_eq!(bell(seller.id).await, told);
        assert_eq!(bell(buyer.id).await, []);
        // Never twice for the same messages.
        assert!(s
            .unread_to_mail(later, 100)
            .await
            .expect("sweep")
            .is_empty());
        assert_eq!(bell(seller.id).await, told);

        // A new message the seller reads in time is not mailed.
        let fresh = s
            .send_message(&say("b-9", "Hello?"))
            .await
            .expect("sent")
            .outcome;
        s.read_messages(id, seller.id, fresh.id)
            .await
            .expect("read");
        let much_later = later + UNREAD_MAIL_AFTER * 2;
        assert!(s
            .unread_to_mail(much_later, 100)
            .await
            .expect("sweep")
            .is_empty());
    })
    .await;
}
