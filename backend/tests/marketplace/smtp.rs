//! Mail through a real SMTP conversation: a small SMTP server started by the test
//! receives what the app sends with `SMTP_URL` and `MAIL_FROM`.

use std::sync::{Arc, Mutex};

use reqwest::{Method, StatusCode};
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

use super::support::{mails_in, Engine, ServerProcess, TestApp, TestDb, PASSWORD};

/// One mail as the SMTP server received it.
#[derive(Debug, Clone)]
struct Received {
    from: String,
    to: Vec<String>,
    data: String,
}

/// Accepts every mail (RFC 5321's minimal conversation) and keeps it.
async fn smtp_sink() -> (String, Arc<Mutex<Vec<Received>>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let url = format!("smtp://{}", listener.local_addr().expect("address"));
    let inbox = Arc::new(Mutex::new(Vec::new()));
    let kept = inbox.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let inbox = kept.clone();
            tokio::spawn(async move {
                let (read, mut write) = stream.into_split();
                let mut lines = BufReader::new(read).lines();
                let mut mail = Received {
                    from: String::new(),
                    to: Vec::new(),
                    data: String::new(),
                };
                write.write_all(b"220 sink.test ESMTP\r\n").await.ok()?;
                while let Some(line) = lines.next_line().await.ok()? {
                    let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
                    let reply: &[u8] = match verb.as_str() {
                        "EHLO" => b"250-sink.test\r\n250 8BITMIME\r\n",
                        "HELO" => b"250 sink.test\r\n",
                        "MAIL" => {
                            mail.from = line[10..].to_owned();
                            b"250 OK\r\n"
                        }
                        "RCPT" => {
                            mail.to.push(line[8..].to_owned());
                            b"250 OK\r\n"
                        }
                        "DATA" => {
                            write.write_all(b"354 go ahead\r\n").await.ok()?;
                            while let Some(line) = lines.next_line().await.ok()? {
                                if line == "." {
                                    break;
                                }
                                mail.data.push_str(&line);
                                mail.data.push_str("\r\n");
                            }
                            inbox.lock().expect("inbox").push(mail.clone());
                            b"250 queued\r\n"
                        }
                        "QUIT" => {
                            write.write_all(b"221 bye\r\n").await.ok()?;
                            return Some(());
                        }
                        _ => b"250 OK\r\n",
                    };
                    write.write_all(reply).await.ok()?;
                }
                Some(())
            });
        }
    });
    (url, inbox)
}

#[tokio::test]
async fn with_smtp_configured_the_verification_mail_goes_through_the_mail_server() {
    let (url, inbox) = smtp_sink().await;
    let Some(app) = TestApp::spawn_with(
        Engine::Sqlite,
        &[
            "--smtp-url",
            &url,
            "--mail-from",
            "BikeHaat <no-reply@bikehaat.test>",
        ],
    )
    .await
    else {
        return;
    };
    app.sign_up("rahim@example.com", "Rahim", "buyer").await;
    let mut received = None;
    for _ in 0..100 {
        received = inbox.lock().expect("inbox").first().cloned();
        if received.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let mail = received.expect("the SMTP server received a mail");
    assert!(mail.from.contains("no-reply@bikehaat.test"), "{mail:?}");
    assert_eq!(mail.to, vec!["<rahim@example.com>".to_owned()]);
    let text = super::support::unquote(&mail.data);
    assert!(
        text.contains("Subject: Confirm your email address for BikeHaat"),
        "{text}"
    );
    assert!(text.contains("multipart/alternative"), "{text}");
    let token = super::support::link_token(&text, "verify-email").expect("a verification link");
    let (status, body) = app
        .call(
            Method::POST,
            "/api/auth/verify-email",
            None,
            json!({"token": token, "password": PASSWORD}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(
        mails_in(&app.db().dir, "rahim@example.com").is_empty(),
        "nothing in the outbox"
    );
}

#[tokio::test]
async fn smtp_without_a_from_address_or_with_a_bad_url_is_refused_at_start_up() {
    let db = super::support::TestDb::new(Engine::Sqlite)
        .await
        .expect("SQLite");
    for (args, says) in [
        (vec!["--smtp-url", "smtp://127.0.0.1:2525"], "MAIL_FROM"),
        (
            vec!["--smtp-url", "gopher://nowhere", "--mail-from", "a@b.test"],
            "SMTP_URL",
        ),
        (vec!["--mail-from", "not an address"], "MAIL_FROM"),
    ] {
        let problem = TestApp::start_up_problem(&db, &args).await;
        assert!(problem.contains(says), "{args:?}: {problem}");
    }
}

#[tokio::test]
async fn a_server_on_every_address_mails_people_only_with_its_public_url() {
    let Some(db) = TestDb::new(Engine::Sqlite).await else {
        return;
    };
    let smtp = [
        "--smtp-url",
        "smtp://127.0.0.1:9",
        "--mail-from",
        "no-reply@bikehaat.test",
    ];
    let problem = TestApp::start_up_problem_on(&db, &smtp, "0.0.0.0:0").await;
    assert!(
        problem.contains("--public-url"),
        "no usable link for mails: {problem}"
    );
    // Writing mails to the outbox for the operator, the links name this machine.
    let Some(app) = TestApp::spawn_public(Engine::Sqlite, &[]).await else {
        return;
    };
    app.sign_up("rahim@example.com", "Rahim", "buyer").await;
    app.mailed_token("rahim@example.com", "verify-email").await;
    let mail = app.mails_to("rahim@example.com").pop().expect("a mail");
    assert!(mail.text.contains("http://localhost:"), "{}", mail.text);
    assert!(!mail.text.contains("0.0.0.0"), "{}", mail.text);
}

#[tokio::test]
async fn the_log_names_the_outbox_file_never_the_link() {
    let Some(db) = TestDb::new(Engine::Sqlite).await else {
        return;
    };
    let server = ServerProcess::start(&db).await;
    let client = reqwest::Client::new();
    let answer = client
        .post(format!("{}/api/auth/forgot-password", server.base))
        .json(&json!({"email": "rahim@example.com"}))
        .send()
        .await
        .expect("sent");
    assert_eq!(answer.status(), StatusCode::ACCEPTED);
    let answer = client
        .post(format!("{}/api/auth/signup", server.base))
        .json(&json!({"email": "rahim@example.com", "password": PASSWORD}))
        .send()
        .await
        .expect("sent");
    assert_eq!(answer.status(), StatusCode::CREATED);
    let mut log = String::new();
    for _ in 0..100 {
        log = server.log();
        if log.contains("mail written to the outbox") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(log.contains("mail written to the outbox"), "{log}");
    assert!(log.contains(".eml"), "{log}");
    assert!(!log.contains("token="), "a live link in the log: {log}");
}
