//! Card payments through Stripe, against a Stripe-compatible server of the tests'
//! (`tools/fake-stripe`): amounts from our records, manual capture of the one payment
//! that gets the bike, the webhook, and Stripe having a bad day.

use std::sync::Arc;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::counter::{until, Counter};
use super::support::stripe::{FakeStripe, Fault, PUBLISHABLE_KEY};
use super::support::{on_both, Engine, Person, TestApp};

/// A counter taking cards through Stripe.
struct Shop {
    counter: Counter,
    stripe: FakeStripe,
}

impl std::ops::Deref for Shop {
    type Target = Counter;
    fn deref(&self) -> &Counter {
        &self.counter
    }
}

async fn shop(engine: Engine) -> Option<Shop> {
    shop_with(engine, &[]).await
}

/// A shop whose server also gets `extra` arguments.
async fn shop_with(engine: Engine, extra: &[&str]) -> Option<Shop> {
    let stripe = FakeStripe::start().await;
    let mut args = stripe.args();
    args.extend(extra.iter().map(|arg| (*arg).to_owned()));
    let counter = Counter::open(engine, args).await?;
    Some(Shop { counter, stripe })
}

impl Shop {
    /// As [`booked`](Counter::booked), at ৳2,500, with its payment intent made.
    async fn with_intent(&self, email: &str, bike: &str) -> (Person, String, String, String) {
        let (buyer, product, order) = self.booked(email, bike, 2500).await;
        let (status, intent) = self.app.payment_intent(&buyer, &order).await;
        assert_eq!(status, StatusCode::OK, "{intent}");
        let id = intent["paymentIntentId"]
            .as_str()
            .expect("intent id")
            .to_owned();
        (buyer, product, order, id)
    }

    async fn pay(&self, buyer: &Person, order: &str, intent: &str) -> (StatusCode, Value) {
        self.app
            .call(
                Method::POST,
                "/api/payments",
                Some(&buyer.token),
                json!({"transactionId": intent, "ordersId": order}),
            )
            .await
    }

    async fn webhook(&self, body: String, signature: &str) -> StatusCode {
        self.app
            .request(Method::POST, "/api/webhooks/stripe", None)
            .header("stripe-signature", signature)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("webhook delivered")
            .status()
    }

    /// Intents of held deals whose handover claimed the capture and still waits for it.
    async fn waiting_for_capture(&self) -> Vec<String> {
        let later = chrono::Utc::now() + chrono::Duration::minutes(1);
        let claims = self.app.state.store.claims_to_settle(later, 100).await;
        let claims = claims.expect("claims to settle");
        claims.into_iter().map(|held| held.transaction_id).collect()
    }

    /// Intents of ended deals whose hold Stripe has not released yet.
    async fn waiting_for_release(&self) -> Vec<String> {
        let later = chrono::Utc::now() + chrono::Duration::minutes(1);
        let store = &self.app.state.store;
        let holds = store.holds_to_release(later, 100).await.expect("holds");
        holds.into_iter().map(|hold| hold.transaction_id).collect()
    }

    /// How many `product.sold` events the log holds for `product`.
    async fn sold_events(&self, product: &str) -> usize {
        let events = self
            .app
            .state
            .store
            .events_since(0, 10_000)
            .await
            .expect("events");
        events
            .iter()
            .filter(|e| {
                e.name == "product.sold" && e.data.contains(&format!("\"_id\":\"{product}\""))
            })
            .count()
    }
}

#[tokio::test]
async fn a_buyer_pays_through_stripe_and_the_hold_is_taken_only_with_the_handover_code() {
    on_both(|engine| async move {
        let Some(shop) = shop(engine).await else {
            return;
        };
        let (_, config) = shop.app.get("/api/config", None).await;
        assert_eq!(
            config["payments"],
            json!({"provider": "stripe", "publishableKey": PUBLISHABLE_KEY, "methods": ["cash", "card"]})
        );

        let (buyer, product, order, intent) = shop.with_intent("karim@example.com", "Yamaha FZ").await;
        let made = shop.stripe.intent(&intent);
        assert_eq!(made["capture_method"], "manual");
        assert_eq!(made["currency"], "bdt");
        assert_eq!(made["metadata"]["order_id"], json!(order));
        let listing = shop.app.listing(&product).await;
        assert_eq!(
            made["amount"],
            json!(listing.resale_price),
            "the amount is the bike's price from our records"
        );
        // Asking again (a reload of the payment page) gets the same intent, not a second one.
        let (_, again) = shop.app.payment_intent(&buyer, &order).await;
        assert_eq!(again["paymentIntentId"], json!(intent));
        assert_eq!(shop.stripe.count("POST", "/v1/payment_intents"), 2);

        // Not yet authorised: nothing to record.
        let (status, _) = shop.pay(&buyer, &order, &intent).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        shop.stripe.authorise(&intent);
        let (status, body) = shop.pay(&buyer, &order, &intent).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(
            shop.stripe.intent(&intent)["status"],
            "requires_capture",
            "held, not taken, until the handover"
        );
        assert_eq!(shop.status_of(&buyer, &order).await, "held");
        assert!(shop.sold(&product).await, "Sold to others while held");
        // The page reporting twice changes nothing.
        let (status, _) = shop.pay(&buyer, &order, &intent).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(shop.sold_events(&product).await, 1);
        assert_eq!(shop.stripe.count("POST", "/capture"), 0);

        // The seller enters the buyer's code at the meet-up: now the money is taken,
        // once, with a key named after the intent.
        let code = shop.code_of(&buyer, &order).await;
        let (status, body) = shop.enter(&order, &code).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(shop.stripe.intent(&intent)["status"], "succeeded");
        assert_eq!(shop.status_of(&buyer, &order).await, "completed");
        let keys = shop.stripe.idempotency_keys("POST", "/capture");
        assert_eq!(keys, [Some(format!("bikehaat-capture-{intent}"))]);
        let (status, _) = shop.enter(&order, &code).await;
        assert_eq!(status, StatusCode::OK, "a double tap");
        assert_eq!(shop.stripe.count("POST", "/capture"), 1, "captured once");
        // Test cards are for test mode only.
        let (status, _) = shop
            .app
            .call(
                Method::POST,
                "/api/test-mode/confirm-card",
                None,
                json!({"clientSecret": made["client_secret"]}),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    })
    .await;
}

#[tokio::test]
async fn only_the_buyer_holding_the_bike_is_asked_to_pay_and_a_released_card_is_not_charged() {
    // (The next in line's card is taken at their handover.)
    on_both(|engine| async move {
        let Some(shop) = shop(engine).await else {
            return;
        };
        let product = shop
            .app
            .list_bike(
                &shop.seller,
                &shop.category,
                "Royal Enfield Classic 350",
                4200,
            )
            .await;
        let mut line = Vec::new();
        for i in 0..6 {
            let buyer = shop
                .app
                .sign_up(
                    &format!("racer{i}@example.com"),
                    &format!("Racer {i}"),
                    "buyer",
                )
                .await;
            let order = shop.app.book(&buyer, &product).await;
            line.push((buyer, order));
        }
        // Those in line are refused before Stripe is asked for anything.
        for (buyer, order) in &line[1..] {
            let (status, body) = shop.app.payment_intent(buyer, order).await;
            assert_eq!(status, StatusCode::CONFLICT, "{body}");
        }
        assert_eq!(shop.stripe.intent_count(), 0);

        // The holder's card is authorised, then the seller releases the reservation before
        // the payment is reported: the hold is let go, nothing is taken.
        let (holder, held) = &line[0];
        let (_, intent) = shop.app.payment_intent(holder, held).await;
        let first = intent["paymentIntentId"]
            .as_str()
            .expect("intent")
            .to_owned();
        shop.stripe.authorise(&first);
        let (status, _) = shop
            .app
            .call(
                Method::POST,
                &format!("/api/orders/{held}/release"),
                Some(&shop.seller.token),
                json!({"reason": "The buyer never came"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, body) = shop.pay(holder, held, &first).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(
            body["message"],
            "This booking has ended already: your card was not charged."
        );
        assert_eq!(shop.stripe.intent(&first)["status"], "canceled");

        // The next in line holds the bike now, pays, and is charged.
        let (next, order) = &line[1];
        let (_, intent) = shop.app.payment_intent(next, order).await;
        let second = intent["paymentIntentId"]
            .as_str()
            .expect("intent")
            .to_owned();
        shop.stripe.authorise(&second);
        let (status, body) = shop.pay(next, order, &second).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(shop.stripe.intent(&second)["status"], "requires_capture");
        let (status, body) = shop.hand_over(next, order).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(shop.stripe.intent(&second)["status"], "succeeded");
        assert_eq!(shop.stripe.intent_count(), 2);
        assert!(shop.stripe.refunds().is_empty(), "nobody needed a refund");
        assert_eq!(shop.sold_events(&product).await, 1);
    })
    .await;
}

#[tokio::test]
async fn forged_foreign_and_tampered_intents_record_nothing() {
    on_both(|engine| async move {
        let Some(shop) = shop(engine).await else {
            return;
        };
        let (buyer, product, order, intent) =
            shop.with_intent("karim@example.com", "Suzuki Gixxer").await;
        let (_, _, other_order, other_intent) =
            shop.with_intent("mim@example.com", "Honda Hornet").await;
        shop.stripe.authorise(&other_intent);

        // Someone else's paid intent, an intent Stripe never made, one that is not ours.
        for forged in [
            other_intent.as_str(),
            "pi_3MadeUp0000000001",
            "not-an-intent",
        ] {
            let (status, body) = shop.pay(&buyer, &order, forged).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{forged}: {body}");
            assert_eq!(
                body["fields"]["transactionId"],
                "The card provider has not confirmed this payment"
            );
        }
        // Someone else's authorised intent reported with their booking: refused, and
        // their money stays held for them.
        let (status, body) = shop.pay(&buyer, &other_order, &other_intent).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(body["message"], "This booking is not yours.");
        assert_eq!(
            shop.stripe.intent(&other_intent)["status"],
            "requires_capture"
        );
        let stranger = shop.stripe.foreign_intent(1, json!({}), "requires_capture");
        let (status, _) = shop.pay(&buyer, &order, &stranger).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

        // An intent whose amount or currency is not the booking's is refused and given back.
        shop.stripe.authorise(&intent);
        shop.stripe.edit(&intent, |pi| pi["amount"] = json!(1));
        let (status, body) = shop.pay(&buyer, &order, &intent).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(
            body["message"],
            "The amount paid is not this booking's price: your card was not charged."
        );
        assert_eq!(shop.stripe.intent(&intent)["status"], "canceled");
        assert!(!shop.sold(&product).await);
        assert_eq!(
            shop.stripe.intent(&other_intent)["status"],
            "requires_capture",
            "the other buyer's stays untouched"
        );
        // The same for a currency that is not ours.
        let (other_buyer, _, other_order2, euro) =
            shop.with_intent("nila@example.com", "KTM Duke").await;
        shop.stripe.authorise(&euro);
        shop.stripe.edit(&euro, |pi| pi["currency"] = json!("eur"));
        let (status, body) = shop.pay(&other_buyer, &other_order2, &euro).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(shop.stripe.intent(&euro)["status"], "canceled");
    })
    .await;
}

#[tokio::test]
async fn the_webhook_finishes_a_payment_whose_page_closed_once_however_often_it_comes() {
    on_both(|engine| async move {
        let Some(shop) = shop(engine).await else {
            return;
        };
        let (buyer, product, order, intent) =
            shop.with_intent("karim@example.com", "Bajaj Pulsar").await;
        shop.stripe.authorise(&intent);
        let (body, signature) = shop.stripe.event(
            "evt_1",
            "payment_intent.amount_capturable_updated",
            &intent,
            0,
        );

        // The same delivery ten times at once.
        let shop = Arc::new(shop);
        let deliveries: Vec<_> = (0..10)
            .map(|_| {
                let (shop, body, signature) = (shop.clone(), body.clone(), signature.clone());
                tokio::spawn(async move { shop.webhook(body, &signature).await })
            })
            .collect();
        for delivery in deliveries {
            assert_eq!(delivery.await.expect("delivery"), StatusCode::OK);
        }
        assert!(shop.sold(&product).await);
        assert_eq!(
            shop.stripe.intent(&intent)["status"],
            "requires_capture",
            "held"
        );
        assert_eq!(
            shop.sold_events(&product).await,
            1,
            "the live events go out once"
        );
        assert_eq!(
            shop.app
                .state
                .store
                .payments_for_listing(product.parse().expect("id"))
                .await
                .expect("count"),
            1
        );

        // The page reports late: same end.
        let (status, body) = shop.pay(&buyer, &order, &intent).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // Stripe's later `succeeded` event and a redelivery change nothing.
        let (body, signature) = shop
            .stripe
            .event("evt_2", "payment_intent.succeeded", &intent, 0);
        assert_eq!(shop.webhook(body.clone(), &signature).await, StatusCode::OK);
        assert_eq!(shop.webhook(body, &signature).await, StatusCode::OK);
        assert_eq!(shop.sold_events(&product).await, 1);
    })
    .await;
}

#[tokio::test]
async fn the_page_first_then_the_webhook_reach_the_same_end() {
    on_both(|engine| async move {
        let Some(shop) = shop(engine).await else {
            return;
        };
        let (buyer, product, order, intent) =
            shop.with_intent("karim@example.com", "TVS Apache").await;
        shop.stripe.authorise(&intent);
        let (status, _) = shop.pay(&buyer, &order, &intent).await;
        assert_eq!(status, StatusCode::CREATED);
        // Stripe itself delivers the event, signed with the endpoint's secret.
        let endpoint = format!("{}/api/webhooks/stripe", shop.app.base);
        for (id, kind) in [
            ("evt_late_1", "payment_intent.amount_capturable_updated"),
            ("evt_late_2", "payment_intent.succeeded"),
        ] {
            let answer = shop.stripe.deliver(&endpoint, id, kind, &intent).await;
            assert_eq!(answer, 200, "{kind}");
        }
        assert_eq!(shop.sold_events(&product).await, 1);
        assert_eq!(shop.stripe.intent(&intent)["status"], "requires_capture");
        assert_eq!(
            shop.stripe.count("POST", "/capture"),
            0,
            "held until the handover"
        );
    })
    .await;
}

#[tokio::test]
async fn webhooks_with_a_bad_or_old_signature_are_refused_and_change_nothing() {
    let Some(shop) = shop(Engine::Sqlite).await else {
        return;
    };
    let (_, product, _, intent) = shop.with_intent("karim@example.com", "Hero Hunk").await;
    shop.stripe.authorise(&intent);
    let (body, signature) = shop.stripe.event(
        "evt_forged",
        "payment_intent.amount_capturable_updated",
        &intent,
        0,
    );
    assert_eq!(
        shop.webhook(body.clone(), "t=1,v1=deadbeef").await,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        shop.webhook(body.clone(), "").await,
        StatusCode::BAD_REQUEST
    );
    let tampered = body.replace("evt_forged", "evt_forgee");
    assert_eq!(
        shop.webhook(tampered, &signature).await,
        StatusCode::BAD_REQUEST
    );
    let (old, old_signature) = shop.stripe.event(
        "evt_old",
        "payment_intent.amount_capturable_updated",
        &intent,
        301,
    );
    assert_eq!(
        shop.webhook(old, &old_signature).await,
        StatusCode::BAD_REQUEST,
        "a replay from six minutes ago"
    );
    assert!(!shop.sold(&product).await);
    assert_eq!(shop.stripe.intent(&intent)["status"], "requires_capture");
    // The right signature still works after all that.
    assert_eq!(shop.webhook(body, &signature).await, StatusCode::OK);
    assert!(shop.sold(&product).await);
}

#[tokio::test]
async fn stripe_failing_is_retried_with_a_new_key_after_a_500_and_otherwise_said_clearly() {
    let Some(shop) = shop(Engine::Sqlite).await else {
        return;
    };
    let (buyer, product, order) = shop.booked("karim@example.com", "Lifan KPR", 1500).await;

    // Two 500s, then Stripe answers: Stripe keeps each 500 under its key and replays it
    // to a retry with that key, so each retry goes with a new one.
    shop.stripe
        .fail_next(2, "/v1/payment_intents", Fault::ServerError);
    let (status, intent) = shop.app.payment_intent(&buyer, &order).await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    let keys = shop.stripe.idempotency_keys("POST", "/v1/payment_intents");
    assert_eq!(keys.len(), 3, "tried three times");
    assert!(keys.iter().all(Option::is_some), "{keys:?}");
    assert!(
        keys[0] != keys[1] && keys[1] != keys[2] && keys[0] != keys[2],
        "a new idempotency key after each 500: {keys:?}"
    );
    assert_eq!(shop.stripe.intent_count(), 1);
    // Asking again (a reload) goes with the key that worked: the same intent back.
    let (_, again) = shop.app.payment_intent(&buyer, &order).await;
    assert_eq!(again["paymentIntentId"], intent["paymentIntentId"]);
    assert_eq!(shop.stripe.intent_count(), 1);
    let intent = intent["paymentIntentId"]
        .as_str()
        .expect("intent")
        .to_owned();

    // Stripe down for good: a clear 503, nothing recorded, nothing taken.
    shop.stripe.authorise(&intent);
    shop.stripe.fail_next(3, &intent, Fault::ServerError);
    let (status, body) = shop.pay(&buyer, &order, &intent).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(
        shop.stripe.count("GET", &intent),
        3,
        "the intent was asked for three times before giving up"
    );
    assert_eq!(body["error"], "payments_unavailable");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("Nothing was charged"),
        "{body}"
    );
    assert!(!shop.sold(&product).await);

    // Held; then Stripe fails the capture at the handover: the seller hears that the
    // code was right and the money is on its way, the deal stays claimed (nobody can
    // call it off now), and the seller's retry takes the money, once.
    let (status, body) = shop.pay(&buyer, &order, &intent).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert!(shop.sold(&product).await, "their card holds the price");
    shop.stripe.fail_next(3, "/capture", Fault::ServerError);
    let (status, body) = shop.hand_over(&buyer, &order).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(
        body["message"],
        "The code is right, but the card provider has not answered yet: the deal completes \
         as soon as it does. Nothing more to enter."
    );
    assert_eq!(shop.stripe.intent(&intent)["status"], "requires_capture");
    assert_eq!(shop.waiting_for_capture().await, vec![intent.clone()]);
    assert_eq!(shop.status_of(&buyer, &order).await, "held");
    let (status, body) = shop.call_off(&buyer, &order, "Not as described").await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "The handover is under way and the card is being charged: the deal can no longer \
         be called off."
    );
    let (status, body) = shop.hand_over(&buyer, &order).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(shop.stripe.intent(&intent)["status"], "succeeded");
    assert!(shop.waiting_for_capture().await.is_empty());
    assert_eq!(shop.status_of(&buyer, &order).await, "completed");
    assert_eq!(shop.sold_events(&product).await, 1);
}

/// Arguments for a server whose capture sweep runs every 200 ms.
const QUICK_SWEEP: [&str; 2] = ["--payments-sweep-every-ms", "200"];

#[tokio::test]
async fn the_sweep_finishes_a_handover_whose_capture_stripe_did_not_answer() {
    on_both(|engine| async move {
        // A sweep slower than the handover's own three tries, so the seller hears the 503.
        let every = ["--payments-sweep-every-ms", "2000"];
        let Some(shop) = shop_with(engine, &every).await else {
            return;
        };
        let (buyer, product, order, intent) =
            shop.with_intent("karim@example.com", "Suzuki Gixxer").await;
        shop.stripe.authorise(&intent);
        let (status, body) = shop.pay(&buyer, &order, &intent).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        shop.stripe.fail_next(3, "/capture", Fault::ServerError);
        let (status, body) = shop.hand_over(&buyer, &order).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");

        // Nobody enters the code again: the sweep captures it and completes the deal.
        until("the sweep captured the payment", || async {
            shop.stripe.intent(&intent)["status"] == "succeeded"
        })
        .await;
        until("the deal completed", || async {
            shop.status_of(&buyer, &order).await == "completed"
        })
        .await;
        assert!(shop.waiting_for_capture().await.is_empty());
        let captures = shop.stripe.count("POST", "/capture");
        assert!(
            captures >= 4,
            "three failed at the handover, then the sweep's"
        );
        let keys = shop.stripe.idempotency_keys("POST", "/capture");
        assert!(
            keys.iter().all(
                |key| key.as_deref() == Some(&*format!("bikehaat-capture-{intent}"))
                    || key
                        .as_deref()
                        .is_some_and(|k| k.starts_with(&format!("bikehaat-capture-{intent}-")))
            ),
            "every capture carries the intent's key: {keys:?}"
        );
        assert!(shop.sold(&product).await);
        assert_eq!(shop.sold_events(&product).await, 1);
    })
    .await;
}

#[tokio::test]
async fn a_hold_stripe_ended_before_the_handover_ends_the_deal() {
    on_both(|engine| async move {
        let Some(shop) = shop(engine).await else {
            return;
        };
        let (buyer, product, order, intent) =
            shop.with_intent("karim@example.com", "Bajaj Pulsar").await;
        shop.stripe.authorise(&intent);
        let (status, body) = shop.pay(&buyer, &order, &intent).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert!(shop.sold(&product).await);
        // The authorisation lapses just as the seller enters the code.
        shop.stripe.fail_next(1, "/capture", Fault::Lapse);
        let (status, body) = shop.hand_over(&buyer, &order).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(
            body["message"],
            "The buyer's card hold ended before the handover (it expired or was cancelled): \
             nothing was charged, and this deal is over."
        );
        assert_eq!(shop.stripe.intent(&intent)["status"], "canceled");
        assert!(!shop.sold(&product).await, "for sale again");
        assert_eq!(shop.status_of(&buyer, &order).await, "lapsed");
        assert!(shop.waiting_for_capture().await.is_empty());
        assert!(
            shop.waiting_for_release().await.is_empty(),
            "nothing left to release"
        );
        let events = shop.app.state.store.events_since(0, 10_000).await;
        let events = events.expect("events");
        let named = |name: &str| events.iter().filter(|e| e.name == name).count();
        assert_eq!(named("product.unsold"), 1);
        assert_eq!(named("product.available"), 1);
        let product_id: i64 = product.parse().expect("id");
        let store = &shop.app.state.store;
        assert_eq!(
            store.payments_for_listing(product_id).await.expect("count"),
            0
        );

        // The buyer books again and gets a fresh intent to pay with.
        let again = shop.app.book(&buyer, &product).await;
        assert_ne!(again, order);
        let (status, fresh) = shop.app.payment_intent(&buyer, &again).await;
        assert_eq!(status, StatusCode::OK, "{fresh}");
        assert_ne!(fresh["paymentIntentId"], json!(intent));
    })
    .await;
}

#[tokio::test]
async fn stripe_cancelling_a_hold_ends_its_deal_through_the_webhook_and_a_forged_event_does_not() {
    let Some(shop) = shop(Engine::Sqlite).await else {
        return;
    };
    let (buyer, product, order, intent) =
        shop.with_intent("karim@example.com", "Honda Hornet").await;
    shop.stripe.authorise(&intent);
    let (status, body) = shop.pay(&buyer, &order, &intent).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // An event saying the hold was cancelled while Stripe still holds it: nothing.
    let (body, signature) = shop
        .stripe
        .event("evt_forged", "payment_intent.canceled", &intent, 0);
    assert_eq!(shop.webhook(body, &signature).await, StatusCode::OK);
    assert_eq!(shop.status_of(&buyer, &order).await, "held");
    assert!(shop.sold(&product).await);

    // Stripe cancels it (seven days passed): the deal ends, once however often told.
    shop.stripe.edit(&intent, |pi| {
        pi["status"] = json!("canceled");
        pi["cancellation_reason"] = json!("automatic");
    });
    let (body, signature) =
        shop.stripe
            .event("evt_cancelled", "payment_intent.canceled", &intent, 0);
    assert_eq!(shop.webhook(body.clone(), &signature).await, StatusCode::OK);
    assert_eq!(shop.webhook(body, &signature).await, StatusCode::OK);
    assert_eq!(shop.status_of(&buyer, &order).await, "lapsed");
    assert!(!shop.sold(&product).await, "the bike is for sale again");
    let events = shop.app.state.store.events_since(0, 10_000).await;
    let unsold = events
        .expect("events")
        .iter()
        .filter(|e| e.name == "product.unsold")
        .count();
    assert_eq!(unsold, 1);
    assert!(shop.waiting_for_release().await.is_empty());
}

#[tokio::test]
async fn calling_off_a_held_deal_gives_the_hold_back_now_or_at_the_next_sweep() {
    on_both(|engine| async move {
        let Some(shop) = shop_with(engine, &QUICK_SWEEP).await else {
            return;
        };
        let (buyer, product, order, intent) =
            shop.with_intent("karim@example.com", "Hero Xtreme").await;
        shop.stripe.authorise(&intent);
        let (status, body) = shop.pay(&buyer, &order, &intent).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, body) = shop.call_off(&buyer, &order, "Not as described").await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            shop.stripe.intent(&intent)["status"],
            "canceled",
            "released at once"
        );
        assert!(shop.stripe.refunds().is_empty(), "nothing was taken");
        assert!(!shop.sold(&product).await, "back on sale");
        assert_eq!(shop.status_of(&buyer, &order).await, "called_off");
        assert!(shop.waiting_for_release().await.is_empty());
        assert_eq!(shop.stripe.count("POST", "/capture"), 0);

        // Stripe fails the release of the next buyer's hold: the deal is called off all
        // the same, and the sweep releases the hold when Stripe answers again.
        let (next, product, order, intent) = shop.with_intent("mim@example.com", "Hero Hunk").await;
        shop.stripe.authorise(&intent);
        let (status, body) = shop.pay(&next, &order, &intent).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        shop.stripe.fail_next(3, "/cancel", Fault::ServerError);
        let (status, body) = shop
            .call_off(&shop.seller, &order, "Not as described")
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(!shop.sold(&product).await);
        until("the sweep released the hold", || async {
            shop.stripe.intent(&intent)["status"] == "canceled"
        })
        .await;
        until("the release is noted", || async {
            shop.waiting_for_release().await.is_empty()
        })
        .await;
        let deal = shop
            .app
            .state
            .store
            .deal_steps(order.parse().expect("id"))
            .await;
        let steps: Vec<String> = deal.expect("steps").into_iter().map(|s| s.step).collect();
        assert_eq!(steps, ["booked", "held", "called_off", "hold_released"]);
    })
    .await;
}

#[tokio::test]
async fn a_stripe_call_that_times_out_is_retried_with_the_same_key_and_done_once() {
    let stripe = FakeStripe::start().await;
    let mut args = stripe.args();
    args.extend(["--stripe-timeout-ms".to_owned(), "300".to_owned()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let Some(app) = TestApp::spawn_with(Engine::Sqlite, &args).await else {
        return;
    };
    let admin = app.admin().await;
    let seller = app
        .sign_up("seller@example.com", "Rahim Motors", "seller")
        .await;
    let category = app.category(&admin, "Sports").await;
    let buyer = app.sign_up("karim@example.com", "Karim", "buyer").await;
    let product = app.list_bike(&seller, &category, "Runner Bolt", 1200).await;
    let order = app.book(&buyer, &product).await;

    // The first attempt gets no answer in time; Stripe goes on to make the intent, and
    // the retries with the same key get that intent, not a second one.
    stripe.fail_next(
        1,
        "/v1/payment_intents",
        Fault::Hang(std::time::Duration::from_millis(600)),
    );
    let (status, intent) = app.payment_intent(&buyer, &order).await;
    assert_eq!(status, StatusCode::OK, "{intent}");
    let made = stripe
        .calls()
        .iter()
        .filter(|c| *c == "POST /v1/payment_intents")
        .count();
    assert!(made >= 2, "retried: {:?}", stripe.calls());
    let (_, again) = app.payment_intent(&buyer, &order).await;
    assert_eq!(again["paymentIntentId"], intent["paymentIntentId"]);
    assert_eq!(stripe.intent_count(), 1, "one intent for the booking");
}

#[tokio::test]
async fn a_payment_for_a_cancelled_booking_gives_the_hold_back() {
    let Some(shop) = shop(Engine::Sqlite).await else {
        return;
    };
    let (buyer, product, order, intent) =
        shop.with_intent("karim@example.com", "Walton Fusion").await;
    shop.stripe.authorise(&intent);
    let (status, _) = shop
        .app
        .call(
            Method::DELETE,
            &format!("/api/orders/{order}"),
            Some(&buyer.token),
            Value::Null,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = shop.pay(&buyer, &order, &intent).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "This booking was cancelled: your card was not charged."
    );
    assert_eq!(shop.stripe.intent(&intent)["status"], "canceled");
    assert!(!shop.sold(&product).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_payment_through_stripe_and_a_cancel_racing_have_exactly_one_winner() {
    on_both(|engine| async move {
        let Some(shop) = shop(engine).await else {
            return;
        };
        let shop = Arc::new(shop);
        for round in 0..8 {
            let (buyer, product, order, intent) = shop
                .with_intent(
                    &format!("karim{round}@example.com"),
                    &format!("Bajaj Platina {round}"),
                )
                .await;
            shop.stripe.authorise(&intent);
            let pay = {
                let (shop, buyer, order, intent) =
                    (shop.clone(), buyer.clone(), order.clone(), intent.clone());
                tokio::spawn(async move { shop.pay(&buyer, &order, &intent).await.0 })
            };
            let cancel = {
                let (shop, token, order) = (shop.clone(), buyer.token.clone(), order.clone());
                tokio::spawn(async move {
                    shop.app
                        .call(
                            Method::DELETE,
                            &format!("/api/orders/{order}"),
                            Some(&token),
                            Value::Null,
                        )
                        .await
                        .0
                })
            };
            let (paid, cancelled) = (pay.await.expect("pay"), cancel.await.expect("cancel"));
            let status = shop.stripe.intent(&intent)["status"].clone();
            let sold = shop.sold(&product).await;
            match (paid, cancelled) {
                (StatusCode::CREATED, StatusCode::CONFLICT) => {
                    assert!(sold, "round {round}: paid, so sold");
                    assert_eq!(
                        status, "requires_capture",
                        "round {round}: the money is held"
                    );
                }
                (StatusCode::CONFLICT, StatusCode::OK) => {
                    assert!(!sold, "round {round}: a cancelled booking sells nothing");
                    assert_eq!(status, "canceled", "round {round}: the hold is given back");
                }
                other => panic!("{engine:?} round {round}: pay and cancel answered {other:?}"),
            }
        }
    })
    .await;
}

#[tokio::test]
async fn without_stripe_the_webhook_is_not_there() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let (status, _) = app
        .call(
            Method::POST,
            "/api/webhooks/stripe",
            None,
            json!({"id": "evt_1"}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_payment_captured_for_a_reservation_that_ended_is_refunded() {
    let Some(shop) = shop(Engine::Sqlite).await else {
        return;
    };
    let product = shop
        .app
        .list_bike(&shop.seller, &shop.category, "Yamaha MT-15", 3000)
        .await;
    let first = shop
        .app
        .sign_up("first@example.com", "First", "buyer")
        .await;
    let second = shop
        .app
        .sign_up("second@example.com", "Second", "buyer")
        .await;
    let first_order = shop.app.book(&first, &product).await;
    let second_order = shop.app.book(&second, &product).await;
    let (_, a) = shop.app.payment_intent(&first, &first_order).await;
    let a = a["paymentIntentId"].as_str().expect("a").to_owned();
    shop.stripe.authorise(&a);
    // The first buyer withdraws, the second holds the bike and buys it.
    let (status, _) = shop
        .app
        .call(
            Method::DELETE,
            &format!("/api/orders/{first_order}"),
            Some(&first.token),
            Value::Null,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, b) = shop.app.payment_intent(&second, &second_order).await;
    let b = b["paymentIntentId"].as_str().expect("b").to_owned();
    shop.stripe.authorise(&b);
    let (status, _) = shop.pay(&second, &second_order, &b).await;
    assert_eq!(status, StatusCode::CREATED);
    // The first payment was captured anyway (say, from Stripe's dashboard) and is
    // reported late: it is refunded in full.
    shop.stripe.edit(&a, |pi| {
        pi["status"] = json!("succeeded");
        pi["amount_received"] = pi["amount"].clone();
    });
    let (status, body) = shop.pay(&first, &first_order, &a).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "This booking was cancelled: your payment has been refunded."
    );
    let refunds = shop.stripe.refunds();
    assert_eq!(refunds.len(), 1);
    assert_eq!(refunds[0]["payment_intent"], json!(a));
    assert_eq!(refunds[0]["amount"], shop.stripe.intent(&a)["amount"]);
}

#[tokio::test]
async fn a_price_above_what_a_card_carries_is_refused_clearly_without_asking_stripe() {
    let Some(shop) = shop(Engine::Sqlite).await else {
        return;
    };
    // ৳10 lakh: 100,000,000 paisa, nine digits; Stripe takes at most eight.
    let (buyer, _, order) = shop
        .booked("karim@example.com", "Harley-Davidson Fat Boy", 1_000_000)
        .await;
    let (status, body) = shop.app.payment_intent(&buyer, &order).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["message"],
        "This bike's price is above ৳9,99,999.99, the most a card payment can carry: please \
         arrange another way to pay the seller."
    );
    assert!(
        shop.stripe.calls().is_empty(),
        "Stripe was not asked: {:?}",
        shop.stripe.calls()
    );
    assert_eq!(shop.stripe.intent_count(), 0);

    // ৳9,99,999.99 is the most a card carries, and goes through.
    let order_id: i64 = order.parse().expect("id");
    let intent = shop
        .app
        .state
        .payments
        .create_intent(shop.app.state.store.as_ref(), order_id, &|_| Ok(99_999_999))
        .await
        .expect("the largest amount Stripe takes");
    assert_eq!(shop.stripe.intent(&intent.id)["amount"], 99_999_999);
}

#[tokio::test]
async fn a_500_on_create_is_retried_with_a_new_key_and_the_retry_succeeds() {
    let Some(shop) = shop(Engine::Sqlite).await else {
        return;
    };
    let (buyer, _, _, first) = shop.with_intent("karim@example.com", "Yamaha R15").await;
    let first_key = shop.stripe.idempotency_keys("POST", "/v1/payment_intents")[0].clone();

    // Another booking: Stripe answers its first try with a 500 (and keeps it under the
    // key); the retry goes with a new key and gets the intent.
    let product = shop
        .app
        .list_bike(&shop.seller, &shop.category, "Suzuki Hayate", 900)
        .await;
    let order2 = shop.app.book(&buyer, &product).await;
    shop.stripe
        .fail_next(1, "/v1/payment_intents", Fault::ServerError);
    let (status, body) = shop.app.payment_intent(&buyer, &order2).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let keys = shop.stripe.idempotency_keys("POST", "/v1/payment_intents");
    assert_eq!(keys.len(), 3, "{keys:?}");
    assert_ne!(
        keys[1], keys[2],
        "the retry after the 500 carries a new key"
    );
    assert_ne!(keys[2], first_key);
    let made = shop
        .stripe
        .intent(body["paymentIntentId"].as_str().expect("id"));
    assert_eq!(made["metadata"]["order_id"], json!(order2));
    assert_eq!(shop.stripe.intent_count(), 2);
    assert_ne!(body["paymentIntentId"], json!(first));

    // The buyer pays with it as usual.
    let intent = body["paymentIntentId"].as_str().expect("id").to_owned();
    shop.stripe.authorise(&intent);
    let (status, body) = shop.pay(&buyer, &order2, &intent).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = shop.hand_over(&buyer, &order2).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(shop.stripe.intent(&intent)["status"], "succeeded");
    assert!(shop.stripe.intent(&intent)["latest_charge"]
        .as_str()
        .is_some_and(|charge| charge.starts_with("ch_")));
}

#[tokio::test]
async fn the_same_booking_at_another_price_gets_its_own_intent() {
    let Some(shop) = shop(Engine::Sqlite).await else {
        return;
    };
    let (_, _, order, intent) = shop
        .with_intent("karim@example.com", "Honda CB Shine")
        .await;
    let order_id: i64 = order.parse().expect("id");
    let made = shop.stripe.intent(&intent);
    let price = made["amount"].as_i64().expect("amount");

    // The server asked again for the same booking at another price: a new intent for the
    // new amount, not the old one and not Stripe's idempotency_error.
    let payments = &shop.app.state.payments;
    let store = shop.app.state.store.as_ref();
    let other = payments
        .create_intent(store, order_id, &|_| Ok(price + 10_000))
        .await
        .expect("a new intent, not an idempotency error");
    assert_ne!(other.id, intent);
    assert_eq!(other.amount, price + 10_000);
    assert_eq!(shop.stripe.intent(&other.id)["amount"], price + 10_000);
    let keys = shop.stripe.idempotency_keys("POST", "/v1/payment_intents");
    assert_eq!(keys.len(), 2);
    assert_ne!(keys[0], keys[1], "another price, another key");
    // Back at the first price: the first intent again.
    let again = payments
        .create_intent(store, order_id, &|_| Ok(price))
        .await
        .expect("the first intent");
    assert_eq!(again.id, intent);
    assert_eq!(shop.stripe.intent_count(), 2);
}

#[tokio::test]
async fn giving_a_hold_back_after_500s_tries_new_keys_until_stripe_cancels_it() {
    let Some(shop) = shop(Engine::Sqlite).await else {
        return;
    };
    let (_, _, _, intent) = shop
        .with_intent("karim@example.com", "Bajaj Discover")
        .await;
    shop.stripe.authorise(&intent);
    let payments = &shop.app.state.payments;
    // Stripe down for every try: the hold stays, and the caller hears it.
    shop.stripe.fail_next(3, "/cancel", Fault::ServerError);
    let released = payments.release(&intent).await;
    assert!(released.is_err(), "{released:?}");
    assert_eq!(shop.stripe.intent(&intent)["status"], "requires_capture");
    // Later one more 500, then Stripe cancels it: each 500 kept its key, so no try is
    // stuck replaying one.
    shop.stripe.fail_next(1, "/cancel", Fault::ServerError);
    let released = payments.release(&intent).await.expect("released");
    assert_eq!(released, bikehaat::payments::Released::NotCharged);
    let keys = shop.stripe.idempotency_keys("POST", "/cancel");
    assert_eq!(keys.len(), 5, "{keys:?}");
    let distinct: std::collections::HashSet<_> = keys.iter().collect();
    assert_eq!(distinct.len(), 5, "a new key after each 500: {keys:?}");
    let cancelled = shop.stripe.intent(&intent);
    assert_eq!(cancelled["status"], "canceled");
    assert!(cancelled["canceled_at"].as_i64().is_some(), "{cancelled}");
}

#[tokio::test]
async fn an_admin_takes_a_stuck_hold_with_a_reason_on_the_deals_timeline() {
    let Some(shop) = shop(Engine::Sqlite).await else {
        return;
    };
    let (buyer, product, order, intent) =
        shop.with_intent("karim@example.com", "Honda Shine").await;
    shop.stripe.authorise(&intent);
    let (status, body) = shop.pay(&buyer, &order, &intent).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let admin = &shop.admin;
    let path = format!("/api/deals/{order}/capture");
    let why = json!({"reason": "Handed over at Banani; the seller's phone died"});
    // Only admins, and only with a reason.
    let (status, _) = shop
        .app
        .call(Method::POST, &path, Some(&shop.seller.token), why.clone())
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = shop
        .app
        .call(Method::POST, &path, Some(&admin.token), json!({}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(shop.stripe.count("POST", "/capture"), 0);

    let (status, body) = shop
        .app
        .call(Method::POST, &path, Some(&admin.token), why)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(shop.stripe.intent(&intent)["status"], "succeeded");
    assert_eq!(shop.status_of(&buyer, &order).await, "completed");
    assert!(shop.sold(&product).await);
    let (_, deal) = shop
        .app
        .get(&format!("/api/deals/{order}"), Some(&admin.token))
        .await;
    let steps = deal["steps"].as_array().cloned().unwrap_or_default();
    let claim = steps.iter().find(|s| s["step"] == "capture_claimed");
    let claim = claim.unwrap_or_else(|| panic!("no claim in {deal}"));
    assert_eq!(claim["by"], "admin");
    assert_eq!(
        claim["detail"],
        "Handed over at Banani; the seller's phone died"
    );
    let last = steps.last().expect("a step");
    assert_eq!(
        (last["step"].as_str(), last["by"].as_str()),
        (Some("completed"), Some("admin"))
    );
    // A deal that is not held cannot be captured.
    let (status, _) = shop
        .app
        .call(
            Method::POST,
            &path,
            Some(&admin.token),
            json!({"reason": "again"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
}
