//! Live events over `/api/live`: each write reaches exactly the sockets allowed to see
//! it; sockets resume without gaps or duplicates; a stalled socket holds up nobody.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::support::{listing_body, on_both, Engine, Person, TestApp};

/// A page's live socket.
pub struct Live {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Live {
    pub async fn open(base: &str) -> Live {
        let url = format!("{}/api/live", base.replacen("http", "ws", 1));
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("live socket opens");
        Live { ws }
    }

    pub async fn send(&mut self, message: Value) {
        self.ws
            .send(Message::text(message.to_string()))
            .await
            .expect("sent");
    }

    /// Signs the socket in; returns the server's answer.
    pub async fn auth(&mut self, token: &str) -> Value {
        self.send(json!({"type": "auth", "token": token})).await;
        loop {
            let message = self
                .next(Duration::from_secs(5))
                .await
                .expect("auth answer");
            if message["type"] == "auth" {
                return message;
            }
        }
    }

    /// The next JSON message within `wait`, or None.
    pub async fn next(&mut self, wait: Duration) -> Option<Value> {
        loop {
            match tokio::time::timeout(wait, self.ws.next()).await {
                Ok(Some(Ok(Message::Text(text)))) => return serde_json::from_str(&text).ok(),
                Ok(Some(Ok(_))) => continue,
                _ => return None,
            }
        }
    }

    /// Every event up to and including the first named `name`, waiting at most `within`
    /// for it (events arrive in the log's order, so what came before it has arrived):
    /// for a check that must not hang on a busy machine's timing.
    pub async fn until(&mut self, name: &str, within: Duration) -> Vec<Value> {
        let deadline = tokio::time::Instant::now() + within;
        let mut events = Vec::new();
        while let Some(left) = deadline.checked_duration_since(tokio::time::Instant::now()) {
            let Some(message) = self.next(left).await else {
                break;
            };
            if message["type"] == "event" {
                let last = message["event"] == name;
                events.push(message);
                if last {
                    break;
                }
            }
        }
        events
    }

    /// Every event until the socket has been quiet for `quiet`; then proves the socket
    /// is still open (the server answers a ping), so that an empty answer means
    /// "nothing was sent", never "the socket had died".
    /// Every message (events, signals, answers) until none comes for `quiet`.
    pub async fn heard(&mut self, quiet: Duration) -> Vec<Value> {
        let mut heard = Vec::new();
        while let Some(message) = self.next(quiet).await {
            heard.push(message);
        }
        heard
    }

    pub async fn drain(&mut self, quiet: Duration) -> Vec<Value> {
        let mut events = Vec::new();
        while let Some(message) = self.next(quiet).await {
            if message["type"] == "event" {
                events.push(message);
            }
        }
        self.ws
            .send(Message::Ping(b"still there?".to_vec().into()))
            .await
            .expect("the socket is open to send a ping");
        loop {
            match tokio::time::timeout(Duration::from_secs(5), self.ws.next()).await {
                Ok(Some(Ok(Message::Pong(payload)))) if payload.as_ref() == b"still there?" => {
                    return events;
                }
                Ok(Some(Ok(Message::Text(text)))) => {
                    let message: Value = serde_json::from_str(&text).expect("JSON");
                    if message["type"] == "event" {
                        events.push(message);
                    }
                }
                Ok(Some(Ok(_))) => continue,
                other => panic!("the socket died instead of answering a ping: {other:?}"),
            }
        }
    }
}

/// The names of `events`, in order.
pub fn names(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .map(|e| e["event"].as_str().unwrap_or_default().to_owned())
        .collect()
}

pub const QUIET: Duration = Duration::from_millis(600);

/// The six kinds of watcher of the catalogue test, each with an open socket.
struct Watchers {
    anonymous: Live,
    buyer: Live,
    other_buyer: Live,
    seller: Live,
    other_seller: Live,
    admin: Live,
}

impl Watchers {
    async fn drain(&mut self) -> [Vec<String>; 6] {
        [
            names(&self.anonymous.drain(QUIET).await),
            names(&self.buyer.drain(QUIET).await),
            names(&self.other_buyer.drain(QUIET).await),
            names(&self.seller.drain(QUIET).await),
            names(&self.other_seller.drain(QUIET).await),
            names(&self.admin.drain(QUIET).await),
        ]
    }
}

pub async fn signed_in(app: &TestApp, who: &Person) -> Live {
    let mut live = Live::open(&app.base).await;
    let answer = live.auth(&who.token).await;
    assert_eq!(answer["ok"], true, "{answer}");
    live
}

/// The line moving on, over real sockets: a release tells the buyer let go and the
/// one who now holds the bike (each with the booking as it stands), their seller, and
/// the admins who look after deals; nobody else hears of it. The bike shows reserved and, once nobody holds it,
/// available, to everyone.
#[tokio::test]
async fn the_line_moving_on_reaches_its_two_buyers_and_their_seller_alone() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let first = app.sign_up("first@example.com", "First", "buyer").await;
        let next = app.sign_up("next@example.com", "Next", "buyer").await;
        let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
        let other_seller = app.sign_up("other@example.com", "Other", "seller").await;
        let category = app.category(&admin, "Sports").await;
        let bike = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let mut w = Watchers {
            anonymous: Live::open(&app.base).await,
            buyer: signed_in(&app, &first).await,
            other_buyer: signed_in(&app, &next).await,
            seller: signed_in(&app, &seller).await,
            other_seller: signed_in(&app, &other_seller).await,
            admin: signed_in(&app, &admin).await,
        };
        let seen = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>();
        let reserved = seen(&["product.reserved"]);

        let held = app.book(&first, &bike).await;
        assert_eq!(
            w.drain().await,
            [
                reserved.clone(),
                seen(&["order.created", "product.reserved"]),
                reserved.clone(),
                seen(&["order.created", "notification.created", "product.reserved"]),
                reserved.clone(),
                reserved,
            ]
        );
        let waiting = app.book(&next, &bike).await;
        let (none, created) = (Vec::new(), seen(&["order.created"]));
        let told = seen(&["order.created", "notification.created"]);
        assert_eq!(
            w.drain().await,
            [
                none.clone(),
                none.clone(),
                created,
                told,
                none.clone(),
                none.clone()
            ]
        );

        let (status, body) = app
            .call(
                Method::POST,
                &format!("/api/orders/{held}/release"),
                Some(&seller.token),
                json!({"reason": "You did not answer my calls"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let let_go = w.buyer.drain(QUIET).await;
        assert_eq!(names(&let_go), ["deal.updated", "notification.created"]);
        assert_eq!(let_go[0]["data"]["status"], "released");
        assert_eq!(let_go[0]["data"]["reason"], "You did not answer my calls");
        let now_holds = w.other_buyer.drain(QUIET).await;
        assert_eq!(names(&now_holds), ["deal.updated", "notification.created"]);
        assert_eq!(now_holds[0]["data"]["_id"], waiting.as_str());
        assert_eq!(now_holds[0]["data"]["status"], "reserved");
        assert!(now_holds[0]["data"]["reservedUntil"].is_string());
        assert_eq!(
            names(&w.seller.drain(QUIET).await),
            ["deal.updated", "deal.updated"]
        );
        assert_eq!(
            names(&w.admin.drain(QUIET).await),
            ["deal.updated", "deal.updated"]
        );
        for other in [&mut w.anonymous, &mut w.other_seller] {
            assert_eq!(names(&other.drain(QUIET).await), Vec::<String>::new());
        }

        // The new holder withdraws with nobody behind: the bike is for anyone again.
        let path = format!("/api/orders/{waiting}");
        let (status, _) = app
            .call(Method::DELETE, &path, Some(&next.token), Value::Null)
            .await;
        assert_eq!(status, StatusCode::OK);
        let available = seen(&["product.available"]);
        let cancelled = seen(&["order.cancelled", "product.available"]);
        let seller_sees = seen(&[
            "order.cancelled",
            "notification.created",
            "product.available",
        ]);
        assert_eq!(
            w.drain().await,
            [
                available.clone(),
                available.clone(),
                cancelled,
                seller_sees,
                available.clone(),
                available
            ]
        );
    })
    .await;
}

#[tokio::test]
async fn each_write_reaches_exactly_the_sockets_allowed_to_see_it() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let buyer = app.sign_up("buyer@example.com", "Buyer", "buyer").await;
        let other_buyer = app
            .sign_up("other.buyer@example.com", "Other Buyer", "buyer")
            .await;
        let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
        let other_seller = app
            .sign_up("other.seller@example.com", "Other Seller", "seller")
            .await;
        let mut w = Watchers {
            anonymous: Live::open(&app.base).await,
            buyer: signed_in(&app, &buyer).await,
            other_buyer: signed_in(&app, &other_buyer).await,
            seller: signed_in(&app, &seller).await,
            other_seller: signed_in(&app, &other_seller).await,
            admin: signed_in(&app, &admin).await,
        };
        let everyone = |n: &str| std::array::from_fn::<Vec<String>, 6, _>(|_| vec![n.to_owned()]);
        let only =
            |n: &str, who: [bool; 6]| who.map(|yes| if yes { vec![n.to_owned()] } else { vec![] });

        let category = app.category(&admin, "Sports").await;
        assert_eq!(w.drain().await, everyone("category.created"));
        let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        assert_eq!(w.drain().await, everyone("product.created"));
        let (status, _) = app
            .call(
                Method::POST,
                "/api/advertise",
                Some(&seller.token),
                json!({"advertiseId": product}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(w.drain().await, everyone("advert.created"));
        // Notifications go to their one recipient, after the event they tell of.
        let rang = |mut names: [Vec<String>; 6], who: usize| {
            names[who].push("notification.created".to_owned());
            names
        };
        // A booking that holds the bike, or ends with nobody in line: everyone sees it.
        let and_everyone = |mut names: [Vec<String>; 6], n: &str| {
            for seen in &mut names {
                seen.push(n.to_owned());
            }
            names
        };
        let (s, a) = (3, 5);
        assert_eq!(app.report(&other_buyer, &product).await, StatusCode::OK);
        assert_eq!(
            w.drain().await,
            rang(
                only(
                    "product.reported",
                    [false, false, false, false, false, true]
                ),
                a
            )
        );
        // A request to be verified fills the admins' queue; approving it verifies the
        // seller for everyone and empties the queue.
        app.ask_to_be_verified(&seller).await;
        assert_eq!(
            w.drain().await,
            only(
                "verification.requested",
                [false, false, false, false, false, true]
            )
        );
        let (status, _) = app
            .call(
                Method::PATCH,
                &format!("/api/allSeller/{}", seller.id),
                Some(&admin.token),
                json!({"verification": "verified"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let mut verified = rang(everyone("seller.verified"), s);
        verified[a].push("verification.decided".to_owned());
        assert_eq!(w.drain().await, verified);
        let order = app.book(&buyer, &product).await;
        assert_eq!(
            w.drain().await,
            and_everyone(
                rang(
                    only("order.created", [false, true, false, true, false, false]),
                    s
                ),
                "product.reserved"
            )
        );
        let (status, paid) = app.pay(&buyer, &order, "4242424242424242").await;
        assert_eq!(status, StatusCode::CREATED, "{paid}");
        let public = vec!["product.sold".to_owned(), "advert.removed".to_owned()];
        let party = vec![
            "product.sold".to_owned(),
            "advert.removed".to_owned(),
            "order.paid".to_owned(),
            "deal.updated".to_owned(),
            "notification.created".to_owned(),
        ];
        let mut to_admin = public.clone();
        to_admin.push("deal.updated".to_owned());
        assert_eq!(
            w.drain().await,
            [
                public.clone(),
                party.clone(),
                public.clone(),
                party,
                public,
                to_admin
            ]
        );

        let second = app.list_bike(&seller, &category, "Honda CBR", 2900).await;
        w.drain().await;
        let order = app.book(&other_buyer, &second).await;
        w.drain().await;
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("/api/orders/{order}"),
                Some(&other_buyer.token),
                Value::Null,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            w.drain().await,
            and_everyone(
                rang(
                    only("order.cancelled", [false, false, true, true, false, false]),
                    s
                ),
                "product.available"
            )
        );
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("/api/products/{second}"),
                Some(&seller.token),
                Value::Null,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(w.drain().await, everyone("product.deleted"));
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("/api/allBuyer/{}", other_buyer.id),
                Some(&admin.token),
                Value::Null,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            w.drain().await,
            only("user.deleted", [false, false, false, false, false, true])
        );
    })
    .await;
}

/// The events a write's answer carries, as its author's socket frames them.
fn answered(body: &Value) -> Vec<Value> {
    let events = body["events"]
        .as_array()
        .unwrap_or_else(|| panic!("no events in {body}"));
    events
        .iter()
        .map(|e| {
            let mut framed = e.clone();
            framed["type"] = json!("event");
            framed
        })
        .collect()
}

/// Open sockets, one per person of the test, by index.
struct Sockets(Vec<Live>);

impl Sockets {
    /// Every socket's events until all are quiet; those of socket `who`.
    async fn drain(&mut self, who: usize) -> Vec<Value> {
        let all = self.0.iter_mut().map(|live| live.drain(QUIET));
        futures_util::future::join_all(all).await.swap_remove(who)
    }
}

/// Makes the call as `author` (whose socket is `sockets.0[who]`) and checks that its answer
/// carries exactly the events the author's own socket then receives — same places in the
/// log, same names, same data, in order; returns their names and the answer.
async fn written(
    app: &TestApp,
    (author, who): (&Person, usize),
    sockets: &mut Sockets,
    (method, path, body): (Method, &str, Value),
) -> (Vec<String>, Value) {
    let (status, answer) = app.call(method, path, Some(&author.token), body).await;
    assert!(status.is_success(), "{path}: {status} {answer}");
    let received = sockets.drain(who).await;
    assert_eq!(answered(&answer), received, "{path}: {answer}");
    (names(&received), answer)
}

#[tokio::test]
async fn a_writes_answer_carries_exactly_the_events_its_authors_socket_gets() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let buyer = app.sign_up("buyer@example.com", "Buyer", "buyer").await;
        let other = app.sign_up("other@example.com", "Other", "buyer").await;
        let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
        let saver = app.sign_up("saver@example.com", "Saver", "buyer").await;
        let mut sockets = Sockets(vec![
            signed_in(&app, &admin).await,
            signed_in(&app, &buyer).await,
            signed_in(&app, &other).await,
            signed_in(&app, &seller).await,
        ]);
        let (admin, buyer, other, seller) = ((&admin, 0), (&buyer, 1), (&other, 2), (&seller, 3));

        let path = format!("/api/categories/{}", admin.0.email);
        let body =
            json!({"categoryName": "Sports", "categoryImage": "/uploads/demo-category-0.svg"});
        let call = (Method::POST, path.as_str(), body);
        let (seen, answer) = written(&app, admin, &mut sockets, call).await;
        assert_eq!(seen, ["category.created"]);
        let category = answer["insertedId"].as_str().expect("id").to_owned();
        assert_eq!(answered(&answer)[0]["data"]["categoryName"], "Sports");

        let body = listing_body(&category, "Yamaha R15", 4100);
        let call = (Method::PUT, "/api/products", body);
        let (seen, answer) = written(&app, seller, &mut sockets, call).await;
        assert_eq!(seen, ["product.created"]);
        let product = answer["insertedId"].as_str().expect("id").to_owned();
        let created = &answered(&answer)[0]["data"];
        assert_eq!(created["_id"], product.as_str());
        // Listing needs a proven address, and a proven account gets public events in the
        // members' form, in its answers as on its socket: the number to call included.
        assert_eq!(created["sellerPhone"], LISTING_PHONE);

        let call = (
            Method::POST,
            "/api/advertise",
            json!({"advertiseId": product}),
        );
        let (seen, _) = written(&app, seller, &mut sockets, call).await;
        assert_eq!(seen, ["advert.created"]);
        let body = json!({"productId": product});
        let call = (Method::POST, "/api/wishlist", body);
        let (status, saved) = app.call(call.0, call.1, Some(&saver.token), call.2).await;
        assert!(status.is_success(), "saved: {status} {saved}");
        assert_eq!(saved["events"], json!([]), "saving a bike tells nobody");

        // A lower price tells the saver, but the seller's answer holds only what the
        // seller's socket gets: the listing as it now is, merged by the server.
        let path = format!("/api/products/{product}");
        let mut body = listing_body(&category, "Yamaha R15", 3900);
        body["kmDriven"] = json!(12000);
        let call = (Method::PUT, path.as_str(), body);
        let (seen, answer) = written(&app, seller, &mut sockets, call).await;
        assert_eq!(seen, ["product.updated"]);
        let updated = &answered(&answer)[0]["data"];
        assert_eq!(
            (
                &updated["resalePrice"],
                &updated["kmDriven"],
                &updated["productName"]
            ),
            (&json!(3900), &json!(12000), &json!("Yamaha R15"))
        );

        // A report is for the admins: its author's socket, and so its answer, has none.
        let call = (Method::PATCH, path.as_str(), json!({"report": "reported"}));
        let (seen, answer) = written(&app, other, &mut sockets, call).await;
        assert_eq!((seen.len(), &answer["modifiedCount"]), (0, &json!(1)));
        app.ask_to_be_verified(seller.0).await;
        // The request reached the admin's socket before the write to check.
        let asked = names(&sockets.drain(admin.1).await);
        assert_eq!(asked, ["verification.requested"]);
        let path = format!("/api/allSeller/{}", seller.0.id);
        let call = (
            Method::PATCH,
            path.as_str(),
            json!({"verification": "verified"}),
        );
        let (seen, _) = written(&app, admin, &mut sockets, call).await;
        assert_eq!(seen, ["seller.verified", "verification.decided"]);

        // A booking: the buyer's answer has the booking, not the seller's notification.
        let body = json!({
            "bookingId": product,
            "buyerPhone": "+880 1711-000000",
            "meetingLocation": "Banani 11, Dhaka"
        });
        let call = (Method::POST, "/api/orders", body);
        let (seen, answer) = written(&app, other, &mut sockets, call).await;
        assert_eq!(seen, ["order.created", "product.reserved"]);
        let cancelled = answer["insertedId"].as_str().expect("id").to_owned();
        let path = format!("/api/orders/{cancelled}");
        let call = (Method::DELETE, path.as_str(), Value::Null);
        let (seen, _) = written(&app, other, &mut sockets, call).await;
        assert_eq!(seen, ["order.cancelled", "product.available"]);
        let order = app.book(buyer.0, &product).await;
        sockets.drain(0).await;

        // Paying: the bike sells, its advert goes, the booking is held (the deal as it now
        // stands), the buyer is told.
        let (status, paid) = app.pay(buyer.0, &order, "4242424242424242").await;
        assert_eq!(status, StatusCode::CREATED, "{paid}");
        let received = sockets.drain(1).await;
        assert_eq!(answered(&paid), received, "{paid}");
        assert_eq!(
            names(&received),
            [
                "product.sold",
                "advert.removed",
                "order.paid",
                "deal.updated",
                "notification.created"
            ]
        );

        let second = app.list_bike(seller.0, &category, "Honda CBR", 2900).await;
        app.book(other.0, &second).await;
        sockets.drain(0).await;
        let path = format!("/api/products/{second}");
        let call = (Method::DELETE, path.as_str(), Value::Null);
        let (seen, _) = written(&app, seller, &mut sockets, call).await;
        let gone = ["order.cancelled", "product.deleted"];
        assert_eq!(seen, gone, "its open booking goes with it");
        let path = format!("/api/allBuyer/{}", other.0.id);
        let call = (Method::DELETE, path.as_str(), Value::Null);
        let (seen, _) = written(&app, admin, &mut sockets, call).await;
        assert_eq!(seen, ["user.deleted"]);
    })
    .await;
}

#[tokio::test]
async fn events_carry_what_the_pages_patch_in() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let admin = app.admin().await;
    let seller = app
        .sign_up("seller@example.com", "Rahim Motors", "seller")
        .await;
    let mut anonymous = Live::open(&app.base).await;
    let category = app.category(&admin, "Sports").await;
    let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
    let events = anonymous.drain(QUIET).await;
    assert_eq!(
        events[0]["data"],
        json!({"_id": category, "categoryName": "Sports", "categoryImage": "/uploads/demo-category-0.svg"})
    );
    let created = &events[1]["data"];
    assert_eq!(created["_id"], product.as_str());
    assert_eq!(created["sellerName"], "Rahim Motors");
    assert_eq!(created["resalePrice"], 4100);
    assert_eq!(created["availability"], "Available");
    let seqs: Vec<i64> = events
        .iter()
        .map(|e| e["seq"].as_i64().expect("seq"))
        .collect();
    assert!(seqs[0] < seqs[1], "sequence numbers increase: {seqs:?}");
}

#[tokio::test]
async fn a_socket_that_comes_back_resumes_without_gaps_or_duplicates() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let mut first = Live::open(&app.base).await;
        app.category(&admin, "One").await;
        let seen = first.drain(QUIET).await;
        let last = seen.last().expect("one event")["seq"]
            .as_i64()
            .expect("seq");
        drop(first);
        for name in ["Two", "Three", "Four"] {
            app.category(&admin, name).await;
        }
        let mut back = Live::open(&app.base).await;
        back.send(json!({"type": "resume", "since": last})).await;
        let missed = back.drain(QUIET).await;
        let got: Vec<&str> = missed
            .iter()
            .map(|e| e["data"]["categoryName"].as_str().unwrap_or_default())
            .collect();
        assert_eq!(got, ["Two", "Three", "Four"]);
        app.category(&admin, "Five").await;
        let live = back.drain(QUIET).await;
        assert_eq!(live.len(), 1, "then live again, once: {live:?}");
        // Asking again from before what it already sent: "One" could only arrive after
        // "Five", out of order, so the page is told to read its data afresh instead.
        back.send(json!({"type": "resume", "since": 0})).await;
        assert_eq!(back.next(QUIET).await, Some(json!({"type": "reset"})));
        // From where it is, nothing is repeated.
        let now = live[0]["seq"].as_i64().expect("seq");
        back.send(json!({"type": "resume", "since": now})).await;
        assert_eq!(back.drain(QUIET).await, Vec::<Value>::new());
    })
    .await;
}

#[tokio::test]
async fn resume_replays_only_what_the_socket_may_see_and_resets_past_the_kept_history() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let admin = app.admin().await;
    let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
    let buyer = app.sign_up("buyer@example.com", "Buyer", "buyer").await;
    let category = app.category(&admin, "Sports").await;
    let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
    assert_eq!(app.report(&buyer, &product).await, StatusCode::OK);
    let mut as_buyer = signed_in(&app, &buyer).await;
    as_buyer.send(json!({"type": "resume", "since": 0})).await;
    assert_eq!(
        names(&as_buyer.drain(QUIET).await),
        ["category.created", "product.created"]
    );
    let mut as_admin = signed_in(&app, &admin).await;
    as_admin.send(json!({"type": "resume", "since": 0})).await;
    assert_eq!(
        names(&as_admin.drain(QUIET).await),
        [
            "category.created",
            "product.created",
            "product.reported",
            "notification.created"
        ]
    );
    let last = app.state.store.last_event_seq().await.expect("seq");
    app.state.store.prune_events(last - 1).await.expect("prune");
    let mut late = Live::open(&app.base).await;
    late.send(json!({"type": "resume", "since": 0})).await;
    assert_eq!(
        late.next(Duration::from_secs(2)).await,
        Some(json!({"type": "reset"}))
    );
}

#[tokio::test]
async fn bad_tokens_and_deleted_users_get_no_private_events() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let admin = app.admin().await;
    let buyer = app.sign_up("buyer@example.com", "Buyer", "buyer").await;
    let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
    let mut forged = Live::open(&app.base).await;
    let answer = forged.auth("not.a.token").await;
    assert_eq!(answer["ok"], false);
    let mut watching_admin = signed_in(&app, &admin).await;
    let category = app.category(&admin, "Sports").await;
    let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
    watching_admin.drain(QUIET).await;
    forged.drain(QUIET).await;
    let admin_id: i64 = admin.id.parse().expect("id");
    assert!(
        app.state
            .store
            .delete_user(admin_id, bikehaat::records::Role::Admin, admin_id)
            .await
            .expect("delete")
            .outcome
    );
    assert_eq!(app.report(&buyer, &product).await, StatusCode::OK);
    assert!(
        names(&watching_admin.drain(QUIET).await)
            .iter()
            .all(|n| n != "product.reported"),
        "a deleted admin sees no reports"
    );
    assert!(forged.drain(QUIET).await.is_empty());
    let answer = watching_admin.auth(&admin.token).await;
    assert_eq!(
        answer["ok"], false,
        "a deleted user's token no longer signs a socket in"
    );
}

#[tokio::test]
async fn a_socket_whose_session_ends_gets_public_events_only() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let buyer = app.sign_up("buyer@example.com", "Buyer", "buyer").await;
        let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
        let mut signed_out = signed_in(&app, &admin).await;
        let laptop = app.new_session(&admin.email).await;
        let mut still_in = Live::open(&app.base).await;
        assert_eq!(still_in.auth(&laptop).await["ok"], true);
        let category = app.category(&admin, "Sports").await;
        let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        signed_out.drain(QUIET).await;
        still_in.drain(QUIET).await;

        let (status, _) = app
            .call(
                Method::POST,
                "/api/auth/logout",
                Some(&admin.token),
                Value::Null,
            )
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        assert_eq!(app.report(&buyer, &product).await, StatusCode::OK);
        app.list_bike(&seller, &category, "Honda CB Hornet", 2200)
            .await;

        let mut told = false;
        let mut seen = Vec::new();
        let mut public = Vec::new();
        while let Some(message) = signed_out.next(QUIET).await {
            if message["type"] == "auth" {
                assert_eq!(message["ok"], false, "{message}");
                assert_eq!(
                    message["message"],
                    "Your session has ended. Please sign in again."
                );
                told = true;
            } else if message["type"] == "event" {
                seen.push(message["event"].as_str().unwrap_or_default().to_owned());
                public.push(message);
            }
        }
        assert!(told, "the page is told its session ended");
        assert_no_contact_details(&public);
        assert!(
            !seen.iter().any(|n| n == "product.reported"),
            "an ended session sees no reports: {seen:?}"
        );
        assert!(
            seen.iter().any(|n| n == "product.created"),
            "public events go on: {seen:?}"
        );
        assert!(
            names(&still_in.drain(QUIET).await).contains(&"product.reported".to_owned()),
            "the admin's other session still sees the report"
        );
    })
    .await;
}

#[tokio::test]
async fn a_password_reset_cuts_an_open_sockets_private_events() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        // A proven account keeps what it holds through a reset (an unproven one starts
        // afresh: docs/identity.md).
        let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
        let buyer = app.sign_up("buyer@example.com", "Buyer", "buyer").await;
        let category = app.category(&admin, "Sports").await;
        let first = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let second = app.list_bike(&seller, &category, "Honda CB", 2200).await;
        let mut socket = signed_in(&app, &seller).await;
        app.book(&buyer, &first).await;
        let before = names(&socket.drain(QUIET).await);
        assert!(
            before.contains(&"order.created".to_owned()),
            "the seller hears a booking while signed in: {before:?}"
        );

        let (status, _) = app
            .call(
                Method::POST,
                "/api/auth/forgot-password",
                None,
                json!({"email": "seller@example.com"}),
            )
            .await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let token = app
            .mailed_token("seller@example.com", "reset-password")
            .await;
        let (status, body) = app
            .call(
                Method::POST,
                "/api/auth/reset-password",
                None,
                json!({"token": token, "password": "Chattogram#2027"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        app.book(&buyer, &second).await;

        let mut told = false;
        let mut seen = Vec::new();
        while let Some(message) = socket.next(QUIET).await {
            if message["type"] == "auth" {
                assert_eq!(message["ok"], false, "{message}");
                told = true;
            } else if message["type"] == "event" {
                seen.push(message["event"].as_str().unwrap_or_default().to_owned());
            }
        }
        assert!(told, "the page is told its session ended");
        for private in ["order.created", "notification.created"] {
            assert!(
                !seen.iter().any(|n| n == private),
                "after the reset the old session hears no {private}: {seen:?}"
            );
        }
    })
    .await;
}

/// The phone number every listing of the tests is posted with (`listing_body`).
const LISTING_PHONE: &str = "01711-234567";

/// Fails if any message names anyone's e-mail address or phone number.
fn assert_no_contact_details(messages: &[Value]) {
    for message in messages {
        let text = message.to_string();
        assert!(
            !text.contains('@') && !text.contains(LISTING_PHONE),
            "a visitor was sent contact details: {text}"
        );
    }
}

#[tokio::test]
async fn visitors_never_see_anyones_email_or_phone_live_on_resume_or_in_lists() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app
            .sign_up("seller@example.com", "Rahim Motors", "seller")
            .await;
        let buyer = app
            .sign_up_unconfirmed("buyer@example.com", "Karim", "buyer")
            .await;
        app.verify_email("buyer@example.com").await;
        // A throwaway account that never proved its address harvests nothing either.
        let throwaway = app
            .sign_up_unconfirmed("throwaway@example.com", "Nobody", "buyer")
            .await;
        let mut visitor = Live::open(&app.base).await;
        let mut member = signed_in(&app, &buyer).await;
        let mut unproven = signed_in(&app, &throwaway).await;

        // Every kind of event everyone sees: listings, adverts, a verification, a sale, a
        // removal.
        let category = app.category(&admin, "Sports").await;
        let sold = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let removed = app.list_bike(&seller, &category, "Honda CB", 2200).await;
        app.advertise(&seller, &sold).await;
        app.ask_to_be_verified(&seller).await;
        let (status, _) = app
            .call(
                Method::PATCH,
                &format!("/api/allSeller/{}", seller.id),
                Some(&admin.token),
                json!({"verification": "verified"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let order = app.book(&buyer, &sold).await;
        let (status, body) = app.pay(&buyer, &order, "4242 4242 4242 4242").await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("/api/products/{removed}"),
                Some(&seller.token),
                Value::Null,
            )
            .await;
        assert_eq!(status, StatusCode::OK);

        let live = visitor.drain(QUIET).await;
        let kinds: std::collections::BTreeSet<String> = names(&live).into_iter().collect();
        for kind in [
            "category.created",
            "product.created",
            "advert.created",
            "seller.verified",
            "product.sold",
            "advert.removed",
            "product.deleted",
        ] {
            assert!(kinds.contains(kind), "the visitor hears {kind}: {kinds:?}");
        }
        assert_no_contact_details(&live);
        let created = live
            .iter()
            .find(|e| e["event"] == "product.created")
            .expect("a listing");
        assert_eq!(created["data"]["sellerName"], "Rahim Motors");
        assert_eq!(created["data"]["sellerId"], seller.id.as_str());

        // A signed-in member gets the contact details the cards show.
        let theirs = member.drain(QUIET).await;
        let created = theirs
            .iter()
            .find(|e| e["event"] == "product.created")
            .expect("a listing");
        assert_eq!(created["data"]["sellerEmail"], "seller@example.com");
        assert_eq!(created["data"]["sellerPhone"], LISTING_PHONE);
        let verified = theirs
            .iter()
            .find(|e| e["event"] == "seller.verified")
            .expect("the verification");
        assert_eq!(verified["data"]["email"], "seller@example.com");
        let theirs = unproven.drain(QUIET).await;
        assert_eq!(names(&theirs), names(&live), "the same events");
        assert_no_contact_details(&theirs);

        // Resuming from the start of the log, a visitor gets the same public forms.
        let mut late = Live::open(&app.base).await;
        late.send(json!({"type": "resume", "since": 0})).await;
        let replayed = late.drain(QUIET).await;
        assert_eq!(names(&replayed), names(&live));
        assert_no_contact_details(&replayed);
        let mut unproven_late = signed_in(&app, &throwaway).await;
        unproven_late
            .send(json!({"type": "resume", "since": 0}))
            .await;
        assert_no_contact_details(&unproven_late.drain(QUIET).await);

        // The lists a visitor may read: the category's listings and the adverts.
        let (status, listings) = app.get(&format!("/api/products/{category}"), None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(listings.as_array().map(Vec::len), Some(1), "{listings}");
        let (status, adverts) = app.get("/api/advertise", None).await;
        assert_eq!(status, StatusCode::OK);
        assert_no_contact_details(&[listings, adverts]);
        let (_, listings) = app
            .get(&format!("/api/products/{category}"), Some(&buyer.token))
            .await;
        assert_eq!(listings[0]["sellerPhone"], LISTING_PHONE);
        // Admins moderate and do not book: they read the public form, and so do a seller
        // and a buyer who never proved their address.
        let unproven_seller = app
            .sign_up_unconfirmed("sumon@example.com", "Sumon", "seller")
            .await;
        for (who, token) in [
            ("an unproven seller", &unproven_seller.token),
            ("an admin", &admin.token),
            ("an unproven buyer", &throwaway.token),
        ] {
            let (status, listings) = app
                .get(&format!("/api/products/{category}"), Some(token))
                .await;
            assert_eq!(status, StatusCode::OK, "{who}");
            let (_, adverts) = app.get("/api/advertise", Some(token)).await;
            assert_eq!(
                listings.as_array().map(Vec::len),
                Some(1),
                "{who}: {listings}"
            );
            assert_no_contact_details(&[listings, adverts]);
        }

        // The search and the listing page keep answers in memory: whoever asks first,
        // the next reader gets their own form, never the one kept for another.
        let open = app
            .list_bike(&seller, &category, "Suzuki Gixxer", 1900)
            .await;
        let one = format!("/api/listings/{open}");
        let contact = |body: &Value| {
            let listing = body.get("listings").map_or(body, |list| &list[0]);
            listing["sellerPhone"].clone()
        };
        for path in ["/api/listings", "/api/listings?q=gixxer", one.as_str()] {
            let (status, theirs) = app.get(path, Some(&buyer.token)).await;
            assert_eq!(status, StatusCode::OK, "{path}: {theirs}");
            assert_eq!(contact(&theirs), LISTING_PHONE, "{path}: {theirs}");
            let (_, public) = app.get(path, None).await;
            let (_, unproven) = app.get(path, Some(&throwaway.token)).await;
            assert_no_contact_details(&[public.clone(), unproven]);
            assert_eq!(
                public.get("listings").map_or(&public, |l| &l[0])["productName"],
                "Suzuki Gixxer",
                "{path}: {public}"
            );
        }
        for path in ["/api/listings?q=suzuki", "/api/listings?sort=price-low"] {
            let (_, public) = app.get(path, None).await;
            assert_no_contact_details(&[public]);
            let (_, theirs) = app.get(path, Some(&buyer.token)).await;
            assert_eq!(contact(&theirs), LISTING_PHONE, "{path}: {theirs}");
        }
    })
    .await;
}

#[tokio::test]
async fn a_visitor_resuming_over_events_logged_without_a_public_form_refetches() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let admin = app.admin().await;
    app.category(&admin, "Sports").await;
    // As the log was before it kept public forms.
    let pool = sqlx::SqlitePool::connect(&app.db().url)
        .await
        .expect("open the database");
    sqlx::query("UPDATE events SET public_data = NULL")
        .execute(&pool)
        .await
        .expect("forget public forms");
    let mut late = Live::open(&app.base).await;
    late.send(json!({"type": "resume", "since": 0})).await;
    assert_eq!(
        late.next(Duration::from_secs(2)).await,
        Some(json!({"type": "reset"}))
    );
    let mut member = signed_in(&app, &admin).await;
    member.send(json!({"type": "resume", "since": 0})).await;
    assert_eq!(names(&member.drain(QUIET).await), ["category.created"]);
}

/// `GET path` as `token` (or a visitor): the list and its `x-live-seq`.
async fn list_at(app: &TestApp, path: &str, token: Option<&str>) -> (Value, i64) {
    let response = app
        .request(Method::GET, path, token)
        .send()
        .await
        .expect("answered");
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let seq = response
        .headers()
        .get("x-live-seq")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<i64>().ok())
        .unwrap_or_else(|| panic!("{path} answers x-live-seq"));
    (response.json().await.expect("JSON"), seq)
}

#[tokio::test]
async fn a_page_that_subscribes_after_a_write_gets_it_by_resuming_from_its_lists_position() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
        let buyer = app.sign_up("buyer@example.com", "Buyer", "buyer").await;
        let category = app.category(&admin, "Sports").await;
        let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        // Let this process's sockets catch up with the writes so far.
        tokio::time::sleep(Duration::from_millis(300)).await;

        // The home page reads the adverts and the admin's page the reports…
        let (adverts, home_seq) = list_at(&app, "/api/advertise", None).await;
        assert_eq!(adverts, json!([]));
        let (reports, admin_seq) = list_at(&app, "/api/reportedProducts", Some(&admin.token)).await;
        assert_eq!(reports, json!([]));
        let (_, listing_seq) = list_at(&app, &format!("/api/products/{category}"), None).await;
        // …then, before their sockets are subscribed, a seller advertises, a buyer
        // reports and another bike is listed.
        app.advertise(&seller, &product).await;
        assert_eq!(app.report(&buyer, &product).await, StatusCode::OK);
        app.list_bike(&seller, &category, "Honda CB Hornet", 2200)
            .await;
        tokio::time::sleep(Duration::from_millis(300)).await;

        // A socket that only listens from now on hears none of it…
        let mut late = Live::open(&app.base).await;
        assert!(late.drain(QUIET).await.is_empty());
        // …one that resumes from its list's position hears all of it.
        let mut home = Live::open(&app.base).await;
        home.send(json!({"type": "resume", "since": home_seq}))
            .await;
        assert!(names(&home.drain(QUIET).await).contains(&"advert.created".to_owned()));
        let mut admin_page = signed_in(&app, &admin).await;
        admin_page
            .send(json!({"type": "resume", "since": admin_seq}))
            .await;
        assert!(names(&admin_page.drain(QUIET).await).contains(&"product.reported".to_owned()));
        let mut category_page = Live::open(&app.base).await;
        category_page
            .send(json!({"type": "resume", "since": listing_seq}))
            .await;
        let heard = category_page.drain(QUIET).await;
        assert!(
            heard.iter().any(|e| e["event"] == "product.created"
                && e["data"]["productName"] == "Honda CB Hornet"),
            "{heard:?}"
        );
        // A list read afterwards holds it all, and says so.
        let (listing, now) = list_at(&app, &format!("/api/products/{category}"), None).await;
        assert_eq!(listing.as_array().map(Vec::len), Some(2));
        assert!(now > listing_seq);
    })
    .await;
}

#[tokio::test]
async fn every_list_the_pages_patch_from_events_says_its_position() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let admin = app.admin().await;
    let seller = app.sign_up("seller@example.com", "Seller", "seller").await;
    let buyer = app.sign_up("buyer@example.com", "Buyer", "buyer").await;
    let category = app.category(&admin, "Sports").await;
    let product = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
    let order = app.book(&buyer, &product).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let head = app.state.store.last_event_seq().await.expect("head");
    assert!(head > 0);
    for (path, token) in [
        ("/api/categories".to_owned(), None),
        (format!("/api/products/{category}"), None),
        (format!("/api/products/{category}"), Some(&buyer.token)),
        ("/api/advertise".to_owned(), None),
        (
            "/api/sellerProducts/seller@example.com".to_owned(),
            Some(&seller.token),
        ),
        (
            "/api/sellerOrders/seller@example.com".to_owned(),
            Some(&seller.token),
        ),
        (
            "/api/orders/buyer@example.com".to_owned(),
            Some(&buyer.token),
        ),
        (format!("/api/paymentOrders/{order}"), Some(&buyer.token)),
        ("/api/reportedProducts".to_owned(), Some(&admin.token)),
        ("/api/allSeller".to_owned(), Some(&admin.token)),
        ("/api/allBuyer".to_owned(), Some(&admin.token)),
    ] {
        let (_, seq) = list_at(&app, &path, token.map(String::as_str)).await;
        assert_eq!(seq, head, "{path} was read after every event so far");
    }
}

/// A process started on a log that already holds events knows where it ends before it
/// answers anything: its very first list, read the moment it listens, says the last
/// event's position, never 0 (from which a page would replay the whole history).
#[tokio::test]
async fn a_process_started_on_a_used_log_answers_from_its_end_at_once() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        app.category(&admin, "Sports").await;
        app.category(&admin, "Touring").await;
        let head = app.state.store.last_event_seq().await.expect("head");
        assert!(head >= 2, "the writes were logged");
        let restarted = app.another_server(&[]).await;
        let (categories, seq) = list_at(&restarted, "/api/categories", None).await;
        assert_eq!(seq, head, "the first answer of a new process");
        assert_eq!(categories.as_array().map(Vec::len), Some(2));
    })
    .await;
}

/// Whether the live socket at `url` opens for a page from `origin`.
async fn handshake_admits(url: &str, origin: &str) -> bool {
    let mut request = url.into_client_request().expect("request");
    request
        .headers_mut()
        .insert("Origin", origin.parse().expect("header"));
    tokio_tungstenite::connect_async(request).await.is_ok()
}

#[tokio::test]
async fn a_handshake_from_another_site_is_refused() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let url = format!("{}/api/live", app.base.replacen("http", "ws", 1));
    assert!(
        !handshake_admits(&url, "http://evil.example").await,
        "another origin is refused"
    );
    assert!(
        handshake_admits(&url, &app.base).await,
        "our own origin is welcome"
    );
}

/// Without `--public-url` the site is wherever the browser reached it: a page from the
/// address the socket is opened to is welcome, whatever that address is called.
#[tokio::test]
async fn without_a_public_url_the_pages_own_address_is_its_origin() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let port = app.base.rsplit(':').next().expect("port");
    let localhost = format!("ws://localhost:{port}/api/live");
    assert!(
        handshake_admits(&localhost, &format!("http://localhost:{port}")).await,
        "a page served from localhost opens its socket on localhost"
    );
    assert!(
        !handshake_admits(&localhost, &format!("http://127.0.0.1:{port}")).await,
        "a page from another host name is another origin"
    );
}

#[tokio::test]
async fn with_a_public_url_only_that_origin_is_welcome() {
    let Some(app) = TestApp::spawn_with(
        Engine::Sqlite,
        &["--public-url", "https://bikehaat.example/"],
    )
    .await
    else {
        return;
    };
    let url = format!("{}/api/live", app.base.replacen("http", "ws", 1));
    assert!(
        !handshake_admits(&url, &app.base).await,
        "the address it listens on is not the public site"
    );
    assert!(
        handshake_admits(&url, "https://bikehaat.example").await,
        "the public site is welcome"
    );
}

#[tokio::test]
async fn a_stalled_socket_never_delays_the_others() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    // A peer that completes the handshake with a tiny receive window and never reads.
    let socket = tokio::net::TcpSocket::new_v4().expect("socket");
    socket.set_recv_buffer_size(4096).expect("small window");
    let addr = app
        .base
        .trim_start_matches("http://")
        .parse()
        .expect("addr");
    let stream = socket.connect(addr).await.expect("connect");
    let url = format!("{}/api/live", app.base.replacen("http", "ws", 1));
    let (_stalled, _) = tokio_tungstenite::client_async(url, stream)
        .await
        .expect("handshake");
    let mut healthy = Live::open(&app.base).await;
    assert_eq!(app.state.live.len(), 2);
    let store = app.state.store.clone();
    let big = "x".repeat(16_000);
    // The writer stays at most 100 events ahead of the healthy reader, well inside a
    // socket's queue, however busy the machine: only the stalled socket falls behind.
    let read = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let pace = read.clone();
    let writer = tokio::spawn(async move {
        for i in 0..1000 {
            while i > pace.load(std::sync::atomic::Ordering::Acquire) + 100 {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            store
                .create_category(&format!("Category {i} {big}"), "/uploads/x.png")
                .await
                .expect("category");
        }
    });
    let mut received = 0;
    while received < 1000 {
        let message = healthy
            .next(Duration::from_secs(10))
            .await
            .expect("the healthy socket keeps receiving");
        if message["type"] == "event" {
            received += 1;
            read.store(received, std::sync::atomic::Ordering::Release);
        }
    }
    writer.await.expect("writes done");
    assert_eq!(received, 1000);
    // The stalled socket fell behind its queue and was dropped; the healthy one stays.
    assert_eq!(app.state.live.len(), 1);
}

#[tokio::test]
async fn a_resume_replays_up_to_its_cap_and_past_it_the_page_reads_afresh() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let cap = bikehaat::live::MAX_REPLAY;
    let before = app.state.store.last_event_seq().await.expect("seq");
    for n in 0..cap + 2 {
        app.state
            .store
            .create_category(&format!("Class {n}"), "/uploads/demo-category-0.svg")
            .await
            .expect("a category");
    }
    let head = app.state.store.last_event_seq().await.expect("seq");
    assert!(head - before > cap, "{before}..{head}");
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while app.state.live.head() < head && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // More than one read of the log (500 a read), all of them, in order.
    let mut back = Live::open(&app.base).await;
    back.send(json!({"type": "resume", "since": head - 600}))
        .await;
    let replayed = back.drain(QUIET).await;
    assert_eq!(replayed.len(), 600);
    assert_eq!(replayed[0]["seq"], head - 599);
    assert_eq!(replayed[599]["seq"], head);
    // Past the cap: read afresh.
    let mut away = Live::open(&app.base).await;
    away.send(json!({"type": "resume", "since": before})).await;
    assert_eq!(
        away.next(Duration::from_secs(2)).await,
        Some(json!({"type": "reset"}))
    );
}
