//! Where and when to meet (docs/deals.md, "Meeting"): either side proposes, the other
//! confirms exactly the proposal it saw; a newer proposal is never agreed to by a
//! confirmation of an older one.

use std::sync::Arc;

use chrono::{Duration, Utc};

use super::fixtures::{book, category, conflict, listing, open, taka, user};
use crate::marketplace::support::on_both;
use bikehaat::records::{MeetingProposal, Role, Side};
use bikehaat::store::{Refused, Store, StoreError};

fn at_place(place: &str, hours: i64) -> MeetingProposal {
    MeetingProposal {
        place: place.to_owned(),
        at: Utc::now() + Duration::hours(hours),
    }
}

/// (place, proposed by, proposal number, agreed) of booking `id`'s meeting.
async fn meeting_of(s: &dyn Store, id: i64) -> Option<(String, Side, i32, bool)> {
    let booking = s.booking(id).await.expect("read").expect("kept");
    booking
        .meeting
        .proposal()
        .map(|m| (m.place, m.proposed_by, m.round, m.agreed))
}

#[tokio::test]
async fn either_side_proposes_and_the_other_confirms_the_latest_proposal() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let waiting = user(s, "mim@example.com", "Mim", Role::Buyer).await;
        let stranger = user(s, "sumon@example.com", "Sumon", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let bike = listing(s, cruiser, &seller, "Bajaj Pulsar", taka(150_000)).await;
        let order = book(s, bike, &buyer).await;
        let behind = book(s, bike, &waiting).await;
        assert_eq!(meeting_of(s, order).await, None, "nobody proposed yet");
        assert_eq!(
            conflict(s.confirm_meeting(order, seller.id, 1).await),
            Refused::NoProposal
        );

        let proposed = s
            .propose_meeting(order, buyer.id, &at_place("Mirpur 10 roundabout", 20))
            .await
            .expect("propose");
        let names: Vec<_> = proposed.events.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["deal.updated", "notification.created"]);
        let told = &proposed.events[1];
        assert_eq!(told.recipient_id, Some(seller.id), "the seller is told");
        assert!(
            told.data
                .contains("Rahim proposes to meet at Mirpur 10 roundabout"),
            "{}",
            told.data
        );
        assert_eq!(
            meeting_of(s, order).await,
            Some(("Mirpur 10 roundabout".into(), Side::Buyer, 1, false))
        );

        // Nobody else arranges it; the author does not confirm their own; a booking in
        // line has no meeting yet.
        let elsewhere = at_place("Gulshan 1", 5);
        assert_eq!(
            conflict(s.propose_meeting(order, stranger.id, &elsewhere).await),
            Refused::NotYourDeal
        );
        assert_eq!(
            conflict(s.confirm_meeting(order, stranger.id, 1).await),
            Refused::NotYourDeal
        );
        assert_eq!(
            conflict(s.confirm_meeting(order, buyer.id, 1).await),
            Refused::OwnProposal
        );
        assert_eq!(
            conflict(s.propose_meeting(behind, waiting.id, &elsewhere).await),
            Refused::NoMeetingNow
        );

        // The seller proposes another time: it replaces the buyer's, and a confirmation of
        // the old one agrees to nothing.
        s.propose_meeting(order, seller.id, &at_place("Mirpur 10 roundabout", 26))
            .await
            .expect("counter");
        assert_eq!(
            conflict(s.confirm_meeting(order, buyer.id, 1).await),
            Refused::MeetingChanged
        );
        let agreed = s.confirm_meeting(order, buyer.id, 2).await.expect("agree");
        assert_eq!(agreed.events.len(), 2, "the booking, and the seller told");
        assert_eq!(agreed.events[1].recipient_id, Some(seller.id));
        assert_eq!(
            meeting_of(s, order).await,
            Some(("Mirpur 10 roundabout".into(), Side::Seller, 2, true))
        );
        let again = s.confirm_meeting(order, buyer.id, 2).await.expect("again");
        assert!(again.events.is_empty(), "agreeing twice tells nobody twice");

        // Once the booking no longer holds the bike, its meeting is not arranged.
        assert!(
            s.cancel_booking(order, buyer.id)
                .await
                .expect("cancel")
                .outcome
        );
        assert_eq!(
            conflict(s.propose_meeting(order, seller.id, &elsewhere).await),
            Refused::BookingCancelled
        );
    })
    .await;
}

/// A confirmation racing a new proposal: either the confirmation came first (the new
/// proposal then stands, unagreed) or the proposal did (the confirmation is refused).
/// Never an agreement to a proposal the confirmer did not see.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_confirmation_racing_a_new_proposal_never_agrees_to_the_new_one() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let seller = user(store.as_ref(), "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(store.as_ref(), "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(store.as_ref(), "Cruiser").await;
        for round in 0..6 {
            let name = format!("Honda Shine {round}");
            let bike = listing(store.as_ref(), cruiser, &seller, &name, taka(90_000)).await;
            let order = book(store.as_ref(), bike, &buyer).await;
            store
                .propose_meeting(order, seller.id, &at_place("Banani 11", 10))
                .await
                .expect("first proposal");
            let start = Arc::new(tokio::sync::Barrier::new(2));
            let (s1, s2, b1, b2) = (store.clone(), store.clone(), start.clone(), start);
            let seller_id = seller.id;
            let buyer_id = buyer.id;
            let counter = tokio::spawn(async move {
                b1.wait().await;
                s1.propose_meeting(order, seller_id, &at_place("Uttara sector 7", 30))
                    .await
            });
            let confirm = tokio::spawn(async move {
                b2.wait().await;
                s2.confirm_meeting(order, buyer_id, 1).await
            });
            counter
                .await
                .expect("counter")
                .expect("a proposal is always taken");
            let confirmed = confirm.await.expect("confirm");
            let (place, by, number, agreed) =
                meeting_of(store.as_ref(), order).await.expect("a meeting");
            assert_eq!(
                (place.as_str(), by, number),
                ("Uttara sector 7", Side::Seller, 2)
            );
            assert!(
                !agreed,
                "round {round}: the newer proposal is not agreed to"
            );
            match confirmed {
                Ok(_) => {}
                Err(StoreError::Refused(Refused::MeetingChanged)) => {}
                other => panic!("round {round}: {other:?}"),
            }
            // Withdrawn: a buyer holds at most five open bookings.
            assert!(
                store
                    .cancel_booking(order, buyer_id)
                    .await
                    .expect("cancel")
                    .outcome
            );
        }
    })
    .await;
}
