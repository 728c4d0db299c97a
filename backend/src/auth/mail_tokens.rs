//! The tokens in mailed links: 256 random bits, base64url in the link, and only their
//! SHA-256 kept in the database, so a copy of the database opens nobody's account.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use rand::RngCore;

/// How long a link to confirm an address works.
pub const VERIFY_EMAIL_HOURS: i64 = 48;
/// How long a link to choose a new password works.
pub const RESET_PASSWORD_MINUTES: i64 = 60;

/// A new token: what goes in the link, and the hash to keep.
pub fn new_token() -> (String, String) {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = hash(&token);
    (token, hash)
}

/// The hash kept for a token.
pub fn hash(token: &str) -> String {
    let digest = ring::digest::digest(&ring::digest::SHA256, token.as_bytes());
    digest.as_ref().iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether a token from a request could be one of ours (43 base64url characters).
pub fn well_formed(token: &str) -> bool {
    token.len() == 43
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_43_url_safe_characters_and_only_its_hash_is_kept() {
        let (token, kept) = new_token();
        assert!(well_formed(&token), "{token}");
        assert_eq!(kept, hash(&token));
        assert_eq!(kept.len(), 64);
        assert!(!kept.contains(&token));
        let (other, _) = new_token();
        assert_ne!(token, other);
        assert!(!well_formed("short"));
        assert!(!well_formed(&format!("{}=", &token[..42])));
    }
}
