//! A shop's counter for the payment tests: a server taking one provider's money, its
//! admin, a seller with a category, and what buyers and the seller do at a deal —
//! book, read and enter the handover code, call it off — shared by the Stripe and the
//! bKash suites.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::{Engine, Person, TestApp};

pub struct Counter {
    pub app: TestApp,
    pub admin: Person,
    pub seller: Person,
    pub category: String,
}

impl Counter {
    /// A server on `engine` started with `args` (a provider's, and any extra).
    pub async fn open(engine: Engine, args: Vec<String>) -> Option<Counter> {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let app = TestApp::spawn_with(engine, &args).await?;
        let admin = app.admin().await;
        let seller = app
            .sign_up("seller@example.com", "Rahim Motors", "seller")
            .await;
        let category = app.category(&admin, "Sports").await;
        Some(Counter {
            app,
            admin,
            seller,
            category,
        })
    }

    /// A new buyer (`email`) with a booking of a new `bike` at `price` taka: the buyer,
    /// the listing and the booking.
    pub async fn booked(&self, email: &str, bike: &str, price: u32) -> (Person, String, String) {
        let buyer = self.app.sign_up(email, "Karim", "buyer").await;
        let product = self
            .app
            .list_bike(&self.seller, &self.category, bike, price)
            .await;
        let order = self.app.book(&buyer, &product).await;
        (buyer, product, order)
    }

    pub async fn sold(&self, product: &str) -> bool {
        self.app.listing(product).await.sold
    }

    /// The handover code `buyer` reads for `order`.
    pub async fn code_of(&self, buyer: &Person, order: &str) -> Value {
        let path = format!("/api/orders/{order}/handover-code");
        let (status, code) = self.app.get(&path, Some(&buyer.token)).await;
        assert_eq!(status, StatusCode::OK, "{code}");
        code["code"].clone()
    }

    /// The seller enters `code` for `order`: the handover's answer.
    pub async fn enter(&self, order: &str, code: &Value) -> (StatusCode, Value) {
        let path = format!("/api/orders/{order}/handover");
        let body = json!({ "code": code });
        self.app
            .call(Method::POST, &path, Some(&self.seller.token), body)
            .await
    }

    /// The seller enters the code `buyer` reads for `order`: the handover's answer.
    pub async fn hand_over(&self, buyer: &Person, order: &str) -> (StatusCode, Value) {
        let code = self.code_of(buyer, order).await;
        self.enter(order, &code).await
    }

    /// `by` calls the deal `order` off, saying `reason`.
    pub async fn call_off(&self, by: &Person, order: &str, reason: &str) -> (StatusCode, Value) {
        let path = format!("/api/orders/{order}/call-off");
        let body = json!({ "reason": reason });
        self.app
            .call(Method::POST, &path, Some(&by.token), body)
            .await
    }

    /// `buyer`'s booking `order` as My Orders shows it (null when it is not there).
    pub async fn booking(&self, buyer: &Person, order: &str) -> Value {
        let path = format!("/api/orders/{}", buyer.email);
        let (_, orders) = self.app.get(&path, Some(&buyer.token)).await;
        let orders = orders.as_array().cloned().unwrap_or_default();
        let found = orders.into_iter().find(|o| o["_id"] == json!(order));
        found.unwrap_or(Value::Null)
    }

    /// The status of `buyer`'s booking `order` as My Orders shows it.
    pub async fn status_of(&self, buyer: &Person, order: &str) -> Value {
        self.booking(buyer, order).await["status"].clone()
    }
}

/// Waits up to ten seconds for `done`.
pub async fn until<F, Fut>(what: &str, done: F)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..200 {
        if done().await {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("waited ten seconds, but not: {what}");
}
