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

/// The header Stripe would send for `payload` at `timestamp` (tests and tools).
pub fn sign(payload: &[u8], secret: &str, timestamp: i64) -> String {
    let key = hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes());
    let mut signed = format!("{timestamp}.").into_bytes();
    signed.extend_from_slice(payload);
    let tag = hmac::sign(&key, &signed);
    let hex: String = tag.as_ref().iter().map(|b| format!("{b:02x}")).collect();
    format!("t={timestamp},v1={hex}")
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

    #[test]
    fn a_fresh_signature_passes_and_anything_else_is_refused() {
        let payload = br#"{"id":"evt_1"}"#;
        let header = sign(payload, SECRET, 1_000_000);
        assert_eq!(verify(payload, &header, SECRET, 1_000_000), Ok(()));
        assert_eq!(verify(payload, &header, SECRET, 1_000_300), Ok(()));
        assert_eq!(
            verify(payload, &header, SECRET, 1_000_301),
            Err(Refused::Stale)
        );
        assert_eq!(
            verify(payload, &header, SECRET, 999_699),
            Err(Refused::Stale)
        );
        assert_eq!(
            verify(br#"{"id":"evt_2"}"#, &header, SECRET, 1_000_000),
            Err(Refused::Mismatch)
        );
        assert_eq!(
            verify(payload, &header, "whsec_other", 1_000_000),
            Err(Refused::Mismatch)
        );
        assert_eq!(
            verify(payload, "", SECRET, 1_000_000),
            Err(Refused::Malformed)
        );
        assert_eq!(
            verify(payload, "t=1000000", SECRET, 1_000_000),
            Err(Refused::Malformed)
        );
        assert_eq!(
            verify(payload, "v1=abcd", SECRET, 1_000_000),
            Err(Refused::Malformed)
        );
    }

    #[test]
    fn any_of_several_v1_signatures_may_match() {
        let payload = b"{}";
        let good = sign(payload, SECRET, 42);
        let good_v1 = good.split(',').nth(1).expect("v1");
        let header = format!("t=42,v1={},v0=ignored,{good_v1}", "00".repeat(32));
        assert_eq!(verify(payload, &header, SECRET, 42), Ok(()));
        let header = format!("t=42,v1=zz,v1={}", "ab".repeat(32));
        assert_eq!(verify(payload, &header, SECRET, 42), Err(Refused::Mismatch));
    }
}
