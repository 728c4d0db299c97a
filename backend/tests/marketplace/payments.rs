//! Paying for a booking: amounts from our records, Stripe's test cards, exactly one
//! winner when buyers race for one bike.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::{on_both, Engine, Person, TestApp};

struct Market {
    app: TestApp,
    seller: Person,
    category: String,
}

async fn market(engine: Engine) -> Option<Market> {
    let app = TestApp::spawn(engine).await?;
    let admin = app.admin().await;
    let seller = app
        .sign_up("seller@example.com", "Rahim Motors", "seller")
        .await;
    let category = app.category(&admin, "Sports").await;
    Some(Market {
        app,
        seller,
        category,
    })
}

#[tokio::test]
async fn a_buyer_pays_with_4242_and_the_bike_is_sold_everywhere() {
    on_both(|engine| async move {
        let Some(Market { app, seller, category }) = market(engine).await else { return };
        let buyer = app.sign_up("buyer@example.com", "Sadia", "buyer").await;
        let product = app.product(&seller, &category, "Yamaha R15", 4100).await;
        let order = app.book(&buyer, &product).await;
        let (status, intent) =
            app.call(Method::POST, "/api/create-payment-intent", Some(&buyer.token), json!({"_id": order, "resalePrice": 1})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(intent["amount"], 410_000, "cents of the listing's price, not the body's: {intent}");
        assert_eq!(intent["currency"], "usd");
        assert_eq!(intent["provider"], "test");
        let (status, paid) = app.pay(&buyer, &order, "4242 4242 4242 4242").await;
        assert_eq!(status, StatusCode::CREATED, "{paid}");
        assert!(paid["insertedId"].is_string());
        let (_, orders) = app.get("/api/orders/buyer@example.com", Some(&buyer.token)).await;
        assert_eq!(orders[0]["paid"], true);
        assert_eq!(orders[0]["status"], "paid");
        assert_eq!(orders[0]["availability"], "sold");
        let (_, listing) = app.get(&format!("/api/products/{category}"), Some(&buyer.token)).await;
        assert_eq!(listing[0]["availability"], "sold");
        // Sold: no more bookings, intents, or cancelling the paid booking.
        let other = app.sign_up("late@example.com", "Late Buyer", "buyer").await;
        let (status, _) = app
            .call(Method::POST, "/api/orders", Some(&other.token), json!({"bookingId": product, "buyerPhone": "01711000000", "meetingLocation": "Gulshan"}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, _) = app.payment_intent(&buyer, &order).await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, _) = app.call(Method::DELETE, &format!("/api/orders/{order}"), Some(&buyer.token), Value::Null).await;
        assert_eq!(status, StatusCode::CONFLICT);
    })
    .await;
}

#[tokio::test]
async fn stripe_test_cards_fail_with_stripe_messages_and_nothing_is_recorded() {
    let Some(Market {
        app,
        seller,
        category,
    }) = market(Engine::Sqlite).await
    else {
        return;
    };
    let buyer = app.sign_up("buyer@example.com", "Sadia", "buyer").await;
    let product = app.product(&seller, &category, "Yamaha R15", 4100).await;
    let order = app.book(&buyer, &product).await;
    let (status, body) = app.pay(&buyer, &order, "4000 0000 0000 0002").await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(body["error"]["message"], "Your card was declined.");
    let (status, body) = app.pay(&buyer, &order, "4242 4242 4242 4241").await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(body["error"]["message"], "Your card number is invalid.");
    let (_, intent) = app.payment_intent(&buyer, &order).await;
    let (status, body) = app
        .call(
            Method::POST,
            "/api/test-mode/confirm-card",
            None,
            json!({"clientSecret": intent["clientSecret"], "card": {"number": "4242424242424242", "expMonth": 1, "expYear": 2020, "cvc": "123"}}),
        )
        .await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(
        body["error"]["message"],
        "Your card's expiration year is in the past."
    );
    let (status, body) = app
        .call(
            Method::POST,
            "/api/test-mode/confirm-card",
            None,
            json!({"clientSecret": "pi_forged_secret_x", "card": {}}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    // An intent that never succeeded cannot be recorded as a payment.
    let (status, body) = app
        .call(
            Method::POST,
            "/api/payments",
            Some(&buyer.token),
            json!({"transactionId": intent["paymentIntentId"], "ordersId": order}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (_, orders) = app
        .get("/api/orders/buyer@example.com", Some(&buyer.token))
        .await;
    assert_eq!(orders[0]["paid"], false);
}

#[tokio::test]
async fn recording_a_payment_is_idempotent_and_bound_to_its_booking() {
    on_both(|engine| async move {
        let Some(Market { app, seller, category }) = market(engine).await else { return };
        let buyer = app.sign_up("buyer@example.com", "Sadia", "buyer").await;
        let first = app.product(&seller, &category, "Yamaha R15", 4100).await;
        let second = app.product(&seller, &category, "Honda CBR", 2900).await;
        let order = app.book(&buyer, &first).await;
        let other_order = app.book(&buyer, &second).await;
        let (_, intent) = app.payment_intent(&buyer, &order).await;
        let (status, _) = app
            .call(
                Method::POST,
                "/api/test-mode/confirm-card",
                None,
                json!({"clientSecret": intent["clientSecret"], "card": {"number": "4242424242424242", "expMonth": 12, "expYear": 34, "cvc": "123"}}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let transaction = intent["paymentIntentId"].clone();
        // Using this transaction for another booking (a cheaper trick) is refused.
        let (status, _) = app
            .call(Method::POST, "/api/payments", Some(&buyer.token), json!({"transactionId": transaction, "ordersId": other_order}))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let record = json!({"transactionId": transaction, "ordersId": order, "bookingId": first, "price": 1, "email": "x@y.z"});
        let (status, one) = app.call(Method::POST, "/api/payments", Some(&buyer.token), record.clone()).await;
        assert_eq!(status, StatusCode::CREATED, "{one}");
        let (status, two) = app.call(Method::POST, "/api/payments", Some(&buyer.token), record).await;
        assert_eq!(status, StatusCode::OK, "a retry answers the same record: {two}");
        assert_eq!(one["insertedId"], two["insertedId"]);
        let count = app.state.store.payments_for_product(first.parse().expect("id")).await.expect("count");
        assert_eq!(count, 1);
        let (_, other_orders) = app.get("/api/orders/buyer@example.com", Some(&buyer.token)).await;
        let unpaid = other_orders.as_array().expect("list").iter().find(|o| o["_id"] == other_order.as_str()).expect("other order");
        assert_eq!(unpaid["paid"], false);
    })
    .await;
}

#[tokio::test]
async fn ten_buyers_paying_for_one_bike_at_once_end_with_exactly_one_paid_order() {
    on_both(|engine| async move {
        let Some(Market { app, seller, category }) = market(engine).await else { return };
        let product = app.product(&seller, &category, "Royal Enfield Classic 350", 4200).await;
        let mut ready = Vec::new();
        for i in 0..10 {
            let buyer = app.sign_up(&format!("racer{i}@example.com"), &format!("Racer {i}"), "buyer").await;
            let order = app.book(&buyer, &product).await;
            let (_, intent) = app.payment_intent(&buyer, &order).await;
            let (status, _) = app
                .call(
                    Method::POST,
                    "/api/test-mode/confirm-card",
                    None,
                    json!({"clientSecret": intent["clientSecret"], "card": {"number": "4242424242424242", "expMonth": 12, "expYear": 2034, "cvc": "123"}}),
                )
                .await;
            assert_eq!(status, StatusCode::OK);
            ready.push((buyer, order, intent["paymentIntentId"].clone()));
        }
        let app = std::sync::Arc::new(app);
        let racers = ready.into_iter().map(|(buyer, order, transaction)| {
            let app = app.clone();
            tokio::spawn(async move {
                app.call(Method::POST, "/api/payments", Some(&buyer.token), json!({"transactionId": transaction, "ordersId": order}))
                    .await
                    .0
            })
        });
        let mut statuses = Vec::new();
        for racer in racers.collect::<Vec<_>>() {
            statuses.push(racer.await.expect("racer finished"));
        }
        let won = statuses.iter().filter(|s| **s == StatusCode::CREATED).count();
        let lost = statuses.iter().filter(|s| **s == StatusCode::CONFLICT).count();
        assert_eq!((won, lost), (1, 9), "{statuses:?}");
        assert_eq!(app.state.store.payments_for_product(product.parse().expect("id")).await.expect("count"), 1);
        let sold = app.state.store.product(product.parse().expect("id")).await.expect("read").expect("listing");
        assert!(sold.sold);
    })
    .await;
}
