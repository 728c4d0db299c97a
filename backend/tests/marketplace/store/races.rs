//! Races: ten buyers booking one bike at once, ten paying for it at once, one payment
//! reported many times at once, and processes sweeping the same uncaptured payment.

use super::fixtures::{book, booking_status, category, listed, listing, open, payment, taka, user};
use crate::marketplace::support::on_both;
use bikehaat::records::{BookingStatus, PaymentRecorded, Role};
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
                BookingStatus::Paid
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
async fn an_uncaptured_payment_is_undone_once_and_never_after_its_capture_is_noted() {
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
        // Each booking is paid at its own price.
        let authorised = |order, id, price| bikehaat::records::NewPayment {
            captured: false,
            ..payment(order, id, price)
        };
        s.record_payment(&authorised(kept_order, "pi_kept", taka(180_000)))
            .await
            .expect("record");
        s.record_payment(&authorised(lapsed_order, "pi_lapsed", taka(150_000)))
            .await
            .expect("record");
        let later = chrono::Utc::now() + chrono::Duration::minutes(1);
        let mut waiting = s.payments_to_capture(later, 10).await.expect("waiting");
        waiting.sort();
        assert_eq!(waiting, ["pi_kept", "pi_lapsed"]);
        let earlier = chrono::Utc::now() - chrono::Duration::minutes(1);
        assert!(
            s.payments_to_capture(earlier, 10)
                .await
                .expect("waiting")
                .is_empty(),
            "a payment recorded just now is left to whoever recorded it"
        );

        // Captured: nothing can undo it any more.
        s.mark_captured("pi_kept").await.expect("noted");
        assert!(!s.undo_uncaptured_payment("pi_kept").await.expect("undo"));
        assert!(listed(s, kept).await.sold);
        assert_eq!(booking_status(s, kept_order).await, BookingStatus::Paid);

        // Four sweeps find the lapsed one at once: exactly one undoes the sale.
        let start = Arc::new(tokio::sync::Barrier::new(4));
        let sweeps: Vec<_> = (0..4)
            .map(|_| {
                let (store, start) = (store.clone(), start.clone());
                tokio::spawn(async move {
                    start.wait().await;
                    store.undo_uncaptured_payment("pi_lapsed").await
                })
            })
            .collect();
        let mut undone = 0;
        for sweep in sweeps {
            if sweep.await.expect("sweep").expect("undo") {
                undone += 1;
            }
        }
        assert_eq!(undone, 1);
        assert!(!listed(s, lapsed).await.sold, "for sale again");
        assert_eq!(
            booking_status(s, lapsed_order).await,
            BookingStatus::Cancelled
        );
        assert_eq!(s.payments_for_listing(lapsed).await.expect("payments"), 0);
        assert_eq!(
            s.payments_to_capture(later, 10).await.expect("waiting"),
            Vec::<String>::new()
        );
    })
    .await;
}
