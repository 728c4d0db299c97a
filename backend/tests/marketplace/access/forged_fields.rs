//! Fields forged into request bodies are ignored: the seller, the buyer, the price and
//! the state come from the server's records.

use reqwest::StatusCode;
use serde_json::json;

use super::{with, POST, PUT};
use crate::marketplace::support::{inserted, listing_body, on_both, TestApp};

#[tokio::test]
async fn seller_and_state_fields_forged_into_a_new_listing_are_ignored() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app
            .sign_up("karim@example.com", "Karim Seller", "seller")
            .await;
        let other = app
            .sign_up("sumon@example.com", "Sumon Seller", "seller")
            .await;
        let category = app.category(&admin, "Cruiser").await;

        let mut body = listing_body(&category, "Yamaha FZ-S", 210_000);
        for (key, forged) in [
            ("sellerName", json!("BikeHaat Official")),
            ("sellerEmail", json!(other.email)),
            ("sellerVerification", json!(true)),
            ("availability", json!("sold")),
            ("report", json!("reported")),
            ("advertised", json!(true)),
            ("_id", json!("999")),
            ("postTime", json!("2001-01-01T00:00:00Z")),
        ] {
            body[key] = forged;
        }
        let id = inserted(
            "listing",
            app.call(PUT, "/api/products", Some(&seller.token), body)
                .await,
        );
        assert_ne!(id, "999", "the id is the server's");

        let path = format!("/api/sellerProducts/{}", seller.email);
        let (status, mine) = app.get(&path, Some(&seller.token)).await;
        assert_eq!(status, StatusCode::OK, "{mine}");
        let listing = with(&mine, "_id", &id);
        assert_eq!(listing.len(), 1, "the listing is the seller's: {mine}");
        let listing = listing[0];
        assert_eq!(listing["sellerName"], "Karim Seller");
        assert_eq!(listing["sellerEmail"], "karim@example.com");
        assert_eq!(listing["sellerVerification"], false);
        assert_eq!(listing["availability"], "Available");
        assert!(listing.get("report").is_none(), "no report: {listing}");
        assert_eq!(listing["advertised"], false);
        assert!(
            !listing["postTime"]
                .as_str()
                .expect("postTime")
                .starts_with("2001"),
            "{listing}"
        );

        let path = format!("/api/sellerProducts/{}", other.email);
        let (status, theirs) = app.get(&path, Some(&other.token)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            theirs,
            json!([]),
            "nothing was listed under the forged e-mail"
        );
        assert!(app
            .state
            .store
            .listing(999)
            .await
            .expect("product")
            .is_none());
        assert!(app
            .get("/api/advertise", None)
            .await
            .1
            .as_array()
            .expect("adverts")
            .is_empty());
    })
    .await;
}

#[tokio::test]
async fn buyer_and_price_fields_forged_into_a_booking_are_ignored() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else { return };
        let admin = app.admin().await;
        let seller = app.sign_up("karim@example.com", "Karim Seller", "seller").await;
        let buyer = app.sign_up("rahim@example.com", "Rahim Buyer", "buyer").await;
        let other = app.sign_up("mim@example.com", "Mim Buyer", "buyer").await;
        let category = app.category(&admin, "Cruiser").await;
        let bike = app.list_bike(&seller, &category, "Bajaj Avenger 220", 180_000).await;

        let body = json!({
            "bookingId": bike, "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani 11, Dhaka",
            "buyerName": "Mim Buyer", "buyerEmail": other.email, "resalePrice": 1, "price": 1,
            "originalPrice": 2, "productName": "Free Bike", "sellerEmail": "nobody@example.com",
            "status": "paid", "paid": true, "_id": "999",
        });
        let order = inserted("booking", app.call(POST, "/api/orders", Some(&buyer.token), body).await);
        assert_ne!(order, "999");

        let (status, orders) = app.get(&format!("/api/orders/{}", buyer.email), Some(&buyer.token)).await;
        assert_eq!(status, StatusCode::OK, "{orders}");
        let mine = with(&orders, "_id", &order);
        assert_eq!(mine.len(), 1, "the booking is the signed-in buyer's: {orders}");
        let booking = mine[0];
        assert_eq!(booking["buyerName"], "Rahim Buyer");
        assert_eq!(booking["buyerEmail"], "rahim@example.com");
        assert_eq!(booking["resalePrice"], 180_000);
        assert_eq!(booking["price"], 180_000);
        assert_eq!(booking["originalPrice"], 360_000);
        assert_eq!(booking["productName"], "Bajaj Avenger 220");
        assert_eq!(booking["sellerEmail"], "karim@example.com");
        assert_eq!(booking["bookingId"], bike.as_str());
        assert_eq!(booking["status"], "reserved");
        assert_eq!(booking["paid"], false);

        let (status, theirs) = app.get(&format!("/api/orders/{}", other.email), Some(&other.token)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(theirs, json!([]), "nothing was booked under the forged e-mail");

        // The amount to pay comes from the listing too, whatever the page sends.
        let (status, intent) = app.call(POST,
            "/api/create-payment-intent",
            Some(&buyer.token),
            json!({"_id": order, "price": 1, "resalePrice": 1, "amount": 100}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{intent}");
        assert_eq!(intent["amount"], 18_000_000, "cents of the listing's price: {intent}");
    })
    .await;
}

#[tokio::test]
async fn listing_fields_forged_into_an_advert_are_ignored() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app
            .sign_up("karim@example.com", "Karim Seller", "seller")
            .await;
        let category = app.category(&admin, "Cruiser").await;
        let bike = app
            .list_bike(&seller, &category, "Bajaj Avenger 220", 180_000)
            .await;

        let body = json!({
            "advertiseId": bike, "productName": "Harley-Davidson Fat Boy", "resalePrice": 1,
            "sellerName": "BikeHaat Official", "sellerEmail": "official@example.com",
            "sellerVerification": true, "availability": "sold", "_id": "999",
        });
        let advert = inserted(
            "advert",
            app.call(POST, "/api/advertise", Some(&seller.token), body)
                .await,
        );

        let (status, adverts) = app.get("/api/advertise", None).await;
        assert_eq!(status, StatusCode::OK);
        let shown = with(&adverts, "advertiseId", &bike);
        assert_eq!(shown.len(), 1, "{adverts}");
        let shown = shown[0];
        assert_eq!(shown["_id"], advert.as_str());
        assert_eq!(shown["productName"], "Bajaj Avenger 220");
        assert_eq!(shown["resalePrice"], 180_000);
        assert_eq!(shown["sellerName"], "Karim Seller");
        assert_eq!(
            shown.get("sellerEmail"),
            None,
            "visitors see no contact details"
        );
        assert_eq!(shown["sellerVerification"], false);
        assert_eq!(shown["availability"], "Available");
        let stranger = app
            .sign_up_unconfirmed("mita@example.com", "Mita", "buyer")
            .await;
        let (_, adverts) = app.get("/api/advertise", Some(&stranger.token)).await;
        let shown = with(&adverts, "advertiseId", &bike);
        assert_eq!(
            shown[0].get("sellerEmail"),
            None,
            "someone who never proved their address browses the public form"
        );
        let buyer = app
            .sign_up_unconfirmed("rahim@example.com", "Rahim", "buyer")
            .await;
        app.verify_email("rahim@example.com").await;
        let (_, adverts) = app.get("/api/advertise", Some(&buyer.token)).await;
        let shown = with(&adverts, "advertiseId", &bike);
        assert_eq!(shown[0]["sellerEmail"], "karim@example.com");
    })
    .await;
}
