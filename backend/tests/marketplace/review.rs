//! Listings reviewed when it matters (docs/trust.md): a new seller's first listings and
//! any whose words or price look like a scam wait for an admin, off every public page;
//! the admin approves (live everywhere, as a new listing) or rejects with a reason the
//! seller sees, whose edit sends it back. Every transition over HTTP on both engines,
//! who may see and decide what, what each socket hears, and two admins at once.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::live::{names, signed_in, Live, QUIET};
use super::store::fixtures::post_at_once;
use super::support::{inserted, listing_body, on_both, Person, TestApp};

/// The server as it runs unless told otherwise: a new seller's first two listings wait.
async fn reviewing(engine: super::support::Engine) -> Option<TestApp> {
    TestApp::spawn_with(engine, &["--first-listings-reviewed", "2"]).await
}

/// Lists `body` as `seller`; the new listing's id.
async fn list(app: &TestApp, seller: &Person, body: Value) -> String {
    let answer = app
        .call(Method::PUT, "/api/products", Some(&seller.token), body)
        .await;
    inserted("product", answer)
}

/// The listing's state as `who` reads it (404: not theirs to see).
async fn state_for(app: &TestApp, product: &str, who: Option<&Person>) -> (StatusCode, Value) {
    app.get(
        &format!("/api/listings/{product}"),
        who.map(|p| p.token.as_str()),
    )
    .await
}

/// The ids of the listings the admins' queue holds, oldest first, with their flags.
async fn queue(app: &TestApp, admin: &Person) -> Vec<(String, Value)> {
    let (status, body) = app.get("/api/listing-reviews", Some(&admin.token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body.as_array()
        .expect("a list")
        .iter()
        .map(|review| {
            (
                review["listing"]["_id"].as_str().expect("id").to_owned(),
                review["flags"].clone(),
            )
        })
        .collect()
}

/// Names the public lists show: the category page and a search with no words.
async fn public_names(app: &TestApp, category: &str) -> (Vec<String>, Vec<String>) {
    let names = |body: &Value| -> Vec<String> {
        body.as_array()
            .expect("a list")
            .iter()
            .map(|p| p["productName"].as_str().expect("name").to_owned())
            .collect()
    };
    let (_, in_category) = app.get(&format!("/api/products/{category}"), None).await;
    let (_, found) = app.get("/api/listings", None).await;
    (names(&in_category), names(&found["listings"]))
}

async fn decide(
    app: &TestApp,
    admin: &Person,
    product: &str,
    how: &str,
    body: Value,
) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        &format!("/api/listing-reviews/{product}/{how}"),
        Some(&admin.token),
        body,
    )
    .await
}

#[track_caller]
fn refused((status, body): (StatusCode, Value), want: StatusCode, reason: &str) {
    assert_eq!(status, want, "{body}");
    assert_eq!(body["reason"], reason, "{body}");
}

#[tokio::test]
async fn a_new_sellers_first_listings_wait_off_every_public_page_until_an_admin_approves() {
    on_both(|engine| async move {
        let Some(app) = reviewing(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Commuter").await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let buyer = app.sign_up("sadia@example.com", "Sadia", "buyer").await;

        let first = list(&app, &seller, listing_body(&category, "Honda CB Hornet", 2500)).await;
        let (status, mine) = state_for(&app, &first, Some(&seller)).await;
        assert_eq!(status, StatusCode::OK, "its seller reads it: {mine}");
        assert_eq!(mine["state"], "pending");
        let (status, seen) = state_for(&app, &first, Some(&admin)).await;
        assert_eq!((status, &seen["state"]), (StatusCode::OK, &json!("pending")));
        for who in [None, Some(&buyer)] {
            let (status, body) = state_for(&app, &first, who).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        }
        assert_eq!(public_names(&app, &category).await, (vec![], vec![]));
        let (_, own) = app
            .get(&format!("/api/sellerProducts/{}", seller.email), Some(&seller.token))
            .await;
        assert_eq!(own[0]["state"], "pending", "My Products shows it: {own}");

        // Nobody acts on a listing nobody may see; its seller cannot advertise it yet.
        let acts = [
            ("/api/orders", json!({"bookingId": first, "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani"})),
            ("/api/conversations", json!({"productId": first})),
            ("/api/wishlist", json!({"productId": first})),
        ];
        for (path, body) in acts {
            let (status, answer) = app.call(Method::POST, path, Some(&buyer.token), body).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {answer}");
        }
        assert_eq!(app.report(&buyer, &first).await, StatusCode::NOT_FOUND);
        refused(
            app.call(
                Method::POST,
                "/api/advertise",
                Some(&seller.token),
                json!({"advertiseId": first}),
            )
            .await,
            StatusCode::CONFLICT,
            "not_live",
        );

        // The queue is the admins'.
        assert_eq!(queue(&app, &admin).await, [(first.clone(), json!(["first_listing"]))]);
        for who in [&seller, &buyer] {
            let (status, _) = app.get("/api/listing-reviews", Some(&who.token)).await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            let (status, _) = decide(&app, who, &first, "approve", json!(null)).await;
            assert_eq!(status, StatusCode::FORBIDDEN);
        }
        let (status, _) = app.get("/api/listing-reviews", None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);

        let (status, approved) = decide(&app, &admin, &first, "approve", json!(null)).await;
        assert_eq!(status, StatusCode::OK, "{approved}");
        assert_eq!(approved["state"], "live");
        assert_eq!(
            public_names(&app, &category).await,
            (vec!["Honda CB Hornet".into()], vec!["Honda CB Hornet".into()])
        );
        let (status, public) = state_for(&app, &first, None).await;
        assert_eq!((status, &public["state"]), (StatusCode::OK, &json!("live")));
        assert_eq!(queue(&app, &admin).await, []);
        let (_, told) = app.get("/api/notifications", Some(&seller.token)).await;
        assert_eq!(told["notifications"][0]["kind"], "listing", "{told}");
        assert_eq!(
            told["notifications"][0]["message"],
            "An admin approved Honda CB Hornet: it is live for buyers now."
        );
        refused(
            decide(&app, &admin, &first, "approve", json!(null)).await,
            StatusCode::CONFLICT,
            "not_in_review",
        );
        refused(
            decide(&app, &admin, "999999", "approve", json!(null)).await,
            StatusCode::NOT_FOUND,
            "no_listing",
        );
        // Live now: buyers book it.
        app.book(&buyer, &first).await;

        // The second waits too; once two are live, the third is live at once.
        let second = list(&app, &seller, listing_body(&category, "Bajaj Pulsar 150", 1800)).await;
        assert_eq!(state_for(&app, &second, Some(&seller)).await.1["state"], "pending");
        decide(&app, &admin, &second, "approve", json!(null)).await;
        let third = list(&app, &seller, listing_body(&category, "TVS Apache RTR", 2100)).await;
        assert_eq!(state_for(&app, &third, None).await.1["state"], "live");

        // A verified seller is trusted from their first listing.
        let known = app.sign_up("rahim@example.com", "Rahim", "seller").await;
        app.ask_to_be_verified(&known).await;
        let (status, body) = app
            .call(
                Method::PATCH,
                &format!("/api/allSeller/{}", known.id),
                Some(&admin.token),
                json!({"verification": "verified"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let theirs = list(&app, &known, listing_body(&category, "Suzuki Gixxer", 2600)).await;
        assert_eq!(state_for(&app, &theirs, None).await.1["state"], "live");
    })
    .await;
}

#[tokio::test]
async fn a_rejected_listing_says_why_and_its_sellers_edit_sends_it_back_to_the_queue() {
    on_both(|engine| async move {
        let Some(app) = reviewing(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Sports").await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let bike = list(&app, &seller, listing_body(&category, "Yamaha R15", 3500)).await;
        let other = list(&app, &seller, listing_body(&category, "Yamaha MT-15", 3900)).await;

        for body in [json!({}), json!({"reason": "   "}), json!({"reason": null})] {
            let (status, answer) = decide(&app, &admin, &bike, "reject", body).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
            assert_eq!(
                answer["fields"]["reason"], "Please say why, so the seller can fix it",
                "{answer}"
            );
        }
        let (status, rejected) = decide(
            &app,
            &admin,
            &bike,
            "reject",
            json!({"reason": "The photo is of another bike"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{rejected}");
        assert_eq!(rejected["state"], "rejected");
        assert_eq!(rejected["stateReason"], "The photo is of another bike");
        let (_, mine) = state_for(&app, &bike, Some(&seller)).await;
        assert_eq!(mine["stateReason"], "The photo is of another bike");
        assert_eq!(state_for(&app, &bike, None).await.0, StatusCode::NOT_FOUND);
        let (_, told) = app.get("/api/notifications", Some(&seller.token)).await;
        assert_eq!(
            told["notifications"][0]["message"],
            "An admin did not approve Yamaha R15: The photo is of another bike. Change the \
             listing and it will be looked at again."
        );
        assert_eq!(
            queue(&app, &admin).await,
            [(other.clone(), json!(["first_listing"]))]
        );
        refused(
            decide(&app, &admin, &bike, "approve", json!(null)).await,
            StatusCode::CONFLICT,
            "not_in_review",
        );

        // The seller puts it right: back in the queue, at its back, as resubmitted; the
        // reason goes.
        let mut body = listing_body(&category, "Yamaha R15", 3400);
        body["description"] = json!("Own photos now. Call 01711-223344 after 5 pm.");
        let (status, answer) = app
            .call(
                Method::PUT,
                &format!("/api/products/{bike}"),
                Some(&seller.token),
                body,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let (_, mine) = state_for(&app, &bike, Some(&seller)).await;
        assert_eq!(mine["state"], "pending");
        assert!(mine.get("stateReason").is_none(), "{mine}");
        assert_eq!(
            queue(&app, &admin).await,
            [
                (other.clone(), json!(["first_listing"])),
                (
                    bike.clone(),
                    json!(["first_listing", "contact", "resubmitted"])
                )
            ]
        );
        // Edited while waiting, it keeps why it came and adds what the edit trips.
        let mut body = listing_body(&category, "Yamaha MT-15", 3900);
        body["description"] = json!("Send 2000 advance to hold it");
        app.call(
            Method::PUT,
            &format!("/api/products/{other}"),
            Some(&seller.token),
            body,
        )
        .await;
        assert_eq!(
            queue(&app, &admin).await,
            [
                (
                    bike.clone(),
                    json!(["first_listing", "contact", "resubmitted"])
                ),
                (other.clone(), json!(["first_listing", "money"])),
            ]
        );
        let (status, approved) = decide(&app, &admin, &bike, "approve", json!(null)).await;
        assert_eq!(
            (status, &approved["state"]),
            (StatusCode::OK, &json!("live"))
        );
    })
    .await;
}

#[tokio::test]
async fn words_and_prices_that_start_a_scam_hold_any_sellers_listing_for_review() {
    on_both(|engine| async move {
        // Every seller trusted from the start: only the listing's words and price count.
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Commuter").await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let with = |name: &str, price: u32, description: &str| {
            let mut body = listing_body(&category, name, price);
            body["description"] = json!(description);
            body["brand"] = json!("Yamaha");
            body["model"] = json!("FZS");
            body
        };
        let cases = [
            ("Yamaha FZS", "Call me on 017 1122 3344", json!(["contact"])),
            (
                "Yamaha FZS",
                "Send 5000 tk advance by bKash to hold it",
                json!(["money"]),
            ),
            ("Yamaha FZS", "বিকাশে অগ্রিম দিন", json!(["money"])),
            (
                "Yamaha FZS chorai",
                "Cheap, no questions",
                json!(["banned"]),
            ),
        ];
        let mut held = Vec::new();
        for (name, description, flags) in cases {
            let id = list(&app, &seller, with(name, 2000, description)).await;
            assert_eq!(
                state_for(&app, &id, Some(&seller)).await.1["state"],
                "pending",
                "{description}"
            );
            held.push((id, flags));
        }
        // Clean words, and the handover's ways of paying, go live at once.
        for price in [2000, 2100, 1900] {
            let id = list(
                &app,
                &seller,
                with("Yamaha FZS", price, "Cash or bKash at the handover"),
            )
            .await;
            assert_eq!(state_for(&app, &id, None).await.1["state"], "live");
        }
        // Under half the median of three live ones of the model is too good to be true.
        let cheap = list(
            &app,
            &seller,
            with("Yamaha FZS", 900, "Must sell this week"),
        )
        .await;
        held.push((cheap, json!(["low_price"])));
        let fair = list(
            &app,
            &seller,
            with("Yamaha FZS", 1100, "Must sell this week"),
        )
        .await;
        assert_eq!(state_for(&app, &fair, None).await.1["state"], "live");
        assert_eq!(queue(&app, &admin).await, held);

        // A live listing's edit stays live (docs/trust.md: what an edit sends back
        // is still to come).
        let body = with(
            "Yamaha FZS",
            1100,
            "Now with a new chain, call 01711-223344",
        );
        let (status, answer) = app
            .call(
                Method::PUT,
                &format!("/api/products/{fair}"),
                Some(&seller.token),
                body,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(state_for(&app, &fair, None).await.1["state"], "live");
    })
    .await;
}

#[tokio::test]
async fn of_two_admins_deciding_at_once_one_wins_and_the_other_is_told() {
    on_both(|engine| async move {
        // Every round's listing waits, however many were approved before it.
        let Some(app) = TestApp::spawn_with(engine, &["--first-listings-reviewed", "100"]).await
        else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Commuter").await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        for round in 0..4 {
            let id = list(
                &app,
                &seller,
                listing_body(&category, &format!("Bike {round}"), 2000),
            )
            .await;
            let statuses = post_at_once(
                &app.base,
                &admin.token,
                vec![
                    (format!("/api/listing-reviews/{id}/approve"), json!(null)),
                    (
                        format!("/api/listing-reviews/{id}/reject"),
                        json!({"reason": "Blurred photos"}),
                    ),
                ],
            )
            .await;
            let mut sorted = statuses.clone();
            sorted.sort();
            assert_eq!(sorted, [StatusCode::OK, StatusCode::CONFLICT]);
            let (_, now) = state_for(&app, &id, Some(&seller)).await;
            let approved = statuses[0] == StatusCode::OK;
            assert_eq!(
                now["state"],
                if approved { "live" } else { "rejected" },
                "{now}"
            );
            // The seller was told once, of the decision that won.
            let (_, told) = app.get("/api/notifications", Some(&seller.token)).await;
            let about: Vec<_> = told["notifications"]
                .as_array()
                .expect("notifications")
                .iter()
                .filter(|n| {
                    n["message"]
                        .as_str()
                        .is_some_and(|m| m.contains(&format!("Bike {round}")))
                })
                .collect();
            assert_eq!(about.len(), 1, "{told}");
        }
    })
    .await;
}

#[tokio::test]
async fn the_queue_fills_live_and_a_listing_appears_on_every_page_once_approved() {
    on_both(|engine| async move {
        let Some(app) = reviewing(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Commuter").await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let other = app.sign_up("rahim@example.com", "Rahim", "seller").await;
        let buyer = app.sign_up("sadia@example.com", "Sadia", "buyer").await;
        let mut anonymous = Live::open(&app.base).await;
        let mut buyer_live = signed_in(&app, &buyer).await;
        let mut seller_live = signed_in(&app, &seller).await;
        let mut other_live = signed_in(&app, &other).await;
        let mut admin_live = signed_in(&app, &admin).await;

        let bike = list(
            &app,
            &seller,
            listing_body(&category, "Honda CB Hornet", 2500),
        )
        .await;
        let asked = admin_live.drain(QUIET).await;
        assert_eq!(names(&asked), ["listing.review_requested"]);
        assert_eq!(asked[0]["data"]["listing"]["_id"], bike.as_str());
        assert_eq!(asked[0]["data"]["flags"], json!(["first_listing"]));
        for live in [
            &mut anonymous,
            &mut buyer_live,
            &mut seller_live,
            &mut other_live,
        ] {
            assert_eq!(names(&live.drain(QUIET).await), Vec::<String>::new());
        }

        // Its seller's edit while it waits: theirs and the admins' alone.
        let mut body = listing_body(&category, "Honda CB Hornet", 2400);
        body["description"] = json!("Serviced last week, papers up to date.");
        app.call(
            Method::PUT,
            &format!("/api/products/{bike}"),
            Some(&seller.token),
            body,
        )
        .await;
        assert_eq!(names(&seller_live.drain(QUIET).await), ["product.updated"]);
        assert_eq!(
            names(&admin_live.drain(QUIET).await),
            ["product.updated", "listing.review_requested"]
        );
        for live in [&mut anonymous, &mut buyer_live, &mut other_live] {
            assert_eq!(names(&live.drain(QUIET).await), Vec::<String>::new());
        }

        decide(&app, &admin, &bike, "approve", json!(null)).await;
        let seller_heard = seller_live.drain(QUIET).await;
        assert_eq!(
            names(&seller_heard),
            [
                "listing.reviewed",
                "notification.created",
                "product.created"
            ]
        );
        assert_eq!(seller_heard[0]["data"]["state"], "live");
        assert_eq!(
            names(&admin_live.drain(QUIET).await),
            ["listing.reviewed", "product.created"]
        );
        for live in [&mut anonymous, &mut buyer_live, &mut other_live] {
            let heard = live.drain(QUIET).await;
            assert_eq!(names(&heard), ["product.created"]);
            assert_eq!(heard[0]["data"]["_id"], bike.as_str());
        }

        // A rejection is its seller's and the admins' news alone.
        let second = list(&app, &seller, listing_body(&category, "Bajaj Pulsar", 1800)).await;
        admin_live.drain(QUIET).await;
        decide(
            &app,
            &admin,
            &second,
            "reject",
            json!({"reason": "Blurred photos"}),
        )
        .await;
        assert_eq!(
            names(&seller_live.drain(QUIET).await),
            ["listing.reviewed", "notification.created"]
        );
        assert_eq!(names(&admin_live.drain(QUIET).await), ["listing.reviewed"]);
        for live in [&mut anonymous, &mut buyer_live, &mut other_live] {
            assert_eq!(names(&live.drain(QUIET).await), Vec::<String>::new());
        }
    })
    .await;
}
