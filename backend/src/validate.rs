//! Checks of what people type, collecting every field's message at once so a form can
//! show them all. Numbers may arrive as JSON numbers or numeric strings (the page's
//! inputs are text); money becomes integer paisa (hundredths of a taka).

use chrono::Datelike;
use serde_json::Value;

use crate::error::{AppError, FieldCode, FieldError, FieldErrors};
use crate::records::Language;

/// The highest price a listing may ask, in whole units.
pub const MAX_PRICE: i64 = 100_000_000;
/// The first year a bike on sale could have been bought.
pub const MIN_YEAR: i32 = 1950;
/// The most years of use a listing may state.
pub const MAX_YEARS_OF_USE: i32 = 100;

/// What a language that is neither English nor Bangla is told.
pub const LANGUAGE_CHOICE: &str = "Choose English (en) or Bangla (bn)";

/// Collects field errors while reading a request body.
#[derive(Debug, Default)]
pub struct Checker {
    errors: FieldErrors,
}

/// Text of a JSON value: strings as they are, numbers written out, anything else None.
pub fn as_text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

impl Checker {
    pub fn new() -> Self {
        Checker::default()
    }

    /// Records what is wrong with `field` (the first problem wins).
    pub fn fail(&mut self, field: &str, code: FieldCode, message: impl Into<String>) {
        self.errors
            .entry(field.to_owned())
            .or_insert_with(|| FieldError {
                code,
                message: message.into(),
            });
    }

    /// Required text of at most `max` characters; `required` is its message in docs/product.md.
    pub fn text(
        &mut self,
        field: &str,
        value: Option<&Value>,
        required: &str,
        max: usize,
    ) -> String {
        match as_text(value) {
            Some(s) if s.is_empty() => self.fail(field, FieldCode::Required, required),
            Some(s) if s.chars().count() > max => self.fail(
                field,
                FieldCode::TooLong,
                format!("Please keep this under {max} characters"),
            ),
            Some(s)
                if s.chars()
                    .any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t') =>
            {
                self.fail(
                    field,
                    FieldCode::ControlCharacters,
                    "Please remove control characters",
                )
            }
            Some(s) => return s,
            None => self.fail(field, FieldCode::Required, required),
        }
        String::new()
    }

    /// A language the marketplace is written in: `en` or `bn`.
    pub fn language(&mut self, field: &str, value: &Value) -> Language {
        match value.as_str().and_then(Language::parse) {
            Some(language) => language,
            None => {
                self.fail(field, FieldCode::NotOnList, LANGUAGE_CHOICE);
                Language::En
            }
        }
    }

    /// Optional text: empty when missing.
    pub fn optional_text(&mut self, field: &str, value: Option<&Value>, max: usize) -> String {
        match value {
            None | Some(Value::Null) => String::new(),
            Some(v) => match as_text(Some(v)) {
                Some(s) if s.is_empty() => s,
                _ => self.text(field, Some(v), "", max),
            },
        }
    }

    /// An image address: one of our uploads (`/uploads/…`) or an http(s) URL.
    pub fn image(&mut self, field: &str, value: Option<&Value>, required: &str) -> String {
        let url = self.text(field, value, required, 2048);
        if url.is_empty() {
            return url;
        }
        let ours = url.starts_with("/uploads/") && !url.contains("..");
        let web = (url.starts_with("https://") || url.starts_with("http://"))
            && !url
                .chars()
                .any(|c| c.is_whitespace() || c == '"' || c == '<' || c == '>');
        if ours || web {
            url
        } else {
            self.fail(field, FieldCode::NotAnImage, "Please upload an image");
            String::new()
        }
    }

    /// A price above zero with at most two decimals, in paisa.
    pub fn price(&mut self, field: &str, value: Option<&Value>, required: &str) -> i64 {
        let text = self.text(field, value, required, 32);
        if text.is_empty() {
            return 0;
        }
        match parse_paisa(&text.replace(',', "")) {
            Some(paisa) if paisa > 0 && paisa <= MAX_PRICE * 100 => paisa,
            Some(paisa) if paisa <= 0 => {
                self.fail(
                    field,
                    FieldCode::PriceNotPositive,
                    "Price must be more than 0",
                );
                0
            }
            Some(_) => {
                self.fail(
                    field,
                    FieldCode::PriceTooHigh,
                    format!("Price must be at most {MAX_PRICE}"),
                );
                0
            }
            None => {
                self.fail(
                    field,
                    FieldCode::NotAPrice,
                    "Price must be a number, like 125000 or 125000.50",
                );
                0
            }
        }
    }

    /// A whole number between `min` and `max` when given (`message` when it is not one);
    /// None when absent or blank.
    pub fn optional_whole(
        &mut self,
        field: &str,
        value: Option<&Value>,
        min: i32,
        max: i32,
        message: &str,
    ) -> Option<i32> {
        let text = match value {
            None | Some(Value::Null) => return None,
            Some(value) => as_text(Some(value)),
        };
        match text.as_deref().map(|t| t.replace(',', "")) {
            Some(t) if t.is_empty() => None,
            Some(t) => match t.parse::<i64>() {
                Ok(n) if n >= i64::from(min) && n <= i64::from(max) => Some(n as i32),
                _ => {
                    self.fail(field, FieldCode::OutOfRange, message);
                    None
                }
            },
            None => {
                self.fail(field, FieldCode::OutOfRange, message);
                None
            }
        }
    }

    /// A purchase year between 1950 and this year.
    pub fn purchase_year(&mut self, field: &str, value: Option<&Value>, required: &str) -> i32 {
        let this_year = chrono::Utc::now().year();
        let text = self.text(field, value, required, 16);
        if text.is_empty() {
            return 0;
        }
        match text.parse::<i32>() {
            Ok(y) if (MIN_YEAR..=this_year).contains(&y) => y,
            _ => {
                self.fail(
                    field,
                    FieldCode::OutOfRange,
                    format!("Purchase year must be a year between {MIN_YEAR} and {this_year}"),
                );
                0
            }
        }
    }

    /// Years of use: a whole number from 0 to 100.
    pub fn years_of_use(&mut self, field: &str, value: Option<&Value>, required: &str) -> i32 {
        let text = self.text(field, value, required, 16);
        if text.is_empty() {
            return 0;
        }
        match text.parse::<i32>() {
            Ok(n) if (0..=MAX_YEARS_OF_USE).contains(&n) => n,
            _ => {
                self.fail(
                    field,
                    FieldCode::OutOfRange,
                    format!("Years of use must be a whole number from 0 to {MAX_YEARS_OF_USE}"),
                );
                0
            }
        }
    }

    /// A record id: a positive integer, sent as a string or a number.
    pub fn id(&mut self, field: &str, value: Option<&Value>, required: &str) -> i64 {
        let text = self.text(field, value, required, 24);
        if text.is_empty() {
            return 0;
        }
        match parse_id(&text) {
            Some(id) => id,
            None => {
                self.fail(field, FieldCode::Required, required);
                0
            }
        }
    }

    /// A phone number: digits with an optional leading + and spaces or dashes.
    pub fn phone(&mut self, field: &str, value: Option<&Value>, required: &str) -> String {
        let phone = self.text(field, value, required, 32);
        if phone.is_empty() {
            return phone;
        }
        let digits = phone.chars().filter(char::is_ascii_digit).count();
        let shape = phone
            .trim_start_matches('+')
            .chars()
            .all(|c| c.is_ascii_digit() || " -()".contains(c));
        if shape && (6..=15).contains(&digits) {
            phone
        } else {
            self.fail(
                field,
                FieldCode::InvalidPhone,
                "Please enter a valid phone number",
            );
            String::new()
        }
    }

    /// Ok when nothing failed, else a 422 with every field's message.
    pub fn finish(self) -> Result<(), AppError> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(AppError::fields(self.errors))
        }
    }
}

/// "125000", "125000.5", "125000.50" → paisa. No signs, exponents or third decimals.
pub fn parse_paisa(text: &str) -> Option<i64> {
    let (whole, frac) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, ""),
    };
    if whole.is_empty() || whole.len() > 12 || frac.len() > 2 {
        return None;
    }
    if !whole.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let frac: i64 = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<2}").parse().ok()?
    };
    whole.checked_mul(100)?.checked_add(frac)
}

/// An id a query string may carry: None when absent or empty, 422 on `field` when it is
/// not an id.
pub fn query_id(raw: Option<&str>, field: &str, message: &str) -> Result<Option<i64>, AppError> {
    match raw {
        None | Some("") => Ok(None),
        Some(raw) => parse_id(raw)
            .map(Some)
            .ok_or_else(|| AppError::field(field, FieldCode::NotAnId, message)),
    }
}

/// A record id in a path or body: a positive integer.
pub fn parse_id(text: &str) -> Option<i64> {
    text.trim().parse::<i64>().ok().filter(|id| *id > 0)
}

/// A normalised e-mail address, or None when it is not one.
pub fn email(text: &str) -> Option<String> {
    let email = text.trim().to_lowercase();
    let (local, domain) = email.split_once('@')?;
    let ok = !local.is_empty()
        && email.len() <= 254
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || "<>\"(),;:[]\\".contains(c))
        && !domain.contains('@');
    ok.then_some(email)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn prices_become_paisa_and_nonsense_is_refused() {
        assert_eq!(parse_paisa("125000"), Some(12_500_000));
        assert_eq!(parse_paisa("1.5"), Some(150));
        assert_eq!(parse_paisa("1.05"), Some(105));
        for bad in [
            "",
            ".5",
            "1.234",
            "-1",
            "1e5",
            "abc",
            "1.2.3",
            "9999999999999",
        ] {
            assert_eq!(parse_paisa(bad), None, "{bad}");
        }
        let mut c = Checker::new();
        assert_eq!(c.price("p", Some(&json!(1500)), "required"), 150_000);
        assert_eq!(c.price("q", Some(&json!("1,500.25")), "required"), 150_025);
        c.finish().expect("valid prices");
        let mut c = Checker::new();
        c.price("zero", Some(&json!(0)), "required");
        c.price("neg", Some(&json!(-5)), "required");
        c.price("text", Some(&json!("cheap")), "required");
        c.price("missing", None, "required");
        c.price("huge", Some(&json!(1_000_000_000)), "required");
        let AppError::Validation { fields, .. } = c.finish().expect_err("invalid") else {
            panic!()
        };
        let said = |field: &str| (fields[field].code, fields[field].message.as_str());
        assert_eq!(
            said("zero"),
            (FieldCode::PriceNotPositive, "Price must be more than 0")
        );
        let not_a_price = "Price must be a number, like 125000 or 125000.50";
        assert_eq!(said("neg"), (FieldCode::NotAPrice, not_a_price));
        assert_eq!(said("text"), (FieldCode::NotAPrice, not_a_price));
        assert_eq!(said("missing"), (FieldCode::Required, "required"));
        assert_eq!(
            said("huge"),
            (FieldCode::PriceTooHigh, "Price must be at most 100000000")
        );
    }

    #[test]
    fn years_are_bounded() {
        let this_year = chrono::Utc::now().year();
        let mut c = Checker::new();
        assert_eq!(c.purchase_year("y", Some(&json!("2019")), "required"), 2019);
        assert_eq!(c.years_of_use("u", Some(&json!(0)), "required"), 0);
        c.finish().expect("valid");
        let mut c = Checker::new();
        c.purchase_year("old", Some(&json!(1900)), "required");
        c.purchase_year("future", Some(&json!(this_year + 1)), "required");
        c.years_of_use("neg", Some(&json!(-1)), "required");
        c.years_of_use("frac", Some(&json!("1.5")), "required");
        let AppError::Validation { fields, .. } = c.finish().expect_err("invalid") else {
            panic!()
        };
        assert_eq!(fields.len(), 4);
        assert!(fields.values().all(|e| e.code == FieldCode::OutOfRange));
    }

    #[test]
    fn emails_are_normalised_or_refused() {
        assert_eq!(
            email(" Rahim@Example.COM ").as_deref(),
            Some("rahim@example.com")
        );
        for bad in [
            "",
            "rahim",
            "@example.com",
            "rahim@",
            "rahim@example",
            "a b@example.com",
            "a@b@c.com",
        ] {
            assert_eq!(email(bad), None, "{bad}");
        }
    }

    #[test]
    fn text_fields_use_the_given_message_and_limits() {
        let mut c = Checker::new();
        c.text("a", None, "required", 10);
        c.text("b", Some(&json!("   ")), "required", 10);
        c.text("c", Some(&json!("x".repeat(11))), "required", 10);
        c.text("d", Some(&json!({"x": 1})), "required", 10);
        c.image("e", Some(&json!("javascript:alert(1)")), "required");
        c.phone("f", Some(&json!("call me")), "required");
        let AppError::Validation { fields, .. } = c.finish().expect_err("invalid") else {
            panic!()
        };
        let said = |field: &str| (fields[field].code, fields[field].message.as_str());
        assert_eq!(said("a"), (FieldCode::Required, "required"));
        assert_eq!(said("b"), (FieldCode::Required, "required"));
        assert_eq!(
            said("c"),
            (FieldCode::TooLong, "Please keep this under 10 characters")
        );
        assert_eq!(said("d"), (FieldCode::Required, "required"));
        assert_eq!(said("e"), (FieldCode::NotAnImage, "Please upload an image"));
        assert_eq!(
            said("f"),
            (FieldCode::InvalidPhone, "Please enter a valid phone number")
        );
    }
}
