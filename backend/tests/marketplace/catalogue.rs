//! Categories, listings, reports, adverts and bookings through the API.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::{listing_body, on_both, Engine, TestApp};

#[tokio::test]
async fn admins_add_categories_that_everyone_can_list() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else { return };
        let admin = app.admin().await;
        let id = app.category(&admin, "Sports Bikes").await;
        let (status, categories) = app.get("/api/categories", None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(categories, json!([{"_id": id, "categoryName": "Sports Bikes", "categoryImage": "/uploads/demo-category-0.svg"}]));
        let path = format!("/api/categories/{}", admin.email);
        let (status, body) = app
            .call(Method::POST, &path, Some(&admin.token), json!({"categoryName": "Sports Bikes", "categoryImage": "/uploads/x.png"}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        let (status, body) = app.call(Method::POST, &path, Some(&admin.token), json!({})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["fields"]["categoryName"], "Please provide the category name");
        assert_eq!(body["fields"]["categoryImage"], "Please Provide an Image");
    })
    .await;
}

#[tokio::test]
async fn a_seller_lists_a_bike_and_buyers_see_it_in_its_category() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app
            .sign_up("rahim@example.com", "Rahim Motors", "seller")
            .await;
        let buyer = app
            .sign_up_unconfirmed("buyer@example.com", "Sadia", "buyer")
            .await;
        app.verify_email("buyer@example.com").await;
        let category = app.category(&admin, "Commuter").await;
        let mut body = listing_body(&category, "Bajaj Pulsar N160", 1850);
        body["resalePrice"] = json!("1850.50");
        let (status, created) = app
            .call(Method::PUT, "/api/products", Some(&seller.token), body)
            .await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["insertedId"].as_str().expect("id").to_owned();
        let (status, products) = app
            .get(&format!("/api/products/{category}"), Some(&buyer.token))
            .await;
        assert_eq!(status, StatusCode::OK);
        let p = &products[0];
        assert_eq!(p["_id"], id.as_str());
        assert_eq!(p["productName"], "Bajaj Pulsar N160");
        assert_eq!(p["resalePrice"], 1850.5);
        assert_eq!(p["originalPrice"], 3700);
        assert_eq!(p["purchaseYear"], 2020);
        assert_eq!(p["yearsOfUse"], 4);
        assert_eq!(p["sellerName"], "Rahim Motors");
        assert_eq!(p["sellerEmail"], "rahim@example.com");
        assert_eq!(p["sellerPhone"], "01711-234567");
        assert_eq!(p["sellerVerification"], false);
        assert_eq!(p["availability"], "Available");
        assert_eq!(p["categoryId"], category.as_str());
        assert!(
            p["postTime"]
                .as_str()
                .is_some_and(|t| t.ends_with('Z') || t.ends_with("+00:00")),
            "{p}"
        );
        assert!(p.get("report").is_none());
        // The seller's own table shows it too.
        let (status, mine) = app
            .get("/api/sellerProducts/rahim@example.com", Some(&seller.token))
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(mine.as_array().map(Vec::len), Some(1));
        // An unknown category is not found; an empty one is an empty list.
        let (status, _) = app.get("/api/products/424242", Some(&buyer.token)).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let empty = app.category(&admin, "Scooters").await;
        let (status, list) = app
            .get(&format!("/api/products/{empty}"), Some(&buyer.token))
            .await;
        assert_eq!((status, list), (StatusCode::OK, json!([])));
    })
    .await;
}

#[tokio::test]
async fn a_listing_needs_every_field_with_the_spec_messages_and_sane_numbers() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let seller = app.sign_up("s@example.com", "Seller", "seller").await;
    let (status, body) = app
        .call(Method::PUT, "/api/products", Some(&seller.token), json!({}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let fields = &body["fields"];
    assert_eq!(fields["categoryId"], "Please Select a Category");
    assert_eq!(fields["description"], "Description is required");
    for field in [
        "productName",
        "productImage",
        "resalePrice",
        "originalPrice",
        "purchaseYear",
        "yearsOfUse",
        "condition",
        "location",
        "color",
        "sellerPhone",
    ] {
        assert_eq!(fields[field], "required", "{field}");
    }
    // Beside each message, its stable code: one per field, for a page to translate.
    let codes = body["codes"].as_object().expect("codes beside the fields");
    let named: Vec<_> = codes.keys().collect();
    let messages: Vec<_> = fields.as_object().expect("fields").keys().collect();
    assert_eq!(named, messages);
    assert!(codes.values().all(|code| code == "required"), "{codes:?}");
    let admin = app.admin().await;
    let category = app.category(&admin, "Sports").await;
    let bad: [(&str, Value, &str); 9] = [
        ("resalePrice", json!("free"), "not_a_price"),
        ("resalePrice", json!(0), "price_not_positive"),
        ("resalePrice", json!(2_000_000_000), "price_too_high"),
        ("originalPrice", json!(-100), "not_a_price"),
        ("purchaseYear", json!(1890), "out_of_range"),
        ("purchaseYear", json!("next year"), "out_of_range"),
        ("yearsOfUse", json!(-2), "out_of_range"),
        ("sellerPhone", json!("call me"), "invalid_phone"),
        ("color", json!("x".repeat(41)), "too_long"),
    ];
    for (field, value, code) in bad {
        let mut body = listing_body(&category, "Bike", 100);
        body[field] = value.clone();
        let (status, answer) = app
            .call(Method::PUT, "/api/products", Some(&seller.token), body)
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{field}={value}");
        assert!(
            answer["fields"][field].is_string(),
            "{field}={value}: {answer}"
        );
        assert_eq!(answer["codes"][field], code, "{field}={value}: {answer}");
    }
    let (status, answer) = app
        .call(
            Method::PUT,
            "/api/products",
            Some(&seller.token),
            listing_body("999999", "Bike", 100),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["fields"]["categoryId"], "Please Select a Category");
}

#[tokio::test]
async fn verifying_a_seller_shows_on_all_their_existing_listings() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("s@example.com", "Seller", "seller").await;
        let buyer = app.sign_up("b@example.com", "Buyer", "buyer").await;
        let category = app.category(&admin, "Sports").await;
        let first = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        app.list_bike(&seller, &category, "Honda CBR", 2900).await;
        let (_, ad) = app
            .call(
                Method::POST,
                "/api/advertise",
                Some(&seller.token),
                json!({"advertiseId": first}),
            )
            .await;
        assert!(ad["insertedId"].is_string(), "{ad}");
        app.ask_to_be_verified(&seller).await;
        let (status, _) = app
            .call(
                Method::PATCH,
                &format!("/api/allSeller/{}", seller.id),
                Some(&admin.token),
                json!({"verification": "verified"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (_, products) = app
            .get(&format!("/api/products/{category}"), Some(&buyer.token))
            .await;
        let flags: Vec<&Value> = products
            .as_array()
            .expect("list")
            .iter()
            .map(|p| &p["sellerVerification"])
            .collect();
        assert_eq!(flags, vec![&json!(true), &json!(true)]);
        let (_, adverts) = app.get("/api/advertise", None).await;
        assert_eq!(adverts[0]["sellerVerification"], true);
        let (_, sellers) = app.get("/api/allSeller", Some(&admin.token)).await;
        assert_eq!(sellers[0]["verification"], "verified");
        let (status, body) = app
            .call(
                Method::PATCH,
                &format!("/api/allSeller/{}", buyer.id),
                Some(&admin.token),
                json!({"verification": "verified"}),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "only sellers are verified: {body}"
        );
    })
    .await;
}

#[tokio::test]
async fn buyers_report_listings_into_the_admins_queue_and_admins_delete_them() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("s@example.com", "Seller", "seller").await;
        let buyer = app.sign_up("b@example.com", "Buyer", "buyer").await;
        let category = app.category(&admin, "Sports").await;
        let product = app
            .list_bike(&seller, &category, "Suspicious Bike", 100)
            .await;
        let path = format!("/api/products/{product}");
        let (status, body) = app
            .call(
                Method::PATCH,
                &path,
                Some(&buyer.token),
                json!({"report": "reported"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["modifiedCount"], 1);
        let (_, again) = app
            .call(
                Method::PATCH,
                &path,
                Some(&buyer.token),
                json!({"report": "reported"}),
            )
            .await;
        assert_eq!(
            again["modifiedCount"], 0,
            "a second report by the same buyer changes nothing"
        );
        let (status, _) = app
            .call(
                Method::PATCH,
                &path,
                Some(&buyer.token),
                json!({"report": "spam"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let (_, reported) = app.get("/api/reportedProducts", Some(&admin.token)).await;
        assert_eq!(reported[0]["_id"], product.as_str());
        assert_eq!(reported[0]["report"], "reported");
        let (status, _) = app
            .call(Method::DELETE, &path, Some(&admin.token), Value::Null)
            .await;
        assert_eq!(status, StatusCode::OK);
        let (_, reported) = app.get("/api/reportedProducts", Some(&admin.token)).await;
        assert_eq!(reported, json!([]));
        let (status, _) = app
            .call(Method::DELETE, &path, Some(&admin.token), Value::Null)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    })
    .await;
}

#[tokio::test]
async fn adverts_show_unsold_bikes_once_and_only_their_sellers_can_place_them() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("s@example.com", "Seller", "seller").await;
        let other = app.sign_up("t@example.com", "Other Seller", "seller").await;
        let buyer = app.sign_up("b@example.com", "Buyer", "buyer").await;
        let category = app.category(&admin, "Sports").await;
        let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let (status, _) = app
            .call(
                Method::POST,
                "/api/advertise",
                Some(&other.token),
                json!({"advertiseId": product}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = app
            .call(
                Method::POST,
                "/api/advertise",
                Some(&seller.token),
                json!({"advertiseId": product}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let (status, _) = app
            .call(
                Method::POST,
                "/api/advertise",
                Some(&seller.token),
                json!({"advertiseId": product}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (_, adverts) = app.get("/api/advertise", None).await;
        assert_eq!(adverts.as_array().map(Vec::len), Some(1));
        assert_eq!(adverts[0]["advertiseId"], product.as_str());
        assert_eq!(adverts[0]["productName"], "Yamaha R15");
        let order = app.book(&buyer, &product).await;
        let (status, paid) = app.pay(&buyer, &order, "4242 4242 4242 4242").await;
        assert_eq!(status, StatusCode::CREATED, "{paid}");
        let (_, adverts) = app.get("/api/advertise", None).await;
        assert_eq!(
            adverts,
            json!([]),
            "a sold bike leaves the advertisement area"
        );
        let (status, _) = app
            .call(
                Method::POST,
                "/api/advertise",
                Some(&seller.token),
                json!({"advertiseId": product}),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::CONFLICT,
            "a sold bike cannot be advertised"
        );
        let (_, mine) = app
            .get("/api/sellerProducts/s@example.com", Some(&seller.token))
            .await;
        assert_eq!(mine[0]["availability"], "sold");
    })
    .await;
}

#[tokio::test]
async fn buyers_book_see_and_cancel_their_own_bookings() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else { return };
        let admin = app.admin().await;
        let seller = app.sign_up("s@example.com", "Seller", "seller").await;
        let buyer = app.sign_up("b@example.com", "Sadia Islam", "buyer").await;
        let category = app.category(&admin, "Sports").await;
        let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let (status, body) = app.call(Method::POST, "/api/orders", Some(&buyer.token), json!({"bookingId": product})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(body["fields"]["buyerPhone"].is_string() && body["fields"]["meetingLocation"].is_string(), "{body}");
        let order = app.book(&buyer, &product).await;
        let (status, body) = app
            .call(Method::POST, "/api/orders", Some(&buyer.token), json!({"bookingId": product, "buyerPhone": "01711000000", "meetingLocation": "Banani"}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "one active booking per buyer per bike: {body}");
        let (status, orders) = app.get("/api/orders/b@example.com", Some(&buyer.token)).await;
        assert_eq!(status, StatusCode::OK);
        let o = &orders[0];
        assert_eq!(o["_id"], order.as_str());
        assert_eq!(o["bookingId"], product.as_str());
        assert_eq!(o["buyerName"], "Sadia Islam");
        assert_eq!(o["buyerEmail"], "b@example.com");
        assert_eq!(o["meetingLocation"], "Banani 11, Dhaka");
        assert_eq!(o["productName"], "Yamaha R15");
        assert_eq!(o["resalePrice"], 4100);
        assert_eq!(o["price"], 4100);
        assert_eq!(o["paid"], false);
        let (status, one) = app.get(&format!("/api/paymentOrders/{order}"), Some(&buyer.token)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(one["_id"], order.as_str());
        let (status, _) = app.call(Method::DELETE, &format!("/api/orders/{order}"), Some(&buyer.token), Value::Null).await;
        assert_eq!(status, StatusCode::OK);
        let (_, orders) = app.get("/api/orders/b@example.com", Some(&buyer.token)).await;
        assert_eq!(orders, json!([]));
        let (status, _) = app.call(Method::DELETE, &format!("/api/orders/{order}"), Some(&buyer.token), Value::Null).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let again = app.book(&buyer, &product).await; // after cancelling, booking again works

        // The seller sees both bookings of the bike: who, how to reach them, where, and
        // which one still stands.
        let (status, bookings) = app.get("/api/sellerOrders/s@example.com", Some(&seller.token)).await;
        assert_eq!(status, StatusCode::OK);
        let seen: Vec<_> = bookings.as_array().expect("a list").iter().map(|o| (o["_id"].clone(), o["status"].clone())).collect();
        assert_eq!(seen, vec![(json!(again), json!("reserved")), (json!(order), json!("cancelled"))]);
        let b = &bookings[0];
        assert_eq!((&b["buyerName"], &b["buyerPhone"], &b["meetingLocation"]), (&json!("Sadia Islam"), &json!("+880 1711-000000"), &json!("Banani 11, Dhaka")));
        assert_eq!((&b["productName"], &b["price"]), (&json!("Yamaha R15"), &json!(4100)));
        let (status, body) = app.get("/api/sellerOrders/s@example.com", Some(&buyer.token)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (status, _) = app.get("/api/sellerOrders/nobody@example.com", Some(&admin.token)).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // My Products says how many bookings wait on each bike: the one still booked.
        let (_, mine) = app.get("/api/sellerProducts/s@example.com", Some(&seller.token)).await;
        assert_eq!((&mine[0]["_id"], &mine[0]["bookings"]), (&json!(product), &json!(1)));
    })
    .await;
}
