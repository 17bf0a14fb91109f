//! The rules of the fields every form shares: text within its limits,
//! e-mail addresses and media URLs, as newtypes that can only hold a valid
//! value. The edge (the HTTP adapter) parses what a client sent into them
//! and says, in the field's own words, what is missing; the rules' own
//! reasons are their errors' `Display`.

use std::fmt;

/// Longest phone number accepted.
pub const PHONE_MAX: usize = 40;

/// A field rule's refusal: the field was left blank (its form says what is
/// required, in its own words) or the rule's own reason (`Display`).
pub trait Refusal: fmt::Display {
    fn is_blank(&self) -> bool;
}

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

/// Why a text was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    #[error("Required")]
    Blank,
    #[error("Must be at most {max} characters")]
    TooLong { max: usize },
    #[error("{NUL_MESSAGE}")]
    Nul,
    /// A line break, tab or other control character inside single-line text
    /// (a name, a city): it would break the owner's mail and exports.
    #[error("{ONE_LINE_MESSAGE}")]
    NotOneLine,
}

pub const ONE_LINE_MESSAGE: &str = "Must be one line, without line breaks, tabs or control characters";

impl Refusal for TextError {
    fn is_blank(&self) -> bool {
        matches!(self, TextError::Blank)
    }
}

/// Whether a character shows: neither whitespace nor a control character.
/// Text made only of invisible characters counts as blank.
pub fn is_visible(c: char) -> bool {
    !(c.is_whitespace() || c.is_control())
}

/// The limits every text field shares: at most `max` characters as sent
/// (before trimming, so a field's documented maxLength is exact) and no NUL
/// (which no database text column can hold).
fn bounded(value: &str, max: usize) -> Result<(), TextError> {
    if value.chars().count() > max {
        return Err(TextError::TooLong { max });
    }
    if value.contains('\0') {
        return Err(TextError::Nul);
    }
    Ok(())
}

/// Required text: at least one visible character, within [`bounded`]'s
/// limits; returned trimmed.
fn required(value: &str, max: usize) -> Result<String, TextError> {
    if !value.chars().any(is_visible) {
        return Err(TextError::Blank);
    }
    bounded(value, max)?;
    Ok(value.trim().to_owned())
}

/// Optional text within [`bounded`]'s limits: blank becomes `None`.
fn optional(value: Option<&str>, max: usize) -> Result<Option<String>, TextError> {
    match value {
        None => Ok(None),
        Some(text) => {
            bounded(text, max)?;
            Ok(Some(text.trim()).filter(|t| t.chars().any(is_visible)).map(str::to_owned))
        }
    }
}

/// Whether a character breaks a line of text: a control character (tabs,
/// line feeds, U+0085 among them) or a line or paragraph separator.
pub fn breaks_line(c: char) -> bool {
    c.is_control() || c == '\u{2028}' || c == '\u{2029}'
}

/// Single-line text (trimmed): nothing in it may break the line.
fn one_line(text: String) -> Result<String, TextError> {
    if text.chars().any(breaks_line) { Err(TextError::NotOneLine) } else { Ok(text) }
}

/// Multi-line text keeps its line breaks.
fn any_lines(text: String) -> Result<String, TextError> {
    Ok(text)
}

/// Declares a text newtype: required text of at most `$max` characters,
/// trimmed, that only its `parse` can make; `$lines` is `one_line` for
/// single-line text, `any_lines` for text that keeps its line breaks.
macro_rules! bounded_text {
    ($(#[$meta:meta])* $name:ident, $max:expr, $lines:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name(String);

        impl $name {
            /// The most characters it may be sent with.
            pub const MAX: usize = $max;

            /// At least one visible character, at most [`Self::MAX`]
            /// characters as sent, no NUL; surrounding whitespace is trimmed.
            pub fn parse(text: &str) -> Result<Self, TextError> {
                required(text, Self::MAX).and_then($lines).map(Self)
            }

            /// As [`Self::parse`], but absent or blank is none.
            pub fn parse_optional(text: Option<&str>) -> Result<Option<Self>, TextError> {
                optional(text, Self::MAX)?.map($lines).transpose().map(|text| text.map(Self))
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl std::ops::Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<$name> for String {
            fn from(value: $name) -> String {
                value.0
            }
        }
    };
}

bounded_text!(
    /// A title or other single-line text (a product's name, a city).
    ShortText, SHORT_TEXT_MAX, one_line
);
bounded_text!(
    /// A person's first or last name.
    PersonName, SHORT_TEXT_MAX, one_line
);
bounded_text!(
    /// A description, message or note.
    LongText, LONG_TEXT_MAX, any_lines
);
bounded_text!(
    /// A journal post's body.
    ArticleText, ARTICLE_MAX, any_lines
);
bounded_text!(
    /// A phone number, as the guest writes it.
    Phone, PHONE_MAX, one_line
);

pub const URL_MESSAGE: &str = "Please enter a valid URL (https://... or /path)";

/// Why a media URL was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum UrlError {
    #[error("Required")]
    Blank,
    #[error(transparent)]
    Text(TextError),
    #[error("{URL_MESSAGE}")]
    Invalid,
}

impl Refusal for UrlError {
    fn is_blank(&self) -> bool {
        matches!(self, UrlError::Blank)
    }
}

/// A URL or site-relative path for an image or video: `http(s)://` and a
/// host, or one `/` followed by a path character (RFC 3986 pchar) — so
/// neither `javascript:` nor a protocol-relative `//host` or `/\host` can
/// reach an `<img src>` or a link. No whitespace or control characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MediaUrl(String);

impl MediaUrl {
    pub fn parse(value: &str) -> Result<Self, UrlError> {
        if value.is_empty() {
            return Err(UrlError::Blank);
        }
        bounded(value, URL_MAX).map_err(UrlError::Text)?;
        let lower = value.get(..8).unwrap_or(value).to_ascii_lowercase();
        let absolute = ["https://", "http://"]
            .iter()
            .find_map(|scheme| lower.starts_with(scheme).then(|| &value[scheme.len()..]));
        let allowed = match absolute {
            Some(rest) => !rest.is_empty(),
            None => value.strip_prefix('/').and_then(|rest| rest.chars().next()).is_some_and(is_path_char),
        };
        if !allowed || value.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(UrlError::Invalid);
        }
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl From<MediaUrl> for String {
    fn from(value: MediaUrl) -> String {
        value.0
    }
}

/// RFC 3986 `pchar`, as its first character starts a site-relative path:
/// unreserved, percent sign, sub-delims, ':' or '@'.
fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~%!$&'()*+,;=:@".contains(c)
}

pub const EMAIL_MESSAGE: &str = "Please enter a valid email address";
/// Longest address accepted (as sent), per RFC 5321's path limit.
pub const EMAIL_MAX: usize = 254;

/// Not an e-mail address (a blank one neither: the form says so the same way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{EMAIL_MESSAGE}")]
pub struct InvalidEmail;

impl Refusal for InvalidEmail {
    fn is_blank(&self) -> bool {
        false
    }
}

/// A syntactically plausible e-mail address, stored lower-case so lookups and
/// uniqueness ignore case.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// Surrounding whitespace is ignored (as a browser's email field does).
    pub fn parse(value: &str) -> Result<Self, InvalidEmail> {
        let candidate = value.trim();
        if value.chars().count() > EMAIL_MAX || !looks_like_email(candidate) {
            return Err(InvalidEmail);
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
            assert_eq!(Email::parse(bad), Err(InvalidEmail), "{bad}");
        }
        assert_eq!(InvalidEmail.to_string(), EMAIL_MESSAGE);
    }

    /// Text of at most 5 characters, for the rule's edges.
    fn five(text: &str) -> Result<String, TextError> {
        required(text, 5)
    }

    #[test]
    fn single_line_text_refuses_what_breaks_a_line_and_long_text_keeps_its_breaks() {
        for broken in
            ["Ada\nLovelace", "Ada\r\nX", "Ada\tX", "Ada\u{85}X", "Ada\u{2028}X", "Ada\u{1b}[31mX", "A\u{7f}"]
        {
            assert_eq!(PersonName::parse(broken), Err(TextError::NotOneLine), "{broken:?}");
            assert_eq!(ShortText::parse_optional(Some(broken)), Err(TextError::NotOneLine), "{broken:?}");
        }
        // Surrounding whitespace (line breaks too) is trimmed, not refused.
        assert_eq!(
            PersonName::parse("\n Ada Lovelace\t\r\n").map(String::from),
            Ok("Ada Lovelace".to_owned())
        );
        assert_eq!(
            ShortText::parse("Café\u{a0}du\u{3000}Lac").map(String::from),
            Ok("Café\u{a0}du\u{3000}Lac".to_owned())
        );
        assert_eq!(ShortText::parse_optional(Some(" \n ")), Ok(None));
        assert_eq!(
            LongText::parse("Dear retreat,\r\n\tthank you.").map(String::from),
            Ok("Dear retreat,\r\n\tthank you.".to_owned())
        );
        assert_eq!(TextError::NotOneLine.to_string(), ONE_LINE_MESSAGE);
    }

    #[test]
    fn required_text_trims_and_bounds() {
        assert_eq!(five("  hi "), Ok("hi".to_owned()));
        assert_eq!(five("   "), Err(TextError::Blank));
        assert_eq!(five("abcdef"), Err(TextError::TooLong { max: 5 }));
        assert_eq!(five("a\0b"), Err(TextError::Nul));
        assert_eq!(optional(Some("\0"), 5), Err(TextError::Nul));
        assert_eq!(TextError::Nul.to_string(), NUL_MESSAGE);
        assert_eq!(TextError::TooLong { max: 5 }.to_string(), "Must be at most 5 characters");
        assert!(TextError::Blank.is_blank() && !TextError::Nul.is_blank());
    }

    #[test]
    fn text_of_invisible_characters_is_blank_and_length_counts_as_sent() {
        for blank in ["", " ", "\t\n", "\u{a0}\u{3000}", "\u{1}\u{1f}", "\u{85}\u{7f}"] {
            assert_eq!(five(blank), Err(TextError::Blank), "{blank:?}");
            assert_eq!(optional(Some(blank), 50), Ok(None), "{blank:?}");
        }
        assert_eq!(five("\u{1}a\u{1}"), Ok("\u{1}a\u{1}".to_owned()));
        // Five characters with the spaces, so six is one too many.
        assert!(five("  abcd").is_err());
        assert!(optional(Some("  abcd"), 5).is_err());
        assert_eq!(optional(Some(" ab "), 5), Ok(Some("ab".to_owned())));
    }

    #[test]
    fn text_newtypes_hold_their_trimmed_text_within_their_limits() {
        assert_eq!(PersonName::parse("  Ada ").map(PersonName::into_string), Ok("Ada".to_owned()));
        assert_eq!(PersonName::parse(&"x".repeat(201)), Err(TextError::TooLong { max: 200 }));
        assert_eq!(LongText::parse_optional(Some("  ")), Ok(None));
        assert_eq!(LongText::parse_optional(None), Ok(None));
        assert_eq!(ArticleText::MAX, ARTICLE_MAX);
    }

    #[test]
    fn media_urls_must_be_http_or_site_relative() {
        let ok = |url: &str| MediaUrl::parse(url).is_ok();
        assert!(ok("HTTPS://cdn.example.com/a.webp"));
        assert!(!ok("/\\evil.example/x.png"));
        assert!(ok("/%2Fevil/x.png"));
        assert!(!ok("/"));
        assert!(!ok("https://"));
        assert!(!ok("/media/a\u{7}.webp"));
        assert!(!ok(" /media/a.webp"));
        assert!(ok("https://cdn.example.com/a.webp"));
        assert!(ok("/media/a.webp"));
        assert!(!ok("javascript:alert(1)"));
        assert!(!ok("//evil.example/a.png"));
        assert!(!ok("data:text/html,hi"));
        assert_eq!(MediaUrl::parse(""), Err(UrlError::Blank));
        assert_eq!(MediaUrl::parse("javascript:x").map_err(|e| e.to_string()), Err(URL_MESSAGE.to_owned()));
    }
}
