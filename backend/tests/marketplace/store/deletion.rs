//! Deleting a user takes what depends on them along, but keeps the payment records.

use super::fixtures::{
    book, category, hand_over_hold, ids, listed, listing, open, pay, payment, payment_rows, taka,
    user,
};
use crate::marketplace::support::on_both;
use bikehaat::records::Role;
use bikehaat::store::StoreError;

#[tokio::test]
async fn deleting_a_seller_takes_their_listings_bookings_reports_adverts_and_identity_along() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        s.create_identity("karim@example.com", "hash")
            .await
            .expect("seller identity");
        s.create_identity("sumon@example.com", "hash")
            .await
            .expect("other identity");
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let other = user(s, "sumon@example.com", "Sumon", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let doomed = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;
        let kept = listing(s, cruiser, &other, "Hero Hunk", taka(120_000)).await;
        s.create_advert(doomed, seller.id).await.expect("advert");
        s.create_advert(kept, other.id).await.expect("advert");
        assert!(
            s.report_listing(doomed, buyer.id, bikehaat::records::ReportReason::Other, "")
                .await
                .expect("report")
                .outcome
        );
        assert!(
            s.report_listing(kept, buyer.id, bikehaat::records::ReportReason::Other, "")
                .await
                .expect("report")
                .outcome
        );
        let doomed_order = book(s, doomed, &buyer).await;
        let kept_order = book(s, kept, &buyer).await;

        assert!(
            s.delete_user(seller.id, Role::Seller, super::fixtures::SOME_ADMIN)
                .await
                .expect("delete seller")
                .outcome
        );

        assert!(s.user_by_id(seller.id).await.expect("user").is_none());
        assert!(
            s.identity_by_email("karim@example.com")
                .await
                .expect("identity")
                .is_none(),
            "identity goes"
        );
        assert!(
            s.identity_by_email("sumon@example.com")
                .await
                .expect("identity")
                .is_some(),
            "others' stay"
        );
        assert!(
            s.listing(doomed).await.expect("product").is_none(),
            "their listing goes"
        );
        assert!(s
            .listings_of_seller(seller.id)
            .await
            .expect("of seller")
            .is_empty());
        assert_eq!(
            ids(
                &s.listings_in_category(cruiser).await.expect("in category"),
                |p| p.id
            ),
            vec![kept]
        );
        assert_eq!(
            ids(&s.adverts().await.expect("adverts"), |a| a.listing.id),
            vec![kept]
        );
        assert_eq!(
            ids(&s.reported_listings().await.expect("reported"), |p| p.id),
            vec![kept]
        );
        assert!(
            s.booking(doomed_order).await.expect("order").is_none(),
            "bookings on their listing go"
        );
        assert_eq!(
            ids(&s.bookings_of_buyer(buyer.id).await.expect("orders"), |o| o
                .order_id),
            vec![kept_order]
        );
        assert!(
            s.user_by_id(buyer.id).await.expect("buyer").is_some(),
            "the buyer stays"
        );
    })
    .await;
}

#[tokio::test]
async fn deleting_a_buyer_takes_their_bookings_reports_and_identity_but_keeps_their_payment() {
    on_both(|engine| async move {
        let Some((db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        s.create_identity("rahim@example.com", "hash")
            .await
            .expect("buyer identity");
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let other = user(s, "mim@example.com", "Mim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let reported = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;
        let bought = listing(s, cruiser, &seller, "Hero Hunk", taka(120_000)).await;
        assert!(
            s.report_listing(
                reported,
                buyer.id,
                bikehaat::records::ReportReason::Other,
                ""
            )
            .await
            .expect("report")
            .outcome
        );
        let booked = book(s, reported, &buyer).await;
        let others_booking = book(s, reported, &other).await;
        let paid = book(s, bought, &buyer).await;
        pay(s, paid, "pi_rahim", taka(120_000)).await;
        hand_over_hold(s, paid, &buyer, &seller).await;

        assert!(
            s.delete_user(buyer.id, Role::Buyer, super::fixtures::SOME_ADMIN)
                .await
                .expect("delete buyer")
                .outcome
        );

        assert!(s
            .identity_by_email("rahim@example.com")
            .await
            .expect("identity")
            .is_none());
        assert!(
            s.booking(booked).await.expect("order").is_none(),
            "their booking goes"
        );
        assert!(
            s.booking(paid).await.expect("order").is_none(),
            "their completed deal goes"
        );
        assert!(
            s.booking(others_booking).await.expect("order").is_some(),
            "another buyer's booking stays"
        );
        assert!(
            s.reported_listings().await.expect("reported").is_empty(),
            "their report goes"
        );
        assert!(!listed(s, reported).await.reported);
        let sold = s
            .listing(bought)
            .await
            .expect("product")
            .expect("the bought bike stays listed");
        assert!(sold.sold, "the bike they bought stays sold");
        assert_eq!(
            s.payments_for_listing(bought).await.expect("payments"),
            1,
            "the payment stays"
        );
        let rows = payment_rows(&db, "pi_rahim").await;
        assert_eq!(rows.len(), 1, "the payment record survives");
        let (amount, currency, email, product_name, product_id, order_id, buyer_id) =
            rows[0].clone();
        assert_eq!(
            (amount, currency.as_str(), email.as_str()),
            (taka(120_000), "bdt", "rahim@example.com")
        );
        assert_eq!(product_name, "Hero Hunk");
        assert_eq!(product_id, Some(bought));
        assert_eq!(
            (order_id, buyer_id),
            (None, None),
            "references to the deleted rows are cleared"
        );
    })
    .await;
}

#[tokio::test]
async fn deleting_a_seller_keeps_the_payment_for_a_bike_they_sold() {
    on_both(|engine| async move {
        let Some((db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let bike = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;
        let order = book(s, bike, &buyer).await;
        pay(s, order, "pi_avenger", taka(180_000)).await;
        hand_over_hold(s, order, &buyer, &seller).await;

        assert!(
            s.delete_user(seller.id, Role::Seller, super::fixtures::SOME_ADMIN)
                .await
                .expect("delete seller")
                .outcome
        );

        assert!(s.listing(bike).await.expect("product").is_none());
        assert!(s
            .bookings_of_buyer(buyer.id)
            .await
            .expect("orders")
            .is_empty());
        let rows = payment_rows(&db, "pi_avenger").await;
        assert_eq!(rows.len(), 1, "the payment record survives the seller");
        let (amount, _, email, product_name, product_id, order_id, buyer_id) = rows[0].clone();
        assert_eq!(
            (amount, email.as_str(), product_name.as_str()),
            (taka(180_000), "rahim@example.com", "Bajaj Avenger")
        );
        assert_eq!(
            (product_id, order_id),
            (None, None),
            "references to the deleted rows are cleared"
        );
        assert_eq!(buyer_id, Some(buyer.id), "the buyer is still known");
        // Recording the same transaction again is not mistaken for a new sale.
        let retry = s
            .record_payment(&payment(order, "pi_avenger", taka(180_000)))
            .await;
        assert!(
            matches!(retry, Err(StoreError::Refused(_) | StoreError::NotFound(_))),
            "a retry after the booking is gone records nothing: {retry:?}"
        );
        assert_eq!(payment_rows(&db, "pi_avenger").await.len(), 1);
    })
    .await;
}

/// A deal whose buyer or seller is removed ends with them, and its hold is given back:
/// the bike a removed buyer held is for sale again, and the sweep releases both holds.
#[tokio::test]
async fn removing_either_side_of_a_held_deal_gives_the_hold_back() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let other = user(s, "nadia@example.com", "Nadia", Role::Seller).await;
        let cruiser = category(s, "Cruiser").await;
        let kept = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;
        let gone = listing(s, cruiser, &other, "Hero Hunk", taka(150_000)).await;
        let buyers_deal = book(s, kept, &buyer).await;
        pay(s, buyers_deal, "pi_buyer_gone", taka(180_000)).await;
        let mim = user(s, "mim@example.com", "Mim", Role::Buyer).await;
        let sellers_deal = book(s, gone, &mim).await;
        pay(s, sellers_deal, "pi_seller_gone", taka(150_000)).await;
        assert!(listed(s, kept).await.sold);

        let written = s
            .delete_user(buyer.id, Role::Buyer, super::fixtures::SOME_ADMIN)
            .await
            .expect("delete");
        assert!(written.outcome);
        let names: Vec<&str> = written.events.iter().map(|e| e.name.as_str()).collect();
        assert!(names.contains(&"product.unsold"), "{names:?}");
        assert!(!listed(s, kept).await.sold, "the bike is for sale again");
        assert!(
            s.delete_user(other.id, Role::Seller, super::fixtures::SOME_ADMIN)
                .await
                .expect("delete")
                .outcome
        );

        let later = chrono::Utc::now() + chrono::Duration::minutes(1);
        let holds = s.holds_to_release(later, 10).await.expect("holds");
        let mut ids: Vec<String> = holds.into_iter().map(|h| h.transaction_id).collect();
        ids.sort();
        assert_eq!(ids, ["pi_buyer_gone", "pi_seller_gone"]);
        // A new buyer can hold the bike the removed buyer had.
        let next = book(s, kept, &mim).await;
        pay(s, next, "pi_next", taka(180_000)).await;
    })
    .await;
}
