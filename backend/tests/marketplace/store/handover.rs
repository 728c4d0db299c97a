//! Paying in cash at the meet-up, the handover code and calling a deal off (docs/deals.md):
//! the buyer chooses cash, the seller's right code completes the deal once, wrong codes
//! lock it, and a call-off passes the bike on — whatever races.

use chrono::{Duration, Utc};

use super::fixtures::{
    book, booking_status, cast, code_of, conflict, listed, listing, open, other_than, race, taka,
    user, Cast, Racer,
};
use crate::marketplace::support::on_both;
use bikehaat::events::EventRecord;
use bikehaat::notice::SOLD_TO_ANOTHER_BUYER;
use bikehaat::records::{
    BookingStatus, Handover, MeetingProposal, Role, HANDOVER_TRIES, RESERVED_HOURS,
};
use bikehaat::store::{Refused, StoreError};

fn names(events: &[EventRecord]) -> Vec<&str> {
    events.iter().map(|e| e.name.as_str()).collect()
}

#[tokio::test]
async fn cash_then_the_buyers_code_completes_the_deal_and_ends_the_line() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let Cast {
            seller,
            buyer,
            category: cruiser,
        } = cast(s).await;
        let waiting = user(s, "mim@example.com", "Mim", Role::Buyer).await;
        let bike = listing(s, cruiser, &seller, "Bajaj Pulsar", taka(150_000)).await;
        let order = book(s, bike, &buyer).await;
        let behind = book(s, bike, &waiting).await;

        // Only the buyer holding the bike chooses; nobody has a code before.
        assert_eq!(
            conflict(s.choose_cash(order, seller.id).await),
            Refused::NotYourBooking
        );
        assert_eq!(
            conflict(s.choose_cash(behind, waiting.id).await),
            Refused::InLine
        );
        assert_eq!(
            conflict(s.handover_code(order, buyer.id, false).await),
            Refused::NoHandoverYet
        );
        assert_eq!(
            conflict(s.hand_over(order, seller.id, "123456").await),
            Refused::NoHandoverNow
        );

        let chosen = s.choose_cash(order, buyer.id).await.expect("cash");
        assert_eq!(
            names(&chosen.events),
            ["deal.updated", "notification.created"]
        );
        assert_eq!(chosen.events[1].recipient_id, Some(seller.id));
        assert!(
            chosen.events[1]
                .data
                .contains("Rahim will pay for your Bajaj Pulsar in cash at the meet-up"),
            "{}",
            chosen.events[1].data
        );
        assert_eq!(chosen.outcome.order_status, BookingStatus::Cash);
        assert_eq!(chosen.outcome.method.as_deref(), Some("cash"));
        assert!(listed(s, bike).await.reserved, "Reserved to others");
        let again = s.choose_cash(order, buyer.id).await.expect("again");
        assert!(again.events.is_empty(), "choosing twice tells nobody twice");
        assert_eq!(
            conflict(s.cancel_booking(order, buyer.id).await),
            Refused::CallOffInstead
        );

        // The code is the buyer's alone, and steady until renewed.
        assert_eq!(
            conflict(s.handover_code(order, seller.id, false).await),
            Refused::NotYourCode
        );
        let code = code_of(s, order, buyer.id).await;
        assert!(
            code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit()),
            "{code}"
        );
        assert_eq!(code_of(s, order, buyer.id).await, code);

        assert_eq!(
            conflict(s.hand_over(order, buyer.id, &code).await),
            Refused::NotYourBikesBooking
        );
        match s.hand_over(order, seller.id, &other_than(&code)).await {
            Ok(written) => match written.outcome {
                Handover::WrongCode { left } => assert_eq!(left, HANDOVER_TRIES - 1),
                other => panic!("a wrong code completed: {other:?}"),
            },
            other => panic!("{other:?}"),
        }
        assert_eq!(booking_status(s, order).await, BookingStatus::Cash);

        let done = s
            .hand_over(order, seller.id, &code)
            .await
            .expect("handover");
        let Handover::Completed(sale) = &done.outcome else {
            panic!("the right code did not complete: {:?}", done.outcome);
        };
        assert_eq!(sale.order_status, BookingStatus::Completed);
        assert!(sale.completed_at.is_some());
        let sent = names(&done.events);
        assert_eq!(sent[0], "deal.updated");
        assert_eq!(sent.iter().filter(|n| **n == "product.sold").count(), 1);
        let to = |id| {
            done.events
                .iter()
                .filter(|e| e.recipient_id == Some(id))
                .map(|e| e.data.as_str())
                .collect::<Vec<_>>()
        };
        assert!(
            to(buyer.id)
                .iter()
                .any(|d| d
                    .contains("You bought Bajaj Pulsar from Karim for ৳1,50,000, paid in cash")),
            "{:?}",
            to(buyer.id)
        );
        assert!(
            to(seller.id)
                .iter()
                .any(|d| d.contains("You sold your Bajaj Pulsar to Rahim")),
            "{:?}",
            to(seller.id)
        );
        assert!(
            to(waiting.id)
                .iter()
                .any(|d| d.contains("which you booked, was sold to another buyer")),
            "{:?}",
            to(waiting.id)
        );
        assert!(listed(s, bike).await.sold, "sold for good");
        let ended = s.booking(behind).await.expect("read").expect("kept");
        assert_eq!(ended.order_status, BookingStatus::Declined);
        assert_eq!(ended.reason.as_deref(), Some(SOLD_TO_ANOTHER_BUYER));
        assert!(
            done.events
                .iter()
                .any(|e| e.name == "deal.updated" && e.data.contains(SOLD_TO_ANOTHER_BUYER)),
            "the one in line sees their booking end"
        );

        // The timeline tells who did what.
        let steps = s.deal_steps(order).await.expect("steps");
        let told: Vec<(&str, &str, Option<i64>)> = steps
            .iter()
            .map(|t| (t.step.as_str(), t.actor.as_str(), t.actor_id))
            .collect();
        assert_eq!(
            told,
            [
                ("booked", "buyer", Some(buyer.id)),
                ("cash", "buyer", Some(buyer.id)),
                ("wrong_code", "seller", Some(seller.id)),
                ("completed", "seller", Some(seller.id)),
            ]
        );
        let completed = &steps[3];
        assert_eq!(completed.amount, Some(taka(150_000)));
        assert_eq!(completed.detail.as_deref(), Some("cash"));
        assert_eq!(completed.status, "completed");
        assert_eq!(completed.actor_name.as_deref(), Some("Karim"));
        let line: Vec<_> = s.deal_steps(behind).await.expect("steps");
        assert_eq!(line.len(), 2);
        assert_eq!(
            (
                line[1].step.as_str(),
                line[1].actor.as_str(),
                line[1].detail.as_deref()
            ),
            ("declined", "server", Some(SOLD_TO_ANOTHER_BUYER))
        );

        // The seller's retry changes nothing; after the handover nothing else moves.
        let retry = s.hand_over(order, seller.id, &code).await.expect("retry");
        assert!(retry.events.is_empty());
        assert_eq!(
            conflict(s.call_off(order, buyer.id, "changed my mind").await),
            Refused::BookingEnded
        );
        assert_eq!(
            conflict(s.handover_code(order, buyer.id, false).await),
            Refused::BookingEnded
        );
    })
    .await;
}

#[tokio::test]
async fn five_wrong_codes_lock_the_handover_until_the_buyer_shows_a_new_one() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let Cast {
            seller,
            buyer,
            category: cruiser,
        } = cast(s).await;
        let bike = listing(s, cruiser, &seller, "TVS Apache", taka(210_000)).await;
        let order = book(s, bike, &buyer).await;
        s.choose_cash(order, buyer.id).await.expect("cash");
        let code = code_of(s, order, buyer.id).await;
        let wrong = other_than(&code);
        for left in (0..HANDOVER_TRIES).rev() {
            match s
                .hand_over(order, seller.id, &wrong)
                .await
                .expect("try")
                .outcome
            {
                Handover::WrongCode { left: said } => assert_eq!(said, left),
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(
            conflict(s.hand_over(order, seller.id, &code).await),
            Refused::HandoverLocked,
            "not even the right code is taken once locked"
        );
        let shown = s.handover_code(order, buyer.id, false).await.expect("code");
        assert!(shown.locked);

        let renewed = s.handover_code(order, buyer.id, true).await.expect("new");
        assert!(!renewed.locked);
        assert_eq!(code_of(s, order, buyer.id).await, renewed.code);
        if renewed.code != code {
            match s
                .hand_over(order, seller.id, &code)
                .await
                .expect("old")
                .outcome
            {
                Handover::WrongCode { left } => assert_eq!(left, HANDOVER_TRIES - 1),
                other => panic!("the old code still works: {other:?}"),
            }
        }
        let done = s
            .hand_over(order, seller.id, &renewed.code)
            .await
            .expect("new code");
        assert!(matches!(done.outcome, Handover::Completed(_)));
        assert_eq!(booking_status(s, order).await, BookingStatus::Completed);
    })
    .await;
}

#[tokio::test]
async fn calling_off_tells_the_other_side_and_passes_the_bike_on() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let Cast {
            seller,
            buyer,
            category: cruiser,
        } = cast(s).await;
        let next = user(s, "mim@example.com", "Mim", Role::Buyer).await;
        let stranger = user(s, "sumon@example.com", "Sumon", Role::Buyer).await;
        let bike = listing(s, cruiser, &seller, "Honda Shine", taka(95_000)).await;
        let order = book(s, bike, &buyer).await;
        let behind = book(s, bike, &next).await;
        assert_eq!(
            conflict(s.call_off(order, seller.id, "too slow").await),
            Refused::NothingToCallOff,
            "a reservation is released, not called off"
        );
        s.choose_cash(order, buyer.id).await.expect("cash");
        assert_eq!(
            conflict(s.call_off(order, stranger.id, "mine").await),
            Refused::NotYourDeal
        );
        assert_eq!(
            conflict(s.call_off(behind, next.id, "waiting too long").await),
            Refused::NothingToCallOff
        );

        let called = s
            .call_off(order, seller.id, "The buyer did not come")
            .await
            .expect("call off");
        assert_eq!(called.outcome.order_status, BookingStatus::CalledOff);
        assert_eq!(called.outcome.ended_by.as_deref(), Some("seller"));
        assert_eq!(
            called.outcome.reason.as_deref(),
            Some("The buyer did not come")
        );
        let told: Vec<_> = called
            .events
            .iter()
            .filter(|e| e.recipient_id == Some(buyer.id) && e.name == "notification.created")
            .collect();
        assert_eq!(told.len(), 1);
        assert!(
            told[0]
                .data
                .contains("Karim called off the deal for Honda Shine: The buyer did not come"),
            "{}",
            told[0].data
        );
        assert_eq!(booking_status(s, behind).await, BookingStatus::Reserved);
        assert!(listed(s, bike).await.reserved, "the next buyer holds it");
        assert_eq!(
            conflict(s.handover_code(order, buyer.id, false).await),
            Refused::BookingEnded
        );
        assert_eq!(
            conflict(
                s.create_booking(&super::fixtures::new_booking(bike, &buyer))
                    .await
            ),
            Refused::CalledOffBefore
        );

        let steps = s.deal_steps(order).await.expect("steps");
        let last = steps.last().expect("a step");
        assert_eq!(
            (
                last.step.as_str(),
                last.actor.as_str(),
                last.detail.as_deref()
            ),
            ("called_off", "seller", Some("The buyer did not come"))
        );
        let passed: Vec<_> = s.deal_steps(behind).await.expect("steps");
        assert_eq!(
            passed.iter().map(|t| t.step.as_str()).collect::<Vec<_>>(),
            ["booked", "passed_on"]
        );
        assert_eq!(passed[1].actor, "server");

        // The last buyer calls it off: nobody waits, the bike is on sale again.
        s.choose_cash(behind, next.id).await.expect("cash");
        let called = s
            .call_off(behind, next.id, "Papers missing")
            .await
            .expect("call off");
        assert!(names(&called.events).contains(&"product.available"));
        let listing = listed(s, bike).await;
        assert!(!listing.reserved && !listing.sold, "back on sale");
    })
    .await;
}

#[tokio::test]
async fn a_cash_deal_lapses_at_its_deadline_unless_an_agreed_meeting_is_later() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let Cast {
            seller,
            buyer,
            category: cruiser,
        } = cast(s).await;
        let plain = listing(s, cruiser, &seller, "Hero Splendor", taka(70_000)).await;
        let met = listing(s, cruiser, &seller, "Suzuki Gixxer", taka(190_000)).await;
        let unmet = book(s, plain, &buyer).await;
        let meeting = book(s, met, &buyer).await;
        s.choose_cash(unmet, buyer.id).await.expect("cash");
        s.choose_cash(meeting, buyer.id).await.expect("cash");
        let far = MeetingProposal {
            place: "Banani 11".into(),
            at: Utc::now() + Duration::hours(RESERVED_HOURS + 20),
        };
        s.propose_meeting(meeting, seller.id, &far)
            .await
            .expect("propose");
        s.confirm_meeting(meeting, buyer.id, 1)
            .await
            .expect("agree");
        let held = s.booking(meeting).await.expect("read").expect("kept");
        assert_eq!(
            held.reserved_until.map(|t| t.timestamp()),
            Some((far.at + Duration::hours(24)).timestamp()),
            "held until a day after the meeting"
        );

        let past_deadline = Utc::now() + Duration::hours(RESERVED_HOURS + 1);
        let swept = s
            .lapse_reservations(past_deadline, 100)
            .await
            .expect("sweep");
        assert_eq!(swept.outcome, 1);
        assert_eq!(booking_status(s, unmet).await, BookingStatus::Lapsed);
        assert_eq!(booking_status(s, meeting).await, BookingStatus::Cash);
        let after_meeting = far.at + Duration::hours(25);
        s.lapse_reservations(after_meeting, 100)
            .await
            .expect("sweep");
        assert_eq!(booking_status(s, meeting).await, BookingStatus::Lapsed);
        assert!(!listed(s, met).await.reserved, "back on sale");
    })
    .await;
}

/// What one racer of the cash handover race did.
enum Ended {
    Handover(Result<bikehaat::store::Written<Handover>, StoreError>),
    CallOff(bool),
    /// How many deals the sweep lapsed.
    Sweep(usize),
}

/// The handover, a call-off and the sweep at the same moment: exactly one of them ends
/// the deal, and the bike is then sold (the handover won) or back for the next buyer.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_handover_racing_a_call_off_and_the_sweep_ends_the_deal_once() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let Cast {
            seller,
            buyer,
            category: cruiser,
        } = cast(store.as_ref()).await;
        for round in 0..6 {
            let name = format!("Yamaha FZ {round}");
            let bike = listing(store.as_ref(), cruiser, &seller, &name, taka(180_000)).await;
            let order = book(store.as_ref(), bike, &buyer).await;
            store.choose_cash(order, buyer.id).await.expect("cash");
            let code = code_of(store.as_ref(), order, buyer.id).await;
            // Two handovers with the right code (a double tap), the buyer's call-off, and
            // the sweep as if the deadline had passed.
            let later = Utc::now() + Duration::hours(RESERVED_HOURS + 1);
            let racers: Vec<Racer<Ended>> = vec![
                Box::pin({
                    let (s, code, seller) = (store.clone(), code.clone(), seller.id);
                    async move { Ended::Handover(s.hand_over(order, seller, &code).await) }
                }),
                Box::pin({
                    let (s, seller) = (store.clone(), seller.id);
                    async move { Ended::Handover(s.hand_over(order, seller, &code).await) }
                }),
                Box::pin({
                    let (s, buyer) = (store.clone(), buyer.id);
                    async move {
                        Ended::CallOff(s.call_off(order, buyer, "Not as described").await.is_ok())
                    }
                }),
                Box::pin({
                    let s = store.clone();
                    async move {
                        let swept = s.lapse_reservations(later, 100).await;
                        Ended::Sweep(swept.expect("the sweep never fails").outcome)
                    }
                }),
            ];
            let mut handovers = Vec::new();
            let (mut called, mut swept) = (false, 0);
            for ended in race(racers).await {
                match ended {
                    Ended::Handover(answer) => handovers.push(answer),
                    Ended::CallOff(ok) => called = ok,
                    Ended::Sweep(lapsed) => swept = lapsed,
                }
            }
            let status = booking_status(store.as_ref(), order).await;
            let completions: usize = handovers
                .iter()
                .map(|h| match h {
                    Ok(w) if !w.events.is_empty() => 1,
                    _ => 0,
                })
                .sum();
            let listing = listed(store.as_ref(), bike).await;
            match status {
                BookingStatus::Completed => {
                    assert_eq!(completions, 1, "round {round}: completed once");
                    assert!(!called && swept == 0, "round {round}");
                    assert!(listing.sold);
                }
                BookingStatus::CalledOff => {
                    assert_eq!(completions, 0, "round {round}");
                    assert!(called && swept == 0, "round {round}");
                    assert!(!listing.sold && !listing.reserved);
                }
                BookingStatus::Lapsed => {
                    assert_eq!(completions, 0, "round {round}");
                    assert!(!called && swept == 1, "round {round}");
                    assert!(!listing.sold && !listing.reserved);
                }
                other => panic!("round {round}: left {other:?}"),
            }
            for h in handovers {
                match h {
                    Ok(_) => {}
                    Err(StoreError::Refused(Refused::BookingEnded | Refused::NoHandoverNow)) => {}
                    other => panic!("round {round}: {other:?}"),
                }
            }
        }
    })
    .await;
}

#[tokio::test]
async fn an_admin_ends_a_stuck_deal_with_a_reason_both_sides_read() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let Cast {
            seller,
            buyer,
            category: cruiser,
        } = cast(s).await;
        let admin = user(s, "ayesha@example.com", "Ayesha", Role::Admin).await;
        let next = user(s, "mim@example.com", "Mim", Role::Buyer).await;
        let bike = listing(s, cruiser, &seller, "Yamaha R15", taka(410_000)).await;
        let order = book(s, bike, &buyer).await;
        let behind = book(s, bike, &next).await;
        s.choose_cash(order, buyer.id).await.expect("cash");
        assert_eq!(
            conflict(s.release_deal(behind, admin.id, "in line").await),
            Refused::NotReserved
        );

        let reason = "The seller's phone is off for a week";
        let ended = s
            .release_deal(order, admin.id, reason)
            .await
            .expect("release");
        assert_eq!(ended.outcome.order_status, BookingStatus::Released);
        assert_eq!(ended.outcome.reason.as_deref(), Some(reason));
        for side in [buyer.id, seller.id] {
            let told: Vec<_> = ended
                .events
                .iter()
                .filter(|e| e.recipient_id == Some(side) && e.name == "notification.created")
                .collect();
            assert_eq!(told.len(), 1, "user {side}");
            assert!(
                told[0]
                    .data
                    .contains(&format!("An admin ended the deal for Yamaha R15: {reason}")),
                "{}",
                told[0].data
            );
        }
        assert_eq!(booking_status(s, behind).await, BookingStatus::Reserved);
        let last = s.deal_steps(order).await.expect("steps");
        let last = last.last().expect("a step");
        assert_eq!(
            (last.step.as_str(), last.actor.as_str(), last.actor_id),
            ("released", "admin", Some(admin.id))
        );
        assert_eq!(
            conflict(s.release_deal(order, admin.id, reason).await),
            Refused::BookingEnded
        );
    })
    .await;
}
