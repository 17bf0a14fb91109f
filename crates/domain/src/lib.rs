//! The retreat's business rules, free of I/O and frameworks.
//!
//! Adapters translate between these types and the outside world (JSON, SQL);
//! everything here is plain data and pure functions so the rules can be
//! tested exhaustively and reused by every adapter.

pub mod admin;
pub mod after_visit;
pub mod audit;
pub mod booking;
pub mod calendar_feed;
pub mod catalog;
pub mod content;
pub mod export;
pub mod gift_card;
pub mod idempotency;
pub mod intake;
pub mod limits;
pub mod mail;
pub mod media;
pub mod money;
pub mod order;
pub mod paging;
pub mod payment;
pub mod privacy;
pub mod promo;
pub mod quiz;
pub mod reminders;
pub mod settlement;
pub mod stay_sync;
pub mod summary;
pub mod team;
pub mod two_factor;
pub mod validation;
pub mod waitlist;

pub use money::Money;
pub use strum;
pub use validation::Email;

/// Declares a closed set of values stored and sent as stable snake_case text
/// (or the text given per variant with `#[strum(serialize = "...")]`).
#[macro_export]
macro_rules! text_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord,
            strum::EnumString, strum::IntoStaticStr, strum::Display, strum::VariantArray,
        )]
        #[strum(serialize_all = "snake_case")]
        pub enum $name { $($(#[$vmeta])* $variant),+ }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = <$name as strum::VariantArray>::VARIANTS;

            pub fn as_str(self) -> &'static str {
                self.into()
            }

            /// The value for its exact text, or `None`.
            pub fn from_text(text: &str) -> Option<Self> {
                text.parse().ok()
            }
        }
    };
}
