//! Offers in the store (docs/conversations.md "Offers"): every transition of the state
//! table, the races between two of them, the sweep that lapses what ran out, and the
//! booking made at an accepted offer.

use chrono::Utc;

use super::fixtures::{book, conflict, listing, open, race, taka, talk, user, Cast, Racer};
use crate::marketplace::support::on_both;
use bikehaat::records::{Answer, Message, Offer, OfferStatus, Role, OFFER_LASTS};
use bikehaat::store::{Refused, Store, StoreResult, Written};

/// The offer a message carries.
fn offer_of(message: &Message) -> &Offer {
    message
        .offer
        .as_ref()
        .expect("the message carries its offer")
}

async fn offer(store: &dyn Store, id: i64, buyer: i64, amount: i64, client: &str) -> Message {
    store
        .make_offer(id, buyer, amount, client)
        .await
        .unwrap_or_else(|e| panic!("offer {amount}: {e}"))
        .outcome
}

/// What answering an offer gives: the offer, and a counter's message.
type Answered = StoreResult<Written<(Offer, Option<Message>)>>;

async fn answer(store: &dyn Store, offer: i64, by: i64, answer: Answer) -> Answered {
    store.answer_offer(offer, by, &answer).await
}

fn counter(amount: i64, client: &str) -> Answer {
    Answer::Counter {
        amount,
        client_id: client.into(),
    }
}

#[tokio::test]
async fn bargaining_walks_the_state_table_and_the_booking_takes_the_accepted_price() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let (cast, bike, id) = talk(store.as_ref(), "Suzuki Gixxer", taka(200_000)).await;
        let Cast { seller, buyer, .. } = cast;
        let s = store.as_ref();

        // Refused: the seller opening the bargaining, an amount at the price, nothing.
        let first = s.make_offer(id, seller.id, taka(150_000), "s-1").await;
        assert_eq!(conflict(first), Refused::SellerCounters);
        let at_price = s.make_offer(id, buyer.id, taka(200_000), "b-0").await;
        assert_eq!(conflict(at_price), Refused::OfferNotBelowPrice);

        // open → replaced: the buyer offers again before an answer.
        let low = offer(s, id, buyer.id, taka(150_000), "b-1").await;
        assert_eq!(offer_of(&low).status, OfferStatus::Open);
        assert_eq!(
            offer_of(&low).expires_at - offer_of(&low).made_at,
            OFFER_LASTS
        );
        let again = offer(s, id, buyer.id, taka(160_000), "b-2").await;
        // The same client id again is the same message, nothing new.
        let retry = s
            .make_offer(id, buyer.id, taka(160_000), "b-2")
            .await
            .expect("retry");
        assert_eq!(retry.outcome.id, again.id);
        assert!(retry.events.is_empty());
        let page = s.messages(id, buyer.id, None, 50).await.expect("page");
        let states: Vec<_> = page.iter().map(|m| offer_of(m).status).collect();
        assert_eq!(states, [OfferStatus::Replaced, OfferStatus::Open]);

        // The maker does not answer their own; open → countered by the seller.
        let own = answer(s, offer_of(&again).id, buyer.id, Answer::Accept).await;
        assert_eq!(conflict(own), Refused::OwnOffer);
        let countered = answer(
            s,
            offer_of(&again).id,
            seller.id,
            counter(taka(185_000), "s-2"),
        )
        .await
        .expect("counter");
        let (was, counter_message) = countered.outcome;
        assert_eq!(was.status, OfferStatus::Countered);
        let theirs = counter_message.expect("the counter's message");
        assert!(offer_of(&theirs).by_seller);
        let names: Vec<_> = countered.events.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["offer.updated", "message.created"]);
        // A counter above the price is refused like an offer.
        let answered_twice = answer(s, offer_of(&again).id, seller.id, Answer::Decline).await;
        assert_eq!(conflict(answered_twice), Refused::OfferAnswered);

        // open → accepted by the buyer; then the buyer's next offer is refused.
        let accepted = answer(s, offer_of(&theirs).id, buyer.id, Answer::Accept)
            .await
            .expect("accept")
            .outcome
            .0;
        assert_eq!(accepted.status, OfferStatus::Accepted);
        assert!(accepted.expires_at > Utc::now() + OFFER_LASTS - chrono::TimeDelta::minutes(1));
        let more = s.make_offer(id, buyer.id, taka(170_000), "b-3").await;
        assert_eq!(conflict(more), Refused::OfferAccepted);

        // accepted → booked: the booking is made at the offer, and keeps it.
        let order = book(s, bike, &buyer).await;
        let booked = s.booking(order).await.expect("read").expect("kept");
        assert_eq!(booked.price, taka(185_000));
        let now = s.conversation(id, buyer.id).await.expect("read");
        assert_eq!(now.offer.expect("latest").status, OfferStatus::Booked);
        // Someone else books at the listing's price (in line behind the deal).
        let other = user(s, "other@example.com", "Other", Role::Buyer).await;
        let theirs = book(s, bike, &other).await;
        let line = s.booking(theirs).await.expect("read").expect("kept");
        assert_eq!(line.price, taka(200_000));
    })
    .await;
}

#[tokio::test]
async fn answers_that_race_end_the_offer_once_and_the_sweep_lapses_what_ran_out() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let (cast, _, id) = talk(store.as_ref(), "Bajaj Pulsar", taka(180_000)).await;
        let Cast {
            seller,
            buyer,
            category,
        } = cast;
        let made = offer(store.as_ref(), id, buyer.id, taka(150_000), "b-1").await;
        let offer_id = offer_of(&made).id;

        // Accept, decline and counter at the same moment (two tabs and a phone).
        let answers = [
            Answer::Accept,
            Answer::Decline,
            counter(taka(170_000), "s-1"),
        ];
        let racers: Vec<Racer<Answered>> = answers
            .into_iter()
            .map(|a| {
                let (s, seller) = (store.clone(), seller.id);
                Box::pin(async move { s.answer_offer(offer_id, seller, &a).await })
                    as Racer<Answered>
            })
            .collect();
        let done = race(racers).await;
        let won = done.iter().filter(|r| r.is_ok()).count();
        assert_eq!(won, 1, "one answer wins: {done:?}");
        for lost in done.into_iter().filter(Result::is_err) {
            assert_eq!(conflict(lost), Refused::OfferAnswered);
        }

        // A new offer on a fresh conversation lapses 48 hours on: the sweep marks it
        // and tells both; answering it is refused as lapsed even before the sweep.
        let bike2 = listing(
            store.as_ref(),
            category,
            &seller,
            "TVS Apache",
            taka(150_000),
        )
        .await;
        let id2 = store
            .open_conversation(bike2, buyer.id, true)
            .await
            .expect("open")
            .id;
        let waiting = offer(store.as_ref(), id2, buyer.id, taka(120_000), "b-2").await;
        let later = Utc::now() + OFFER_LASTS + chrono::TimeDelta::minutes(1);
        let lapsed = store.lapse_offers(later, 100).await.expect("sweep");
        assert!(lapsed.outcome >= 1, "the open offer lapses");
        assert!(lapsed.events.iter().all(|e| e.name == "offer.updated"));
        let late = answer(
            store.as_ref(),
            offer_of(&waiting).id,
            seller.id,
            Answer::Accept,
        )
        .await;
        assert_eq!(conflict(late), Refused::OfferLapsed);
        let swept_again = store.lapse_offers(later, 100).await.expect("sweep");
        assert_eq!(swept_again.outcome, 0, "nothing lapses twice");
    })
    .await;
}

#[tokio::test]
async fn fixed_prices_and_blocks_stop_the_bargaining() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let (cast, bike, id) = talk(store.as_ref(), "Honda CB Hornet", taka(210_000)).await;
        let Cast {
            seller,
            buyer,
            category,
        } = cast;
        let s = store.as_ref();
        let made = offer(s, id, buyer.id, taka(200_000), "b-1").await;

        // The seller fixes the price: the open offer can no longer be accepted.
        let edit = bikehaat::records::ListingEdit {
            image: "/uploads/demo-bike-0.svg".into(),
            condition: "Good".into(),
            color: "Red".into(),
            description: "Papers up to date.".into(),
            location: "Mirpur 10, Dhaka".into(),
            resale_price: taka(210_000),
            seller_phone: "01711-234567".into(),
            photos: r#"["/uploads/demo-bike-0.svg"]"#.into(),
            km_driven: None,
            district: None,
            area: None,
            terms: bikehaat::records::TermsChange {
                negotiable: Some(false),
                ..Default::default()
            },
            review: Vec::new(),
        };
        s.update_listing(bike, seller.id, &edit)
            .await
            .expect("fixed");
        let accept = answer(s, offer_of(&made).id, seller.id, Answer::Accept).await;
        assert_eq!(conflict(accept), Refused::FixedPrice);
        let more = s.make_offer(id, buyer.id, taka(205_000), "b-2").await;
        assert_eq!(conflict(more), Refused::FixedPrice);

        // A block stops messages, offers and new conversations both ways.
        let blocked = s.block(seller.id, buyer.id, true).await.expect("block");
        assert!(blocked.outcome);
        assert_eq!(blocked.events[0].name, "conversation.updated");
        let message = bikehaat::records::NewMessage {
            conversation_id: id,
            sender_id: buyer.id,
            client_id: "b-3".into(),
            text: Some("Hello?".into()),
            image: None,
        };
        assert_eq!(conflict(s.send_message(&message).await), Refused::Blocked);
        let other = listing(s, category, &seller, "Yamaha MT-15", taka(300_000)).await;
        let opened = s.open_conversation(other, buyer.id, true).await;
        assert_eq!(conflict(opened), Refused::Blocked);
        let again = s
            .block(seller.id, buyer.id, true)
            .await
            .expect("block again");
        assert!(!again.outcome && again.events.is_empty());
        s.block(seller.id, buyer.id, false).await.expect("unblock");
        s.send_message(&message).await.expect("after the unblock");
    })
    .await;
}
