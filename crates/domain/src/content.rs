//! The journal, contact messages and newsletter sign-ups.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::mail::MailState;
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
    /// When the owner first opened it (`None`: new, or marked unread).
    pub read_at: Option<DateTime<Utc>>,
    /// When it was answered: by a reply from the dashboard, or marked so by
    /// hand (answered by phone). Never without `read_at`.
    pub answered_at: Option<DateTime<Utc>>,
}

impl ContactMessage {
    pub fn state(&self) -> MessageState {
        MessageState::of(self.read_at, self.answered_at)
    }
}

crate::text_enum! {
    /// Where the owner stands with a contact message.
    MessageState {
        /// Not opened yet (or marked unread).
        New,
        Read,
        /// Replied to from the dashboard, or answered another way (a call).
        Answered,
    }
}

/// A message's `read_at` and `answered_at`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MessageTimes {
    pub read_at: Option<DateTime<Utc>>,
    pub answered_at: Option<DateTime<Utc>>,
}

impl MessageState {
    /// The state two times say: answered wins over read.
    pub fn of(read_at: Option<DateTime<Utc>>, answered_at: Option<DateTime<Utc>>) -> Self {
        match (read_at, answered_at) {
            (_, Some(_)) => MessageState::Answered,
            (Some(_), None) => MessageState::Read,
            (None, None) => MessageState::New,
        }
    }

    /// The times a message in `current` keeps when it is put in this state
    /// at `now`: a time already set stays (the first reading, the first
    /// answer), a state's missing time becomes `now`, and a time the state
    /// does not have is cleared ("new" clears both: marked unread).
    pub fn times(self, current: MessageTimes, now: DateTime<Utc>) -> MessageTimes {
        let read_at = current.read_at.or(Some(now));
        match self {
            MessageState::New => MessageTimes { read_at: None, answered_at: None },
            MessageState::Read => MessageTimes { read_at, answered_at: None },
            MessageState::Answered => {
                MessageTimes { read_at, answered_at: current.answered_at.or(Some(now)) }
            }
        }
    }
}

/// The owner's answer to a contact message follows the rule of every long
/// text: something visible, at most 5,000 characters as sent, trimmed, line
/// breaks kept.
pub type ReplyText = LongText;

/// An answer the owner sent from the dashboard, kept with its message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactReply {
    pub id: Uuid,
    pub message_id: Uuid,
    pub text: String,
    /// The admin who wrote it: their e-mail at the time.
    pub sent_by: String,
    pub created_at: DateTime<Utc>,
    /// Its mail to the guest in the outbox; `None` once that mail is gone
    /// from the outbox (or when nothing composes mail: the admin CLI).
    pub mail: Option<ReplyMail>,
}

/// A reply's mail, as the outbox has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplyMail {
    pub id: Uuid,
    pub state: MailState,
}

/// A message with every reply to it, oldest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageThread {
    pub message: ContactMessage,
    pub replies: Vec<ContactReply>,
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

    fn at(minute: u32) -> DateTime<Utc> {
        use chrono::TimeZone;
        Utc.with_ymd_and_hms(2026, 11, 29, 10, minute, 0).single().expect("a time")
    }

    const NEW: MessageTimes = MessageTimes { read_at: None, answered_at: None };

    #[test]
    fn a_message_state_comes_from_its_times() {
        assert_eq!(MessageState::of(None, None), MessageState::New);
        assert_eq!(MessageState::of(Some(at(1)), None), MessageState::Read);
        assert_eq!(MessageState::of(Some(at(1)), Some(at(2))), MessageState::Answered);
        // The store's CHECK forbids it; should it be met, answered still wins.
        assert_eq!(MessageState::of(None, Some(at(2))), MessageState::Answered);
    }

    #[test]
    fn marking_a_message_keeps_first_times_and_clears_what_the_state_lacks() {
        let read = MessageState::Read.times(NEW, at(5));
        assert_eq!(read, MessageTimes { read_at: Some(at(5)), answered_at: None });
        assert_eq!(MessageState::Read.times(read, at(9)), read, "reading again keeps the first reading");
        // Answered by phone: read and answered now.
        let by_phone = MessageState::Answered.times(NEW, at(7));
        assert_eq!(by_phone, MessageTimes { read_at: Some(at(7)), answered_at: Some(at(7)) });
        let answered = MessageState::Answered.times(read, at(8));
        assert_eq!(answered, MessageTimes { read_at: Some(at(5)), answered_at: Some(at(8)) });
        assert_eq!(
            MessageState::Answered.times(answered, at(9)),
            answered,
            "a second reply keeps the first answer"
        );
        // Back to read forgets the answer; "new" (unread) forgets both.
        assert_eq!(MessageState::Read.times(answered, at(9)), read);
        assert_eq!(MessageState::New.times(answered, at(9)), NEW);
        for state in MessageState::ALL {
            let times = state.times(answered, at(9));
            assert_eq!(MessageState::of(times.read_at, times.answered_at), *state);
        }
    }

    #[test]
    fn a_reply_is_required_at_most_5000_characters_and_keeps_its_lines() {
        use crate::validation::TextError;
        assert_eq!(ReplyText::parse(""), Err(TextError::Blank));
        assert_eq!(ReplyText::parse(" \n\t "), Err(TextError::Blank));
        assert_eq!(ReplyText::parse(&"a".repeat(5_001)), Err(TextError::TooLong { max: 5_000 }));
        assert!(ReplyText::parse(&"é".repeat(5_000)).is_ok(), "characters are counted, not bytes");
        assert_eq!(ReplyText::parse("a\0b"), Err(TextError::Nul));
        let reply = ReplyText::parse("  Dear Ada,\n\nYes, we do.  ").expect("a reply");
        assert_eq!(reply.as_str(), "Dear Ada,\n\nYes, we do.");
    }

    #[test]
    fn slugs_reject_unsafe_characters() {
        for bad in ["", "   ", "a/b", "../etc", "<script>", "-lead", "trail-", "double--dash", "é-café"] {
            assert!(Slug::parse(bad).is_err(), "{bad}");
        }
    }
}
