//! Paying for a booking: amounts from our records, Stripe's test cards, exactly one
//! winner when buyers race for one bike.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::{answer, on_both, Described, Engine, Person, TestApp};

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

/// A card payment confirmed by the provider and not yet recorded: what a race against
/// recording it needs.
struct Confirmed {
    order: String,
    transaction: Value,
}

/// `buyer` books `product` and confirms its card payment with 4242.
async fn confirmed_payment(app: &TestApp, buyer: &Person, product: &str) -> Confirmed {
    let order = app.book(buyer, product).await;
    let (_, intent) = app.payment_intent(buyer, &order).await;
    let secret = intent["clientSecret"].as_str().expect("client secret");
    let (status, _) = app.confirm_card(buyer, secret, "4242424242424242").await;
    assert_eq!(status, StatusCode::OK);
    Confirmed {
        order,
        transaction: intent["paymentIntentId"].clone(),
    }
}

/// Records `paid` for `buyer` and, at the same moment, calls `method path` with `body`
/// as `caller`: the two answers' statuses.
async fn race_the_payment(
    app: &std::sync::Arc<TestApp>,
    buyer: &Person,
    paid: &Confirmed,
    (method, path, caller, body): (Method, String, &Person, Value),
) -> (StatusCode, StatusCode) {
    let pay = {
        let (app, token) = (app.clone(), buyer.token.clone());
        let body = json!({"transactionId": paid.transaction, "ordersId": paid.order});
        tokio::spawn(async move {
            app.call(Method::POST, "/api/payments", Some(&token), body)
                .await
                .0
        })
    };
    let other = {
        let (app, token) = (app.clone(), caller.token.clone());
        tokio::spawn(async move { app.call(method, &path, Some(&token), body).await.0 })
    };
    (
        pay.await.expect("pay"),
        other.await.expect("the other call"),
    )
}

#[tokio::test]
async fn a_buyer_pays_with_4242_and_the_bike_is_sold_everywhere() {
    on_both(|engine| async move {
        let Some(Market { app, seller, category }) = market(engine).await else { return };
        let buyer = app.sign_up("buyer@example.com", "Sadia", "buyer").await;
        let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let order = app.book(&buyer, &product).await;
        let (status, intent) =
            app.call(Method::POST, "/api/create-payment-intent", Some(&buyer.token), json!({"_id": order, "resalePrice": 1})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(intent["amount"], 410_000, "cents of the listing's price, not the body's: {intent}");
        assert_eq!(intent["currency"], "bdt");
        assert_eq!(intent["provider"], "test");
        let (status, paid) = app.pay(&buyer, &order, "4242 4242 4242 4242").await;
        assert_eq!(status, StatusCode::CREATED, "{paid}");
        assert!(paid["insertedId"].is_string());
        let (_, orders) = app.get("/api/orders/buyer@example.com", Some(&buyer.token)).await;
        assert_eq!(orders[0]["paid"], true);
        assert_eq!(orders[0]["status"], "held");
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
async fn a_sold_bike_stays_on_record_for_its_buyer_and_seller() {
    on_both(|engine| async move {
        let Some(Market { app, seller, category }) = market(engine).await else { return };
        let admin = app.new_session(super::support::ADMIN_EMAIL).await;
        let buyer = app.sign_up("buyer@example.com", "Sadia", "buyer").await;
        let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let order = app.book(&buyer, &product).await;
        let (status, paid) = app.pay(&buyer, &order, "4242 4242 4242 4242").await;
        assert_eq!(status, StatusCode::CREATED, "{paid}");
        for token in [&seller.token, &admin] {
            let (status, body) =
                app.call(Method::DELETE, &format!("/api/products/{product}"), Some(token), Value::Null).await;
            assert_eq!(status, StatusCode::CONFLICT, "{body}");
            assert_eq!(
                body["message"],
                "This bike is sold: it stays on record for its buyer and seller and cannot be deleted."
            );
        }
        let (_, orders) = app.get("/api/orders/buyer@example.com", Some(&buyer.token)).await;
        assert_eq!(orders[0]["status"], "held", "{orders}");
        let (_, bookings) = app.get("/api/sellerOrders/seller@example.com", Some(&seller.token)).await;
        assert_eq!(bookings.as_array().map(Vec::len), Some(1), "{bookings}");
    })
    .await;
}

#[tokio::test]
async fn a_booking_keeps_its_price_when_the_seller_changes_it_and_its_buyer_is_told() {
    on_both(|engine| async move {
        let Some(Market { app, seller, category }) = market(engine).await else { return };
        let buyer = app.sign_up("buyer@example.com", "Sadia", "buyer").await;
        let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let order = app.book(&buyer, &product).await;
        let raise = super::support::listing_body(&category, "Yamaha R15", 5000);
        let (status, body) =
            app.call(Method::PUT, &format!("/api/products/{product}"), Some(&seller.token), raise).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, told) = app.get("/api/notifications", Some(&buyer.token)).await;
        assert!(
            told.to_string().contains(
                "The seller changed the price of Yamaha R15 to ৳5,000 for new bookings. Your booking keeps its price, ৳4,100."
            ),
            "{told}"
        );
        let (_, orders) = app.get("/api/orders/buyer@example.com", Some(&buyer.token)).await;
        assert_eq!(orders[0]["price"], 4100, "{orders}");
        let (status, intent) = app.payment_intent(&buyer, &order).await;
        assert_eq!(status, StatusCode::OK, "{intent}");
        assert_eq!(intent["amount"], 410_000, "the booking's price: {intent}");
        let (status, paid) = app.pay(&buyer, &order, "4242 4242 4242 4242").await;
        assert_eq!(status, StatusCode::CREATED, "{paid}");
        let (_, orders) = app.get("/api/orders/buyer@example.com", Some(&buyer.token)).await;
        assert_eq!((orders[0]["status"].as_str(), orders[0]["price"].as_i64()), (Some("held"), Some(4100)));

        // A new booking is made at the new price.
        let other = app.list_bike(&seller, &category, "Honda CB", 3000).await;
        let late = app.sign_up("late@example.com", "Late", "buyer").await;
        let raise = super::support::listing_body(&category, "Honda CB", 3500);
        app.call(Method::PUT, &format!("/api/products/{other}"), Some(&seller.token), raise).await;
        let order = app.book(&late, &other).await;
        let (_, intent) = app.payment_intent(&late, &order).await;
        assert_eq!(intent["amount"], 350_000, "{intent}");
    })
    .await;
}

#[tokio::test]
async fn a_price_change_racing_a_payment_never_changes_what_the_booking_costs() {
    on_both(|engine| async move {
        let Some(Market { app, seller, category }) = market(engine).await else { return };
        let buyer = app.sign_up("buyer@example.com", "Sadia", "buyer").await;
        for round in 0..6u32 {
            let name = format!("Bike {round}");
            let product = app.list_bike(&seller, &category, &name, 4100).await;
            let order = app.book(&buyer, &product).await;
            let (_, intent) = app.payment_intent(&buyer, &order).await;
            let secret = intent["clientSecret"].as_str().expect("clientSecret").to_owned();
            let (status, confirmed) = app.confirm_card(&buyer, &secret, "4242 4242 4242 4242").await;
            assert_eq!(status, StatusCode::OK, "{confirmed}");
            let transaction = confirmed["paymentIntent"]["id"].as_str().expect("id").to_owned();
            let paying = json!({"price": 1, "transactionId": transaction, "email": buyer.email, "bookingId": Value::Null, "ordersId": order});
            let pay = app.call(Method::POST, "/api/payments", Some(&buyer.token), paying);
            let path = format!("/api/products/{product}");
            let edit = app.call(
                Method::PUT,
                &path,
                Some(&seller.token),
                super::support::listing_body(&category, &name, 9000 + round),
            );
            let ((paid, body), _) = futures_util::future::join(pay, edit).await;
            assert_eq!(paid, StatusCode::CREATED, "round {round}: {body}");
            let id: i64 = order.parse().expect("order id");
            let db = app.db();
            let amount: i64 = super::support::past_the_store!(db, |pool| sqlx::query_scalar(
                "SELECT amount FROM payments WHERE order_id = $1"
            )
            .bind(id)
            .fetch_one(&pool))
            .expect("the payment");
            assert_eq!(amount, 410_000, "round {round}: the booking's price was paid");
            let (_, orders) = app.get("/api/orders/buyer@example.com", Some(&buyer.token)).await;
            let this = orders
                .as_array()
                .and_then(|all| all.iter().find(|o| o["_id"] == order.as_str()))
                .cloned()
                .unwrap_or_default();
            assert_eq!((this["status"].as_str(), this["price"].as_i64()), (Some("held"), Some(4100)), "{this}");
        }
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
    let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
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
async fn the_test_card_forms_refusals_answer_the_shapes_the_description_documents() {
    on_both(|engine| async move {
        let Some(Market {
            app,
            seller,
            category,
        }) = market(engine).await
        else {
            return;
        };
        let described = Described::default();
        let buyer = app.sign_up("buyer@example.com", "Sadia", "buyer").await;
        let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let order = app.book(&buyer, &product).await;
        let (_, intent) = app.payment_intent(&buyer, &order).await;
        let secret = intent["clientSecret"].as_str().expect("clientSecret");
        let confirm =
            |body: Value| app.call(Method::POST, "/api/test-mode/confirm-card", None, body);

        // Stripe's shapes, as Stripe.js reports them: a declined card, no secret, no intent.
        let (status, declined) = app
            .confirm_card(&buyer, secret, "4000 0000 0000 0002")
            .await;
        assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
        assert_eq!(declined["error"]["type"], "card_error");
        assert_eq!(declined["error"]["decline_code"], "generic_decline");
        described.assert_answer("post", "/test-mode/confirm-card", status, &declined);
        let (status, missing) = confirm(json!({"card": {}})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(missing["error"]["code"], "parameter_missing");
        described.assert_answer("post", "/test-mode/confirm-card", status, &missing);
        let (status, unknown) = confirm(json!({"clientSecret": "pi_forged_secret_x"})).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(unknown["error"]["code"], "resource_missing");
        described.assert_answer("post", "/test-mode/confirm-card", status, &unknown);

        // Ours, for a request that cannot be read at all.
        let request = app.request(Method::POST, "/api/test-mode/confirm-card", None);
        let (status, unreadable) =
            answer(request.header("content-type", "application/json").body("{")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(unreadable["error"], "bad_request");
        described.assert_answer("post", "/test-mode/confirm-card", status, &unreadable);

        let (status, paid) = app
            .confirm_card(&buyer, secret, "4242 4242 4242 4242")
            .await;
        assert_eq!(status, StatusCode::OK, "{paid}");
        described.assert_answer("post", "/test-mode/confirm-card", status, &paid);
    })
    .await;
}

#[tokio::test]
async fn recording_a_payment_is_idempotent_and_bound_to_its_booking() {
    on_both(|engine| async move {
        let Some(Market { app, seller, category }) = market(engine).await else { return };
        let buyer = app.sign_up("buyer@example.com", "Sadia", "buyer").await;
        let first = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let second = app.list_bike(&seller, &category, "Honda CBR", 2900).await;
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
        let count = app.state.store.payments_for_listing(first.parse().expect("id")).await.expect("count");
        assert_eq!(count, 1);
        let (_, other_orders) = app.get("/api/orders/buyer@example.com", Some(&buyer.token)).await;
        let unpaid = other_orders.as_array().expect("list").iter().find(|o| o["_id"] == other_order.as_str()).expect("other order");
        assert_eq!(unpaid["paid"], false);
    })
    .await;
}

#[tokio::test]
async fn buyers_in_line_cannot_pay_until_the_bike_is_theirs() {
    on_both(|engine| async move {
        let Some(Market {
            app,
            seller,
            category,
        }) = market(engine).await
        else {
            return;
        };
        let product = app
            .list_bike(&seller, &category, "Royal Enfield Classic 350", 4200)
            .await;
        let mut line = Vec::new();
        for i in 0..4 {
            let buyer = app
                .sign_up(
                    &format!("racer{i}@example.com"),
                    &format!("Racer {i}"),
                    "buyer",
                )
                .await;
            let order = app.book(&buyer, &product).await;
            line.push((buyer, order));
        }
        for (buyer, order) in &line[1..] {
            let (status, body) = app.payment_intent(buyer, order).await;
            assert_eq!(status, StatusCode::CONFLICT, "{body}");
            assert_eq!(
                body["message"],
                "Your booking is waiting in line: you can pay once the bike is reserved for you."
            );
        }
        // The holder lets it go: the next in line may pay now, and only they.
        let (holder, held) = &line[0];
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("/api/orders/{held}"),
                Some(&holder.token),
                Value::Null,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, body) = app.pay(&line[1].0, &line[1].1, "4242424242424242").await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, _) = app.payment_intent(&line[2].0, &line[2].1).await;
        assert_eq!(
            status,
            StatusCode::CONFLICT,
            "still in line behind a sold bike"
        );
        assert_eq!(
            app.state
                .store
                .payments_for_listing(product.parse().expect("id"))
                .await
                .expect("count"),
            1
        );
        assert!(app.listing(&product).await.sold);
    })
    .await;
}

/// The seller releasing a reservation while its buyer's card payment is reported: one
/// of the two wins, over HTTP, on both engines — a paid bike is not released, and a
/// released reservation is not paid for (its card is not charged; the next buyer holds it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_payment_and_the_sellers_release_racing_for_one_reservation_have_one_winner() {
    on_both(|engine| async move {
        let Some(Market {
            app,
            seller,
            category,
        }) = market(engine).await
        else {
            return;
        };
        let holder = app.sign_up("rahim@example.com", "Rahim", "buyer").await;
        let next = app.sign_up("mim@example.com", "Mim", "buyer").await;
        let app = std::sync::Arc::new(app);
        let mut wins = [0; 2];
        for round in 0..8 {
            let product = app
                .list_bike(&seller, &category, &format!("Suzuki Gixxer {round}"), 2100)
                .await;
            let paid = confirmed_payment(&app, &holder, &product).await;
            let order = paid.order.clone();
            let behind = app.book(&next, &product).await;
            let release = (
                Method::POST,
                format!("/api/orders/{order}/release"),
                &seller,
                json!({"reason": "Sold it at the shop"}),
            );
            let (paid, released) = race_the_payment(&app, &holder, &paid, release).await;
            let (_, mine) = app
                .get("/api/orders/rahim@example.com", Some(&holder.token))
                .await;
            let status = |list: &Value, id: &str| {
                list.as_array()
                    .expect("list")
                    .iter()
                    .find(|o| o["_id"] == id)
                    .map(|o| o["status"].clone())
            };
            let (_, theirs) = app
                .get("/api/orders/mim@example.com", Some(&next.token))
                .await;
            match (paid, released) {
                (StatusCode::CREATED, StatusCode::CONFLICT) => {
                    wins[0] += 1;
                    assert_eq!(status(&mine, &order), Some(json!("held")));
                    assert_eq!(status(&theirs, &behind), Some(json!("waiting")));
                    assert!(app.listing(&product).await.sold);
                }
                (StatusCode::CONFLICT, StatusCode::OK) => {
                    wins[1] += 1;
                    assert_eq!(status(&mine, &order), Some(json!("released")));
                    assert_eq!(status(&theirs, &behind), Some(json!("reserved")));
                    assert!(!app.listing(&product).await.sold);
                    assert_eq!(
                        app.state
                            .store
                            .payments_for_listing(product.parse().expect("id"))
                            .await
                            .expect("count"),
                        0
                    );
                }
                other => panic!("round {round}: payment and release answered {other:?}"),
            }
            // The next buyer withdraws, staying below the open bookings one may have.
            let (status, _) = app
                .call(
                    Method::DELETE,
                    &format!("/api/orders/{behind}"),
                    Some(&next.token),
                    Value::Null,
                )
                .await;
            assert_eq!(status, StatusCode::OK);
        }
        eprintln!(
            "{engine:?}: paid first {} times, released first {}",
            wins[0], wins[1]
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_payment_and_a_cancel_racing_for_one_booking_have_exactly_one_winner() {
    on_both(|engine| async move {
        let Some(Market {
            app,
            seller,
            category,
        }) = market(engine).await
        else {
            return;
        };
        let buyer = app.sign_up("rahim@example.com", "Rahim", "buyer").await;
        let app = std::sync::Arc::new(app);
        for round in 0..12 {
            let product = app
                .list_bike(&seller, &category, &format!("Bajaj Pulsar {round}"), 1800)
                .await;
            let paid = confirmed_payment(&app, &buyer, &product).await;
            let order = paid.order.clone();
            let cancel = (
                Method::DELETE,
                format!("/api/orders/{order}"),
                &buyer,
                Value::Null,
            );
            let (paid, cancelled) = race_the_payment(&app, &buyer, &paid, cancel).await;
            let stored = app
                .state
                .store
                .booking(order.parse().expect("id"))
                .await
                .expect("read")
                .expect("order");
            let listing = app.listing(&product).await;
            let payments = app
                .state
                .store
                .payments_for_listing(listing.id)
                .await
                .expect("count");
            match (paid, cancelled) {
                (StatusCode::CREATED, StatusCode::CONFLICT) => {
                    assert_eq!(stored.order_status, bikehaat::records::BookingStatus::Held);
                    assert!(listing.sold);
                    assert_eq!(payments, 1);
                }
                (StatusCode::CONFLICT, StatusCode::OK) => {
                    assert_eq!(
                        stored.order_status,
                        bikehaat::records::BookingStatus::Cancelled
                    );
                    assert!(!listing.sold, "a cancelled booking sells nothing");
                    assert_eq!(payments, 0);
                }
                other => panic!(
                    "{engine:?} round {round}: pay and cancel answered {other:?}, order {:?}",
                    stored.order_status
                ),
            }
        }
    })
    .await;
}

#[tokio::test]
async fn a_public_server_without_stripe_takes_no_card_payments_and_sells_nothing() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn_public(engine, &[]).await else { return };
        let (_, config) = app.get("/api/config", None).await;
        assert_eq!(config["payments"], json!({"provider": "none", "methods": ["cash"]}));
        let admin = app.admin().await;
        let seller = app.sign_up("seller@example.com", "Rahim Motors", "seller").await;
        let buyer = app.sign_up("buyer@example.com", "Karim", "buyer").await;
        let category = app.category(&admin, "Sports").await;
        let product = app.list_bike(&seller, &category, "Suzuki Gixxer", 2100).await;
        let order = app.book(&buyer, &product).await;

        let (status, body) = app
            .call(Method::POST, "/api/create-payment-intent", Some(&buyer.token), json!({"_id": order}))
            .await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        assert_eq!(body["error"], "payments_unavailable");
        assert_eq!(body["message"], "Card payments are not set up on this marketplace yet.");
        let (status, _) = app
            .call(
                Method::POST,
                "/api/test-mode/confirm-card",
                None,
                json!({"clientSecret": "pi_x_secret_y", "card": {"number": "4242424242424242", "expMonth": 12, "expYear": 2034, "cvc": "123"}}),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "no test cards on a public server");
        let (status, body) = app
            .call(Method::POST, "/api/payments", Some(&buyer.token), json!({"transactionId": "pi_test_made_up", "ordersId": order}))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let listing = app.listing(&product).await;
        assert!(!listing.sold);
    })
    .await;
}

#[tokio::test]
async fn test_mode_on_a_public_server_only_when_the_operator_asks() {
    let Some(app) = TestApp::spawn_public(Engine::Sqlite, &["--test-payments"]).await else {
        return;
    };
    let (_, config) = app.get("/api/config", None).await;
    assert_eq!(
        config["payments"],
        json!({"provider": "test", "methods": ["cash", "card"]})
    );
}

#[tokio::test]
async fn half_a_stripe_configuration_refuses_to_start_and_names_what_is_missing() {
    let Some(db) = super::support::TestDb::new(Engine::Sqlite).await else {
        return;
    };
    let problem = TestApp::start_up_problem(&db, &["--stripe-secret-key", "sk_live_51abc"]).await;
    assert!(
        problem.contains("STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set too"),
        "{problem}"
    );
    let problem =
        TestApp::start_up_problem(&db, &["--stripe-publishable-key", "pk_live_51abc"]).await;
    assert!(
        problem.contains("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set too"),
        "{problem}"
    );
}

#[tokio::test]
async fn live_stripe_keys_take_card_payments_and_mixed_or_odd_keys_refuse_to_start() {
    let Some(db) = super::support::TestDb::new(Engine::Sqlite).await else {
        return;
    };
    let keys = |secret: &'static str, publishable: &'static str| {
        [
            "--stripe-secret-key",
            secret,
            "--stripe-publishable-key",
            publishable,
            "--stripe-webhook-secret",
            "whsec_live_endpoint",
            "--stripe-api-base",
            "http://127.0.0.1:9",
        ]
    };
    // A public server with live keys takes cards through Stripe, never in test mode.
    let Some(app) =
        TestApp::spawn_public(Engine::Sqlite, &keys("sk_live_51abc", "pk_live_51abc")).await
    else {
        return;
    };
    let (_, config) = app.get("/api/config", None).await;
    assert_eq!(
        config["payments"],
        json!({"provider": "stripe", "publishableKey": "pk_live_51abc", "methods": ["cash", "card"]})
    );
    let (status, _) = app
        .call(Method::POST, "/api/test-mode/confirm-card", None, json!({}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "no test cards beside Stripe");

    let problem = TestApp::start_up_problem(&db, &keys("sk_live_51abc", "pk_test_51abc")).await;
    assert!(
        problem
            .contains("STRIPE_SECRET_KEY is a live key but STRIPE_PUBLISHABLE_KEY is a test key"),
        "{problem}"
    );
    let problem = TestApp::start_up_problem(&db, &keys("sk_test_51abc", "pk_live_51abc")).await;
    assert!(problem.contains("is a test key but"), "{problem}");
    let problem = TestApp::start_up_problem(&db, &keys("pk_live_51abc", "pk_live_51abc")).await;
    assert!(
        problem.contains("STRIPE_SECRET_KEY does not look like a Stripe secret key"),
        "{problem}"
    );
    let problem = TestApp::start_up_problem(&db, &keys("sk_live_51abc", "sk_live_51abc")).await;
    assert!(
        problem.contains("STRIPE_PUBLISHABLE_KEY does not look like"),
        "{problem}"
    );
}
