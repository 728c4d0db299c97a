//! Deleting a user takes their listings, adverts, bookings, reports and sign-in along,
//! but keeps the payment records.

use reqwest::StatusCode;
use serde_json::{json, Value};

use super::{assert_refused, id_of, with, CARD_OK, DELETE, PATCH, POST, PUT};
use crate::marketplace::support::{
    inserted, listing_body, on_both, past_the_store, Person, TestApp, TestDb, PASSWORD,
};

/// The payment with this id, read with SQL past the app: (amount in cents, e-mail,
/// product name, product id).
async fn payment_row(db: &TestDb, id: i64) -> Option<(i64, String, String, Option<i64>)> {
    const SQL: &str = "SELECT amount, email, product_name, product_id FROM payments WHERE id = $1";
    past_the_store!(db, |pool| sqlx::query_as(SQL)
        .bind(id)
        .fetch_optional(&pool))
    .expect("read payments")
}

/// The deleted `person` (a `role`) is gone: no profile, no log-in, and their access
/// token is refused at `path`, which it opened before.
async fn assert_gone(app: &TestApp, person: &Person, role: &str, path: &str) {
    assert_eq!(app.profile(&person.email).await.0, StatusCode::NOT_FOUND);
    let answer = app
        .call(
            POST,
            "/api/auth/login",
            None,
            json!({"email": person.email, "password": PASSWORD}),
        )
        .await;
    let what = format!("logging in as the deleted {role}");
    assert_refused(&what, StatusCode::UNAUTHORIZED, answer);
    let answer = app.get(path, Some(&person.token)).await;
    let what = format!("the deleted {role}'s access token");
    assert_refused(&what, StatusCode::UNAUTHORIZED, answer);
}

#[tokio::test]
async fn deleting_a_seller_removes_their_listings_adverts_bookings_and_sign_in_but_keeps_payments()
{
    on_both(|engine| async move {
        let Some(site) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = site.admin().await;
        let rahim = site
            .sign_up("rahim@example.com", "Rahim Buyer", "buyer")
            .await;
        let mim = site.sign_up("mim@example.com", "Mim Buyer", "buyer").await;
        let doomed = site
            .sign_up("karim@example.com", "Karim Seller", "seller")
            .await;
        let kept = site
            .sign_up("sumon@example.com", "Sumon Seller", "seller")
            .await;
        let category = site.category(&admin, "Cruiser").await;
        let advertised = site
            .list_bike(&doomed, &category, "Bajaj Avenger 220", 180_000)
            .await;
        let sold = site
            .list_bike(&doomed, &category, "Hero Hunk", 120_000)
            .await;
        let other = site
            .list_bike(&kept, &category, "Yamaha FZ-S", 210_000)
            .await;
        site.advertise(&doomed, &advertised).await;
        site.advertise(&kept, &other).await;
        let rahims_doomed = site.book(&rahim, &advertised).await;
        let rahims_kept = site.book(&rahim, &other).await;
        let mims_paid = site.book(&mim, &sold).await;
        let payment = id_of(&inserted(
            "payment",
            site.pay(&mim, &mims_paid, CARD_OK).await,
        ));
        let token = |p: &Person| p.token.clone();

        // The wrong table refuses, and changes nothing.
        let answer = site
            .call(
                DELETE,
                &format!("/api/allBuyer/{}", doomed.id),
                Some(&token(&admin)),
                Value::Null,
            )
            .await;
        assert_eq!(
            answer.0,
            StatusCode::NOT_FOUND,
            "a seller is not in the buyers' table: {}",
            answer.1
        );
        assert_eq!(site.profile("karim@example.com").await.0, StatusCode::OK);

        let (status, body) = site
            .call(
                DELETE,
                &format!("/api/allSeller/{}", doomed.id),
                Some(&token(&admin)),
                Value::Null,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["deletedCount"], 1, "{body}");

        // Their listings, adverts and the bookings on them are gone.
        let (_, adverts) = site.get("/api/advertise", None).await;
        assert_eq!(adverts.as_array().map(Vec::len), Some(1), "{adverts}");
        assert_eq!(adverts[0]["advertiseId"], other.as_str());
        let (_, listed) = site
            .get(&format!("/api/products/{category}"), Some(&token(&rahim)))
            .await;
        assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");
        assert_eq!(listed[0]["_id"], other.as_str());
        let (_, orders) = site
            .get("/api/orders/rahim@example.com", Some(&token(&rahim)))
            .await;
        assert_eq!(orders.as_array().map(Vec::len), Some(1), "{orders}");
        assert_eq!(orders[0]["_id"], rahims_kept.as_str());
        let (_, orders) = site
            .get("/api/orders/mim@example.com", Some(&token(&mim)))
            .await;
        assert_eq!(orders, json!([]), "the paid booking went with the listing");
        let path = format!("/api/paymentOrders/{rahims_doomed}");
        assert_eq!(
            site.get(&path, Some(&token(&rahim))).await.0,
            StatusCode::NOT_FOUND
        );
        for id in [&advertised, &sold] {
            assert!(
                site.state
                    .store
                    .listing(id_of(id))
                    .await
                    .expect("product")
                    .is_none(),
                "listing {id} is gone"
            );
        }

        // Their identity is gone: no sign-in, no token, no profile.
        assert_gone(
            &site,
            &doomed,
            "seller",
            "/api/sellerProducts/karim@example.com",
        )
        .await;
        let answer = site
            .call(
                PUT,
                "/api/products",
                Some(&token(&doomed)),
                listing_body(&category, "Comeback", 1000),
            )
            .await;
        assert_refused(
            "the deleted seller listing again",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        // The payment survives with its figures.
        let row = payment_row(site.db(), payment)
            .await
            .expect("the payment record survives the seller");
        assert_eq!(
            row,
            (
                12_000_000,
                "mim@example.com".to_owned(),
                "Hero Hunk".to_owned(),
                None
            )
        );

        // Deleting again finds nobody.
        let answer = site
            .call(
                DELETE,
                &format!("/api/allSeller/{}", doomed.id),
                Some(&token(&admin)),
                Value::Null,
            )
            .await;
        assert_eq!(answer.0, StatusCode::NOT_FOUND, "{}", answer.1);
    })
    .await;
}

#[tokio::test]
async fn deleting_a_buyer_removes_their_bookings_reports_and_sign_in() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app
            .sign_up("karim@example.com", "Karim Seller", "seller")
            .await;
        let doomed = app
            .sign_up("rahim@example.com", "Rahim Buyer", "buyer")
            .await;
        let other = app.sign_up("mim@example.com", "Mim Buyer", "buyer").await;
        let category = app.category(&admin, "Cruiser").await;
        let bike = app
            .list_bike(&seller, &category, "Bajaj Avenger 220", 180_000)
            .await;
        let report = json!({"report": "reported"});
        let (status, body) = app
            .call(
                PATCH,
                &format!("/api/products/{bike}"),
                Some(&doomed.token),
                report,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let doomed_order = app.book(&doomed, &bike).await;
        let others_order = app.book(&other, &bike).await;

        let answer = app
            .call(
                DELETE,
                &format!("/api/allSeller/{}", doomed.id),
                Some(&admin.token),
                Value::Null,
            )
            .await;
        assert_eq!(
            answer.0,
            StatusCode::NOT_FOUND,
            "a buyer is not in the sellers' table: {}",
            answer.1
        );
        let (status, body) = app
            .call(
                DELETE,
                &format!("/api/allBuyer/{}", doomed.id),
                Some(&admin.token),
                Value::Null,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");

        let (_, buyers) = app.get("/api/allBuyer", Some(&admin.token)).await;
        assert!(
            with(&buyers, "email", "rahim@example.com").is_empty(),
            "{buyers}"
        );
        assert_eq!(
            with(&buyers, "email", "mim@example.com").len(),
            1,
            "{buyers}"
        );
        let (_, reported) = app.get("/api/reportedProducts", Some(&admin.token)).await;
        assert_eq!(reported, json!([]), "their report went with them");
        let store = app.state.store.as_ref();
        assert!(
            store
                .booking(id_of(&doomed_order))
                .await
                .expect("order")
                .is_none(),
            "their booking went"
        );
        assert!(
            store
                .booking(id_of(&others_order))
                .await
                .expect("order")
                .is_some(),
            "others' stay"
        );
        assert!(
            store
                .listing(id_of(&bike))
                .await
                .expect("product")
                .is_some(),
            "the listing stays"
        );

        assert_gone(&app, &doomed, "buyer", "/api/orders/rahim@example.com").await;
    })
    .await;
}

#[tokio::test]
async fn a_deleted_users_old_identity_token_does_not_bring_them_back() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app
            .sign_up("karim@example.com", "Karim Seller", "seller")
            .await;
        let old_identity = app.identity_token(&seller.email).await;
        let path = format!("/api/allSeller/{}", seller.id);
        let (status, body) = app
            .call(DELETE, &path, Some(&admin.token), Value::Null)
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");

        // An identity token issued before the deletion names an identity that is gone.
        let body =
            json!({"name": "Karim Again", "email": seller.email, "image": "", "role": "seller"});
        let answer = app
            .call(
                PUT,
                "/api/users/karim@example.com",
                Some(&old_identity),
                body,
            )
            .await;
        assert_refused(
            "the deleted seller's old identity token",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        assert_eq!(
            app.profile("karim@example.com").await.0,
            StatusCode::NOT_FOUND
        );
        let (_, sellers) = app.get("/api/allSeller", Some(&admin.token)).await;
        assert_eq!(sellers, json!([]), "the deleted seller stays deleted");
    })
    .await;
}

#[tokio::test]
async fn an_address_an_admin_removed_cannot_sign_up_again() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let buyer = app.sign_up("karim@example.com", "Karim", "buyer").await;
        let (status, body) = app
            .call(
                DELETE,
                &format!("/api/allBuyer/{}", buyer.id),
                Some(&admin.token),
                Value::Null,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let answer = app
            .call(
                POST,
                "/api/auth/signup",
                None,
                json!({"email": "Karim@Example.com", "password": PASSWORD}),
            )
            .await;
        assert_eq!(answer.0, StatusCode::FORBIDDEN, "{}", answer.1);
        assert!(
            answer.1["message"]
                .as_str()
                .is_some_and(|m| m.contains("An admin removed the account of this address")),
            "{}",
            answer.1
        );
        // Anyone else signs up as before.
        app.sign_up("mim@example.com", "Mim", "buyer").await;
    })
    .await;
}
