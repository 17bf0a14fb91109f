//! Field validation shared by every form: collected errors, required text,
//! e-mail addresses and the length limits that keep rows a sane size.

use std::fmt;

/// Field → message pairs in the order the form shows its fields, so the first
/// message is the one a person would fix first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ValidationErrors {
    entries: Vec<(&'static str, String)>,
}

impl ValidationErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn single(field: &'static str, message: impl Into<String>) -> Self {
        let mut errors = Self::new();
        errors.add(field, message);
        errors
    }

    /// Records a message; the first message of a field wins.
    pub fn add(&mut self, field: &'static str, message: impl Into<String>) {
        if !self.entries.iter().any(|(f, _)| *f == field) {
            self.entries.push((field, message.into()));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn entries(&self) -> &[(&'static str, String)] {
        &self.entries
    }

    pub fn message_for(&self, field: &str) -> Option<&str> {
        self.entries.iter().find(|(f, _)| *f == field).map(|(_, m)| m.as_str())
    }

    /// The message shown when only one line fits: the first field's.
    pub fn summary(&self) -> &str {
        self.entries.first().map_or("Invalid input", |(_, m)| m.as_str())
    }

    /// `Ok(value)` when nothing was recorded.
    pub fn into_result<T>(self, value: impl FnOnce() -> T) -> Result<T, Self> {
        if self.is_empty() { Ok(value()) } else { Err(self) }
    }

    /// Unwraps a field's parse result, recording its error and returning
    /// `None` so the remaining fields are still checked.
    pub fn take<T>(&mut self, field: &'static str, parsed: Result<T, String>) -> Option<T> {
        match parsed {
            Ok(value) => Some(value),
            Err(message) => {
                self.add(field, message);
                None
            }
        }
    }
}

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.summary())
    }
}

impl std::error::Error for ValidationErrors {}

/// Longest single-line text we accept (names, titles, cities...).
pub const SHORT_TEXT_MAX: usize = 200;
/// Longest multi-line text outside blog content (messages, notes, descriptions).
pub const LONG_TEXT_MAX: usize = 5_000;
/// Longest blog post body (about 10,000 words). Bounded so that the
/// longest valid post fits the server's body limit however it is encoded.
pub const ARTICLE_MAX: usize = 60_000;
/// Longest URL (images, media).
pub const URL_MAX: usize = 2_048;

pub const NUL_MESSAGE: &str = "Must not contain NUL characters";

/// Whether a character shows: neither whitespace nor a control character.
/// Text made only of invisible characters counts as blank.
pub fn is_visible(c: char) -> bool {
    !(c.is_whitespace() || c.is_control())
}

/// The limits every text field shares: at most `max` characters as sent
/// (before trimming, so a field's documented maxLength is exact) and no NUL
/// (which no database text column can hold).
fn bounded(value: &str, max: usize) -> Result<(), String> {
    if value.chars().count() > max {
        return Err(format!("Must be at most {max} characters"));
    }
    if value.contains('\0') {
        return Err(NUL_MESSAGE.to_owned());
    }
    Ok(())
}

/// Required text: at least one visible character, within [`bounded`]'s
/// limits; returned trimmed.
pub fn required_text(value: &str, max: usize, required_message: &str) -> Result<String, String> {
    if !value.chars().any(is_visible) {
        return Err(required_message.to_owned());
    }
    bounded(value, max)?;
    Ok(value.trim().to_owned())
}

/// Optional text within [`bounded`]'s limits: blank becomes `None`.
pub fn optional_text(value: Option<&str>, max: usize) -> Result<Option<String>, String> {
    match value {
        None => Ok(None),
        Some(text) => {
            bounded(text, max)?;
            Ok(Some(text.trim()).filter(|t| t.chars().any(is_visible)).map(str::to_owned))
        }
    }
}

pub const URL_MESSAGE: &str = "Please enter a valid URL (https://... or /path)";

/// A URL or site-relative path for an image or video: `http(s)://` and a
/// host, or one `/` followed by a path character (RFC 3986 pchar) — so
/// neither `javascript:` nor a protocol-relative `//host` or `/\host` can
/// reach an `<img src>` or a link. No whitespace or control characters.
pub fn media_url(value: &str, required_message: &str) -> Result<String, String> {
    if value.is_empty() {
        return Err(required_message.to_owned());
    }
    bounded(value, URL_MAX)?;
    let lower = value.get(..8).unwrap_or(value).to_ascii_lowercase();
    let absolute = ["https://", "http://"]
        .iter()
        .find_map(|scheme| lower.starts_with(scheme).then(|| &value[scheme.len()..]));
    let allowed = match absolute {
        Some(rest) => !rest.is_empty(),
        None => value.strip_prefix('/').and_then(|rest| rest.chars().next()).is_some_and(is_path_char),
    };
    if !allowed || value.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(URL_MESSAGE.to_owned());
    }
    Ok(value.to_owned())
}

/// RFC 3986 `pchar`, as its first character starts a site-relative path:
/// unreserved, percent sign, sub-delims, ':' or '@'.
fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~%!$&'()*+,;=:@".contains(c)
}

pub const EMAIL_MESSAGE: &str = "Please enter a valid email address";
/// Longest address accepted (as sent), per RFC 5321's path limit.
pub const EMAIL_MAX: usize = 254;

/// A syntactically plausible e-mail address, stored lower-case so lookups and
/// uniqueness ignore case.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// Surrounding whitespace is ignored (as a browser's email field does).
    pub fn parse(value: &str) -> Result<Self, String> {
        let candidate = value.trim();
        if value.chars().count() > EMAIL_MAX || !looks_like_email(candidate) {
            return Err(EMAIL_MESSAGE.to_owned());
        }
        Ok(Self(candidate.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// local@domain.tld with no spaces, one `@`, a dot in the domain and no empty
/// labels: the same shape browsers accept for `type="email"` plus a TLD.
fn looks_like_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && local.chars().all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        });
    local_ok && domain_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_ordinary_addresses_and_lowercases_them() {
        let email = Email::parse("  Guest.Name+spa@Example.COM ").expect("valid");
        assert_eq!(email.as_str(), "guest.name+spa@example.com");
    }

    #[test]
    fn rejects_malformed_addresses() {
        for bad in [
            "",
            "plain",
            "a@b",
            "a@@b.com",
            "a b@c.com",
            "@example.com",
            "a@.com",
            "a@example..com",
            "<script>@x.com",
            "a@-x.com",
        ] {
            assert_eq!(Email::parse(bad), Err(EMAIL_MESSAGE.to_owned()), "{bad}");
        }
    }

    #[test]
    fn required_text_trims_and_bounds() {
        assert_eq!(required_text("  hi ", 5, "req"), Ok("hi".to_owned()));
        assert_eq!(required_text("   ", 5, "req"), Err("req".to_owned()));
        assert!(required_text("abcdef", 5, "req").is_err());
        assert_eq!(required_text("a\0b", 5, "req"), Err(NUL_MESSAGE.to_owned()));
        assert_eq!(optional_text(Some("\0"), 5), Err(NUL_MESSAGE.to_owned()));
    }

    #[test]
    fn text_of_invisible_characters_is_blank_and_length_counts_as_sent() {
        for blank in ["", " ", "\t\n", "\u{a0}\u{3000}", "\u{1}\u{1f}", "\u{85}\u{7f}"] {
            assert_eq!(required_text(blank, 50, "req"), Err("req".to_owned()), "{blank:?}");
            assert_eq!(optional_text(Some(blank), 50), Ok(None), "{blank:?}");
        }
        assert_eq!(required_text("\u{1}a\u{1}", 5, "req"), Ok("\u{1}a\u{1}".to_owned()));
        // Five characters with the spaces, so six is one too many.
        assert!(required_text("  abcd", 5, "req").is_err());
        assert!(optional_text(Some("  abcd"), 5).is_err());
        assert_eq!(optional_text(Some(" ab "), 5), Ok(Some("ab".to_owned())));
    }

    #[test]
    fn media_urls_must_be_http_or_site_relative() {
        assert!(media_url("HTTPS://cdn.example.com/a.webp", "r").is_ok());
        assert!(media_url("/\\evil.example/x.png", "r").is_err());
        assert!(media_url("/%2Fevil/x.png", "r").is_ok());
        assert!(media_url("/", "r").is_err());
        assert!(media_url("https://", "r").is_err());
        assert!(media_url("/media/a\u{7}.webp", "r").is_err());
        assert!(media_url(" /media/a.webp", "r").is_err());
        assert!(media_url("https://cdn.example.com/a.webp", "r").is_ok());
        assert!(media_url("/media/a.webp", "r").is_ok());
        assert!(media_url("javascript:alert(1)", "r").is_err());
        assert!(media_url("//evil.example/a.png", "r").is_err());
        assert!(media_url("data:text/html,hi", "r").is_err());
        assert_eq!(media_url("", "r"), Err("r".to_owned()));
    }

    #[test]
    fn first_message_per_field_wins_and_order_is_kept() {
        let mut errors = ValidationErrors::new();
        errors.add("b", "first b");
        errors.add("a", "first a");
        errors.add("b", "second b");
        assert_eq!(errors.summary(), "first b");
        assert_eq!(errors.entries().len(), 2);
        assert_eq!(errors.message_for("a"), Some("first a"));
    }
}
