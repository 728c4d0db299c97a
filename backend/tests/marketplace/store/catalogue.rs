//! Categories and listings: unique names, orderings, sellers' public faces, reports
//! and deleting a listing.

use super::fixtures::{
    book, category, conflict, ids, listed, listing, new_listing, not_found, open, taka, user,
};
use crate::marketplace::support::on_both;
use bikehaat::records::Role;
use chrono::Utc;

#[tokio::test]
async fn category_names_are_unique_and_categories_list_oldest_first() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let cruiser = s
            .create_category("Cruiser", "/uploads/a.svg")
            .await
            .expect("cruiser")
            .outcome;
        let sports = s
            .create_category("Sports", "https://example.com/s.jpg")
            .await
            .expect("sports")
            .outcome;
        assert_eq!(
            (cruiser.name.as_str(), cruiser.image.as_str()),
            ("Cruiser", "/uploads/a.svg")
        );

        let all = s.categories().await.expect("categories");
        assert_eq!(ids(&all, |c| c.id), vec![cruiser.id, sports.id]);
        assert_eq!(all[1].name, "Sports");
        let found = s
            .category(sports.id)
            .await
            .expect("category")
            .expect("found");
        assert_eq!(
            (found.name.as_str(), found.image.as_str()),
            ("Sports", "https://example.com/s.jpg")
        );
        assert!(s
            .category(sports.id + 1000)
            .await
            .expect("category")
            .is_none());

        conflict(s.create_category("Cruiser", "/uploads/b.svg").await);
        let all = s.categories().await.expect("categories");
        assert_eq!(all.len(), 2, "the duplicate was not added");
        assert_eq!(all[0].image, "/uploads/a.svg", "the original is unchanged");
    })
    .await;
}

#[tokio::test]
async fn a_listing_in_an_unknown_category_is_not_found() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let cruiser = category(s, "Cruiser").await;
        not_found(
            s.create_listing(&new_listing(cruiser + 1000, seller.id, "Ghost", taka(100)))
                .await,
        );
        assert!(
            s.listings_of_seller(seller.id)
                .await
                .expect("of seller")
                .is_empty(),
            "nothing was listed"
        );
    })
    .await;
}

#[tokio::test]
async fn a_listing_shows_its_fields_and_its_sellers_public_face_from_the_user_row() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim Uddin", Role::Seller).await;
        let cruiser = category(s, "Cruiser").await;
        let input = new_listing(cruiser, seller.id, "Royal Enfield Classic 350", 35_000_050);
        let before = Utc::now();
        let id = s.create_listing(&input).await.expect("create").outcome;

        let p = listed(s, id).await;
        assert_eq!(p.id, id);
        assert_eq!((p.category_id, p.seller_id), (cruiser, seller.id));
        assert_eq!(p.name, input.name);
        assert_eq!(p.image, input.image);
        assert_eq!(p.condition, input.condition);
        assert_eq!(p.color, input.color);
        assert_eq!(p.description, input.description);
        assert_eq!(p.location, input.location);
        assert_eq!(
            (p.original_price, p.resale_price),
            (70_000_100, 35_000_050),
            "cents round-trip"
        );
        assert_eq!((p.purchase_year, p.years_of_use), (2019, 5));
        assert_eq!(p.seller_phone, input.seller_phone);
        assert_eq!(
            (p.seller_name.as_str(), p.seller_email.as_str()),
            ("Karim Uddin", "karim@example.com")
        );
        assert!(
            !p.seller_verified && !p.sold && !p.reported && !p.advertised,
            "{p:?}"
        );
        assert!(
            p.posted_at >= before - chrono::Duration::seconds(5)
                && p.posted_at <= Utc::now() + chrono::Duration::seconds(5),
            "posted_at {} is now",
            p.posted_at
        );
        assert!(s.listing(id + 1000).await.expect("product").is_none());

        s.create_advert(id, seller.id).await.expect("advert");
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        s.report_listing(id, buyer.id, bikehaat::records::ReportReason::Other, "")
            .await
            .expect("report");
        let p = listed(s, id).await;
        assert!(
            p.advertised && p.reported,
            "flags follow adverts and reports: {p:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn a_category_lists_its_own_listings_newest_first() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let cruiser = category(s, "Cruiser").await;
        let sports = category(s, "Sports").await;
        let empty = category(s, "Scooter").await;
        let c1 = listing(s, cruiser, &seller, "C1", taka(100)).await;
        let s1 = listing(s, sports, &seller, "S1", taka(100)).await;
        let c2 = listing(s, cruiser, &seller, "C2", taka(100)).await;
        let c3 = listing(s, cruiser, &seller, "C3", taka(100)).await;

        let in_cruiser = s.listings_in_category(cruiser).await.expect("cruiser");
        assert_eq!(ids(&in_cruiser, |p| p.id), vec![c3, c2, c1]);
        assert!(in_cruiser.iter().all(|p| p.category_id == cruiser));
        assert_eq!(
            ids(
                &s.listings_in_category(sports).await.expect("sports"),
                |p| p.id
            ),
            vec![s1]
        );
        assert!(s
            .listings_in_category(empty)
            .await
            .expect("empty")
            .is_empty());
        assert!(s
            .listings_in_category(empty + 1000)
            .await
            .expect("unknown")
            .is_empty());
    })
    .await;
}

#[tokio::test]
async fn a_seller_sees_only_their_own_listings_newest_first() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let karim = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let sumon = user(s, "sumon@example.com", "Sumon", Role::Seller).await;
        let cruiser = category(s, "Cruiser").await;
        let sports = category(s, "Sports").await;
        let k1 = listing(s, cruiser, &karim, "K1", taka(100)).await;
        let s1 = listing(s, cruiser, &sumon, "S1", taka(100)).await;
        let k2 = listing(s, sports, &karim, "K2", taka(100)).await;

        let karims = s.listings_of_seller(karim.id).await.expect("karim's");
        assert_eq!(ids(&karims, |p| p.id), vec![k2, k1]);
        assert!(karims.iter().all(|p| p.seller_email == "karim@example.com"));
        assert_eq!(
            ids(
                &s.listings_of_seller(sumon.id).await.expect("sumon's"),
                |p| p.id
            ),
            vec![s1]
        );
        assert!(s
            .listings_of_seller(sumon.id + 1000)
            .await
            .expect("nobody's")
            .is_empty());
    })
    .await;
}

#[tokio::test]
async fn a_buyer_reports_a_listing_once_and_it_joins_the_reported_queue() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let rahim = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let mim = user(s, "mim@example.com", "Mim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let first = listing(s, cruiser, &seller, "First", taka(100)).await;
        let second = listing(s, cruiser, &seller, "Second", taka(100)).await;
        let clean = listing(s, cruiser, &seller, "Clean", taka(100)).await;
        assert!(s.reported_listings().await.expect("reported").is_empty());

        assert!(
            s.report_listing(first, rahim.id, bikehaat::records::ReportReason::Other, "")
                .await
                .expect("report")
                .outcome,
            "a first report is new"
        );
        assert!(
            !s.report_listing(first, rahim.id, bikehaat::records::ReportReason::Other, "")
                .await
                .expect("report again")
                .outcome,
            "the same report twice is not"
        );
        assert!(
            s.report_listing(first, mim.id, bikehaat::records::ReportReason::Other, "")
                .await
                .expect("another buyer's report")
                .outcome,
            "another buyer's is new"
        );
        assert!(
            s.report_listing(second, mim.id, bikehaat::records::ReportReason::Other, "")
                .await
                .expect("report")
                .outcome
        );

        let reported = s.reported_listings().await.expect("reported");
        assert_eq!(
            ids(&reported, |p| p.id),
            vec![second, first],
            "each once, newest first"
        );
        assert!(reported.iter().all(|p| p.reported));
        assert!(!listed(s, clean).await.reported);
        not_found(
            s.report_listing(
                clean + 1000,
                rahim.id,
                bikehaat::records::ReportReason::Other,
                "",
            )
            .await,
        );
    })
    .await;
}

#[tokio::test]
async fn deleting_a_listing_takes_its_advert_bookings_and_reports_along() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let doomed = listing(s, cruiser, &seller, "Doomed", taka(100)).await;
        let kept = listing(s, cruiser, &seller, "Kept", taka(100)).await;
        s.create_advert(doomed, seller.id).await.expect("advert");
        s.report_listing(doomed, buyer.id, bikehaat::records::ReportReason::Other, "")
            .await
            .expect("report");
        let order = book(s, doomed, &buyer).await;
        let kept_order = book(s, kept, &buyer).await;

        assert!(
            s.delete_listing(doomed, seller.id, false, None)
                .await
                .expect("delete")
                .outcome
        );
        assert!(
            !s.delete_listing(doomed, seller.id, false, None)
                .await
                .expect("delete again")
                .outcome,
            "already gone"
        );
        assert!(
            !s.delete_listing(kept + 1000, seller.id, false, None)
                .await
                .expect("delete unknown")
                .outcome
        );
        assert!(s.listing(doomed).await.expect("product").is_none());
        assert!(s.adverts().await.expect("adverts").is_empty());
        assert!(s.reported_listings().await.expect("reported").is_empty());
        assert!(s.booking(order).await.expect("order").is_none());
        assert_eq!(
            ids(&s.bookings_of_buyer(buyer.id).await.expect("orders"), |o| o
                .order_id),
            vec![kept_order]
        );
        assert_eq!(
            ids(
                &s.listings_of_seller(seller.id).await.expect("of seller"),
                |p| p.id
            ),
            vec![kept]
        );
    })
    .await;
}
