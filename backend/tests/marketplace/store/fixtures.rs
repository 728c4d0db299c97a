//! Helpers for the store suite: a fresh store, people, listings, bookings and payments
//! made through it, and checks on its answers.

use crate::marketplace::support::{past_the_store, Engine, TestDb};
use bikehaat::records::{
    BookingStatus, HoldMethod, Language, Listing, NewBooking, NewListing, NewPayment, NewUser,
    PaymentRecorded, Role, User,
};
use bikehaat::store::{Missing, Refused, Store, StoreError, StoreResult};
use std::fmt::Debug;
use std::sync::Arc;

/// The admin of acts whose audit entry a test does not read (no user has this id; the
/// entry names nobody).
pub const SOME_ADMIN: i64 = 0;

/// A fresh, migrated store on `engine`; None when the engine is unreachable (skipped).
pub async fn open(engine: Engine) -> Option<(TestDb, Arc<dyn Store>)> {
    let db = TestDb::new(engine).await?;
    let store = db.store().await;
    Some((db, store))
}

pub async fn user(store: &dyn Store, email: &str, name: &str, role: Role) -> User {
    store
        .create_user(&NewUser {
            subject: format!("local:{email}"),
            email: email.to_owned(),
            name: name.to_owned(),
            image: format!("https://example.com/{name}.jpg"),
            role,
            email_verified: false,
            language: Language::En,
        })
        .await
        .unwrap_or_else(|e| panic!("create user {email}: {e}"))
}

pub async fn category(store: &dyn Store, name: &str) -> i64 {
    store
        .create_category(name, "/uploads/demo-category-0.svg")
        .await
        .unwrap_or_else(|e| panic!("create category {name}: {e}"))
        .outcome
        .id
}

/// Whole units as cents.
/// The people most deal tests need: Karim selling, Rahim buying, and a category.
pub struct Cast {
    pub seller: User,
    pub buyer: User,
    pub category: i64,
}

pub async fn cast(store: &dyn Store) -> Cast {
    Cast {
        seller: user(store, "karim@example.com", "Karim", Role::Seller).await,
        buyer: user(store, "rahim@example.com", "Rahim", Role::Buyer).await,
        category: category(store, "Cruiser").await,
    }
}

/// The cast, the seller's bike `name` at `price` (paisa), and the buyer's conversation
/// about it: the cast, the bike's id and the conversation's.
pub async fn talk(store: &dyn Store, name: &str, price: i64) -> (Cast, i64, i64) {
    let cast = cast(store).await;
    let bike = listing(store, cast.category, &cast.seller, name, price).await;
    let id = store
        .open_conversation(bike, cast.buyer.id, true)
        .await
        .expect("the buyer opens a conversation")
        .id;
    (cast, bike, id)
}

pub fn taka(units: i64) -> i64 {
    units * 100
}

pub fn new_listing(category_id: i64, seller_id: i64, name: &str, price_cents: i64) -> NewListing {
    NewListing {
        category_id,
        seller_id,
        name: name.to_owned(),
        image: "/uploads/demo-bike-0.svg".to_owned(),
        condition: "Good".to_owned(),
        color: "Red".to_owned(),
        description: format!("{name}: well kept, papers up to date."),
        location: "Mirpur 10, Dhaka".to_owned(),
        original_price: price_cents * 2,
        resale_price: price_cents,
        purchase_year: 2019,
        years_of_use: 5,
        seller_phone: "01711-234567".to_owned(),
        posted_at: chrono::Utc::now(),
        facts: bikehaat::listing::derived_facts(
            name,
            "Mirpur 10, Dhaka",
            "",
            2019,
            "/uploads/demo-bike-0.svg",
        ),
        terms: bikehaat::records::PayTerms::default(),
        review: Vec::new(),
    }
}

pub async fn listing(
    store: &dyn Store,
    category_id: i64,
    seller: &User,
    name: &str,
    price: i64,
) -> i64 {
    store
        .create_listing(&new_listing(category_id, seller.id, name, price))
        .await
        .unwrap_or_else(|e| panic!("create product {name}: {e}"))
        .outcome
}

pub fn new_booking(product_id: i64, buyer: &User) -> NewBooking {
    NewBooking {
        product_id,
        buyer_id: buyer.id,
        buyer_phone: "+880 1711-000000".to_owned(),
        meeting_location: format!("Banani 11, Dhaka ({})", buyer.name),
    }
}

pub async fn book(store: &dyn Store, product_id: i64, buyer: &User) -> i64 {
    store
        .create_booking(&new_booking(product_id, buyer))
        .await
        .unwrap_or_else(|e| panic!("book {product_id} for {}: {e}", buyer.email))
        .outcome
}

pub fn payment(order_id: i64, transaction_id: &str, amount: i64) -> NewPayment {
    NewPayment {
        order_id,
        payer: None,
        listing_id: None,
        transaction_id: transaction_id.to_owned(),
        amount: bikehaat::records::PaidAmount::Confirmed(amount),
        currency: "bdt".to_owned(),
        // A card payment is a hold until the handover takes it.
        captured: false,
        method: HoldMethod::Card,
    }
}

/// Pays for `order_id` (a new payment is expected) and returns the payment id.
pub async fn pay(store: &dyn Store, order_id: i64, transaction_id: &str, amount: i64) -> i64 {
    match store
        .record_payment(&payment(order_id, transaction_id, amount))
        .await
        .map(|written| written.outcome)
    {
        Ok(PaymentRecorded::New(id)) => id,
        other => panic!("paying for booking {order_id} with {transaction_id}: {other:?}"),
    }
}

#[track_caller]
pub fn conflict<T: Debug>(result: StoreResult<T>) -> Refused {
    match result {
        Err(StoreError::Refused(why)) => why,
        other => panic!("expected a conflict, got {other:?}"),
    }
}

#[track_caller]
pub fn not_found<T: Debug>(result: StoreResult<T>) -> Missing {
    match result {
        Err(StoreError::NotFound(what)) => what,
        other => panic!("expected not found, got {other:?}"),
    }
}

pub fn ids<T>(items: &[T], id: impl Fn(&T) -> i64) -> Vec<i64> {
    items.iter().map(id).collect()
}

/// The payment rows with this transaction id, read past the store: (amount, currency,
/// e-mail, product name, product id, order id, buyer id).
pub type PaymentRow = (
    i64,
    String,
    String,
    String,
    Option<i64>,
    Option<i64>,
    Option<i64>,
);

pub async fn payment_rows(db: &TestDb, transaction_id: &str) -> Vec<PaymentRow> {
    const SQL: &str =
        "SELECT amount, currency, email, product_name, product_id, order_id, buyer_id \
                       FROM payments WHERE transaction_id = $1";
    past_the_store!(db, |pool| sqlx::query_as(SQL)
        .bind(transaction_id)
        .fetch_all(&pool))
    .expect("read payments")
}

/// Listing `id`, which must still be listed.
pub async fn listed(store: &dyn Store, id: i64) -> Listing {
    store.listing(id).await.expect("product").expect("listed")
}

/// The status of booking `id`, which must still be kept.
pub async fn booking_status(store: &dyn Store, id: i64) -> BookingStatus {
    store
        .booking(id)
        .await
        .expect("order")
        .expect("kept")
        .order_status
}

/// Hands the held deal `order` over: the seller enters the buyer's code and the hold is
/// captured (as a provider that answered would have it). The deal as completed.
pub async fn hand_over_hold(store: &dyn Store, order: i64, buyer: &User, seller: &User) {
    let code = store
        .handover_code(order, buyer.id, false)
        .await
        .expect("the buyer's code")
        .code;
    let claimed = store
        .hand_over(order, seller.id, &code)
        .await
        .expect("the handover")
        .outcome;
    let bikehaat::records::Handover::Capture(held) = claimed else {
        panic!("the right code claims the capture, not {claimed:?}");
    };
    let done = store.hold_captured(&held).await.expect("captured").outcome;
    assert_eq!(done.order_status, BookingStatus::Completed);
}

/// One racer: what it does, started when every racer is ready.
pub type Racer<T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send>>;

/// Runs `racers` at the same moment — each waits until all are spawned and ready — and
/// answers what each did, in their order.
pub async fn race<T: Send + 'static>(racers: Vec<Racer<T>>) -> Vec<T> {
    let start = std::sync::Arc::new(tokio::sync::Barrier::new(racers.len()));
    let running: Vec<_> = racers
        .into_iter()
        .map(|racer| {
            let start = start.clone();
            tokio::spawn(async move {
                start.wait().await;
                racer.await
            })
        })
        .collect();
    let mut done = Vec::with_capacity(running.len());
    for racer in running {
        done.push(racer.await.expect("a racer panicked"));
    }
    done
}

/// Sends each `(path, body)` as a POST to `base` with `token` at the same moment (as
/// two admins deciding one thing do); the statuses, in their order.
pub async fn post_at_once(
    base: &str,
    token: &str,
    posts: Vec<(String, serde_json::Value)>,
) -> Vec<reqwest::StatusCode> {
    let racers: Vec<Racer<reqwest::StatusCode>> = posts
        .into_iter()
        .map(|(path, body)| {
            let url = format!("{base}{path}");
            let token = token.to_owned();
            Box::pin(async move {
                reqwest::Client::new()
                    .post(url)
                    .bearer_auth(token)
                    .json(&body)
                    .send()
                    .await
                    .expect("a racing POST")
                    .status()
            }) as Racer<reqwest::StatusCode>
        })
        .collect();
    race(racers).await
}

/// The handover code of `order` as its buyer `by` reads it.
pub async fn code_of(s: &dyn Store, order: i64, by: i64) -> String {
    s.handover_code(order, by, false).await.expect("code").code
}

/// A code that is not `code`.
pub fn other_than(code: &str) -> String {
    if code == "000000" { "000001" } else { "000000" }.to_owned()
}
