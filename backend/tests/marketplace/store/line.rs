//! The line for a bike (docs/deals.md): the first booking holds it, later ones wait in
//! order; cancel, decline, release and lapse move the line on, each once, whatever races.

use std::sync::Arc;

use chrono::{Duration, Utc};

use super::fixtures::{
    book, booking_status, category, conflict, listed, listing, new_booking, open, pay, payment,
    taka, user,
};
use crate::marketplace::support::on_both;
use bikehaat::records::{BookingStatus, PaymentRecorded, Role, User, LINE_LIMIT};
use bikehaat::records::{OPEN_BOOKINGS_PER_BUYER, RESERVED_HOURS};
use bikehaat::store::{BookingEnd, Refused, SellerAct, Store, StoreError};

/// The names of `events`, in order.
fn names(events: &[bikehaat::events::EventRecord]) -> Vec<&str> {
    events.iter().map(|e| e.name.as_str()).collect()
}

fn seller_act<'a>(seller: &User, reason: &'a str) -> SellerAct<'a> {
    SellerAct {
        by: seller.id,
        admin: false,
        reason,
    }
}

/// (status, place in line) of booking `id`.
async fn standing(s: &dyn Store, id: i64) -> (BookingStatus, Option<i64>) {
    let booking = s.booking(id).await.expect("read").expect("kept");
    (booking.order_status, booking.queue_position)
}

async fn buyers(s: &dyn Store, n: usize) -> Vec<User> {
    let mut made = Vec::new();
    for i in 0..n {
        let email = format!("buyer{i}@example.com");
        made.push(user(s, &email, &format!("Buyer {i}"), Role::Buyer).await);
    }
    made
}

#[tokio::test]
async fn the_line_moves_on_at_each_decline_release_lapse_and_cancel() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let people = buyers(s, 4).await;
        let cruiser = category(s, "Cruiser").await;
        let bike = listing(s, cruiser, &seller, "Bajaj Pulsar", taka(150_000)).await;

        let first = s
            .create_booking(&new_booking(bike, &people[0]))
            .await
            .expect("book");
        assert_eq!(
            names(&first.events),
            ["order.created", "notification.created", "product.reserved"],
            "the first booking holds the bike, for everyone to see"
        );
        let a = first.outcome;
        let b = book(s, bike, &people[1]).await;
        let c = book(s, bike, &people[2]).await;
        let d = book(s, bike, &people[3]).await;
        assert_eq!(standing(s, a).await, (BookingStatus::Reserved, None));
        assert_eq!(standing(s, b).await, (BookingStatus::Waiting, Some(1)));
        assert_eq!(standing(s, c).await, (BookingStatus::Waiting, Some(2)));
        assert_eq!(standing(s, d).await, (BookingStatus::Waiting, Some(3)));
        assert!(listed(s, bike).await.reserved);

        // The seller declines C: D moves up; B keeps its place.
        let declined = s
            .end_booking(
                c,
                seller_act(&seller, "I sell to family first"),
                BookingEnd::Decline,
            )
            .await
            .expect("decline");
        assert_eq!(declined.outcome.order_status, BookingStatus::Declined);
        assert_eq!(
            declined.outcome.reason.as_deref(),
            Some("I sell to family first")
        );
        assert_eq!(
            names(&declined.events),
            ["deal.updated", "notification.created", "deal.updated"],
            "C's booking, C told why, D's new place"
        );
        assert_eq!(standing(s, d).await, (BookingStatus::Waiting, Some(2)));
        assert_eq!(standing(s, b).await, (BookingStatus::Waiting, Some(1)));

        // The seller releases A: B holds the bike now and is told; D is next.
        let released = s
            .end_booking(
                a,
                seller_act(&seller, "They stopped answering"),
                BookingEnd::Release,
            )
            .await
            .expect("release");
        assert_eq!(
            names(&released.events),
            [
                "deal.updated",
                "notification.created",
                "deal.updated",
                "notification.created",
                "deal.updated"
            ],
            "A released and told; B reserved and told; D moved up"
        );
        assert_eq!(standing(s, a).await, (BookingStatus::Released, None));
        assert_eq!(standing(s, b).await, (BookingStatus::Reserved, None));
        assert_eq!(standing(s, d).await, (BookingStatus::Waiting, Some(1)));
        let b_until = s
            .booking(b)
            .await
            .expect("read")
            .expect("kept")
            .reserved_until;
        let b_until = b_until.expect("a reservation has a deadline");
        let hours = (b_until - Utc::now()).num_minutes() as f64 / 60.0;
        assert!(
            (RESERVED_HOURS as f64 - 0.1..=RESERVED_HOURS as f64).contains(&hours),
            "held {hours} hours from now"
        );

        // Nothing lapses before its time; B's lapses after it, once, and D holds the bike.
        let early = s.lapse_reservations(Utc::now(), 100).await.expect("sweep");
        assert_eq!(early.outcome, 0);
        let later = b_until + Duration::minutes(1);
        let lapsed = s.lapse_reservations(later, 100).await.expect("sweep");
        assert_eq!(lapsed.outcome, 1);
        assert_eq!(standing(s, b).await, (BookingStatus::Lapsed, None));
        assert_eq!(standing(s, d).await, (BookingStatus::Reserved, None));
        assert_eq!(
            s.lapse_reservations(later, 100)
                .await
                .expect("again")
                .outcome,
            0,
            "a lapse happens once"
        );

        // D cancels with nobody behind: the bike is available to everyone again.
        let cancelled = s.cancel_booking(d, people[3].id).await.expect("cancel");
        assert_eq!(
            names(&cancelled.events),
            [
                "order.cancelled",
                "notification.created",
                "product.available"
            ]
        );
        assert!(!listed(s, bike).await.reserved);

        // A buyer the seller turned down does not come back; one whose time ran out may.
        for turned_down in [&people[0], &people[2]] {
            assert_eq!(
                conflict(s.create_booking(&new_booking(bike, turned_down)).await),
                Refused::TurnedDown
            );
        }
        let again = book(s, bike, &people[1]).await;
        assert_eq!(standing(s, again).await, (BookingStatus::Reserved, None));
    })
    .await;
}

#[tokio::test]
async fn only_the_bikes_seller_or_an_admin_ends_a_booking_and_only_from_its_status() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let other = user(s, "nadia@example.com", "Nadia", Role::Seller).await;
        let admin = user(s, "admin@example.com", "Admin", Role::Admin).await;
        let people = buyers(s, 3).await;
        let cruiser = category(s, "Cruiser").await;
        let bike = listing(s, cruiser, &seller, "Honda CB Hornet", taka(190_000)).await;
        let holds = book(s, bike, &people[0]).await;
        let waits = book(s, bike, &people[1]).await;

        let refused = |result| match result {
            Err(StoreError::Refused(why)) => why,
            other => panic!("expected a refusal, got {other:?}"),
        };
        for (by, end, id, why) in [
            (
                &other,
                BookingEnd::Decline,
                waits,
                Refused::NotYourBikesBooking,
            ),
            (
                &people[0],
                BookingEnd::Release,
                holds,
                Refused::NotYourBikesBooking,
            ),
            (&seller, BookingEnd::Decline, holds, Refused::NotInLine),
            (&seller, BookingEnd::Release, waits, Refused::NotReserved),
        ] {
            assert_eq!(
                refused(s.end_booking(id, seller_act(by, "no"), end).await),
                why
            );
        }
        assert_eq!(standing(s, holds).await, (BookingStatus::Reserved, None));
        assert_eq!(standing(s, waits).await, (BookingStatus::Waiting, Some(1)));

        // An admin may act on any bike's bookings.
        let as_admin = SellerAct {
            admin: true,
            ..seller_act(&admin, "Reported as a scam buyer")
        };
        s.end_booking(waits, as_admin, BookingEnd::Decline)
            .await
            .expect("an admin declines");
        // What ended stays ended; a deal paid in cash or held is called off, not
        // released.
        assert_eq!(
            refused(
                s.end_booking(waits, seller_act(&seller, "x"), BookingEnd::Decline)
                    .await
            ),
            Refused::BookingEnded
        );
        pay(s, holds, "pi_hornet", taka(190_000)).await;
        assert_eq!(
            refused(
                s.end_booking(holds, seller_act(&seller, "x"), BookingEnd::Release)
                    .await
            ),
            Refused::CallOffTheDeal
        );
        assert!(matches!(
            s.end_booking(holds + 1000, seller_act(&seller, "x"), BookingEnd::Release)
                .await,
            Err(StoreError::NotFound(_))
        ));
    })
    .await;
}

#[tokio::test]
async fn a_buyer_has_at_most_five_open_bookings_and_a_bike_at_most_ten_in_line() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let cruiser = category(s, "Cruiser").await;
        let mut bikes = Vec::new();
        for n in 0..=OPEN_BOOKINGS_PER_BUYER {
            bikes.push(listing(s, cruiser, &seller, &format!("Bike {n}"), taka(90_000)).await);
        }
        let greedy = user(s, "greedy@example.com", "Greedy", Role::Buyer).await;
        let mut mine = Vec::new();
        for &bike in &bikes[..OPEN_BOOKINGS_PER_BUYER as usize] {
            mine.push(book(s, bike, &greedy).await);
        }
        let last = *bikes.last().expect("bikes");
        assert_eq!(
            conflict(s.create_booking(&new_booking(last, &greedy)).await),
            Refused::TooManyOpenBookings
        );
        assert!(!listed(s, last).await.reserved, "nothing was held");
        assert!(
            s.cancel_booking(mine[0], greedy.id)
                .await
                .expect("cancel")
                .outcome
        );
        book(s, last, &greedy).await;

        // One holds the bike, ten wait; the eleventh is refused.
        let people = buyers(s, LINE_LIMIT as usize + 1).await;
        let bike = bikes[1];
        for buyer in &people[..LINE_LIMIT as usize] {
            book(s, bike, buyer).await;
        }
        assert_eq!(
            conflict(
                s.create_booking(&new_booking(bike, &people[LINE_LIMIT as usize]))
                    .await
            ),
            Refused::LineFull
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn ten_buyers_booking_a_free_bike_at_once_one_holds_it_and_nine_wait_in_order() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let seller = user(store.as_ref(), "karim@example.com", "Karim", Role::Seller).await;
        let people = buyers(store.as_ref(), 10).await;
        let cruiser = category(store.as_ref(), "Cruiser").await;
        let bike = listing(
            store.as_ref(),
            cruiser,
            &seller,
            "TVS Apache",
            taka(160_000),
        )
        .await;
        let start = Arc::new(tokio::sync::Barrier::new(people.len()));
        let racers: Vec<_> = people
            .into_iter()
            .map(|buyer| {
                let store = Arc::clone(&store);
                let start = Arc::clone(&start);
                tokio::spawn(async move {
                    start.wait().await;
                    store.create_booking(&new_booking(bike, &buyer)).await
                })
            })
            .collect();
        let mut bookings = Vec::new();
        let mut holds = 0;
        for racer in racers {
            let written = racer.await.expect("racer").expect("every booking is taken");
            holds += names(&written.events)
                .iter()
                .filter(|&&name| name == "product.reserved")
                .count();
            bookings.push(written.outcome);
        }
        bookings.sort_unstable();
        let mut standings = Vec::new();
        for &id in &bookings {
            standings.push(standing(store.as_ref(), id).await);
        }
        let reserved = standings
            .iter()
            .filter(|(status, _)| *status == BookingStatus::Reserved)
            .count();
        assert_eq!((reserved, holds), (1, 1), "one holds it: {standings:?}");
        let mut places: Vec<i64> = standings.iter().filter_map(|(_, place)| *place).collect();
        let in_booking_order = places.clone();
        places.sort_unstable();
        assert_eq!(places, (1..=9).collect::<Vec<_>>());
        assert_eq!(
            in_booking_order, places,
            "places follow the order of booking"
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_burst_of_one_buyers_bookings_stops_at_the_limit() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let seller = user(store.as_ref(), "karim@example.com", "Karim", Role::Seller).await;
        let greedy = user(store.as_ref(), "greedy@example.com", "Greedy", Role::Buyer).await;
        let cruiser = category(store.as_ref(), "Cruiser").await;
        let mut bikes = Vec::new();
        for n in 0..12 {
            let name = format!("Bike {n}");
            bikes.push(listing(store.as_ref(), cruiser, &seller, &name, taka(80_000)).await);
        }
        let start = Arc::new(tokio::sync::Barrier::new(bikes.len()));
        let racers: Vec<_> = bikes
            .iter()
            .map(|&bike| {
                let (store, start, greedy) =
                    (Arc::clone(&store), Arc::clone(&start), greedy.clone());
                tokio::spawn(async move {
                    start.wait().await;
                    store.create_booking(&new_booking(bike, &greedy)).await
                })
            })
            .collect();
        let mut taken = 0;
        for racer in racers {
            match racer.await.expect("racer") {
                Ok(_) => taken += 1,
                Err(StoreError::Refused(Refused::TooManyOpenBookings)) => {}
                Err(other) => panic!("unexpected: {other:?}"),
            }
        }
        assert_eq!(taken, OPEN_BOOKINGS_PER_BUYER);
    })
    .await;
}

/// A seller's release, the sweep's lapse and the buyer's payment all start from the
/// reservation: whichever commits first wins, and the others are refused or find
/// nothing to do. Never two, never none.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn payment_release_and_lapse_racing_for_one_reservation_have_one_winner() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let seller = user(store.as_ref(), "karim@example.com", "Karim", Role::Seller).await;
        let people = buyers(store.as_ref(), 2 * 6).await;
        let cruiser = category(store.as_ref(), "Cruiser").await;
        let late = Utc::now() + Duration::hours(RESERVED_HOURS + 1);
        let mut outcomes = std::collections::BTreeMap::<&str, usize>::new();
        for round in 0..6 {
            let name = format!("Suzuki Gixxer {round}");
            let bike = listing(store.as_ref(), cruiser, &seller, &name, taka(200_000)).await;
            let holder = book(store.as_ref(), bike, &people[2 * round]).await;
            let next = book(store.as_ref(), bike, &people[2 * round + 1]).await;
            let start = Arc::new(tokio::sync::Barrier::new(3));
            let (a, b, c) = (start.clone(), start.clone(), start);
            let (s1, s2, s3) = (store.clone(), store.clone(), store.clone());
            let transaction = format!("pi_gixxer_{round}");
            let pays = tokio::spawn(async move {
                a.wait().await;
                s1.record_payment(&payment(holder, &transaction, taka(200_000)))
                    .await
            });
            let seller_id = seller.id;
            let releases = tokio::spawn(async move {
                b.wait().await;
                let act = SellerAct {
                    by: seller_id,
                    admin: false,
                    reason: "changed my mind",
                };
                s2.end_booking(holder, act, BookingEnd::Release).await
            });
            let lapses = tokio::spawn(async move {
                c.wait().await;
                s3.lapse_reservations(late, 100).await
            });
            let paid = matches!(
                pays.await.expect("pay").map(|w| w.outcome),
                Ok(PaymentRecorded::New(_))
            );
            let released = releases.await.expect("release").is_ok();
            lapses.await.expect("lapse").expect("sweep");
            let (held, behind) = (
                booking_status(store.as_ref(), holder).await,
                booking_status(store.as_ref(), next).await,
            );
            // The sweep may also lapse the next buyer's fresh reservation (its clock is
            // an hour past every deadline): that is the next deal, not this race.
            let lapsed = held == BookingStatus::Lapsed;
            assert_eq!(
                [paid, released, lapsed].iter().filter(|&&won| won).count(),
                1,
                "round {round}: paid {paid}, released {released}, lapsed {lapsed}"
            );
            let winner = if paid {
                assert_eq!(
                    (held, behind),
                    (BookingStatus::Held, BookingStatus::Waiting)
                );
                assert!(listed(store.as_ref(), bike).await.sold);
                "paid"
            } else {
                let ended = if released {
                    BookingStatus::Released
                } else {
                    BookingStatus::Lapsed
                };
                assert_eq!(held, ended, "round {round}");
                assert!(
                    matches!(behind, BookingStatus::Reserved | BookingStatus::Lapsed),
                    "round {round}: the bike passed on to the next buyer ({behind:?})"
                );
                assert_eq!(store.payments_for_listing(bike).await.expect("payments"), 0);
                if released {
                    "released"
                } else {
                    "lapsed"
                }
            };
            *outcomes.entry(winner).or_default() += 1;
        }
        eprintln!("{engine:?}: winners over 6 rounds {outcomes:?}");
    })
    .await;
}

#[tokio::test]
async fn a_buyer_removed_while_holding_a_bike_passes_it_to_the_next_in_line() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let people = buyers(s, 3).await;
        let cruiser = category(s, "Cruiser").await;
        let bike = listing(s, cruiser, &seller, "Hero Xpulse", taka(170_000)).await;
        book(s, bike, &people[0]).await;
        let second = book(s, bike, &people[1]).await;
        let third = book(s, bike, &people[2]).await;

        let removed = s
            .delete_user(people[0].id, Role::Buyer, super::fixtures::SOME_ADMIN)
            .await
            .expect("remove");
        assert!(names(&removed.events).contains(&"deal.updated"));
        assert_eq!(standing(s, second).await, (BookingStatus::Reserved, None));
        assert_eq!(standing(s, third).await, (BookingStatus::Waiting, Some(1)));
        assert!(listed(s, bike).await.reserved);
    })
    .await;
}
