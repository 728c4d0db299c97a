//! Checking the `Stripe-Signature` header of a webhook delivery, as Stripe documents it:
//! `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">` (several `v1` values while a
//! secret is being rolled), within five minutes of now.

use ring::hmac;

/// How far a delivery's timestamp may be from now, as Stripe's libraries default to.
pub const TOLERANCE_SECS: i64 = 300;

/// Why a delivery is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// No `t=` or no `v1=` in the header.
    Malformed,
    /// The timestamp is more than [`TOLERANCE_SECS`] from now (a replay).
    Stale,
    /// No `v1` signature matches the payload.
    Mismatch,
}

impl Refused {
    pub fn message(self) -> &'static str {
        match self {
            Refused::Malformed => "The Stripe-Signature header is missing or malformed.",
            Refused::Stale => "The webhook's timestamp is outside the tolerance.",
            Refused::Mismatch => "No signature matches the payload.",
        }
    }
}

/// Checks `header` against `payload` signed with `secret` at unix time `now`.
pub fn verify(payload: &[u8], header: &str, secret: &str, now: i64) -> Result<(), Refused> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => signatures.push(value),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(Refused::Malformed)?;
    if signatures.is_empty() {
        return Err(Refused::Malformed);
    }
    if (now - timestamp).abs() > TOLERANCE_SECS {
        return Err(Refused::Stale);
    }
    let key = hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes());
    let mut signed = Vec::with_capacity(payload.len() + 12);
    signed.extend_from_slice(timestamp.to_string().as_bytes());
    signed.push(b'.');
    signed.extend_from_slice(payload);
    // ring compares in constant time.
    let matches = signatures
        .iter()
        .filter_map(|hex| decode_hex(hex))
        .any(|tag| hmac::verify(&key, &signed, &tag).is_ok());
    if matches {
        Ok(())
    } else {
        Err(Refused::Mismatch)
    }
}

fn decode_hex(hex: &str) -> Option<Vec<u8>> {
    if !hex.len().is_multiple_of(2) {
        return None;
    }
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    /// A delivery signed at `t=1700000000`, its signature computed apart from this code
    /// (HMAC-SHA256 of "1700000000." and the body, keyed by the secret, in hex).
    const BODY: &[u8] =
        br#"{"id":"evt_1NG8Du2eZvKYlo2CUI79vXWy","object":"event","type":"payment_intent.succeeded"}"#;
    const AT: i64 = 1_700_000_000;
    const V1: &str = "1ee8dd662a91c944c5fc90522bd8a6c2fa5ad2f05377bafef52d694497464c9a";

    fn header() -> String {
        format!("t={AT},v1={V1}")
    }

    #[test]
    fn a_fresh_signature_passes_and_anything_else_is_refused() {
        let header = header();
        assert_eq!(verify(BODY, &header, SECRET, AT), Ok(()));
        assert_eq!(verify(BODY, &header, SECRET, AT + 300), Ok(()));
        assert_eq!(verify(BODY, &header, SECRET, AT + 301), Err(Refused::Stale));
        assert_eq!(verify(BODY, &header, SECRET, AT - 301), Err(Refused::Stale));
        let mut changed = BODY.to_vec();
        changed[10] = b'X';
        assert_eq!(
            verify(&changed, &header, SECRET, AT),
            Err(Refused::Mismatch)
        );
        assert_eq!(
            verify(BODY, &header, "whsec_other", AT),
            Err(Refused::Mismatch)
        );
        let resigned_later = format!("t={},v1={V1}", AT + 1);
        assert_eq!(
            verify(BODY, &resigned_later, SECRET, AT),
            Err(Refused::Mismatch),
            "the timestamp is signed too"
        );
        assert_eq!(verify(BODY, "", SECRET, AT), Err(Refused::Malformed));
        assert_eq!(
            verify(BODY, &format!("t={AT}"), SECRET, AT),
            Err(Refused::Malformed)
        );
        assert_eq!(
            verify(BODY, &format!("v1={V1}"), SECRET, AT),
            Err(Refused::Malformed)
        );
    }

    #[test]
    fn any_of_several_v1_signatures_may_match() {
        // Stripe sends one v1 per webhook secret while a secret is being rolled.
        let header = format!("t={AT},v1={},v0=ignored,v1={V1}", "00".repeat(32));
        assert_eq!(verify(BODY, &header, SECRET, AT), Ok(()));
        let header = format!("t={AT},v1=zz,v1={}", "ab".repeat(32));
        assert_eq!(verify(BODY, &header, SECRET, AT), Err(Refused::Mismatch));
    }
}
