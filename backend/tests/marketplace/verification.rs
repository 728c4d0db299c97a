//! Sellers verified with evidence (docs/trust.md): a seller sends photos of their ID,
//! privately; an admin sees them, approves or rejects with a reason; the photos are
//! deleted once decided. Every transition over HTTP on both engines, who may do what,
//! that the photos are never served to anyone but admins, and the race of two admins.

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::store::fixtures::post_at_once;
use super::support::pictures::png;
use super::support::{on_both, Engine, Person, TestApp};

/// Sends a photo of the ID as `who`; the answer.
async fn send_photo(app: &TestApp, who: &Person, bytes: Vec<u8>) -> (StatusCode, Value) {
    let form = Form::new().part("image", Part::bytes(bytes).file_name("id.png"));
    let response = app
        .request(
            Method::POST,
            "/api/verification-requests/photos",
            Some(&who.token),
        )
        .multipart(form)
        .send()
        .await
        .expect("send a photo");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Three photos of `seller`'s, sent: their names as a request's body.
async fn three_photos(app: &TestApp, seller: &Person) -> Value {
    let mut names = Vec::new();
    for side in 0..3 {
        let (status, kept) = send_photo(app, seller, png(40 + side, 30)).await;
        assert_eq!(status, StatusCode::CREATED, "{kept}");
        names.push(kept["photo"].as_str().expect("photo").to_owned());
    }
    json!({"front": names[0], "back": names[1], "selfie": names[2]})
}

async fn ask(app: &TestApp, seller: &Person, photos: &Value) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        "/api/verification-requests",
        Some(&seller.token),
        photos.clone(),
    )
    .await
}

fn photo_file(app: &TestApp, seller: &Person, name: &str) -> PathBuf {
    app.db().dir.join("private/ids").join(&seller.id).join(name)
}

#[track_caller]
fn refused((status, body): (StatusCode, Value), want: StatusCode, reason: &str, message: &str) {
    assert_eq!(status, want, "{body}");
    assert_eq!(body["reason"], reason, "{body}");
    assert_eq!(body["message"], message, "{body}");
}

async fn get_photo(app: &TestApp, token: Option<&str>, name: &str) -> reqwest::Response {
    app.request(
        Method::GET,
        &format!("/api/verification-requests/photos/{name}"),
        token,
    )
    .send()
    .await
    .expect("ask for a photo")
}

#[tokio::test]
async fn an_admin_verifies_a_seller_from_the_photos_of_their_id_which_go_once_decided() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let buyer = app.sign_up("sadia@example.com", "Sadia", "buyer").await;
        let (_, none) = app
            .get("/api/verification-requests/mine", Some(&seller.token))
            .await;
        assert_eq!(none, Value::Null);

        // The photos are kept privately, under the seller's own folder, never served.
        let photos = three_photos(&app, &seller).await;
        let front = photos["front"].as_str().expect("front").to_owned();
        let file = photo_file(&app, &seller, &front);
        let mode = std::fs::metadata(&file)
            .expect("the photo is kept")
            .permissions()
            .mode();
        assert_eq!(mode & 0o077, 0, "readable by the server alone: {mode:o}");
        let (status, _) = app.get(&format!("/uploads/{front}"), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "not among the uploads");
        assert!(!app.db().dir.join("uploads").join(&front).exists());

        let (status, sent) = ask(&app, &seller, &photos).await;
        assert_eq!(status, StatusCode::CREATED, "{sent}");
        assert_eq!(sent["state"], "pending");
        assert_eq!(sent["sellerId"], seller.id.as_str());
        assert!(
            sent.get("photos").is_none(),
            "the photos' names are for admins: {sent}"
        );
        let (_, mine) = app
            .get("/api/verification-requests/mine", Some(&seller.token))
            .await;
        assert_eq!(mine["_id"], sent["_id"]);
        assert_eq!(mine["state"], "pending");
        refused(
            ask(&app, &seller, &three_photos(&app, &seller).await).await,
            StatusCode::CONFLICT,
            "verification_pending",
            "Your request is waiting for an admin already.",
        );

        // The queue and the photos are the admins' alone.
        for who in [&seller, &buyer] {
            let (status, _) = app
                .get("/api/verification-requests", Some(&who.token))
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            let response = get_photo(&app, Some(&who.token), &front).await;
            assert_eq!(response.status(), StatusCode::FORBIDDEN);
        }
        assert_eq!(
            get_photo(&app, None, &front).await.status(),
            StatusCode::UNAUTHORIZED
        );
        let (status, queue) = app
            .get("/api/verification-requests", Some(&admin.token))
            .await;
        assert_eq!(status, StatusCode::OK, "{queue}");
        assert_eq!(queue.as_array().map(Vec::len), Some(1), "{queue}");
        assert_eq!(queue[0]["sellerEmail"], "karim@example.com");
        assert_eq!(queue[0]["photos"], photos);
        let response = get_photo(&app, Some(&admin.token), &front).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["cache-control"], "no-store");
        // Re-encoded like every upload: served as what it is now.
        let (kind, magic): (&str, &[u8]) = if front.ends_with(".png") {
            ("image/png", b"\x89PNG")
        } else {
            ("image/jpeg", b"\xff\xd8\xff")
        };
        assert_eq!(response.headers()["content-type"], kind);
        let bytes = response.bytes().await.expect("the photo");
        assert!(bytes.starts_with(magic), "{kind}");
        for name in [
            "00000000000000000000000000000000.jpg",
            "..%2F..%2Fbikehaat.db",
            "x",
        ] {
            let response = get_photo(&app, Some(&admin.token), name).await;
            assert_eq!(response.status(), StatusCode::NOT_FOUND, "{name}");
        }

        let id = sent["_id"].as_str().expect("id").to_owned();
        let approve = format!("/api/verification-requests/{id}/approve");
        let (status, approved) = app
            .call(Method::POST, &approve, Some(&admin.token), json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{approved}");
        assert_eq!(approved["state"], "approved");
        assert!(approved["decidedAt"].is_string(), "{approved}");
        assert!(!file.exists(), "the photos go once decided");
        for name in ["back", "selfie"] {
            let other = photos[name].as_str().expect("name");
            assert!(!photo_file(&app, &seller, other).exists(), "{name}");
        }
        assert_eq!(
            get_photo(&app, Some(&admin.token), &front).await.status(),
            StatusCode::NOT_FOUND
        );
        let (_, me) = app
            .get(&format!("/api/users/{}", seller.email), Some(&seller.token))
            .await;
        assert_eq!(me["verification"], "verified", "{me}");
        let (_, queue) = app
            .get("/api/verification-requests", Some(&admin.token))
            .await;
        assert_eq!(queue, json!([]));
        let (_, told) = app.get("/api/notifications", Some(&seller.token)).await;
        assert_eq!(told["notifications"][0]["kind"], "verified", "{told}");

        refused(
            app.call(Method::POST, &approve, Some(&admin.token), json!(null))
                .await,
            StatusCode::CONFLICT,
            "verification_decided",
            "An admin has decided this request already.",
        );
        refused(
            ask(&app, &seller, &three_photos(&app, &seller).await).await,
            StatusCode::CONFLICT,
            "already_verified",
            "You are verified already.",
        );
    })
    .await;
}

#[tokio::test]
async fn a_rejection_says_why_and_the_seller_may_send_new_photos() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let photos = three_photos(&app, &seller).await;
        let (_, sent) = ask(&app, &seller, &photos).await;
        let reject = format!(
            "/api/verification-requests/{}/reject",
            sent["_id"].as_str().expect("id")
        );
        for empty in [json!({}), json!({"reason": "   "})] {
            let (status, body) = app
                .call(Method::POST, &reject, Some(&admin.token), empty)
                .await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert_eq!(body["codes"]["reason"], "required", "{body}");
            assert_eq!(
                body["fields"]["reason"],
                "Please say why, so the seller can fix it"
            );
        }
        let (status, rejected) = app
            .call(
                Method::POST,
                &reject,
                Some(&admin.token),
                json!({"reason": " The back of the ID is blurred "}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{rejected}");
        assert_eq!(rejected["state"], "rejected");
        assert_eq!(rejected["reason"], "The back of the ID is blurred");
        for name in ["front", "back", "selfie"] {
            let kept = photo_file(&app, &seller, photos[name].as_str().expect("name"));
            assert!(!kept.exists(), "{name} deleted");
        }
        let (_, mine) = app
            .get("/api/verification-requests/mine", Some(&seller.token))
            .await;
        assert_eq!(mine["state"], "rejected");
        assert_eq!(mine["reason"], "The back of the ID is blurred");
        let (_, told) = app.get("/api/notifications", Some(&seller.token)).await;
        let notice = &told["notifications"][0];
        assert_eq!(notice["kind"], "verification", "{told}");
        assert_eq!(notice["link"], "/dashboard/verification", "{told}");
        assert!(
            notice["message"]
                .as_str()
                .is_some_and(|m| m.contains("The back of the ID is blurred")),
            "{told}"
        );
        let (_, me) = app
            .get(&format!("/api/users/{}", seller.email), Some(&seller.token))
            .await;
        assert!(me.get("verification").is_none(), "{me}");

        // The old photos are gone with the decision: a new request needs new ones.
        let (status, body) = ask(&app, &seller, &photos).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let (status, again) = ask(&app, &seller, &three_photos(&app, &seller).await).await;
        assert_eq!(status, StatusCode::CREATED, "{again}");
        assert_eq!(again["state"], "pending");
    })
    .await;
}

#[tokio::test]
async fn a_request_names_only_photos_its_seller_sent() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let karim = app.sign_up("karim@example.com", "Karim", "seller").await;
    let rahim = app.sign_up("rahim@example.com", "Rahim", "seller").await;
    let buyer = app.sign_up("sadia@example.com", "Sadia", "buyer").await;
    let karims = three_photos(&app, &karim).await;
    for body in [
        karims.clone(),
        json!({"front": "../../bikehaat.db", "back": "a", "selfie": ""}),
        json!({}),
    ] {
        let (status, refused) = ask(&app, &rahim, &body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        for field in ["front", "back", "selfie"] {
            assert_eq!(refused["codes"][field], "not_an_image", "{refused}");
            assert_eq!(refused["fields"][field], "Please upload a photo");
        }
    }
    let (status, _) = send_photo(&app, &buyer, png(40, 30)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "buyers send no ID");
    let (status, body) = send_photo(&app, &karim, b"not an image".to_vec()).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    // An unproven seller keeps photos but asks nothing of the admins.
    let newcomer = app
        .sign_up_unconfirmed("sumon@example.com", "Sumon", "seller")
        .await;
    let theirs = three_photos(&app, &newcomer).await;
    let (status, body) = ask(&app, &newcomer, &theirs).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["reason"], "unverified");
}

#[tokio::test]
async fn the_sellers_page_verify_approves_the_pending_request_and_only_that() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let verify = format!("/api/allSeller/{}", seller.id);
        let body = json!({"verification": "verified"});
        refused(
            app.call(Method::PATCH, &verify, Some(&admin.token), body.clone())
                .await,
            StatusCode::CONFLICT,
            "no_verification_request",
            "This seller has not sent their ID yet.",
        );
        let (_, sellers) = app.get("/api/allSeller", Some(&admin.token)).await;
        assert!(sellers[0].get("verification").is_none(), "{sellers}");

        let photos = three_photos(&app, &seller).await;
        assert_eq!(ask(&app, &seller, &photos).await.0, StatusCode::CREATED);
        let (status, changed) = app
            .call(Method::PATCH, &verify, Some(&admin.token), body)
            .await;
        assert_eq!(status, StatusCode::OK, "{changed}");
        let (_, sellers) = app.get("/api/allSeller", Some(&admin.token)).await;
        assert_eq!(sellers[0]["verification"], "verified", "{sellers}");
        let (_, mine) = app
            .get("/api/verification-requests/mine", Some(&seller.token))
            .await;
        assert_eq!(mine["state"], "approved");
        let front = photos["front"].as_str().expect("front");
        assert!(!photo_file(&app, &seller, front).exists());
    })
    .await;
}

#[tokio::test]
async fn of_two_admins_deciding_at_once_one_wins() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        let (_, sent) = ask(&app, &seller, &three_photos(&app, &seller).await).await;
        let id = sent["_id"].as_str().expect("id").to_owned();
        let mut statuses = post_at_once(
            &app.base,
            &admin.token,
            vec![
                (
                    format!("/api/verification-requests/{id}/approve"),
                    json!(null),
                ),
                (
                    format!("/api/verification-requests/{id}/reject"),
                    json!({"reason": "Blurred"}),
                ),
            ],
        )
        .await;
        statuses.sort();
        assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT]);
        let (_, mine) = app
            .get("/api/verification-requests/mine", Some(&seller.token))
            .await;
        let (_, me) = app
            .get(&format!("/api/users/{}", seller.email), Some(&seller.token))
            .await;
        // The seller is verified exactly when the approval won.
        assert_eq!(
            mine["state"] == "approved",
            me["verification"] == "verified",
            "{mine} {me}"
        );
    })
    .await;
}

#[tokio::test]
async fn photos_no_pending_request_names_are_swept_and_the_pending_ones_kept() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
    let pending = three_photos(&app, &seller).await;
    assert_eq!(ask(&app, &seller, &pending).await.0, StatusCode::CREATED);
    let (_, stray) = send_photo(&app, &seller, png(50, 40)).await;
    let stray = stray["photo"].as_str().expect("photo").to_owned();
    let dir = app.db().dir.join("private/ids");
    let swept = bikehaat::routes::sweep_unused_ids(
        app.state.store.as_ref(),
        &dir,
        std::time::Duration::ZERO,
    )
    .await
    .expect("sweep");
    assert_eq!(swept, 1);
    assert!(!photo_file(&app, &seller, &stray).exists());
    for name in ["front", "back", "selfie"] {
        let kept = photo_file(&app, &seller, pending[name].as_str().expect("name"));
        assert!(kept.exists(), "{name} kept while its request waits");
    }
}

#[tokio::test]
async fn a_removed_sellers_photos_of_their_id_go_with_them() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let admin = app.admin().await;
    let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
    let photos = three_photos(&app, &seller).await;
    assert_eq!(ask(&app, &seller, &photos).await.0, StatusCode::CREATED);
    let folder = app.db().dir.join("private/ids").join(&seller.id);
    assert!(folder.exists());
    let (status, body) = app
        .call(
            Method::DELETE,
            &format!("/api/allSeller/{}", seller.id),
            Some(&admin.token),
            json!(null),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(!folder.exists(), "the seller's photos are deleted");
    let (_, queue) = app
        .get("/api/verification-requests", Some(&admin.token))
        .await;
    assert_eq!(queue, json!([]));
}
