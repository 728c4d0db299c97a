//! Passwords of the built-in sign-in provider: the rules and messages of docs/product.md
//! ('Forms and their messages'), and Argon2id hashes.
//! Each hash takes about 19 MiB and a core for a moment, so at most as many run at once
//! as there are cores; the rest wait their turn instead of piling up memory.

use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;

use crate::field_code::FieldCode;

/// Longer passwords are refused: hashing cost grows with length.
pub const MAX_PASSWORD_LEN: usize = 128;

/// Why a new password is not acceptable, as a code and in the words of docs/product.md,
/// or None.
pub fn password_problem(password: &str) -> Option<(FieldCode, &'static str)> {
    if password.is_empty() {
        return Some((FieldCode::Required, "Please Provide a Password"));
    }
    if password.chars().count() < 6 {
        return Some((
            FieldCode::PasswordTooShort,
            "Password must be 6 characters or more",
        ));
    }
    if password.len() > MAX_PASSWORD_LEN {
        return Some((
            FieldCode::PasswordTooLong,
            "Password must be at most 128 characters",
        ));
    }
    let upper = password.chars().any(|c| c.is_uppercase());
    let lower = password.chars().any(|c| c.is_lowercase());
    let digit = password.chars().any(|c| c.is_ascii_digit());
    let special = password
        .chars()
        .any(|c| !c.is_alphanumeric() && !c.is_whitespace());
    if !(upper && lower && digit && special) {
        return Some((
            FieldCode::PasswordTooSimple,
            "Capital & Small Letter, Number & Special Character is required",
        ));
    }
    None
}

/// Hashes with Argon2id (OWASP's parameters, the crate's defaults). CPU-heavy: call it
/// from `spawn_blocking`.
pub fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(Argon2::default()
        .hash_password(password.as_bytes(), &salt)?
        .to_string())
}

/// Checks a password against a stored hash. CPU-heavy: call it from `spawn_blocking`.
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// One permit per core: the hashes that may run at once.
static HASHING: std::sync::LazyLock<tokio::sync::Semaphore> = std::sync::LazyLock::new(|| {
    tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
});

/// New passwords (sign-up, a reset) that may be hashed at once: half the cores, at least
/// one. Anyone can ask for that work without an account, so however much is asked,
/// the other cores stay free to check the passwords of people signing in.
static NEW_PASSWORDS: std::sync::LazyLock<tokio::sync::Semaphore> =
    std::sync::LazyLock::new(|| {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        tokio::sync::Semaphore::new((cores / 2).max(1))
    });

/// Runs CPU-heavy password work on the blocking pool, one core each.
async fn bounded<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    let _permit = HASHING.acquire().await.map_err(|e| e.to_string())?;
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| e.to_string())
}

/// [`hash`], waiting for a free core among those new passwords may take.
pub async fn hash_bounded(password: String) -> Result<String, String> {
    let _turn = NEW_PASSWORDS.acquire().await.map_err(|e| e.to_string())?;
    bounded(move || hash(&password))
        .await?
        .map_err(|e| e.to_string())
}

/// [`verify`], waiting for a free core.
pub async fn verify_bounded(password: String, stored: String) -> Result<bool, String> {
    bounded(move || verify(&password, &stored)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spec_password_rules_give_the_spec_messages() {
        assert_eq!(
            password_problem(""),
            Some((FieldCode::Required, "Please Provide a Password"))
        );
        assert_eq!(
            password_problem("Ab1!"),
            Some((
                FieldCode::PasswordTooShort,
                "Password must be 6 characters or more"
            ))
        );
        let rule = Some((
            FieldCode::PasswordTooSimple,
            "Capital & Small Letter, Number & Special Character is required",
        ));
        assert_eq!(password_problem("abcdef1!"), rule);
        assert_eq!(password_problem("ABCDEF1!"), rule);
        assert_eq!(password_problem("Abcdefg!"), rule);
        assert_eq!(password_problem("Abcdefg1"), rule);
        assert_eq!(password_problem("Abcdef1!"), None);
        assert_eq!(
            password_problem(&format!("Ab1!{}", "x".repeat(200))),
            Some((
                FieldCode::PasswordTooLong,
                "Password must be at most 128 characters"
            ))
        );
    }

    #[test]
    fn a_hash_verifies_its_password_only() {
        let stored = hash("Abcdef1!").expect("hashing works");
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("Abcdef1!", &stored));
        assert!(!verify("Abcdef1?", &stored));
        assert!(!verify("Abcdef1!", "not a hash"));
    }
}
