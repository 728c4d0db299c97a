//! Reviews from real deals (docs/trust.md): only the buyer of a completed handover rates
//! the seller, once; the seller answers once; the rating shows on every card and on the
//! seller's public page, and every open page hears it change. Over HTTP, on both
//! engines.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::live::{names, Live, QUIET};
use super::store::fixtures::post_at_once;
use super::support::{on_both, Person, TestApp};

async fn review(app: &TestApp, who: &Person, body: Value) -> (StatusCode, Value) {
    app.call(Method::POST, "/api/reviews", Some(&who.token), body)
        .await
}

#[tokio::test]
async fn only_the_buyer_of_a_completed_deal_rates_its_seller_once_and_the_seller_answers_once() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Commuter").await;
        let seller = app
            .sign_up("karim@example.com", "Karim Motors", "seller")
            .await;
        let buyer = app.sign_up("sadia@example.com", "Sadia", "buyer").await;
        let stranger = app.sign_up("rafi@example.com", "Rafi", "buyer").await;
        let bike = app
            .list_bike(&seller, &category, "Honda CB Hornet", 2500)
            .await;
        let other = app
            .list_bike(&seller, &category, "Bajaj Pulsar", 1800)
            .await;
        let order = app.book(&buyer, &bike).await;
        let good =
            json!({"dealId": order, "stars": 5, "text": "Bike exactly as listed, papers ready"});

        // Before the handover there is nothing to review.
        let (status, body) = review(&app, &buyer, good.clone()).await;
        assert_eq!(
            (status, &body["reason"]),
            (StatusCode::CONFLICT, &json!("not_completed")),
            "{body}"
        );
        assert_eq!(
            body["message"],
            "You can review the seller once the bike is handed over."
        );
        app.complete_in_cash(&buyer, &seller, &order).await;

        for (bad, field, message) in [
            (
                json!({"dealId": order, "stars": 0, "text": "Fine"}),
                "stars",
                Some("Choose 1 to 5 stars"),
            ),
            (
                json!({"dealId": order, "stars": 6, "text": "Fine"}),
                "stars",
                Some("Choose 1 to 5 stars"),
            ),
            (
                json!({"dealId": order, "stars": "5", "text": "Fine"}),
                "stars",
                Some("Choose 1 to 5 stars"),
            ),
            (
                json!({"dealId": order, "stars": 4, "text": "  "}),
                "text",
                Some("Please say a few words about the deal"),
            ),
            (
                json!({"dealId": order, "stars": 4, "text": "x".repeat(501)}),
                "text",
                None,
            ),
        ] {
            let (status, body) = review(&app, &buyer, bad.clone()).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {body}");
            match message {
                Some(message) => assert_eq!(body["fields"][field], message, "{bad}: {body}"),
                None => assert!(body["fields"][field].is_string(), "{body}"),
            }
        }
        let (status, body) = review(&app, &stranger, good.clone()).await;
        assert_eq!(
            (status, &body["reason"]),
            (StatusCode::FORBIDDEN, &json!("not_your_booking")),
            "{body}"
        );
        let (status, _) = review(
            &app,
            &buyer,
            json!({"dealId": "999999", "stars": 5, "text": "Great"}),
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        let mut visitor = Live::open(&app.base).await;
        let (status, made) = review(&app, &buyer, good.clone()).await;
        assert_eq!(status, StatusCode::CREATED, "{made}");
        assert_eq!(made["stars"], 5);
        assert_eq!(made["buyerName"], "Sadia");
        assert_eq!(made["listingName"], "Honda CB Hornet");
        assert!(made.get("buyerEmail").is_none());
        let heard = visitor.drain(QUIET).await;
        assert_eq!(names(&heard), ["seller.rated"]);
        assert_eq!(
            heard[0]["data"],
            json!({"_id": seller.id, "sellerRating": {"average": 5.0, "count": 1}})
        );
        let (status, body) = review(&app, &buyer, good.clone()).await;
        assert_eq!(
            (status, &body["reason"]),
            (StatusCode::CONFLICT, &json!("already_reviewed")),
            "{body}"
        );
        let (_, told) = app.get("/api/notifications", Some(&seller.token)).await;
        assert_eq!(told["notifications"][0]["kind"], "review");
        assert_eq!(
            told["notifications"][0]["message"],
            "Sadia rated your deal for Honda CB Hornet 5 of 5."
        );
        assert_eq!(
            told["notifications"][0]["link"],
            format!("/sellers/{}", seller.id)
        );

        // Every card of the seller's shows it.
        let (_, card) = app.get(&format!("/api/listings/{other}"), None).await;
        assert_eq!(card["sellerRating"], json!({"average": 5.0, "count": 1}));
        let (_, found) = app.get("/api/listings", None).await;
        assert_eq!(found["listings"][0]["sellerRating"]["count"], 1, "{found}");

        // The seller answers once; nobody else answers.
        let id = made["_id"].as_str().expect("id").to_owned();
        let reply = format!("/api/reviews/{id}/reply");
        let other_seller = app.sign_up("rahim@example.com", "Rahim", "seller").await;
        let (status, _) = app
            .call(
                Method::POST,
                &reply,
                Some(&other_seller.token),
                json!({"text": "Thanks"}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = app
            .call(
                Method::POST,
                &reply,
                Some(&buyer.token),
                json!({"text": "Thanks"}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, body) = app
            .call(
                Method::POST,
                &reply,
                Some(&seller.token),
                json!({"text": "Thank you, ride safe!"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["reply"], "Thank you, ride safe!");
        let (status, body) = app
            .call(
                Method::POST,
                &reply,
                Some(&seller.token),
                json!({"text": "Again"}),
            )
            .await;
        assert_eq!(
            (status, &body["reason"]),
            (StatusCode::CONFLICT, &json!("already_replied"))
        );

        // The seller's public page.
        let (status, page) = app.get(&format!("/api/sellers/{}", seller.id), None).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(page["name"], "Karim Motors");
        assert_eq!(
            page["checks"],
            json!({"emailVerified": true, "phoneVerified": true, "idVerified": false})
        );
        assert_eq!(page["sellerRating"], json!({"average": 5.0, "count": 1}));
        assert_eq!(page["reviews"][0]["reply"], "Thank you, ride safe!");
        let shown: Vec<&str> = page["listings"]
            .as_array()
            .expect("listings")
            .iter()
            .map(|l| l["productName"].as_str().expect("name"))
            .collect();
        assert_eq!(shown, ["Bajaj Pulsar"], "the sold bike is not for sale");
        assert!(
            page["listings"][0].get("sellerEmail").is_none(),
            "visitors get the public form"
        );
        for nobody in [buyer.id.as_str(), admin.id.as_str(), "999999"] {
            let (status, _) = app.get(&format!("/api/sellers/{nobody}"), None).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{nobody}");
        }
        let (_, latest) = app.get("/api/reviews/latest", None).await;
        assert_eq!(latest[0]["text"], "Bike exactly as listed, papers ready");
    })
    .await;
}

#[tokio::test]
async fn a_rating_is_the_average_of_every_review_and_two_at_once_of_one_deal_make_one() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Commuter").await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let mut stars = Vec::new();
        for (n, given) in [5, 4, 4].into_iter().enumerate() {
            let buyer = app
                .sign_up(&format!("buyer{n}@example.com"), "Buyer", "buyer")
                .await;
            let bike = app
                .list_bike(&seller, &category, &format!("Bike {n}"), 2000)
                .await;
            let order = app.book(&buyer, &bike).await;
            app.complete_in_cash(&buyer, &seller, &order).await;
            let body = json!({"dealId": order, "stars": given, "text": "Good deal"});
            let statuses = post_at_once(
                &app.base,
                &buyer.token,
                vec![
                    ("/api/reviews".to_owned(), body.clone()),
                    ("/api/reviews".to_owned(), body),
                ],
            )
            .await;
            let mut sorted = statuses.clone();
            sorted.sort();
            assert_eq!(sorted, [StatusCode::CREATED, StatusCode::CONFLICT]);
            stars.push(given);
        }
        let (_, page) = app.get(&format!("/api/sellers/{}", seller.id), None).await;
        assert_eq!(
            page["sellerRating"],
            json!({"average": 4.3, "count": 3}),
            "{stars:?}"
        );
        let (_, fresh) = app
            .get(
                &format!(
                    "/api/sellers/{}",
                    app.sign_up("new@example.com", "New", "seller").await.id
                ),
                None,
            )
            .await;
        assert_eq!(
            fresh["sellerRating"],
            json!({"count": 0}),
            "no average without reviews"
        );
    })
    .await;
}
