//! Holding a bike's price in the buyer's bKash wallet, against a bKash-compatible server
//! of the tests' (`tools/fake-bkash`): the buyer approves on bKash's page and comes back
//! through the callback, the hold is recorded like a card's, taken at the handover and
//! voided when the deal is called off; whatever the callback's address says is checked
//! with bKash first.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::bkash::{FakeBkash, Fault};
use super::support::counter::{until, Counter};
use super::support::{on_both, Engine, Person, TestApp};

/// A counter taking bKash.
struct Shop {
    counter: Counter,
    bkash: FakeBkash,
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
    let bkash = FakeBkash::start().await;
    let mut args = bkash.args();
    args.extend(extra.iter().map(|arg| (*arg).to_owned()));
    let counter = Counter::open(engine, args).await?;
    Some(Shop { counter, bkash })
}

impl Shop {
    async fn start(&self, buyer: &Person, order: &str) -> (StatusCode, Value) {
        let path = format!("/api/orders/{order}/bkash");
        self.app
            .call(Method::POST, &path, Some(&buyer.token), Value::Null)
            .await
    }

    /// The buyer's browser arriving at `url` (the callback bKash sends them back to):
    /// where our server sends them on.
    async fn come_back(&self, url: &str) -> String {
        let path = url
            .find("/api/bkash/callback")
            .map(|at| &url[at..])
            .unwrap_or_else(|| panic!("not our callback: {url}"));
        let answer = self
            .app
            .request(Method::GET, path, None)
            .send()
            .await
            .expect("callback");
        assert_eq!(answer.status(), StatusCode::SEE_OTHER, "{path}");
        let to = answer.headers()["location"].to_str().expect("location");
        to.to_owned()
    }

    /// A held bKash deal: booked, started, approved on bKash's page and come back.
    async fn held(&self, email: &str, bike: &str) -> (Person, String, String, String) {
        let (buyer, product, order) = self.booked(email, bike, 2500).await;
        let (status, started) = self.start(&buyer, &order).await;
        assert_eq!(status, StatusCode::OK, "{started}");
        let payment = started["paymentId"].as_str().expect("paymentId").to_owned();
        let back = self.bkash.approve(&payment);
        assert_eq!(
            self.come_back(&back).await,
            "/dashboard/my-orders?bkash=held"
        );
        (buyer, product, order, payment)
    }
}

#[tokio::test]
async fn a_buyer_holds_the_price_in_bkash_and_the_handover_takes_it() {
    on_both(|engine| async move {
        let Some(shop) = shop(engine).await else {
            return;
        };
        let (_, config) = shop.app.get("/api/config", None).await;
        assert_eq!(
            config["payments"]["methods"],
            json!(["cash", "card", "bkash"])
        );

        let (buyer, product, order) = shop.booked("karim@example.com", "Yamaha FZ", 2500).await;
        let (status, started) = shop.start(&buyer, &order).await;
        assert_eq!(status, StatusCode::OK, "{started}");
        assert_eq!(started["amount"], json!(250_000));
        let payment = started["paymentId"].as_str().expect("paymentId").to_owned();
        assert!(started["bkashURL"]
            .as_str()
            .is_some_and(|url| url.starts_with(&shop.bkash.base)));
        let made = shop.bkash.payment(&payment);
        assert_eq!(made["intent"], "authorization");
        assert_eq!(
            made["amount"], "2500.00",
            "the booking's price from our records"
        );
        assert_eq!(
            made["merchantInvoiceNumber"],
            format!("bikehaat-{order}-250000")
        );
        assert!(
            !shop.sold(&product).await,
            "nothing is held before the buyer approves"
        );

        // The buyer approves on bKash's page and comes back: held, the bike Sold.
        let back = shop.bkash.approve(&payment);
        assert_eq!(
            shop.come_back(&back).await,
            "/dashboard/my-orders?bkash=held"
        );
        let held = shop.booking(&buyer, &order).await;
        assert_eq!(
            (held["status"].as_str(), held["method"].as_str()),
            (Some("held"), Some("bkash"))
        );
        assert_eq!(held["paid"], true);
        assert!(shop.sold(&product).await);
        assert_eq!(
            shop.bkash.payment(&payment)["transactionStatus"],
            "Authorized"
        );
        // Coming back twice (a reload) records nothing more.
        assert_eq!(
            shop.come_back(&back).await,
            "/dashboard/my-orders?bkash=held"
        );
        let product_id: i64 = product.parse().expect("id");
        let store = &shop.app.state.store;
        assert_eq!(
            store.payments_for_listing(product_id).await.expect("count"),
            1
        );

        // The seller enters the buyer's code at the meet-up: now bKash takes the money.
        assert_eq!(shop.bkash.count("POST", "/payment/confirm/capture"), 0);
        let (status, body) = shop.hand_over(&buyer, &order).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            shop.bkash.payment(&payment)["transactionStatus"],
            "Completed"
        );
        assert_eq!(shop.booking(&buyer, &order).await["status"], "completed");
        let path = format!("/api/orders/{order}/receipt");
        let (_, receipt) = shop.app.get(&path, Some(&buyer.token)).await;
        assert_eq!(receipt["method"], "bkash", "{receipt}");
    })
    .await;
}

#[tokio::test]
async fn a_cancelled_failed_or_forged_return_from_bkash_holds_nothing() {
    let Some(shop) = shop(Engine::Sqlite).await else {
        return;
    };
    let (buyer, product, order) = shop.booked("karim@example.com", "TVS Apache", 1800).await;
    let (_, started) = shop.start(&buyer, &order).await;
    let payment = started["paymentId"].as_str().expect("paymentId").to_owned();

    // Someone types the callback with `status=success` for a payment nobody approved.
    let forged = format!("/api/bkash/callback?paymentID={payment}&status=success");
    assert_eq!(
        shop.come_back(&forged).await,
        "/dashboard/my-orders?bkash=failure"
    );
    let unknown = "/api/bkash/callback?paymentID=TR0000NOSUCH&status=success";
    assert_eq!(
        shop.come_back(unknown).await,
        "/dashboard/my-orders?bkash=failure"
    );
    assert_eq!(shop.booking(&buyer, &order).await["status"], "reserved");
    assert!(!shop.sold(&product).await);

    // The buyer cancels on bKash's page: back to the payment page, still reserved.
    let back = shop.bkash.cancel(&payment);
    let page = format!("/dashboard/stripe-payment/{order}?bkash=cancel");
    assert_eq!(shop.come_back(&back).await, page);
    assert_eq!(shop.booking(&buyer, &order).await["status"], "reserved");

    // A wallet that cannot pay: bKash's page fails it.
    let (_, again) = shop.start(&buyer, &order).await;
    let second = again["paymentId"].as_str().expect("paymentId").to_owned();
    let back = shop
        .bkash
        .approve_with(&second, super::support::bkash::INSUFFICIENT_BALANCE_WALLET);
    assert!(back.contains("status=failure"), "{back}");
    let landed = shop.come_back(&back).await;
    assert!(landed.ends_with("bkash=failure"), "{landed}");
    assert_eq!(shop.booking(&buyer, &order).await["status"], "reserved");
    assert!(!shop.sold(&product).await);
}

#[tokio::test]
async fn calling_off_a_bkash_hold_voids_it_and_the_bike_is_for_sale_again() {
    on_both(|engine| async move {
        let Some(shop) = shop(engine).await else {
            return;
        };
        let (buyer, product, order, payment) = shop.held("karim@example.com", "Hero Hunk").await;
        let (status, answer) = shop.call_off(&buyer, &order, "Papers missing").await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(
            shop.bkash.payment(&payment)["transactionStatus"],
            "Cancelled"
        );
        assert_eq!(shop.bkash.count("POST", "/payment/confirm/capture"), 0);
        assert!(!shop.sold(&product).await, "back on sale");
        assert_eq!(shop.booking(&buyer, &order).await["status"], "called_off");
    })
    .await;
}

#[tokio::test]
async fn a_bkash_hold_that_lapsed_before_the_handover_ends_the_deal() {
    let Some(shop) = shop(Engine::Sqlite).await else {
        return;
    };
    let (buyer, product, order, payment) = shop.held("karim@example.com", "Bajaj Pulsar").await;
    shop.bkash.expire(&payment);
    let (status, body) = shop.hand_over(&buyer, &order).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(shop.booking(&buyer, &order).await["status"], "lapsed");
    assert!(!shop.sold(&product).await, "for sale again");
}

#[tokio::test]
async fn bkash_is_refused_where_it_cannot_work() {
    let Some(shop) = shop(Engine::Sqlite).await else {
        return;
    };
    // Above what a wallet holds: ৳5,00,001.
    let (buyer, _, order) = shop
        .booked("karim@example.com", "Kawasaki Ninja", 500_001)
        .await;
    let (status, body) = shop.start(&buyer, &order).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["fields"]["_id"],
        "This bike's price is above ৳5,00,000, the most a bKash wallet holds: pay in cash at \
         the meet-up or by card."
    );
    assert_eq!(body["codes"]["_id"], "above_payment_limit");
    assert_eq!(shop.bkash.count("POST", "/tokenized/checkout/create"), 0);

    // Waiting in line: not this buyer's turn to pay.
    let (holder, product, _) = shop.booked("first@example.com", "Honda CB", 1500).await;
    let _ = holder;
    let later = shop
        .app
        .sign_up("later@example.com", "Later", "buyer")
        .await;
    let waiting = shop.app.book(&later, &product).await;
    let (status, body) = shop.start(&later, &waiting).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // Someone else's booking.
    let (status, _) = shop.start(&later, &order).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn half_a_bkash_configuration_or_test_wallets_on_a_public_server_refuse_to_start() {
    let Some(db) = super::support::TestDb::new(Engine::Sqlite).await else {
        return;
    };
    let problem = TestApp::start_up_problem(&db, &["--bkash-app-key", "key"]).await;
    assert!(
        problem.contains("BKASH_APP_SECRET and BKASH_USERNAME and BKASH_PASSWORD must be set too"),
        "{problem}"
    );
    let sandbox = [
        "--bkash-app-key",
        "key",
        "--bkash-app-secret",
        "secret",
        "--bkash-username",
        "01770618567",
        "--bkash-password",
        "password",
        "--bkash-api-base",
        "https://tokenized.sandbox.bka.sh/v1.2.0-beta",
    ];
    let problem = TestApp::start_up_problem_on(&db, &sandbox, "0.0.0.0:0").await;
    assert!(
        problem.contains("test wallets are only for a server on a loopback address"),
        "{problem}"
    );
    // The operator asks for test payments: the sandbox is allowed.
    let mut allowed = sandbox.to_vec();
    allowed.push("--test-payments");
    let Some(app) = TestApp::spawn_public(Engine::Sqlite, &allowed).await else {
        return;
    };
    let (_, config) = app.get("/api/config", None).await;
    assert_eq!(
        config["payments"]["methods"],
        json!(["cash", "card", "bkash"])
    );
}

#[tokio::test]
async fn bkash_not_answering_the_capture_or_the_void_is_settled_by_the_sweep() {
    on_both(|engine| async move {
        // A sweep slower than the handover's own three tries, so the seller hears it.
        let every = ["--payments-sweep-every-ms", "2000"];
        let Some(shop) = shop_with(engine, &every).await else {
            return;
        };
        let (buyer, _, order, payment) = shop.held("karim@example.com", "Yamaha Saluto").await;
        shop.bkash
            .fail_next(3, "/payment/confirm/capture", Fault::ServerError);
        let (status, body) = shop.hand_over(&buyer, &order).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        assert_eq!(shop.booking(&buyer, &order).await["status"], "held");
        until("the sweep captured the bKash payment", || async {
            shop.bkash.payment(&payment)["transactionStatus"] == "Completed"
        })
        .await;
        until("the deal completed", || async {
            shop.booking(&buyer, &order).await["status"] == "completed"
        })
        .await;

        // The void of a called-off hold is lost: the sweep voids it when bKash answers.
        let (next, product, order, payment) =
            shop.held("mim@example.com", "Suzuki Gixxer SF").await;
        shop.bkash
            .fail_next(3, "/payment/confirm/void", Fault::ServerError);
        let (status, answer) = shop.call_off(&next, &order, "Did not come").await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert!(!shop.sold(&product).await, "the deal is over all the same");
        until("the sweep voided the bKash payment", || async {
            shop.bkash.payment(&payment)["transactionStatus"] == "Cancelled"
        })
        .await;
    })
    .await;
}

#[tokio::test]
async fn a_buyer_who_approves_and_never_comes_back_is_held_once_all_the_same() {
    on_both(|engine| async move {
        // The sweep's interval under its first name, which still works.
        let every = ["--stripe-capture-every-ms", "300"];
        let Some(shop) = shop_with(engine, &every).await else {
            return;
        };
        // Approved on bKash's page, then the phone lost its connection: the sweep asks
        // bKash, executes it and records the hold.
        let (buyer, product, order) = shop.booked("karim@example.com", "Runner Bolt", 1200).await;
        let (_, started) = shop.start(&buyer, &order).await;
        let payment = started["paymentId"].as_str().expect("paymentId").to_owned();
        shop.bkash.approve(&payment);
        until("the sweep recorded the hold", || async {
            shop.booking(&buyer, &order).await["status"] == "held"
        })
        .await;
        assert!(shop.sold(&product).await);
        assert_eq!(
            shop.bkash.payment(&payment)["transactionStatus"],
            "Authorized"
        );

        // Another approved without coming back, and the buyer taps bKash again at once:
        // the first is recorded, not a second hold made.
        let (buyer, _, order) = shop.booked("mim@example.com", "Lifan KP165", 1600).await;
        let (_, started) = shop.start(&buyer, &order).await;
        let first = started["paymentId"].as_str().expect("paymentId").to_owned();
        shop.bkash.approve(&first);
        let (status, body) = shop.start(&buyer, &order).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(shop.booking(&buyer, &order).await["status"], "held");
        assert_eq!(shop.bkash.count("POST", "/tokenized/checkout/create"), 2);
        // Coming back late through the callback changes nothing.
        let back = format!("/api/bkash/callback?paymentID={first}&status=success");
        assert_eq!(
            shop.come_back(&back).await,
            "/dashboard/my-orders?bkash=held"
        );
        let product_id: i64 = shop.booking(&buyer, &order).await["bookingId"]
            .as_str()
            .expect("listing")
            .parse()
            .expect("id");
        let store = &shop.app.state.store;
        assert_eq!(
            store.payments_for_listing(product_id).await.expect("count"),
            1
        );
    })
    .await;
}
