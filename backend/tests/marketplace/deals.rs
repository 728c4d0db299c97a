//! The deal over HTTP (docs/deals.md): the seller's decline and release with a reason,
//! and the two sides agreeing where and when to meet, with the spec's error shapes.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::{on_both, Person, TestApp};

struct Deal {
    app: TestApp,
    admin: Person,
    seller: Person,
    buyer: Person,
    order: String,
}

/// A bike, its seller, and a buyer whose booking holds it.
async fn deal(engine: super::support::Engine) -> Option<Deal> {
    let app = TestApp::spawn(engine).await?;
    let admin = app.admin().await;
    let seller = app
        .sign_up("seller@example.com", "Rahim Motors", "seller")
        .await;
    let buyer = app.sign_up("buyer@example.com", "Sadia", "buyer").await;
    let category = app.category(&admin, "Sports").await;
    let bike = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
    let order = app.book(&buyer, &bike).await;
    Some(Deal {
        app,
        admin,
        seller,
        buyer,
        order,
    })
}

impl Deal {
    async fn post(&self, who: &Person, path: &str, body: Value) -> (StatusCode, Value) {
        let path = format!("/api/orders/{}/{path}", self.order);
        self.app
            .call(Method::POST, &path, Some(&who.token), body)
            .await
    }
}

fn in_hours(hours: i64) -> String {
    (chrono::Utc::now() + chrono::Duration::hours(hours)).to_rfc3339()
}

#[tokio::test]
async fn a_meeting_is_proposed_with_a_place_and_a_time_to_come_and_agreed_by_the_other_side() {
    on_both(|engine| async move {
        let Some(d) = deal(engine).await else { return };
        for (body, field, message) in [
            (json!({"at": in_hours(5)}), "place", "Say where to meet"),
            (
                json!({"place": "   ", "at": in_hours(5)}),
                "place",
                "Say where to meet",
            ),
            (json!({"place": "Banani 11"}), "at", "Say when to meet"),
            (
                json!({"place": "Banani 11", "at": "tomorrow at five"}),
                "at",
                "Say when to meet",
            ),
            (
                json!({"place": "Banani 11", "at": in_hours(-1)}),
                "at",
                "Choose a time that is still to come",
            ),
            (
                json!({"place": "Banani 11", "at": in_hours(31 * 24)}),
                "at",
                "Choose a time within 30 days",
            ),
            (
                json!({"place": "x".repeat(201), "at": in_hours(5)}),
                "place",
                "Please keep this under 200 characters",
            ),
        ] {
            let (status, answer) = d.post(&d.buyer, "meeting", body.clone()).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
            assert_eq!(answer["fields"][field], message, "{body}: {answer}");
        }

        // Dhaka time on the wire: 17:30 at +06:00 is 11:30 UTC.
        let at = (chrono::Utc::now() + chrono::Duration::days(1))
            .with_timezone(&chrono::FixedOffset::east_opt(6 * 3600).expect("offset"))
            .format("%Y-%m-%dT17:30:00+06:00")
            .to_string();
        let (status, answer) = d
            .post(
                &d.buyer,
                "meeting",
                json!({"place": "Mirpur 10 roundabout", "at": at}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let updated = &answer["events"][0];
        assert_eq!(updated["event"], "deal.updated");
        let meeting = &updated["data"]["meeting"];
        assert_eq!(meeting["place"], "Mirpur 10 roundabout");
        assert_eq!(meeting["proposedBy"], "buyer");
        assert_eq!(meeting["proposal"], 1);
        assert_eq!(meeting["agreed"], false);
        let sent = chrono::DateTime::parse_from_rfc3339(&at).expect("sent");
        let kept = chrono::DateTime::parse_from_rfc3339(meeting["at"].as_str().expect("at"))
            .expect("kept");
        assert_eq!(sent, kept);

        let (status, answer) = d
            .post(&d.buyer, "meeting/confirm", json!({"proposal": 1}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert_eq!(
            answer["message"],
            "This is your own proposal: the other side confirms it."
        );
        let (status, answer) = d
            .post(&d.seller, "meeting/confirm", json!({"proposal": "one"}))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(
            answer["fields"]["proposal"],
            "Name the proposal you agree to"
        );
        let (status, answer) = d
            .post(&d.seller, "meeting/confirm", json!({"proposal": 1}))
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["events"][0]["data"]["meeting"]["agreed"], true);
        let (_, bell) = d.app.get("/api/notifications", Some(&d.buyer.token)).await;
        let newest = &bell["notifications"][0];
        assert_eq!(newest["kind"], "meeting");
        assert_eq!(newest["link"], "/dashboard/my-orders");
        let said = newest["message"].as_str().expect("message");
        assert!(
            said.starts_with("Rahim Motors agreed to meet at Mirpur 10 roundabout on "),
            "{said}"
        );
        assert!(said.contains("5:30 pm"), "in Dhaka's time: {said}");
    })
    .await;
}

#[tokio::test]
async fn the_seller_releases_with_a_reason_the_buyer_reads() {
    on_both(|engine| async move {
        let Some(d) = deal(engine).await else { return };
        let (status, answer) = d.post(&d.seller, "release", json!({"reason": ""})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(answer["fields"]["reason"], "Tell the buyer why");
        let (status, answer) = d.post(&d.buyer, "release", json!({"reason": "mine"})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
        let (status, answer) = d.post(&d.seller, "decline", json!({"reason": "no"})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert_eq!(
            answer["message"],
            "Only a booking waiting in line can be declined: release a reservation instead."
        );
        let (status, answer) = d
            .post(
                &d.seller,
                "release",
                json!({"reason": "The bike failed its fitness check"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let (_, orders) = d
            .app
            .get("/api/orders/buyer@example.com", Some(&d.buyer.token))
            .await;
        let mine = &orders[0];
        assert_eq!(mine["status"], "released");
        assert_eq!(mine["reason"], "The bike failed its fitness check");
        assert_eq!(mine["reservedUntil"], Value::Null);
        let (_, bell) = d.app.get("/api/notifications", Some(&d.buyer.token)).await;
        assert_eq!(
            bell["notifications"][0]["message"],
            "The seller released your reservation of Yamaha R15: The bike failed its fitness check"
        );
    })
    .await;
}

/// Waits (mail goes out in the background, at most five seconds) for a mail to `to`
/// whose subject is `subject`, and returns its text.
async fn mailed(app: &TestApp, to: &str, subject: &str) -> String {
    for _ in 0..100 {
        if let Some(mail) = app
            .mails_to(to)
            .into_iter()
            .find(|mail| mail.header("Subject").as_deref() == Some(subject))
        {
            return mail.text;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no mail {subject:?} reached {to} within 5 s");
}

#[tokio::test]
async fn cash_then_the_buyers_code_at_the_handover_completes_the_deal_with_receipts() {
    on_both(|engine| async move {
        let Some(d) = deal(engine).await else { return };
        let stranger = d.app.sign_up("other@example.com", "Tanvir", "buyer").await;
        let code_path = format!("/api/orders/{}/handover-code", d.order);
        let receipt_path = format!("/api/orders/{}/receipt", d.order);
        let (status, answer) = d.app.get(&code_path, Some(&d.buyer.token)).await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert_eq!(
            answer["message"],
            "A handover code is made once the buyer chooses how to pay."
        );
        let (status, _) = d.app.get(&receipt_path, Some(&d.buyer.token)).await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "no receipt before the handover"
        );

        let (status, answer) = d.post(&d.seller, "cash", json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
        let (status, answer) = d.post(&d.buyer, "cash", Value::Null).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let updated = &answer["events"][0];
        assert_eq!(updated["event"], "deal.updated");
        assert_eq!(updated["data"]["status"], "cash");
        assert_eq!(updated["data"]["method"], "cash");
        assert!(updated["data"]["reservedUntil"].is_string(), "{updated}");
        let (status, answer) = d.app.get(&code_path, Some(&d.seller.token)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
        assert_eq!(answer["message"], "Only the buyer sees the handover code.");
        let (status, shown) = d.app.get(&code_path, Some(&d.buyer.token)).await;
        assert_eq!(status, StatusCode::OK, "{shown}");
        assert_eq!(shown["locked"], false);
        let code = shown["code"].as_str().expect("code").to_owned();
        assert_eq!(code.len(), 6);
        // No list of bookings carries it.
        let (_, sold) = d
            .app
            .get(
                "/api/sellerOrders/seller@example.com",
                Some(&d.seller.token),
            )
            .await;
        let keys: Vec<&String> = sold[0].as_object().expect("a booking").keys().collect();
        assert!(
            keys.iter()
                .all(|k| !k.to_lowercase().contains("code") && !k.contains("handover")),
            "{keys:?}"
        );

        for (body, message) in [
            (json!({}), "Enter the buyer's six-digit code"),
            (json!({"code": "12345"}), "Enter the buyer's six-digit code"),
            (json!({"code": 123456}), "Enter the buyer's six-digit code"),
        ] {
            let (status, answer) = d.post(&d.seller, "handover", body.clone()).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
            assert_eq!(answer["fields"]["code"], message, "{body}");
        }
        let wrong = if code == "000000" { "000001" } else { "000000" };
        let (status, answer) = d.post(&d.seller, "handover", json!({"code": wrong})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(
            answer["fields"]["code"],
            "That is not the buyer's code: 4 tries left."
        );
        let (status, answer) = d.post(&d.buyer, "handover", json!({"code": code})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
        let (status, answer) = d
            .post(&d.seller, "handover", json!({"code": format!(" {code} ")}))
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let completed = answer["events"]
            .as_array()
            .expect("events")
            .iter()
            .find(|e| e["event"] == "deal.updated")
            .expect("the deal");
        assert_eq!(completed["data"]["status"], "completed");
        assert_eq!(completed["data"]["paid"], true);
        assert!(completed["data"]["completedAt"].is_string());

        for who in [&d.buyer, &d.seller] {
            let (status, receipt) = d.app.get(&receipt_path, Some(&who.token)).await;
            assert_eq!(status, StatusCode::OK, "{receipt}");
            assert_eq!(receipt["name"], "Yamaha R15");
            assert_eq!(receipt["price"], 4100);
            assert_eq!(receipt["method"], "cash");
            assert_eq!(receipt["buyerName"], "Sadia");
            assert_eq!(receipt["sellerName"], "Rahim Motors");
        }
        let (status, _) = d.app.get(&receipt_path, Some(&stranger.token)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let to_buyer = mailed(
            &d.app,
            "buyer@example.com",
            "Your BikeHaat receipt: Yamaha R15",
        )
        .await;
        assert!(
            to_buyer.contains("You bought Yamaha R15 from Rahim Motors"),
            "{to_buyer}"
        );
        assert!(to_buyer.contains("paid in cash"), "{to_buyer}");
        assert!(
            to_buyer.contains(&format!("/dashboard/receipts/{}", d.order)),
            "{to_buyer}"
        );
        let to_seller = mailed(
            &d.app,
            "seller@example.com",
            "Your BikeHaat receipt: Yamaha R15",
        )
        .await;
        assert!(
            to_seller.contains("You sold your Yamaha R15 to Sadia"),
            "{to_seller}"
        );
        // Admins read the deal's timeline; nobody else does.
        let timeline_path = format!("/api/deals/{}", d.order);
        for who in [&d.buyer, &d.seller] {
            let (status, _) = d.app.get(&timeline_path, Some(&who.token)).await;
            assert_eq!(status, StatusCode::FORBIDDEN);
        }
        let (status, timeline) = d.app.get(&timeline_path, Some(&d.admin.token)).await;
        assert_eq!(status, StatusCode::OK, "{timeline}");
        assert_eq!(timeline["booking"]["status"], "completed");
        let steps: Vec<(&str, &str)> = timeline["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .map(|t| {
                (
                    t["step"].as_str().unwrap_or(""),
                    t["by"].as_str().unwrap_or(""),
                )
            })
            .collect();
        assert_eq!(
            steps,
            [
                ("booked", "buyer"),
                ("cash", "buyer"),
                ("wrong_code", "seller"),
                ("completed", "seller")
            ]
        );
        assert_eq!(timeline["steps"][3]["amount"], 4100.0);
        assert_eq!(timeline["steps"][3]["byName"], "Rahim Motors");
        // Admins list the deals they look after, by status.
        let listed = |path: &'static str| {
            let (app, token) = (&d.app, d.admin.token.clone());
            async move { app.get(path, Some(&token)).await }
        };
        let ids = |list: &Value| -> Vec<String> {
            let list = list.as_array().cloned().unwrap_or_default();
            list.iter()
                .map(|b| b["_id"].as_str().unwrap_or("").to_owned())
                .collect()
        };
        let (status, all) = listed("/api/deals").await;
        assert_eq!(status, StatusCode::OK, "{all}");
        assert_eq!(ids(&all), std::slice::from_ref(&d.order));
        let (_, completed_ones) = listed("/api/deals?status=completed").await;
        assert_eq!(ids(&completed_ones), std::slice::from_ref(&d.order));
        let (_, held_ones) = listed("/api/deals?status=held").await;
        assert_eq!(ids(&held_ones), Vec::<String>::new());
        for wrong in ["/api/deals?status=waiting", "/api/deals?status=sold"] {
            let (status, body) = listed(wrong).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{wrong}: {body}");
        }
        let (status, _) = d.app.get("/api/deals", Some(&d.seller.token)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (_, listing) = d
            .app
            .get(
                &format!(
                    "/api/listings/{}",
                    completed["data"]["bookingId"].as_str().expect("id")
                ),
                None,
            )
            .await;
        assert_eq!(listing["availability"], "sold", "{listing}");
    })
    .await;
}

#[tokio::test]
async fn either_side_calls_a_cash_deal_off_with_a_reason_the_other_reads() {
    on_both(|engine| async move {
        let Some(d) = deal(engine).await else { return };
        let (status, answer) = d.post(&d.buyer, "call-off", json!({"reason": "x"})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert_eq!(
            answer["message"],
            "Only a deal whose payment is chosen can be called off: cancel or release the \
             booking instead."
        );
        let (status, _) = d.post(&d.buyer, "cash", json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let (status, answer) = d
            .app
            .call(
                Method::DELETE,
                &format!("/api/orders/{}", d.order),
                Some(&d.buyer.token),
                Value::Null,
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert_eq!(
            answer["message"],
            "You have chosen how to pay: call the deal off instead, saying why."
        );
        let (status, answer) = d.post(&d.seller, "call-off", json!({"reason": " "})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(answer["fields"]["reason"], "Say why");
        let (status, answer) = d
            .post(
                &d.seller,
                "call-off",
                json!({"reason": "The buyer did not come"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let names: Vec<&str> = answer["events"]
            .as_array()
            .expect("events")
            .iter()
            .filter_map(|e| e["event"].as_str())
            .collect();
        assert!(names.contains(&"product.available"), "{names:?}");
        let (_, orders) = d
            .app
            .get("/api/orders/buyer@example.com", Some(&d.buyer.token))
            .await;
        let mine = &orders[0];
        assert_eq!(mine["status"], "called_off");
        assert_eq!(mine["calledOffBy"], "seller");
        assert_eq!(mine["reason"], "The buyer did not come");
        let (_, bell) = d.app.get("/api/notifications", Some(&d.buyer.token)).await;
        let newest = &bell["notifications"][0];
        assert_eq!(newest["kind"], "called_off");
        assert_eq!(
            newest["message"],
            "Rahim Motors called off the deal for Yamaha R15: The buyer did not come"
        );
    })
    .await;
}
