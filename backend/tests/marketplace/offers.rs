//! Offers and safety in conversations over HTTP and the live socket
//! (docs/conversations.md "Offers", "Safety"): a buyer bargains, the seller counters, the
//! buyer accepts and books at that price; a blocked person cannot write; a report
//! reaches the admins, who read that conversation and no other; a message hidden is
//! hidden for its reader alone; messages that ask for money first or carry a stranger's
//! phone number come with a warning.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::conversations::{talk, Talk};
use super::live::signed_in;
use super::support::{listing_body, on_both};

impl Talk {
    /// Opens the buyer's conversation about the bike: its id.
    async fn conversation(&self) -> String {
        let (status, opened) = self
            .open(&self.buyer, json!({"productId": self.bike}))
            .await;
        assert_eq!(status, StatusCode::OK, "{opened}");
        opened["conversation"]["_id"]
            .as_str()
            .expect("id")
            .to_owned()
    }
}

#[tokio::test]
async fn a_buyer_offers_the_seller_counters_the_buyer_accepts_and_books_at_that_price() {
    on_both(|engine| async move {
        let Some(t) = talk(engine).await else { return };
        let id = t.conversation().await;
        let mut seller_socket = signed_in(&t.app, &t.seller).await;
        let offers = format!("/api/conversations/{id}/offers");

        // The form's checks, and the listing's price as the ceiling.
        let (status, bad) = t.post(&t.buyer, &offers, json!({"clientId": "o-0"})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert_eq!(bad["fields"]["amount"], "Offer an amount in taka");
        let (status, high) = t
            .post(
                &t.buyer,
                &offers,
                json!({"amount": 4100, "clientId": "o-0"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{high}");
        assert_eq!(
            high["fields"]["amount"],
            "An offer must be less than the asking price"
        );
        let (status, seller_first) = t
            .post(
                &t.seller,
                &offers,
                json!({"amount": 3000, "clientId": "s-0"}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{seller_first}");

        let (status, made) = t
            .post(
                &t.buyer,
                &offers,
                json!({"amount": 3500, "clientId": "o-1"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{made}");
        assert_eq!(made["offer"]["amount"], 3500);
        assert_eq!(made["offer"]["by"], "buyer");
        assert_eq!(made["offer"]["status"], "open");
        assert_eq!(made["message"]["offer"]["_id"], made["offer"]["_id"]);
        assert_eq!(made["events"][0]["event"], "message.created");
        let heard = seller_socket
            .until("message.created", Duration::from_secs(10))
            .await;
        assert_eq!(
            heard.last().expect("heard")["data"]["offer"]["amount"],
            3500
        );

        // The seller counters; the buyer's offer is countered, the counter is open.
        let offer_id = made["offer"]["_id"].as_str().expect("offer id").to_owned();
        let counter = format!("/api/offers/{offer_id}/counter");
        let (status, countered) = t
            .post(
                &t.seller,
                &counter,
                json!({"amount": 3800, "clientId": "s-1"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{countered}");
        assert_eq!(countered["offer"]["by"], "seller");
        let names: Vec<&str> = countered["events"]
            .as_array()
            .expect("events")
            .iter()
            .map(|e| e["event"].as_str().unwrap_or_default())
            .collect();
        assert_eq!(names, ["offer.updated", "message.created"]);
        assert_eq!(
            countered["events"][0]["data"]["offer"]["status"],
            "countered"
        );
        // The buyer's own offer is not theirs to accept; the seller's counter is.
        let own = format!("/api/offers/{offer_id}/accept");
        let (status, _) = t.post(&t.buyer, &own, json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "the maker does not answer");
        let theirs = countered["offer"]["_id"]
            .as_str()
            .expect("counter id")
            .to_owned();
        let (status, refused) = t
            .post(
                &t.seller,
                &format!("/api/offers/{theirs}/accept"),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
        let (status, accepted) = t
            .post(&t.buyer, &format!("/api/offers/{theirs}/accept"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{accepted}");
        assert_eq!(accepted["offer"]["status"], "accepted");
        // The counter's `offer.updated` came first; the acceptance follows it.
        let mut heard = seller_socket
            .until("offer.updated", Duration::from_secs(10))
            .await;
        if heard.last().expect("heard")["data"]["offer"]["status"] == "countered" {
            heard = seller_socket
                .until("offer.updated", Duration::from_secs(10))
                .await;
        }
        assert_eq!(
            heard.last().expect("heard")["data"]["offer"]["status"],
            "accepted"
        );
        let (status, twice) = t
            .post(
                &t.buyer,
                &format!("/api/offers/{theirs}/decline"),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{twice}");
        assert_eq!(twice["message"], "This offer was already answered");

        // The conversation shows the latest offer; the booking is made at it.
        let (_, conversation) = t
            .app
            .get(&format!("/api/conversations/{id}"), Some(&t.buyer.token))
            .await;
        assert_eq!(conversation["offer"]["status"], "accepted");
        assert_eq!(conversation["price"], 4100);
        assert_eq!(conversation["negotiable"], true);
        let order = t.app.book(&t.buyer, &t.bike).await;
        assert_eq!(t.booking(&t.buyer, &order).await["price"], 3800);
        let (_, after) = t.history(&t.buyer, &id, None).await;
        let statuses: Vec<&str> = after
            .as_array()
            .expect("page")
            .iter()
            .map(|m| m["offer"]["status"].as_str().unwrap_or("-"))
            .collect();
        assert_eq!(statuses, ["countered", "booked"]);
    })
    .await;
}

#[tokio::test]
async fn a_fixed_price_takes_no_offers_and_cards_say_so() {
    on_both(|engine| async move {
        let Some(t) = talk(engine).await else { return };
        let id = t.conversation().await;
        let page = format!("/api/listings/{}", t.bike);
        let (_, listing) = t.app.get(&page, None).await;
        assert_eq!(
            listing["negotiable"], true,
            "negotiable unless the seller says not"
        );
        let path = format!("/api/products/{}", t.bike);
        let mut edit = listing_body(&t.category, "Yamaha R15", 4100);
        edit["negotiable"] = json!("no");
        let (status, answer) = t
            .app
            .call(Method::PUT, &path, Some(&t.seller.token), edit.clone())
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(
            answer["fields"]["negotiable"],
            "Say true or false: does the price take offers?"
        );
        edit["negotiable"] = json!(false);
        let (status, answer) = t
            .app
            .call(Method::PUT, &path, Some(&t.seller.token), edit)
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let (_, listing) = t.app.get(&page, None).await;
        assert_eq!(listing["negotiable"], false);
        let offers = format!("/api/conversations/{id}/offers");
        let (status, refused) = t
            .post(
                &t.buyer,
                &offers,
                json!({"amount": 3500, "clientId": "o-1"}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{refused}");
        assert_eq!(refused["message"], "This seller's price is fixed");
    })
    .await;
}

#[tokio::test]
async fn blocks_reports_hidden_messages_and_warnings_keep_people_safe() {
    on_both(|engine| async move {
        let Some(t) = talk(engine).await else { return };
        let id = t.conversation().await;
        let mut buyer_socket = signed_in(&t.app, &t.buyer).await;
        let mut admin_socket = signed_in(&t.app, &t.admin).await;

        // A stranger's phone number and a request for money come with warnings for
        // their reader; once the reader has answered, a number is no stranger's.
        let (_, first) = t.say(&t.buyer, &id, "b-1", "Call me on 01712-345678").await;
        assert_eq!(first["message"]["warning"], "phone");
        let (_, money) = t
            .say(
                &t.seller,
                &id,
                "s-1",
                "Send 2000 advance by bKash to hold it",
            )
            .await;
        assert_eq!(money["message"]["warning"], "money");
        let (_, again) = t.say(&t.buyer, &id, "b-2", "Or 01812345678 after 5").await;
        assert_eq!(
            again["message"]["warning"],
            Value::Null,
            "the seller answered the buyer"
        );

        // Delete for me: gone from the buyer's history alone.
        let hide = format!(
            "/api/conversations/{id}/messages/{}",
            money["message"]["_id"].as_str().expect("id")
        );
        let (status, hidden) = t
            .app
            .call(Method::DELETE, &hide, Some(&t.buyer.token), json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{hidden}");
        assert_eq!(hidden["hidden"], true);
        assert_eq!(hidden["events"][0]["event"], "message.hidden");
        let (_, mine) = t.history(&t.buyer, &id, None).await;
        assert_eq!(mine.as_array().map(Vec::len), Some(2));
        let (_, theirs) = t.history(&t.seller, &id, None).await;
        assert_eq!(theirs.as_array().map(Vec::len), Some(3));
        let (status, _) = t
            .app
            .call(Method::DELETE, &hide, Some(&t.stranger.token), json!(null))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);

        // The seller blocks the buyer: nothing passes either way, both are told.
        let seller_id = t.seller.id.clone();
        let buyer_id = t.buyer.id.clone();
        let (status, blocked) = t
            .post(&t.seller, "/api/blocks", json!({"userId": buyer_id}))
            .await;
        assert_eq!(status, StatusCode::OK, "{blocked}");
        let heard = buyer_socket
            .until("conversation.updated", Duration::from_secs(10))
            .await;
        assert_eq!(
            heard.last().expect("heard")["data"]["blockedBy"],
            json!(seller_id)
        );
        let (status, refused) = t.say(&t.buyer, &id, "b-3", "Hello?").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
        assert_eq!(refused["message"], "You can't write to this person");
        let (status, _) = t.say(&t.seller, &id, "s-2", "Sorry").await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (_, seen_by_buyer) = t
            .app
            .get(&format!("/api/conversations/{id}"), Some(&t.buyer.token))
            .await;
        assert_eq!(seen_by_buyer["blocked"], "byThem");
        let (_, list) = t.app.get("/api/blocks", Some(&t.seller.token)).await;
        assert_eq!(list[0]["name"], "Sadia");
        let (status, own) = t
            .post(&t.seller, "/api/blocks", json!({"userId": seller_id}))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{own}");
        let unblock = format!("/api/blocks/{buyer_id}");
        let (status, _) = t
            .app
            .call(Method::DELETE, &unblock, Some(&t.seller.token), json!(null))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = t.say(&t.buyer, &id, "b-3", "Hello?").await;
        assert_eq!(status, StatusCode::OK);

        // A report reaches the admins, once per reporter; only then may they read it.
        let (_, unreported) = t
            .app
            .get(
                &format!("/api/reportedConversations/{id}/messages"),
                Some(&t.admin.token),
            )
            .await;
        assert_eq!(unreported["error"], "not_found", "{unreported}");
        let report = format!("/api/conversations/{id}/report");
        let (status, bad) = t.post(&t.buyer, &report, json!({"reason": "rude"})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        let (status, reported) = t
            .post(
                &t.buyer,
                &report,
                json!({"reason": "money_first", "note": "Asked for bKash first"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{reported}");
        let (status, twice) = t.post(&t.buyer, &report, json!({"reason": "scam"})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{twice}");
        let (status, _) = t
            .post(&t.stranger, &report, json!({"reason": "scam"}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let heard = admin_socket
            .until("conversation.reported", Duration::from_secs(10))
            .await;
        assert_eq!(
            heard.last().expect("heard")["data"]["reason"],
            "money_first"
        );
        let (_, queue) = t
            .app
            .get("/api/reportedConversations", Some(&t.admin.token))
            .await;
        assert_eq!(queue[0]["conversationId"], json!(id));
        assert_eq!(queue[0]["reporterName"], "Sadia");
        let (status, read) = t
            .app
            .get(
                &format!("/api/reportedConversations/{id}/messages"),
                Some(&t.admin.token),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{read}");
        assert_eq!(
            read.as_array().map(Vec::len),
            Some(4),
            "hidden for the buyer, not for review"
        );
        let (status, _) = t
            .app
            .get("/api/reportedConversations", Some(&t.buyer.token))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    })
    .await;
}

#[tokio::test]
async fn new_accounts_and_fast_senders_are_held_back() {
    on_both(|engine| async move {
        let Some(t) = talk(engine).await else { return };
        t.conversation().await;
        let mut answers = Vec::new();
        for i in 0..5 {
            let bike = t
                .app
                .list_bike(&t.seller, &t.category, &format!("Bike {i}"), 3000)
                .await;
            let (status, _) = t.open(&t.buyer, json!({"productId": bike})).await;
            answers.push(status);
        }
        assert_eq!(&answers[..4], &[StatusCode::OK; 4]);
        assert_eq!(
            answers[4],
            StatusCode::TOO_MANY_REQUESTS,
            "the sixth in an hour"
        );
        // Coming back to a conversation they have is not a new one.
        let (status, opened) = t.open(&t.buyer, json!({"productId": t.bike})).await;
        assert_eq!(status, StatusCode::OK);
        let id = opened["conversation"]["_id"]
            .as_str()
            .expect("id")
            .to_owned();
        // Thirty messages a minute, then the sender is asked to wait.
        for n in 1..=30 {
            let (status, sent) = t.say(&t.buyer, &id, &format!("m{n}"), "Hello").await;
            assert_eq!(status, StatusCode::OK, "{sent}");
        }
        let (status, slow_down) = t.say(&t.buyer, &id, "m31", "Hello").await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{slow_down}");
        assert!(slow_down["message"]
            .as_str()
            .unwrap_or_default()
            .starts_with("You are sending messages too fast."));
    })
    .await;
}

#[tokio::test]
async fn typing_reaches_the_other_side_alone_and_a_stranger_or_a_flood_passes_nothing() {
    on_both(|engine| async move {
        let Some(t) = talk(engine).await else { return };
        let id = t.conversation().await;
        let mut buyer_socket = signed_in(&t.app, &t.buyer).await;
        let mut seller_socket = signed_in(&t.app, &t.seller).await;
        let mut stranger_socket = signed_in(&t.app, &t.stranger).await;
        let typing = json!({"type": "typing", "conversationId": id});

        // A stranger to the conversation types into it: nobody hears anything.
        stranger_socket.send(typing.clone()).await;
        let heard = seller_socket.heard(Duration::from_millis(500)).await;
        assert!(heard.iter().all(|m| m["type"] != "typing"), "{heard:?}");

        // The buyer types, three times in a row: the seller sees it once, the buyer's
        // own socket not at all, and no answer comes back to the buyer.
        for _ in 0..3 {
            buyer_socket.send(typing.clone()).await;
        }
        let heard = seller_socket.heard(Duration::from_millis(800)).await;
        let signals: Vec<&Value> = heard.iter().filter(|m| m["type"] == "typing").collect();
        assert_eq!(signals.len(), 1, "{heard:?}");
        assert_eq!(signals[0]["conversationId"], json!(id));
        assert_eq!(signals[0]["from"], json!(t.buyer.id));
        let own = buyer_socket.heard(Duration::from_millis(300)).await;
        assert!(own.is_empty(), "nothing comes back: {own:?}");
        let stranger = stranger_socket.heard(Duration::from_millis(100)).await;
        assert!(
            stranger.iter().all(|m| m["type"] != "typing"),
            "{stranger:?}"
        );

        // Blocked: typing passes no more.
        let (status, _) = t
            .post(&t.seller, "/api/blocks", json!({"userId": t.buyer.id}))
            .await;
        assert_eq!(status, StatusCode::OK);
        seller_socket.heard(Duration::from_millis(300)).await;
        tokio::time::sleep(Duration::from_millis(2100)).await;
        buyer_socket.send(typing).await;
        let heard = seller_socket.heard(Duration::from_millis(800)).await;
        assert!(heard.iter().all(|m| m["type"] != "typing"), "{heard:?}");
    })
    .await;
}

#[tokio::test]
async fn a_seller_keeps_the_phone_for_conversations_and_shares_it_there_with_whatsapp() {
    on_both(|engine| async move {
        let Some(t) = talk(engine).await else { return };
        let id = t.conversation().await;
        // Contact details are for buyers who proved their address, as this one has.
        let page = format!("/api/listings/{}", t.bike);
        let (_, shown) = t.app.get(&page, Some(&t.buyer.token)).await;
        let phone = shown["sellerPhone"]
            .as_str()
            .expect("shown to a proven buyer")
            .to_owned();
        assert_eq!(shown["phoneInConversation"], false);
        assert!(shown.get("whatsapp").is_none(), "{shown}");

        // The phone takes WhatsApp: a chat link beside it, for those who see the phone.
        let path = format!("/api/products/{}", t.bike);
        let mut edit = listing_body(&t.category, "Yamaha R15", 4100);
        edit["onWhatsapp"] = json!(true);
        let (status, answer) = t
            .app
            .call(Method::PUT, &path, Some(&t.seller.token), edit.clone())
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let (_, linked) = t.app.get(&page, Some(&t.buyer.token)).await;
        let link = linked["whatsapp"].as_str().expect("a chat link").to_owned();
        assert!(link.starts_with("https://wa.me/8801"), "{link}");
        let (_, public) = t.app.get(&page, None).await;
        assert!(
            public.get("whatsapp").is_none() && public.get("sellerPhone").is_none(),
            "{public}"
        );

        // Kept for conversations: off the listing for everyone but its seller.
        edit["phoneInConversation"] = json!(true);
        let (status, answer) = t
            .app
            .call(Method::PUT, &path, Some(&t.seller.token), edit)
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let (_, kept) = t.app.get(&page, Some(&t.buyer.token)).await;
        assert_eq!(kept["phoneInConversation"], true);
        assert!(
            kept.get("sellerPhone").is_none() && kept.get("whatsapp").is_none(),
            "{kept}"
        );
        let mine = format!("/api/sellerProducts/{}", t.seller.email);
        let (_, own) = t.app.get(&mine, Some(&t.seller.token)).await;
        assert_eq!(
            own[0]["sellerPhone"],
            json!(phone),
            "the seller still has it"
        );

        // Share my number: the seller alone, once however often tapped.
        let share = format!("/api/conversations/{id}/share-number");
        let (status, _) = t.post(&t.buyer, &share, json!(null)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, shared) = t.post(&t.seller, &share, json!(null)).await;
        assert_eq!(status, StatusCode::OK, "{shared}");
        assert_eq!(
            shared["message"]["text"],
            json!(format!("My phone number: {phone}\nWhatsApp: {link}"))
        );
        let (_, again) = t.post(&t.seller, &share, json!(null)).await;
        assert_eq!(again["message"]["_id"], shared["message"]["_id"]);
        assert_eq!(again["events"], json!([]));
        let (status, _) = t.post(&t.stranger, &share, json!(null)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    })
    .await;
}
