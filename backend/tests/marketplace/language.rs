//! The language a person reads the marketplace in: chosen before signing up and kept on
//! the new account, changed later with `PUT /api/users/me/language`, and shown on the
//! user so every device they sign in on opens in it.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::{on_both, TestApp, PASSWORD};

/// `PUT /api/users/me/language` as the holder of `token`: the status and the body.
async fn choose(app: &TestApp, token: &str, body: Value) -> (StatusCode, Value) {
    app.call(Method::PUT, "/api/users/me/language", Some(token), body)
        .await
}

#[tokio::test]
async fn a_signed_in_person_sets_their_language_and_every_device_reads_it() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let buyer = app.sign_up("mim@example.com", "Mim", "buyer").await;
        let (_, user) = app.profile("mim@example.com").await;
        assert_eq!(
            user["language"], "en",
            "an account starts in English: {user}"
        );

        let (status, user) = choose(&app, &buyer.token, json!({"language": "bn"})).await;
        assert_eq!(status, StatusCode::OK, "{user}");
        assert_eq!(user["language"], "bn");
        assert_eq!(user["email"], "mim@example.com");

        // Another device: the profile the page reads after signing in says Bangla, at
        // once (the signed-in user's cached record is not the one from before).
        let (status, profile) = app
            .call(
                Method::GET,
                "/api/users/mim@example.com",
                Some(&buyer.token),
                json!(null),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{profile}");
        assert_eq!(profile["language"], "bn");

        // Choosing the same again changes nothing and says so the same way.
        let (status, user) = choose(&app, &buyer.token, json!({"language": "bn"})).await;
        assert_eq!(
            (status, user["language"].clone()),
            (StatusCode::OK, json!("bn"))
        );

        let (status, user) = choose(&app, &buyer.token, json!({"language": "en"})).await;
        assert_eq!(
            (status, user["language"].clone()),
            (StatusCode::OK, json!("en"))
        );
    })
    .await;
}

#[tokio::test]
async fn only_english_or_bangla_is_taken_and_only_from_a_signed_in_person() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let seller = app.sign_up("karim@example.com", "Karim", "seller").await;
        for body in [
            json!({"language": "fr"}),
            json!({"language": "BN"}),
            json!({"language": ""}),
            json!({"language": 1}),
            json!({"language": null}),
            json!({}),
        ] {
            let (status, answer) = choose(&app, &seller.token, body.clone()).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {answer}");
            assert_eq!(answer["error"], "validation");
            assert_eq!(
                answer["fields"]["language"], "Choose English (en) or Bangla (bn)",
                "{body}: {answer}"
            );
        }
        let (_, user) = app.profile("karim@example.com").await;
        assert_eq!(user["language"], "en", "nothing refused was kept: {user}");

        let (status, _) = app
            .call(
                Method::PUT,
                "/api/users/me/language",
                None,
                json!({"language": "bn"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, _) = choose(&app, "not-a-token", json!({"language": "bn"})).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    })
    .await;
}

#[tokio::test]
async fn the_language_chosen_before_signing_up_is_kept_on_the_new_account_only() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let id_token = |email: &'static str| {
            let app = &app;
            async move {
                let (_, body) = app
                    .call(
                        Method::POST,
                        "/api/auth/signup",
                        None,
                        json!({"email": email, "password": PASSWORD}),
                    )
                    .await;
                body["idToken"].as_str().expect("idToken").to_owned()
            }
        };

        // A language that is neither is refused with the rest of the form.
        let token = id_token("rina@example.com").await;
        let (status, answer) = app
            .call(
                Method::PUT,
                "/api/users/rina@example.com",
                Some(&token),
                json!({"name": "Rina", "language": "hi"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(
            answer["fields"]["language"],
            "Choose English (en) or Bangla (bn)"
        );

        let (status, session) = app
            .call(
                Method::PUT,
                "/api/users/rina@example.com",
                Some(&token),
                json!({"name": "Rina", "language": "bn"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{session}");
        assert_eq!(session["user"]["language"], "bn");

        // Signing in again from an English device does not undo the account's choice.
        let (_, body) = app
            .call(
                Method::POST,
                "/api/auth/login",
                None,
                json!({"email": "rina@example.com", "password": PASSWORD}),
            )
            .await;
        let token = body["idToken"].as_str().expect("idToken");
        let (status, session) = app
            .call(
                Method::PUT,
                "/api/users/rina@example.com",
                Some(token),
                json!({"language": "en"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{session}");
        assert_eq!(session["user"]["language"], "bn");
    })
    .await;
}

#[tokio::test]
async fn each_person_reads_a_notification_in_their_own_language() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let admin = app.admin().await;
        let seller = app
            .sign_up("seller@example.com", "Rahim Motors", "seller")
            .await;
        let other_seller = app
            .sign_up("other@example.com", "Other Motors", "seller")
            .await;
        let buyer = app.sign_up("buyer@example.com", "Karim", "buyer").await;
        let (status, _) = choose(&app, &seller.token, json!({"language": "bn"})).await;
        assert_eq!(status, StatusCode::OK);
        let category = app.category(&admin, "Sports").await;
        let bangla_bike = app.list_bike(&seller, &category, "Yamaha R15", 4100).await;
        let english_bike = app
            .list_bike(&other_seller, &category, "Bajaj Pulsar", 2100)
            .await;

        app.book(&buyer, &bangla_bike).await;
        app.book(&buyer, &english_bike).await;

        let newest = |person: &super::support::Person| {
            let app = &app;
            let token = person.token.clone();
            async move {
                let (status, body) = app.get("/api/notifications", Some(&token)).await;
                assert_eq!(status, StatusCode::OK, "{body}");
                body["notifications"][0]["message"]
                    .as_str()
                    .expect("a notification")
                    .to_owned()
            }
        };
        let bangla = newest(&seller).await;
        assert!(
            bangla.starts_with("Karim আপনার Yamaha R15 বুক করেছেন।"),
            "{bangla}"
        );
        let english = newest(&other_seller).await;
        assert!(
            english.starts_with("Karim booked your Bajaj Pulsar."),
            "{english}"
        );
    })
    .await;
}

/// The mails `to` has, once there are more than `seen`, waiting up to five seconds.
async fn mails_after(app: &TestApp, to: &str, seen: usize) -> Vec<String> {
    for _ in 0..100 {
        let mails = app.mails_to(to);
        if mails.len() > seen {
            return mails.into_iter().map(|mail| mail.text).collect();
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("no new mail reached {to} within 5 s");
}

#[tokio::test]
async fn mails_are_written_in_the_accounts_language_or_before_it_the_pages() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        // Signing up from a page read in Bangla: the confirmation mail is in Bangla.
        let (status, body) = super::support::answer(
            app.request(Method::POST, "/api/auth/signup", None)
                .header("Accept-Language", "bn-BD,bn;q=0.9,en;q=0.8")
                .json(&json!({"email": "rina@example.com", "password": PASSWORD})),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let mails = mails_after(&app, "rina@example.com", 0).await;
        assert!(
            mails[0].contains("এই লিংকটি খুলুন") && !mails[0].contains("Please confirm"),
            "{}",
            mails[0]
        );

        // From an English page (and a browser that says nothing): in English.
        let karim = app.sign_up("karim@example.com", "Karim", "buyer").await;
        let mails = mails_after(&app, "karim@example.com", 0).await;
        assert!(mails[0].contains("Please confirm"), "{}", mails[0]);

        // Once the account reads Bangla, its mails do, whatever page asks for them.
        let (status, _) = choose(&app, &karim.token, json!({"language": "bn"})).await;
        assert_eq!(status, StatusCode::OK);
        let seen = app.mails_to("karim@example.com").len();
        let (status, body) = super::support::answer(
            app.request(Method::POST, "/api/auth/forgot-password", None)
                .header("Accept-Language", "en-US,en;q=0.9")
                .json(&json!({"email": "karim@example.com"})),
        )
        .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
        let mails = mails_after(&app, "karim@example.com", seen).await;
        let reset = mails.last().expect("the reset mail");
        assert!(reset.contains("নতুন পাসওয়ার্ড দিতে"), "{reset}");
    })
    .await;
}
