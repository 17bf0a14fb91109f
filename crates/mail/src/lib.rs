//! The mail adapter: the retreat's messages rendered from compile-time
//! checked templates (askama), calendar invitations (RFC 5545), and SMTP
//! delivery (lettre).
//!
//! - [`Composer`] implements [`ports::MailComposer`]: it asks the domain who
//!   hears of an event (`domain::mail::plan_mail`) and writes each message
//!   (subject, plain text, HTML, invitation, unsubscribe address). Pure: the
//!   store calls it inside the event's transaction.
//! - [`SmtpSender`] implements [`ports::MailSender`]: it turns a stored
//!   message into MIME and hands it to an SMTP server.

mod calendar;
mod compose;
mod demo;
mod smtp;
mod templates;
mod text;

pub use compose::{Composer, ComposerConfig};
pub use smtp::SmtpSender;
pub use text::header_safe;

/// Who the retreat is, as every message signs it.
pub(crate) mod retreat {
    pub const NAME: &str = "Golden Pine Wellness Retreat";
    pub const STREET: &str = "54200 Pine Crest Road";
    pub const TOWN: &str = "Idyllwild, CA 92549";
    pub const ADDRESS_ONE_LINE: &str =
        "Golden Pine Wellness Retreat, 54200 Pine Crest Road, Idyllwild, CA 92549";
    pub const PHONE: &str = "(951) 555-0148";
    /// The phone number as a `tel:` link wants it.
    pub const PHONE_LINK: &str = "tel:+19515550148";
}
