//! The journal, contact messages and newsletter sign-ups.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::validation::{ArticleText, Email, LongText, MediaUrl, PersonName, Refusal, ShortText};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlogPost {
    pub id: Uuid,
    pub title: String,
    pub slug: Slug,
    pub excerpt: String,
    pub content: String,
    pub image: String,
    pub published_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBlogPost {
    pub title: ShortText,
    pub slug: Slug,
    pub excerpt: LongText,
    pub content: ArticleText,
    pub image: MediaUrl,
}

/// A URL-safe post name: lowercase letters, digits and single hyphens.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Slug(String);

pub const SLUG_MAX: usize = 120;

/// Why a slug was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SlugError {
    #[error("Slug is required")]
    Blank,
    #[error("Slug must be at most {SLUG_MAX} characters")]
    TooLong,
    #[error("Slug may only contain lowercase letters, numbers and single hyphens")]
    Alphabet,
}

impl Refusal for SlugError {
    fn is_blank(&self) -> bool {
        matches!(self, SlugError::Blank)
    }
}

impl Slug {
    /// Applies the same normalisation as the editor (lowercase, spaces become
    /// hyphens), then insists on the URL-safe alphabet.
    pub fn parse(text: &str) -> Result<Self, SlugError> {
        let normalized = normalize_slug(text);
        if normalized.is_empty() {
            return Err(SlugError::Blank);
        }
        if text.chars().count() > SLUG_MAX {
            return Err(SlugError::TooLong);
        }
        let alphabet_ok =
            normalized.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !alphabet_ok
            || normalized.starts_with('-')
            || normalized.ends_with('-')
            || normalized.contains("--")
        {
            return Err(SlugError::Alphabet);
        }
        Ok(Self(normalized))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// Lowercases and turns each run of whitespace into one hyphen: the rule the
/// blog editor applies while the admin types.
pub fn normalize_slug(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join("-").to_lowercase()
}

crate::text_enum! {
    /// What a contact message is about (the contact form's select).
    Interest {
        Massage,
        Spa,
        Accommodation,
        Package,
        Products,
        General,
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactMessage {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub interest: Option<String>,
    pub message: String,
    pub created_at: DateTime<Utc>,
    /// When the owner first opened it in the dashboard.
    pub read_at: Option<DateTime<Utc>>,
    /// When it was answered (a reply sent, or marked so by hand).
    pub answered_at: Option<DateTime<Utc>>,
}

crate::text_enum! {
    /// Where the owner is with a message (issue 23): new until opened, then
    /// read, then answered.
    MessageState { New, Read, Answered }
}

impl ContactMessage {
    pub fn state(&self) -> MessageState {
        match (self.read_at, self.answered_at) {
            (_, Some(_)) => MessageState::Answered,
            (Some(_), None) => MessageState::Read,
            (None, None) => MessageState::New,
        }
    }
}

/// A page of contact messages as the dashboard asks for it: newest first,
/// matching a search (a name, an e-mail or words of the message), a state
/// and the days they came on.
#[derive(Debug, Clone, PartialEq)]
pub struct MessageQuery {
    pub search: Option<crate::paging::Search>,
    pub state: Option<MessageState>,
    pub received_from: Option<DateTime<Utc>>,
    pub received_until: Option<DateTime<Utc>>,
    pub page: crate::paging::PageRequest,
}

/// A page of newsletter subscribers: newest first, by e-mail and sign-up day.
#[derive(Debug, Clone, PartialEq)]
pub struct SubscriberQuery {
    pub search: Option<crate::paging::Search>,
    pub joined_from: Option<DateTime<Utc>>,
    pub joined_until: Option<DateTime<Utc>>,
    pub page: crate::paging::PageRequest,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewContactMessage {
    pub first_name: PersonName,
    pub last_name: PersonName,
    pub email: Email,
    pub interest: Option<Interest>,
    pub message: LongText,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewsletterSubscription {
    pub id: Uuid,
    pub email: String,
    pub created_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_normalised_like_the_editor_does() {
        assert_eq!(Slug::parse("  Forest Bathing  101 ").unwrap().as_str(), "forest-bathing-101");
        assert_eq!(normalize_slug("Winter Ritual"), "winter-ritual");
    }

    #[test]
    fn slugs_reject_unsafe_characters() {
        for bad in ["", "   ", "a/b", "../etc", "<script>", "-lead", "trail-", "double--dash", "é-café"] {
            assert!(Slug::parse(bad).is_err(), "{bad}");
        }
    }
}
