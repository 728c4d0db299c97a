//! The marketplace's everyday steps over HTTP: signing people up and in, listing,
//! advertising, booking and paying.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::{inserted, TestApp, ADMIN_EMAIL, PASSWORD};

/// Someone signed in: their access token and record.
#[derive(Debug, Clone)]
pub struct Person {
    pub token: String,
    pub id: String,
    pub email: String,
    pub name: String,
}

impl TestApp {
    /// Signs up through the built-in provider and the token exchange, then proves the
    /// address (as opening the mailed link does, straight in the store): booking,
    /// listing, messaging and offering need it.
    pub async fn sign_up(&self, email: &str, name: &str, role: &str) -> Person {
        let person = self.sign_up_unconfirmed(email, name, role).await;
        let id = person.id.parse().expect("a numeric user id");
        self.state
            .store
            .mark_email_verified(id)
            .await
            .expect("prove the address");
        if role == "seller" {
            self.confirm_phone(&person).await;
        }
        person
    }

    /// Records a request of `seller`'s to be verified, as sending the photos of their ID
    /// does, straight in the store (the photos are names only): an admin's Verify
    /// approves it. The verification tests send real photos.
    pub async fn ask_to_be_verified(&self, seller: &Person) {
        let id: i64 = seller.id.parse().expect("a numeric user id");
        ask_to_be_verified(self.state.store.as_ref(), id).await;
    }

    /// Confirms a mobile number of `person`'s own (`+88017…` and their id), as typing
    /// the code from the SMS does, straight in the store: listing needs it. A seller
    /// [`sign_up`](Self::sign_up) makes has one.
    pub async fn confirm_phone(&self, person: &Person) {
        let id: i64 = person.id.parse().expect("a numeric user id");
        let number = format!("+88017{id:08}");
        let now = chrono::Utc::now();
        let store = &self.state.store;
        store
            .keep_phone_code(&bikehaat::records::NewPhoneCode {
                user_id: id,
                phone: number.clone(),
                code_hash: "typed".into(),
                sent_at: now,
                expires_at: now + chrono::Duration::minutes(10),
            })
            .await
            .expect("a code for the phone");
        let tried = store
            .try_phone_code(id, &number, "typed", now)
            .await
            .expect("the code");
        assert_eq!(tried, bikehaat::records::CodeTried::Confirmed);
    }

    /// Signs up like [`sign_up`](Self::sign_up), leaving the address unproven: the
    /// person has not opened the link mailed to them.
    pub async fn sign_up_unconfirmed(&self, email: &str, name: &str, role: &str) -> Person {
        let (status, body) = self
            .call(
                Method::POST,
                "/api/auth/signup",
                None,
                json!({"email": email, "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "sign-up of {email}: {body}");
        let id_token = body["idToken"].as_str().expect("idToken").to_owned();
        let (status, body) = self
            .call(
                Method::PUT,
                &format!("/api/users/{email}"),
                Some(&id_token),
                json!({"name": name, "email": email, "image": "https://example.com/me.jpg", "role": role}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "token exchange of {email}: {body}");
        Person {
            token: body["token"].as_str().expect("token").to_owned(),
            id: body["user"]["_id"].as_str().expect("user id").to_owned(),
            email: email.to_owned(),
            name: name.to_owned(),
        }
    }

    /// A user's record as `GET /api/users/{email}` shows it to its owner, read past the
    /// HTTP layer (which answers only its owner): (200, the profile) or (404, null).
    pub async fn profile(&self, email: &str) -> (StatusCode, Value) {
        match self
            .state
            .store
            .user_by_email(email)
            .await
            .expect("read users")
        {
            Some(user) => (
                StatusCode::OK,
                serde_json::to_value(bikehaat::views::UserView::from(&user)).expect("JSON"),
            ),
            None => (StatusCode::NOT_FOUND, Value::Null),
        }
    }

    /// The stored record of the user signed up with `email`, read past the HTTP layer.
    pub async fn user_record(&self, email: &str) -> bikehaat::records::User {
        self.state
            .store
            .user_by_email(email)
            .await
            .expect("read users")
            .unwrap_or_else(|| panic!("{email} has signed up"))
    }

    /// The admin `--admin-emails` names, signed up and with their address proven.
    pub async fn admin(&self) -> Person {
        let admin = self
            .sign_up_unconfirmed(ADMIN_EMAIL, "Ayesha Admin", "buyer")
            .await;
        self.verify_email(ADMIN_EMAIL).await;
        admin
    }

    /// A new session of an existing user: log in, then the token exchange.
    pub async fn new_session(&self, email: &str) -> String {
        let id_token = self.identity_token(email).await;
        let (status, body) = self
            .call(
                Method::PUT,
                &format!("/api/users/{email}"),
                Some(&id_token),
                json!({"email": email}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "token exchange of {email}: {body}");
        body["token"].as_str().expect("token").to_owned()
    }

    /// Logs in through the built-in provider: an identity token, for the token exchange.
    pub async fn identity_token(&self, email: &str) -> String {
        let (status, body) = self
            .call(
                Method::POST,
                "/api/auth/login",
                None,
                json!({"email": email, "password": PASSWORD}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "log-in of {email}: {body}");
        body["idToken"].as_str().expect("idToken").to_owned()
    }

    /// Adds a category as `admin`; returns its id.
    pub async fn category(&self, admin: &Person, name: &str) -> String {
        let answer = self
            .call(
                Method::POST,
                &format!("/api/categories/{}", admin.email),
                Some(&admin.token),
                json!({"categoryName": name, "categoryImage": "/uploads/demo-category-0.svg"}),
            )
            .await;
        inserted("category", answer)
    }

    /// Lists a bike as `seller` in `category`; returns its id.
    pub async fn list_bike(
        &self,
        seller: &Person,
        category: &str,
        name: &str,
        price: u32,
    ) -> String {
        let answer = self
            .call(
                Method::PUT,
                "/api/products",
                Some(&seller.token),
                listing_body(category, name, price),
            )
            .await;
        inserted("product", answer)
    }

    /// Advertises `product` as its `seller`; returns the advert's id.
    pub async fn advertise(&self, seller: &Person, product: &str) -> String {
        let answer = self
            .call(
                Method::POST,
                "/api/advertise",
                Some(&seller.token),
                json!({"advertiseId": product}),
            )
            .await;
        inserted("advert", answer)
    }

    /// Reports `product` as `reporter` (the spec's body, no reason); the answer's status.
    pub async fn report(&self, reporter: &Person, product: &str) -> StatusCode {
        self.call(
            Method::PATCH,
            &format!("/api/products/{product}"),
            Some(&reporter.token),
            json!({"report": "reported"}),
        )
        .await
        .0
    }

    /// The page of the audit log `query` asks for, as `admin` reads it.
    pub async fn audit(&self, admin: &Person, query: &str) -> Value {
        let (status, body) = self
            .get(&format!("/api/audit?{query}"), Some(&admin.token))
            .await;
        assert_eq!(status, StatusCode::OK, "{query}: {body}");
        body
    }

    /// Listing `product` as the store holds it.
    pub async fn listing(&self, product: &str) -> bikehaat::records::Listing {
        let id = product.parse().expect("a listing id");
        self.state
            .store
            .listing(id)
            .await
            .expect("read the listing")
            .expect("the listing exists")
    }

    /// Books `product` as `buyer`; returns the booking id.
    pub async fn book(&self, buyer: &Person, product: &str) -> String {
        let answer = self
            .call(
                Method::POST,
                "/api/orders",
                Some(&buyer.token),
                json!({"bookingId": product, "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani 11, Dhaka"}),
            )
            .await;
        inserted("booking", answer)
    }

    /// Completes booking `order` in cash, as a handover does: the buyer chooses cash and
    /// reads their code, the seller enters it.
    pub async fn complete_in_cash(&self, buyer: &Person, seller: &Person, order: &str) {
        let (status, body) = self
            .call(
                Method::POST,
                &format!("/api/orders/{order}/cash"),
                Some(&buyer.token),
                Value::Null,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "cash: {body}");
        let (status, shown) = self
            .get(
                &format!("/api/orders/{order}/handover-code"),
                Some(&buyer.token),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "the code: {shown}");
        let (status, body) = self
            .call(
                Method::POST,
                &format!("/api/orders/{order}/handover"),
                Some(&seller.token),
                json!({"code": shown["code"]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "handover: {body}");
    }

    /// Asks for a payment intent for booking `order` as `buyer`.
    pub async fn payment_intent(&self, buyer: &Person, order: &str) -> (StatusCode, Value) {
        self.call(
            Method::POST,
            "/api/create-payment-intent",
            Some(&buyer.token),
            json!({"_id": order}),
        )
        .await
    }

    /// Confirms `card` for the intent with client secret `secret`, as the card form does.
    pub async fn confirm_card(
        &self,
        buyer: &Person,
        secret: &str,
        card: &str,
    ) -> (StatusCode, Value) {
        self.call(
            Method::POST,
            "/api/test-mode/confirm-card",
            None,
            json!({"clientSecret": secret, "card": {"number": card, "expMonth": 12, "expYear": 2034, "cvc": "123"},
                   "billing": {"name": buyer.name, "email": buyer.email}}),
        )
        .await
    }

    /// Pays for booking `order` with `card`: intent, card confirmation, payment record.
    /// Returns the status and body of `POST /api/payments`, or of the step that failed.
    pub async fn pay(&self, buyer: &Person, order: &str, card: &str) -> (StatusCode, Value) {
        let (status, intent) = self.payment_intent(buyer, order).await;
        if status != StatusCode::OK {
            return (status, intent);
        }
        let secret = intent["clientSecret"].as_str().expect("clientSecret");
        let (status, confirmed) = self.confirm_card(buyer, secret, card).await;
        if status != StatusCode::OK {
            return (status, confirmed);
        }
        let transaction = confirmed["paymentIntent"]["id"]
            .as_str()
            .expect("intent id");
        self.call(
            Method::POST,
            "/api/payments",
            Some(&buyer.token),
            json!({"price": 1, "transactionId": transaction, "email": buyer.email, "bookingId": Value::Null, "ordersId": order}),
        )
        .await
    }
}

/// A complete, valid new-listing body.
pub fn listing_body(category: &str, name: &str, price: u32) -> Value {
    json!({
        "categoryId": category,
        "productName": name,
        "productImage": "/uploads/demo-bike-0.svg",
        "resalePrice": price,
        "originalPrice": price * 2,
        "purchaseYear": "2020",
        "yearsOfUse": 4,
        "condition": "Good",
        "location": "Mirpur 10, Dhaka",
        "color": "Red",
        "sellerPhone": "01711-234567",
        "description": "Well kept, papers up to date."
    })
}

/// The actions of an audit log's page, newest first.
pub fn audit_actions(page: &Value) -> Vec<String> {
    page["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["action"].as_str().expect("action").to_owned())
        .collect()
}

/// Records a request of seller `id` to be verified, with photo names no folder holds.
pub async fn ask_to_be_verified(store: &dyn bikehaat::store::Store, id: i64) {
    let name = |n: u8| format!("{id:016x}{n:016x}.jpg");
    store
        .request_verification(
            id,
            &bikehaat::records::VerificationPhotos {
                front: name(1),
                back: name(2),
                selfie: name(3),
            },
            chrono::Utc::now(),
        )
        .await
        .expect("a request to be verified");
}
