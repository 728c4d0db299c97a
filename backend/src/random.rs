//! Random names: of uploaded files, of mails in the outbox, of test payments, and the
//! secrets made when none is configured; and deals' handover codes.

use rand::{Rng, RngCore};

/// `n` random bytes from the operating system, as lower-case hex.
pub fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Six random digits from the operating system, leading zeros kept: a handover code.
pub fn six_digits() -> String {
    format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000u32))
}

#[cfg(test)]
mod tests {
    #[test]
    fn six_digits_are_six_digits_and_vary() {
        let codes: Vec<String> = (0..50).map(|_| super::six_digits()).collect();
        assert!(codes
            .iter()
            .all(|code| code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit())));
        let distinct: std::collections::HashSet<_> = codes.iter().collect();
        assert!(distinct.len() > 40, "{codes:?}");
    }
}
