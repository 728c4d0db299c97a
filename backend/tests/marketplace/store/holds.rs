//! Card holds (docs/deals.md "Handover"): a card payment holds the price (`held`), the
//! seller's right code claims the deal for the capture and only the capture's outcome
//! ends it then; a call-off, an admin's release or the 6-day sweep of an unclaimed hold
//! puts the bike back and marks the hold for release — whatever races.

use chrono::{Duration, Utc};

use super::fixtures::{
    book, booking_status, cast, code_of, conflict, listed, listing, new_listing, open, other_than,
    pay, payment, race, taka, user, Cast, Racer,
};
use crate::marketplace::support::{on_both, past_the_store, TestDb};
use bikehaat::events::EventRecord;
use bikehaat::records::{
    BookingStatus, Deposit, Handover, HeldPayment, HoldMethod, ListingEdit, PayMethod, PayTerms,
    Role, TermsChange, TermsFault, HOLD_DAYS,
};
use bikehaat::store::{Refused, Store, StoreError};

fn names(events: &[EventRecord]) -> Vec<&str> {
    events.iter().map(|e| e.name.as_str()).collect()
}

/// The payment of `transaction_id` past the store: (listing it claims, captured,
/// released at all, release confirmed).
async fn hold_row(db: &TestDb, transaction_id: &str) -> (Option<i64>, bool, bool, bool) {
    const SQL: &str = "SELECT product_id, captured, released_at IS NOT NULL, release_confirmed \
                       FROM payments WHERE transaction_id = $1";
    past_the_store!(db, |pool| sqlx::query_as(SQL)
        .bind(transaction_id)
        .fetch_one(&pool))
    .expect("read the hold")
}

/// The holds waiting to be released as of `now`, by transaction id.
async fn releases(s: &dyn Store, now: chrono::DateTime<Utc>) -> Vec<String> {
    let holds = s.holds_to_release(now, 100).await.expect("releases");
    holds.into_iter().map(|hold| hold.transaction_id).collect()
}

/// The steps of deal `order`, by name.
async fn steps(s: &dyn Store, order: i64) -> Vec<String> {
    let steps = s.deal_steps(order).await.expect("steps");
    steps.into_iter().map(|step| step.step).collect()
}

/// The right code's answer: the hold to capture.
#[track_caller]
fn to_capture(outcome: Handover) -> HeldPayment {
    match outcome {
        Handover::Capture(held) => held,
        other => panic!("expected a capture, got {other:?}"),
    }
}

#[tokio::test]
async fn a_card_hold_is_taken_only_after_the_buyers_code() {
    on_both(|engine| async move {
        let Some((db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let Cast {
            seller,
            buyer,
            category,
        } = cast(s).await;
        let waiting = user(s, "mim@example.com", "Mim", Role::Buyer).await;
        let bike = listing(s, category, &seller, "Yamaha FZS", taka(185_000)).await;
        let order = book(s, bike, &buyer).await;
        let behind = book(s, bike, &waiting).await;

        pay(s, order, "pi_hold_1", taka(185_000)).await;
        let held = s.booking(order).await.expect("read").expect("kept");
        assert_eq!(held.order_status, BookingStatus::Held);
        assert_eq!(held.method.as_deref(), Some("card"));
        let until = held.reserved_until.expect("a hold's deadline");
        let expected = Utc::now() + Duration::days(HOLD_DAYS);
        assert!((until - expected).num_seconds().abs() < 60, "{until}");
        assert!(listed(s, bike).await.sold, "Sold to others while held");
        assert_eq!(
            hold_row(&db, "pi_hold_1").await,
            (Some(bike), false, false, false)
        );
        assert_eq!(booking_status(s, behind).await, BookingStatus::Waiting);
        assert_eq!(
            conflict(s.cancel_booking(order, buyer.id).await),
            Refused::CallOffInstead
        );

        // Only the buyer reads the code; a wrong one counts and claims nothing.
        assert_eq!(
            conflict(s.handover_code(order, seller.id, false).await),
            Refused::NotYourCode
        );
        let code = code_of(s, order, buyer.id).await;
        let wrong = s.hand_over(order, seller.id, &other_than(&code)).await;
        assert!(matches!(
            wrong.expect("wrong").outcome,
            Handover::WrongCode { .. }
        ));
        assert!(s
            .claims_to_settle(Utc::now() + Duration::minutes(1), 10)
            .await
            .expect("claims")
            .is_empty());

        // The right code claims the deal for the capture: nothing is completed yet, and
        // nothing but the capture's outcome ends it now.
        let claimed = s.hand_over(order, seller.id, &code).await.expect("claim");
        assert!(claimed.events.is_empty(), "a claim tells nobody yet");
        let hold = to_capture(claimed.outcome);
        assert_eq!(
            hold,
            HeldPayment {
                order_id: order,
                transaction_id: "pi_hold_1".into(),
                amount: taka(185_000),
                method: HoldMethod::Card,
            }
        );
        assert_eq!(booking_status(s, order).await, BookingStatus::Held);
        assert_eq!(
            conflict(s.call_off(order, buyer.id, "Changed my mind").await),
            Refused::HandoverUnderway
        );
        let admin = user(s, "admin@example.com", "Admin", Role::Admin).await;
        assert_eq!(
            conflict(s.release_deal(order, admin.id, "Stuck").await),
            Refused::HandoverUnderway
        );
        let week = Utc::now() + Duration::days(HOLD_DAYS + 1);
        let swept = s.lapse_reservations(week, 100).await.expect("sweep");
        assert_eq!(swept.outcome, 0, "a claimed hold does not lapse");
        // The seller's retry asks for the same capture again; the sweep finds the claim.
        let again = s.hand_over(order, seller.id, &code).await.expect("retry");
        assert_eq!(to_capture(again.outcome), hold);
        let later = Utc::now() + Duration::minutes(1);
        assert_eq!(
            s.claims_to_settle(later, 10).await.expect("claims"),
            std::slice::from_ref(&hold)
        );

        // Captured: the deal completes once, with receipts, and the line ends.
        let done = s.hold_captured(&hold).await.expect("captured");
        assert_eq!(done.outcome.order_status, BookingStatus::Completed);
        assert!(done.outcome.completed_at.is_some());
        assert_eq!(
            names(&done.events),
            [
                "deal.updated",
                "notification.created",
                "notification.created",
                "deal.updated"
            ],
            "the deal, both receipts, the buyer in line declined"
        );
        assert_eq!(booking_status(s, behind).await, BookingStatus::Declined);
        assert_eq!(
            hold_row(&db, "pi_hold_1").await,
            (Some(bike), true, false, false)
        );
        let twice = s.hold_captured(&hold).await.expect("twice");
        assert!(twice.events.is_empty(), "completed once");
        assert!(s
            .claims_to_settle(later, 10)
            .await
            .expect("claims")
            .is_empty());
        assert!(matches!(
            s.hand_over(order, seller.id, &code)
                .await
                .expect("after")
                .outcome,
            Handover::Completed(_)
        ));
        assert_eq!(
            steps(s, order).await,
            [
                "booked",
                "held",
                "wrong_code",
                "capture_claimed",
                "completed"
            ]
        );
    })
    .await;
}

#[tokio::test]
async fn calling_off_a_hold_puts_the_bike_back_and_releases_the_money() {
    on_both(|engine| async move {
        let Some((db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let Cast {
            seller,
            buyer,
            category,
        } = cast(s).await;
        let mim = user(s, "mim@example.com", "Mim", Role::Buyer).await;

        // Nobody waits: the bike is back on sale for everyone.
        let alone = listing(s, category, &seller, "Honda CB Hornet", taka(160_000)).await;
        let order = book(s, alone, &buyer).await;
        pay(s, order, "pi_alone", taka(160_000)).await;
        let called = s
            .call_off(order, seller.id, "Papers missing")
            .await
            .expect("call off");
        assert_eq!(called.outcome.order_status, BookingStatus::CalledOff);
        assert_eq!(
            names(&called.events),
            [
                "deal.updated",
                "notification.created",
                "product.unsold",
                "product.available"
            ]
        );
        assert!(!listed(s, alone).await.sold, "back on sale");
        assert_eq!(hold_row(&db, "pi_alone").await, (None, false, true, false));
        let now = Utc::now() + Duration::seconds(1);
        assert_eq!(releases(s, now).await, ["pi_alone"]);
        s.hold_released("pi_alone").await.expect("released");
        assert!(releases(s, now).await.is_empty());
        assert_eq!(hold_row(&db, "pi_alone").await, (None, false, true, true));
        assert_eq!(
            steps(s, order).await,
            ["booked", "held", "called_off", "hold_released"]
        );
        // The released hold no longer claims the bike: the next buyer books and pays.
        let next = book(s, alone, &mim).await;
        pay(s, next, "pi_next", taka(160_000)).await;
        assert_eq!(booking_status(s, next).await, BookingStatus::Held);

        // Someone waits: the bike goes from Sold to their reservation.
        let wanted = listing(s, category, &seller, "Suzuki Gixxer", taka(170_000)).await;
        let first = book(s, wanted, &buyer).await;
        let second = book(s, wanted, &mim).await;
        pay(s, first, "pi_first", taka(170_000)).await;
        let called = s
            .call_off(first, buyer.id, "Not as described")
            .await
            .expect("call off");
        let events = names(&called.events);
        assert_eq!(events[2], "product.unsold", "{events:?}");
        assert_eq!(events.last(), Some(&"product.reserved"), "{events:?}");
        assert_eq!(booking_status(s, second).await, BookingStatus::Reserved);
        let bike = listed(s, wanted).await;
        assert!(!bike.sold && bike.reserved, "Reserved for the next buyer");
        assert_eq!(
            conflict(s.call_off(first, buyer.id, "again").await),
            Refused::BookingEnded
        );
    })
    .await;
}

#[tokio::test]
async fn a_hold_lapses_after_six_days_and_one_the_provider_ended_lapses_at_once() {
    on_both(|engine| async move {
        let Some((db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let Cast {
            seller,
            buyer,
            category,
        } = cast(s).await;
        let bike = listing(s, category, &seller, "TVS Apache", taka(150_000)).await;
        let order = book(s, bike, &buyer).await;
        pay(s, order, "pi_slow", taka(150_000)).await;

        let five_days = Utc::now() + Duration::days(HOLD_DAYS - 1);
        let swept = s.lapse_reservations(five_days, 100).await.expect("sweep");
        assert_eq!(swept.outcome, 0, "the hold still waits");
        let later = Utc::now() + Duration::days(HOLD_DAYS) + Duration::hours(1);
        let swept = s.lapse_reservations(later, 100).await.expect("sweep");
        assert_eq!(swept.outcome, 1);
        assert_eq!(booking_status(s, order).await, BookingStatus::Lapsed);
        assert!(!listed(s, bike).await.sold, "back on sale");
        let told: Vec<&str> = swept
            .events
            .iter()
            .filter(|e| e.name == "notification.created")
            .map(|e| e.data.as_str())
            .collect();
        assert!(
            told.iter().any(|data| data.contains(
                "The card hold for TVS Apache ended without a handover: nothing was charged"
            )),
            "{told:?}"
        );
        assert_eq!(hold_row(&db, "pi_slow").await, (None, false, true, false));

        // Stripe cancelled the authorisation itself: nothing to release.
        let other = listing(s, category, &seller, "Bajaj Pulsar", taka(140_000)).await;
        let order = book(s, other, &buyer).await;
        pay(s, order, "pi_gone", taka(140_000)).await;
        let lost = s.hold_lost("pi_gone").await.expect("lost");
        assert!(lost.outcome);
        assert_eq!(booking_status(s, order).await, BookingStatus::Lapsed);
        assert!(!listed(s, other).await.sold);
        assert_eq!(hold_row(&db, "pi_gone").await, (None, false, true, true));
        assert!(!s.hold_lost("pi_gone").await.expect("twice").outcome);
        assert!(!s.hold_lost("pi_unknown").await.expect("unknown").outcome);
    })
    .await;
}

/// The seller's right code, the buyer's call-off, an admin's release and the sweep at
/// the same moment on a hold: exactly one of them wins. A claim that won leaves nothing to release; a
/// call-off or lapse that won leaves nothing to capture.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_capture_claim_racing_a_call_off_and_the_sweep_ends_the_hold_once() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let Cast {
            seller,
            buyer,
            category,
        } = cast(store.as_ref()).await;
        let admin = user(store.as_ref(), "admin@example.com", "Admin", Role::Admin).await;
        for round in 0..6 {
            let name = format!("Yamaha R15 {round}");
            let bike = listing(store.as_ref(), category, &seller, &name, taka(300_000)).await;
            let order = book(store.as_ref(), bike, &buyer).await;
            let intent = format!("pi_race_{round}");
            pay(store.as_ref(), order, &intent, taka(300_000)).await;
            let code = code_of(store.as_ref(), order, buyer.id).await;
            let later = Utc::now() + Duration::days(HOLD_DAYS + 1);
            let (s, seller_id, buyer_id, admin_id) = (store.clone(), seller.id, buyer.id, admin.id);
            let racers: Vec<Racer<bool>> = vec![
                Box::pin({
                    let s = s.clone();
                    async move {
                        let claimed = s.hand_over(order, seller_id, &code).await;
                        matches!(claimed.map(|w| w.outcome), Ok(Handover::Capture(_)))
                    }
                }),
                Box::pin({
                    let s = s.clone();
                    async move {
                        s.call_off(order, buyer_id, "Found another bike")
                            .await
                            .is_ok()
                    }
                }),
                Box::pin({
                    let s = s.clone();
                    async move {
                        let reason = "Stuck: both sides agree";
                        s.release_deal(order, admin_id, reason).await.is_ok()
                    }
                }),
                Box::pin(async move {
                    s.lapse_reservations(later, 100)
                        .await
                        .expect("sweep")
                        .outcome
                        == 1
                }),
            ];
            let won = race(racers).await;
            let (claim_won, called_off, released, lapsed) = (won[0], won[1], won[2], won[3]);
            assert_eq!(
                won.iter().filter(|w| **w).count(),
                1,
                "round {round}: claim {claim_won}, call-off {called_off}, release {released}, \
                 lapse {lapsed}"
            );
            let now = Utc::now() + Duration::minutes(1);
            let to_release = releases(store.as_ref(), now).await;
            let to_settle = store.claims_to_settle(now, 100).await.expect("claims");
            let to_give_back = to_release.contains(&intent);
            let settling = to_settle.iter().any(|held| held.transaction_id == intent);
            assert_eq!(
                (to_give_back, settling),
                (!claim_won, claim_won),
                "round {round}"
            );
            if claim_won {
                let held = to_settle.into_iter().find(|h| h.transaction_id == intent);
                let done = store
                    .hold_captured(&held.expect("claim"))
                    .await
                    .expect("capture");
                assert_eq!(done.outcome.order_status, BookingStatus::Completed);
                assert!(listed(store.as_ref(), bike).await.sold);
            } else {
                store.hold_released(&intent).await.expect("released");
                assert!(!listed(store.as_ref(), bike).await.sold, "round {round}");
            }
        }
    })
    .await;
}

#[tokio::test]
async fn a_deposit_is_what_a_hold_covers_and_a_booking_keeps_the_one_asked_when_made() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let Cast {
            seller,
            buyer,
            category,
        } = cast(s).await;
        let mut asked = new_listing(category, seller.id, "Suzuki Gixxer", taka(185_000));
        asked.terms = PayTerms {
            takes_cash: false,
            deposit_percent: Some(10),
            ..PayTerms::default()
        };
        let bike = s.create_listing(&asked).await.expect("list").outcome;
        let order = book(s, bike, &buyer).await;
        let booked = s.booking(order).await.expect("read").expect("booked");
        assert_eq!(booked.deposit, Some(taka(18_500)), "10% in whole taka");
        assert_eq!(booked.payable().hold_amount(), taka(18_500));
        assert_eq!(booked.in_cash(PayMethod::Card), taka(166_500));
        // What paying reads alone is what the whole booking says of it.
        let payable = s.payable(order).await.expect("read").expect("booked");
        assert_eq!(payable, booked.payable());
        assert_eq!(s.payable(order + 1000).await.expect("read"), None);

        // The seller asks more later: this booking keeps what was asked when it was made.
        let edit = ListingEdit {
            image: "/uploads/demo-bike-0.svg".into(),
            condition: "Good".into(),
            color: "Red".into(),
            description: "Papers up to date.".into(),
            location: "Mirpur 10, Dhaka".into(),
            resale_price: taka(185_000),
            seller_phone: "01711-234567".into(),
            photos: r#"["/uploads/demo-bike-0.svg"]"#.into(),
            km_driven: None,
            district: None,
            area: None,
            terms: TermsChange {
                takes: None,
                deposit: Some(Deposit::Amount(taka(50_000))),
                negotiable: None,
                ..Default::default()
            },
            review: Vec::new(),
        };
        s.update_listing(bike, seller.id, &edit)
            .await
            .expect("edit");
        assert_eq!(
            listed(s, bike).await.terms.deposit_amount,
            Some(taka(50_000))
        );
        let kept = s.booking(order).await.expect("read").expect("booked");
        assert_eq!(kept.deposit, Some(taka(18_500)));

        // Cash cannot stand in for the deposit, and a hold of the whole price is not
        // the one asked: both refused, the bike still reserved for this buyer.
        assert_eq!(
            conflict(s.choose_cash(order, buyer.id).await),
            Refused::CashNotTaken
        );
        let whole = s
            .record_payment(&payment(order, "pi_whole", taka(185_000)))
            .await;
        assert_eq!(conflict(whole), Refused::AmountNotPrice);
        assert_eq!(booking_status(s, order).await, BookingStatus::Reserved);
        pay(s, order, "pi_deposit", taka(18_500)).await;
        assert_eq!(booking_status(s, order).await, BookingStatus::Held);

        // An edit that would leave a fixed deposit at or above the price, or a deposit
        // with nothing to hold it, is refused; the listing stays as it was.
        let other = listing(s, category, &seller, "Honda Hornet", taka(150_000)).await;
        for (terms, fault) in [
            (
                TermsChange {
                    takes: None,
                    deposit: Some(Deposit::Amount(taka(150_000))),
                    negotiable: None,
                    ..Default::default()
                },
                TermsFault::DepositNotBelowPrice,
            ),
            (
                TermsChange {
                    takes: Some([true, false, false]),
                    deposit: Some(Deposit::Percent(20)),
                    negotiable: None,
                    ..Default::default()
                },
                TermsFault::DepositUnheld,
            ),
        ] {
            let edit = ListingEdit {
                resale_price: taka(150_000),
                terms,
                ..edit.clone()
            };
            match s.update_listing(other, seller.id, &edit).await {
                Err(StoreError::PayTerms(found)) => assert_eq!(found, fault),
                other => panic!("expected {fault:?}, got {other:?}"),
            }
        }
        assert_eq!(listed(s, other).await.terms, PayTerms::default());
        // Without a deposit, cash alone is a way like any other.
        let cash_only = ListingEdit {
            resale_price: taka(150_000),
            terms: TermsChange {
                takes: Some([true, false, false]),
                deposit: None,
                negotiable: None,
                ..Default::default()
            },
            ..edit.clone()
        };
        s.update_listing(other, seller.id, &cash_only)
            .await
            .expect("cash only");
        let now = listed(s, other).await.terms;
        assert_eq!(now.methods(), vec![PayMethod::Cash]);
    })
    .await;
}
