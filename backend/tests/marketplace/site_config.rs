//! `GET /api/config`: what the page learns about the server before signing anyone in.

use bikehaat::config::{Cli, Command};
use clap::Parser;
use reqwest::StatusCode;
use serde_json::json;

use super::support::{on_both, Engine, TestApp};

#[tokio::test]
async fn without_firebase_the_page_is_told_google_sign_in_is_off_and_payments_are_test_mode() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let (status, config) = app.get("/api/config", None).await;
        assert_eq!(status, StatusCode::OK, "{config}");
        assert_eq!(
            config,
            json!({"signIn": {"firebase": null}, "payments": {"provider": "test", "methods": ["cash", "card"]}})
        );
    })
    .await;
}

#[tokio::test]
async fn with_firebase_the_page_gets_its_public_web_configuration_and_no_secret() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn_with(
            engine,
            &[
                "--firebase-project-id",
                "bikehaat-demo",
                "--firebase-api-key",
                "AIzaSy-public-web-key",
                "--firebase-auth-domain",
                "login.bikehaat.test",
                "--firebase-auth-emulator-host",
                "127.0.0.1:9099",
                "--jwt-secret",
                "a-secret-that-must-never-reach-the-page",
            ],
        )
        .await
        else {
            return;
        };
        let (status, config) = app.get("/api/config", Some("not-even-a-token")).await;
        assert_eq!(status, StatusCode::OK, "{config}");
        assert_eq!(
            config,
            json!({
                "signIn": {"firebase": {
                    "apiKey": "AIzaSy-public-web-key",
                    "authDomain": "login.bikehaat.test",
                    "projectId": "bikehaat-demo",
                    "emulatorHost": "127.0.0.1:9099",
                }},
                "payments": {"provider": "test", "methods": ["cash", "card"]},
            })
        );
        assert!(!config.to_string().contains("a-secret"));
    })
    .await;
}

#[tokio::test]
async fn the_auth_domain_defaults_to_the_projects_firebaseapp_domain() {
    let Some(app) = TestApp::spawn_with(
        Engine::Sqlite,
        &[
            "--firebase-project-id",
            "bikehaat-demo",
            "--firebase-api-key",
            "AIzaSy-public-web-key",
        ],
    )
    .await
    else {
        return;
    };
    let (_, config) = app.get("/api/config", None).await;
    assert_eq!(
        config["signIn"]["firebase"],
        json!({
            "apiKey": "AIzaSy-public-web-key",
            "authDomain": "bikehaat-demo.firebaseapp.com",
            "projectId": "bikehaat-demo",
        })
    );
}

#[test]
fn a_firebase_project_without_its_web_api_key_is_refused_at_start_up() {
    let cli = Cli::try_parse_from([
        "bikehaat",
        "serve",
        "--firebase-project-id",
        "bikehaat-demo",
    ])
    .expect("valid arguments");
    let Command::Serve(args) = cli.command else {
        unreachable!("serve was asked for")
    };
    let problem = args.firebase.web().expect_err("half a configuration");
    assert!(problem.contains("FIREBASE_API_KEY"), "{problem}");
}
