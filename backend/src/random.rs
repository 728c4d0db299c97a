//! Random names: of uploaded files, of mails in the outbox, of test payments, and the
//! secrets made when none is configured.

use rand::RngCore;

/// `n` random bytes from the operating system, as lower-case hex.
pub fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
