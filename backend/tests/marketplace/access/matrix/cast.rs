//! The matrix's fixtures: one marketplace with every kind of caller in it, the records
//! made afresh for a cell, and the check of what a call changed.

use std::sync::atomic::{AtomicU32, Ordering};

use bikehaat::records::{BookingStatus, Language, NewUser, Role};
use reqwest::StatusCode;
use serde_json::Value;

use super::{Effect, ADMIN, BUYER, OTHER_BUYER, OTHER_SELLER, SELLER};
use crate::marketplace::access::{id_of, CARD_OK};
use crate::marketplace::support::{Person, TestApp};

static SERIAL: AtomicU32 = AtomicU32::new(0);

/// A number no other call in this test binary gets: for unique names and e-mails.
fn serial() -> u32 {
    SERIAL.fetch_add(1, Ordering::Relaxed)
}

/// Creates a payment intent for `order` as `buyer`: (intent id, client secret).
async fn intent(app: &TestApp, buyer: &Person, order: &str) -> (String, String) {
    let (status, body) = app.payment_intent(buyer, order).await;
    assert_eq!(status, StatusCode::OK, "payment intent: {body}");
    (
        body["paymentIntentId"]
            .as_str()
            .expect("paymentIntentId")
            .to_owned(),
        body["clientSecret"]
            .as_str()
            .expect("clientSecret")
            .to_owned(),
    )
}

/// Confirms the card for the intent with `secret`; returns the transaction id.
async fn confirm(app: &TestApp, buyer: &Person, secret: &str) -> String {
    let (status, body) = app.confirm_card(buyer, secret, CARD_OK).await;
    assert_eq!(status, StatusCode::OK, "card confirmation: {body}");
    body["paymentIntent"]["id"]
        .as_str()
        .expect("intent id")
        .to_owned()
}

/// The shared fixtures: one marketplace with everyone in it.
pub struct Cast {
    pub people: [Option<Person>; 6],
    pub id_tokens: [Option<String>; 6],
    pub category: String,
    pub product: String,
    pub order: String,
}

/// Records made for one cell.
#[derive(Debug, Default)]
pub struct Fresh {
    name: Option<String>,
    product: Option<String>,
    order: Option<String>,
    user: Option<String>,
    intent: Option<(String, String)>,
    /// A conversation of its own and the buyer's first message in it.
    message: Option<(String, String)>,
}

impl Cast {
    pub async fn new(app: &TestApp) -> Cast {
        let admin = app.admin().await;
        let buyer = app
            .sign_up("rahim@example.com", "Rahim Buyer", "buyer")
            .await;
        let other_buyer = app.sign_up("mim@example.com", "Mim Buyer", "buyer").await;
        let seller = app
            .sign_up("karim@example.com", "Karim Seller", "seller")
            .await;
        let other_seller = app
            .sign_up("sumon@example.com", "Sumon Seller", "seller")
            .await;
        let category = app.category(&admin, "Cruiser").await;
        let product = app
            .list_bike(&seller, &category, "Bajaj Avenger 220", 180_000)
            .await;
        app.advertise(&seller, &product).await;
        let order = app.book(&buyer, &product).await;
        let people = [
            None,
            Some(buyer),
            Some(other_buyer),
            Some(seller),
            Some(other_seller),
            Some(admin),
        ];
        let mut id_tokens: [Option<String>; 6] = Default::default();
        for (slot, person) in id_tokens.iter_mut().zip(&people) {
            if let Some(person) = person {
                *slot = Some(app.identity_token(&person.email).await);
            }
        }
        Cast {
            people,
            id_tokens,
            category,
            product,
            order,
        }
    }

    /// Cancels the open bookings of both buyers but the shared one (`{O}`).
    pub async fn withdraw_fresh_bookings(&self, app: &TestApp) {
        let store = app.state.store.as_ref();
        for who in [BUYER, OTHER_BUYER] {
            let buyer = id_of(&self.person(who).id);
            for booking in store.bookings_of_buyer(buyer).await.expect("bookings") {
                let id = booking.order_id;
                if !booking.order_status.is_open() || id == id_of(&self.order) {
                    continue;
                }
                if booking.order_status == BookingStatus::Cash {
                    store
                        .call_off(id, buyer, "withdrawn")
                        .await
                        .expect("withdraw a cell's deal");
                } else {
                    store
                        .cancel_booking(id, buyer)
                        .await
                        .expect("withdraw a cell's booking");
                }
            }
        }
    }

    pub fn person(&self, who: usize) -> &Person {
        self.people[who].as_ref().expect("a signed-in caller")
    }

    async fn fresh_listing(&self, app: &TestApp) -> String {
        let name = format!("Spare bike {}", serial());
        app.list_bike(self.person(SELLER), &self.category, &name, 90_000)
            .await
    }

    async fn fresh_user(&self, app: &TestApp, role: Role) -> String {
        let n = serial();
        let user = app
            .state
            .store
            .create_user(&NewUser {
                subject: format!("test:{n}"),
                email: format!("throwaway{n}@example.com"),
                name: format!("Throwaway {n}"),
                image: String::new(),
                role,
                email_verified: false,
                language: Language::En,
            })
            .await
            .expect("throwaway user");
        user.id.to_string()
    }

    /// The value of one placeholder for caller `who`.
    async fn value(&self, app: &TestApp, who: usize, key: &str, fresh: &mut Fresh) -> String {
        match key {
            "me" => self.people[who]
                .as_ref()
                .map_or_else(|| "nobody@example.com".to_owned(), |p| p.email.clone()),
            "buyer" => self.person(BUYER).email.clone(),
            "other_buyer" => self.person(OTHER_BUYER).email.clone(),
            "seller" => self.person(SELLER).email.clone(),
            "other_seller" => self.person(OTHER_SELLER).email.clone(),
            "admin" => self.person(ADMIN).email.clone(),
            "C" => self.category.clone(),
            "P" => self.product.clone(),
            "O" => self.order.clone(),
            "fresh_email" => format!("newcomer{}@example.com", serial()),
            "fresh_name" => fresh
                .name
                .get_or_insert_with(|| format!("Fresh {}", serial()))
                .clone(),
            "fresh_listing" => {
                if fresh.product.is_none() {
                    fresh.product = Some(self.fresh_listing(app).await);
                }
                fresh.product.clone().unwrap_or_default()
            }
            "fresh_booking" => self.fresh_booking(app, fresh).await,
            // The buyer's conversation with the seller about a listing of its own.
            "fresh_conversation" => self.fresh_conversation(app).await.to_string(),
            // The buyer's open offer of ৳1,000 in a conversation of its own: the seller
            // answers it.
            "fresh_offer" => {
                let id = self.fresh_conversation(app).await;
                let buyer = id_of(&self.person(BUYER).id);
                let made = app
                    .state
                    .store
                    .make_offer(id, buyer, 100_000, "o-1")
                    .await
                    .expect("the buyer offers");
                made.outcome.offer_id.unwrap_or_default().to_string()
            }
            // A conversation of its own and the buyer's first message in it.
            "fresh_message_conversation" => self.fresh_message(app, fresh).await.0,
            "fresh_message" => self.fresh_message(app, fresh).await.1,
            "tomorrow" => (chrono::Utc::now() + chrono::Duration::days(1)).to_rfc3339(),
            // The buyer's booking with a meeting the buyer proposed: the seller confirms.
            "fresh_proposed" => {
                let order = self.fresh_booking(app, fresh).await;
                let proposal = bikehaat::records::MeetingProposal {
                    place: "Banani 11".into(),
                    at: chrono::Utc::now() + chrono::Duration::days(1),
                };
                let buyer = id_of(&self.person(BUYER).id);
                app.state
                    .store
                    .propose_meeting(id_of(&order), buyer, &proposal)
                    .await
                    .expect("the buyer proposes");
                order
            }
            // The buyer's booking, to be paid in cash: it has a handover code.
            "fresh_cash" => self.fresh_cash(app, fresh).await,
            "fresh_code" => {
                let order = self.fresh_cash(app, fresh).await;
                let buyer = id_of(&self.person(BUYER).id);
                app.state
                    .store
                    .handover_code(id_of(&order), buyer, false)
                    .await
                    .expect("the buyer's code")
                    .code
            }
            // The buyer's booking, its price held on their card.
            "fresh_held" => {
                let order = self.fresh_booking(app, fresh).await;
                let store = app.state.store.as_ref();
                let booking = store.booking(id_of(&order)).await.expect("read");
                let price = booking.expect("the booking").price;
                let hold = bikehaat::records::NewPayment {
                    order_id: id_of(&order),
                    payer: Some(id_of(&self.person(BUYER).id)),
                    listing_id: None,
                    transaction_id: format!("pi_test_matrix_{}", serial()),
                    amount: bikehaat::records::PaidAmount::Confirmed(price),
                    currency: "bdt".into(),
                    captured: false,
                    method: bikehaat::records::HoldMethod::Card,
                };
                store.record_payment(&hold).await.expect("the hold");
                order
            }
            // A deal handed over: it has a receipt.
            "fresh_completed" => {
                let order = self.fresh_cash(app, fresh).await;
                let store = app.state.store.as_ref();
                let buyer = id_of(&self.person(BUYER).id);
                let seller = id_of(&self.person(SELLER).id);
                let code = store
                    .handover_code(id_of(&order), buyer, false)
                    .await
                    .expect("the buyer's code")
                    .code;
                store
                    .hand_over(id_of(&order), seller, &code)
                    .await
                    .expect("the handover");
                order
            }
            "fresh_waiting" => {
                if fresh.order.is_none() {
                    let product = self.fresh_listing(app).await;
                    app.book(self.person(OTHER_BUYER), &product).await;
                    fresh.order = Some(app.book(self.person(BUYER), &product).await);
                }
                fresh.order.clone().unwrap_or_default()
            }
            "fresh_buyer_id" => {
                let id = self.fresh_user(app, Role::Buyer).await;
                fresh.user.insert(id).clone()
            }
            "fresh_seller_id" => {
                let id = self.fresh_user(app, Role::Seller).await;
                // With a request to be verified, for an admin's Verify to approve.
                let seller = id.parse().expect("a numeric id");
                crate::marketplace::support::ask_to_be_verified(app.state.store.as_ref(), seller)
                    .await;
                fresh.user.insert(id).clone()
            }
            // A pending request to be verified of a seller of this cell's own.
            "fresh_request" => {
                let seller: i64 = self
                    .fresh_user(app, Role::Seller)
                    .await
                    .parse()
                    .expect("a numeric id");
                let store = app.state.store.as_ref();
                crate::marketplace::support::ask_to_be_verified(store, seller).await;
                let request = store
                    .latest_verification_request(seller)
                    .await
                    .expect("read the request")
                    .expect("the request");
                request.id.to_string()
            }
            // A listing of the seller's waiting for review (its description gives a
            // phone number), of this cell's own.
            "fresh_pending" => {
                let mut body = crate::marketplace::support::listing_body(
                    &self.category,
                    &format!("Held bike {}", serial()),
                    90_000,
                );
                body["description"] = serde_json::json!("Call 01711-223344 for a test ride");
                let answer = app
                    .call(
                        reqwest::Method::PUT,
                        "/api/products",
                        Some(&self.person(SELLER).token),
                        body,
                    )
                    .await;
                crate::marketplace::support::inserted("product", answer)
            }
            // A listing of the seller's with an open report of the other buyer's.
            "fresh_reported" => {
                let product = self.fresh_listing(app).await;
                let reporter = self.person(OTHER_BUYER);
                let status = app.report(reporter, &product).await;
                assert_eq!(status, StatusCode::OK, "the report");
                product
            }
            // The id of no review.
            "unknown_review" => "999999".to_owned(),
            // The shape of a photo's private name, of no photo.
            "unknown_photo" => "00000000000000000000000000000000.jpg".to_owned(),
            "fresh_secret" => self.fresh_intent(app, fresh).await.1,
            "fresh_paid_transaction" => {
                let (id, secret) = self.fresh_intent(app, fresh).await;
                let confirmed = confirm(app, self.person(BUYER), &secret).await;
                assert_eq!(confirmed, id);
                id
            }
            other => panic!("unknown placeholder {{{other}}}"),
        }
    }

    /// The conversation and message ids of a conversation of this cell's own with the
    /// buyer's first message in it.
    async fn fresh_message(&self, app: &TestApp, fresh: &mut Fresh) -> (String, String) {
        if fresh.message.is_none() {
            let id = self.fresh_conversation(app).await;
            let buyer = id_of(&self.person(BUYER).id);
            let message = bikehaat::records::NewMessage {
                conversation_id: id,
                sender_id: buyer,
                client_id: "m-0".into(),
                text: Some("Is it still available?".into()),
                image: None,
            };
            let sent = app.state.store.send_message(&message).await.expect("sent");
            fresh.message = Some((id.to_string(), sent.outcome.id.to_string()));
        }
        fresh.message.clone().unwrap_or_default()
    }

    /// The buyer's conversation with the seller about a listing of its own.
    async fn fresh_conversation(&self, app: &TestApp) -> i64 {
        let product = self.fresh_listing(app).await;
        let buyer = id_of(&self.person(BUYER).id);
        let opened = app
            .state
            .store
            .open_conversation(id_of(&product), buyer, true)
            .await
            .expect("the buyer opens a conversation");
        opened.id
    }

    async fn fresh_booking(&self, app: &TestApp, fresh: &mut Fresh) -> String {
        if fresh.order.is_none() {
            let product = self.fresh_listing(app).await;
            fresh.order = Some(app.book(self.person(BUYER), &product).await);
        }
        fresh.order.clone().unwrap_or_default()
    }

    async fn fresh_cash(&self, app: &TestApp, fresh: &mut Fresh) -> String {
        let order = self.fresh_booking(app, fresh).await;
        let buyer = id_of(&self.person(BUYER).id);
        app.state
            .store
            .choose_cash(id_of(&order), buyer)
            .await
            .expect("the buyer chooses cash");
        order
    }

    async fn fresh_intent(&self, app: &TestApp, fresh: &mut Fresh) -> (String, String) {
        if fresh.intent.is_none() {
            let order = self.fresh_booking(app, fresh).await;
            fresh.intent = Some(intent(app, self.person(BUYER), &order).await);
        }
        fresh.intent.clone().unwrap_or_default()
    }

    /// `text` with every `{placeholder}` filled in.
    pub async fn fill(&self, app: &TestApp, who: usize, text: &str, fresh: &mut Fresh) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find('{') {
            let end = start + rest[start..].find('}').expect("a closing brace");
            out.push_str(&rest[..start]);
            out.push_str(&self.value(app, who, &rest[start + 1..end], fresh).await);
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
        out
    }

    /// A JSON body with the placeholders in its top-level strings filled in.
    pub async fn fill_json(
        &self,
        app: &TestApp,
        who: usize,
        body: &Value,
        fresh: &mut Fresh,
    ) -> Value {
        let mut body = body.clone();
        if let Some(object) = body.as_object_mut() {
            for value in object.values_mut() {
                if let Some(text) = value.as_str().filter(|t| t.contains('{')) {
                    let filled = self.fill(app, who, text, fresh).await;
                    *value = Value::String(filled);
                }
            }
        }
        body
    }

    /// What is wrong with the effect of a call that was `allowed` (or refused), if anything.
    pub async fn effect_problem(
        &self,
        app: &TestApp,
        effect: Effect,
        who: usize,
        allowed: bool,
        fresh: &Fresh,
    ) -> Option<String> {
        let store = app.state.store.as_ref();
        let product = || id_of(fresh.product.as_deref().expect("a fresh listing"));
        let order = || id_of(fresh.order.as_deref().expect("a fresh booking"));
        let user = || id_of(fresh.user.as_deref().expect("a fresh user"));
        let name = || fresh.name.clone().expect("a fresh name");
        let done = match effect {
            Effect::None => return None,
            Effect::CategoryAdded => store
                .categories()
                .await
                .expect("categories")
                .iter()
                .any(|c| c.name == name()),
            Effect::Listed => store
                .listings_in_category(id_of(&self.category))
                .await
                .expect("listings")
                .iter()
                .any(|p| p.name == name()),
            Effect::Reported => {
                store
                    .listing(product())
                    .await
                    .expect("product")
                    .expect("listed")
                    .reported
            }
            Effect::ListingDeleted => store.listing(product()).await.expect("product").is_none(),
            Effect::UserDeleted => store.user_by_id(user()).await.expect("user").is_none(),
            Effect::SellerVerified => {
                store
                    .user_by_id(user())
                    .await
                    .expect("user")
                    .expect("seller")
                    .verified
            }
            Effect::Advertised => {
                store
                    .listing(product())
                    .await
                    .expect("product")
                    .expect("listed")
                    .advertised
            }
            Effect::Booked => match &self.people[who] {
                Some(person) => store
                    .bookings_of_buyer(id_of(&person.id))
                    .await
                    .expect("orders")
                    .iter()
                    .any(|o| o.listing.id == product()),
                // Anonymous: nobody may have booked it.
                None => false,
            },
            Effect::BookingCancelled => {
                let status = store
                    .booking(order())
                    .await
                    .expect("order")
                    .expect("kept")
                    .order_status;
                if !allowed && status != BookingStatus::Reserved {
                    return Some(format!("a refused cancel left the booking {status:?}"));
                }
                status == BookingStatus::Cancelled
            }
            Effect::Declined | Effect::Released => {
                let (before, after) = if effect == Effect::Declined {
                    (BookingStatus::Waiting, BookingStatus::Declined)
                } else {
                    (BookingStatus::Reserved, BookingStatus::Released)
                };
                let status = store
                    .booking(order())
                    .await
                    .expect("order")
                    .expect("kept")
                    .order_status;
                if !allowed && status != before {
                    return Some(format!("a refused {effect:?} left the booking {status:?}"));
                }
                status == after
            }
            Effect::MeetingProposed | Effect::MeetingAgreed => {
                let meeting = store
                    .booking(order())
                    .await
                    .expect("order")
                    .expect("kept")
                    .meeting
                    .proposal();
                match (effect, meeting) {
                    (Effect::MeetingProposed, meeting) => meeting.is_some(),
                    (_, Some(meeting)) => meeting.agreed,
                    (_, None) => return Some("the proposal went missing".into()),
                }
            }
            Effect::CashChosen | Effect::HandedOver | Effect::CalledOff | Effect::AdminReleased => {
                let (before, after) = match effect {
                    Effect::CashChosen => (BookingStatus::Reserved, BookingStatus::Cash),
                    Effect::HandedOver => (BookingStatus::Cash, BookingStatus::Completed),
                    Effect::AdminReleased => (BookingStatus::Cash, BookingStatus::Released),
                    _ => (BookingStatus::Cash, BookingStatus::CalledOff),
                };
                let status = store
                    .booking(order())
                    .await
                    .expect("order")
                    .expect("kept")
                    .order_status;
                if !allowed && status != before {
                    return Some(format!("a refused {effect:?} left the booking {status:?}"));
                }
                status == after
            }
            Effect::Paid => {
                let booking = store.booking(order()).await.expect("order").expect("kept");
                if booking.listing.sold != (booking.order_status == BookingStatus::Held) {
                    return Some(format!(
                        "sold is {} but the booking is {:?}",
                        booking.listing.sold, booking.order_status
                    ));
                }
                booking.order_status == BookingStatus::Held
            }
        };
        (done != allowed).then(|| {
            let verdict = if allowed {
                "allowed but not done"
            } else {
                "refused but done anyway"
            };
            format!("{effect:?}: {verdict}")
        })
    }
}
