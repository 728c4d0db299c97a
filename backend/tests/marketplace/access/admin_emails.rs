//! `--admin-emails` makes admins of proven addresses only: when the address is proven,
//! and at the next sign-in of a proven user added to it later. Signing up first with an
//! admin's address gives a stranger nothing.

use reqwest::StatusCode;
use serde_json::json;

use super::{assert_refused, with, PUT};
use crate::marketplace::support::{on_both, Engine, ServerProcess, TestApp};

#[tokio::test]
async fn a_user_listed_in_admin_emails_becomes_admin_once_their_address_is_proven() {
    on_both(|engine| async move {
        let Some(app) =
            TestApp::spawn_with(engine, &["--admin-emails", " Boss@BikeHaat.Test "]).await
        else {
            return;
        };
        assert!(
            app.state.settings.is_admin_email("boss@bikehaat.test"),
            "{:?}",
            app.state.settings.admin_emails
        );
        let boss = app
            .sign_up_unconfirmed("boss@bikehaat.test", "The Boss", "seller")
            .await;
        let (_, user) = app.profile("boss@bikehaat.test").await;
        assert_eq!(
            user["role"], "seller",
            "an unproven address is nobody's: {user}"
        );
        assert_eq!(user["emailVerified"], false, "{user}");
        assert_refused(
            "an admin's address not proven yet, at an admin call",
            StatusCode::FORBIDDEN,
            app.get("/api/allSeller", Some(&boss.token)).await,
        );

        app.verify_email("boss@bikehaat.test").await;
        let (_, user) = app.profile("boss@bikehaat.test").await;
        assert_eq!(user["role"], "admin", "{user}");
        assert_eq!(user["emailVerified"], true, "{user}");
        let (status, body) = app.get("/api/allSeller", Some(&boss.token)).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "the new admin may use admin calls: {body}"
        );

        let plain = app
            .sign_up_unconfirmed("worker@bikehaat.test", "Worker", "seller")
            .await;
        app.verify_email("worker@bikehaat.test").await;
        let (_, user) = app.profile("worker@bikehaat.test").await;
        assert_eq!(user["role"], "seller", "only listed e-mails become admins");
        assert_refused(
            "a seller at an admin call",
            StatusCode::FORBIDDEN,
            app.get("/api/allSeller", Some(&plain.token)).await,
        );
    })
    .await;
}

#[tokio::test]
async fn a_buyer_added_to_admin_emails_becomes_admin_at_their_next_sign_in() {
    on_both(|engine| async move {
        let Some(before) = TestApp::spawn(engine).await else {
            return;
        };
        let x = before
            .sign_up_unconfirmed("x@y.test", "Xavier", "buyer")
            .await;
        before.verify_email("x@y.test").await;
        assert_refused(
            "a buyer at an admin call",
            StatusCode::FORBIDDEN,
            before.get("/api/allBuyer", Some(&x.token)).await,
        );

        // The marketplace restarts with x listed as an admin.
        let after = before.another_server(&["--admin-emails", "x@y.test"]).await;
        assert!(
            after.state.settings.is_admin_email("x@y.test"),
            "{:?}",
            after.state.settings.admin_emails
        );
        let (_, user) = after.profile("x@y.test").await;
        assert_eq!(
            user["role"], "buyer",
            "the role changes at sign-in, not before: {user}"
        );

        let id_token = after.identity_token("x@y.test").await;
        let (status, session) = after
            .call(
                PUT,
                "/api/users/x@y.test",
                Some(&id_token),
                json!({"email": "x@y.test"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{session}");
        assert_eq!(session["user"]["role"], "admin", "{session}");
        assert_eq!(
            session["user"]["_id"],
            x.id.as_str(),
            "the same user, not a new one"
        );
        let (_, user) = after.profile("x@y.test").await;
        assert_eq!(user["role"], "admin");
        let token = session["token"].as_str().expect("token");
        let (status, body) = after.get("/api/allBuyer", Some(token)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // The token from before works as admin too, on the other server as well, once its
        // read cache (which cannot see another process's writes) has let go of the buyer.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        let (status, body) = loop {
            let answer = before.get("/api/allBuyer", Some(&x.token)).await;
            if answer.0 == StatusCode::OK || std::time::Instant::now() > deadline {
                break answer;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        };
        assert_eq!(status, StatusCode::OK, "still not admin after 5 s: {body}");
        assert!(
            with(&body, "email", "x@y.test").is_empty(),
            "an admin is no longer a buyer: {body}"
        );
    })
    .await;
}

#[tokio::test]
async fn the_server_names_admins_whose_address_was_never_proven_when_it_starts() {
    // An admin made before addresses had to be proven may be whoever signed up first
    // with the address: the operator is told which admins to check.
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    app.sign_up_unconfirmed("early@bikehaat.test", "Early Admin", "seller")
        .await;
    app.sign_up_unconfirmed("proven@bikehaat.test", "Proven Admin", "seller")
        .await;
    app.verify_email("proven@bikehaat.test").await;
    for email in ["early@bikehaat.test", "proven@bikehaat.test"] {
        assert!(app.state.store.grant_admin(email).await.expect("grant"));
    }

    let server = ServerProcess::start(app.db()).await;
    let log = server.log();
    let warning = log
        .lines()
        .find(|line| line.contains("an admin whose address is not proven"))
        .unwrap_or_else(|| panic!("no warning in the log:\n{log}"));
    assert!(warning.contains("early@bikehaat.test"), "{warning}");
    assert!(
        !log.contains("proven@bikehaat.test"),
        "a proven admin is not named:\n{log}"
    );
}
