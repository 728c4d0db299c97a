//! Identities and users: uniqueness, look-ups, roles, verifying sellers and deleting
//! users of a given role.

use super::fixtures::{book, category, conflict, ids, listed, listing, open, taka, user};
use crate::marketplace::support::on_both;
use bikehaat::records::{Language, NewUser, Role};
use chrono::Utc;

#[tokio::test]
async fn an_identity_is_unique_per_email_and_found_by_it() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let made = store
            .create_identity("rahim@example.com", "hash-1")
            .await
            .expect("create identity");
        assert_eq!(made.email, "rahim@example.com");
        assert_eq!(made.password_hash, "hash-1");

        let found = store
            .identity_by_email("rahim@example.com")
            .await
            .expect("lookup")
            .expect("found");
        assert_eq!(
            (found.id, found.password_hash.as_str()),
            (made.id, "hash-1")
        );
        assert!(store
            .identity_by_email("nobody@example.com")
            .await
            .expect("lookup")
            .is_none());

        conflict(store.create_identity("rahim@example.com", "hash-2").await);
        let still = store
            .identity_by_email("rahim@example.com")
            .await
            .expect("lookup")
            .expect("found");
        assert_eq!(
            still.password_hash, "hash-1",
            "a refused sign-up does not change the password"
        );

        let other = store
            .create_identity("karim@example.com", "hash-3")
            .await
            .expect("another identity");
        assert_ne!(other.id, made.id);
    })
    .await;
}

#[tokio::test]
async fn a_user_is_found_by_id_email_and_subject_and_email_and_subject_are_unique() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let before = Utc::now();
        let rahim = user(store.as_ref(), "rahim@example.com", "Rahim", Role::Buyer).await;
        assert_eq!(rahim.email, "rahim@example.com");
        assert_eq!(rahim.name, "Rahim");
        assert_eq!(rahim.subject, "local:rahim@example.com");
        assert_eq!(rahim.image, "https://example.com/Rahim.jpg");
        assert_eq!(rahim.role(), Role::Buyer);
        assert!(!rahim.verified);
        assert!(
            rahim.created_at >= before - chrono::Duration::seconds(5)
                && rahim.created_at <= Utc::now() + chrono::Duration::seconds(5),
            "created_at {} is now",
            rahim.created_at
        );

        let by_id = store
            .user_by_id(rahim.id)
            .await
            .expect("by id")
            .expect("found by id");
        let by_email = store
            .user_by_email("rahim@example.com")
            .await
            .expect("by email")
            .expect("found");
        let by_subject = store
            .user_by_subject("local:rahim@example.com")
            .await
            .expect("by subject")
            .expect("found");
        for found in [&by_id, &by_email, &by_subject] {
            assert_eq!(
                (found.id, found.email.as_str(), found.role()),
                (rahim.id, "rahim@example.com", Role::Buyer)
            );
        }
        assert!(store
            .user_by_id(rahim.id + 1000)
            .await
            .expect("by id")
            .is_none());
        assert!(store
            .user_by_email("nobody@example.com")
            .await
            .expect("by email")
            .is_none());
        assert!(store
            .user_by_subject("local:nobody")
            .await
            .expect("by subject")
            .is_none());

        let same_email = NewUser {
            subject: "firebase:abc".into(),
            email: "rahim@example.com".into(),
            name: "Impostor".into(),
            image: String::new(),
            role: Role::Seller,
            email_verified: false,
            language: Language::En,
        };
        conflict(store.create_user(&same_email).await);
        let same_subject = NewUser {
            email: "other@example.com".into(),
            subject: "local:rahim@example.com".into(),
            ..same_email
        };
        conflict(store.create_user(&same_subject).await);

        assert_eq!(
            store
                .users_with_role(Role::Buyer)
                .await
                .expect("buyers")
                .len(),
            1
        );
        assert!(
            store
                .users_with_role(Role::Seller)
                .await
                .expect("sellers")
                .is_empty(),
            "no impostor was created"
        );
        let kept = store
            .user_by_email("rahim@example.com")
            .await
            .expect("by email")
            .expect("found");
        assert_eq!((kept.name.as_str(), kept.role()), ("Rahim", Role::Buyer));
    })
    .await;
}

#[tokio::test]
async fn grant_admin_makes_an_existing_user_admin_and_says_when_there_is_none() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let rahim = user(store.as_ref(), "rahim@example.com", "Rahim", Role::Buyer).await;
        assert!(store.grant_admin("rahim@example.com").await.expect("grant"));
        let now = store
            .user_by_id(rahim.id)
            .await
            .expect("by id")
            .expect("found");
        assert_eq!(now.role(), Role::Admin);
        assert_eq!(
            ids(
                &store.users_with_role(Role::Admin).await.expect("admins"),
                |u| u.id
            ),
            vec![rahim.id]
        );
        assert!(store
            .users_with_role(Role::Buyer)
            .await
            .expect("buyers")
            .is_empty());

        assert!(
            !store
                .grant_admin("nobody@example.com")
                .await
                .expect("grant"),
            "no such user"
        );
        assert_eq!(
            store
                .users_with_role(Role::Admin)
                .await
                .expect("admins")
                .len(),
            1
        );
    })
    .await;
}

#[tokio::test]
async fn users_with_a_role_are_only_that_role_oldest_first() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let b1 = user(store.as_ref(), "b1@example.com", "B1", Role::Buyer).await;
        let s1 = user(store.as_ref(), "s1@example.com", "S1", Role::Seller).await;
        let b2 = user(store.as_ref(), "b2@example.com", "B2", Role::Buyer).await;
        let s2 = user(store.as_ref(), "s2@example.com", "S2", Role::Seller).await;
        let b3 = user(store.as_ref(), "b3@example.com", "B3", Role::Buyer).await;
        let a1 = user(store.as_ref(), "a1@example.com", "A1", Role::Admin).await;

        let buyers = store.users_with_role(Role::Buyer).await.expect("buyers");
        assert_eq!(ids(&buyers, |u| u.id), vec![b1.id, b2.id, b3.id]);
        assert!(buyers.iter().all(|u| u.role() == Role::Buyer));
        let sellers = store.users_with_role(Role::Seller).await.expect("sellers");
        assert_eq!(ids(&sellers, |u| u.id), vec![s1.id, s2.id]);
        assert_eq!(
            ids(
                &store.users_with_role(Role::Admin).await.expect("admins"),
                |u| u.id
            ),
            vec![a1.id]
        );
    })
    .await;
}

#[tokio::test]
async fn only_a_seller_can_be_verified_and_the_badge_shows_on_all_their_listings() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let first = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;
        let second = listing(s, cruiser, &seller, "Hero Hunk", taka(120_000)).await;
        s.create_advert(first, seller.id).await.expect("advert");
        let order = book(s, second, &buyer).await;
        assert!(!listed(s, first).await.seller_verified);

        assert!(
            !s.verify_seller(buyer.id)
                .await
                .expect("verify buyer")
                .outcome,
            "a buyer cannot be verified"
        );
        assert!(
            !s.user_by_id(buyer.id)
                .await
                .expect("buyer")
                .expect("found")
                .verified
        );
        assert!(
            !s.verify_seller(seller.id + 1000)
                .await
                .expect("verify nobody")
                .outcome
        );
        assert!(!listed(s, first).await.seller_verified);

        assert!(
            s.verify_seller(seller.id)
                .await
                .expect("verify seller")
                .outcome
        );
        assert!(
            s.user_by_id(seller.id)
                .await
                .expect("seller")
                .expect("found")
                .verified
        );
        for id in [first, second] {
            assert!(listed(s, id).await.seller_verified, "listing {id}");
        }
        assert!(s
            .listings_of_seller(seller.id)
            .await
            .expect("of seller")
            .iter()
            .all(|p| p.seller_verified));
        assert!(s
            .listings_in_category(cruiser)
            .await
            .expect("in category")
            .iter()
            .all(|p| p.seller_verified));
        assert!(s
            .adverts()
            .await
            .expect("adverts")
            .iter()
            .all(|a| a.listing.seller_verified));
        assert!(
            s.booking(order)
                .await
                .expect("order")
                .expect("booked")
                .listing
                .seller_verified
        );
    })
    .await;
}

#[tokio::test]
async fn delete_user_deletes_only_a_user_of_the_given_role() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let admin = user(s, "ayesha@example.com", "Ayesha", Role::Admin).await;

        assert!(
            !s.delete_user(seller.id, Role::Buyer, super::fixtures::SOME_ADMIN)
                .await
                .expect("delete")
                .outcome,
            "not a buyer"
        );
        assert!(
            !s.delete_user(buyer.id, Role::Seller, super::fixtures::SOME_ADMIN)
                .await
                .expect("delete")
                .outcome,
            "not a seller"
        );
        assert!(
            !s.delete_user(admin.id, Role::Buyer, super::fixtures::SOME_ADMIN)
                .await
                .expect("delete")
                .outcome,
            "not a buyer"
        );
        assert!(
            !s.delete_user(seller.id + 1000, Role::Seller, super::fixtures::SOME_ADMIN)
                .await
                .expect("delete")
                .outcome,
            "nobody"
        );
        for id in [seller.id, buyer.id, admin.id] {
            assert!(
                s.user_by_id(id).await.expect("user").is_some(),
                "user {id} survives a refused delete"
            );
        }

        assert!(
            s.delete_user(seller.id, Role::Seller, super::fixtures::SOME_ADMIN)
                .await
                .expect("delete seller")
                .outcome
        );
        assert!(s.user_by_id(seller.id).await.expect("user").is_none());
        assert!(
            !s.delete_user(seller.id, Role::Seller, super::fixtures::SOME_ADMIN)
                .await
                .expect("delete again")
                .outcome,
            "gone already"
        );
        assert!(
            s.delete_user(buyer.id, Role::Buyer, super::fixtures::SOME_ADMIN)
                .await
                .expect("delete buyer")
                .outcome
        );
        assert!(s
            .user_by_email("rahim@example.com")
            .await
            .expect("user")
            .is_none());
        assert!(
            s.user_by_id(admin.id).await.expect("user").is_some(),
            "the admin stays"
        );
    })
    .await;
}

/// Who the read cache says `buyer-session` belongs to.
async fn signed_in(
    cache: &bikehaat::cache::ReadCache,
    s: &dyn bikehaat::store::Store,
) -> Option<i64> {
    let user = cache.session_user(s, "buyer-session").await;
    user.expect("session user").map(|u| u.id)
}

#[tokio::test]
async fn a_signed_in_user_stays_cached_across_sales_and_goes_with_any_account_change() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        let s = store.as_ref();
        let cache = bikehaat::cache::ReadCache::default();
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let later = Utc::now() + chrono::Duration::hours(1);
        s.create_session("buyer-session", buyer.id, later)
            .await
            .expect("session");
        assert_eq!(signed_in(&cache, s).await, Some(buyer.id));

        // Listing, booking and selling change what pages show, not who is signed in.
        let (accounts, everything) = (s.accounts_generation(), s.generation());
        let cruiser = category(s, "Cruiser").await;
        let bike = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;
        book(s, bike, &buyer).await;
        assert!(s.generation() > everything, "the writes were seen");
        assert_eq!(s.accounts_generation(), accounts, "no account changed");

        // Verifying a seller, signing out: the signed-in users read before are stale.
        s.verify_seller(seller.id).await.expect("verify");
        assert!(s.accounts_generation() > accounts);
        let accounts = s.accounts_generation();
        assert!(s.end_session("buyer-session").await.expect("sign out"));
        assert!(s.accounts_generation() > accounts);
        assert_eq!(signed_in(&cache, s).await, None, "signed out at once");
    })
    .await;
}
