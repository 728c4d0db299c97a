//! Notifications reach exactly the people a change concerns, in the transaction of the
//! change; wishlists are per buyer and idempotent.

use super::fixtures::{book, category, listing, not_found, open, pay, taka, user};
use crate::marketplace::support::on_both;
use bikehaat::records::{Notification, Role, User};
use bikehaat::store::Store;

/// (kind, message) of everyone's unread notifications, newest first.
async fn told(s: &dyn Store, who: &User) -> Vec<(String, String)> {
    let (list, unread) = s.notifications(who.id, 50).await.expect("notifications");
    assert_eq!(unread, list.iter().filter(|n| !n.read).count() as i64);
    list.into_iter()
        .map(|n: Notification| (n.kind, n.message))
        .collect()
}

async fn kinds(s: &dyn Store, who: &User) -> Vec<String> {
    told(s, who)
        .await
        .into_iter()
        .map(|(kind, _)| kind)
        .collect()
}

#[tokio::test]
async fn each_change_notifies_exactly_the_people_it_concerns() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let karim = user(s, "karim@example.com", "Karim Motors", Role::Seller).await;
        let rahim = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let mim = user(s, "mim@example.com", "Mim", Role::Buyer).await;
        let saver = user(s, "saver@example.com", "Saver", Role::Buyer).await;
        let boss = user(s, "boss@example.com", "Boss", Role::Admin).await;
        let deputy = user(s, "deputy@example.com", "Deputy", Role::Admin).await;
        let cruiser = category(s, "Cruiser").await;
        let fz = listing(s, cruiser, &karim, "Yamaha FZ", taka(250_000)).await;

        // A booking tells the seller, with whom to call and where to meet.
        let rahims = book(s, fz, &rahim).await;
        let mims = book(s, fz, &mim).await;
        assert!(s.save_to_wishlist(saver.id, fz).await.expect("save"));
        assert!(s.save_to_wishlist(mim.id, fz).await.expect("save"));
        let seller_told = told(s, &karim).await;
        assert_eq!(seller_told.len(), 2);
        assert_eq!(seller_told[0].0, "booking");
        assert_eq!(
            seller_told[1].1,
            "Rahim booked your Yamaha FZ. Call them on +880 1711-000000 to agree on meeting at \
             Banani 11, Dhaka (Rahim)."
        );
        assert!(
            told(s, &rahim).await.is_empty(),
            "the buyer knows what they did"
        );

        // A report tells every admin, and nobody else.
        assert!(
            s.report_listing(fz, rahim.id, bikehaat::records::ReportReason::Other, "")
                .await
                .expect("report")
                .outcome
        );
        for admin in [&boss, &deputy] {
            assert_eq!(
                told(s, admin).await,
                [(
                    "report".to_owned(),
                    "A buyer reported Yamaha FZ.".to_owned()
                )]
            );
        }

        // A payment tells the seller and the buyer; the other booker and the saver learn
        // it is gone, once each (Mim booked and saved it: one notification).
        pay(s, rahims, "pi_fz", taka(250_000)).await;
        assert_eq!(kinds(s, &karim).await, ["payment", "booking", "booking"]);
        assert_eq!(
            told(s, &rahim).await,
            [(
                "payment".to_owned(),
                "Your card holds the price of Yamaha FZ: nothing is taken until you meet \
                 Karim Motors at Banani 11, Dhaka (Rahim) and show your handover code. Call \
                 them on 01711-234567."
                    .to_owned()
            )]
        );
        assert_eq!(
            told(s, &mim).await,
            [(
                "sold".to_owned(),
                "Yamaha FZ, which you booked, was sold to another buyer.".to_owned()
            )]
        );
        assert_eq!(
            told(s, &saver).await,
            [(
                "sold".to_owned(),
                "Yamaha FZ on your wishlist was sold.".to_owned()
            )]
        );
        let _ = mims;

        // A cancellation tells the seller.
        let r15 = listing(s, cruiser, &karim, "Yamaha R15", taka(400_000)).await;
        let booking = book(s, r15, &mim).await;
        assert!(
            s.cancel_booking(booking, mim.id)
                .await
                .expect("cancel")
                .outcome
        );
        assert_eq!(
            told(s, &karim).await[0],
            (
                "cancellation".to_owned(),
                "Mim cancelled their booking of your Yamaha R15.".to_owned()
            )
        );

        // Verifying a seller tells them.
        assert!(s.verify_seller(karim.id).await.expect("verify").outcome);
        assert_eq!(kinds(s, &karim).await[0], "verified");
    })
    .await;
}

#[tokio::test]
async fn removing_a_listing_tells_who_booked_or_saved_it_and_the_seller_only_when_an_admin_did() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let karim = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let rahim = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let saver = user(s, "saver@example.com", "Saver", Role::Buyer).await;
        let boss = user(s, "boss@example.com", "Boss", Role::Admin).await;
        let cruiser = category(s, "Cruiser").await;
        let mine = listing(s, cruiser, &karim, "Bajaj Pulsar", taka(180_000)).await;
        let flagged = listing(s, cruiser, &karim, "TVS Apache", taka(200_000)).await;
        for bike in [mine, flagged] {
            book(s, bike, &rahim).await;
            assert!(s.save_to_wishlist(saver.id, bike).await.expect("save"));
        }
        let before = kinds(s, &karim).await.len();

        assert!(
            s.delete_listing(mine, karim.id, false, None)
                .await
                .expect("delete")
                .outcome
        );
        assert_eq!(
            kinds(s, &karim).await.len(),
            before,
            "the seller knows what they did"
        );
        assert!(
            s.delete_listing(flagged, boss.id, true, None)
                .await
                .expect("delete")
                .outcome
        );
        assert_eq!(
            told(s, &karim).await[0],
            (
                "removed".to_owned(),
                "An admin removed your listing TVS Apache.".to_owned()
            )
        );
        assert_eq!(
            told(s, &rahim).await,
            [
                (
                    "removed".to_owned(),
                    "TVS Apache, which you booked, is no longer listed.".to_owned()
                ),
                (
                    "removed".to_owned(),
                    "Bajaj Pulsar, which you booked, is no longer listed.".to_owned()
                ),
            ]
        );
        assert_eq!(kinds(s, &saver).await, ["removed", "removed"]);
        assert!(
            s.wishlist(saver.id).await.expect("wishlist").is_empty(),
            "a removed bike leaves the wishlist"
        );
        assert!(told(s, &boss).await.is_empty());
    })
    .await;
}

#[tokio::test]
async fn a_user_marks_only_their_own_notifications_read() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let karim = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let nadia = user(s, "nadia@example.com", "Nadia", Role::Seller).await;
        let rahim = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        for name in ["One", "Two", "Three"] {
            let bike = listing(s, cruiser, &karim, name, taka(1_000)).await;
            book(s, bike, &rahim).await;
        }
        let theirs = listing(s, cruiser, &nadia, "Hers", taka(1_000)).await;
        book(s, theirs, &rahim).await;
        let (karims, unread) = s.notifications(karim.id, 50).await.expect("list");
        assert_eq!(unread, 3);
        let (nadias, _) = s.notifications(nadia.id, 50).await.expect("list");

        let newest = karims[0].id;
        assert_eq!(
            s.mark_notifications_read(karim.id, Some(&[newest, nadias[0].id]))
                .await
                .expect("mark"),
            1,
            "someone else's id changes nothing"
        );
        assert_eq!(s.notifications(nadia.id, 50).await.expect("list").1, 1);
        let (karims, unread) = s.notifications(karim.id, 50).await.expect("list");
        assert_eq!(unread, 2);
        assert!(karims[0].read && !karims[1].read);
        assert_eq!(
            s.mark_notifications_read(karim.id, Some(&[newest]))
                .await
                .expect("again"),
            0,
            "read stays read"
        );
        assert_eq!(
            s.mark_notifications_read(karim.id, None)
                .await
                .expect("all"),
            2
        );
        assert_eq!(s.notifications(karim.id, 1).await.expect("list").1, 0);
        assert_eq!(
            s.notifications(karim.id, 1).await.expect("list").0.len(),
            1,
            "at most the limit"
        );
    })
    .await;
}

#[tokio::test]
async fn a_wishlist_keeps_each_bike_once_and_shows_sold_ones() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let karim = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let rahim = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let mim = user(s, "mim@example.com", "Mim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let fz = listing(s, cruiser, &karim, "Yamaha FZ", taka(250_000)).await;
        let r15 = listing(s, cruiser, &karim, "Yamaha R15", taka(400_000)).await;

        assert!(s.save_to_wishlist(rahim.id, fz).await.expect("save"));
        assert!(!s.save_to_wishlist(rahim.id, fz).await.expect("save again"));
        assert!(s.save_to_wishlist(rahim.id, r15).await.expect("save"));
        not_found(s.save_to_wishlist(rahim.id, r15 + 1000).await);
        let saved: Vec<i64> = s
            .wishlist(rahim.id)
            .await
            .expect("list")
            .iter()
            .map(|p| p.id)
            .collect();
        assert_eq!(saved.len(), 2);
        assert!(saved.contains(&fz) && saved.contains(&r15));
        assert!(
            s.wishlist(mim.id).await.expect("list").is_empty(),
            "per buyer"
        );

        let order = book(s, fz, &mim).await;
        pay(s, order, "pi_fz", taka(250_000)).await;
        let fz_saved = s.wishlist(rahim.id).await.expect("list");
        assert!(
            fz_saved.iter().any(|p| p.id == fz && p.sold),
            "a sold bike stays, shown sold"
        );

        assert!(s.remove_from_wishlist(rahim.id, fz).await.expect("remove"));
        assert!(!s
            .remove_from_wishlist(rahim.id, fz)
            .await
            .expect("remove again"));
        assert!(!s
            .remove_from_wishlist(mim.id, r15)
            .await
            .expect("not theirs"));
        let left: Vec<i64> = s
            .wishlist(rahim.id)
            .await
            .expect("list")
            .iter()
            .map(|p| p.id)
            .collect();
        assert_eq!(left, [r15]);
    })
    .await;
}

/// Only a listing's seller changes it or deletes it; an admin may delete any. What an
/// edit leaves out (kilometres, district, area) stays as it was: one rule, in the store.
#[tokio::test]
async fn only_its_seller_changes_a_listing_and_an_edit_keeps_what_it_leaves_out() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let karim = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let nadia = user(s, "nadia@example.com", "Nadia", Role::Seller).await;
        let boss = user(s, "boss@example.com", "Boss", Role::Admin).await;
        let sport = category(s, "Sport").await;
        let fz = listing(s, sport, &karim, "Yamaha FZ", taka(185_000)).await;
        s.update_listing(fz, karim.id, &edit(taka(180_000)))
            .await
            .expect("the seller's edit");

        assert_eq!(
            super::fixtures::conflict(s.update_listing(fz, nadia.id, &edit(taka(1))).await),
            bikehaat::store::Refused::NotYoursToChange
        );
        assert_eq!(
            super::fixtures::conflict(s.delete_listing(fz, nadia.id, false, None).await),
            bikehaat::store::Refused::NotYoursToDelete
        );
        let kept = s.listing(fz).await.expect("read").expect("still listed");
        assert_eq!(
            kept.resale_price,
            taka(180_000),
            "another's edit changed nothing"
        );

        let mut partial = edit(taka(175_000));
        partial.km_driven = None;
        partial.district = None;
        partial.area = None;
        s.update_listing(fz, karim.id, &partial)
            .await
            .expect("edit");
        let now = s.listing(fz).await.expect("read").expect("listed");
        assert_eq!(now.resale_price, taka(175_000));
        assert_eq!(
            (
                now.facts.km_driven,
                now.facts.district.as_deref(),
                now.facts.area.as_deref()
            ),
            (Some(21_000), Some("Dhaka"), Some("Uttara")),
            "what the edit left out stays"
        );

        assert!(
            s.delete_listing(fz, boss.id, true, None)
                .await
                .expect("an admin deletes any")
                .outcome
        );
        assert!(s.listing(fz).await.expect("read").is_none());
    })
    .await;
}

fn edit(price: i64) -> bikehaat::records::ListingEdit {
    bikehaat::records::ListingEdit {
        image: "/uploads/demo-bike-1.svg".into(),
        condition: "Excellent".into(),
        color: "Matte Black".into(),
        description: "New tyres, papers up to date.".into(),
        location: "Uttara, Dhaka".into(),
        resale_price: price,
        seller_phone: "01811-000000".into(),
        photos: r#"["/uploads/demo-bike-1.svg"]"#.into(),
        km_driven: Some(21_000),
        district: Some("Dhaka".into()),
        area: Some("Uttara".into()),
        terms: Default::default(),
        review: Vec::new(),
    }
}

#[tokio::test]
async fn a_seller_edits_only_their_unsold_bikes_and_a_lower_price_tells_those_who_saved_it() {
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
        let fz = listing(s, cruiser, &karim, "Yamaha FZ", taka(250_000)).await;
        assert!(s.save_to_wishlist(rahim.id, fz).await.expect("save"));

        // Dearer: nobody is told.
        s.update_listing(fz, karim.id, &edit(taka(260_000)))
            .await
            .expect("edit");
        assert!(told(s, &rahim).await.is_empty());
        let changed = s.listing(fz).await.expect("read").expect("listed");
        assert_eq!(
            (
                changed.resale_price,
                changed.color.as_str(),
                changed.name.as_str()
            ),
            (taka(260_000), "Matte Black", "Yamaha FZ"),
            "what the bike is stays as posted"
        );
        // Cheaper: those who saved it are told, with both prices.
        s.update_listing(fz, karim.id, &edit(taka(185_000)))
            .await
            .expect("edit");
        assert_eq!(
            told(s, &rahim).await,
            [(
                "price".to_owned(),
                "Yamaha FZ on your wishlist is now ৳1,85,000, down from ৳2,60,000.".to_owned()
            )]
        );
        assert!(told(s, &mim).await.is_empty());

        assert_eq!(
            super::fixtures::conflict(s.update_listing(fz, nadia.id, &edit(taka(1))).await),
            bikehaat::store::Refused::NotYoursToChange
        );
        not_found(s.update_listing(fz + 1000, karim.id, &edit(taka(1))).await);
        let order = book(s, fz, &mim).await;
        pay(s, order, "pi_fz", taka(185_000)).await;
        let refused =
            super::fixtures::conflict(s.update_listing(fz, karim.id, &edit(taka(1))).await);
        assert_eq!(refused, bikehaat::store::Refused::SoldUnchangeable);
        assert_eq!(
            s.listing(fz)
                .await
                .expect("read")
                .expect("listed")
                .resale_price,
            taka(185_000),
            "a sold bike keeps its price"
        );
    })
    .await;
}

/// A change that concerns hundreds of people logs their events in more than one
/// statement: every event is kept, numbered in the order it was made, each reaching
/// its one reader.
#[tokio::test]
async fn a_bike_hundreds_saved_tells_each_of_them_once_in_order() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "seller@example.com", "Karim Motors", Role::Seller).await;
        let cruiser = category(s, "Cruiser").await;
        let fz = listing(s, cruiser, &seller, "Yamaha FZ", taka(250_000)).await;
        let mut savers = Vec::new();
        for n in 0..300 {
            let saver = user(s, &format!("saver{n}@example.com"), "Saver", Role::Buyer).await;
            s.save_to_wishlist(saver.id, fz).await.expect("saved");
            savers.push(saver.id);
        }
        let written = s
            .delete_listing(fz, seller.id, false, None)
            .await
            .expect("deleted");
        let seqs: Vec<i64> = written.events.iter().map(|e| e.seq).collect();
        assert!(seqs.len() > 300, "{} events", seqs.len());
        assert!(
            seqs.windows(2).all(|pair| pair[1] == pair[0] + 1),
            "numbered one after another, in the order made: {seqs:?}"
        );
        let mut told: Vec<i64> = written
            .events
            .iter()
            .filter(|e| e.name == "notification.created")
            .filter_map(|e| e.recipient_id)
            .collect();
        told.sort_unstable();
        assert_eq!(told, savers, "each saver once");
        // The log holds them as the write answered them.
        let logged = s.events_since(seqs[0] - 1, 1000).await.expect("the log");
        assert_eq!(
            logged.iter().map(|e| e.seq).collect::<Vec<_>>(),
            seqs,
            "the log keeps what the write said it logged"
        );
        for (logged, said) in logged.iter().zip(&written.events) {
            assert_eq!(logged, said);
        }
    })
    .await;
}
