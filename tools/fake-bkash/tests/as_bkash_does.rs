//! The fake answers as bKash's Tokenized Checkout (v1.2.0-beta) does with the
//! authorization intent: the token grant and refresh, the API gateway's refusals of a
//! missing, expired or foreign token, Create Payment's refusals, the buyer's page and the
//! redirect to the merchant's callback, Execute, Query, Capture and Void with bKash's
//! error codes, lapsing authorisations, and faults.

use std::time::{Duration, Instant};

use fake_bkash::{
    FakeBkash, Fault, APP_KEY, APP_SECRET, AUTHORISATION_LIFETIME, INSUFFICIENT_BALANCE_WALLET,
    PASSWORD, SANDBOX_PIN, SANDBOX_WALLET, TOKEN_LIFETIME, USERNAME, WALLET_LIMIT,
};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.1 request to `base` (`http://host:port`).
async fn send(
    base: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Answer {
    let host = base.strip_prefix("http://").expect("http base");
    let mut stream = tokio::net::TcpStream::connect(host).await.expect("connect");
    let extra: String = headers
        .iter()
        .map(|(k, v)| format!("{k}: {v}\r\n"))
        .collect();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("send");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("answer");
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head");
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    Answer {
        status,
        headers,
        body: body.to_owned(),
    }
}

async fn grant(bkash: &FakeBkash) -> String {
    let answer = send(
        &bkash.base,
        "POST",
        "/tokenized/checkout/token/grant",
        &[
            ("Content-Type", "application/json"),
            ("username", USERNAME),
            ("password", PASSWORD),
        ],
        &json!({"app_key": APP_KEY, "app_secret": APP_SECRET}).to_string(),
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json()["id_token"]
        .as_str()
        .expect("id_token")
        .to_owned()
}

/// A payment call with the token and app key, as a merchant makes it.
async fn call(bkash: &FakeBkash, token: &str, path: &str, body: Value) -> (u16, Value) {
    let answer = send(
        &bkash.base,
        "POST",
        path,
        &[
            ("Content-Type", "application/json"),
            ("Accept", "application/json"),
            ("Authorization", token),
            ("X-APP-Key", APP_KEY),
        ],
        &body.to_string(),
    )
    .await;
    (answer.status, answer.json())
}

fn booking(invoice: &str, amount: &str, callback: &str) -> Value {
    json!({
        "mode": "0011",
        "payerReference": "01770618575",
        "callbackURL": callback,
        "amount": amount,
        "currency": "BDT",
        "intent": "authorization",
        "merchantInvoiceNumber": invoice,
    })
}

async fn create(bkash: &FakeBkash, token: &str, invoice: &str, amount: &str) -> Value {
    let (status, made) = call(
        bkash,
        token,
        "/tokenized/checkout/create",
        booking(
            invoice,
            amount,
            "https://bikehaat.test/payments/bkash/callback",
        ),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(made["statusCode"], "0000", "{made}");
    made
}

async fn on(bkash: &FakeBkash, token: &str, path: &str, id: &str) -> Value {
    let (status, body) = call(bkash, token, path, json!({"paymentID": id})).await;
    assert_eq!(status, 200, "{body}");
    body
}

const EXECUTE: &str = "/tokenized/checkout/execute";
const STATUS: &str = "/tokenized/checkout/payment/status";
const CAPTURE: &str = "/tokenized/checkout/payment/confirm/capture";
const VOID: &str = "/tokenized/checkout/payment/confirm/void";

fn path_of(url: &str) -> &str {
    let rest = url.strip_prefix("http://").expect("http url");
    &rest[rest.find('/').expect("a path")..]
}

/// The value of `<input … name="name" value="…">` on the page.
fn input_value<'a>(page: &'a str, name: &str) -> &'a str {
    let at = page
        .find(&format!("name=\"{name}\" value=\""))
        .unwrap_or_else(|| panic!("no {name} input: {page}"));
    let rest = &page[at..];
    let start = rest.find("value=\"").expect("value") + 7;
    let end = start + rest[start..].find('"').expect("end of value");
    &rest[start..end]
}

#[tokio::test]
async fn grants_and_refreshes_tokens_and_refuses_bad_credentials() {
    let bkash = FakeBkash::start().await;
    let body = json!({"app_key": APP_KEY, "app_secret": APP_SECRET}).to_string();
    let grant_with = |user: &'static str, password: &'static str, body: String| {
        let base = bkash.base.clone();
        async move {
            let headers = [("username", user), ("password", password)];
            send(
                &base,
                "POST",
                "/tokenized/checkout/token/grant",
                &headers,
                &body,
            )
            .await
        }
    };
    let granted = grant_with(USERNAME, PASSWORD, body.clone()).await;
    assert_eq!(granted.status, 200);
    let granted = granted.json();
    assert_eq!(granted["statusCode"], "0000");
    assert_eq!(granted["statusMessage"], "Successful");
    assert_eq!(granted["token_type"], "Bearer");
    assert_eq!(granted["expires_in"], 3600);
    let id_token = granted["id_token"].as_str().expect("id_token");
    let refresh_token = granted["refresh_token"].as_str().expect("refresh_token");

    // Wrong username or password, wrong app key or secret: refused with HTTP 200.
    let wrong = grant_with(USERNAME, "guess", body.clone()).await;
    assert_eq!(wrong.status, 200);
    assert_eq!(
        wrong.json(),
        json!({"statusCode": "9999", "statusMessage": "Username does not exist"})
    );
    let foreign = json!({"app_key": "someone-else", "app_secret": APP_SECRET}).to_string();
    let wrong = grant_with(USERNAME, PASSWORD, foreign).await;
    assert_eq!(
        wrong.json(),
        json!({"statusCode": "2001", "statusMessage": "Invalid App Key"})
    );

    // Refresh: a new id_token under the same refresh token.
    let refresh = |token: &str| {
        json!({"app_key": APP_KEY, "app_secret": APP_SECRET, "refresh_token": token}).to_string()
    };
    let headers = [("username", USERNAME), ("password", PASSWORD)];
    let path = "/tokenized/checkout/token/refresh";
    let refreshed = send(&bkash.base, "POST", path, &headers, &refresh(refresh_token)).await;
    let refreshed = refreshed.json();
    assert_eq!(refreshed["statusCode"], "0000", "{refreshed}");
    assert_eq!(refreshed["refresh_token"], refresh_token);
    let new_token = refreshed["id_token"].as_str().expect("id_token");
    assert_ne!(new_token, id_token);
    let (status, _) = call(
        &bkash,
        new_token,
        STATUS,
        json!({"paymentID": "TR0011none"}),
    )
    .await;
    assert_eq!(status, 200);
    let unknown = send(&bkash.base, "POST", path, &headers, &refresh("made-up")).await;
    assert_eq!(unknown.json()["statusCode"], "9999");
    assert_eq!(bkash.count("POST", "/token/grant"), 3);
    assert_eq!(bkash.count("POST", "/token/refresh"), 2);
}

#[tokio::test]
async fn payment_calls_need_a_live_token_and_the_app_key() {
    let bkash = FakeBkash::start().await;
    let token = grant(&bkash).await;
    let body = json!({"paymentID": "TR0011none"}).to_string();
    let asked = |headers: Vec<(&'static str, String)>| {
        let (base, body) = (bkash.base.clone(), body.clone());
        async move {
            let headers: Vec<(&str, &str)> =
                headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
            send(&base, "POST", STATUS, &headers, &body).await
        }
    };
    let bare = asked(vec![("X-APP-Key", APP_KEY.into())]).await;
    assert_eq!(bare.status, 401);
    assert_eq!(bare.json(), json!({"message": "Unauthorized"}));
    let made_up = asked(vec![
        ("Authorization", "nope".into()),
        ("X-APP-Key", APP_KEY.into()),
    ])
    .await;
    assert_eq!(made_up.status, 401);
    // With or without "Bearer ", header names in any case.
    for given in [token.clone(), format!("Bearer {token}")] {
        let fine = asked(vec![
            ("authorization", given),
            ("x-app-key", APP_KEY.into()),
        ])
        .await;
        assert_eq!(fine.status, 200, "{}", fine.body);
        assert_eq!(
            fine.json(),
            json!({"statusCode": "2002", "statusMessage": "Invalid Payment ID"})
        );
    }
    let foreign = asked(vec![
        ("Authorization", token.clone()),
        ("X-App-Key", "other".into()),
    ])
    .await;
    assert_eq!(foreign.status, 403);
    assert_eq!(foreign.json(), json!({"message": "Forbidden"}));

    // An hour later the token has expired.
    bkash.advance(TOKEN_LIFETIME - Duration::from_secs(1));
    let (status, _) = call(&bkash, &token, STATUS, json!({"paymentID": "x"})).await;
    assert_eq!(status, 200);
    bkash.advance(Duration::from_secs(1));
    let expired = asked(vec![
        ("Authorization", token.clone()),
        ("X-APP-Key", APP_KEY.into()),
    ])
    .await;
    assert_eq!(expired.status, 401);
    assert_eq!(
        expired.json(),
        json!({"message": "The incoming token has expired"})
    );
    let fresh = grant(&bkash).await;
    let (status, _) = call(&bkash, &fresh, STATUS, json!({"paymentID": "x"})).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn create_refuses_what_bkash_refuses() {
    let bkash = FakeBkash::start().await;
    let token = grant(&bkash).await;
    let callback = "https://bikehaat.test/cb";
    let refused = |change: Box<dyn FnOnce(&mut Value)>| {
        let (bkash, token) = (bkash.clone(), token.clone());
        async move {
            let mut body = booking("INV-1", "1500.00", callback);
            change(&mut body);
            let (status, answer) = call(&bkash, &token, "/tokenized/checkout/create", body).await;
            assert_eq!(status, 200, "{answer}");
            (
                answer["statusCode"].as_str().unwrap_or_default().to_owned(),
                answer["statusMessage"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
            )
        }
    };
    let missing = refused(Box::new(|b| {
        drop(b.as_object_mut().map(|o| o.remove("callbackURL")))
    }))
    .await;
    assert_eq!(missing, ("2065".into(), "Mandatory field missing".into()));
    let blank = refused(Box::new(|b| b["merchantInvoiceNumber"] = json!(""))).await;
    assert_eq!(blank.0, "2065");
    let mode = refused(Box::new(|b| b["mode"] = json!("0001"))).await;
    assert_eq!(
        mode,
        (
            "2063".into(),
            "Mode is not valid as per request data".into()
        )
    );
    for amount in ["0", "0.00", "-5", "12.345", "12.", "1e3", "abc", " 10"] {
        let bad = refused(Box::new(move |b| b["amount"] = json!(amount))).await;
        assert_eq!(bad, ("2006".into(), "Invalid amount".into()), "{amount}");
    }
    let currency = refused(Box::new(|b| b["currency"] = json!("USD"))).await;
    assert_eq!(currency, ("2007".into(), "Invalid currency".into()));
    let intent = refused(Box::new(|b| b["intent"] = json!("capture"))).await;
    assert_eq!(intent, ("2008".into(), "Invalid intent".into()));
    let url = refused(Box::new(|b| {
        b["callbackURL"] = json!("ftp://bikehaat.test")
    }))
    .await;
    assert_eq!(url, ("2049".into(), "Invalid Merchant Callback URL".into()));
    // More than a wallet can hold.
    let over = refused(Box::new(|b| b["amount"] = json!("500000.01"))).await;
    assert_eq!(over, ("2006".into(), "Invalid amount".into()));
    let answer = send(
        &bkash.base,
        "POST",
        "/tokenized/checkout/create",
        &[("Authorization", &token), ("X-APP-Key", APP_KEY)],
        "{not json",
    )
    .await;
    assert_eq!(answer.json()["statusCode"], "2025");

    // The most a wallet holds is fine, and so are "10" and "10.5".
    create(&bkash, &token, "INV-MAX", WALLET_LIMIT).await;
    let made = create(&bkash, &token, "INV-2", "10").await;
    assert_eq!(made["amount"], "10");
    create(&bkash, &token, "INV-3", "10.5").await;
}

#[tokio::test]
async fn the_same_invoice_and_amount_answer_the_same_payment() {
    let bkash = FakeBkash::start().await;
    let token = grant(&bkash).await;
    let first = create(&bkash, &token, "BH-7", "1500.00").await;
    let again = create(&bkash, &token, "BH-7", "1500.00").await;
    assert_eq!(again["paymentID"], first["paymentID"]);
    let other = create(&bkash, &token, "BH-7", "1600.00").await;
    assert_ne!(other["paymentID"], first["paymentID"]);
    // Once the buyer has finished with it, a new payment is made.
    bkash.cancel(first["paymentID"].as_str().expect("id"));
    let retry = create(&bkash, &token, "BH-7", "1500.00").await;
    assert_ne!(retry["paymentID"], first["paymentID"]);
}

/// A merchant's callback endpoint: the request line of the first request it gets.
async fn merchant() -> (String, tokio::task::JoinHandle<String>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    let got = tokio::spawn(async move {
        let (mut stream, _) = listener.accept().await.expect("the buyer comes back");
        let mut request = vec![0; 4096];
        let n = stream.read(&mut request).await.expect("request");
        let _ = stream
            .write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            .await;
        let request = String::from_utf8_lossy(&request[..n]).into_owned();
        request.lines().next().unwrap_or_default().to_owned()
    });
    (base, got)
}

#[tokio::test]
async fn the_buyer_approves_then_the_merchant_authorises_and_captures() {
    let bkash = FakeBkash::start().await;
    let token = grant(&bkash).await;
    let (shop, got) = merchant().await;
    let callback = format!("{shop}/payments/bkash/callback");
    let (_, made) = call(
        &bkash,
        &token,
        "/tokenized/checkout/create",
        booking("BH-42", "1500.00", &callback),
    )
    .await;
    assert_eq!(made["statusCode"], "0000", "{made}");
    assert_eq!(made["statusMessage"], "Successful");
    assert_eq!(made["transactionStatus"], "Initiated");
    assert_eq!(made["intent"], "authorization");
    assert_eq!(made["amount"], "1500.00");
    assert_eq!(made["currency"], "BDT");
    assert_eq!(made["merchantInvoiceNumber"], "BH-42");
    assert_eq!(made["callbackURL"], callback.as_str());
    let id = made["paymentID"].as_str().expect("paymentID").to_owned();
    assert_eq!(
        made["successCallbackURL"],
        format!("{callback}?paymentID={id}&status=success")
    );
    assert_eq!(
        made["failureCallbackURL"],
        format!("{callback}?paymentID={id}&status=failure")
    );
    assert_eq!(
        made["cancelledCallbackURL"],
        format!("{callback}?paymentID={id}&status=cancel")
    );
    let created = made["paymentCreateTime"].as_str().expect("time");
    assert!(created.ends_with(" GMT+0600"), "{created}");

    // Executing before the buyer approved is refused.
    let early = on(&bkash, &token, EXECUTE, &id).await;
    assert_eq!(early["statusCode"], "2060", "{early}");

    // The buyer's page: the amount, the invoice, the wallet pre-filled.
    let url = made["bkashURL"].as_str().expect("bkashURL");
    assert!(url.starts_with(&bkash.base), "{url}");
    let page = send(&bkash.base, "GET", path_of(url), &[], "").await;
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .unwrap_or_default()
        .starts_with("text/html"));
    assert!(page.body.contains("1500.00"), "{}", page.body);
    assert!(page.body.contains("BH-42"));
    assert_eq!(input_value(&page.body, "wallet"), SANDBOX_WALLET);
    assert!(page.body.contains("method=\"post\" action=\"/checkout\""));
    let form = format!(
        "paymentID={}&wallet={}&pin={SANDBOX_PIN}&action=confirm",
        input_value(&page.body, "paymentID"),
        input_value(&page.body, "wallet"),
    );
    let form_headers = [("Content-Type", "application/x-www-form-urlencoded")];
    // A PIN that is not five digits is refused on the page.
    let bad_pin = form.replace(SANDBOX_PIN, "12");
    let again = send(&bkash.base, "POST", "/checkout", &form_headers, &bad_pin).await;
    assert_eq!(again.status, 200);
    assert!(again.body.contains("Invalid PIN"));
    let confirmed = send(&bkash.base, "POST", "/checkout", &form_headers, &form).await;
    assert_eq!(confirmed.status, 303, "{}", confirmed.body);
    let back = confirmed.header("location").expect("a redirect").to_owned();
    assert_eq!(back, made["successCallbackURL"].as_str().expect("url"));
    // The buyer's browser follows it to the merchant.
    let followed = send(&shop, "GET", path_of(&back), &[], "").await;
    assert_eq!(followed.status, 200);
    assert_eq!(
        got.await.expect("merchant"),
        format!("GET /payments/bkash/callback?paymentID={id}&status=success HTTP/1.1")
    );

    // Execute: authorised, the money held on the wallet.
    let executed = on(&bkash, &token, EXECUTE, &id).await;
    assert_eq!(executed["statusCode"], "0000", "{executed}");
    assert_eq!(executed["transactionStatus"], "Authorized");
    assert_eq!(executed["paymentID"], id.as_str());
    assert_eq!(executed["intent"], "authorization");
    assert_eq!(executed["amount"], "1500.00");
    assert_eq!(executed["currency"], "BDT");
    assert_eq!(executed["merchantInvoiceNumber"], "BH-42");
    assert_eq!(executed["customerMsisdn"], SANDBOX_WALLET);
    assert_eq!(executed["payerReference"], "01770618575");
    let trx = executed["trxID"].as_str().expect("trxID").to_owned();
    assert!(executed["paymentExecuteTime"].is_string());
    assert_eq!(bkash.balance(SANDBOX_WALLET), "498500.00");
    let status = on(&bkash, &token, STATUS, &id).await;
    assert_eq!(status["transactionStatus"], "Authorized");
    assert_eq!(status["trxID"], trx.as_str());

    // Executing again is refused.
    let twice = on(&bkash, &token, EXECUTE, &id).await;
    assert_eq!(
        twice,
        json!({"statusCode": "2117", "statusMessage": "Payment execution already completed"})
    );

    // Capture: completed, answered with `paymentId`.
    let captured = on(&bkash, &token, CAPTURE, &id).await;
    assert_eq!(captured["statusCode"], "0000", "{captured}");
    assert_eq!(captured["transactionStatus"], "Completed");
    assert_eq!(captured["paymentId"], id.as_str());
    assert!(captured.get("paymentID").is_none());
    assert_eq!(captured["trxID"], trx.as_str());
    assert!(captured["createTime"].is_string() && captured["updateTime"].is_string());
    // A second capture, or a void after it, is refused.
    let again = on(&bkash, &token, CAPTURE, &id).await;
    assert_eq!(
        again,
        json!({"statusCode": "2119", "statusMessage": "Authorized payment already processed"})
    );
    let void = on(&bkash, &token, VOID, &id).await;
    assert_eq!(void["statusCode"], "2119");
    assert_eq!(
        on(&bkash, &token, STATUS, &id).await["transactionStatus"],
        "Completed"
    );
    assert_eq!(bkash.payment(&id)["transactionStatus"], "Completed");
    assert_eq!(bkash.balance(SANDBOX_WALLET), "498500.00");
    assert_eq!(bkash.count("POST", "/execute"), 3);
    assert_eq!(bkash.count("POST", "/confirm/capture"), 2);
}

#[tokio::test]
async fn a_void_cancels_the_authorisation_and_releases_the_money() {
    let bkash = FakeBkash::start().await;
    let token = grant(&bkash).await;
    let made = create(&bkash, &token, "BH-43", "2500.50").await;
    let id = made["paymentID"].as_str().expect("id");
    let back = bkash.approve(id);
    assert!(
        back.ends_with(&format!("?paymentID={id}&status=success")),
        "{back}"
    );
    assert_eq!(
        on(&bkash, &token, EXECUTE, id).await["transactionStatus"],
        "Authorized"
    );
    assert_eq!(bkash.balance(SANDBOX_WALLET), "497499.50");
    let voided = on(&bkash, &token, VOID, id).await;
    assert_eq!(voided["statusCode"], "0000", "{voided}");
    assert_eq!(voided["transactionStatus"], "Cancelled");
    assert_eq!(voided["paymentId"], id);
    assert_eq!(
        on(&bkash, &token, STATUS, id).await["transactionStatus"],
        "Cancelled"
    );
    assert_eq!(bkash.balance(SANDBOX_WALLET), "500000.00");
    assert_eq!(on(&bkash, &token, CAPTURE, id).await["statusCode"], "2119");
    assert_eq!(on(&bkash, &token, EXECUTE, id).await["statusCode"], "2117");
}

#[tokio::test]
async fn a_cancel_or_a_failure_on_the_page_cannot_be_executed() {
    let bkash = FakeBkash::start().await;
    let token = grant(&bkash).await;
    let made = create(&bkash, &token, "BH-44", "1500.00").await;
    let id = made["paymentID"].as_str().expect("id");
    let form = format!("paymentID={id}&wallet={SANDBOX_WALLET}&pin=&action=cancel");
    let headers = [("Content-Type", "application/x-www-form-urlencoded")];
    let cancelled = send(&bkash.base, "POST", "/checkout", &headers, &form).await;
    assert_eq!(cancelled.status, 303);
    assert_eq!(
        cancelled.header("location"),
        made["cancelledCallbackURL"].as_str()
    );
    let refused = on(&bkash, &token, EXECUTE, id).await;
    assert_eq!(
        refused,
        json!({"statusCode": "2056", "statusMessage": "Invalid Payment State"})
    );
    assert_eq!(
        on(&bkash, &token, STATUS, id).await["transactionStatus"],
        "Cancelled"
    );
    assert_eq!(on(&bkash, &token, CAPTURE, id).await["statusCode"], "2056");
    // The page no longer takes it.
    let page = send(
        &bkash.base,
        "GET",
        &format!("/checkout?paymentID={id}"),
        &[],
        "",
    )
    .await;
    assert!(!page.body.contains("<form"), "{}", page.body);

    // bKash's sandbox wallet without balance: the buyer is sent back with failure.
    let made = create(&bkash, &token, "BH-45", "1500.00").await;
    let id = made["paymentID"].as_str().expect("id");
    let form =
        format!("paymentID={id}&wallet={INSUFFICIENT_BALANCE_WALLET}&pin=12121&action=confirm");
    let failed = send(&bkash.base, "POST", "/checkout", &headers, &form).await;
    assert_eq!(failed.status, 303);
    assert_eq!(
        failed.header("location"),
        made["failureCallbackURL"].as_str()
    );
    assert_eq!(on(&bkash, &token, EXECUTE, id).await["statusCode"], "2056");
    assert_eq!(
        on(&bkash, &token, STATUS, id).await["transactionStatus"],
        "Failed"
    );

    // A wallet given too little balance fails the same way.
    bkash.set_balance("01770618576", "100.00");
    let made = create(&bkash, &token, "BH-46", "1500.00").await;
    let id = made["paymentID"].as_str().expect("id");
    let back = bkash.approve_with(id, "01770618576");
    assert!(back.ends_with("&status=failure"), "{back}");
}

#[tokio::test]
async fn an_authorisation_lapses() {
    let bkash = FakeBkash::start().await;
    let token = grant(&bkash).await;
    let made = create(&bkash, &token, "BH-47", "1500.00").await;
    let id = made["paymentID"].as_str().expect("id");
    bkash.approve(id);
    on(&bkash, &token, EXECUTE, id).await;
    bkash.advance(AUTHORISATION_LIFETIME - Duration::from_secs(60));
    let token = grant(&bkash).await;
    assert_eq!(
        on(&bkash, &token, STATUS, id).await["transactionStatus"],
        "Authorized"
    );
    bkash.advance(Duration::from_secs(60));
    let token = grant(&bkash).await;
    assert_eq!(
        on(&bkash, &token, STATUS, id).await["transactionStatus"],
        "Expired"
    );
    assert_eq!(bkash.balance(SANDBOX_WALLET), "500000.00");
    let refused = on(&bkash, &token, CAPTURE, id).await;
    assert_eq!(refused["statusCode"], "2056", "{refused}");
    assert_eq!(on(&bkash, &token, VOID, id).await["statusCode"], "2056");

    // expire() lets one lapse at once; an unapproved one too.
    let made = create(&bkash, &token, "BH-48", "1500.00").await;
    let id = made["paymentID"].as_str().expect("id");
    bkash.approve(id);
    on(&bkash, &token, EXECUTE, id).await;
    bkash.expire(id);
    assert_eq!(bkash.payment(id)["transactionStatus"], "Expired");
    assert_eq!(on(&bkash, &token, CAPTURE, id).await["statusCode"], "2056");
    let made = create(&bkash, &token, "BH-49", "1500.00").await;
    let id = made["paymentID"].as_str().expect("id");
    bkash.expire(id);
    assert_eq!(on(&bkash, &token, EXECUTE, id).await["statusCode"], "2056");
}

#[tokio::test]
async fn faults_fail_as_asked() {
    let bkash = FakeBkash::start().await;
    let token = grant(&bkash).await;
    let made = create(&bkash, &token, "BH-50", "1500.00").await;
    let id = made["paymentID"].as_str().expect("id").to_owned();
    bkash.approve(&id);
    on(&bkash, &token, EXECUTE, &id).await;

    // A 500 without the work: still authorised, the retry captures.
    bkash.fail_next(1, "/confirm/capture", Fault::ServerError);
    let (status, _) = call(&bkash, &token, CAPTURE, json!({"paymentID": id})).await;
    assert_eq!(status, 500);
    assert_eq!(bkash.payment(&id)["transactionStatus"], "Authorized");
    // Done but the answer lost: captured, and the retry is told so.
    bkash.fail_next(1, "/confirm/capture", Fault::DoneButLost);
    let (status, _) = call(&bkash, &token, CAPTURE, json!({"paymentID": id})).await;
    assert_eq!(status, 500);
    assert_eq!(bkash.payment(&id)["transactionStatus"], "Completed");
    assert_eq!(on(&bkash, &token, CAPTURE, &id).await["statusCode"], "2119");

    // A lost create made the payment: the same invoice and amount answer it again.
    bkash.fail_next(1, "/checkout/create", Fault::DoneButLost);
    let body = booking("BH-51", "900.00", "https://bikehaat.test/cb");
    let (status, _) = call(&bkash, &token, "/tokenized/checkout/create", body).await;
    assert_eq!(status, 500);
    let made = create(&bkash, &token, "BH-51", "900.00").await;
    let lost_id = made["paymentID"].as_str().expect("id");
    assert_eq!(bkash.payment(lost_id)["merchantInvoiceNumber"], "BH-51");

    // A hang: the answer comes late; a caller that gives up still gets the work done.
    bkash.fail_next(1, STATUS, Fault::Hang(Duration::from_millis(300)));
    let started = Instant::now();
    let status = on(&bkash, &token, STATUS, &id).await;
    assert!(started.elapsed() >= Duration::from_millis(300));
    assert_eq!(status["transactionStatus"], "Completed");
    let made = create(&bkash, &token, "BH-52", "700.00").await;
    let id = made["paymentID"].as_str().expect("id").to_owned();
    bkash.approve(&id);
    bkash.fail_next(1, EXECUTE, Fault::Hang(Duration::from_millis(200)));
    let gave_up = tokio::time::timeout(
        Duration::from_millis(50),
        call(&bkash, &token, EXECUTE, json!({"paymentID": id})),
    )
    .await;
    assert!(gave_up.is_err());
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(bkash.payment(&id)["transactionStatus"], "Authorized");

    // Faults take their turn per path, and every call is recorded.
    bkash.fail_next(2, "/token/grant", Fault::ServerError);
    for _ in 0..2 {
        let answer = send(
            &bkash.base,
            "POST",
            "/tokenized/checkout/token/grant",
            &[],
            "{}",
        )
        .await;
        assert_eq!(answer.status, 500);
    }
    grant(&bkash).await;
    assert_eq!(bkash.count("POST", "/token/grant"), 4);
    assert!(bkash
        .calls()
        .contains(&"POST /tokenized/checkout/payment/confirm/capture".to_owned()));
}

#[tokio::test]
async fn the_sale_intent_completes_on_execute() {
    let bkash = FakeBkash::start().await;
    let token = grant(&bkash).await;
    let mut body = booking("BH-60", "300.00", "https://bikehaat.test/cb");
    body["intent"] = json!("sale");
    let (_, made) = call(&bkash, &token, "/tokenized/checkout/create", body).await;
    let id = made["paymentID"].as_str().expect("id");
    bkash.approve(id);
    let executed = on(&bkash, &token, EXECUTE, id).await;
    assert_eq!(executed["transactionStatus"], "Completed");
    assert_eq!(executed["intent"], "sale");
    assert_eq!(on(&bkash, &token, CAPTURE, id).await["statusCode"], "2056");
}

#[test]
fn args_point_bikehaat_at_the_fake() {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let bkash = runtime.block_on(FakeBkash::start());
    let args = bkash.args();
    assert_eq!(
        args,
        [
            "--bkash-app-key",
            APP_KEY,
            "--bkash-app-secret",
            APP_SECRET,
            "--bkash-username",
            USERNAME,
            "--bkash-password",
            PASSWORD,
            "--bkash-api-base",
            &bkash.base,
        ]
    );
}
