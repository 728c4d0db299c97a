//! The access matrix: every API route against every kind of caller, with the exact
//! status each must get and what the call may or may not change.

mod cast;
mod rows;

use std::collections::BTreeSet;

use bikehaat::records::BookingStatus;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use super::{error_shape_problem, id_of, send, Body};
use crate::marketplace::support::{on_both, Engine, TestApp};
use cast::{Cast, Fresh};
use rows::matrix;

/// The callers, in the order of the matrix's columns.
const CALLERS: [&str; 6] = [
    "anonymous",
    "buyer",
    "other buyer",
    "seller",
    "other seller",
    "admin",
];
const ANONYMOUS: usize = 0;
const BUYER: usize = 1;
const OTHER_BUYER: usize = 2;
const SELLER: usize = 3;
const OTHER_SELLER: usize = 4;
const ADMIN: usize = 5;

/// Which of the caller's tokens a request carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    /// The access token from `PUT /api/users/{email}`.
    Access,
    /// The identity token from the sign-in provider (only for the token exchange).
    Identity,
    /// An access token of a session started for this cell alone (signing out ends it).
    FreshSession,
}

/// What an allowed call changes, checked both ways: done when the call was allowed,
/// not done when it was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Effect {
    None,
    CategoryAdded,
    Listed,
    Reported,
    ListingDeleted,
    UserDeleted,
    SellerVerified,
    Advertised,
    Booked,
    BookingCancelled,
    Declined,
    Released,
    MeetingProposed,
    MeetingAgreed,
    CashChosen,
    HandedOver,
    CalledOff,
    AdminReleased,
    Paid,
}

struct Row {
    method: Method,
    /// The path, with `{placeholders}` filled per cell (see [`Cast::value`]).
    path: &'static str,
    body: Body,
    /// The status for: anonymous, buyer, other buyer, seller, other seller, admin.
    expect: [u16; 6],
    token: Token,
    effect: Effect,
}

fn row(method: Method, path: &'static str, body: Body, expect: [u16; 6]) -> Row {
    Row {
        method,
        path,
        body,
        expect,
        token: Token::Access,
        effect: Effect::None,
    }
}

impl Row {
    fn with_identity_token(mut self) -> Self {
        self.token = Token::Identity;
        self
    }
    fn with_fresh_session(mut self) -> Self {
        self.token = Token::FreshSession;
        self
    }
    fn changes(mut self, effect: Effect) -> Self {
        self.effect = effect;
        self
    }
}

fn json_body(value: Value) -> Body {
    Body::Json(value)
}

#[tokio::test]
async fn every_route_answers_every_kind_of_caller_as_the_access_matrix_says() {
    on_both(|engine| async move {
        let Some(app) = TestApp::spawn(engine).await else {
            return;
        };
        let cast = Cast::new(&app).await;
        let rows = matrix();
        let mut failures = Vec::new();
        for row in &rows {
            for (who, caller) in CALLERS.iter().enumerate() {
                // Cells book bikes of their own: the buyers withdraw those of earlier
                // cells first, so they stay below the open bookings one buyer may have.
                cast.withdraw_fresh_bookings(&app).await;
                let mut fresh = Fresh::default();
                let path = cast.fill(&app, who, row.path, &mut fresh).await;
                let body = match &row.body {
                    Body::Json(value) => {
                        Body::Json(cast.fill_json(&app, who, value, &mut fresh).await)
                    }
                    other => other.clone(),
                };
                let session = match (who, row.token) {
                    (ANONYMOUS, _) | (_, Token::Access | Token::Identity) => None,
                    (_, Token::FreshSession) => {
                        Some(app.new_session(&cast.person(who).email).await)
                    }
                };
                let token = match (who, row.token) {
                    (ANONYMOUS, _) => None,
                    (_, Token::Access) => Some(cast.person(who).token.as_str()),
                    (_, Token::Identity) => cast.id_tokens[who].as_deref(),
                    (_, Token::FreshSession) => session.as_deref(),
                };
                let (status, reply) = send(&app, row.method.clone(), &path, token, &body).await;
                let cell = format!("{engine:?} | {} {} | {caller}", row.method, row.path);
                let expected = row.expect[who];
                if status.as_u16() != expected {
                    failures.push(format!(
                        "{cell}: expected {expected}, got {status}: {reply}"
                    ));
                    continue;
                }
                if let Some(problem) = error_shape_problem(status, &reply) {
                    failures.push(format!("{cell}: {problem}"));
                }
                if let Some(problem) = cast
                    .effect_problem(&app, row.effect, who, status.is_success(), &fresh)
                    .await
                {
                    failures.push(format!("{cell}: {problem}"));
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {} cells of the access matrix failed:\n{}",
            failures.len(),
            rows.len() * CALLERS.len(),
            failures.join("\n")
        );
        // The shared fixtures survived the matrix.
        let store = app.state.store.as_ref();
        let product = store
            .listing(id_of(&cast.product))
            .await
            .expect("product")
            .expect("still listed");
        assert!(product.advertised && !product.sold);
        let order = store
            .booking(id_of(&cast.order))
            .await
            .expect("order")
            .expect("still booked");
        assert_eq!(order.order_status, BookingStatus::Reserved);
    })
    .await;
}

/// A path with its `{…}` segments blanked: `/api/orders/{me}` → `/api/orders/{}`.
fn template(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            if segment.starts_with('{') {
                "{}"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn the_access_matrix_covers_every_route_the_api_describes() {
    let Some(app) = TestApp::spawn(Engine::Sqlite).await else {
        return;
    };
    let (status, doc) = app.get("/api/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    let covered: BTreeSet<(String, String)> = matrix()
        .iter()
        .map(|row| (row.method.as_str().to_owned(), template(row.path)))
        .collect();
    let paths = doc["paths"]
        .as_object()
        .expect("paths in the OpenAPI description");
    assert!(
        paths.len() >= 20,
        "the description lists the API: {paths:?}"
    );
    let mut missing = Vec::new();
    for (path, operations) in paths {
        let methods = operations.as_object().expect("operations").keys();
        let http = [
            "get", "put", "post", "delete", "patch", "head", "options", "trace",
        ];
        for method in methods.filter(|m| http.contains(&m.as_str())) {
            let route = (method.to_uppercase(), template(&format!("/api{path}")));
            if !covered.contains(&route) {
                missing.push(format!("{} {}", route.0, route.1));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "routes without a row in the access matrix: {missing:?}"
    );
}
