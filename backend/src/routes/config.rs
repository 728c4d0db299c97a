//! `GET /api/config`: what the page needs to know about this server before it signs
//! anyone in or takes a card — which sign-in providers and which card provider are in
//! use, with their public keys. Never a secret.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::config::FirebaseWeb;
use crate::error::Json;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_config))
}

/// The server's public configuration.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteConfig {
    sign_in: SignInConfig,
    payments: PaymentsConfig,
}

/// How people sign in. E-mail and password are always offered: through Firebase when it
/// is configured (with Google besides), otherwise through the built-in provider.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInConfig {
    /// Firebase Authentication; null when the built-in provider signs people in.
    #[schema(required = true)]
    firebase: Option<FirebaseSignIn>,
}

/// The Firebase web configuration: e-mail/password, Google, and Firebase's mails.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirebaseSignIn {
    api_key: String,
    auth_domain: String,
    project_id: String,
    /// `host:port` of the Firebase Auth emulator, when the server trusts it.
    #[serde(skip_serializing_if = "Option::is_none")]
    emulator_host: Option<String>,
}

impl From<&FirebaseWeb> for FirebaseSignIn {
    fn from(web: &FirebaseWeb) -> Self {
        FirebaseSignIn {
            api_key: web.api_key.clone(),
            auth_domain: web.auth_domain.clone(),
            project_id: web.project_id.clone(),
            emulator_host: web.emulator_host.clone(),
        }
    }
}

/// Who takes card payments.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentsConfig {
    /// "stripe", "test" (the built-in test-mode provider: Stripe's test cards, no money)
    /// or "none" (this marketplace takes no card payments).
    #[schema(example = "test")]
    provider: &'static str,
    /// Stripe's publishable key, for Stripe.js; only with provider "stripe".
    #[serde(skip_serializing_if = "Option::is_none")]
    publishable_key: Option<String>,
    /// How a buyer may pay for a reserved bike here: "cash" (at the meet-up, always),
    /// "card" (unless provider is "none") and "bkash" (when bKash is set up).
    #[schema(example = json!(["cash", "card", "bkash"]))]
    methods: Vec<&'static str>,
}

/// What the page needs to know about this server (no sign-in needed).
#[utoipa::path(get, path = "/config", tag = "config", responses((status = 200, body = SiteConfig)))]
async fn get_config(State(state): State<AppState>) -> Json<SiteConfig> {
    let provider = state.payments.name();
    let publishable_key = if provider == "stripe" {
        state.settings.stripe_publishable_key.clone()
    } else {
        None
    };
    Json(SiteConfig {
        sign_in: SignInConfig {
            firebase: state.settings.firebase.as_ref().map(FirebaseSignIn::from),
        },
        payments: PaymentsConfig {
            provider,
            publishable_key,
            methods: ["cash", "card", "bkash"]
                .into_iter()
                .filter(|method| match *method {
                    "card" => provider != "none",
                    "bkash" => state.bkash.is_some(),
                    _ => true,
                })
                .collect(),
        },
    })
}
