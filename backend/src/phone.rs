//! Phones confirmed by a code (docs/trust.md "Phones confirmed by a code"): reading a
//! Bangladeshi mobile number as people write it, the six-digit codes and the hash of them
//! the store keeps, and the SMS that carries a code. Pure: the sending is `sms.rs`, the
//! states are the store's.

use std::time::Duration;

use ring::hmac;

use crate::records::Language;

/// How long a code works after it is sent.
pub const CODE_LIFETIME: Duration = Duration::from_secs(10 * 60);
/// Wrong codes tried before a code is spent.
pub const TRIES: i32 = 5;
/// How long after one code another may be asked for the same number.
pub const RESEND_AFTER: Duration = Duration::from_secs(60);

/// An ASCII digit for an ASCII or Bengali one.
pub fn ascii_digit(c: char) -> Option<char> {
    match c {
        '0'..='9' => Some(c),
        '০'..='৯' => char::from_digit(c as u32 - '০' as u32, 10),
        _ => None,
    }
}

/// A Bangladeshi mobile number as `+8801XXXXXXXXX`, from the ways people write one:
/// `01712-345678`, `+880 1712 345678`, `8801712345678`, in Bengali digits too, with
/// spaces, dashes, dots or brackets between. None for anything else (a land line, a
/// number of another country, a letter among the digits).
pub fn mobile_number(written: &str) -> Option<String> {
    let mut digits = String::with_capacity(13);
    for (at, c) in written.trim().chars().enumerate() {
        match ascii_digit(c) {
            Some(d) => digits.push(d),
            None if c == '+' && at == 0 => {}
            None if " -.()".contains(c) => {}
            None => return None,
        }
    }
    let national = match digits.len() {
        11 => digits.as_str(),
        13 if digits.starts_with("880") => &digits[2..],
        _ => return None,
    };
    let b = national.as_bytes();
    (b[0] == b'0' && b[1] == b'1' && (b'3'..=b'9').contains(&b[2]))
        .then(|| format!("+88{national}"))
}

/// `+8801712345678` as people in Bangladesh read it: `01712-345678`.
pub fn local_form(number: &str) -> String {
    let national = number.strip_prefix("+88").unwrap_or(number);
    match national.get(..5).zip(national.get(5..)) {
        Some((head, tail)) => format!("{head}-{tail}"),
        None => national.to_owned(),
    }
}

/// A code from a request: six digits, ASCII or Bengali, spaces between them allowed.
pub fn read_code(written: &str) -> Option<String> {
    let mut code = String::with_capacity(6);
    for c in written.chars() {
        match ascii_digit(c) {
            Some(d) => code.push(d),
            None if c.is_whitespace() || c == '-' => {}
            None => return None,
        }
    }
    (code.len() == 6).then_some(code)
}

/// The key the hashes of codes are made with, derived from the server's secret so that
/// neither a copy of the database nor a token signature gives it away.
pub struct CodeKey(hmac::Key);

impl std::fmt::Debug for CodeKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CodeKey(..)")
    }
}

impl CodeKey {
    pub fn new(server_secret: &[u8]) -> CodeKey {
        let parent = hmac::Key::new(hmac::HMAC_SHA256, server_secret);
        let derived = hmac::sign(&parent, b"bikehaat phone codes v1");
        CodeKey(hmac::Key::new(hmac::HMAC_SHA256, derived.as_ref()))
    }

    /// The hash kept for `code` sent to `number` for the account `user_id`: a code is
    /// good for that account and that number only.
    pub fn hash(&self, user_id: i64, number: &str, code: &str) -> String {
        let message = format!("{user_id}\n{number}\n{code}");
        let tag = hmac::sign(&self.0, message.as_bytes());
        tag.as_ref().iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// The SMS that carries a code, in the reader's language. The code stays in ASCII digits
/// in both, so that phones offer to fill it in.
pub fn code_sms(code: &str, language: Language) -> String {
    match language {
        Language::En => format!(
            "{code} is your BikeHaat code. It works for 10 minutes. Never share it: BikeHaat \
             never asks for it."
        ),
        Language::Bn => format!(
            "{code} আপনার BikeHaat কোড। ১০ মিনিট কাজ করবে। কাউকে জানাবেন না: BikeHaat কখনো এটি চায় না।"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mobile_number_is_read_however_it_is_written() {
        for written in [
            "01712345678",
            "01712-345678",
            "+8801712345678",
            "+880 1712 345678",
            "8801712345678",
            "০১৭১২৩৪৫৬৭৮",
            "(017) 1234.5678",
        ] {
            assert_eq!(
                mobile_number(written).as_deref(),
                Some("+8801712345678"),
                "{written}"
            );
        }
        assert_eq!(
            mobile_number("01312345678").as_deref(),
            Some("+8801312345678")
        );
        assert_eq!(
            mobile_number("01912345678").as_deref(),
            Some("+8801912345678")
        );
    }

    #[test]
    fn anything_but_a_bangladeshi_mobile_number_is_refused() {
        for written in [
            "",
            "0171234567",
            "017123456789",
            "01212345678",
            "01112345678",
            "02712345678",
            "+447712345678",
            "8701712345678",
            "0171234567a",
            "017+12345678",
            "+8801712345678 ext 2",
        ] {
            assert_eq!(mobile_number(written), None, "{written}");
        }
    }

    #[test]
    fn a_number_reads_back_in_its_local_form() {
        assert_eq!(local_form("+8801712345678"), "01712-345678");
    }

    #[test]
    fn a_code_is_six_digits_in_either_script() {
        assert_eq!(read_code("123456").as_deref(), Some("123456"));
        assert_eq!(read_code(" 123 456 ").as_deref(), Some("123456"));
        assert_eq!(read_code("১২৩৪৫৬").as_deref(), Some("123456"));
        assert_eq!(read_code("12345"), None);
        assert_eq!(read_code("1234567"), None);
        assert_eq!(read_code("12345a"), None);
    }

    #[test]
    fn a_code_hash_is_bound_to_the_account_the_number_and_the_key() {
        let key = CodeKey::new(b"secret");
        let kept = key.hash(7, "+8801712345678", "123456");
        assert_eq!(kept.len(), 64);
        assert_eq!(kept, key.hash(7, "+8801712345678", "123456"));
        assert_ne!(kept, key.hash(8, "+8801712345678", "123456"));
        assert_ne!(kept, key.hash(7, "+8801812345678", "123456"));
        assert_ne!(kept, key.hash(7, "+8801712345678", "123457"));
        assert_ne!(
            kept,
            CodeKey::new(b"other").hash(7, "+8801712345678", "123456")
        );
        assert!(!kept.contains("123456"));
    }

    #[test]
    fn the_sms_carries_the_code_in_ascii_digits_in_both_languages() {
        assert!(code_sms("042917", Language::En).starts_with("042917 is your BikeHaat code."));
        assert!(code_sms("042917", Language::Bn).starts_with("042917 আপনার BikeHaat কোড।"));
    }
}
