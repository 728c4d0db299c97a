//! Adverts: an unsold listing is advertised once, newest first, and sold ones hide.

use super::fixtures::{book, category, conflict, ids, listing, not_found, open, pay, taka, user};
use crate::marketplace::support::on_both;
use bikehaat::records::Role;
use bikehaat::store::{Missing, Refused};

#[tokio::test]
async fn an_unsold_listing_is_advertised_once_and_unknown_or_sold_ones_not_at_all() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let bike = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;
        let sold = listing(s, cruiser, &seller, "Hero Hunk", taka(120_000)).await;
        let order = book(s, sold, &buyer).await;
        pay(s, order, "pi_hunk", taka(120_000)).await;

        let advert = s
            .create_advert(bike, seller.id)
            .await
            .expect("advertise")
            .outcome;
        let adverts = s.adverts().await.expect("adverts");
        assert_eq!(adverts.len(), 1);
        assert_eq!(
            (adverts[0].advert_id, adverts[0].listing.id),
            (advert, bike)
        );
        assert_eq!(adverts[0].listing.name, "Bajaj Avenger");
        assert_eq!(adverts[0].listing.seller_email, "karim@example.com");
        assert!(adverts[0].listing.advertised);

        assert_eq!(
            conflict(s.create_advert(bike, seller.id).await),
            Refused::AlreadyAdvertised
        );
        assert_eq!(
            conflict(s.create_advert(sold, seller.id).await),
            Refused::AlreadySold,
            "a sold bike cannot be advertised"
        );
        assert_eq!(
            not_found(s.create_advert(bike + 1000, seller.id).await),
            Missing::Listing
        );
        assert_eq!(
            s.adverts().await.expect("adverts").len(),
            1,
            "nothing else was advertised"
        );
    })
    .await;
}

#[tokio::test]
async fn adverts_come_newest_first_and_hide_sold_listings() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let older = listing(s, cruiser, &seller, "Older", taka(100)).await;
        let newer = listing(s, cruiser, &seller, "Newer", taka(200)).await;
        let third = listing(s, cruiser, &seller, "Third", taka(300)).await;
        // Advertised in a different order from listing: the advert's age decides.
        s.create_advert(newer, seller.id).await.expect("advert");
        s.create_advert(older, seller.id).await.expect("advert");
        s.create_advert(third, seller.id).await.expect("advert");
        assert_eq!(
            ids(&s.adverts().await.expect("adverts"), |a| a.listing.id),
            vec![third, older, newer]
        );

        let order = book(s, older, &buyer).await;
        pay(s, order, "pi_older", taka(100)).await;
        assert_eq!(
            ids(&s.adverts().await.expect("adverts"), |a| a.listing.id),
            vec![third, newer]
        );
        assert!(s
            .adverts()
            .await
            .expect("adverts")
            .iter()
            .all(|a| !a.listing.sold));
    })
    .await;
}
