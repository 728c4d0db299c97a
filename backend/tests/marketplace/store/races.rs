//! Races: ten buyers booking one bike at once, ten paying for it at once, one payment
//! reported many times at once, and many reports at once of a hold the provider ended.

use super::fixtures::{book, booking_status, category, listed, listing, open, payment, taka, user};
use crate::marketplace::support::on_both;
use bikehaat::records::{BookingStatus, Handover, PaymentRecorded, Role};
use bikehaat::store::StoreError;
use std::sync::Arc;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_bike_sells_to_exactly_one_of_ten_racing_buyers() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let seller = user(store.as_ref(), "karim@example.com", "Karim", Role::Seller).await;
        let cruiser = category(store.as_ref(), "Cruiser").await;
        let bike = listing(
            store.as_ref(),
            cruiser,
            &seller,
            "Bajaj Avenger",
            taka(180_000),
        )
        .await;
        let mut orders = Vec::new();
        for n in 0..10 {
            let buyer = user(
                store.as_ref(),
                &format!("buyer{n}@example.com"),
                &format!("Buyer {n}"),
                Role::Buyer,
            )
            .await;
            orders.push(book(store.as_ref(), bike, &buyer).await);
        }

        let start = Arc::new(tokio::sync::Barrier::new(orders.len()));
        let racers: Vec<_> = orders
            .iter()
            .enumerate()
            .map(|(n, &order)| {
                let store = Arc::clone(&store);
                let start = Arc::clone(&start);
                tokio::spawn(async move {
                    start.wait().await;
                    let outcome = store
                        .record_payment(&payment(order, &format!("pi_race_{n}"), taka(180_000)))
                        .await
                        .map(|written| written.outcome);
                    (order, outcome)
                })
            })
            .collect();
        let mut winners = Vec::new();
        let mut conflicts = 0;
        for racer in racers {
            match racer.await.expect("racer finished") {
                (order, Ok(PaymentRecorded::New(_))) => winners.push(order),
                (_, Err(StoreError::Refused(_))) => conflicts += 1,
                (order, other) => panic!("booking {order} ended unexpectedly: {other:?}"),
            }
        }
        assert_eq!(
            winners,
            vec![orders[0]],
            "exactly one payment wins: the one of the booking holding the bike"
        );
        assert_eq!(conflicts, 9, "the other nine are refused");
        assert_eq!(store.payments_for_listing(bike).await.expect("payments"), 1);
        assert!(listed(store.as_ref(), bike).await.sold);
        for &order in &orders {
            let status = booking_status(store.as_ref(), order).await;
            let expected = if order == winners[0] {
                BookingStatus::Held
            } else {
                BookingStatus::Waiting
            };
            assert_eq!(status, expected, "booking {order}");
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_retries_of_one_payment_record_it_once() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let seller = user(store.as_ref(), "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(store.as_ref(), "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(store.as_ref(), "Cruiser").await;
        let bike = listing(
            store.as_ref(),
            cruiser,
            &seller,
            "Bajaj Avenger",
            taka(180_000),
        )
        .await;
        let order = book(store.as_ref(), bike, &buyer).await;

        // The page and the provider's webhook (and a retry or two) report one payment at once.
        let start = Arc::new(tokio::sync::Barrier::new(8));
        let retries: Vec<_> = (0..8)
            .map(|_| {
                let store = Arc::clone(&store);
                let start = Arc::clone(&start);
                tokio::spawn(async move {
                    start.wait().await;
                    store
                        .record_payment(&payment(order, "pi_once", taka(180_000)))
                        .await
                        .map(|written| written.outcome)
                })
            })
            .collect();
        let mut new = Vec::new();
        let mut existing = Vec::new();
        for retry in retries {
            match retry.await.expect("retry finished") {
                Ok(PaymentRecorded::New(id)) => new.push(id),
                Ok(PaymentRecorded::Existing(id)) => existing.push(id),
                Err(e) => panic!("a retry of a recorded payment failed: {e:?}"),
            }
        }
        assert_eq!(new.len(), 1, "recorded once: {new:?}");
        assert_eq!(existing.len(), 7);
        assert!(
            existing.iter().all(|&id| id == new[0]),
            "every retry names the one record: {existing:?}"
        );
        assert_eq!(store.payments_for_listing(bike).await.expect("payments"), 1);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_hold_the_provider_ended_lapses_once_and_never_after_its_capture() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let kept = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;
        let lapsed = listing(s, cruiser, &seller, "Hero Hunk", taka(150_000)).await;
        let kept_order = book(s, kept, &buyer).await;
        let lapsed_order = book(s, lapsed, &buyer).await;
        s.record_payment(&payment(kept_order, "pi_kept", taka(180_000)))
            .await
            .expect("record");
        s.record_payment(&payment(lapsed_order, "pi_lapsed", taka(150_000)))
            .await
            .expect("record");

        // Captured at the handover: nothing the provider says later undoes it.
        let code = s
            .handover_code(kept_order, buyer.id, false)
            .await
            .expect("code");
        let claimed = s
            .hand_over(kept_order, seller.id, &code.code)
            .await
            .expect("claim");
        let Handover::Capture(held) = claimed.outcome else {
            panic!("the right code claims the capture");
        };
        s.hold_captured(&held).await.expect("captured");
        assert!(!s.hold_lost("pi_kept").await.expect("lost").outcome);
        assert!(listed(s, kept).await.sold);
        assert_eq!(
            booking_status(s, kept_order).await,
            BookingStatus::Completed
        );

        // Four reports of the other hold's end at once (the webhook, the capture, two
        // processes): exactly one lapses the deal.
        let start = Arc::new(tokio::sync::Barrier::new(4));
        let reports: Vec<_> = (0..4)
            .map(|_| {
                let (store, start) = (store.clone(), start.clone());
                tokio::spawn(async move {
                    start.wait().await;
                    store.hold_lost("pi_lapsed").await
                })
            })
            .collect();
        let mut ended = 0;
        for report in reports {
            if report.await.expect("report").expect("lost").outcome {
                ended += 1;
            }
        }
        assert_eq!(ended, 1);
        assert!(!listed(s, lapsed).await.sold, "for sale again");
        assert_eq!(booking_status(s, lapsed_order).await, BookingStatus::Lapsed);
        assert_eq!(s.payments_for_listing(lapsed).await.expect("payments"), 0);
        let later = chrono::Utc::now() + chrono::Duration::minutes(1);
        assert!(
            s.holds_to_release(later, 10)
                .await
                .expect("releases")
                .is_empty(),
            "the provider ended it: nothing to release"
        );
    })
    .await;
}
