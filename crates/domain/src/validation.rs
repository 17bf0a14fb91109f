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
/// Longest blog post body.
pub const ARTICLE_MAX: usize = 100_000;
/// Longest URL (images, media).
pub const URL_MAX: usize = 2_048;

pub const NUL_MESSAGE: &str = "Must not contain NUL characters";

/// Trims the text and checks it is present, not longer than `max` characters
/// and free of NUL characters (which no database text column can hold).
pub fn required_text(value: &str, max: usize, required_message: &str) -> Result<String, String> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(required_message.to_owned());
    }
    if trimmed.chars().count() > max {
        return Err(format!("Must be at most {max} characters"));
    }
    if trimmed.contains('\0') {
        return Err(NUL_MESSAGE.to_owned());
    }
    Ok(trimmed.to_owned())
}

/// Optional text: blank becomes `None`.
pub fn optional_text(value: Option<&str>, max: usize) -> Result<Option<String>, String> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) if text.chars().count() > max => Err(format!("Must be at most {max} characters")),
        Some(text) if text.contains('\0') => Err(NUL_MESSAGE.to_owned()),
        Some(text) => Ok(Some(text.to_owned())),
    }
}

/// A URL or site-relative path for an image or video. Only `http(s)://` and
/// `/`-rooted paths are accepted, so a `javascript:` URL can never reach an
/// `<img src>` or a link.
pub fn media_url(value: &str, required_message: &str) -> Result<String, String> {
    let url = required_text(value, URL_MAX, required_message)?;
    let lower = url.to_ascii_lowercase();
    let allowed = lower.starts_with("https://")
        || lower.starts_with("http://")
        || (url.starts_with('/') && !url.starts_with("//"));
    if !allowed || url.chars().any(char::is_whitespace) {
        return Err("Please enter a valid URL (https://... or /path)".to_owned());
    }
    Ok(url)
}

pub const EMAIL_MESSAGE: &str = "Please enter a valid email address";

/// A syntactically plausible e-mail address, stored lower-case so lookups and
/// uniqueness ignore case.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub fn parse(value: &str) -> Result<Self, String> {
        let candidate = value.trim();
        if candidate.len() > 254 || !looks_like_email(candidate) {
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
    fn media_urls_must_be_http_or_site_relative() {
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
