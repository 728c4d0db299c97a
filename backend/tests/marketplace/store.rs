//! One backend-neutral suite for the `Store` trait, run against SQLite and PostgreSQL:
//! every method, the rules the database keeps (unique names, one sale per bike, cascades
//! on delete) and a race of ten buyers paying for one bike.

use std::collections::BTreeSet;
use std::fmt::Debug;
use std::sync::Arc;

use bikehaat::store::{
    NewOrder, NewPayment, NewProduct, NewUser, OrderStatus, PaymentRecorded, Role, Store,
    StoreError, StoreResult, TestPaymentIntent, User,
};
use chrono::Utc;

use super::support::{on_both, Engine, TestDb};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// A fresh, migrated store on `engine`; None when the engine is unreachable (skipped).
async fn open(engine: Engine) -> Option<(TestDb, Arc<dyn Store>)> {
    let db = TestDb::new(engine).await?;
    let store = db.store().await;
    Some((db, store))
}

async fn user(store: &dyn Store, email: &str, name: &str, role: Role) -> User {
    store
        .create_user(&NewUser {
            subject: format!("local:{email}"),
            email: email.to_owned(),
            name: name.to_owned(),
            image: format!("https://example.com/{name}.jpg"),
            role,
        })
        .await
        .unwrap_or_else(|e| panic!("create user {email}: {e}"))
}

async fn category(store: &dyn Store, name: &str) -> i64 {
    store
        .create_category(name, "/uploads/demo-category-0.svg")
        .await
        .unwrap_or_else(|e| panic!("create category {name}: {e}"))
        .id
}

/// Whole units as cents.
fn taka(units: i64) -> i64 {
    units * 100
}

fn new_product(category_id: i64, seller_id: i64, name: &str, price_cents: i64) -> NewProduct {
    NewProduct {
        category_id,
        seller_id,
        name: name.to_owned(),
        image: "/uploads/demo-bike-0.svg".to_owned(),
        condition: "Good".to_owned(),
        color: "Red".to_owned(),
        description: format!("{name}: well kept, papers up to date."),
        location: "Mirpur 10, Dhaka".to_owned(),
        original_price: price_cents * 2,
        resale_price: price_cents,
        purchase_year: 2019,
        years_of_use: 5,
        seller_phone: "01711-234567".to_owned(),
    }
}

async fn listing(
    store: &dyn Store,
    category_id: i64,
    seller: &User,
    name: &str,
    price: i64,
) -> i64 {
    store
        .create_product(&new_product(category_id, seller.id, name, price))
        .await
        .unwrap_or_else(|e| panic!("create product {name}: {e}"))
}

fn new_order(product_id: i64, buyer: &User) -> NewOrder {
    NewOrder {
        product_id,
        buyer_id: buyer.id,
        buyer_phone: "+880 1711-000000".to_owned(),
        meeting_location: format!("Banani 11, Dhaka ({})", buyer.name),
    }
}

async fn book(store: &dyn Store, product_id: i64, buyer: &User) -> i64 {
    store
        .create_order(&new_order(product_id, buyer))
        .await
        .unwrap_or_else(|e| panic!("book {product_id} for {}: {e}", buyer.email))
}

fn payment(order_id: i64, transaction_id: &str, amount: i64) -> NewPayment {
    NewPayment {
        order_id,
        transaction_id: transaction_id.to_owned(),
        amount,
        currency: "usd".to_owned(),
    }
}

/// Pays for `order_id` (a new payment is expected) and returns the payment id.
async fn pay(store: &dyn Store, order_id: i64, transaction_id: &str, amount: i64) -> i64 {
    match store
        .record_payment(&payment(order_id, transaction_id, amount))
        .await
    {
        Ok(PaymentRecorded::New(id)) => id,
        other => panic!("paying for booking {order_id} with {transaction_id}: {other:?}"),
    }
}

#[track_caller]
fn conflict<T: Debug>(result: StoreResult<T>) -> String {
    match result {
        Err(StoreError::Conflict(message)) => message,
        other => panic!("expected a conflict, got {other:?}"),
    }
}

#[track_caller]
fn not_found<T: Debug>(result: StoreResult<T>) -> String {
    match result {
        Err(StoreError::NotFound(message)) => message,
        other => panic!("expected not found, got {other:?}"),
    }
}

fn ids<T>(items: &[T], id: impl Fn(&T) -> i64) -> Vec<i64> {
    items.iter().map(id).collect()
}

/// The payment rows with this transaction id, read past the store: (amount, currency,
/// e-mail, product name, product id, order id, buyer id).
type PaymentRow = (
    i64,
    String,
    String,
    String,
    Option<i64>,
    Option<i64>,
    Option<i64>,
);

async fn payment_rows(db: &TestDb, transaction_id: &str) -> Vec<PaymentRow> {
    const SQL: &str =
        "SELECT amount, currency, email, product_name, product_id, order_id, buyer_id \
                       FROM payments WHERE transaction_id = $1";
    match engine_of(db) {
        Engine::Sqlite => {
            let pool = sqlx::SqlitePool::connect(&db.url)
                .await
                .expect("open SQLite");
            let rows = sqlx::query_as(SQL)
                .bind(transaction_id)
                .fetch_all(&pool)
                .await;
            pool.close().await;
            rows.expect("read payments")
        }
        Engine::Postgres => {
            let pool = sqlx::PgPool::connect(&db.url)
                .await
                .expect("open PostgreSQL");
            let rows = sqlx::query_as(SQL)
                .bind(transaction_id)
                .fetch_all(&pool)
                .await;
            pool.close().await;
            rows.expect("read payments")
        }
    }
}

fn engine_of(db: &TestDb) -> Engine {
    if db.url.starts_with("postgres") {
        Engine::Postgres
    } else {
        Engine::Sqlite
    }
}

/// The versions recorded in sqlx's migration table, read past the store.
async fn applied_migrations(db: &TestDb) -> Vec<i64> {
    const SQL: &str = "SELECT version FROM _sqlx_migrations WHERE success ORDER BY version";
    match engine_of(db) {
        Engine::Sqlite => {
            let pool = sqlx::SqlitePool::connect(&db.url)
                .await
                .expect("open SQLite");
            let rows = sqlx::query_scalar(SQL).fetch_all(&pool).await;
            pool.close().await;
            rows.expect("read migrations")
        }
        Engine::Postgres => {
            let pool = sqlx::PgPool::connect(&db.url)
                .await
                .expect("open PostgreSQL");
            let rows = sqlx::query_scalar(SQL).fetch_all(&pool).await;
            pool.close().await;
            rows.expect("read migrations")
        }
    }
}

fn migration_files(engine: &str) -> BTreeSet<String> {
    let dir = format!("{}/../migrations/{engine}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {dir}: {e}"))
        .map(|entry| {
            entry
                .expect("directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".sql"))
        .collect()
}

// ---------------------------------------------------------------------------------------
// Start-up: ping, emptiness, migrations
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn a_new_marketplace_answers_pings_and_is_empty_until_something_is_added() {
    on_both(|engine| async move {
        let Some((_db, store)) = open(engine).await else {
            return;
        };
        store.ping().await.expect("ping");
        assert!(
            store.is_empty().await.expect("is_empty"),
            "a new database is empty"
        );
        category(store.as_ref(), "Cruiser").await;
        assert!(
            !store.is_empty().await.expect("is_empty"),
            "a category makes it non-empty"
        );

        let Some((_db, store)) = open(engine).await else {
            return;
        };
        user(store.as_ref(), "rahim@example.com", "Rahim", Role::Buyer).await;
        assert!(
            !store.is_empty().await.expect("is_empty"),
            "a user makes it non-empty"
        );
    })
    .await;
}

#[test]
fn both_engines_keep_the_same_migration_versions() {
    let postgres = migration_files("postgres");
    let sqlite = migration_files("sqlite");
    assert!(!postgres.is_empty(), "migrations/postgres holds migrations");
    assert_eq!(
        postgres, sqlite,
        "migrations/postgres and migrations/sqlite differ"
    );
    for name in &postgres {
        let version = name.split('_').next().unwrap_or_default();
        assert!(
            !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit()),
            "{name} does not start with a numeric version"
        );
    }
}

#[tokio::test]
async fn applying_the_migrations_again_changes_nothing() {
    on_both(|engine| async move {
        let Some((db, store)) = open(engine).await else {
            return;
        };
        let expected: Vec<i64> = migration_files(match engine {
            Engine::Sqlite => "sqlite",
            Engine::Postgres => "postgres",
        })
        .iter()
        .map(|name| {
            name.split('_')
                .next()
                .unwrap_or_default()
                .parse()
                .expect("version")
        })
        .collect();
        assert_eq!(
            applied_migrations(&db).await,
            expected,
            "every migration is applied once"
        );

        let seller = user(store.as_ref(), "karim@example.com", "Karim", Role::Seller).await;
        let cruiser = category(store.as_ref(), "Cruiser").await;
        let bike = listing(
            store.as_ref(),
            cruiser,
            &seller,
            "Royal Enfield Classic 350",
            taka(350_000),
        )
        .await;

        store.migrate().await.expect("second migration run");
        // A store opened afresh on the same database migrates too: still a no-op.
        let reopened = db.store().await;
        reopened.migrate().await.expect("third migration run");

        assert_eq!(
            applied_migrations(&db).await,
            expected,
            "nothing is applied twice"
        );
        let kept = reopened
            .product(bike)
            .await
            .expect("product")
            .expect("the listing survives");
        assert_eq!(kept.name, "Royal Enfield Classic 350");
        assert_eq!(reopened.categories().await.expect("categories").len(), 1);
        assert_eq!(
            reopened
                .users_with_role(Role::Seller)
                .await
                .expect("sellers")
                .len(),
            1
        );
    })
    .await;
}

// ---------------------------------------------------------------------------------------
// Identities and users
// ---------------------------------------------------------------------------------------

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
        s.create_advert(first).await.expect("advert");
        let order = book(s, second, &buyer).await;
        assert!(
            !s.product(first)
                .await
                .expect("product")
                .expect("listed")
                .seller_verified
        );

        assert!(
            !s.verify_seller(buyer.id).await.expect("verify buyer"),
            "a buyer cannot be verified"
        );
        assert!(
            !s.user_by_id(buyer.id)
                .await
                .expect("buyer")
                .expect("found")
                .verified
        );
        assert!(!s
            .verify_seller(seller.id + 1000)
            .await
            .expect("verify nobody"));
        assert!(
            !s.product(first)
                .await
                .expect("product")
                .expect("listed")
                .seller_verified
        );

        assert!(s.verify_seller(seller.id).await.expect("verify seller"));
        assert!(
            s.user_by_id(seller.id)
                .await
                .expect("seller")
                .expect("found")
                .verified
        );
        for id in [first, second] {
            assert!(
                s.product(id)
                    .await
                    .expect("product")
                    .expect("listed")
                    .seller_verified,
                "listing {id}"
            );
        }
        assert!(s
            .products_of_seller(seller.id)
            .await
            .expect("of seller")
            .iter()
            .all(|p| p.seller_verified));
        assert!(s
            .products_in_category(cruiser)
            .await
            .expect("in category")
            .iter()
            .all(|p| p.seller_verified));
        assert!(s
            .adverts()
            .await
            .expect("adverts")
            .iter()
            .all(|a| a.product.seller_verified));
        assert!(
            s.order(order)
                .await
                .expect("order")
                .expect("booked")
                .product
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
            !s.delete_user(seller.id, Role::Buyer).await.expect("delete"),
            "not a buyer"
        );
        assert!(
            !s.delete_user(buyer.id, Role::Seller).await.expect("delete"),
            "not a seller"
        );
        assert!(
            !s.delete_user(admin.id, Role::Buyer).await.expect("delete"),
            "not a buyer"
        );
        assert!(
            !s.delete_user(seller.id + 1000, Role::Seller)
                .await
                .expect("delete"),
            "nobody"
        );
        for id in [seller.id, buyer.id, admin.id] {
            assert!(
                s.user_by_id(id).await.expect("user").is_some(),
                "user {id} survives a refused delete"
            );
        }

        assert!(s
            .delete_user(seller.id, Role::Seller)
            .await
            .expect("delete seller"));
        assert!(s.user_by_id(seller.id).await.expect("user").is_none());
        assert!(
            !s.delete_user(seller.id, Role::Seller)
                .await
                .expect("delete again"),
            "gone already"
        );
        assert!(s
            .delete_user(buyer.id, Role::Buyer)
            .await
            .expect("delete buyer"));
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
        s.create_advert(doomed).await.expect("advert");
        s.create_advert(kept).await.expect("advert");
        assert!(s.report_product(doomed, buyer.id).await.expect("report"));
        assert!(s.report_product(kept, buyer.id).await.expect("report"));
        let doomed_order = book(s, doomed, &buyer).await;
        let kept_order = book(s, kept, &buyer).await;

        assert!(s
            .delete_user(seller.id, Role::Seller)
            .await
            .expect("delete seller"));

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
            s.product(doomed).await.expect("product").is_none(),
            "their listing goes"
        );
        assert!(s
            .products_of_seller(seller.id)
            .await
            .expect("of seller")
            .is_empty());
        assert_eq!(
            ids(
                &s.products_in_category(cruiser).await.expect("in category"),
                |p| p.id
            ),
            vec![kept]
        );
        assert_eq!(
            ids(&s.adverts().await.expect("adverts"), |a| a.product.id),
            vec![kept]
        );
        assert_eq!(
            ids(&s.reported_products().await.expect("reported"), |p| p.id),
            vec![kept]
        );
        assert!(
            s.order(doomed_order).await.expect("order").is_none(),
            "bookings on their listing go"
        );
        assert_eq!(
            ids(&s.orders_of_buyer(buyer.id).await.expect("orders"), |o| o
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
        assert!(s.report_product(reported, buyer.id).await.expect("report"));
        let booked = book(s, reported, &buyer).await;
        let others_booking = book(s, reported, &other).await;
        let paid = book(s, bought, &buyer).await;
        pay(s, paid, "pi_rahim", taka(120_000)).await;

        assert!(s
            .delete_user(buyer.id, Role::Buyer)
            .await
            .expect("delete buyer"));

        assert!(s
            .identity_by_email("rahim@example.com")
            .await
            .expect("identity")
            .is_none());
        assert!(
            s.order(booked).await.expect("order").is_none(),
            "their booking goes"
        );
        assert!(
            s.order(paid).await.expect("order").is_none(),
            "their paid booking goes"
        );
        assert!(
            s.order(others_booking).await.expect("order").is_some(),
            "another buyer's booking stays"
        );
        assert!(
            s.reported_products().await.expect("reported").is_empty(),
            "their report goes"
        );
        assert!(
            !s.product(reported)
                .await
                .expect("product")
                .expect("listed")
                .reported
        );
        let sold = s
            .product(bought)
            .await
            .expect("product")
            .expect("the bought bike stays listed");
        assert!(sold.sold, "the bike they paid for stays sold");
        assert_eq!(
            s.payments_for_product(bought).await.expect("payments"),
            1,
            "the payment stays"
        );
        let rows = payment_rows(&db, "pi_rahim").await;
        assert_eq!(rows.len(), 1, "the payment record survives");
        let (amount, currency, email, product_name, product_id, order_id, buyer_id) =
            rows[0].clone();
        assert_eq!(
            (amount, currency.as_str(), email.as_str()),
            (taka(120_000), "usd", "rahim@example.com")
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

        assert!(s
            .delete_user(seller.id, Role::Seller)
            .await
            .expect("delete seller"));

        assert!(s.product(bike).await.expect("product").is_none());
        assert!(s
            .orders_of_buyer(buyer.id)
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
            matches!(
                retry,
                Err(StoreError::Conflict(_) | StoreError::NotFound(_))
            ),
            "a retry after the booking is gone records nothing: {retry:?}"
        );
        assert_eq!(payment_rows(&db, "pi_avenger").await.len(), 1);
    })
    .await;
}

// ---------------------------------------------------------------------------------------
// Categories and listings
// ---------------------------------------------------------------------------------------

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
            .expect("cruiser");
        let sports = s
            .create_category("Sports", "https://example.com/s.jpg")
            .await
            .expect("sports");
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
            s.create_product(&new_product(cruiser + 1000, seller.id, "Ghost", taka(100)))
                .await,
        );
        assert!(
            s.products_of_seller(seller.id)
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
        let input = new_product(cruiser, seller.id, "Royal Enfield Classic 350", 35_000_050);
        let before = Utc::now();
        let id = s.create_product(&input).await.expect("create");

        let p = s.product(id).await.expect("product").expect("listed");
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
        assert!(s.product(id + 1000).await.expect("product").is_none());

        s.create_advert(id).await.expect("advert");
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        s.report_product(id, buyer.id).await.expect("report");
        let p = s.product(id).await.expect("product").expect("listed");
        assert!(
            p.advertised && p.reported,
            "flags follow adverts and reports: {p:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn a_category_lists_its_own_products_newest_first() {
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

        let in_cruiser = s.products_in_category(cruiser).await.expect("cruiser");
        assert_eq!(ids(&in_cruiser, |p| p.id), vec![c3, c2, c1]);
        assert!(in_cruiser.iter().all(|p| p.category_id == cruiser));
        assert_eq!(
            ids(
                &s.products_in_category(sports).await.expect("sports"),
                |p| p.id
            ),
            vec![s1]
        );
        assert!(s
            .products_in_category(empty)
            .await
            .expect("empty")
            .is_empty());
        assert!(s
            .products_in_category(empty + 1000)
            .await
            .expect("unknown")
            .is_empty());
    })
    .await;
}

#[tokio::test]
async fn a_seller_sees_only_their_own_products_newest_first() {
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

        let karims = s.products_of_seller(karim.id).await.expect("karim's");
        assert_eq!(ids(&karims, |p| p.id), vec![k2, k1]);
        assert!(karims.iter().all(|p| p.seller_email == "karim@example.com"));
        assert_eq!(
            ids(
                &s.products_of_seller(sumon.id).await.expect("sumon's"),
                |p| p.id
            ),
            vec![s1]
        );
        assert!(s
            .products_of_seller(sumon.id + 1000)
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
        assert!(s.reported_products().await.expect("reported").is_empty());

        assert!(
            s.report_product(first, rahim.id).await.expect("report"),
            "a first report is new"
        );
        assert!(
            !s.report_product(first, rahim.id)
                .await
                .expect("report again"),
            "the same report twice is not"
        );
        assert!(
            s.report_product(first, mim.id)
                .await
                .expect("another buyer's report"),
            "another buyer's is new"
        );
        assert!(s.report_product(second, mim.id).await.expect("report"));

        let reported = s.reported_products().await.expect("reported");
        assert_eq!(
            ids(&reported, |p| p.id),
            vec![second, first],
            "each once, newest first"
        );
        assert!(reported.iter().all(|p| p.reported));
        assert!(
            !s.product(clean)
                .await
                .expect("product")
                .expect("listed")
                .reported
        );
        not_found(s.report_product(clean + 1000, rahim.id).await);
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
        s.create_advert(doomed).await.expect("advert");
        s.report_product(doomed, buyer.id).await.expect("report");
        let order = book(s, doomed, &buyer).await;
        let kept_order = book(s, kept, &buyer).await;

        assert!(s.delete_product(doomed).await.expect("delete"));
        assert!(
            !s.delete_product(doomed).await.expect("delete again"),
            "already gone"
        );
        assert!(!s.delete_product(kept + 1000).await.expect("delete unknown"));
        assert!(s.product(doomed).await.expect("product").is_none());
        assert!(s.adverts().await.expect("adverts").is_empty());
        assert!(s.reported_products().await.expect("reported").is_empty());
        assert!(s.order(order).await.expect("order").is_none());
        assert_eq!(
            ids(&s.orders_of_buyer(buyer.id).await.expect("orders"), |o| o
                .order_id),
            vec![kept_order]
        );
        assert_eq!(
            ids(
                &s.products_of_seller(seller.id).await.expect("of seller"),
                |p| p.id
            ),
            vec![kept]
        );
    })
    .await;
}

// ---------------------------------------------------------------------------------------
// Adverts
// ---------------------------------------------------------------------------------------

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

        let advert = s.create_advert(bike).await.expect("advertise");
        let adverts = s.adverts().await.expect("adverts");
        assert_eq!(adverts.len(), 1);
        assert_eq!(
            (adverts[0].advert_id, adverts[0].product.id),
            (advert, bike)
        );
        assert_eq!(adverts[0].product.name, "Bajaj Avenger");
        assert_eq!(adverts[0].product.seller_email, "karim@example.com");
        assert!(adverts[0].product.advertised);

        conflict(s.create_advert(bike).await);
        let message = conflict(s.create_advert(sold).await);
        assert!(
            message.contains("sold"),
            "a sold bike cannot be advertised: {message}"
        );
        not_found(s.create_advert(bike + 1000).await);
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
        s.create_advert(newer).await.expect("advert");
        s.create_advert(older).await.expect("advert");
        s.create_advert(third).await.expect("advert");
        assert_eq!(
            ids(&s.adverts().await.expect("adverts"), |a| a.product.id),
            vec![third, older, newer]
        );

        let order = book(s, older, &buyer).await;
        pay(s, order, "pi_older", taka(100)).await;
        assert_eq!(
            ids(&s.adverts().await.expect("adverts"), |a| a.product.id),
            vec![third, newer]
        );
        assert!(s
            .adverts()
            .await
            .expect("adverts")
            .iter()
            .all(|a| !a.product.sold));
    })
    .await;
}

// ---------------------------------------------------------------------------------------
// Bookings
// ---------------------------------------------------------------------------------------

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
        let order = s.order(first).await.expect("order").expect("booked");
        assert_eq!(order.order_id, first);
        assert_eq!(order.order_status, OrderStatus::Booked);
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
            (order.product.id, order.product.name.as_str()),
            (bike, "Bajaj Avenger")
        );
        assert_eq!(
            (
                order.product.resale_price,
                order.product.seller_email.as_str()
            ),
            (taka(180_000), "karim@example.com")
        );
        assert!(s.order(first + 1000).await.expect("order").is_none());

        let message = conflict(s.create_order(&new_order(bike, &rahim)).await);
        assert!(message.contains("already booked"), "{message}");
        let mims = book(s, bike, &mim).await;
        assert_ne!(mims, first, "another buyer may book the same bike");

        assert!(s.cancel_order(first).await.expect("cancel"));
        assert!(
            !s.cancel_order(first).await.expect("cancel again"),
            "already cancelled"
        );
        assert!(
            !s.cancel_order(first + 1000).await.expect("cancel unknown"),
            "no such booking"
        );
        assert_eq!(
            s.order(first)
                .await
                .expect("order")
                .expect("kept")
                .order_status,
            OrderStatus::Cancelled
        );
        assert!(
            s.orders_of_buyer(rahim.id)
                .await
                .expect("orders")
                .is_empty(),
            "cancelled bookings are hidden"
        );

        let again = book(s, bike, &rahim).await;
        assert_ne!(again, first);
        assert_eq!(
            ids(&s.orders_of_buyer(rahim.id).await.expect("orders"), |o| o
                .order_id),
            vec![again]
        );
        assert_eq!(
            ids(&s.orders_of_buyer(mim.id).await.expect("orders"), |o| o
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
        assert!(s.cancel_order(bookings[1]).await.expect("cancel"));
        let shown = s.orders_of_buyer(buyer.id).await.expect("orders");
        assert_eq!(
            ids(&shown, |o| o.order_id),
            vec![bookings[3], bookings[2], bookings[0]]
        );
        assert!(shown
            .iter()
            .all(|o| o.order_status == OrderStatus::Booked && o.buyer_id == buyer.id));
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

        let message = conflict(s.create_order(&new_order(bike, &mim)).await);
        assert!(message.contains("sold"), "{message}");
        not_found(s.create_order(&new_order(bike + 1000, &mim)).await);
        assert!(s.orders_of_buyer(mim.id).await.expect("orders").is_empty());
    })
    .await;
}

#[tokio::test]
async fn a_paid_booking_cannot_be_cancelled() {
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

        conflict(s.cancel_order(order).await);
        let kept = s.order(order).await.expect("order").expect("kept");
        assert_eq!(kept.order_status, OrderStatus::Paid);
        assert!(kept.product.sold);
        assert_eq!(
            ids(&s.orders_of_buyer(buyer.id).await.expect("orders"), |o| o
                .order_id),
            vec![order]
        );
    })
    .await;
}

// ---------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn test_payment_intents_are_found_by_secret_and_by_id_and_can_succeed() {
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
        let intent = TestPaymentIntent {
            id: "pi_test_1".into(),
            client_secret: "pi_test_1_secret_abc".into(),
            order_id: order,
            amount: taka(180_000),
            currency: "usd".into(),
            status: "requires_payment_method".into(),
        };
        s.create_test_payment_intent(&intent)
            .await
            .expect("create intent");

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
                (order, taka(180_000), "usd")
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

        s.succeed_test_payment_intent("pi_test_1")
            .await
            .expect("succeed");
        assert_eq!(
            s.test_payment_intent_by_id("pi_test_1")
                .await
                .expect("by id")
                .expect("found")
                .status,
            "succeeded"
        );
        assert_eq!(
            s.test_payment_intent("pi_test_1_secret_abc")
                .await
                .expect("by secret")
                .expect("found")
                .status,
            "succeeded"
        );

        let duplicate = TestPaymentIntent {
            client_secret: "other_secret".into(),
            ..intent.clone()
        };
        assert!(
            s.create_test_payment_intent(&duplicate).await.is_err(),
            "intent ids are unique"
        );
        let for_nothing = TestPaymentIntent {
            id: "pi_test_2".into(),
            client_secret: "s2".into(),
            order_id: order + 1000,
            ..intent
        };
        assert!(
            s.create_test_payment_intent(&for_nothing).await.is_err(),
            "an intent needs a booking"
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
async fn recording_a_payment_sells_the_bike_and_a_retry_finds_the_same_record() {
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
        assert_eq!(s.payments_for_product(bike).await.expect("payments"), 0);

        let recorded = s
            .record_payment(&payment(order, "pi_avenger", taka(180_000)))
            .await
            .expect("record");
        let PaymentRecorded::New(id) = recorded else {
            panic!("a first payment is new: {recorded:?}")
        };
        assert!(
            s.product(bike)
                .await
                .expect("product")
                .expect("listed")
                .sold,
            "the bike is sold"
        );
        assert_eq!(
            s.order(order)
                .await
                .expect("order")
                .expect("kept")
                .order_status,
            OrderStatus::Paid
        );
        assert_eq!(s.payments_for_product(bike).await.expect("payments"), 1);

        let again = s
            .record_payment(&payment(order, "pi_avenger", taka(180_000)))
            .await
            .expect("retry");
        assert_eq!(
            again,
            PaymentRecorded::Existing(id),
            "a retry reports the first record"
        );
        assert_eq!(
            s.payments_for_product(bike).await.expect("payments"),
            1,
            "nothing is recorded twice"
        );

        let rows = payment_rows(&db, "pi_avenger").await;
        assert_eq!(rows.len(), 1);
        let (amount, currency, email, product_name, product_id, order_id, buyer_id) =
            rows[0].clone();
        assert_eq!((amount, currency.as_str()), (taka(180_000), "usd"));
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
        assert_eq!(s.payments_for_product(bike).await.expect("payments"), 1);
    })
    .await;
}

#[tokio::test]
async fn a_second_booking_of_a_sold_bike_cannot_be_paid() {
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

        let message = conflict(
            s.record_payment(&payment(mims, "pi_mim", taka(180_000)))
                .await,
        );
        assert!(
            message.contains("sold"),
            "the refusal says the bike is sold: {message}"
        );
        assert_eq!(
            s.order(mims)
                .await
                .expect("order")
                .expect("kept")
                .order_status,
            OrderStatus::Booked
        );
        assert_eq!(s.payments_for_product(bike).await.expect("payments"), 1);
        assert_eq!(
            s.order(rahims)
                .await
                .expect("order")
                .expect("kept")
                .order_status,
            OrderStatus::Paid
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
        let seller = user(s, "karim@example.com", "Karim", Role::Seller).await;
        let buyer = user(s, "rahim@example.com", "Rahim", Role::Buyer).await;
        let cruiser = category(s, "Cruiser").await;
        let bike = listing(s, cruiser, &seller, "Bajaj Avenger", taka(180_000)).await;
        let order = book(s, bike, &buyer).await;
        assert!(s.cancel_order(order).await.expect("cancel"));

        conflict(
            s.record_payment(&payment(order, "pi_cancelled", taka(180_000)))
                .await,
        );
        not_found(
            s.record_payment(&payment(order + 1000, "pi_unknown", taka(180_000)))
                .await,
        );
        assert!(
            !s.product(bike)
                .await
                .expect("product")
                .expect("listed")
                .sold,
            "the bike is still for sale"
        );
        assert_eq!(s.payments_for_product(bike).await.expect("payments"), 0);
        assert_eq!(
            s.order(order)
                .await
                .expect("order")
                .expect("kept")
                .order_status,
            OrderStatus::Cancelled
        );
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
        assert!(
            !s.product(second)
                .await
                .expect("product")
                .expect("listed")
                .sold
        );
        assert_eq!(s.payments_for_product(second).await.expect("payments"), 0);
        assert_eq!(
            s.order(second_order)
                .await
                .expect("order")
                .expect("kept")
                .order_status,
            OrderStatus::Booked
        );
    })
    .await;
}

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
                        .await;
                    (order, outcome)
                })
            })
            .collect();
        let mut winners = Vec::new();
        let mut conflicts = 0;
        for racer in racers {
            match racer.await.expect("racer finished") {
                (order, Ok(PaymentRecorded::New(_))) => winners.push(order),
                (_, Err(StoreError::Conflict(_))) => conflicts += 1,
                (order, other) => panic!("booking {order} ended unexpectedly: {other:?}"),
            }
        }
        assert_eq!(winners.len(), 1, "exactly one payment wins: {winners:?}");
        assert_eq!(conflicts, 9, "the other nine are refused");
        assert_eq!(store.payments_for_product(bike).await.expect("payments"), 1);
        assert!(
            store
                .product(bike)
                .await
                .expect("product")
                .expect("listed")
                .sold
        );
        for &order in &orders {
            let status = store
                .order(order)
                .await
                .expect("order")
                .expect("kept")
                .order_status;
            let expected = if order == winners[0] {
                OrderStatus::Paid
            } else {
                OrderStatus::Booked
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
        assert_eq!(store.payments_for_product(bike).await.expect("payments"), 1);
    })
    .await;
}
