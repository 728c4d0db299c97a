//! Start-up: a new store answers pings and is empty, and both engines keep the same
//! migrations, applied once.

use super::fixtures::{category, listing, open, taka, user};
use crate::marketplace::support::{on_both, past_the_store, Engine, TestDb};
use bikehaat::records::Role;
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
