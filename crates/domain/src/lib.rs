//! The retreat's business rules, free of I/O and frameworks.
//!
//! Adapters translate between these types and the outside world (JSON, SQL);
//! everything here is plain data and pure functions so the rules can be
//! tested exhaustively and reused by every adapter.

pub mod admin;
pub mod booking;
pub mod catalog;
pub mod content;
pub mod money;
pub mod order;
pub mod quiz;
pub mod validation;

pub use money::Money;
pub use validation::{Email, ValidationErrors};

/// Declares a closed set of values stored and sent as stable snake_case text.
#[macro_export]
macro_rules! text_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            /// The value for its exact text, or `None`.
            pub fn from_text(text: &str) -> Option<Self> {
                match text { $($text => Some($name::$variant),)+ _ => None }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
