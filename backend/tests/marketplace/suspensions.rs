//! Warnings and suspensions (docs/trust.md): an admin warns a buyer or seller, who is
//! told; or suspends them: signed out everywhere, their bikes off every page, and kept
//! out — no sign-in, no new account with the same address, no phone of theirs on
//! another account. Over HTTP and live sockets, on both engines.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::live::{names, signed_in, Live, QUIET};
use super::store::fixtures::post_at_once;
use super::support::{audit_actions, on_both, Person, TestApp, PASSWORD};

async fn act(
    app: &TestApp,
    admin: &Person,
    who: &str,
    how: &str,
    body: Value,
) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        &format!("/api/users/{who}/{how}"),
        Some(&admin.token),
        body,
    )
    .await
}

#[tokio::test]
async fn a_warned_person_is_told_why_and_admins_are_neither_warned_nor_suspended() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let buyer = app.sign_up("sadia@example.com", "Sadia", "buyer").await;
        let (status, body) = act(&app, &admin, &buyer.id, "warn", json!({})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let (status, body) = act(
            &app,
            &admin,
            &buyer.id,
            "warn",
            json!({"reason": "Abusive messages to sellers"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, told) = app.get("/api/notifications", Some(&buyer.token)).await;
        assert_eq!(told["notifications"][0]["kind"], "warning");
        assert_eq!(
            told["notifications"][0]["message"],
            "An admin warned you: Abusive messages to sellers. Breaking the marketplace's \
             rules again may suspend your account."
        );
        // Warned, not suspended: they go on as before.
        let (status, _) = app
            .get(&format!("/api/users/{}", buyer.email), Some(&buyer.token))
            .await;
        assert_eq!(status, StatusCode::OK);

        for how in ["warn", "suspend"] {
            let (status, body) =
                act(&app, &admin, &admin.id, how, json!({"reason": "Testing"})).await;
            assert_eq!(
                (status, &body["reason"]),
                (StatusCode::CONFLICT, &json!("not_for_admins")),
                "{how}"
            );
            let (status, _) = act(&app, &admin, "999999", how, json!({"reason": "Testing"})).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{how}");
            let (status, _) = act(&app, &buyer, &admin.id, how, json!({"reason": "Testing"})).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{how} by a buyer");
        }
        let page = app.audit(&admin, "action=user.warned").await;
        assert_eq!(
            page["entries"][0]["targetLabel"],
            "Sadia <sadia@example.com>"
        );
        assert_eq!(page["entries"][0]["reason"], "Abusive messages to sellers");
    })
    .await;
}

#[tokio::test]
async fn a_suspended_seller_is_signed_out_their_bikes_leave_every_page_and_they_stay_out() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let category = app.category(&admin, "Commuter").await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let other = app.sign_up("rahim@example.com", "Rahim", "seller").await;
        let bike = app
            .list_bike(&seller, &category, "Honda CB Hornet", 2500)
            .await;
        let kept = app.list_bike(&other, &category, "Bajaj Pulsar", 1800).await;
        let mut visitor = Live::open(&app.base).await;
        let mut seller_live = signed_in(&app, &seller).await;
        let mut admin_live = signed_in(&app, &admin).await;

        let (status, body) = act(
            &app,
            &admin,
            &seller.id,
            "suspend",
            json!({"reason": "Took advances and never met"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let heard = visitor.drain(QUIET).await;
        assert_eq!(names(&heard), ["product.deleted"]);
        assert_eq!(heard[0]["data"]["_id"], bike.as_str());
        assert_eq!(
            names(&admin_live.drain(QUIET).await),
            ["product.deleted", "user.suspended"]
        );
        assert_eq!(
            app.get(&format!("/api/listings/{bike}"), None).await.0,
            StatusCode::NOT_FOUND
        );
        let (_, page) = app.get(&format!("/api/products/{category}"), None).await;
        let shown: Vec<&str> = page
            .as_array()
            .expect("a list")
            .iter()
            .map(|p| p["_id"].as_str().expect("id"))
            .collect();
        assert_eq!(shown, [kept.as_str()]);
        let (_, found) = app.get("/api/listings", None).await;
        assert_eq!(found["total"], 1);

        // Signed out everywhere: the old token, a new sign-in, the open socket.
        let (status, _) = app
            .get(&format!("/api/users/{}", seller.email), Some(&seller.token))
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let id_token = app.identity_token(&seller.email).await;
        let (status, body) = app
            .call(
                Method::PUT,
                &format!("/api/users/{}", seller.email),
                Some(&id_token),
                json!({"email": seller.email}),
            )
            .await;
        assert_eq!(
            (status, &body["reason"]),
            (StatusCode::FORBIDDEN, &json!("account_suspended")),
            "{body}"
        );
        assert_eq!(
            body["message"],
            "This account is suspended for breaking the marketplace's rules. If you think this \
             is a mistake, write to support@bikehaat.com.bd."
        );
        seller_live.drain(QUIET).await;
        act(
            &app,
            &admin,
            &seller.id,
            "warn",
            json!({"reason": "Still here"}),
        )
        .await;
        assert_eq!(
            names(&seller_live.drain(QUIET).await),
            Vec::<String>::new(),
            "no private events"
        );
        // Not again with the same address…
        let (status, body) = app
            .call(
                Method::POST,
                "/api/auth/signup",
                None,
                json!({"email": seller.email, "password": PASSWORD}),
            )
            .await;
        assert_eq!(
            (status, &body["reason"]),
            (StatusCode::FORBIDDEN, &json!("account_suspended")),
            "{body}"
        );
        // …nor with their phone on another account.
        let newcomer = app
            .sign_up("newcomer@example.com", "Newcomer", "buyer")
            .await;
        let (status, body) = app
            .call(
                Method::POST,
                "/api/phone",
                Some(&newcomer.token),
                json!({"phone": format!("+88017{:08}", seller.id.parse::<i64>().expect("id"))}),
            )
            .await;
        assert_eq!(
            (status, &body["reason"]),
            (StatusCode::CONFLICT, &json!("phone_taken")),
            "{body}"
        );

        let (status, body) = act(
            &app,
            &admin,
            &seller.id,
            "suspend",
            json!({"reason": "Again"}),
        )
        .await;
        assert_eq!(
            (status, &body["reason"]),
            (StatusCode::CONFLICT, &json!("already_suspended"))
        );
        let (_, sellers) = app.get("/api/allSeller", Some(&admin.token)).await;
        let karim = sellers
            .as_array()
            .expect("sellers")
            .iter()
            .find(|s| s["_id"] == seller.id.as_str())
            .expect("Karim");
        assert_eq!(karim["suspended"], true);
        assert_eq!(karim["suspendedReason"], "Took advances and never met");
        let rahim = sellers
            .as_array()
            .expect("sellers")
            .iter()
            .find(|s| s["_id"] == other.id.as_str())
            .expect("Rahim");
        assert_eq!(rahim["suspended"], false);

        let actions = audit_actions(&app.audit(&admin, "").await);
        assert_eq!(actions, ["user.warned", "user.suspended"]);
    })
    .await;
}

#[tokio::test]
async fn a_suspended_account_an_admin_then_removes_keeps_its_address_and_phone_out() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let number = format!("+88017{:08}", seller.id.parse::<i64>().expect("id"));
        act(
            &app,
            &admin,
            &seller.id,
            "suspend",
            json!({"reason": "Took advances"}),
        )
        .await;
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("/api/allSeller/{}", seller.id),
                Some(&admin.token),
                json!(null),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let newcomer = app
            .sign_up("newcomer@example.com", "Newcomer", "buyer")
            .await;
        let (status, body) = app
            .call(
                Method::POST,
                "/api/phone",
                Some(&newcomer.token),
                json!({"phone": number}),
            )
            .await;
        assert_eq!(
            (status, &body["reason"]),
            (StatusCode::FORBIDDEN, &json!("phone_removed")),
            "{body}"
        );
        let (status, body) = app
            .call(
                Method::POST,
                "/api/auth/signup",
                None,
                json!({"email": seller.email, "password": PASSWORD}),
            )
            .await;
        assert_eq!(
            (status, &body["reason"]),
            (StatusCode::FORBIDDEN, &json!("account_removed")),
            "{body}"
        );
        let actions = audit_actions(&app.audit(&admin, "").await);
        assert_eq!(actions, ["user.deleted", "user.suspended"]);
    })
    .await;
}

#[tokio::test]
async fn of_two_admins_suspending_at_once_one_does_and_the_other_is_told() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        for round in 0..3 {
            let buyer = app
                .sign_up(&format!("buyer{round}@example.com"), "Buyer", "buyer")
                .await;
            let path = format!("/api/users/{}/suspend", buyer.id);
            let mut statuses = post_at_once(
                &app.base,
                &admin.token,
                (0..2)
                    .map(|n| (path.clone(), json!({"reason": format!("Reason {n}")})))
                    .collect(),
            )
            .await;
            statuses.sort();
            assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT]);
            let page = app
                .audit(&admin, &format!("targetKind=user&targetId={}", buyer.id))
                .await;
            assert_eq!(
                audit_actions(&page),
                ["user.suspended"],
                "one suspension on record"
            );
        }
    })
    .await;
}
