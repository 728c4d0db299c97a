//! Firebase ID tokens, sign-in step 1 through Firebase (Google sign-in): RS256 JWTs
//! signed with Google's rotating keys, checked as Firebase documents ("Verify ID tokens
//! using a third-party JWT library"); or, with the Auth emulator, its unsigned tokens.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use axum::http::header::CACHE_CONTROL;
use axum::http::HeaderMap;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chrono::Utc;
use jsonwebtoken::jwk::{AlgorithmParameters, Jwk};
use jsonwebtoken::{decode, Algorithm, DecodingKey, Validation};
use serde::Deserialize;
use tokio::sync::Mutex;

use super::ProvenIdentity;
use crate::error::AppError;

/// Clock difference tolerated between Google and us.
const LEEWAY_SECS: i64 = 30;
/// Key-set lifetime when Google's answer does not say (it does: several hours).
const DEFAULT_MAX_AGE: Duration = Duration::from_secs(60 * 60);
/// Bounds on the key-set lifetime we honour, whatever the answer says.
const MIN_MAX_AGE: Duration = Duration::from_secs(10);
const MAX_MAX_AGE: Duration = Duration::from_secs(24 * 60 * 60);
/// A token naming a key we do not have makes us ask again, but not more often than this:
/// made-up key ids must not turn us into a flood of requests to Google.
const MIN_REFETCH: Duration = Duration::from_secs(30);
/// After a failed fetch, sign-ins fail at once for this long instead of each waiting.
const FAILURE_PAUSE: Duration = Duration::from_secs(5);
const FETCH_TIMEOUT: Duration = Duration::from_secs(10);

/// The subject prefix of people proven by Firebase.
pub const SUBJECT_PREFIX: &str = "firebase:";

/// Checks Firebase ID tokens for one project.
pub struct FirebaseAuth {
    project_id: String,
    issuer: String,
    /// Trust the Auth emulator's unsigned tokens.
    emulator: bool,
    jwks_url: String,
    http: reqwest::Client,
    keys: Mutex<KeyCache>,
}

impl std::fmt::Debug for FirebaseAuth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FirebaseAuth")
            .field("project_id", &self.project_id)
            .field("emulator", &self.emulator)
            .finish_non_exhaustive()
    }
}

#[derive(Default)]
struct KeyCache {
    keys: HashMap<String, DecodingKey>,
    fetched: Option<Instant>,
    fresh_until: Option<Instant>,
    failed: Option<Instant>,
}

#[derive(Debug, Deserialize)]
struct FirebaseClaims {
    aud: String,
    iss: String,
    sub: String,
    iat: i64,
    exp: i64,
    #[serde(default)]
    auth_time: Option<i64>,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    email_verified: Option<bool>,
}

#[derive(Debug, Deserialize)]
struct TokenHeader {
    alg: String,
    #[serde(default)]
    kid: Option<String>,
}

impl FirebaseAuth {
    /// Checks tokens of `project_id` with the keys published at `jwks_url`; with
    /// `emulator`, also accepts the Auth emulator's unsigned tokens.
    pub fn new(project_id: String, emulator: bool, jwks_url: String) -> Result<Self, String> {
        let http = reqwest::Client::builder()
            .timeout(FETCH_TIMEOUT)
            .build()
            .map_err(|e| format!("cannot make the HTTP client for Firebase's keys: {e}"))?;
        Ok(FirebaseAuth {
            issuer: format!("https://securetoken.google.com/{project_id}"),
            project_id,
            emulator,
            jwks_url,
            http,
            keys: Mutex::default(),
        })
    }

    /// The person a valid Firebase ID token vouches for; None for any token that is not
    /// one (the caller answers 401). Fails only when Google's keys cannot be had.
    pub async fn verify(&self, token: &str) -> Result<Option<ProvenIdentity>, AppError> {
        let Some(header) = token_header(token) else {
            return Ok(None);
        };
        let claims = match header.alg.as_str() {
            // The emulator signs nothing; the Admin SDK trusts it the same way.
            "none" if self.emulator => unsigned_claims(token),
            "RS256" => {
                let Some(kid) = header.kid else {
                    return Ok(None);
                };
                let Some(key) = self.key(&kid).await? else {
                    return Ok(None);
                };
                let mut validation = Validation::new(Algorithm::RS256);
                validation.set_audience(&[&self.project_id]);
                validation.set_issuer(&[&self.issuer]);
                validation.set_required_spec_claims(&["exp", "aud", "iss", "sub"]);
                validation.leeway = LEEWAY_SECS.unsigned_abs();
                decode::<FirebaseClaims>(token, &key, &validation)
                    .ok()
                    .map(|data| data.claims)
            }
            _ => None,
        };
        Ok(claims.and_then(|claims| self.identity(claims, Utc::now().timestamp())))
    }

    /// Firebase's rules for the claims, signature aside.
    fn identity(&self, claims: FirebaseClaims, now: i64) -> Option<ProvenIdentity> {
        let fine = claims.aud == self.project_id
            && claims.iss == self.issuer
            && !claims.sub.is_empty()
            && claims.sub.len() <= 128
            && claims.exp + LEEWAY_SECS > now
            && claims.iat - LEEWAY_SECS <= now
            && claims.auth_time.is_none_or(|t| t - LEEWAY_SECS <= now);
        if !fine {
            return None;
        }
        // An address counts as proven only when Firebase says so, whoever signed the
        // person in: Google vouches for its own accounts' addresses, and Firebase says so
        // for them; a Google account whose address Google did not check proves nothing.
        let email = crate::validate::email(claims.email?.trim())?;
        Some(ProvenIdentity {
            subject: format!("{SUBJECT_PREFIX}{}", claims.sub),
            email,
            email_verified: claims.email_verified == Some(true),
            // A refreshed token keeps the time its holder last signed in.
            proven_at: claims.auth_time.unwrap_or(claims.iat),
        })
    }

    /// The key named `kid`, from the cached key set or a fresh one.
    async fn key(&self, kid: &str) -> Result<Option<DecodingKey>, AppError> {
        let mut cache = self.keys.lock().await;
        let now = Instant::now();
        let fresh = cache.fresh_until.is_some_and(|until| now < until);
        if fresh {
            if let Some(key) = cache.keys.get(kid) {
                return Ok(Some(key.clone()));
            }
            if cache
                .fetched
                .is_some_and(|at| now.duration_since(at) < MIN_REFETCH)
            {
                return Ok(None);
            }
        }
        if cache
            .failed
            .is_some_and(|at| now.duration_since(at) < FAILURE_PAUSE)
        {
            return stale_or_unavailable(&cache, kid, "fetching them failed moments ago");
        }
        match self.fetch().await {
            Ok((keys, max_age)) => {
                *cache = KeyCache {
                    keys,
                    fetched: Some(now),
                    fresh_until: Some(now + max_age),
                    failed: None,
                };
                Ok(cache.keys.get(kid).cloned())
            }
            Err(problem) => {
                cache.failed = Some(now);
                stale_or_unavailable(&cache, kid, &problem)
            }
        }
    }

    async fn fetch(&self) -> Result<(HashMap<String, DecodingKey>, Duration), String> {
        let response = self
            .http
            .get(&self.jwks_url)
            .send()
            .await
            .map_err(|e| e.to_string())?;
        if !response.status().is_success() {
            return Err(format!("{} answered {}", self.jwks_url, response.status()));
        }
        let max_age = max_age(response.headers());
        let body = response.bytes().await.map_err(|e| e.to_string())?;
        let keys = parse_key_set(&body)?;
        tracing::info!(
            keys = keys.len(),
            ?max_age,
            "fetched Firebase's signing keys"
        );
        Ok((keys, max_age))
    }
}

/// Keys past their lifetime still check Google's tokens for a while (Google publishes
/// the next key well before using it): better than refusing everyone while it is away.
fn stale_or_unavailable(
    cache: &KeyCache,
    kid: &str,
    problem: &str,
) -> Result<Option<DecodingKey>, AppError> {
    match cache.keys.get(kid) {
        Some(key) => {
            tracing::warn!(%problem, "using Firebase's keys past their lifetime");
            Ok(Some(key.clone()))
        }
        None => Err(AppError::Unavailable {
            message: "Google sign-ins cannot be checked right now. Please try again in a \
                moment.",
            detail: format!("cannot get Firebase's signing keys: {problem}"),
        }),
    }
}

/// The RSA keys of a JWK set by key id; keys we cannot use are skipped, not fatal.
fn parse_key_set(body: &[u8]) -> Result<HashMap<String, DecodingKey>, String> {
    #[derive(Deserialize)]
    struct Set {
        keys: Vec<serde_json::Value>,
    }
    let set: Set =
        serde_json::from_slice(body).map_err(|e| format!("the key set is not JSON: {e}"))?;
    let keys: HashMap<_, _> = set
        .keys
        .into_iter()
        .filter_map(|value| serde_json::from_value::<Jwk>(value).ok())
        .filter(|jwk| matches!(jwk.algorithm, AlgorithmParameters::RSA(_)))
        .filter_map(|jwk| {
            Some((
                jwk.common.key_id.clone()?,
                DecodingKey::from_jwk(&jwk).ok()?,
            ))
        })
        .collect();
    if keys.is_empty() {
        return Err("the key set holds no RSA key".into());
    }
    Ok(keys)
}

/// How long an answer may be kept, from its `Cache-Control: max-age`.
fn max_age(headers: &HeaderMap) -> Duration {
    headers
        .get_all(CACHE_CONTROL)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .find_map(|directive| {
            let (name, value) = directive.trim().split_once('=')?;
            name.trim()
                .eq_ignore_ascii_case("max-age")
                .then(|| value.trim().trim_matches('"').parse::<u64>().ok())?
        })
        .map_or(DEFAULT_MAX_AGE, Duration::from_secs)
        .clamp(MIN_MAX_AGE, MAX_MAX_AGE)
}

fn segment_json<T: serde::de::DeserializeOwned>(segment: &str) -> Option<T> {
    let bytes = URL_SAFE_NO_PAD.decode(segment.trim_end_matches('=')).ok()?;
    serde_json::from_slice(&bytes).ok()
}

fn token_header(token: &str) -> Option<TokenHeader> {
    let mut parts = token.split('.');
    let header = parts.next()?;
    let (_payload, _signature) = (parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    segment_json(header)
}

fn unsigned_claims(token: &str) -> Option<FirebaseClaims> {
    segment_json(token.split('.').nth(1)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(CACHE_CONTROL, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn the_key_set_is_kept_as_long_as_its_cache_control_says() {
        assert_eq!(
            max_age(&headers(
                "public, max-age=21097, must-revalidate, no-transform"
            )),
            Duration::from_secs(21097)
        );
        assert_eq!(max_age(&headers("Max-Age = 600")), Duration::from_secs(600));
        assert_eq!(max_age(&HeaderMap::new()), DEFAULT_MAX_AGE);
        assert_eq!(max_age(&headers("no-cache, max-age=0")), MIN_MAX_AGE);
        assert_eq!(max_age(&headers("max-age=99999999")), MAX_MAX_AGE);
    }

    fn auth() -> FirebaseAuth {
        FirebaseAuth::new("bikehaat-demo".into(), false, "http://127.0.0.1:9/".into()).unwrap()
    }

    fn claims(verified: Option<bool>) -> FirebaseClaims {
        let now = Utc::now().timestamp();
        FirebaseClaims {
            aud: "bikehaat-demo".into(),
            iss: "https://securetoken.google.com/bikehaat-demo".into(),
            sub: "uid-1".into(),
            iat: now - 10,
            exp: now + 3600,
            auth_time: Some(now - 10),
            email: Some(" Nusrat@Gmail.com".into()),
            email_verified: verified,
        }
    }

    #[test]
    fn an_address_is_proven_only_when_firebase_says_it_is() {
        // Google's accounts too: their tokens say `email_verified` like any other.
        let now = Utc::now().timestamp();
        let proven = auth().identity(claims(Some(true)), now).unwrap();
        assert_eq!(proven.subject, "firebase:uid-1");
        assert_eq!(proven.email, "nusrat@gmail.com");
        assert!(proven.email_verified);
        for unconfirmed in [Some(false), None] {
            let person = auth().identity(claims(unconfirmed), now).unwrap();
            assert!(!person.email_verified, "{unconfirmed:?}");
        }
    }

    #[test]
    fn claims_from_the_future_or_without_an_email_prove_nothing() {
        let now = Utc::now().timestamp();
        let mut future = claims(Some(true));
        future.iat = now + 600;
        assert!(auth().identity(future, now).is_none());
        let mut later = claims(Some(true));
        later.auth_time = Some(now + 600);
        assert!(auth().identity(later, now).is_none());
        let mut no_email = claims(Some(true));
        no_email.email = None;
        assert!(auth().identity(no_email, now).is_none());
        let mut empty_subject = claims(Some(true));
        empty_subject.sub = String::new();
        assert!(auth().identity(empty_subject, now).is_none());
    }
}
