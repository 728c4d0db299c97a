//! Failures answer with the right status and the error body docs/architecture.md describes,
//! whatever comes in.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::{answer, Described, Engine, TestApp};

fn assert_error_shape(body: &Value, code: &str) {
    assert_eq!(body["error"], code, "{body}");
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{body}"
    );
}

#[tokio::test]
async fn unknown_api_routes_and_methods_get_json_errors() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let (status, body) = app.get("/api/no-such-thing", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_error_shape(&body, "not_found");
    let (status, body) = app
        .call(Method::DELETE, "/api/categories", None, Value::Null)
        .await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_error_shape(&body, "method_not_allowed");
}

#[tokio::test]
async fn malformed_json_wrong_content_type_and_oversized_bodies_are_refused_cleanly() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let post = |body: &'static str, content_type: &'static str| {
        app.client
            .post(app.url("/api/auth/signup"))
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    let response = post("{\"email\": ", "application/json")
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_error_shape(&response.json().await.expect("json"), "bad_request");
    let response = post("email=a", "application/x-www-form-urlencoded")
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_error_shape(
        &response.json().await.expect("json"),
        "unsupported_media_type",
    );
    let response = post("\"just a string\"", "application/json")
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let huge = format!("{{\"email\": \"{}\"}}", "a".repeat(2 * 1024 * 1024));
    let response = app
        .client
        .post(app.url("/api/auth/signup"))
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_error_shape(&response.json().await.expect("json"), "payload_too_large");
}

#[tokio::test]
async fn odd_ids_and_odd_values_never_crash_the_server() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let admin = app.admin().await;
    let seller = app.sign_up("s@example.com", "Seller", "seller").await;
    for path in [
        "/api/products/abc",
        "/api/products/-1",
        "/api/products/99999999999999999999",
        "/api/products/0",
        "/api/paymentOrders/%00",
    ] {
        let (status, body) = app.get(path, Some(&admin.token)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {body}");
        assert_error_shape(&body, "not_found");
    }
    let category = app.category(&admin, "Sports").await;
    let weird = [
        json!({"categoryId": category, "resalePrice": {"$gt": 0}}),
        json!({"categoryId": [category], "productName": null}),
        json!({"categoryId": category, "resalePrice": 1e308, "purchaseYear": -2020, "yearsOfUse": 1.5}),
        json!({"categoryId": category, "productName": "\u{0000}bad", "resalePrice": "NaN"}),
    ];
    for body in weird {
        let (status, answer) = app
            .call(
                Method::PUT,
                "/api/products",
                Some(&seller.token),
                body.clone(),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body} → {answer}"
        );
        assert_error_shape(&answer, "validation");
        assert!(answer["fields"].is_object());
    }
    let (status, _) = app.get("/api/health", None).await;
    assert_eq!(status, StatusCode::OK, "still serving");
}

#[tokio::test]
async fn health_reports_the_database_and_openapi_describes_every_route() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let (status, health) = app.get("/api/health", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(health["status"], "ok");
    assert_eq!(health["database"], "sqlite");
    let (status, doc) = app.get("/api/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    let paths = doc["paths"].as_object().expect("paths");
    let expected = [
        ("/users/{email}", "get"),
        ("/users/{email}", "put"),
        ("/users/me/language", "put"),
        ("/users/me/start-selling", "post"),
        ("/phone", "post"),
        ("/phone/confirm", "post"),
        ("/verification-requests", "get"),
        ("/verification-requests", "post"),
        ("/verification-requests/mine", "get"),
        ("/verification-requests/photos", "post"),
        ("/verification-requests/photos/{name}", "get"),
        ("/verification-requests/{id}/approve", "post"),
        ("/verification-requests/{id}/reject", "post"),
        ("/listing-reviews", "get"),
        ("/listing-reviews/{id}/approve", "post"),
        ("/listing-reviews/{id}/reject", "post"),
        ("/reports", "get"),
        ("/reports/{id}/dismiss", "post"),
        ("/reports/{id}/remove", "post"),
        ("/audit", "get"),
        ("/users/{id}/warn", "post"),
        ("/users/{id}/suspend", "post"),
        ("/reviews", "post"),
        ("/reviews/{id}/reply", "post"),
        ("/reviews/latest", "get"),
        ("/sellers/{id}", "get"),
        ("/categories", "get"),
        ("/categories/{email}", "post"),
        ("/products/{id}", "get"),
        ("/products", "put"),
        ("/products/{id}", "patch"),
        ("/products/{id}", "delete"),
        ("/sellerProducts/{email}", "get"),
        ("/reportedProducts", "get"),
        ("/allBuyer", "get"),
        ("/allBuyer/{id}", "delete"),
        ("/allSeller", "get"),
        ("/allSeller/{id}", "delete"),
        ("/allSeller/{id}", "patch"),
        ("/advertise", "post"),
        ("/advertise", "get"),
        ("/orders", "post"),
        ("/orders/{id}", "get"),
        ("/orders/{id}", "delete"),
        ("/paymentOrders/{id}", "get"),
        ("/create-payment-intent", "post"),
        ("/payments", "post"),
        ("/auth/signup", "post"),
        ("/auth/login", "post"),
        ("/auth/logout", "post"),
        ("/auth/logout-everywhere", "post"),
        ("/auth/verify-email", "post"),
        ("/auth/verify-email/account", "post"),
        ("/auth/resend-verification", "post"),
        ("/auth/forgot-password", "post"),
        ("/auth/reset-password", "post"),
        ("/uploads", "post"),
        ("/test-mode/confirm-card", "post"),
        ("/webhooks/stripe", "post"),
        ("/health", "get"),
        ("/config", "get"),
        ("/live", "get"),
        ("/sellerOrders/{email}", "get"),
        ("/orders/{id}/decline", "post"),
        ("/orders/{id}/release", "post"),
        ("/orders/{id}/meeting", "post"),
        ("/orders/{id}/meeting/confirm", "post"),
        ("/orders/{id}/cash", "post"),
        ("/orders/{id}/bkash", "post"),
        ("/orders/{id}/methods", "get"),
        ("/bkash/callback", "get"),
        ("/orders/{id}/handover-code", "get"),
        ("/orders/{id}/handover-code", "post"),
        ("/orders/{id}/handover", "post"),
        ("/orders/{id}/call-off", "post"),
        ("/orders/{id}/receipt", "get"),
        ("/deals/{id}", "get"),
        ("/deals", "get"),
        ("/deals/{id}/release", "post"),
        ("/deals/{id}/capture", "post"),
        ("/conversations", "get"),
        ("/conversations", "post"),
        ("/conversations/{id}", "get"),
        ("/conversations/{id}/messages", "get"),
        ("/conversations/{id}/messages", "post"),
        ("/conversations/{id}/read", "post"),
        ("/conversations/{id}/offers", "post"),
        ("/offers/{id}/accept", "post"),
        ("/offers/{id}/decline", "post"),
        ("/offers/{id}/counter", "post"),
        ("/conversations/{id}/report", "post"),
        ("/conversations/{id}/share-number", "post"),
        ("/conversations/{id}/messages/{messageId}", "delete"),
        ("/blocks", "get"),
        ("/blocks", "post"),
        ("/blocks/{id}", "delete"),
        ("/reportedConversations", "get"),
        ("/reportedConversations/{id}/messages", "get"),
        ("/notifications", "get"),
        ("/notifications/read", "post"),
        ("/wishlist", "get"),
        ("/wishlist", "post"),
        ("/wishlist/{id}", "delete"),
        ("/products/{id}", "put"),
        ("/listings", "get"),
        ("/listings/fields", "get"),
        ("/listings/{id}", "get"),
    ];
    for (path, method) in expected {
        assert!(
            paths.get(path).and_then(|p| p.get(method)).is_some(),
            "{method} {path} missing from the OpenAPI description"
        );
    }
    let operations: usize = paths
        .values()
        .map(|p| p.as_object().map_or(0, |o| o.len()))
        .sum();
    assert_eq!(
        operations,
        expected.len(),
        "the description lists exactly the routes"
    );
    assert_eq!(doc["servers"][0]["url"], "/api");
}

#[tokio::test]
async fn every_answer_carries_a_request_id_for_the_logs() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let mut seen = Vec::new();
    for path in [
        "/api/categories",
        "/api/no-such-thing",
        "/",
        "/uploads/none.png",
    ] {
        let response = app
            .request(Method::GET, path, None)
            .send()
            .await
            .expect("sent");
        let id = response.headers()["x-request-id"]
            .to_str()
            .expect("ascii")
            .to_owned();
        assert_eq!(id.len(), 16, "{path}: {id}");
        assert!(!seen.contains(&id), "{path}: {id} given twice");
        seen.push(id);
    }
    let response = app
        .request(Method::GET, "/api/categories", None)
        .header("x-request-id", "lb-7f3a")
        .send()
        .await
        .expect("sent");
    assert_eq!(response.headers()["x-request-id"], "lb-7f3a");
}

/// What a caller sends instead of a JSON body the call can read.
const UNREADABLE_BODIES: [(&str, Option<&str>); 3] = [
    ("{\"email\": ", Some("application/json")),
    ("{}", None),
    ("[1, 2]", Some("application/json")),
];

#[tokio::test]
async fn every_call_with_a_json_body_documents_how_it_refuses_one_it_cannot_read() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let described = Described::default();
    let admin = app.admin().await;
    let buyer = app.sign_up("b@example.com", "Buyer", "buyer").await;
    let seller = app.sign_up("s@example.com", "Seller", "seller").await;
    let callers = [
        (None, "nobody@example.com"),
        (Some(&buyer), buyer.email.as_str()),
        (Some(&seller), seller.email.as_str()),
        (Some(&admin), admin.email.as_str()),
    ];
    let oversized = format!("{{\"email\": \"{}\"}}", "a".repeat(300 * 1024));
    let mut seen = std::collections::BTreeSet::new();
    for (method, template, operation) in described.operations() {
        if operation["requestBody"]["content"]["application/json"].is_null() {
            continue;
        }
        for (caller, email) in &callers {
            let path = template.replace("{id}", "1").replace("{email}", email);
            let bodies = UNREADABLE_BODIES
                .iter()
                .map(|(body, kind)| (body.to_string(), *kind))
                .chain([(oversized.clone(), Some("application/json"))]);
            for (body, content_type) in bodies {
                let mut request = app
                    .request(
                        method.to_uppercase().parse().expect("a method"),
                        &format!("/api{path}"),
                        None,
                    )
                    .body(body);
                if let Some(person) = caller {
                    request = request.bearer_auth(&person.token);
                }
                if let Some(kind) = content_type {
                    request = request.header("content-type", kind);
                }
                let (status, answer) = answer(request).await;
                described.assert_answer(&method, &template, status, &answer);
                seen.insert(status.as_u16());
            }
        }
    }
    // The refusals of the JSON extractor itself were met, not only sign-in's.
    for status in [400, 413, 415, 422] {
        assert!(
            seen.contains(&status),
            "no call answered {status}: {seen:?}"
        );
    }
}

#[tokio::test]
async fn the_live_socket_refuses_a_plain_request_as_documented() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let (status, body) = app.get("/api/live", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_error_shape(&body, "bad_request");
    Described::default().assert_answer("get", "/live", status, &body);
}

#[tokio::test]
async fn a_statement_stuck_behind_a_lock_is_ended_and_answered_503() {
    // PostgreSQL ends a statement past `statement_timeout` (30 s): a request waiting on a
    // lock some other session holds gets "try again" instead of waiting as long as it.
    let Some(app) = TestApp::spawn(Engine::Postgres).await else {
        return;
    };
    let db = app.db();
    let other = sqlx::PgPool::connect(&db.url)
        .await
        .expect("another session");
    let mut held = other.begin().await.expect("a transaction");
    sqlx::query("LOCK TABLE identities IN ACCESS EXCLUSIVE MODE")
        .execute(&mut *held)
        .await
        .expect("the lock");
    let sign_up = || {
        app.call(
            Method::POST,
            "/api/auth/signup",
            None,
            json!({"email": "rahim@example.com", "password": super::support::PASSWORD}),
        )
    };
    let started = std::time::Instant::now();
    let (status, body) = sign_up().await;
    let took = started.elapsed();
    held.rollback().await.expect("let go");
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["error"], "service_unavailable");
    assert!(
        took >= std::time::Duration::from_secs(29) && took < std::time::Duration::from_secs(60),
        "answered after {took:?}"
    );
    // Nothing was left half-done: the same sign-up goes through now.
    let (status, body) = sign_up().await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
}

#[tokio::test]
async fn a_create_sent_again_with_its_idempotency_key_is_done_once() {
    super::support::on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app.sign_up("s@example.com", "Seller", "seller").await;
        let category = app.category(&admin, "Sports").await;
        let body = super::support::listing_body(&category, "Yamaha R15", 4100);
        let send = |key: &'static str, body: Value| {
            let request = app
                .request(Method::PUT, "/api/products", Some(&seller.token))
                .header("idempotency-key", key)
                .json(&body);
            async move {
                let response = request.send().await.expect("an answer");
                let replayed = response.headers().contains_key("idempotent-replayed");
                let status = response.status();
                (
                    status,
                    response.json::<Value>().await.unwrap_or(Value::Null),
                    replayed,
                )
            }
        };
        // A retry after a lost answer gets the first answer again.
        let (first, created, _) = send("listing-1", body.clone()).await;
        let (again_status, again, replayed) = send("listing-1", body.clone()).await;
        assert_eq!(first, StatusCode::CREATED, "{created}");
        assert_eq!((again_status, replayed), (StatusCode::CREATED, true));
        assert_eq!(again, created, "the same answer");
        // Two sent at once: one is done, the other waits or repeats it.
        let (a, b) = futures_util::future::join(
            send("listing-0", body.clone()),
            send("listing-0", body.clone()),
        )
        .await;
        let mut statuses = [a.0, b.0];
        statuses.sort();
        assert!(
            statuses == [StatusCode::CREATED, StatusCode::CREATED]
                || statuses == [StatusCode::CREATED, StatusCode::CONFLICT],
            "{statuses:?}"
        );
        let (_, mine) = app
            .get("/api/sellerProducts/s@example.com", Some(&seller.token))
            .await;
        assert_eq!(
            mine.as_array().map(Vec::len),
            Some(2),
            "each key listed once: {mine}"
        );
        // The same key with another body is refused; a new key lists again.
        let other = super::support::listing_body(&category, "Honda CB", 3900);
        let (status, body, _) = send("listing-1", other.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let (status, _, replayed) = send("listing-2", other).await;
        assert_eq!((status, replayed), (StatusCode::CREATED, false));
        // A refusal is kept too: the same bad request is answered the same.
        let mut bad = body.clone();
        bad["resalePrice"] = json!(-1);
        let (status, _, _) = send("listing-3", bad.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        let (status, _, replayed) = send("listing-3", bad).await;
        assert_eq!((status, replayed), (StatusCode::UNPROCESSABLE_ENTITY, true));
        // Keys are each user's own.
        let other_seller = app.sign_up("o@example.com", "Other", "seller").await;
        let response = app
            .request(Method::PUT, "/api/products", Some(&other_seller.token))
            .header("idempotency-key", "listing-1")
            .json(&super::support::listing_body(
                &category,
                "Suzuki Gixxer",
                3000,
            ))
            .send()
            .await
            .expect("an answer");
        assert_eq!(response.status(), StatusCode::CREATED);
        assert!(!response.headers().contains_key("idempotent-replayed"));
    })
    .await;
}

#[tokio::test]
async fn the_stores_refusals_name_their_reason_beside_the_english_sentence() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let admin = app.admin().await;
    let category = app.category(&admin, "Commuters").await;
    let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
    let other = app.sign_up("nadia@example.com", "Nadia", "seller").await;
    let bike = app
        .list_bike(&seller, &category, "Bajaj Discover", 90_000)
        .await;
    let buyer = app.sign_up("rahim@example.com", "Rahim", "buyer").await;
    app.book(&buyer, &bike).await;

    let booking =
        json!({"bookingId": bike, "buyerPhone": "+880 1711-000000", "meetingLocation": "Banani"});
    let cases = [
        // 409: a rule the change would break.
        (
            app.call(Method::POST, "/api/orders", Some(&buyer.token), booking)
                .await,
            StatusCode::CONFLICT,
            "conflict",
            "already_booked",
            "You have already booked this bike.",
        ),
        // 404: what it names is not there.
        (
            app.call(
                Method::POST,
                "/api/wishlist",
                Some(&buyer.token),
                json!({"productId": "99999"}),
            )
            .await,
            StatusCode::NOT_FOUND,
            "not_found",
            "no_listing",
            "This bike is no longer listed.",
        ),
        // 403: another's.
        (
            app.call(
                Method::DELETE,
                &format!("/api/products/{bike}"),
                Some(&other.token),
                Value::Null,
            )
            .await,
            StatusCode::FORBIDDEN,
            "forbidden",
            "not_yours_to_delete",
            "You can only delete your own listings.",
        ),
    ];
    // Refusals made at the door name theirs too: the wrong role, no sign-in, a path id
    // that names nothing, an address nobody has.
    let door = [
        (
            app.get("/api/allBuyer", Some(&buyer.token)).await,
            StatusCode::FORBIDDEN,
            "forbidden",
            "admins_only",
            "Only an admin can do this.",
        ),
        (
            app.get("/api/allBuyer", None).await,
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "sign_in_needed",
            "Please sign in to continue.",
        ),
        (
            app.get("/api/products/not-an-id", None).await,
            StatusCode::NOT_FOUND,
            "not_found",
            "nothing_with_this_id",
            "Nothing was found with this id.",
        ),
        (
            app.get("/api/users/nobody@example.com", Some(&admin.token))
                .await,
            StatusCode::NOT_FOUND,
            "not_found",
            "no_such_user",
            "No user has this email address.",
        ),
    ];
    for ((status, body), expected, error, reason, message) in cases.into_iter().chain(door) {
        assert_eq!(status, expected, "{body}");
        assert_eq!(body["error"], error, "{body}");
        assert_eq!(body["reason"], reason, "{body}");
        assert_eq!(body["message"], message, "{body}");
    }
}
