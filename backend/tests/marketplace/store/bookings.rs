//! Bookings: one open booking per buyer and bike, cancelling, and what cannot be booked
//! or cancelled.

use super::fixtures::{
    book, booking_status, category, conflict, ids, listing, new_booking, not_found, open, pay,
    taka, user,
};
use crate::marketplace::support::on_both;
use bikehaat::records::{BookingStatus, Role};
use bikehaat::store::{Missing, Refused};

#[tokio::test]
async fn a_buyer_books_a_bike_once_and_may_book_it_again_after_cancelling() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let rahim = user(s, "rahim@example.com", "Rahim Ahmed", Role::Buyer).await;
        let mim = user(s, "mim@example.com", "Mim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let bike = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;

        let first = book(s, bike, &rahim).await;
        let order = s.booking(first).await.expect("order").expect("booked");
        assert_eq!(order.order_id, first);
        assert_eq!(order.order_status, BookingStatus::Reserved);
        assert_eq!(order.queue_position, None);
        assert!(order.reserved_until.is_some(), "held for a while");
        assert!(order.listing.reserved, "the bike shows reserved");
        assert_eq!(
            (
                order.buyer_id,
                order.buyer_name.as_str(),
                order.buyer_email.as_str()
            ),
            (rahim.id, "Rahim Ahmed", "rahim@example.com")
        );
        assert_eq!(order.buyer_phone, "+880 1711-000000");
        assert_eq!(order.meeting_location, "Banani 11, Dhaka (Rahim Ahmed)");
        assert_eq!(
            (order.listing.id, order.listing.name.as_str()),
            (bike, "Bajaj Avenger")
        );
        assert_eq!(
            (
                order.listing.resale_price,
                order.listing.seller_email.as_str()
            ),
            (taka(180_000), "karim@example.com")
        );
        assert!(s.booking(first + 1000).await.expect("order").is_none());

        assert_eq!(
            conflict(s.create_booking(&new_booking(bike, &rahim)).await),
            Refused::AlreadyBooked
        );
        let mims = book(s, bike, &mim).await;
        assert_ne!(mims, first, "another buyer may book the same bike");
        let behind = s.booking(mims).await.expect("read").expect("booked");
        assert_eq!(
            (behind.order_status, behind.queue_position),
            (BookingStatus::Waiting, Some(1)),
            "and waits in line behind the reservation"
        );

        assert!(
            s.cancel_booking(first, rahim.id)
                .await
                .expect("cancel")
                .outcome
        );
        assert!(
            !s.cancel_booking(first, rahim.id)
                .await
                .expect("cancel again")
                .outcome,
            "already cancelled"
        );
        assert!(
            !s.cancel_booking(first + 1000, rahim.id)
                .await
                .expect("cancel unknown")
                .outcome,
            "no such booking"
        );
        assert_eq!(booking_status(s, first).await, BookingStatus::Cancelled);
        assert_eq!(
            booking_status(s, mims).await,
            BookingStatus::Reserved,
            "the reservation passed to the next in line"
        );
        assert!(
            s.bookings_of_buyer(rahim.id)
                .await
                .expect("orders")
                .is_empty(),
            "cancelled bookings are hidden"
        );

        let again = book(s, bike, &rahim).await;
        assert_ne!(again, first);
        assert_eq!(
            booking_status(s, again).await,
            BookingStatus::Waiting,
            "at the back"
        );
        assert_eq!(
            ids(&s.bookings_of_buyer(rahim.id).await.expect("orders"), |o| o
                .order_id),
            vec![again]
        );
        assert_eq!(
            ids(&s.bookings_of_buyer(mim.id).await.expect("orders"), |o| o
                .order_id),
            vec![mims]
        );
    })
    .await;
}

#[tokio::test]
async fn a_buyers_bookings_come_newest_first_without_the_cancelled_ones() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let mut bookings = Vec::new();
        for n in 0..4 {
            let bike = listing(s, cruiser, &seller, &format!("Bike {n}"), taka(100)).await;
            bookings.push(book(s, bike, &buyer).await);
        }
        assert!(
            s.cancel_booking(bookings[1], buyer.id)
                .await
                .expect("cancel")
                .outcome
        );
        let shown = s.bookings_of_buyer(buyer.id).await.expect("orders");
        assert_eq!(
            ids(&shown, |o| o.order_id),
            vec![bookings[3], bookings[2], bookings[0]]
        );
        assert!(shown
            .iter()
            .all(|o| o.order_status == BookingStatus::Reserved && o.buyer_id == buyer.id));
    })
    .await;
}

#[tokio::test]
async fn a_sold_or_unknown_bike_cannot_be_booked() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let rahim = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let mim = user(s, "mim@example.com", "Mim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let bike = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;
        let order = book(s, bike, &rahim).await;
        pay(s, order, "pi_avenger", taka(180_000)).await;

        assert_eq!(
            conflict(s.create_booking(&new_booking(bike, &mim)).await),
            Refused::AlreadySold
        );
        assert_eq!(
            not_found(s.create_booking(&new_booking(bike + 1000, &mim)).await),
            Missing::Listing
        );
        assert!(s
            .bookings_of_buyer(mim.id)
            .await
            .expect("orders")
            .is_empty());
    })
    .await;
}

#[tokio::test]
async fn a_held_booking_is_called_off_not_cancelled() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let bike = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;
        let order = book(s, bike, &buyer).await;
        pay(s, order, "pi_avenger", taka(180_000)).await;

        assert_eq!(
            conflict(s.cancel_booking(order, buyer.id).await),
            Refused::CallOffInstead
        );
        let kept = s.booking(order).await.expect("order").expect("kept");
        assert_eq!(kept.order_status, BookingStatus::Held);
        assert!(kept.listing.sold);
        assert_eq!(
            ids(&s.bookings_of_buyer(buyer.id).await.expect("orders"), |o| o
                .order_id),
            vec![order]
        );
    })
    .await;
}

#[tokio::test]
async fn a_seller_sees_every_booking_of_their_bikes_and_no_one_elses() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let karim = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let nadia = user(s, "nadia@example.com", "Nadia", Role::Seller).await;
        let rahim = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let mim = user(s, "mim@example.com", "Mim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let avenger = listing(s, cruiser, &karim, "Bajaj Avenger", taka(180_000)).await;
        let fz = listing(s, cruiser, &karim, "Yamaha FZ", taka(250_000)).await;
        let r15 = listing(s, cruiser, &nadia, "Yamaha R15", taka(400_000)).await;

        let rahims = book(s, avenger, &rahim).await;
        let mims = book(s, avenger, &mim).await;
        let paid = book(s, fz, &rahim).await;
        let elsewhere = book(s, r15, &mim).await;
        assert!(
            s.cancel_booking(rahims, rahim.id)
                .await
                .expect("cancel")
                .outcome
        );
        pay(s, paid, "pi_fz", taka(250_000)).await;

        let shown = s.bookings_of_seller(karim.id).await.expect("bookings");
        assert_eq!(
            ids(&shown, |o| o.order_id),
            vec![paid, mims, rahims],
            "newest first, the cancelled one included, nobody else's"
        );
        let statuses: Vec<_> = shown.iter().map(|o| o.order_status).collect();
        assert_eq!(
            statuses,
            vec![
                BookingStatus::Held,
                BookingStatus::Reserved,
                BookingStatus::Cancelled
            ],
            "Mim's booking holds the Avenger once Rahim's ahead of it is cancelled"
        );
        let mine = &shown[1];
        assert_eq!(
            (
                mine.buyer_name.as_str(),
                mine.buyer_phone.as_str(),
                mine.meeting_location.as_str()
            ),
            ("Mim", "+880 1711-000000", "Banani 11, Dhaka (Mim)")
        );
        assert_eq!(
            ids(
                &s.bookings_of_seller(nadia.id).await.expect("bookings"),
                |o| o.order_id
            ),
            vec![elsewhere]
        );
        assert!(s
            .bookings_of_seller(rahim.id)
            .await
            .expect("none")
            .is_empty());
        // Open bookings per bike: Mim's of the Avenger; the FZ's is paid, Rahim's cancelled.
        assert_eq!(
            s.open_bookings_of_seller(karim.id).await.expect("counts"),
            vec![(avenger, 1)]
        );
        assert_eq!(
            s.open_bookings_of_seller(nadia.id).await.expect("counts"),
            vec![(r15, 1)]
        );
    })
    .await;
}
