//! Proven before acting (docs/trust.md): booking, listing, messaging and offering wait
//! until a person has opened the link mailed to their address. The server refuses them
//! with 403 `unverified` before it reads the request's body, writes nothing, and lets
//! the same calls through once the link is opened.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::store::fixtures::listing;
use super::support::{listing_body, on_both, Person, TestApp};

const UNVERIFIED: &str =
    "Confirm your email address first: open the link we sent you, or ask for a new one.";

fn refused_until_proven((status, body): (StatusCode, Value), what: &str) {
    assert_eq!(status, StatusCode::FORBIDDEN, "{what}: {body}");
    assert_eq!(body["error"], "unverified", "{what}: {body}");
    assert_eq!(body["reason"], "unverified", "{what}: {body}");
    assert_eq!(body["message"], UNVERIFIED, "{what}: {body}");
}

fn booking(bike: &str) -> Value {
    json!({"bookingId": bike, "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani 11, Dhaka"})
}

async fn post(app: &TestApp, who: &Person, path: &str, body: Value) -> (StatusCode, Value) {
    app.call(Method::POST, path, Some(&who.token), body).await
}

#[tokio::test]
async fn a_person_whose_address_is_unproven_cannot_book_list_ask_or_offer_until_they_open_the_link()
{
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Sports").await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let bike = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let buyer = app
            .sign_up_unconfirmed("sadia@example.com", "Sadia", "buyer")
            .await;
        let newcomer = app
            .sign_up_unconfirmed("sumon@example.com", "Sumon", "seller")
            .await;

        refused_until_proven(
            post(&app, &buyer, "/api/orders", booking(&bike)).await,
            "booking",
        );
        // The door comes before the form: a body the form would refuse is not read.
        refused_until_proven(
            post(&app, &buyer, "/api/orders", json!({})).await,
            "an empty booking",
        );
        refused_until_proven(
            post(
                &app,
                &buyer,
                "/api/conversations",
                json!({"productId": bike}),
            )
            .await,
            "asking the seller",
        );
        refused_until_proven(
            app.call(
                Method::PUT,
                "/api/products",
                Some(&newcomer.token),
                listing_body(&category, "Honda CB Hornet", 2500),
            )
            .await,
            "listing",
        );
        // Nothing was written: the bike is on sale to everyone, the newcomer lists nothing.
        let (status, shown) = app.get(&format!("/api/listings/{bike}"), None).await;
        assert_eq!(status, StatusCode::OK, "{shown}");
        assert_eq!(shown["reserved"], false, "{shown}");
        let (status, theirs) = app
            .get(
                &format!("/api/sellerProducts/{}", newcomer.email),
                Some(&newcomer.token),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{theirs}");
        assert_eq!(theirs, json!([]), "the newcomer's listings");

        // Conversations an unproven person is already part of (an account from before
        // addresses were checked): they read, and write nothing until proven. The buyer
        // asked about the bike; a proven buyer asked about the newcomer's bike and offered.
        let store = app.state.store.as_ref();
        let asked = store
            .open_conversation(
                bike.parse().expect("id"),
                app.user_record(&buyer.email).await.id,
                true,
            )
            .await
            .expect("an earlier conversation")
            .id;
        let newcomer_record = app.user_record(&newcomer.email).await;
        let theirs = listing(
            store,
            category.parse().expect("id"),
            &newcomer_record,
            "Honda CB Hornet",
            250_000,
        )
        .await;
        let rahim = app.sign_up("rahim@example.com", "Rahim", "buyer").await;
        let (status, opened) = post(
            &app,
            &rahim,
            "/api/conversations",
            json!({"productId": theirs.to_string()}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "a proven buyer asks: {opened}");
        let with_newcomer = opened["conversation"]["_id"]
            .as_str()
            .expect("id")
            .to_owned();
        let (status, made) = post(
            &app,
            &rahim,
            &format!("/api/conversations/{with_newcomer}/offers"),
            json!({"amount": 2000, "clientId": "r-1"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "a proven buyer offers: {made}");
        let offer = made["offer"]["_id"].as_str().expect("offer id").to_owned();

        let (status, read) = app
            .get(
                &format!("/api/conversations/{asked}/messages"),
                Some(&buyer.token),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "reading stays open: {read}");
        let message = json!({"clientId": "m-1", "text": "Is it still there?"});
        refused_until_proven(
            post(
                &app,
                &buyer,
                &format!("/api/conversations/{asked}/messages"),
                message.clone(),
            )
            .await,
            "a message",
        );
        refused_until_proven(
            post(
                &app,
                &buyer,
                &format!("/api/conversations/{asked}/offers"),
                json!({"amount": 3500, "clientId": "o-1"}),
            )
            .await,
            "an offer",
        );
        refused_until_proven(
            post(
                &app,
                &newcomer,
                &format!("/api/offers/{offer}/counter"),
                json!({"amount": 2400, "clientId": "c-1"}),
            )
            .await,
            "a counter-offer",
        );
        refused_until_proven(
            post(
                &app,
                &newcomer,
                &format!("/api/conversations/{with_newcomer}/messages"),
                json!({"clientId": "n-1", "text": "Come and see it"}),
            )
            .await,
            "the seller's answer",
        );

        // The link opened, the same calls go through.
        app.verify_email(&buyer.email).await;
        app.verify_email(&newcomer.email).await;
        let (status, sent) = post(
            &app,
            &buyer,
            &format!("/api/conversations/{asked}/messages"),
            message,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "a message once proven: {sent}");
        let (status, countered) = post(
            &app,
            &newcomer,
            &format!("/api/offers/{offer}/counter"),
            json!({"amount": 2400, "clientId": "c-1"}),
        )
        .await;
        assert_eq!(
            status,
            StatusCode::OK,
            "a counter-offer once proven: {countered}"
        );
        let (status, booked) = post(&app, &buyer, "/api/orders", booking(&bike)).await;
        assert_eq!(
            status,
            StatusCode::CREATED,
            "a booking once proven: {booked}"
        );
        // Listing waits for a confirmed phone as well (the phone check's own tests).
        let list = || {
            app.call(
                Method::PUT,
                "/api/products",
                Some(&newcomer.token),
                listing_body(&category, "Suzuki Gixxer", 1900),
            )
        };
        let (status, refused) = list().await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
        assert_eq!(refused["reason"], "phone_unverified", "{refused}");
        app.confirm_phone(&newcomer).await;
        let (status, listed) = list().await;
        assert_eq!(
            status,
            StatusCode::CREATED,
            "a listing once proven: {listed}"
        );
    })
    .await;
}
