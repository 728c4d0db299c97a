//! Who may do what. The access matrix: every API route against every kind of caller
//! (anonymous, buyer, another buyer, seller, another seller, admin) with the exact status
//! each must get and what the call may or may not change; then the rules around it:
//! fields forged in request bodies are ignored, nobody raises their own role, tokens are
//! checked, `--admin-emails` makes admins, deleting a user takes what depends on them.

use std::sync::atomic::{AtomicU32, Ordering};

use bikehaat::config::{Cli, Command, ServeArgs};
use bikehaat::store::{NewUser, OrderStatus, Role};
use bikehaat::AppState;
use clap::Parser;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::{
    on_both, product_body, Engine, Person, TestApp, TestDb, ADMIN_EMAIL, PASSWORD,
};

// ---------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------

const GET: Method = Method::GET;
const POST: Method = Method::POST;
const PUT: Method = Method::PUT;
const PATCH: Method = Method::PATCH;
const DELETE: Method = Method::DELETE;

const CARD_OK: &str = "4242 4242 4242 4242";

static SERIAL: AtomicU32 = AtomicU32::new(0);

/// A number no other call in this test binary gets: for unique names and e-mails.
fn serial() -> u32 {
    SERIAL.fetch_add(1, Ordering::Relaxed)
}

/// What a request carries.
#[derive(Debug, Clone)]
enum Body {
    Empty,
    Json(Value),
    /// A small real PNG as multipart field `image`.
    Image,
}

fn png() -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_pixel(8, 6, image::Rgb([200, 30, 30]))
        .write_to(&mut out, image::ImageFormat::Png)
        .expect("encode a PNG");
    out.into_inner()
}

/// Something serving the app: the harness's [`TestApp`], or a [`Site`] of this module.
trait Api {
    fn base(&self) -> &str;
    fn client(&self) -> &reqwest::Client;
}

impl Api for TestApp {
    fn base(&self) -> &str {
        &self.base
    }
    fn client(&self) -> &reqwest::Client {
        &self.client
    }
}

/// Sends a request with an optional bearer token; answers the status and the JSON body.
async fn send(
    api: &impl Api,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: &Body,
) -> (StatusCode, Value) {
    let mut request = api
        .client()
        .request(method, format!("{}{path}", api.base()));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request = match body {
        Body::Empty => request,
        Body::Json(value) => request.json(value),
        Body::Image => {
            let part = reqwest::multipart::Part::bytes(png())
                .file_name("bike.png")
                .mime_str("image/png")
                .expect("mime type");
            request.multipart(reqwest::multipart::Form::new().part("image", part))
        }
    };
    let response = request.send().await.expect("request sent");
    let status = response.status();
    let text = response.text().await.expect("body");
    let value = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or(Value::String(text))
    };
    (status, value)
}

async fn call(
    api: &impl Api,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Value,
) -> (StatusCode, Value) {
    let body = if body.is_null() {
        Body::Empty
    } else {
        Body::Json(body)
    };
    send(api, method, path, token, &body).await
}

async fn get(api: &impl Api, path: &str, token: Option<&str>) -> (StatusCode, Value) {
    send(api, GET, path, token, &Body::Empty).await
}

/// Signs in through the built-in provider: an identity token.
async fn identity_token(api: &impl Api, email: &str) -> String {
    let (status, body) = call(
        api,
        POST,
        "/api/auth/login",
        None,
        json!({"email": email, "password": PASSWORD}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "log-in of {email}: {body}");
    body["idToken"].as_str().expect("idToken").to_owned()
}

/// Signs up (both sign-in steps) on any [`Api`].
async fn join(api: &impl Api, email: &str, name: &str, role: &str) -> Person {
    let (status, body) = call(
        api,
        POST,
        "/api/auth/signup",
        None,
        json!({"email": email, "password": PASSWORD}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "sign-up of {email}: {body}");
    let id_token = body["idToken"].as_str().expect("idToken").to_owned();
    let (status, body) = call(
        api,
        PUT,
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

/// Returns the id from a 201 `{insertedId}` answer.
#[track_caller]
fn inserted(what: &str, (status, body): (StatusCode, Value)) -> String {
    assert_eq!(status, StatusCode::CREATED, "{what}: {body}");
    body["insertedId"].as_str().expect("insertedId").to_owned()
}

async fn add_category(api: &impl Api, admin: &Person, name: &str) -> String {
    let body = json!({"categoryName": name, "categoryImage": "/uploads/demo-category-0.svg"});
    let path = format!("/api/categories/{}", admin.email);
    inserted(
        "category",
        call(api, POST, &path, Some(&admin.token), body).await,
    )
}

async fn list_bike(
    api: &impl Api,
    seller: &Person,
    category: &str,
    name: &str,
    price: u32,
) -> String {
    let body = product_body(category, name, price);
    inserted(
        "listing",
        call(api, PUT, "/api/products", Some(&seller.token), body).await,
    )
}

async fn advertise(api: &impl Api, seller: &Person, product: &str) -> String {
    let body = json!({"advertiseId": product});
    inserted(
        "advert",
        call(api, POST, "/api/advertise", Some(&seller.token), body).await,
    )
}

async fn book_bike(api: &impl Api, buyer: &Person, product: &str) -> String {
    let body = json!({"bookingId": product, "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani 11, Dhaka"});
    inserted(
        "booking",
        call(api, POST, "/api/orders", Some(&buyer.token), body).await,
    )
}

/// Creates a payment intent for `order` as `buyer`: (intent id, client secret).
async fn intent(api: &impl Api, buyer: &Person, order: &str) -> (String, String) {
    let (status, body) = call(
        api,
        POST,
        "/api/create-payment-intent",
        Some(&buyer.token),
        json!({"_id": order}),
    )
    .await;
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

fn card_body(secret: &str, buyer: &Person) -> Value {
    json!({"clientSecret": secret, "card": {"number": CARD_OK, "expMonth": 12, "expYear": 2034, "cvc": "123"},
           "billing": {"name": buyer.name, "email": buyer.email}})
}

/// Confirms the card for the intent with `secret`; returns the transaction id.
async fn confirm(api: &impl Api, buyer: &Person, secret: &str) -> String {
    let (status, body) = call(
        api,
        POST,
        "/api/test-mode/confirm-card",
        None,
        card_body(secret, buyer),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "card confirmation: {body}");
    body["paymentIntent"]["id"]
        .as_str()
        .expect("intent id")
        .to_owned()
}

/// Pays for `order` as `buyer`; returns the payment id.
async fn pay_for(api: &impl Api, buyer: &Person, order: &str) -> String {
    let (_, secret) = intent(api, buyer, order).await;
    let transaction = confirm(api, buyer, &secret).await;
    let body =
        json!({"transactionId": transaction, "ordersId": order, "price": 1, "email": buyer.email});
    inserted(
        "payment",
        call(api, POST, "/api/payments", Some(&buyer.token), body).await,
    )
}

fn id_of(text: &str) -> i64 {
    text.parse()
        .unwrap_or_else(|_| panic!("{text:?} is not an id"))
}

/// What is wrong with a 401/403 answer's body, if anything: it must be exactly
/// `{"error": "unauthorized"|"forbidden", "message": "<a sentence>"}`.
fn error_shape_problem(status: StatusCode, body: &Value) -> Option<String> {
    let code = match status {
        StatusCode::UNAUTHORIZED => "unauthorized",
        StatusCode::FORBIDDEN => "forbidden",
        _ => return None,
    };
    let fine = body["error"] == code
        && body["message"]
            .as_str()
            .is_some_and(|m| !m.trim().is_empty())
        && body
            .as_object()
            .is_some_and(|o| o.keys().all(|k| k == "error" || k == "message"));
    (!fine).then(|| {
        format!("a {status} answer is not {{\"error\": \"{code}\", \"message\": …}}: {body}")
    })
}

#[track_caller]
fn assert_refused(what: &str, expected: StatusCode, (status, body): (StatusCode, Value)) {
    assert_eq!(status, expected, "{what}: {body}");
    if let Some(problem) = error_shape_problem(status, &body) {
        panic!("{what}: {problem}");
    }
}

/// Items of a JSON array answer whose `key` equals `value`.
fn with<'a>(list: &'a Value, key: &str, value: &str) -> Vec<&'a Value> {
    list.as_array()
        .unwrap_or_else(|| panic!("expected a list, got {list}"))
        .iter()
        .filter(|item| item[key] == value)
        .collect()
}

// ---------------------------------------------------------------------------------------
// A second way to serve the app: over a database the test owns (a second server on the
// same database, or SQL read past the app).
// ---------------------------------------------------------------------------------------

struct Site {
    base: String,
    client: reqwest::Client,
    state: AppState,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for Site {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl Api for Site {
    fn base(&self) -> &str {
        &self.base
    }
    fn client(&self) -> &reqwest::Client {
        &self.client
    }
}

impl Site {
    /// Serves the app on `db` like the harness does, with extra `bikehaat serve` flags.
    async fn serve(db: &TestDb, extra: &[&str]) -> Site {
        let dir = db.dir.display().to_string();
        let mut argv = vec![
            "bikehaat",
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--data-dir",
            &dir,
            "--database-url",
            &db.url,
            "--admin-emails",
            ADMIN_EMAIL,
            "--no-demo",
            "--frontend-dir",
            "/nonexistent",
        ];
        argv.extend_from_slice(extra);
        let args = match Cli::try_parse_from(argv).expect("valid arguments").command {
            Command::Serve(args) => ServeArgs::clone(&args),
            _ => unreachable!("serve was asked for"),
        };
        let state = bikehaat::server::state(&args).await.expect("app state");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let app = bikehaat::app(state.clone());
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Site {
            base: format!("http://{addr}"),
            client: reqwest::Client::new(),
            state,
            server,
        }
    }
}

/// The payment with this id, read with SQL past the app: (amount in cents, e-mail,
/// product name, product id).
async fn payment_row(db: &TestDb, id: i64) -> Option<(i64, String, String, Option<i64>)> {
    const SQL: &str = "SELECT amount, email, product_name, product_id FROM payments WHERE id = $1";
    if db.url.starts_with("postgres") {
        let pool = sqlx::PgPool::connect(&db.url)
            .await
            .expect("open PostgreSQL");
        let row = sqlx::query_as(SQL).bind(id).fetch_optional(&pool).await;
        pool.close().await;
        row.expect("read payments")
    } else {
        let pool = sqlx::SqlitePool::connect(&db.url)
            .await
            .expect("open SQLite");
        let row = sqlx::query_as(SQL).bind(id).fetch_optional(&pool).await;
        pool.close().await;
        row.expect("read payments")
    }
}

// ---------------------------------------------------------------------------------------
// The access matrix
// ---------------------------------------------------------------------------------------

/// The callers, in the order of the matrix's columns.
const CALLERS: [&str; 6] = [
    "anonymous",
    "buyer",
    "other buyer",
    "seller",
    "other seller",
    "admin",
];
const ANONYMOUS: usize = 0;
const BUYER: usize = 1;
const OTHER_BUYER: usize = 2;
const SELLER: usize = 3;
const OTHER_SELLER: usize = 4;
const ADMIN: usize = 5;

/// Which of the caller's tokens a request carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    /// The access token from `PUT /api/users/{email}`.
    Access,
    /// The identity token from the sign-in provider (only for the token exchange).
    Identity,
}

/// What an allowed call changes, checked both ways: done when the call was allowed,
/// not done when it was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Effect {
    None,
    CategoryAdded,
    Listed,
    Reported,
    ProductDeleted,
    UserDeleted,
    SellerVerified,
    Advertised,
    Booked,
    OrderCancelled,
    Paid,
}

struct Row {
    method: Method,
    /// The path, with `{placeholders}` filled per cell (see [`Cast::value`]).
    path: &'static str,
    body: Body,
    /// The status for: anonymous, buyer, other buyer, seller, other seller, admin.
    expect: [u16; 6],
    token: Token,
    effect: Effect,
}

fn row(method: Method, path: &'static str, body: Body, expect: [u16; 6]) -> Row {
    Row {
        method,
        path,
        body,
        expect,
        token: Token::Access,
        effect: Effect::None,
    }
}

impl Row {
    fn with_identity_token(mut self) -> Self {
        self.token = Token::Identity;
        self
    }
    fn changes(mut self, effect: Effect) -> Self {
        self.effect = effect;
        self
    }
}

fn json_body(value: Value) -> Body {
    Body::Json(value)
}

/// Every route × every caller. Placeholders: `{me}` the caller's e-mail; `{buyer}`,
/// `{seller}`, `{other_seller}`, `{admin}` their e-mails; `{C}` the category, `{P}` the
/// seller's advertised listing, `{O}` the buyer's booking of it; `{fresh_…}` a record made
/// for this cell alone, so destructive calls never eat the shared fixtures.
#[rustfmt::skip]
fn matrix() -> Vec<Row> {
    use Body::Empty;
    let signup = json_body(json!({"email": "{fresh_email}", "password": PASSWORD}));
    let login = json_body(json!({"email": "{buyer}", "password": PASSWORD}));
    let listing = json_body(product_body("{C}", "{fresh_name}", 90_000));
    let advert = json_body(json!({"advertiseId": "{fresh_product}"}));
    let intent = json_body(json!({"_id": "{O}"}));
    let report = json_body(json!({"report": "reported"}));
    let verify = json_body(json!({"verification": "verified"}));
    let category = json_body(json!({"categoryName": "{fresh_name}", "categoryImage": "/uploads/demo-category-0.svg"}));
    let booking = json_body(
        json!({"bookingId": "{fresh_product}", "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani 11, Dhaka"}),
    );
    let confirm_card = json_body(json!({"clientSecret": "{fresh_secret}",
        "card": {"number": CARD_OK, "expMonth": 12, "expYear": 2034, "cvc": "123"},
        "billing": {"name": "Rahim Buyer", "email": "rahim@example.com"}}));
    let payment = json_body(
        json!({"transactionId": "{fresh_paid_transaction}", "ordersId": "{fresh_order}", "price": 1, "email": "{me}"}),
    );
    let profile = json_body(json!({"name": "Someone", "email": "{me}", "image": "https://example.com/me.jpg", "role": "buyer"}));

    vec![
        //                                                                                           anon buyer other seller other admin
        row(GET,    "/api/health",                          Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(GET,    "/api/openapi.json",                    Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(POST,   "/api/auth/signup",                     signup,                                      [201, 201, 201, 201, 201, 201]),
        row(POST,   "/api/auth/login",                      login,                                       [200, 200, 200, 200, 200, 200]),
        row(GET,    "/api/users/{seller}",                  Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(PUT,    "/api/users/{me}",                      profile,                                     [401, 200, 200, 200, 200, 200])
            .with_identity_token(),
        row(GET,    "/api/categories",                      Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(POST,   "/api/categories/{admin}",              category.clone(),                            [401, 403, 403, 403, 403, 201])
            .changes(Effect::CategoryAdded),
        row(POST,   "/api/categories/{buyer}",              category,                                    [401, 403, 403, 403, 403, 403])
            .changes(Effect::CategoryAdded),
        row(GET,    "/api/products/{C}",                    Empty,                                       [401, 200, 200, 200, 200, 200]),
        row(PUT,    "/api/products",                        listing,                                     [401, 403, 403, 201, 201, 403])
            .changes(Effect::Listed),
        row(PATCH,  "/api/products/{fresh_product}",        report,                                      [401, 200, 200, 403, 403, 403])
            .changes(Effect::Reported),
        row(DELETE, "/api/products/{fresh_product}",        Empty,                                       [401, 403, 403, 200, 403, 200])
            .changes(Effect::ProductDeleted),
        row(GET,    "/api/sellerProducts/{seller}",         Empty,                                       [401, 403, 403, 200, 403, 200]),
        row(GET,    "/api/sellerProducts/{other_seller}",   Empty,                                       [401, 403, 403, 403, 200, 200]),
        row(GET,    "/api/reportedProducts",                Empty,                                       [401, 403, 403, 403, 403, 200]),
        row(GET,    "/api/allBuyer",                        Empty,                                       [401, 403, 403, 403, 403, 200]),
        row(DELETE, "/api/allBuyer/{fresh_buyer_id}",       Empty,                                       [401, 403, 403, 403, 403, 200])
            .changes(Effect::UserDeleted),
        row(GET,    "/api/allSeller",                       Empty,                                       [401, 403, 403, 403, 403, 200]),
        row(DELETE, "/api/allSeller/{fresh_seller_id}",     Empty,                                       [401, 403, 403, 403, 403, 200])
            .changes(Effect::UserDeleted),
        row(PATCH,  "/api/allSeller/{fresh_seller_id}",     verify,                                      [401, 403, 403, 403, 403, 200])
            .changes(Effect::SellerVerified),
        row(GET,    "/api/advertise",                       Empty,                                       [200, 200, 200, 200, 200, 200]),
        row(POST,   "/api/advertise",                       advert,                                      [401, 403, 403, 201, 403, 403])
            .changes(Effect::Advertised),
        row(POST,   "/api/orders",                          booking,                                     [401, 201, 201, 403, 403, 403])
            .changes(Effect::Booked),
        row(GET,    "/api/orders/{buyer}",                  Empty,                                       [401, 200, 403, 403, 403, 200]),
        row(GET,    "/api/orders/{other_buyer}",            Empty,                                       [401, 403, 200, 403, 403, 200]),
        row(GET,    "/api/orders/{me}",                     Empty,                                       [401, 200, 200, 200, 200, 200]),
        row(DELETE, "/api/orders/{fresh_order}",            Empty,                                       [401, 200, 403, 403, 403, 200])
            .changes(Effect::OrderCancelled),
        row(GET,    "/api/paymentOrders/{O}",               Empty,                                       [401, 200, 403, 403, 403, 200]),
        row(POST,   "/api/create-payment-intent",           intent,                                      [401, 200, 403, 403, 403, 403]),
        row(POST,   "/api/payments",                        payment,                                     [401, 201, 403, 403, 403, 403])
            .changes(Effect::Paid),
        row(POST,   "/api/test-mode/confirm-card",          confirm_card,                                [200, 200, 200, 200, 200, 200]),
        row(POST,   "/api/uploads",                         Body::Image,                                 [401, 201, 201, 201, 201, 201]),
    ]
}

/// The shared fixtures: one marketplace with everyone in it.
struct Cast {
    people: [Option<Person>; 6],
    id_tokens: [Option<String>; 6],
    category: String,
    product: String,
    order: String,
}

/// Records made for one cell.
#[derive(Debug, Default)]
struct Fresh {
    name: Option<String>,
    product: Option<String>,
    order: Option<String>,
    user: Option<String>,
    intent: Option<(String, String)>,
}

impl Cast {
    async fn new(app: &TestApp) -> Cast {
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
            .product(&seller, &category, "Bajaj Avenger 220", 180_000)
            .await;
        advertise(app, &seller, &product).await;
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
                *slot = Some(identity_token(app, &person.email).await);
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

    fn person(&self, who: usize) -> &Person {
        self.people[who].as_ref().expect("a signed-in caller")
    }

    async fn fresh_product(&self, app: &TestApp) -> String {
        let name = format!("Spare bike {}", serial());
        app.product(self.person(SELLER), &self.category, &name, 90_000)
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
            "fresh_product" => {
                if fresh.product.is_none() {
                    fresh.product = Some(self.fresh_product(app).await);
                }
                fresh.product.clone().unwrap_or_default()
            }
            "fresh_order" => self.fresh_order(app, fresh).await,
            "fresh_buyer_id" => {
                let id = self.fresh_user(app, Role::Buyer).await;
                fresh.user.insert(id).clone()
            }
            "fresh_seller_id" => {
                let id = self.fresh_user(app, Role::Seller).await;
                fresh.user.insert(id).clone()
            }
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

    async fn fresh_order(&self, app: &TestApp, fresh: &mut Fresh) -> String {
        if fresh.order.is_none() {
            let product = self.fresh_product(app).await;
            fresh.order = Some(app.book(self.person(BUYER), &product).await);
        }
        fresh.order.clone().unwrap_or_default()
    }

    async fn fresh_intent(&self, app: &TestApp, fresh: &mut Fresh) -> (String, String) {
        if fresh.intent.is_none() {
            let order = self.fresh_order(app, fresh).await;
            fresh.intent = Some(intent(app, self.person(BUYER), &order).await);
        }
        fresh.intent.clone().unwrap_or_default()
    }

    /// `text` with every `{placeholder}` filled in.
    async fn fill(&self, app: &TestApp, who: usize, text: &str, fresh: &mut Fresh) -> String {
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
    async fn fill_json(&self, app: &TestApp, who: usize, body: &Value, fresh: &mut Fresh) -> Value {
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
    async fn effect_problem(
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
                .products_in_category(id_of(&self.category))
                .await
                .expect("listings")
                .iter()
                .any(|p| p.name == name()),
            Effect::Reported => {
                store
                    .product(product())
                    .await
                    .expect("product")
                    .expect("listed")
                    .reported
            }
            Effect::ProductDeleted => store.product(product()).await.expect("product").is_none(),
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
                    .product(product())
                    .await
                    .expect("product")
                    .expect("listed")
                    .advertised
            }
            Effect::Booked => match &self.people[who] {
                Some(person) => store
                    .orders_of_buyer(id_of(&person.id))
                    .await
                    .expect("orders")
                    .iter()
                    .any(|o| o.product.id == product()),
                // Anonymous: nobody may have booked it.
                None => false,
            },
            Effect::OrderCancelled => {
                let status = store
                    .order(order())
                    .await
                    .expect("order")
                    .expect("kept")
                    .order_status;
                if !allowed && status != OrderStatus::Booked {
                    return Some(format!("a refused cancel left the booking {status:?}"));
                }
                status == OrderStatus::Cancelled
            }
            Effect::Paid => {
                let booking = store.order(order()).await.expect("order").expect("kept");
                if booking.product.sold != (booking.order_status == OrderStatus::Paid) {
                    return Some(format!(
                        "sold is {} but the booking is {:?}",
                        booking.product.sold, booking.order_status
                    ));
                }
                booking.order_status == OrderStatus::Paid
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

#[tokio::test]
async fn every_route_answers_every_kind_of_caller_as_the_access_matrix_says() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let cast = Cast::new(&app).await;
        let rows = matrix();
        let mut failures = Vec::new();
        for row in &rows {
            for (who, caller) in CALLERS.iter().enumerate() {
                let mut fresh = Fresh::default();
                let path = cast.fill(&app, who, row.path, &mut fresh).await;
                let body = match &row.body {
                    Body::Json(value) => {
                        Body::Json(cast.fill_json(&app, who, value, &mut fresh).await)
                    }
                    other => other.clone(),
                };
                let token = match (who, row.token) {
                    (ANONYMOUS, _) => None,
                    (_, Token::Access) => Some(cast.person(who).token.as_str()),
                    (_, Token::Identity) => cast.id_tokens[who].as_deref(),
                };
                let (status, reply) = send(&app, row.method.clone(), &path, token, &body).await;
                let cell = format!("{engine:?} | {} {} | {caller}", row.method, row.path);
                let expected = row.expect[who];
                if status.as_u16() != expected {
                    failures.push(format!(
                        "{cell}: expected {expected}, got {status}: {reply}"
                    ));
                    continue;
                }
                if let Some(problem) = error_shape_problem(status, &reply) {
                    failures.push(format!("{cell}: {problem}"));
                }
                if let Some(problem) = cast
                    .effect_problem(&app, row.effect, who, status.is_success(), &fresh)
                    .await
                {
                    failures.push(format!("{cell}: {problem}"));
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {} cells of the access matrix failed:\n{}",
            failures.len(),
            rows.len() * CALLERS.len(),
            failures.join("\n")
        );
        // The shared fixtures survived the matrix.
        let store = app.state.store.as_ref();
        let product = store
            .product(id_of(&cast.product))
            .await
            .expect("product")
            .expect("still listed");
        assert!(product.advertised && !product.sold);
        let order = store
            .order(id_of(&cast.order))
            .await
            .expect("order")
            .expect("still booked");
        assert_eq!(order.order_status, OrderStatus::Booked);
    })
    .await;
}

/// A path with its `{…}` segments blanked: `/api/orders/{me}` → `/api/orders/{}`.
fn template(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            if segment.starts_with('{') {
                "{}"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn the_access_matrix_covers_every_route_the_api_describes() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let (status, doc) = app.get("/api/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    let covered: std::collections::BTreeSet<(String, String)> = matrix()
        .iter()
        .map(|row| (row.method.as_str().to_owned(), template(row.path)))
        .collect();
    let paths = doc["paths"]
        .as_object()
        .expect("paths in the OpenAPI description");
    assert!(
        paths.len() >= 20,
        "the description lists the API: {paths:?}"
    );
    let mut missing = Vec::new();
    for (path, operations) in paths {
        let methods = operations.as_object().expect("operations").keys();
        let http = [
            "get", "put", "post", "delete", "patch", "head", "options", "trace",
        ];
        for method in methods.filter(|m| http.contains(&m.as_str())) {
            let route = (method.to_uppercase(), template(&format!("/api{path}")));
            if !covered.contains(&route) {
                missing.push(format!("{} {}", route.0, route.1));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "routes without a row in the access matrix: {missing:?}"
    );
}

// ---------------------------------------------------------------------------------------
// Forged fields in request bodies
// ---------------------------------------------------------------------------------------

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

        let mut body = product_body(&category, "Yamaha FZ-S", 210_000);
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
            call(&app, PUT, "/api/products", Some(&seller.token), body).await,
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
            .product(999)
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
        let bike = app.product(&seller, &category, "Bajaj Avenger 220", 180_000).await;

        let body = json!({
            "bookingId": bike, "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani 11, Dhaka",
            "buyerName": "Mim Buyer", "buyerEmail": other.email, "resalePrice": 1, "price": 1,
            "originalPrice": 2, "productName": "Free Bike", "sellerEmail": "nobody@example.com",
            "status": "paid", "paid": true, "_id": "999",
        });
        let order = inserted("booking", call(&app, POST, "/api/orders", Some(&buyer.token), body).await);
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
        assert_eq!(booking["status"], "booked");
        assert_eq!(booking["paid"], false);

        let (status, theirs) = app.get(&format!("/api/orders/{}", other.email), Some(&other.token)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(theirs, json!([]), "nothing was booked under the forged e-mail");

        // The amount to pay comes from the listing too, whatever the page sends.
        let (status, intent) = call(
            &app,
            POST,
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
            .product(&seller, &category, "Bajaj Avenger 220", 180_000)
            .await;

        let body = json!({
            "advertiseId": bike, "productName": "Harley-Davidson Fat Boy", "resalePrice": 1,
            "sellerName": "BikeHaat Official", "sellerEmail": "official@example.com",
            "sellerVerification": true, "availability": "sold", "_id": "999",
        });
        let advert = inserted(
            "advert",
            call(&app, POST, "/api/advertise", Some(&seller.token), body).await,
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
        assert_eq!(shown["sellerEmail"], "karim@example.com");
        assert_eq!(shown["sellerVerification"], false);
        assert_eq!(shown["availability"], "Available");
    })
    .await;
}

// ---------------------------------------------------------------------------------------
// Roles and tokens
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn nobody_can_sign_up_as_an_admin() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else { return };
        let (status, body) = call(
            &app,
            POST,
            "/api/auth/signup",
            None,
            json!({"email": "mallory@example.com", "password": PASSWORD}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let id_token = body["idToken"].as_str().expect("idToken").to_owned();
        let profile = |role: &str| json!({"name": "Mallory", "email": "mallory@example.com", "image": "", "role": role});

        let answer = call(&app, PUT, "/api/users/mallory@example.com", Some(&id_token), profile("admin")).await;
        assert_refused("signing up as admin", StatusCode::FORBIDDEN, answer);
        let (status, body) = app.get("/api/users/mallory@example.com", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "no user was created: {body}");
        assert!(app.state.store.users_with_role(Role::Admin).await.expect("admins").is_empty());

        // The same person may still sign up as what they may be.
        let (status, session) = call(&app, PUT, "/api/users/mallory@example.com", Some(&id_token), profile("buyer")).await;
        assert_eq!(status, StatusCode::OK, "{session}");
        assert_eq!(session["user"]["role"], "buyer");
    })
    .await;
}

#[tokio::test]
async fn an_existing_users_role_never_changes_at_sign_in() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        app.sign_up("rahim@example.com", "Rahim Buyer", "buyer")
            .await;
        app.sign_up("karim@example.com", "Karim Seller", "seller")
            .await;

        for (email, kept, tries) in [
            ("rahim@example.com", "buyer", ["seller", "admin"]),
            ("karim@example.com", "seller", ["buyer", "admin"]),
        ] {
            for role in tries {
                let id_token = identity_token(&app, email).await;
                let body = json!({"name": "Renamed", "email": email, "image": "", "role": role});
                let (status, session) = call(
                    &app,
                    PUT,
                    &format!("/api/users/{email}"),
                    Some(&id_token),
                    body,
                )
                .await;
                assert_eq!(
                    status,
                    StatusCode::OK,
                    "{email} asking for {role}: {session}"
                );
                assert_eq!(
                    session["user"]["role"], kept,
                    "{email} asking for {role}: {session}"
                );
                let (_, user) = app.get(&format!("/api/users/{email}"), None).await;
                assert_eq!(user["role"], kept, "{email} asking for {role}");
                let token = session["token"].as_str().expect("token");
                let answer = app.get("/api/allBuyer", Some(token)).await;
                assert_refused("an admin-only call", StatusCode::FORBIDDEN, answer);
            }
        }
    })
    .await;
}

#[tokio::test]
async fn the_token_exchange_works_only_for_your_own_email() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        app.sign_up("rahim@example.com", "Rahim Buyer", "buyer")
            .await;
        app.sign_up("mim@example.com", "Mim Buyer", "buyer").await;
        let mims = identity_token(&app, "mim@example.com").await;

        let body =
            json!({"name": "Rahim", "email": "rahim@example.com", "image": "", "role": "buyer"});
        let answer = call(&app, PUT, "/api/users/rahim@example.com", Some(&mims), body).await;
        assert_refused("someone else's e-mail", StatusCode::FORBIDDEN, answer);

        let body =
            json!({"name": "Ghost", "email": "ghost@example.com", "image": "", "role": "seller"});
        let answer = call(&app, PUT, "/api/users/ghost@example.com", Some(&mims), body).await;
        assert_refused("an unregistered e-mail", StatusCode::FORBIDDEN, answer);
        assert_eq!(
            app.get("/api/users/ghost@example.com", None).await.0,
            StatusCode::NOT_FOUND
        );
        assert!(app
            .state
            .store
            .users_with_role(Role::Seller)
            .await
            .expect("sellers")
            .is_empty());
    })
    .await;
}

#[tokio::test]
async fn access_and_identity_tokens_are_not_interchangeable() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let buyer = app
            .sign_up("rahim@example.com", "Rahim Buyer", "buyer")
            .await;
        let buyers_identity = identity_token(&app, &buyer.email).await;
        let admins_identity = identity_token(&app, &admin.email).await;

        let body = json!({"name": "Rahim", "email": buyer.email, "image": "", "role": "buyer"});
        let answer = call(
            &app,
            PUT,
            "/api/users/rahim@example.com",
            Some(&buyer.token),
            body,
        )
        .await;
        assert_refused(
            "an access token at the token exchange",
            StatusCode::UNAUTHORIZED,
            answer,
        );

        let answer = app
            .get("/api/orders/rahim@example.com", Some(&buyers_identity))
            .await;
        assert_refused(
            "an identity token for the buyer's bookings",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        let answer = app.get("/api/allBuyer", Some(&admins_identity)).await;
        assert_refused(
            "an admin's identity token for an admin call",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        let body =
            json!({"categoryName": "Cruiser", "categoryImage": "/uploads/demo-category-0.svg"});
        let path = format!("/api/categories/{}", admin.email);
        let answer = call(&app, POST, &path, Some(&admins_identity), body).await;
        assert_refused(
            "an admin's identity token for adding a category",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        assert!(app
            .state
            .store
            .categories()
            .await
            .expect("categories")
            .is_empty());

        // Both kinds may upload a photo (sign-up uploads one between the two steps).
        for token in [&buyer.token, &buyers_identity] {
            let (status, body) = send(&app, POST, "/api/uploads", Some(token), &Body::Image).await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
        }
    })
    .await;
}

const JWT_SECRET: &str = "access-test-secret-0123456789abcdef0123456789";

fn forge(secret: &str, claims: &Value) -> String {
    jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        claims,
        &jsonwebtoken::EncodingKey::from_secret(secret.as_bytes()),
    )
    .expect("sign a token")
}

fn claims(sub: &str, audience: &str, issuer: &str, expires_in: i64) -> Value {
    let now = chrono::Utc::now().timestamp();
    json!({"sub": sub, "aud": audience, "iss": issuer, "iat": now - 7200, "exp": now + expires_in})
}

/// `token` with one character of its signature changed.
fn tampered(token: &str) -> String {
    let (head, signature) = token.rsplit_once('.').expect("a JWT");
    let mut signature: Vec<char> = signature.chars().collect();
    signature[10] = if signature[10] == 'A' { 'B' } else { 'A' };
    format!("{head}.{}", signature.into_iter().collect::<String>())
}

#[tokio::test]
async fn tampered_expired_forged_and_garbage_tokens_are_refused() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn_with(engine, &["--jwt-secret", JWT_SECRET]).await else {
            return;
        };
        let buyer = app
            .sign_up("rahim@example.com", "Rahim Buyer", "buyer")
            .await;
        let other = app.sign_up("mim@example.com", "Mim Buyer", "buyer").await;
        let path = format!("/api/orders/{}", buyer.email);

        // The forging below is right: a token made like the server's own is accepted.
        let good = forge(
            JWT_SECRET,
            &claims(&buyer.id, "bikehaat:access", "bikehaat", 600),
        );
        let (status, body) = app.get(&path, Some(&good)).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "a well-made token is accepted: {body}"
        );

        let parts = |token: &str| token.split('.').map(str::to_owned).collect::<Vec<_>>();
        let (mine, theirs) = (parts(&buyer.token), parts(&other.token));
        let none_header = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0"; // {"alg":"none","typ":"JWT"}
        let bad = [
            ("garbage", "not-a-token".to_owned()),
            ("three dots of nothing", "a.b.c".to_owned()),
            ("a tampered signature", tampered(&buyer.token)),
            (
                "another user's payload under this signature",
                format!("{}.{}.{}", mine[0], theirs[1], mine[2]),
            ),
            ("an unsigned token", format!("{none_header}.{}.", mine[1])),
            (
                "an expired token",
                forge(
                    JWT_SECRET,
                    &claims(&buyer.id, "bikehaat:access", "bikehaat", -3600),
                ),
            ),
            (
                "a token signed with another secret",
                forge(
                    "another-secret-0123456789abcdef0123",
                    &claims(&buyer.id, "bikehaat:access", "bikehaat", 600),
                ),
            ),
            (
                "a token from another issuer",
                forge(
                    JWT_SECRET,
                    &claims(&buyer.id, "bikehaat:access", "elsewhere", 600),
                ),
            ),
            (
                "a token for another audience",
                forge(JWT_SECRET, &claims(&buyer.id, "elsewhere", "bikehaat", 600)),
            ),
            (
                "a token for a user who does not exist",
                forge(
                    JWT_SECRET,
                    &claims("987654", "bikehaat:access", "bikehaat", 600),
                ),
            ),
        ];
        for (what, token) in &bad {
            let answer = app.get(&path, Some(token)).await;
            assert_refused(what, StatusCode::UNAUTHORIZED, answer);
        }
        // Not a bearer token at all.
        for header in [
            "Basic cmFoaW06cGFzcw==",
            "Bearer",
            "Bearer   ",
            buyer.token.as_str(),
        ] {
            let response = app
                .client
                .get(app.url(&path))
                .header(reqwest::header::AUTHORIZATION, header)
                .send()
                .await
                .expect("sent");
            let status = response.status();
            let body: Value = response.json().await.expect("JSON error body");
            assert_refused(
                &format!("Authorization: {header}"),
                StatusCode::UNAUTHORIZED,
                (status, body),
            );
        }

        // Identity tokens are checked as strictly at the token exchange.
        let mut identity = claims("local:1", "bikehaat:identity", "bikehaat", -3600);
        identity["email"] = json!(buyer.email);
        let profile = json!({"name": "Rahim", "email": buyer.email, "image": "", "role": "buyer"});
        let expired = forge(JWT_SECRET, &identity);
        let answer = call(
            &app,
            PUT,
            "/api/users/rahim@example.com",
            Some(&expired),
            profile.clone(),
        )
        .await;
        assert_refused(
            "an expired identity token",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        let real = identity_token(&app, &buyer.email).await;
        let answer = call(
            &app,
            PUT,
            "/api/users/rahim@example.com",
            Some(&tampered(&real)),
            profile.clone(),
        )
        .await;
        assert_refused(
            "a tampered identity token",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        let answer = call(
            &app,
            PUT,
            "/api/users/rahim@example.com",
            Some("garbage"),
            profile,
        )
        .await;
        assert_refused("a garbage identity token", StatusCode::UNAUTHORIZED, answer);

        // Public reads do not care about a stale token.
        for public in [
            "/api/categories",
            "/api/advertise",
            "/api/users/rahim@example.com",
            "/api/health",
        ] {
            let (status, body) = app.get(public, Some("not-a-token")).await;
            assert_eq!(status, StatusCode::OK, "{public} with a bad token: {body}");
        }
    })
    .await;
}

#[tokio::test]
async fn a_user_listed_in_admin_emails_becomes_admin_on_sign_up() {
    on_both(|engine| async move {
        let Some(app) =
            TestApp::spawn_with(engine, &["--admin-emails", " Boss@BikeHaat.Test "]).await
        else {
            return;
        };
        assert!(
            app.state.settings.is_admin_email("boss@bikehaat.test"),
            "{:?}",
            app.state.settings.admin_emails
        );
        let boss = app
            .sign_up("boss@bikehaat.test", "The Boss", "seller")
            .await;
        let (_, user) = app.get("/api/users/boss@bikehaat.test", None).await;
        assert_eq!(user["role"], "admin", "{user}");
        let (status, body) = app.get("/api/allSeller", Some(&boss.token)).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "the new admin may use admin calls: {body}"
        );

        let plain = app
            .sign_up("worker@bikehaat.test", "Worker", "seller")
            .await;
        let (_, user) = app.get("/api/users/worker@bikehaat.test", None).await;
        assert_eq!(user["role"], "seller", "only listed e-mails become admins");
        assert_refused(
            "a seller at an admin call",
            StatusCode::FORBIDDEN,
            app.get("/api/allSeller", Some(&plain.token)).await,
        );
    })
    .await;
}

#[tokio::test]
async fn a_buyer_added_to_admin_emails_becomes_admin_at_their_next_sign_in() {
    on_both(|engine| async move {
        let Some(db) = TestDb::new(engine).await else {
            return;
        };
        let before = Site::serve(&db, &[]).await;
        let x = join(&before, "x@y.test", "Xavier", "buyer").await;
        assert_refused(
            "a buyer at an admin call",
            StatusCode::FORBIDDEN,
            get(&before, "/api/allBuyer", Some(&x.token)).await,
        );

        // The marketplace restarts with x listed as an admin.
        let after = Site::serve(&db, &["--admin-emails", "x@y.test"]).await;
        assert!(
            after.state.settings.is_admin_email("x@y.test"),
            "{:?}",
            after.state.settings.admin_emails
        );
        let (_, user) = get(&after, "/api/users/x@y.test", None).await;
        assert_eq!(
            user["role"], "buyer",
            "the role changes at sign-in, not before: {user}"
        );

        let id_token = identity_token(&after, "x@y.test").await;
        let (status, session) = call(
            &after,
            PUT,
            "/api/users/x@y.test",
            Some(&id_token),
            json!({"email": "x@y.test"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{session}");
        assert_eq!(session["user"]["role"], "admin", "{session}");
        assert_eq!(
            session["user"]["_id"],
            x.id.as_str(),
            "the same user, not a new one"
        );
        let (_, user) = get(&after, "/api/users/x@y.test", None).await;
        assert_eq!(user["role"], "admin");
        let token = session["token"].as_str().expect("token");
        let (status, body) = get(&after, "/api/allBuyer", Some(token)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // The token from before works as admin too, on the other server as well, once its
        // read cache (which cannot see another process's writes) has let go of the buyer.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        let (status, body) = loop {
            let answer = get(&before, "/api/allBuyer", Some(&x.token)).await;
            if answer.0 == StatusCode::OK || std::time::Instant::now() > deadline {
                break answer;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        };
        assert_eq!(status, StatusCode::OK, "still not admin after 5 s: {body}");
        assert!(
            with(&body, "email", "x@y.test").is_empty(),
            "an admin is no longer a buyer: {body}"
        );
    })
    .await;
}

// ---------------------------------------------------------------------------------------
// Deleting users
// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn deleting_a_seller_removes_their_listings_adverts_bookings_and_sign_in_but_keeps_payments()
{
    on_both(|engine| async move {
        let Some(db) = TestDb::new(engine).await else {
            return;
        };
        let site = Site::serve(&db, &[]).await;
        let admin = join(&site, ADMIN_EMAIL, "Ayesha Admin", "buyer").await;
        let rahim = join(&site, "rahim@example.com", "Rahim Buyer", "buyer").await;
        let mim = join(&site, "mim@example.com", "Mim Buyer", "buyer").await;
        let doomed = join(&site, "karim@example.com", "Karim Seller", "seller").await;
        let kept = join(&site, "sumon@example.com", "Sumon Seller", "seller").await;
        let category = add_category(&site, &admin, "Cruiser").await;
        let advertised = list_bike(&site, &doomed, &category, "Bajaj Avenger 220", 180_000).await;
        let sold = list_bike(&site, &doomed, &category, "Hero Hunk", 120_000).await;
        let other = list_bike(&site, &kept, &category, "Yamaha FZ-S", 210_000).await;
        advertise(&site, &doomed, &advertised).await;
        advertise(&site, &kept, &other).await;
        let rahims_doomed = book_bike(&site, &rahim, &advertised).await;
        let rahims_kept = book_bike(&site, &rahim, &other).await;
        let mims_paid = book_bike(&site, &mim, &sold).await;
        let payment = id_of(&pay_for(&site, &mim, &mims_paid).await);
        let token = |p: &Person| p.token.clone();

        // The wrong table refuses, and changes nothing.
        let answer = call(
            &site,
            DELETE,
            &format!("/api/allBuyer/{}", doomed.id),
            Some(&token(&admin)),
            Value::Null,
        )
        .await;
        assert_eq!(
            answer.0,
            StatusCode::NOT_FOUND,
            "a seller is not in the buyers' table: {}",
            answer.1
        );
        assert_eq!(
            get(&site, "/api/users/karim@example.com", None).await.0,
            StatusCode::OK
        );

        let (status, body) = call(
            &site,
            DELETE,
            &format!("/api/allSeller/{}", doomed.id),
            Some(&token(&admin)),
            Value::Null,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["deletedCount"], 1, "{body}");

        // Their listings, adverts and the bookings on them are gone.
        let (_, adverts) = get(&site, "/api/advertise", None).await;
        assert_eq!(adverts.as_array().map(Vec::len), Some(1), "{adverts}");
        assert_eq!(adverts[0]["advertiseId"], other.as_str());
        let (_, listed) = get(
            &site,
            &format!("/api/products/{category}"),
            Some(&token(&rahim)),
        )
        .await;
        assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");
        assert_eq!(listed[0]["_id"], other.as_str());
        let (_, orders) = get(&site, "/api/orders/rahim@example.com", Some(&token(&rahim))).await;
        assert_eq!(orders.as_array().map(Vec::len), Some(1), "{orders}");
        assert_eq!(orders[0]["_id"], rahims_kept.as_str());
        let (_, orders) = get(&site, "/api/orders/mim@example.com", Some(&token(&mim))).await;
        assert_eq!(orders, json!([]), "the paid booking went with the listing");
        let path = format!("/api/paymentOrders/{rahims_doomed}");
        assert_eq!(
            get(&site, &path, Some(&token(&rahim))).await.0,
            StatusCode::NOT_FOUND
        );
        for id in [&advertised, &sold] {
            assert!(
                site.state
                    .store
                    .product(id_of(id))
                    .await
                    .expect("product")
                    .is_none(),
                "listing {id} is gone"
            );
        }

        // Their identity is gone: no sign-in, no token, no profile.
        assert_eq!(
            get(&site, "/api/users/karim@example.com", None).await.0,
            StatusCode::NOT_FOUND
        );
        let answer = call(
            &site,
            POST,
            "/api/auth/login",
            None,
            json!({"email": doomed.email, "password": PASSWORD}),
        )
        .await;
        assert_refused(
            "logging in as the deleted seller",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        let answer = get(
            &site,
            "/api/sellerProducts/karim@example.com",
            Some(&token(&doomed)),
        )
        .await;
        assert_refused(
            "the deleted seller's access token",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        let answer = call(
            &site,
            PUT,
            "/api/products",
            Some(&token(&doomed)),
            product_body(&category, "Comeback", 1000),
        )
        .await;
        assert_refused(
            "the deleted seller listing again",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        // The payment survives with its figures.
        let row = payment_row(&db, payment)
            .await
            .expect("the payment record survives the seller");
        assert_eq!(
            row,
            (
                12_000_000,
                "mim@example.com".to_owned(),
                "Hero Hunk".to_owned(),
                None
            )
        );

        // Deleting again finds nobody.
        let answer = call(
            &site,
            DELETE,
            &format!("/api/allSeller/{}", doomed.id),
            Some(&token(&admin)),
            Value::Null,
        )
        .await;
        assert_eq!(answer.0, StatusCode::NOT_FOUND, "{}", answer.1);
    })
    .await;
}

#[tokio::test]
async fn deleting_a_buyer_removes_their_bookings_reports_and_sign_in() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app
            .sign_up("karim@example.com", "Karim Seller", "seller")
            .await;
        let doomed = app
            .sign_up("rahim@example.com", "Rahim Buyer", "buyer")
            .await;
        let other = app.sign_up("mim@example.com", "Mim Buyer", "buyer").await;
        let category = app.category(&admin, "Cruiser").await;
        let bike = app
            .product(&seller, &category, "Bajaj Avenger 220", 180_000)
            .await;
        let report = json!({"report": "reported"});
        let (status, body) = call(
            &app,
            PATCH,
            &format!("/api/products/{bike}"),
            Some(&doomed.token),
            report,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let doomed_order = app.book(&doomed, &bike).await;
        let others_order = app.book(&other, &bike).await;

        let answer = call(
            &app,
            DELETE,
            &format!("/api/allSeller/{}", doomed.id),
            Some(&admin.token),
            Value::Null,
        )
        .await;
        assert_eq!(
            answer.0,
            StatusCode::NOT_FOUND,
            "a buyer is not in the sellers' table: {}",
            answer.1
        );
        let (status, body) = call(
            &app,
            DELETE,
            &format!("/api/allBuyer/{}", doomed.id),
            Some(&admin.token),
            Value::Null,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");

        let (_, buyers) = app.get("/api/allBuyer", Some(&admin.token)).await;
        assert!(
            with(&buyers, "email", "rahim@example.com").is_empty(),
            "{buyers}"
        );
        assert_eq!(
            with(&buyers, "email", "mim@example.com").len(),
            1,
            "{buyers}"
        );
        let (_, reported) = app.get("/api/reportedProducts", Some(&admin.token)).await;
        assert_eq!(reported, json!([]), "their report went with them");
        let store = app.state.store.as_ref();
        assert!(
            store
                .order(id_of(&doomed_order))
                .await
                .expect("order")
                .is_none(),
            "their booking went"
        );
        assert!(
            store
                .order(id_of(&others_order))
                .await
                .expect("order")
                .is_some(),
            "others' stay"
        );
        assert!(
            store
                .product(id_of(&bike))
                .await
                .expect("product")
                .is_some(),
            "the listing stays"
        );

        assert_eq!(
            app.get("/api/users/rahim@example.com", None).await.0,
            StatusCode::NOT_FOUND
        );
        let answer = call(
            &app,
            POST,
            "/api/auth/login",
            None,
            json!({"email": doomed.email, "password": PASSWORD}),
        )
        .await;
        assert_refused(
            "logging in as the deleted buyer",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        let answer = app
            .get("/api/orders/rahim@example.com", Some(&doomed.token))
            .await;
        assert_refused(
            "the deleted buyer's access token",
            StatusCode::UNAUTHORIZED,
            answer,
        );
    })
    .await;
}

#[tokio::test]
async fn a_deleted_users_old_identity_token_does_not_bring_them_back() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app
            .sign_up("karim@example.com", "Karim Seller", "seller")
            .await;
        let old_identity = identity_token(&app, &seller.email).await;
        let path = format!("/api/allSeller/{}", seller.id);
        let (status, body) = call(&app, DELETE, &path, Some(&admin.token), Value::Null).await;
        assert_eq!(status, StatusCode::OK, "{body}");

        // BUG: an identity token issued before the deletion still passes the token
        // exchange and re-creates the deleted user, with any role but admin: `Proven`
        // (src/auth.rs) only checks the token's signature and expiry, although the
        // built-in identity "local:<id>" it names was deleted with the user.
        let body =
            json!({"name": "Karim Again", "email": seller.email, "image": "", "role": "seller"});
        let answer = call(
            &app,
            PUT,
            "/api/users/karim@example.com",
            Some(&old_identity),
            body,
        )
        .await;
        assert_refused(
            "the deleted seller's old identity token",
            StatusCode::UNAUTHORIZED,
            answer,
        );
        assert_eq!(
            app.get("/api/users/karim@example.com", None).await.0,
            StatusCode::NOT_FOUND
        );
        let (_, sellers) = app.get("/api/allSeller", Some(&admin.token)).await;
        assert_eq!(sellers, json!([]), "the deleted seller stays deleted");
    })
    .await;
}
