//! Confirming a mobile number by a code sent to it by SMS (docs/trust.md "Phones confirmed
//! by a code"): asking for a code, and giving it back. Both need a proven address: an SMS
//! costs money and reaches a phone that may be a stranger's.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::client_ip::ClientIp;
use crate::auth::{throttle, AuthUser, Confirmed};
use crate::denied::{Denied, Throttled};
use crate::error::{AppError, AppResult, FieldCode, Json, JsonBodyRefused};
use crate::phone::{self, CODE_LIFETIME, RESEND_AFTER};
use crate::records::{CodeTried, NewPhoneCode};
use crate::store::Refused;
use crate::validate::Checker;
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send_code))
        .routes(routes!(confirm_code))
}

/// The mobile number to confirm.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PhoneInput {
    /// A Bangladeshi mobile number: `01712-345678`, `+880 1712 345678`, in Bengali digits
    /// too.
    #[schema(value_type = String)]
    phone: Option<Value>,
}

/// A code is on its way.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeSent {
    /// The number, as `+8801XXXXXXXXX`.
    phone: String,
    /// When the code stops working.
    expires_at: DateTime<Utc>,
    /// Seconds until another code may be asked for this number.
    resend_after: u64,
}

/// The code from the SMS.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CodeInput {
    /// Six digits, ASCII or Bengali.
    #[schema(value_type = String)]
    code: Option<Value>,
}

/// The number is confirmed: it is the account's now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneConfirmed {
    phone: String,
    phone_verified: bool,
}

/// Sends a six-digit code by SMS to a Bangladeshi mobile number, to confirm it is the
/// caller's; it works for 10 minutes and replaces any code sent before. One code a minute
/// and five an hour per number, ten an hour per client address. From a proven address
/// (403 `unverified` before).
#[utoipa::path(post, path = "/phone", tag = "users", request_body = PhoneInput,
    responses(JsonBodyRefused, (status = 202, body = CodeSent), (status = 401),
              (status = 403, description = "`unverified`: the caller's address is not proven"),
              (status = 409, description = "`phone_taken` (another account confirmed it) or `phone_confirmed_already`"),
              (status = 422, description = "`validation`: not a Bangladeshi mobile number (`invalid_phone`)"),
              (status = 429, description = "`many_codes_to_number` or `many_codes_from_network`"),
              (status = 503, description = "`sms_failed`: the SMS gateway refused the SMS or did not answer")),
    security(("access_token" = [])))]
async fn send_code(
    State(state): State<AppState>,
    Confirmed(AuthUser(user)): Confirmed<AuthUser>,
    ClientIp(client): ClientIp,
    Json(body): Json<PhoneInput>,
) -> AppResult<(StatusCode, Json<CodeSent>)> {
    let mut check = Checker::new();
    let written = check.text("phone", body.phone.as_ref(), "Phone number is required", 32);
    check.finish()?;
    let number = phone::mobile_number(&written).ok_or_else(|| {
        AppError::field(
            "phone",
            FieldCode::InvalidPhone,
            "Please enter a Bangladeshi mobile number, like 01712-345678",
        )
    })?;
    if user.phone.as_deref() == Some(number.as_str()) {
        return Err(Refused::PhoneConfirmedAlready.into());
    }
    // Counted before the store is asked whether another account holds the number, so
    // that asking does not tell, number after number, who is registered here.
    let limits = &state.limits;
    limits
        .take(&throttle::CODES_PER_CLIENT, &client)
        .await
        .map_err(|retry| throttle::too_many(Throttled::ManyCodesFromNetwork, retry))?;
    for rule in [
        &throttle::CODES_PER_NUMBER_MINUTE,
        &throttle::CODES_PER_NUMBER_HOUR,
    ] {
        limits
            .take(rule, &number)
            .await
            .map_err(|retry| throttle::too_many(Throttled::ManyCodesToNumber, retry))?;
    }
    // The number of an account an admin removed stays out with it.
    if state.store.phone_was_removed(&number).await? {
        return Err(Denied::PhoneRemoved.into());
    }
    let code = crate::random::six_digits();
    let sent_at = Utc::now();
    let expires_at = sent_at + CODE_LIFETIME;
    state
        .store
        .keep_phone_code(&NewPhoneCode {
            user_id: user.id,
            phone: number.clone(),
            code_hash: state.code_key.hash(user.id, &number, &code),
            sent_at,
            expires_at,
        })
        .await?;
    if let Err(problem) = state
        .texter
        .send(&number, &phone::code_sms(&code, user.language()))
        .await
    {
        tracing::error!(to = %number, %problem, "a code's SMS could not be sent");
        return Err(Denied::SmsFailed.into());
    }
    Ok((
        StatusCode::ACCEPTED,
        Json(CodeSent {
            phone: number,
            expires_at,
            resend_after: RESEND_AFTER.as_secs(),
        }),
    ))
}

/// Confirms the number the last code went to with that code: right once, before it
/// expires, and within five tries (each wrong one says how many are left). The number is
/// then the account's, and its listings with that phone show "Phone verified".
#[utoipa::path(post, path = "/phone/confirm", tag = "users", request_body = CodeInput,
    responses(JsonBodyRefused, (status = 200, body = PhoneConfirmed), (status = 401),
              (status = 403, description = "`unverified`: the caller's address is not proven"),
              (status = 409, description = "`code_expired` (no open code: used, expired or tried too often) or `phone_taken`"),
              (status = 422, description = "`validation`: not six digits (`code_shape`), or a wrong code (`wrong_code`, `wrong_code_last_try`)")),
    security(("access_token" = [])))]
async fn confirm_code(
    State(state): State<AppState>,
    Confirmed(AuthUser(user)): Confirmed<AuthUser>,
    Json(body): Json<CodeInput>,
) -> AppResult<Json<PhoneConfirmed>> {
    let code = body
        .code
        .as_ref()
        .and_then(Value::as_str)
        .and_then(phone::read_code)
        .ok_or_else(|| {
            AppError::field(
                "code",
                FieldCode::CodeShape,
                "Enter the 6-digit code from the SMS",
            )
        })?;
    let now = Utc::now();
    let store = &state.store;
    let number = store
        .open_phone_code(user.id, now)
        .await?
        .ok_or(Denied::CodeExpired)?;
    let hash = state.code_key.hash(user.id, &number, &code);
    match store.try_phone_code(user.id, &number, &hash, now).await? {
        CodeTried::Confirmed => Ok(Json(PhoneConfirmed {
            phone: number,
            phone_verified: true,
        })),
        CodeTried::Wrong { tries_left } => {
            let code = if tries_left == 0 {
                FieldCode::WrongCodeLastTry
            } else {
                FieldCode::WrongCode
            };
            Err(AppError::field("code", code, wrong_code(tries_left)))
        }
        CodeTried::NoOpenCode => Err(Denied::CodeExpired.into()),
    }
}

fn wrong_code(left: i32) -> String {
    match left {
        0 => "That code is not right, and that was the last try: please ask for a new code.".into(),
        1 => "That code is not right: one try left.".into(),
        n => format!("That code is not right: {n} tries left."),
    }
}
