//! The ways a listing takes and the deposit it asks (docs/deals.md "Paying"), over
//! HTTP: the seller sets them on the listing form, the buyer's payment page reads the
//! offer from `GET /api/orders/{id}/methods`, and every way of paying refuses what the
//! offer does not hold out — a deposit held by card or bKash, the rest in cash at the
//! handover, on the receipt as two parts.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::bkash::FakeBkash;
use super::support::counter::Counter;
use super::support::{listing_body, on_both, Engine, Person, TestApp};

/// A new listing body at `price` taka with these pay terms merged in.
fn listing_with(category: &str, name: &str, price: u32, terms: Value) -> Value {
    let mut body = listing_body(category, name, price);
    for (key, value) in terms.as_object().expect("terms").iter() {
        body[key] = value.clone();
    }
    body
}

/// `seller` lists a bike with `terms`: the answer.
async fn list(
    app: &TestApp,
    seller: &Person,
    category: &str,
    price: u32,
    terms: Value,
) -> (StatusCode, Value) {
    let body = listing_with(category, "Suzuki Gixxer", price, terms);
    app.call(Method::PUT, "/api/products", Some(&seller.token), body)
        .await
}

/// The id of a listing just made.
fn made((status, body): (StatusCode, Value)) -> String {
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["insertedId"].as_str().expect("insertedId").to_owned()
}

/// What `buyer` is offered for `order`.
async fn offer(app: &TestApp, buyer: &Person, order: &str) -> (StatusCode, Value) {
    let path = format!("/api/orders/{order}/methods");
    app.get(&path, Some(&buyer.token)).await
}

#[tokio::test]
async fn a_seller_chooses_the_ways_a_listing_takes_and_the_deposit_it_asks() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("seller@example.com", "Rahim", "seller").await;
        let category = app.category(&admin, "Sports").await;

        // Unsaid: every way, no deposit, as for listings from before.
        let plain = made(list(&app, &seller, &category, 150_000, json!({})).await);
        let (_, listing) = app.get(&format!("/api/listings/{plain}"), None).await;
        assert_eq!(listing["paymentMethods"], json!(["cash", "card", "bkash"]));
        assert_eq!(listing["deposit"], Value::Null);

        let terms = json!({"paymentMethods": ["bkash", "card"], "deposit": {"amount": 20000}});
        let asked = made(list(&app, &seller, &category, 185_000, terms).await);
        let (_, listing) = app.get(&format!("/api/listings/{asked}"), None).await;
        assert_eq!(listing["paymentMethods"], json!(["card", "bkash"]));
        assert_eq!(listing["deposit"], json!({"amount": 20000}));

        for (terms, field, message) in [
            (
                json!({"paymentMethods": []}),
                "paymentMethods",
                "Choose at least one way to pay",
            ),
            (
                json!({"paymentMethods": ["cash", "cheque"]}),
                "paymentMethods",
                "Choose ways to pay from cash, card and bkash",
            ),
            (
                json!({"paymentMethods": "cash"}),
                "paymentMethods",
                "Choose ways to pay from cash, card and bkash",
            ),
            (
                json!({"deposit": {"amount": 185000}}),
                "deposit",
                "A deposit must be more than ৳0 and less than the price",
            ),
            (
                json!({"deposit": {"amount": -5}}),
                "deposit",
                "A deposit must be more than ৳0 and less than the price",
            ),
            (
                json!({"deposit": {"percent": 95}}),
                "deposit",
                "A deposit share must be a whole number from 1 to 90 percent",
            ),
            (
                json!({"deposit": {"percent": 12.5}}),
                "deposit",
                "A deposit share must be a whole number from 1 to 90 percent",
            ),
            (
                json!({"deposit": {"amount": 1000, "percent": 10}}),
                "deposit",
                "A deposit is a fixed amount or a share of the price",
            ),
            (
                json!({"deposit": "some"}),
                "deposit",
                "A deposit is a fixed amount or a share of the price",
            ),
            (
                json!({"paymentMethods": ["cash"], "deposit": {"percent": 10}}),
                "deposit",
                "A deposit is held by card or bKash: take at least one of them",
            ),
        ] {
            let (status, body) = list(&app, &seller, &category, 185_000, terms.clone()).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{terms}: {body}");
            assert_eq!(body["fields"][field], message, "{terms}: {body}");
        }

        // An edit that leaves the terms out keeps them; one that gives part changes that
        // part; one that would leave the deposit nothing to hold it, or at the price, is
        // refused and changes nothing.
        let at = format!("/api/products/{asked}");
        let edit = |price: u32, terms: Value| {
            let body = listing_with(&category, "Suzuki Gixxer", price, terms);
            app.call(Method::PUT, &at, Some(&seller.token), body)
        };
        let (status, body) = edit(180_000, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = edit(180_000, json!({"paymentMethods": ["cash"]})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            body["fields"]["deposit"],
            "A deposit is held by card or bKash: take at least one of them"
        );
        let (status, body) = edit(20_000, json!({})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            body["fields"]["deposit"],
            "A deposit must be more than ৳0 and less than the price"
        );
        let (_, listing) = app.get(&format!("/api/listings/{asked}"), None).await;
        assert_eq!(listing["resalePrice"], 180_000);
        assert_eq!(listing["paymentMethods"], json!(["card", "bkash"]));
        assert_eq!(listing["deposit"], json!({"amount": 20000}));

        let terms = json!({"paymentMethods": ["cash", "bkash"], "deposit": {"percent": 10}});
        let (status, body) = edit(180_000, terms).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = edit(180_000, json!({"deposit": null})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, listing) = app.get(&format!("/api/listings/{asked}"), None).await;
        assert_eq!(listing["paymentMethods"], json!(["cash", "bkash"]));
        assert_eq!(listing["deposit"], Value::Null);
    })
    .await;
}

/// A counter taking cards (test mode) and bKash.
async fn counter(engine: Engine) -> Option<(Counter, FakeBkash)> {
    let bkash = FakeBkash::start().await;
    let counter = Counter::open(engine, bkash.args()).await?;
    Some((counter, bkash))
}

#[tokio::test]
async fn a_deposit_is_held_by_card_or_bkash_and_the_rest_is_paid_in_cash_at_the_handover() {
    on_both(|engine| async move {
        let Some((shop, bkash)) = counter(engine).await else {
            return;
        };
        let app = &shop.app;
        let terms = json!({"paymentMethods": ["card", "bkash"], "deposit": {"amount": 20000}});
        let bike = made(list(app, &shop.seller, &shop.category, 185_000, terms).await);
        let buyer = app.sign_up("karim@example.com", "Karim", "buyer").await;
        let order = app.book(&buyer, &bike).await;
        assert_eq!(shop.booking(&buyer, &order).await["deposit"], 20000);

        let (status, offered) = offer(app, &buyer, &order).await;
        assert_eq!(status, StatusCode::OK, "{offered}");
        assert_eq!(
            offered,
            json!({
                "price": 185000,
                "deposit": 20000,
                "methods": [
                    {"method": "cash", "offered": false, "hold": 0, "atHandover": 185000,
                     "reason": "The seller does not take cash for this bike.",
                     "reasonCode": "cash_not_taken"},
                    {"method": "card", "offered": true, "hold": 20000, "atHandover": 165000},
                    {"method": "bkash", "offered": true, "hold": 20000, "atHandover": 165000},
                ]
            })
        );
        // Nobody but the buyer reads it.
        let path = format!("/api/orders/{order}/methods");
        let (status, _) = app.get(&path, Some(&shop.seller.token)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);

        // Cash is refused by the server too; the card holds the deposit, not the price.
        let path = format!("/api/orders/{order}/cash");
        let (status, body) = app
            .call(Method::POST, &path, Some(&buyer.token), Value::Null)
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(
            body["message"],
            "The seller does not take cash for this bike."
        );
        let (status, intent) = app.payment_intent(&buyer, &order).await;
        assert_eq!(status, StatusCode::OK, "{intent}");
        assert_eq!(intent["amount"], 2_000_000, "paisa: the deposit");
        let (status, body) = app.pay(&buyer, &order, "4242424242424242").await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let said = body["events"].to_string();
        assert!(
            said.contains(
                "Your card holds a ৳20,000 deposit for Suzuki Gixxer: nothing is taken until \
                 you meet Rahim Motors at Banani 11, Dhaka and show your handover code. Call \
                 them on 01711-234567. Bring the rest, ৳1,65,000, in cash."
            ),
            "{said}"
        );
        let held = shop.booking(&buyer, &order).await;
        assert_eq!(
            (held["status"].as_str(), held["deposit"].as_i64()),
            (Some("held"), Some(20000))
        );

        let (status, body) = shop.hand_over(&buyer, &order).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let path = format!("/api/orders/{order}/receipt");
        let (_, receipt) = app.get(&path, Some(&buyer.token)).await;
        assert_eq!(
            (
                &receipt["price"],
                &receipt["method"],
                &receipt["deposit"],
                &receipt["inCash"]
            ),
            (
                &json!(185000),
                &json!("card"),
                &json!(20000),
                &json!(165000)
            ),
            "{receipt}"
        );
        let (_, told) = app
            .get("/api/notifications", Some(&shop.seller.token))
            .await;
        let said = told.to_string();
        assert!(
            said.contains("for ৳1,85,000, paid ৳20,000 by card and ৳1,65,000 in cash"),
            "{said}"
        );

        // bKash holds the deposit the same way: the amount bKash is asked for is it.
        let terms = json!({"paymentMethods": ["bkash"], "deposit": {"percent": 50}});
        let bike = made(list(app, &shop.seller, &shop.category, 185_000, terms).await);
        let buyer = app.sign_up("mim@example.com", "Mim", "buyer").await;
        let order = app.book(&buyer, &bike).await;
        let (_, offered) = offer(app, &buyer, &order).await;
        assert_eq!(offered["deposit"], 92500.0);
        assert_eq!(
            offered["methods"][2]["note"],
            "A bKash wallet takes at most ৳50,000 of top-ups a day: have the amount in your \
             wallet before you start."
        );
        assert_eq!(offered["methods"][2]["noteCode"], "bkash_daily_top_up");
        assert_eq!(
            offered["methods"][1]["reason"],
            "The seller does not take cards for this bike."
        );
        assert_eq!(offered["methods"][1]["reasonCode"], "card_not_taken");
        let (status, body) = app.payment_intent(&buyer, &order).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(
            body["message"],
            "The seller does not take cards for this bike."
        );
        let path = format!("/api/orders/{order}/bkash");
        let (status, started) = app
            .call(Method::POST, &path, Some(&buyer.token), Value::Null)
            .await;
        assert_eq!(status, StatusCode::OK, "{started}");
        assert_eq!(started["amount"], 9_250_000);
        let payment = started["paymentId"].as_str().expect("paymentId");
        assert_eq!(bkash.payment(payment)["amount"], "92500.00");
        assert!(started["bkashURL"].is_string(), "{started}");
    })
    .await;
}

#[tokio::test]
async fn the_offer_leaves_out_what_this_marketplace_has_not_set_up_or_cannot_carry() {
    // Cards in test mode, no bKash.
    let Some(shop) = Counter::open(Engine::Sqlite, Vec::new()).await else {
        return;
    };
    let app = &shop.app;
    let bike = made(list(app, &shop.seller, &shop.category, 1_200_000, json!({})).await);
    let buyer = app.sign_up("karim@example.com", "Karim", "buyer").await;
    let order = app.book(&buyer, &bike).await;
    let (_, offered) = offer(app, &buyer, &order).await;
    let codes: Vec<&Value> = offered["methods"]
        .as_array()
        .expect("methods")
        .iter()
        .map(|m| &m["reasonCode"])
        .collect();
    // Each reason as a stable code beside it, for a Bangla page.
    assert_eq!(
        codes,
        [
            &Value::Null,
            &json!("above_card_limit"),
            &json!("bkash_not_set_up")
        ]
    );
    let reasons: Vec<(&Value, &Value, &Value)> = offered["methods"]
        .as_array()
        .expect("methods")
        .iter()
        .map(|m| (&m["method"], &m["offered"], &m["reason"]))
        .collect();
    assert_eq!(
        reasons,
        [
            (&json!("cash"), &json!(true), &Value::Null),
            (
                &json!("card"),
                &json!(false),
                &json!(
                    "This bike's price is above ৳9,99,999.99, the most a card payment can \
                     carry: please arrange another way to pay the seller."
                )
            ),
            (
                &json!("bkash"),
                &json!(false),
                &json!("bKash payments are not set up on this marketplace.")
            ),
        ]
    );
    // A deposit brings the card back within reach: what it holds is the deposit.
    let terms = json!({"deposit": {"percent": 10}});
    let bike = made(list(app, &shop.seller, &shop.category, 1_200_000, terms).await);
    let other = app.sign_up("mim@example.com", "Mim", "buyer").await;
    let order = app.book(&other, &bike).await;
    let (_, offered) = offer(app, &other, &order).await;
    assert_eq!(offered["methods"][1]["offered"], true, "{offered}");
    assert_eq!(offered["methods"][1]["hold"], 120000.0);
    assert_eq!(offered["methods"][0]["reasonCode"], "deposit_asked");
    assert_eq!(
        offered["methods"][0]["reason"],
        "The seller asks a deposit by card or bKash to reserve this bike; the rest is paid in \
         cash at the meet-up."
    );
}
