//! One account buys and sells: a buyer starts selling without a new account, and a
//! seller buys other sellers' bikes — never their own.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::{on_both, TestApp};

const OWN_BIKE: &str = "This is your own bike.";

async fn start_selling(app: &TestApp, token: Option<&str>) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        "/api/users/me/start-selling",
        token,
        Value::Null,
    )
    .await
}

#[tokio::test]
async fn a_buyer_starts_selling_and_keeps_what_they_had_as_a_buyer() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Scooters").await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let bike = app
            .list_bike(&seller, &category, "TVS Ntorq", 150_000)
            .await;
        let rahim = app.sign_up("rahim@example.com", "Rahim", "buyer").await;
        let order = app.book(&rahim, &bike).await;

        // Before: a buyer lists nothing.
        let (status, body) = app
            .call(
                Method::PUT,
                "/api/products",
                Some(&rahim.token),
                super::support::listing_body(&category, "Honda Dio", 90_000),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");

        let (status, user) = start_selling(&app, Some(&rahim.token)).await;
        assert_eq!(status, StatusCode::OK, "{user}");
        assert_eq!(user["role"], "seller");
        assert_eq!(user["_id"], rahim.id.as_str());
        // The same session lists a bike once the phone is confirmed: no new sign-in.
        app.confirm_phone(&rahim).await;
        let own = app.list_bike(&rahim, &category, "Honda Dio", 90_000).await;
        let (status, listed) = app
            .get("/api/sellerProducts/rahim@example.com", Some(&rahim.token))
            .await;
        assert_eq!(status, StatusCode::OK, "{listed}");
        assert_eq!(listed[0]["_id"], own.as_str());
        // Their booking is still theirs.
        let (status, orders) = app
            .get("/api/orders/rahim@example.com", Some(&rahim.token))
            .await;
        assert_eq!(status, StatusCode::OK, "{orders}");
        assert_eq!(orders[0]["_id"], order.as_str());
        // Again: nothing changes, the answer is the same.
        let (status, again) = start_selling(&app, Some(&rahim.token)).await;
        assert_eq!(status, StatusCode::OK, "{again}");
        assert_eq!(again["role"], "seller");
        // The admins find them among the sellers now.
        let (_, sellers) = app.get("/api/allSeller", Some(&admin.token)).await;
        let (_, buyers) = app.get("/api/allBuyer", Some(&admin.token)).await;
        let has = |list: &Value| {
            list.as_array()
                .expect("a list")
                .iter()
                .any(|user| user["email"] == "rahim@example.com")
        };
        assert!(has(&sellers) && !has(&buyers), "{sellers} {buyers}");
    })
    .await;
}

#[tokio::test]
async fn nobody_else_starts_selling() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let (status, body) = start_selling(&app, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        let admin = app.admin().await;
        let (status, body) = start_selling(&app, Some(&admin.token)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (_, profile) = app.profile(&admin.email).await;
        assert_eq!(profile["role"], "admin", "an admin stays admin");
    })
    .await;
}

#[tokio::test]
async fn a_seller_books_saves_asks_about_and_reports_other_sellers_bikes_but_not_their_own() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Commuters").await;
        let karim = app.sign_up("karim@example.com", "Karim", "seller").await;
        let nadia = app.sign_up("nadia@example.com", "Nadia", "seller").await;
        let karims = app.list_bike(&karim, &category, "Bajaj Pulsar 150", 180_000).await;
        let nadias = app.list_bike(&nadia, &category, "Yamaha FZS", 210_000).await;

        // Karim buys Nadia's bike as any buyer would.
        let order = app.book(&karim, &nadias).await;
        let (status, booking) = app.get("/api/orders/karim@example.com", Some(&karim.token)).await;
        assert_eq!(status, StatusCode::OK, "{booking}");
        assert_eq!(booking[0]["_id"], order.as_str());
        // Nadia sees him among her bike's buyers.
        let (status, buyers) = app
            .get("/api/sellerOrders/nadia@example.com", Some(&nadia.token))
            .await;
        assert_eq!(status, StatusCode::OK, "{buyers}");
        assert_eq!(buyers[0]["buyerEmail"], "karim@example.com");
        let wish = json!({"productId": nadias});
        let (status, body) = app
            .call(Method::POST, "/api/wishlist", Some(&karim.token), wish)
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let ask = json!({"productId": nadias, "text": "Papers up to date?", "clientId": "k-1"});
        let (status, body) = app
            .call(Method::POST, "/api/conversations", Some(&karim.token), ask)
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(app.report(&karim, &nadias).await, StatusCode::OK);

        // His own bike: each act refused, saying why, and nothing recorded.
        let refusals = [
            (
                "/api/orders",
                json!({"bookingId": karims, "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani"}),
            ),
            ("/api/wishlist", json!({"productId": karims})),
            (
                "/api/conversations",
                json!({"productId": karims, "text": "Hello?", "clientId": "k-2"}),
            ),
        ];
        for (path, body) in refusals {
            let (status, answer) = app
                .call(Method::POST, path, Some(&karim.token), body)
                .await;
            assert_eq!(status, StatusCode::CONFLICT, "{path}: {answer}");
            assert_eq!(answer["message"], OWN_BIKE, "{path}");
            assert_eq!(answer["reason"], "own_listing", "{path}");
        }
        let (status, answer) = app
            .call(
                Method::PATCH,
                &format!("/api/products/{karims}"),
                Some(&karim.token),
                json!({"report": "reported"}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert_eq!(answer["message"], OWN_BIKE);
        let store = app.state.store.as_ref();
        let own = app.listing(&karims).await;
        assert!(!own.reported, "his own report is not recorded");
        let (_, orders) = app.get("/api/orders/karim@example.com", Some(&karim.token)).await;
        assert_eq!(orders.as_array().map(Vec::len), Some(1), "{orders}");
        let karim_id = karim.id.parse().expect("id");
        let saved = store.wishlist(karim_id).await.expect("wishlist");
        assert_eq!(saved.len(), 1, "only Nadia's bike is saved");
    })
    .await;
}

#[tokio::test]
async fn a_seller_who_proved_their_address_sees_other_sellers_contacts_like_any_buyer() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Sports").await;
        let nadia = app.sign_up("nadia@example.com", "Nadia", "seller").await;
        app.list_bike(&nadia, &category, "Suzuki Gixxer", 230_000)
            .await;
        let karim = app
            .sign_up_unconfirmed("karim@example.com", "Karim", "seller")
            .await;
        let path = format!("/api/products/{category}");
        let (_, unproven) = app.get(&path, Some(&karim.token)).await;
        assert!(unproven[0].get("sellerEmail").is_none(), "{unproven}");
        app.verify_email("karim@example.com").await;
        let (_, proven) = app.get(&path, Some(&karim.token)).await;
        assert_eq!(proven[0]["sellerEmail"], "nadia@example.com", "{proven}");
        // An admin moderates: the public form still.
        let (_, moderating) = app.get(&path, Some(&admin.token)).await;
        assert!(moderating[0].get("sellerEmail").is_none(), "{moderating}");
    })
    .await;
}
