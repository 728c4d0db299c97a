//! Conversations over HTTP and the live socket (docs/conversations.md): a buyer asks
//! about a bike, the seller answers, both read; only the two of them see or hear it; a
//! message sent again with its `clientId` is kept once; a removed account's words go.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::live::{signed_in, QUIET};
use super::support::counter::Counter;
use super::support::{on_both, Person};

/// A shop (its admin, a seller and a category) with a bike listed, its buyer, and a
/// stranger to the conversation.
pub(super) struct Talk {
    pub shop: Counter,
    pub buyer: Person,
    pub stranger: Person,
    pub bike: String,
}

impl std::ops::Deref for Talk {
    type Target = Counter;
    fn deref(&self) -> &Counter {
        &self.shop
    }
}

pub(super) async fn talk(engine: super::support::Engine) -> Option<Talk> {
    let shop = Counter::open(engine, Vec::new()).await?;
    let buyer = shop
        .app
        .sign_up("buyer@example.com", "Sadia", "buyer")
        .await;
    let stranger = shop.app.sign_up("other@example.com", "Mim", "buyer").await;
    let bike = shop
        .app
        .list_bike(&shop.seller, &shop.category, "Yamaha R15", 4100)
        .await;
    Some(Talk {
        shop,
        buyer,
        stranger,
        bike,
    })
}

impl Talk {
    pub(super) async fn post(&self, who: &Person, path: &str, body: Value) -> (StatusCode, Value) {
        self.app
            .call(Method::POST, path, Some(&who.token), body)
            .await
    }

    pub(super) async fn open(&self, who: &Person, body: Value) -> (StatusCode, Value) {
        self.post(who, "/api/conversations", body).await
    }

    pub(super) async fn say(
        &self,
        who: &Person,
        id: &str,
        client: &str,
        text: &str,
    ) -> (StatusCode, Value) {
        let path = format!("/api/conversations/{id}/messages");
        self.post(who, &path, json!({"clientId": client, "text": text}))
            .await
    }

    pub(super) async fn history(
        &self,
        who: &Person,
        id: &str,
        before: Option<&str>,
    ) -> (StatusCode, Value) {
        let mut path = format!("/api/conversations/{id}/messages");
        if let Some(before) = before {
            path.push_str(&format!("?before={before}"));
        }
        self.app.get(&path, Some(&who.token)).await
    }
}

fn texts(page: &Value) -> Vec<&str> {
    page.as_array()
        .expect("a page of messages")
        .iter()
        .map(|m| m["text"].as_str().unwrap_or("—"))
        .collect()
}

#[tokio::test]
async fn a_buyer_asks_the_seller_answers_and_only_the_two_of_them_hear_it() {
    on_both(|engine| async move {
        let Some(t) = talk(engine).await else { return };
        let mut seller_socket = signed_in(&t.app, &t.seller).await;
        let mut stranger_socket = signed_in(&t.app, &t.stranger).await;
        let mut admin_socket = signed_in(&t.app, &t.admin).await;

        let opener =
            json!({"productId": t.bike, "text": "Is it still available?", "clientId": "b-1"});
        let (status, opened) = t.open(&t.buyer, opener.clone()).await;
        assert_eq!(status, StatusCode::OK, "{opened}");
        let id = opened["conversation"]["_id"]
            .as_str()
            .expect("id")
            .to_owned();
        assert_eq!(opened["message"]["text"], "Is it still available?");
        assert_eq!(opened["events"][0]["event"], "message.created");
        // The same opener again (a double tap): the same conversation, the message once.
        let (_, again) = t.open(&t.buyer, opener).await;
        assert_eq!(again["conversation"]["_id"], json!(id));
        assert_eq!(again["message"]["_id"], opened["message"]["_id"]);
        assert_eq!(again["events"], json!([]));

        let heard = seller_socket
            .until("message.created", Duration::from_secs(10))
            .await;
        let message = heard.last().expect("the seller hears it");
        assert_eq!(message["data"]["text"], "Is it still available?");
        assert_eq!(message["data"]["conversationId"], json!(id));

        // The seller's inbox: one conversation, one unread; reading it clears that.
        let (_, inbox) = t.app.get("/api/conversations", Some(&t.seller.token)).await;
        assert_eq!(inbox.as_array().map(Vec::len), Some(1), "{inbox}");
        assert_eq!(inbox[0]["unread"], 1);
        assert_eq!(inbox[0]["productName"], "Yamaha R15");
        let first = opened["message"]["_id"].as_str().expect("message id");
        let path = format!("/api/conversations/{id}/read");
        let (status, read) = t.post(&t.seller, &path, json!({"upTo": first})).await;
        assert_eq!(status, StatusCode::OK, "{read}");
        assert_eq!(read["upTo"], json!(first));
        assert_eq!(read["events"][0]["event"], "message.read");
        let (_, inbox) = t.app.get("/api/conversations", Some(&t.seller.token)).await;
        assert_eq!(inbox[0]["unread"], 0);
        // Reading back, or past the last message, moves nothing.
        let (_, back) = t.post(&t.seller, &path, json!({"upTo": "1"})).await;
        assert_eq!(
            (&back["upTo"], &back["events"]),
            (&json!(first), &json!([]))
        );

        let (status, answer) = t
            .say(&t.seller, &id, "s-1", "Yes, come see it today.")
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let (_, page) = t.history(&t.buyer, &id, None).await;
        assert_eq!(
            texts(&page),
            ["Is it still available?", "Yes, come see it today."]
        );
        let (_, buyer_inbox) = t.app.get("/api/conversations", Some(&t.buyer.token)).await;
        assert_eq!(buyer_inbox[0]["unread"], 1);
        // Writing, the seller has read all before it: the read mark is at their answer.
        assert_eq!(buyer_inbox[0]["sellerReadUpTo"], answer["message"]["_id"]);
        assert_eq!(buyer_inbox[0]["buyerReadUpTo"], json!(first));

        // Nobody else reads, writes, or hears it.
        for who in [&t.stranger, &t.admin] {
            let (status, _) = t.history(who, &id, None).await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            let (status, _) = t.say(who, &id, "x-1", "Hello").await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            let path = format!("/api/conversations/{id}");
            let (status, _) = t.app.get(&path, Some(&who.token)).await;
            assert_eq!(status, StatusCode::FORBIDDEN);
        }
        let overheard = |events: Vec<Value>| {
            events
                .iter()
                .filter(|e| {
                    e["event"]
                        .as_str()
                        .is_some_and(|n| n.starts_with("message."))
                })
                .count()
        };
        assert_eq!(overheard(stranger_socket.drain(QUIET).await), 0);
        assert_eq!(overheard(admin_socket.drain(QUIET).await), 0);
    })
    .await;
}

#[tokio::test]
async fn a_seller_reads_one_bikes_conversations_apart_from_the_rest() {
    on_both(|engine| async move {
        let Some(t) = talk(engine).await else { return };
        let other_bike = t
            .app
            .list_bike(&t.seller, &t.category, "Honda CB Hornet", 4100)
            .await;
        let ask = |who: &'static str, bike: &str| {
            json!({"productId": bike, "text": "Last price?", "clientId": who})
        };
        let (_, first) = t.open(&t.buyer, ask("b-1", &t.bike)).await;
        let (_, second) = t.open(&t.stranger, ask("m-1", &t.bike)).await;
        let (_, third) = t.open(&t.buyer, ask("b-2", &other_bike)).await;
        let ids = |list: &Value| -> Vec<String> {
            list.as_array()
                .expect("a list of conversations")
                .iter()
                .map(|c| c["_id"].as_str().expect("id").to_owned())
                .collect()
        };
        let id = |opened: &Value| opened["conversation"]["_id"].as_str().expect("id").to_owned();

        let (_, all) = t.app.get("/api/conversations", Some(&t.seller.token)).await;
        assert_eq!(ids(&all), [id(&third), id(&second), id(&first)]);
        let path = format!("/api/conversations?productId={}", t.bike);
        let (status, one_bike) = t.app.get(&path, Some(&t.seller.token)).await;
        assert_eq!(status, StatusCode::OK, "{one_bike}");
        assert_eq!(ids(&one_bike), [id(&second), id(&first)]);
        assert!(one_bike
            .as_array()
            .expect("list")
            .iter()
            .all(|c| c["productName"] == "Yamaha R15" && c["unread"] == 1));
        // A buyer's own of that bike only; nobody reads another's through the filter.
        let (_, buyers) = t.app.get(&path, Some(&t.buyer.token)).await;
        assert_eq!(ids(&buyers), [id(&first)]);
        let (_, admins) = t.app.get(&path, Some(&t.admin.token)).await;
        assert_eq!(admins, json!([]));
        let (status, _) = t.app.get(&path, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        // An empty filter is no filter; one that is not an id is refused by name.
        let (_, unfiltered) = t
            .app
            .get("/api/conversations?productId=", Some(&t.seller.token))
            .await;
        assert_eq!(ids(&unfiltered), ids(&all));
        let (status, refused) = t
            .app
            .get("/api/conversations?productId=R15", Some(&t.seller.token))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        assert_eq!(refused["fields"]["productId"], "Give a listing's id");
    })
    .await;
}

#[tokio::test]
async fn what_cannot_be_a_message_is_refused_with_the_field_that_is_wrong() {
    let Some(t) = talk(super::support::Engine::Sqlite).await else {
        return;
    };
    // The seller does not open a conversation about their own bike; a gone bike is 404.
    let (status, body) = t.open(&t.seller, json!({"productId": t.bike})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["message"], "This is your own bike.");
    let (status, _) = t.open(&t.buyer, json!({"productId": "999999"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = t
        .open(&t.buyer, json!({"productId": t.bike, "text": "Hi"}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["fields"]["clientId"],
        "Give each message an id of your own, up to 64 characters"
    );
    let (_, opened) = t.open(&t.buyer, json!({"productId": t.bike})).await;
    assert_eq!(opened["message"], Value::Null);
    let id = opened["conversation"]["_id"]
        .as_str()
        .expect("id")
        .to_owned();
    for (body, field, message) in [
        (
            json!({"clientId": "a"}),
            "text",
            "Write a message or add a photo",
        ),
        (
            json!({"clientId": "a", "text": "   "}),
            "text",
            "Write a message or add a photo",
        ),
        (
            json!({"clientId": "a", "text": "x".repeat(2001)}),
            "text",
            "Please keep this under 2000 characters",
        ),
        (
            json!({"text": "Hello"}),
            "clientId",
            "Give each message an id of your own, up to 64 characters",
        ),
        (
            json!({"clientId": "c".repeat(65), "text": "Hello"}),
            "clientId",
            "Give each message an id of your own, up to 64 characters",
        ),
        (
            json!({"clientId": "a", "image": "https://elsewhere.example/x.png"}),
            "image",
            "Please upload an image",
        ),
    ] {
        let path = format!("/api/conversations/{id}/messages");
        let (status, answer) = t.post(&t.buyer, &path, body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
        assert_eq!(answer["fields"][field], message, "{body}: {answer}");
    }
    let (_, page) = t.history(&t.buyer, &id, None).await;
    assert_eq!(page, json!([]), "nothing refused was kept");
    let (status, _) = t.history(&t.buyer, &id, Some("soon")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_history_comes_in_pages_of_fifty_and_a_removed_accounts_words_go() {
    on_both(|engine| async move {
        let Some(t) = talk(engine).await else { return };
        let (_, opened) = t.open(&t.buyer, json!({"productId": t.bike})).await;
        let id = opened["conversation"]["_id"]
            .as_str()
            .expect("id")
            .to_owned();
        // More than a person may send in a minute (`offers.rs`): written in the store.
        let buyer_id: i64 = t.buyer.id.parse().expect("buyer id");
        for n in 1..=55 {
            let message = bikehaat::records::NewMessage {
                conversation_id: id.parse().expect("conversation id"),
                sender_id: buyer_id,
                client_id: format!("m{n}"),
                text: Some(format!("Message {n}")),
                image: None,
            };
            t.app
                .state
                .store
                .send_message(&message)
                .await
                .expect("sent");
        }

        let (_, newest) = t.history(&t.seller, &id, None).await;
        let newest_texts = texts(&newest);
        assert_eq!(newest_texts.len(), 50);
        assert_eq!(
            (newest_texts[0], newest_texts[49]),
            ("Message 6", "Message 55")
        );
        let oldest_shown = newest[0]["_id"].as_str().expect("id");
        let (_, older) = t.history(&t.seller, &id, Some(oldest_shown)).await;
        assert_eq!(
            texts(&older),
            [
                "Message 1",
                "Message 2",
                "Message 3",
                "Message 4",
                "Message 5"
            ]
        );

        // The buyer's account goes: the seller keeps the conversation, not their words,
        // and cannot write to nobody.
        let path = format!("/api/allBuyer/{}", t.buyer.id);
        let (status, body) = t
            .app
            .call(Method::DELETE, &path, Some(&t.admin.token), Value::Null)
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, page) = t.history(&t.seller, &id, Some(oldest_shown)).await;
        assert!(page
            .as_array()
            .expect("page")
            .iter()
            .all(|m| m["text"].is_null() && m["from"].is_null()));
        let (status, body) = t.say(&t.seller, &id, "s-1", "Still there?").await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        let (_, inbox) = t.app.get("/api/conversations", Some(&t.seller.token)).await;
        assert_eq!(inbox[0]["buyerName"], Value::Null);
    })
    .await;
}
