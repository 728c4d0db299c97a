//! Payments: test payment intents, recording a payment once, and the bookings that
//! cannot be paid.

use super::fixtures::{
    book, booking_status, category, conflict, listed, listing, not_found, open, pay, payment,
    payment_rows, taka, user,
};
use crate::marketplace::support::on_both;
use bikehaat::records::{
    BookingStatus, NewPayment, PaidAmount, Payable, PaymentRecorded, Role, TestPaymentIntent, User,
};
use bikehaat::store::{Refused, Store, StoreError};

/// Karim's Bajaj Avenger at ৳1,80,000 in Cruiser, and Rahim, who may buy it.
struct Avenger {
    seller: User,
    buyer: User,
    cruiser: i64,
    bike: i64,
}

async fn avenger(s: &dyn Store) -> Avenger {
    let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
    let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
    let cruiser = category(s, "Cruiser").await;
    let bike = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;
    Avenger {
        seller,
        buyer,
        cruiser,
        bike,
    }
}

#[tokio::test]
async fn test_payment_intents_are_found_by_secret_and_by_id_and_can_succeed() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let Avenger { buyer, bike, .. } = avenger(s).await;
        let order = book(s, bike, &buyer).await;
        let intent = TestPaymentIntent {
            id: "pi_test_1".into(),
            client_secret: "pi_test_1_secret_abc".into(),
            order_id: order,
            amount: taka(180_000),
            currency: "bdt".into(),
            status: "requires_payment_method".into(),
        };
        // Asked which intent to open, the caller sees the booking as paying needs it;
        // declining writes nothing.
        let declined = s
            .open_test_payment_intent(order, &|_| None)
            .await
            .expect("declined")
            .expect("the booking is there");
        assert_eq!(declined.0.order_id, order);
        assert_eq!(declined.0.hold_amount(), taka(180_000));
        assert!(declined.1.is_none());
        assert!(s
            .test_payment_intent_by_id("pi_test_1")
            .await
            .expect("by id")
            .is_none());
        let asked = |order: &Payable| {
            assert_eq!(order.buyer_id, buyer.id);
            Some(intent.clone())
        };
        let (read, opened) = s
            .open_test_payment_intent(order, &asked)
            .await
            .expect("open intent")
            .expect("the booking is there");
        assert_eq!((read.order_id, read.price), (order, taka(180_000)));
        assert_eq!(
            opened.map(|opened| (opened.id, opened.amount)),
            Some(("pi_test_1".to_owned(), taka(180_000)))
        );

        let by_secret = s
            .test_payment_intent("pi_test_1_secret_abc")
            .await
            .expect("by secret")
            .expect("found");
        let by_id = s
            .test_payment_intent_by_id("pi_test_1")
            .await
            .expect("by id")
            .expect("found");
        for found in [&by_secret, &by_id] {
            assert_eq!(found.id, "pi_test_1");
            assert_eq!(found.client_secret, "pi_test_1_secret_abc");
            assert_eq!(
                (found.order_id, found.amount, found.currency.as_str()),
                (order, taka(180_000), "bdt")
            );
            assert_eq!(found.status, "requires_payment_method");
        }
        assert!(
            s.test_payment_intent("pi_test_1")
                .await
                .expect("by secret")
                .is_none(),
            "an id is not a secret"
        );
        assert!(s
            .test_payment_intent_by_id("pi_test_1_secret_abc")
            .await
            .expect("by id")
            .is_none());
        assert!(s
            .test_payment_intent_by_id("pi_test_nope")
            .await
            .expect("by id")
            .is_none());

        assert!(
            s.confirm_test_payment_intent("pi_test_1")
                .await
                .expect("confirm")
                .is_none(),
            "an id confirms nothing"
        );
        assert_eq!(
            s.test_payment_intent_by_id("pi_test_1")
                .await
                .expect("by id")
                .expect("found")
                .status,
            "requires_payment_method"
        );
        let confirmed = s
            .confirm_test_payment_intent("pi_test_1_secret_abc")
            .await
            .expect("confirm")
            .expect("found");
        assert_eq!(
            (
                confirmed.id.as_str(),
                confirmed.order_id,
                confirmed.status.as_str()
            ),
            ("pi_test_1", order, "succeeded")
        );
        assert_eq!(
            s.test_payment_intent_by_id("pi_test_1")
                .await
                .expect("by id")
                .expect("found")
                .status,
            "succeeded"
        );

        let duplicate = TestPaymentIntent {
            client_secret: "other_secret".into(),
            ..intent.clone()
        };
        assert!(
            s.open_test_payment_intent(order, &|_| Some(duplicate.clone()))
                .await
                .is_err(),
            "intent ids are unique"
        );
        let for_nothing = TestPaymentIntent {
            id: "pi_test_2".into(),
            client_secret: "s2".into(),
            order_id: order + 1000,
            ..intent
        };
        let never = |_: &Payable| -> Option<TestPaymentIntent> {
            panic!("no booking, nothing to ask about")
        };
        assert!(
            s.open_test_payment_intent(order + 1000, &never)
                .await
                .expect("no booking")
                .is_none(),
            "an intent needs a booking"
        );
        assert!(
            s.open_test_payment_intent(order, &|_| Some(for_nothing.clone()))
                .await
                .is_err(),
            "an intent names a booking that is there"
        );
        assert!(s
            .test_payment_intent_by_id("pi_test_2")
            .await
            .expect("by id")
            .is_none());
    })
    .await;
}

#[tokio::test]
async fn a_test_intent_is_recorded_for_what_it_holds_only_once_its_card_was_accepted() {
    on_both(|engine| async move {
        let Some((db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let Avenger {
            seller,
            buyer,
            cruiser,
            bike,
        } = avenger(s).await;
        let other = user(s, "sumi@example.com", "Sumi", Role::Buyer).await;
        let other_bike = listing(s, cruiser, &seller, "Hero Hunk", taka(150_000)).await;
        let order = book(s, bike, &buyer).await;
        let other_order = book(s, other_bike, &other).await;
        let open_one = |id: &'static str, for_order: i64| {
            move |booking: &Payable| {
                Some(TestPaymentIntent {
                    id: id.into(),
                    client_secret: format!("{id}_secret"),
                    order_id: for_order,
                    amount: booking.hold_amount(),
                    currency: "bdt".into(),
                    status: "requires_payment_method".into(),
                })
            }
        };
        s.open_test_payment_intent(order, &open_one("pi_test_mine", order))
            .await
            .expect("open")
            .expect("booked");
        s.open_test_payment_intent(other_order, &open_one("pi_test_theirs", other_order))
            .await
            .expect("open")
            .expect("booked");
        let of_intent = |transaction: &str, for_order: i64| NewPayment {
            payer: Some(buyer.id),
            amount: PaidAmount::OfTestIntent,
            ..payment(for_order, transaction, 0)
        };

        // Not yet accepted, unknown, or another booking's: nothing is recorded.
        for (transaction, named) in [
            ("pi_test_mine", order),
            ("pi_test_nope", order),
            ("pi_test_theirs", order),
        ] {
            let refused = s.record_payment(&of_intent(transaction, named)).await;
            assert!(
                matches!(refused, Err(StoreError::Unconfirmed)),
                "{transaction}: {refused:?}"
            );
        }
        s.confirm_test_payment_intent("pi_test_theirs_secret")
            .await
            .expect("confirm")
            .expect("there");
        let refused = s.record_payment(&of_intent("pi_test_theirs", order)).await;
        assert!(
            matches!(refused, Err(StoreError::Unconfirmed)),
            "{refused:?}"
        );
        assert_eq!(booking_status(s, order).await, BookingStatus::Reserved);
        assert!(payment_rows(&db, "pi_test_mine").await.is_empty());

        // Accepted: recorded for the amount the intent holds, once.
        s.confirm_test_payment_intent("pi_test_mine_secret")
            .await
            .expect("confirm")
            .expect("there");
        let first = s
            .record_payment(&of_intent("pi_test_mine", order))
            .await
            .expect("record")
            .outcome;
        let PaymentRecorded::New(id) = first else {
            panic!("a first payment is new: {first:?}")
        };
        assert_eq!(booking_status(s, order).await, BookingStatus::Held);
        let rows = payment_rows(&db, "pi_test_mine").await;
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].0, taka(180_000));
        let again = s
            .record_payment(&of_intent("pi_test_mine", order))
            .await
            .expect("retry")
            .outcome;
        assert_eq!(again, PaymentRecorded::Existing(id));
    })
    .await;
}

#[tokio::test]
async fn recording_a_payment_sells_the_bike_and_a_retry_finds_the_same_record() {
    on_both(|engine| async move {
        let Some((db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let Avenger { buyer, bike, .. } = avenger(s).await;
        let order = book(s, bike, &buyer).await;
        assert_eq!(s.payments_for_listing(bike).await.expect("payments"), 0);

        let recorded = s
            .record_payment(&payment(order, "pi_avenger", taka(180_000)))
            .await
            .expect("record")
            .outcome;
        let PaymentRecorded::New(id) = recorded else {
            panic!("a first payment is new: {recorded:?}")
        };
        assert!(listed(s, bike).await.sold, "the bike is sold");
        assert_eq!(booking_status(s, order).await, BookingStatus::Held);
        assert_eq!(s.payments_for_listing(bike).await.expect("payments"), 1);

        let again = s
            .record_payment(&payment(order, "pi_avenger", taka(180_000)))
            .await
            .expect("retry")
            .outcome;
        assert_eq!(
            again,
            PaymentRecorded::Existing(id),
            "a retry reports the first record"
        );
        assert_eq!(
            s.payments_for_listing(bike).await.expect("payments"),
            1,
            "nothing is recorded twice"
        );

        let rows = payment_rows(&db, "pi_avenger").await;
        assert_eq!(rows.len(), 1);
        let (amount, currency, email, product_name, product_id, order_id, buyer_id) =
            rows[0].clone();
        assert_eq!((amount, currency.as_str()), (taka(180_000), "bdt"));
        assert_eq!(
            (email.as_str(), product_name.as_str()),
            ("rahim@example.com", "Bajaj Avenger")
        );
        assert_eq!(
            (product_id, order_id, buyer_id),
            (Some(bike), Some(order), Some(buyer.id))
        );

        // The same booking paid again under another transaction: refused.
        conflict(
            s.record_payment(&payment(order, "pi_avenger_2", taka(180_000)))
                .await,
        );
        assert_eq!(s.payments_for_listing(bike).await.expect("payments"), 1);
    })
    .await;
}

#[tokio::test]
async fn a_booking_waiting_in_line_cannot_be_paid() {
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
        let rahims = book(s, bike, &rahim).await;
        let mims = book(s, bike, &mim).await;
        pay(s, rahims, "pi_rahim", taka(180_000)).await;

        assert_eq!(
            conflict(
                s.record_payment(&payment(mims, "pi_mim", taka(180_000)))
                    .await,
            ),
            Refused::InLine,
            "only the booking holding the bike is paid for"
        );
        assert_eq!(booking_status(s, mims).await, BookingStatus::Waiting);
        assert_eq!(s.payments_for_listing(bike).await.expect("payments"), 1);
        assert_eq!(booking_status(s, rahims).await, BookingStatus::Held);
        let steps = s.deal_steps(rahims).await.expect("steps");
        let paid = steps.last().expect("a step");
        assert_eq!(
            (paid.step.as_str(), paid.status.as_str(), paid.amount),
            ("held", "held", Some(taka(180_000)))
        );
        assert_eq!(paid.provider_id.as_deref(), Some("pi_rahim"));
        assert_eq!(
            s.deal_steps(mims).await.expect("steps").len(),
            1,
            "booked only"
        );
    })
    .await;
}

#[tokio::test]
async fn a_cancelled_or_unknown_booking_cannot_be_paid() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let Avenger { buyer, bike, .. } = avenger(s).await;
        let order = book(s, bike, &buyer).await;
        assert!(
            s.cancel_booking(order, buyer.id)
                .await
                .expect("cancel")
                .outcome
        );

        conflict(
            s.record_payment(&payment(order, "pi_cancelled", taka(180_000)))
                .await,
        );
        not_found(
            s.record_payment(&payment(order + 1000, "pi_unknown", taka(180_000)))
                .await,
        );
        assert!(!listed(s, bike).await.sold, "the bike is still for sale");
        assert_eq!(s.payments_for_listing(bike).await.expect("payments"), 0);
        assert_eq!(booking_status(s, order).await, BookingStatus::Cancelled);
    })
    .await;
}

#[tokio::test]
async fn a_transaction_id_cannot_pay_for_a_second_booking() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let first = listing(s, cruiser, &seller, "First", taka(100)).await;
        let second = listing(s, cruiser, &seller, "Second", taka(100)).await;
        let first_order = book(s, first, &buyer).await;
        let second_order = book(s, second, &buyer).await;
        pay(s, first_order, "pi_shared", taka(100)).await;

        conflict(
            s.record_payment(&payment(second_order, "pi_shared", taka(100)))
                .await,
        );
        assert!(!listed(s, second).await.sold);
        assert_eq!(s.payments_for_listing(second).await.expect("payments"), 0);
        assert_eq!(
            booking_status(s, second_order).await,
            BookingStatus::Reserved
        );
    })
    .await;
}

#[tokio::test]
async fn a_payment_is_recorded_only_for_its_own_buyer_and_bike_even_when_retried() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let stranger = user(s, "mita@example.com", "Mita", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let bike = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;
        let other_bike = listing(s, cruiser, &seller, "Hero Hunk", taka(150_000)).await;
        let order = book(s, bike, &buyer).await;
        let reported = |payer: i64, listing_id: Option<i64>| bikehaat::records::NewPayment {
            payer: Some(payer),
            listing_id,
            ..payment(order, "pi_own", taka(180_000))
        };

        // Before it is recorded: someone else's booking, or another bike, sells nothing.
        assert_eq!(
            conflict(s.record_payment(&reported(stranger.id, None)).await),
            Refused::NotYourBooking
        );
        assert_eq!(
            conflict(
                s.record_payment(&reported(buyer.id, Some(other_bike)))
                    .await
            ),
            Refused::NotThisBookingsListing
        );
        assert!(!listed(s, bike).await.sold, "the bike is still for sale");
        assert_eq!(booking_status(s, order).await, BookingStatus::Reserved);
        assert_eq!(s.payments_for_listing(bike).await.expect("payments"), 0);

        // Its own buyer, of its own bike: recorded; the same report again finds it.
        let id = match s
            .record_payment(&reported(buyer.id, Some(bike)))
            .await
            .expect("record")
            .outcome
        {
            PaymentRecorded::New(id) => id,
            other => panic!("a new payment, got {other:?}"),
        };
        assert_eq!(
            s.record_payment(&reported(buyer.id, Some(bike)))
                .await
                .expect("again")
                .outcome,
            PaymentRecorded::Existing(id)
        );
        // After it is recorded, a stranger replaying it learns nothing of it.
        assert_eq!(
            conflict(s.record_payment(&reported(stranger.id, None)).await),
            Refused::NotYourBooking
        );
        assert_eq!(
            conflict(
                s.record_payment(&reported(buyer.id, Some(other_bike)))
                    .await
            ),
            Refused::NotThisBookingsListing
        );
    })
    .await;
}
