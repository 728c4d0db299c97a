//! Reports with reasons and every admin action on record (docs/trust.md): buyers say why
//! they report a listing; admins see the reports grouped per listing and dismiss them
//! (reporters told, the listing stays) or remove the listing with a reason its seller
//! sees; each act lands on an audit log nobody can change. Over HTTP on both engines.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::live::{names, signed_in, Live, QUIET};
use super::store::fixtures::post_at_once;
use super::support::{audit_actions as actions, on_both, past_the_store, Person, TestApp};

async fn report(app: &TestApp, who: &Person, product: &str, body: Value) -> (StatusCode, Value) {
    app.call(
        Method::PATCH,
        &format!("/api/products/{product}"),
        Some(&who.token),
        body,
    )
    .await
}

async fn admin_post(app: &TestApp, admin: &Person, path: &str, body: Value) -> (StatusCode, Value) {
    app.call(Method::POST, path, Some(&admin.token), body).await
}

/// The latest notification's message for `who`.
async fn told(app: &TestApp, who: &Person) -> String {
    let (_, body) = app.get("/api/notifications", Some(&who.token)).await;
    body["notifications"][0]["message"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn buyers_say_why_they_report_and_an_admin_who_dismisses_tells_each_of_them() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Commuter").await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let sadia = app.sign_up("sadia@example.com", "Sadia", "buyer").await;
        let rafi = app.sign_up("rafi@example.com", "Rafi", "buyer").await;
        let bike = app
            .list_bike(&seller, &category, "Honda CB Hornet", 2500)
            .await;

        let (status, body) = report(
            &app,
            &sadia,
            &bike,
            json!({"report": "reported", "reason": "stolen"}),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            body["fields"]["reason"],
            "Please choose why you are reporting this bike"
        );
        let (status, body) = report(
            &app,
            &sadia,
            &bike,
            json!({"report": "reported", "reason": "other", "note": "x".repeat(501)}),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let (status, _) = report(
            &app,
            &sadia,
            &bike,
            json!({"report": "reported", "reason": "scam", "note": "Wants a bKash advance"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        // The spec's body, with no reason, is "other".
        assert_eq!(app.report(&rafi, &bike).await, StatusCode::OK);
        let (_, again) = report(
            &app,
            &sadia,
            &bike,
            json!({"report": "reported", "reason": "sold"}),
        )
        .await;
        assert_eq!(again["modifiedCount"], 0, "an open report stands as made");

        let (status, queue) = app.get("/api/reports", Some(&admin.token)).await;
        assert_eq!(status, StatusCode::OK, "{queue}");
        assert_eq!(queue.as_array().map(Vec::len), Some(1), "{queue}");
        let group = &queue[0];
        assert_eq!(group["listing"]["_id"], bike.as_str());
        assert_eq!(group["count"], 2);
        assert_eq!(
            group["reasons"],
            json!([{"reason": "scam", "count": 1}, {"reason": "other", "count": 1}])
        );
        assert_eq!(group["reports"][0]["reporterName"], "Sadia");
        assert_eq!(group["reports"][0]["note"], "Wants a bKash advance");
        assert_eq!(group["reports"][1]["reporterId"], rafi.id.as_str());
        for who in [&seller, &sadia] {
            let (status, _) = app.get("/api/reports", Some(&who.token)).await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            let path = format!("/api/reports/{bike}/dismiss");
            let (status, _) = app
                .call(Method::POST, &path, Some(&who.token), json!({}))
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN);
        }
        let (_, reported) = app.get("/api/reportedProducts", Some(&admin.token)).await;
        assert_eq!(reported[0]["_id"], bike.as_str());

        let mut admin_live = signed_in(&app, &admin).await;
        let mut sadia_live = signed_in(&app, &sadia).await;
        let mut visitor = Live::open(&app.base).await;
        let dismiss = format!("/api/reports/{bike}/dismiss");
        let (status, body) = admin_post(
            &app,
            &admin,
            &dismiss,
            json!({"note": "Price is fair, seller known"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["modifiedCount"], 2);
        // Every admin's queue drops it; each reporter hears only of their own report.
        let heard = admin_live.drain(QUIET).await;
        assert_eq!(names(&heard), ["report.dismissed"]);
        assert_eq!(heard[0]["data"]["_id"], bike.as_str());
        assert_eq!(
            names(&sadia_live.drain(QUIET).await),
            ["notification.created"]
        );
        assert_eq!(names(&visitor.drain(QUIET).await), Vec::<String>::new());
        for reporter in [&sadia, &rafi] {
            assert_eq!(
                told(&app, reporter).await,
                "An admin looked at your report of Honda CB Hornet and kept the listing up. \
                 Thank you for telling us."
            );
        }
        let (_, queue) = app.get("/api/reports", Some(&admin.token)).await;
        assert_eq!(queue, json!([]));
        let (_, reported) = app.get("/api/reportedProducts", Some(&admin.token)).await;
        assert_eq!(reported, json!([]));
        let (_, listing) = app.get(&format!("/api/listings/{bike}"), None).await;
        assert!(
            listing.get("report").is_none(),
            "no longer reported: {listing}"
        );
        let (status, body) = admin_post(&app, &admin, &dismiss, json!({})).await;
        assert_eq!(
            (status, &body["reason"]),
            (StatusCode::CONFLICT, &json!("no_open_reports"))
        );
        let (status, _) = admin_post(&app, &admin, "/api/reports/999999/dismiss", json!({})).await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        // A buyer who reports it anew opens their report again, saying why now.
        let (_, body) = report(
            &app,
            &sadia,
            &bike,
            json!({"report": "reported", "reason": "sold"}),
        )
        .await;
        assert_eq!(body["modifiedCount"], 1);
        let (_, queue) = app.get("/api/reports", Some(&admin.token)).await;
        assert_eq!(queue[0]["count"], 1);
        assert_eq!(queue[0]["reasons"], json!([{"reason": "sold", "count": 1}]));

        let page = app.audit(&admin, "action=reports.dismissed").await;
        let entry = &page["entries"][0];
        assert_eq!(entry["actorName"], "Ayesha Admin");
        assert_eq!(entry["targetKind"], "listing");
        assert_eq!(entry["targetId"], bike.as_str());
        assert_eq!(entry["targetLabel"], "Honda CB Hornet");
        assert_eq!(entry["reason"], "Price is fair, seller known");
    })
    .await;
}

#[tokio::test]
async fn a_removed_listing_tells_its_seller_why_and_its_reporters_that_it_is_gone() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Commuter").await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let sadia = app.sign_up("sadia@example.com", "Sadia", "buyer").await;
        let bike = app
            .list_bike(&seller, &category, "Bajaj Pulsar", 1800)
            .await;
        report(
            &app,
            &sadia,
            &bike,
            json!({"report": "reported", "reason": "duplicate"}),
        )
        .await;

        let remove = format!("/api/reports/{bike}/remove");
        let (status, body) = admin_post(&app, &admin, &remove, json!({})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            body["fields"]["reason"],
            "Please say why, so the seller can fix it"
        );
        let (status, body) =
            admin_post(&app, &admin, &remove, json!({"reason": "Listed twice"})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            app.get(&format!("/api/listings/{bike}"), None).await.0,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            told(&app, &seller).await,
            "An admin removed your listing Bajaj Pulsar: Listed twice."
        );
        assert_eq!(
            told(&app, &sadia).await,
            "An admin removed Bajaj Pulsar after your report. Thank you for telling us."
        );
        let (status, _) =
            admin_post(&app, &admin, &remove, json!({"reason": "Listed twice"})).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let page = app
            .audit(&admin, &format!("targetKind=listing&targetId={bike}"))
            .await;
        assert_eq!(actions(&page), ["listing.removed"]);
        assert_eq!(page["entries"][0]["reason"], "Listed twice");
    })
    .await;
}

#[tokio::test]
async fn of_two_admins_at_one_listings_reports_one_decides_and_the_other_is_told() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Commuter").await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let sadia = app.sign_up("sadia@example.com", "Sadia", "buyer").await;
        for round in 0..3 {
            let bike = app
                .list_bike(&seller, &category, &format!("Bike {round}"), 2000)
                .await;
            report(
                &app,
                &sadia,
                &bike,
                json!({"report": "reported", "reason": "scam"}),
            )
            .await;
            let statuses = post_at_once(
                &app.base,
                &admin.token,
                vec![
                    (format!("/api/reports/{bike}/dismiss"), json!({})),
                    (
                        format!("/api/reports/{bike}/remove"),
                        json!({"reason": "Scam"}),
                    ),
                ],
            )
            .await;
            let (status, _) = app.get(&format!("/api/listings/{bike}"), None).await;
            match statuses.as_slice() {
                // Dismissed first: the removal still removes a listing that is up.
                [StatusCode::OK, StatusCode::OK] => assert_eq!(status, StatusCode::NOT_FOUND),
                // Removed first: nothing is left to dismiss.
                [StatusCode::NOT_FOUND, StatusCode::OK] => {
                    assert_eq!(status, StatusCode::NOT_FOUND)
                }
                other => panic!("round {round}: {other:?}"),
            }
            let page = app
                .audit(&admin, &format!("targetKind=listing&targetId={bike}"))
                .await;
            let logged = actions(&page);
            assert_eq!(
                logged.len(),
                statuses.iter().filter(|s| **s == StatusCode::OK).count(),
                "one entry an act that happened: {logged:?}"
            );
        }
    })
    .await;
}

#[tokio::test]
async fn every_admin_act_is_on_an_audit_log_that_admins_filter_and_nobody_can_change() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn_with(engine, &["--first-listings-reviewed", "1"]).await
        else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Commuter").await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let buyer = app.sign_up("sadia@example.com", "Sadia", "buyer").await;

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
        let newcomer = app.sign_up("rahim@example.com", "Rahim", "seller").await;
        let held = app
            .list_bike(&newcomer, &category, "Suzuki Gixxer", 2600)
            .await;
        let reject = format!("/api/listing-reviews/{held}/reject");
        admin_post(&app, &admin, &reject, json!({"reason": "Blurred photos"})).await;
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("/api/allBuyer/{}", buyer.id),
                Some(&admin.token),
                json!(null),
            )
            .await;
        assert_eq!(status, StatusCode::OK);

        let page = app.audit(&admin, "").await;
        assert_eq!(
            actions(&page),
            ["user.deleted", "listing.rejected", "verification.approved"],
            "newest first"
        );
        let entries = &page["entries"];
        assert_eq!(entries[0]["targetLabel"], "Sadia <sadia@example.com>");
        assert_eq!(entries[1]["reason"], "Blurred photos");
        assert_eq!(entries[1]["targetLabel"], "Suzuki Gixxer");
        assert_eq!(entries[2]["targetLabel"], "Karim <karim@example.com>");
        assert_eq!(entries[2]["actorId"], admin.id.as_str());
        assert!(page.get("next").is_none());

        // Filtered and paged.
        assert_eq!(
            actions(&app.audit(&admin, "action=listing.rejected").await),
            ["listing.rejected"]
        );
        let target = format!("targetKind=user&targetId={}", seller.id);
        assert_eq!(
            actions(&app.audit(&admin, &target).await),
            ["verification.approved"]
        );
        let mine = format!("actorId={}", admin.id);
        assert_eq!(actions(&app.audit(&admin, &mine).await).len(), 3);
        let first = app.audit(&admin, "limit=2").await;
        assert_eq!(actions(&first).len(), 2);
        let next = first["next"].as_str().expect("a next page").to_owned();
        let rest = app.audit(&admin, &format!("limit=2&before={next}")).await;
        assert_eq!(actions(&rest), ["verification.approved"]);
        for bad in [
            "action=user.hugged",
            "limit=0",
            "limit=101",
            "targetKind=planet&targetId=1",
            "targetId=1",
            "actorId=abc",
        ] {
            let (status, body) = app
                .get(&format!("/api/audit?{bad}"), Some(&admin.token))
                .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {body}");
        }
        for (who, refused) in [
            (None, StatusCode::UNAUTHORIZED),
            (Some(&seller), StatusCode::FORBIDDEN),
        ] {
            let (status, _) = app.get("/api/audit", who.map(|p| p.token.as_str())).await;
            assert_eq!(status, refused);
        }

        // Nobody changes the record, not even with the database's own keys.
        let db = app.db();
        let changed = past_the_store!(db, |pool| async {
            sqlx::query("UPDATE audit_log SET reason = 'nothing happened'")
                .execute(&pool)
                .await
                .map(|_| ())
        });
        assert!(changed.is_err(), "an entry was changed");
        let deleted = past_the_store!(db, |pool| async {
            sqlx::query("DELETE FROM audit_log")
                .execute(&pool)
                .await
                .map(|_| ())
        });
        assert!(deleted.is_err(), "an entry was deleted");
        assert_eq!(actions(&app.audit(&admin, "").await).len(), 3);
    })
    .await;
}
