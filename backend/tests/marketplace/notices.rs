//! Notifications and wishlists over real HTTP and the live socket: who may read and mark
//! what, and a notification reaching its one recipient's open page.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::live::{signed_in, QUIET};
use super::support::{on_both, TestApp};

#[tokio::test]
async fn a_booking_rings_the_sellers_bell_live_and_only_theirs() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app
            .sign_up("seller@example.com", "Rahim Motors", "seller")
            .await;
        let other = app
            .sign_up("other@example.com", "Other Seller", "seller")
            .await;
        let buyer = app.sign_up("buyer@example.com", "Karim", "buyer").await;
        let category = app.category(&admin, "Sports").await;
        let bike = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let mut sellers_page = signed_in(&app, &seller).await;
        let mut others_page = signed_in(&app, &other).await;
        let mut buyers_page = signed_in(&app, &buyer).await;
        let mut visitors_page = super::live::Live::open(&app.base).await;
        sellers_page.drain(QUIET).await;

        app.book(&buyer, &bike).await;

        let heard = sellers_page.drain(QUIET).await;
        let rang: Vec<&Value> = heard
            .iter()
            .filter(|e| e["event"] == "notification.created")
            .collect();
        assert_eq!(rang.len(), 1, "{heard:?}");
        let notification = &rang[0]["data"];
        assert_eq!(notification["kind"], "booking");
        assert_eq!(notification["link"], "/dashboard/my-buyers");
        assert_eq!(notification["read"], false);
        assert!(
            notification["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("Karim booked your Yamaha R15.")),
            "{notification}"
        );
        for (who, page) in [
            ("another seller", &mut others_page),
            ("the buyer", &mut buyers_page),
            ("a visitor", &mut visitors_page),
        ] {
            let heard = page.drain(QUIET).await;
            assert!(
                !heard.iter().any(|e| e["event"] == "notification.created"),
                "{who} hears nothing of it: {heard:?}"
            );
        }

        // The bell lists it; nobody else's bell does.
        let (status, bell) = app.get("/api/notifications", Some(&seller.token)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(bell["unread"], 1);
        assert_eq!(bell["notifications"][0]["_id"], notification["_id"]);
        let (_, theirs) = app.get("/api/notifications", Some(&other.token)).await;
        assert_eq!(theirs, json!({"unread": 0, "notifications": []}));
    })
    .await;
}

#[tokio::test]
async fn marking_read_takes_ids_or_all_and_refuses_anything_else() {
    let Some(app) = TestApp::spawn(super::support::Engine::Sqlite).await else {
        return;
    };
    let admin = app.admin().await;
    let seller = app
        .sign_up("seller@example.com", "Rahim Motors", "seller")
        .await;
    let buyer = app.sign_up("buyer@example.com", "Karim", "buyer").await;
    let category = app.category(&admin, "Sports").await;
    for name in ["Yamaha R15", "Honda CB Hornet"] {
        let bike = app.list_bike(&seller, &category, name, 4100).await;
        app.book(&buyer, &bike).await;
    }
    let (status, _) = app.get("/api/notifications", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (_, bell) = app.get("/api/notifications", Some(&seller.token)).await;
    assert_eq!(bell["unread"], 2);
    let newest = bell["notifications"][0]["_id"].clone();

    let mark = |body: Value| {
        let app = &app;
        let token = seller.token.clone();
        async move {
            app.call(Method::POST, "/api/notifications/read", Some(&token), body)
                .await
        }
    };
    for refused in [
        json!({}),
        json!({"ids": []}),
        json!({"ids": ["abc"]}),
        json!({"ids": "1"}),
        json!({"ids": [newest.clone()], "all": true}),
        json!({"all": false}),
        json!({"ids": (1..=101).map(|i| i.to_string()).collect::<Vec<_>>()}),
    ] {
        let (status, body) = mark(refused.clone()).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{refused}: {body}"
        );
        assert!(body["fields"]["ids"].is_string(), "{body}");
    }
    let (status, body) = mark(json!({"ids": [newest]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body, json!({"updated": 1, "unread": 1}));
    // Someone else's ids change nothing of theirs.
    let (status, body) = app
        .call(
            Method::POST,
            "/api/notifications/read",
            Some(&buyer.token),
            json!({"all": true}),
        )
        .await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, json!({"updated": 0, "unread": 0}))
    );
    let (_, body) = mark(json!({"all": true})).await;
    assert_eq!(body, json!({"updated": 1, "unread": 0}));
    let (_, bell) = app.get("/api/notifications", Some(&seller.token)).await;
    assert_eq!(bell["notifications"][1]["read"], true);
}

#[tokio::test]
async fn buyers_save_bikes_once_see_them_sell_and_remove_them() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app
            .sign_up("seller@example.com", "Rahim Motors", "seller")
            .await;
        let buyer = app.sign_up("buyer@example.com", "Karim", "buyer").await;
        let rival = app.sign_up("rival@example.com", "Mim", "buyer").await;
        let category = app.category(&admin, "Sports").await;
        let bike = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let save = |who: &str, body: Value| {
            let (app, token) = (&app, who.to_owned());
            async move {
                app.call(Method::POST, "/api/wishlist", Some(&token), body)
                    .await
            }
        };

        let (status, body) = save(&buyer.token, json!({"productId": bike})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["insertedId"], bike.as_str());
        let (status, _) = save(&buyer.token, json!({"productId": bike})).await;
        assert_eq!(status, StatusCode::OK, "saving twice keeps one");
        let (status, body) = save(&buyer.token, json!({})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["fields"]["productId"], "Choose a bike to save");
        let (status, _) = save(&buyer.token, json!({"productId": "99999"})).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, body) = save(&seller.token, json!({"productId": bike})).await;
        assert_eq!(
            status,
            StatusCode::CONFLICT,
            "nobody saves their own bike: {body}"
        );

        let (status, saved) = app.get("/api/wishlist", Some(&buyer.token)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(saved.as_array().map(Vec::len), Some(1), "{saved}");
        assert_eq!(saved[0]["_id"], bike.as_str());
        assert_eq!(saved[0]["sellerEmail"], "seller@example.com");
        let (_, theirs) = app.get("/api/wishlist", Some(&rival.token)).await;
        assert_eq!(theirs, json!([]));

        // Someone else buys it: it stays saved, sold, and its saver is told.
        let order = app.book(&rival, &bike).await;
        let (status, body) = app.pay(&rival, &order, "4242424242424242").await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (_, saved) = app.get("/api/wishlist", Some(&buyer.token)).await;
        assert_eq!(saved[0]["availability"], "sold");
        let (_, bell) = app.get("/api/notifications", Some(&buyer.token)).await;
        assert_eq!(bell["notifications"][0]["kind"], "sold");
        assert_eq!(bell["notifications"][0]["link"], "/dashboard/wishlist");

        let remove = |id: &str| {
            let (app, token, path) = (&app, buyer.token.clone(), format!("/api/wishlist/{id}"));
            async move {
                app.call(Method::DELETE, &path, Some(&token), Value::Null)
                    .await
            }
        };
        let (status, body) = remove(&bike).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["deletedCount"], 1);
        let (status, body) = remove(&bike).await;
        assert_eq!((status, &body["deletedCount"]), (StatusCode::OK, &json!(0)));
        let (status, _) = remove("not-an-id").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (_, saved) = app.get("/api/wishlist", Some(&buyer.token)).await;
        assert_eq!(saved, json!([]));
    })
    .await;
}

#[tokio::test]
async fn a_seller_changes_an_unsold_listing_and_every_open_page_hears_it() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app
            .sign_up("seller@example.com", "Rahim Motors", "seller")
            .await;
        let other = app
            .sign_up("other@example.com", "Other Seller", "seller")
            .await;
        let buyer = app.sign_up("buyer@example.com", "Karim", "buyer").await;
        let category = app.category(&admin, "Sports").await;
        let bike = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let (status, _) = app
            .call(
                Method::POST,
                "/api/wishlist",
                Some(&buyer.token),
                json!({"productId": bike}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let mut visitors_page = super::live::Live::open(&app.base).await;
        let mut buyers_page = signed_in(&app, &buyer).await;
        // What was written before the pages opened may still be on its way to them.
        visitors_page.drain(QUIET).await;
        buyers_page.drain(QUIET).await;
        let path = format!("/api/products/{bike}");
        let mut body = super::support::listing_body(&category, "A Different Bike", 3900);
        body["color"] = json!("Matte Black");
        body["sellerPhone"] = json!("01811-000000");

        for (who, token, expected) in [
            ("another seller", &other.token, StatusCode::FORBIDDEN),
            ("a buyer", &buyer.token, StatusCode::FORBIDDEN),
            ("an admin", &admin.token, StatusCode::FORBIDDEN),
        ] {
            let (status, _) = app
                .call(Method::PUT, &path, Some(token), body.clone())
                .await;
            assert_eq!(status, expected, "{who}");
        }
        let mut bad = body.clone();
        bad["resalePrice"] = json!(-5);
        let (status, answer) = app.call(Method::PUT, &path, Some(&seller.token), bad).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert!(answer["fields"]["resalePrice"].is_string(), "{answer}");

        let (status, answer) = app
            .call(Method::PUT, &path, Some(&seller.token), body.clone())
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let listing = app.listing(&bike).await;
        assert_eq!(
            (listing.name.as_str(), listing.resale_price),
            ("Yamaha R15", 390_000)
        );
        assert_eq!(listing.color, "Matte Black");

        let heard = visitors_page.drain(QUIET).await;
        let updated = heard
            .iter()
            .find(|e| e["event"] == "product.updated")
            .unwrap_or_else(|| panic!("a visitor's page hears the change: {heard:?}"));
        assert_eq!(updated["data"]["resalePrice"], 3900);
        assert_eq!(updated["data"]["productName"], "Yamaha R15");
        assert!(
            updated["data"].get("sellerPhone").is_none(),
            "the public form: {updated}"
        );
        let heard = buyers_page.drain(QUIET).await;
        let names: Vec<&str> = heard.iter().filter_map(|e| e["event"].as_str()).collect();
        assert_eq!(
            names,
            ["product.updated", "notification.created"],
            "the saver hears of the lower price"
        );

        let order = app.book(&buyer, &bike).await;
        let (status, _) = app.pay(&buyer, &order, "4242424242424242").await;
        assert_eq!(status, StatusCode::CREATED);
        let (status, answer) = app
            .call(Method::PUT, &path, Some(&seller.token), body)
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert_eq!(answer["message"], "A sold bike cannot be changed.");
    })
    .await;
}
