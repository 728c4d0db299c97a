//! Proving an address and getting back in: the mailed links that confirm an e-mail
//! address or set a new password, asking for them, and signing out. The calls anyone can
//! make (asking for a mail) answer the same whether or not the address has an account,
//! in the same time: the work happens after the answer.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::accounts::{password_matches, promote_if_admin, send_verification};
use super::{mail_language, PageLanguage};
use crate::auth::client_ip::ClientIp;
use crate::auth::{mail_tokens, passwords, throttle, CurrentSession, Proven};
use crate::denied::{Denied, Throttled};
use crate::error::{AppError, AppResult, FieldCode, Json, JsonBodyRefused};
use crate::limiter::Rule;
use crate::mail::letters;
use crate::records::{Identity, Language, LinkProof, MailPurpose};
use crate::validate::{self, Checker};
use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(verify_email))
        .routes(routes!(account_to_verify))
        .routes(routes!(resend_verification))
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(log_out))
        .routes(routes!(log_out_everywhere))
}

/// An e-mail address to send a link to.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailAddress {
    #[schema(value_type = String)]
    email: Option<Value>,
}

/// The token from a link that proves an address.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MailLink {
    #[schema(value_type = String)]
    token: Option<Value>,
}

/// The token from a link that proves an address, and how the person who opened it shows
/// the account is theirs: its password, or a new one (which signs out everyone else).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyEmail {
    #[schema(value_type = String)]
    token: Option<Value>,
    /// The account's password.
    #[schema(value_type = Option<String>)]
    password: Option<Value>,
    /// Instead of `password`: a new password for the account (docs/product.md's rules).
    #[schema(value_type = Option<String>)]
    new_password: Option<Value>,
}

/// The token from a password-reset link, and the new password.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetPassword {
    #[schema(value_type = String)]
    token: Option<Value>,
    #[schema(value_type = String)]
    password: Option<Value>,
}

/// The address is proven.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailVerified {
    email: String,
    email_verified: bool,
}

/// The password is changed; every session of the account has ended.
#[derive(Debug, Serialize, ToSchema)]
pub struct PasswordReset {
    email: String,
}

/// The account a verification link would confirm, so that its reader can tell whether
/// it is theirs before confirming.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountToVerify {
    email: String,
    /// The account's name; null while its sign-up is not finished.
    name: Option<String>,
}

/// Taken in hand; what happens next arrives by mail.
#[derive(Debug, Serialize, ToSchema)]
pub struct Accepted {
    message: String,
}

fn link_no_longer_valid() -> AppError {
    Denied::LinkExpired.into()
}

/// The hash of a token from a request; a token that cannot be ours is simply invalid.
fn token_hash(token: Option<&Value>) -> AppResult<String> {
    match token {
        Some(Value::String(token)) if mail_tokens::well_formed(token) => {
            Ok(mail_tokens::hash(token))
        }
        _ => Err(link_no_longer_valid()),
    }
}

fn read_email(body: &EmailAddress) -> AppResult<String> {
    let mut check = Checker::new();
    let email = check.text(
        "email",
        body.email.as_ref(),
        "Email Address is required",
        254,
    );
    check.finish()?;
    validate::email(&email).ok_or_else(|| {
        AppError::field(
            "email",
            FieldCode::InvalidEmail,
            "Please provide a valid email address",
        )
    })
}

/// Counts one mail asked for `email` from `client`; 429 past either limit. Counted for
/// every address alike, so a refusal says nothing about whether it has an account.
async fn allow_mail(
    state: &AppState,
    client: &str,
    email: &str,
    per_email: &Rule,
) -> AppResult<()> {
    state
        .limits
        .take(&throttle::MAIL_PER_CLIENT, client)
        .await
        .map_err(|retry| throttle::too_many(Throttled::ManyMailsFromNetwork, retry))?;
    state
        .limits
        .take(per_email, email)
        .await
        .map_err(|retry| throttle::too_many(Throttled::ManyMailsToAddress, retry))
}

/// Opens the mailed link whose token hashes to `hash` for `purpose`, without using it:
/// the identity it was sent for and the account holding its address. Each try counts
/// against `client` (429 past the limit); a link unknown, used or expired is 400.
async fn open_link(
    state: &AppState,
    client: &str,
    hash: &str,
    purpose: MailPurpose,
) -> AppResult<(Identity, Option<crate::records::User>)> {
    state
        .limits
        .take(&throttle::LINKS_PER_CLIENT, client)
        .await
        .map_err(|retry| throttle::too_many(Throttled::ManyLinksTried, retry))?;
    state
        .store
        .mail_link(hash, purpose)
        .await?
        .ok_or_else(link_no_longer_valid)
}

/// A string field's value; anything else counts as absent.
fn text(value: Option<&Value>) -> Option<String> {
    match value {
        Some(Value::String(text)) if !text.is_empty() => Some(text.clone()),
        _ => None,
    }
}

/// Names the account a verification link would confirm, without using the link.
#[utoipa::path(post, path = "/auth/verify-email/account", tag = "sign-in", request_body = MailLink,
    responses(JsonBodyRefused, (status = 200, body = AccountToVerify), (status = 400), (status = 429)))]
async fn account_to_verify(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Json(body): Json<MailLink>,
) -> AppResult<Json<AccountToVerify>> {
    let hash = token_hash(body.token.as_ref())?;
    let (identity, user) = open_link(&state, &client, &hash, MailPurpose::VerifyEmail).await?;
    Ok(Json(AccountToVerify {
        email: identity.email,
        name: user.map(|user| user.name),
    }))
}

/// Proves the address a verification link was sent to. Holding the mailbox is not
/// enough: whoever opens the link also shows they hold the account, with its password or
/// by choosing a new one. Otherwise a stranger who signed up with someone's address would
/// own a proven account the moment its owner clicked the link.
#[utoipa::path(post, path = "/auth/verify-email", tag = "sign-in", request_body = VerifyEmail,
    responses(JsonBodyRefused, (status = 200, body = EmailVerified), (status = 400), (status = 422), (status = 429)))]
async fn verify_email(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Json(body): Json<VerifyEmail>,
) -> AppResult<Json<EmailVerified>> {
    let hash = token_hash(body.token.as_ref())?;
    let password = text(body.password.as_ref());
    let new_password = text(body.new_password.as_ref());
    if let Some(problem) = new_password
        .as_deref()
        .and_then(passwords::password_problem)
    {
        return Err(AppError::field("newPassword", problem.0, problem.1));
    }
    if password.is_none() && new_password.is_none() {
        return Err(AppError::field(
            "password",
            FieldCode::Required,
            "Please give your password",
        ));
    }
    let (identity, _) = open_link(&state, &client, &hash, MailPurpose::VerifyEmail).await?;
    let confirmed = match (new_password, password) {
        (Some(new_password), _) => {
            let password_hash = passwords::hash_bounded(new_password)
                .await
                .map_err(AppError::internal)?;
            state
                .store
                .verify_email(
                    &hash,
                    LinkProof::NewPassword {
                        password_hash: &password_hash,
                    },
                )
                .await?
        }
        (None, Some(password)) => {
            let stored = identity.password_hash.as_str();
            if !password_matches(&state, &client, &identity.email, password, Some(stored)).await? {
                return Err(AppError::field(
                    "password",
                    FieldCode::WrongPassword,
                    "This is not the password of this account.",
                ));
            }
            state
                .store
                .verify_email(
                    &hash,
                    LinkProof::Password {
                        checked_hash: stored,
                    },
                )
                .await?
        }
        (None, None) => None,
    }
    .ok_or_else(link_no_longer_valid)?;
    proven(&state, &confirmed).await?;
    Ok(Json(EmailVerified {
        email: confirmed.email,
        email_verified: true,
    }))
}

/// What follows a proof of `identity`'s address: `ADMIN_EMAILS` takes effect.
async fn proven(state: &AppState, identity: &Identity) -> AppResult<()> {
    if let Some(user) = state.store.user_by_email(&identity.email).await? {
        promote_if_admin(state, user).await?;
    }
    Ok(())
}

/// Mails a new verification link to an address that has not proven itself yet.
#[utoipa::path(post, path = "/auth/resend-verification", tag = "sign-in", request_body = EmailAddress,
    responses(JsonBodyRefused, (status = 202, body = Accepted), (status = 422), (status = 429)))]
async fn resend_verification(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    PageLanguage(page): PageLanguage,
    Json(body): Json<EmailAddress>,
) -> AppResult<(StatusCode, Json<Accepted>)> {
    let email = read_email(&body)?;
    allow_mail(&state, &client, &email, &throttle::VERIFY_MAIL_PER_EMAIL).await?;
    let message = format!(
        "If {email} has an account that is not confirmed yet, a new link to confirm it is on \
         its way."
    );
    // The mail goes out in the background; while the database is down it never would,
    // so say so now rather than promise it. (Asking costs every address the same.)
    state.store.ping().await?;
    let work = state.clone();
    tokio::spawn(async move {
        let sent = async {
            match work.store.identity_by_email(&email).await? {
                Some(identity) if !identity.email_verified => {
                    send_verification(&work, &identity, page).await
                }
                _ => Ok(()),
            }
        };
        if let Err(problem) = sent.await {
            tracing::error!(%problem, "cannot send a verification mail");
        }
    });
    Ok((StatusCode::ACCEPTED, Json(Accepted { message })))
}

/// Mails a link to choose a new password. The same answer for every address.
#[utoipa::path(post, path = "/auth/forgot-password", tag = "sign-in", request_body = EmailAddress,
    responses(JsonBodyRefused, (status = 202, body = Accepted), (status = 422), (status = 429)))]
async fn forgot_password(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    PageLanguage(page): PageLanguage,
    Json(body): Json<EmailAddress>,
) -> AppResult<(StatusCode, Json<Accepted>)> {
    let email = read_email(&body)?;
    allow_mail(&state, &client, &email, &throttle::RESET_MAIL_PER_EMAIL).await?;
    let message = format!(
        "If {email} has an account, a link to choose a new password is on its way. It works \
         for {} minutes.",
        mail_tokens::RESET_PASSWORD_MINUTES
    );
    // The mail goes out in the background; while the database is down it never would,
    // so say so now rather than promise it. (Asking costs every address the same.)
    state.store.ping().await?;
    let work = state.clone();
    tokio::spawn(async move {
        if let Err(problem) = send_reset(&work, &email, page).await {
            tracing::error!(%problem, "cannot send a password-reset mail");
        }
    });
    Ok((StatusCode::ACCEPTED, Json(Accepted { message })))
}

async fn send_reset(state: &AppState, email: &str, page: Language) -> AppResult<()> {
    let Some(identity) = state.store.identity_by_email(email).await? else {
        return Ok(());
    };
    let (token, hash) = mail_tokens::new_token();
    let expires =
        chrono::Utc::now() + chrono::Duration::minutes(mail_tokens::RESET_PASSWORD_MINUTES);
    state
        .store
        .create_mail_token(identity.id, MailPurpose::ResetPassword, &hash, expires)
        .await?;
    let link = format!(
        "{}/reset-password?token={token}",
        state.settings.public_origin
    );
    let language = mail_language(state, &identity.email, page).await;
    state.mailer.deliver(letters::reset_password(
        &identity.email,
        &link,
        mail_tokens::RESET_PASSWORD_MINUTES,
        language,
    ));
    Ok(())
}

/// Sets a new password with a reset link. The address counts as proven (its mail was
/// read) and every session of the account ends.
#[utoipa::path(post, path = "/auth/reset-password", tag = "sign-in", request_body = ResetPassword,
    responses(JsonBodyRefused, (status = 200, body = PasswordReset), (status = 400), (status = 422), (status = 429)))]
async fn reset_password(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Json(body): Json<ResetPassword>,
) -> AppResult<Json<PasswordReset>> {
    let password = match &body.password {
        Some(Value::String(password)) => password.clone(),
        _ => String::new(),
    };
    if let Some((code, problem)) = passwords::password_problem(&password) {
        return Err(AppError::field("password", code, problem));
    }
    let hash = token_hash(body.token.as_ref())?;
    // The link is checked before the password is hashed: a made-up token costs a
    // lookup, not a core.
    open_link(&state, &client, &hash, MailPurpose::ResetPassword).await?;
    let password_hash = passwords::hash_bounded(password)
        .await
        .map_err(AppError::internal)?;
    let identity = state
        .store
        .reset_password(&hash, &password_hash)
        .await?
        .ok_or_else(link_no_longer_valid)?;
    proven(&state, &identity).await?;
    Ok(Json(PasswordReset {
        email: identity.email,
    }))
}

/// Ends the session the access token belongs to: the token stops working at once.
#[utoipa::path(post, path = "/auth/logout", tag = "sign-in",
    responses((status = 204), (status = 401)),
    security(("access_token" = [])))]
async fn log_out(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
) -> AppResult<StatusCode> {
    state.store.end_session(&session.session).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Ends every session of the account, on every device. It takes an identity token (a
/// fresh proof of the password, or Firebase's ID token) rather than an access token:
/// after a password is changed with Firebase, the new password signs out whoever held
/// the old one, and a stolen access token cannot sign the owner out.
#[utoipa::path(post, path = "/auth/logout-everywhere", tag = "sign-in",
    responses((status = 204), (status = 401)),
    security(("identity_token" = [])))]
async fn log_out_everywhere(
    State(state): State<AppState>,
    Proven(identity): Proven,
) -> AppResult<StatusCode> {
    state
        .store
        .end_sessions_of(&identity.subject, identity.proven_at)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
