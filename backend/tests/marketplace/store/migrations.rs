//! Start-up: a new store answers pings and is empty, and both engines keep the same
//! migrations, applied once.

use super::fixtures::{category, listing, open, taka, user};
use crate::marketplace::support::{on_both, past_the_store, Engine, TestDb};
use bikehaat::records::{BookingStatus, Role};
use std::collections::BTreeSet;

/// The versions recorded in sqlx's migration table, read past the store.
async fn applied_migrations(db: &TestDb) -> Vec<i64> {
    const SQL: &str = "SELECT version FROM _sqlx_migrations WHERE success ORDER BY version";
    past_the_store!(db, |pool| sqlx::query_scalar(SQL).fetch_all(&pool)).expect("read migrations")
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
            .listing(bike)
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

/// A new database on `engine`, and the migrations that bring it to how `version` left
/// it (run them past the store, then add rows in that version's words).
async fn migrations_up_to(db: &TestDb, engine: Engine, version: i64) -> sqlx::migrate::Migrator {
    drop(
        bikehaat::store::open(&db.url)
            .await
            .expect("create the database"),
    );
    let dir = format!(
        "{}/../migrations/{}",
        env!("CARGO_MANIFEST_DIR"),
        match engine {
            Engine::Sqlite => "sqlite",
            Engine::Postgres => "postgres",
        }
    );
    let mut before = sqlx::migrate::Migrator::new(std::path::Path::new(&dir))
        .await
        .expect("read the migrations");
    before.migrations = before
        .migrations
        .iter()
        .filter(|m| m.version <= version)
        .cloned()
        .collect::<Vec<_>>()
        .into();
    before
}

/// Bookings made before bikes had a line: open ones of an unsold bike line up by age,
/// the oldest holding it for 48 hours; those of a sold bike wait; the rest keep their
/// status, and what refers to them (payments, test intents) still does — on SQLite the
/// bookings are copied to a new table, which must not clear those references.
#[tokio::test]
async fn bookings_from_before_the_line_line_up_by_age_and_keep_their_payments() {
    on_both(|engine| async move {
        let Some(db) = TestDb::new(engine).await else {
            return;
        };
        // The database as version 10 left it, with bookings in its words.
        let before = migrations_up_to(&db, engine, 10).await;
        let now = chrono::Utc::now();
        past_the_store!(&db, |pool| async {
            before.run(&pool).await.expect("migrate to version 10");
            for (email, role) in [
                ("s@x.bd", "seller"),
                ("a@x.bd", "buyer"),
                ("b@x.bd", "buyer"),
            ] {
                sqlx::query(
                    "INSERT INTO users (subject, email, name, image, role, created_at) \
                     VALUES ($1, $1, $1, '', $2, $3)",
                )
                .bind(email)
                .bind(role)
                .bind(now)
                .execute(&pool)
                .await
                .expect("user");
            }
            sqlx::query("INSERT INTO categories (name, image, created_at) VALUES ('C', '', $1)")
                .bind(now)
                .execute(&pool)
                .await
                .expect("category");
            for (name, sold) in [("Free", false), ("Sold", true)] {
                sqlx::query(
                    "INSERT INTO products (category_id, seller_id, name, image, condition, \
                     color, description, location, original_price, resale_price, \
                     purchase_year, years_of_use, seller_phone, sold, posted_at) \
                     VALUES (1, 1, $1, '', 'good', 'red', '', 'Dhaka', 200, 100, 2020, 2, \
                     '01711000000', $2, $3)",
                )
                .bind(name)
                .bind(sold)
                .bind(now)
                .execute(&pool)
                .await
                .expect("listing");
            }
            // 1, 2, 3 of the free bike; 4, 5 of the sold one.
            for (product, buyer, status) in [
                (1, 2, "booked"),
                (1, 3, "booked"),
                (1, 2, "cancelled"),
                (2, 2, "paid"),
                (2, 3, "booked"),
            ] {
                sqlx::query(
                    "INSERT INTO orders (product_id, buyer_id, buyer_phone, meeting_location, \
                     status, created_at, price) VALUES ($1, $2, '01711', 'Banani', $3, $4, 100)",
                )
                .bind(product as i64)
                .bind(buyer as i64)
                .bind(status)
                .bind(now)
                .execute(&pool)
                .await
                .expect("booking");
            }
            sqlx::query(
                "INSERT INTO payments (order_id, product_id, buyer_id, transaction_id, amount, \
                 currency, email, product_name, paid_at) VALUES (4, 2, 2, 'pi_old', 100, 'bdt', \
                 'a@x.bd', 'Sold', $1)",
            )
            .bind(now)
            .execute(&pool)
            .await
            .expect("payment");
            sqlx::query(
                "INSERT INTO test_payment_intents (id, client_secret, order_id, amount, currency, \
                 status, created_at) VALUES ('tpi_old', 'tpi_old_secret', 1, 100, 'bdt', \
                 'requires_payment_method', $1)",
            )
            .bind(now)
            .execute(&pool)
            .await
            .expect("test intent");
        });

        let store = db.store().await;
        let mut seen = Vec::new();
        for id in 1..=5 {
            let booking = store.booking(id).await.expect("read").expect("kept");
            seen.push((booking.order_status, booking.queue_position));
        }
        assert_eq!(
            seen,
            [
                (BookingStatus::Reserved, None),
                (BookingStatus::Waiting, Some(1)),
                (BookingStatus::Cancelled, None),
                (BookingStatus::Completed, None),
                (BookingStatus::Waiting, Some(1)),
            ]
        );
        let until = store
            .booking(1)
            .await
            .expect("read")
            .and_then(|b| b.reserved_until)
            .expect("the oldest holds the bike for a while");
        let hours = (until - chrono::Utc::now()).num_minutes();
        assert!((47 * 60..=48 * 60).contains(&hours), "{hours} minutes left");
        assert!(
            store
                .listing(1)
                .await
                .expect("read")
                .expect("kept")
                .reserved
        );

        let kept: (Option<i64>, i64) = past_the_store!(&db, |pool| sqlx::query_as(
            "SELECT (SELECT order_id FROM payments WHERE transaction_id = 'pi_old'), \
             (SELECT COUNT(*) FROM test_payment_intents WHERE order_id = 1)"
        )
        .fetch_one(&pool))
        .expect("read the references");
        assert_eq!(
            kept,
            (Some(4), 1),
            "the payment and the test intent keep their booking"
        );

        // New bookings carry on the numbering, and foreign keys hold again.
        let late = user(store.as_ref(), "c@x.bd", "C", Role::Buyer).await;
        let next = store
            .create_booking(&bikehaat::records::NewBooking {
                product_id: 1,
                buyer_id: late.id,
                buyer_phone: "01711".into(),
                meeting_location: "Banani".into(),
            })
            .await
            .expect("book")
            .outcome;
        assert!(next > 5, "booking {next} after the five kept");
        assert_eq!(
            store
                .booking(next)
                .await
                .expect("read")
                .map(|b| b.queue_position),
            Some(Some(2))
        );
        assert!(
            store
                .delete_user(3, Role::Buyer, super::fixtures::SOME_ADMIN)
                .await
                .expect("remove")
                .outcome,
            "removing a buyer removes their bookings by the foreign key"
        );
        assert!(store.booking(2).await.expect("read").is_none());
    })
    .await;
}

/// Card sales made before holds (`paid`): one whose money was taken becomes a completed
/// deal; one whose capture never went through becomes a hold that waits for its buyer's
/// code (a new one is made when they first read it) and lapses six days after it was
/// paid.
#[tokio::test]
async fn card_sales_from_before_holds_become_completed_deals_or_holds() {
    on_both(|engine| async move {
        let Some(db) = TestDb::new(engine).await else {
            return;
        };
        let before = migrations_up_to(&db, engine, 14).await;
        let paid_at = chrono::Utc::now() - chrono::Duration::days(2);
        past_the_store!(&db, |pool| async {
            before.run(&pool).await.expect("migrate to version 14");
            for (email, role) in [("s@x.bd", "seller"), ("a@x.bd", "buyer")] {
                sqlx::query(
                    "INSERT INTO users (subject, email, name, image, role, created_at) \
                     VALUES ($1, $1, $1, '', $2, $3)",
                )
                .bind(email)
                .bind(role)
                .bind(paid_at)
                .execute(&pool)
                .await
                .expect("user");
            }
            sqlx::query("INSERT INTO categories (name, image, created_at) VALUES ('C', '', $1)")
                .bind(paid_at)
                .execute(&pool)
                .await
                .expect("category");
            // Bike 1 was paid and its money taken; bike 2's capture never went through.
            for (bike, captured) in [(1_i64, true), (2, false)] {
                sqlx::query(
                    "INSERT INTO products (category_id, seller_id, name, image, condition, \
                     color, description, location, original_price, resale_price, \
                     purchase_year, years_of_use, seller_phone, sold, posted_at) \
                     VALUES (1, 1, $1, '', 'good', 'red', '', 'Dhaka', 200, 100, 2020, 2, \
                     '01711000000', TRUE, $2)",
                )
                .bind(format!("Bike {bike}"))
                .bind(paid_at)
                .execute(&pool)
                .await
                .expect("listing");
                sqlx::query(
                    "INSERT INTO orders (product_id, buyer_id, buyer_phone, meeting_location, \
                     status, created_at, price, method) \
                     VALUES ($1, 2, '01711', 'Banani', 'paid', $2, 100, 'card')",
                )
                .bind(bike)
                .bind(paid_at)
                .execute(&pool)
                .await
                .expect("booking");
                sqlx::query(
                    "INSERT INTO payments (order_id, product_id, buyer_id, transaction_id, \
                     amount, currency, email, product_name, paid_at, captured) \
                     VALUES ($1, $1, 2, $2, 100, 'bdt', 'a@x.bd', 'Bike', $3, $4)",
                )
                .bind(bike)
                .bind(format!("pi_old_{bike}"))
                .bind(paid_at)
                .bind(captured)
                .execute(&pool)
                .await
                .expect("payment");
            }
        });

        let store = db.store().await;
        let taken = store.booking(1).await.expect("read").expect("kept");
        assert_eq!(taken.order_status, BookingStatus::Completed);
        let completed = taken.completed_at.expect("when");
        assert!((completed - paid_at).num_seconds().abs() < 2, "{completed}");
        let held = store.booking(2).await.expect("read").expect("kept");
        assert_eq!(held.order_status, BookingStatus::Held);
        let until = held.reserved_until.expect("the hold's deadline");
        let expected = paid_at + chrono::Duration::days(6);
        assert!((until - expected).num_seconds().abs() < 2, "{until}");
        // The buyer reads a code the migration could not make.
        let code = store.handover_code(2, 2, false).await.expect("a code");
        assert!(code.code.len() == 6 && !code.locked, "{code:?}");
        // Six days after it was paid (four from now), the sweep lets it go.
        let later = chrono::Utc::now() + chrono::Duration::days(4) + chrono::Duration::hours(1);
        let swept = store.lapse_reservations(later, 10).await.expect("sweep");
        assert_eq!(swept.outcome, 1);
        assert_eq!(
            store
                .booking(2)
                .await
                .expect("read")
                .expect("kept")
                .order_status,
            BookingStatus::Lapsed
        );
        assert!(!store.listing(2).await.expect("read").expect("kept").sold);
        assert!(store.listing(1).await.expect("read").expect("kept").sold);
    })
    .await;
}
