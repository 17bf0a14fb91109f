//! Field errors, keyed by the wire's field names: what a request's fields
//! are refused for, gathered while the edge parses them into the domain's
//! types (the `errors` of a `validation_failed` answer).

use std::borrow::Cow;
use std::fmt;

use domain::validation::Refusal;

/// Field → message pairs in the order the form shows its fields, so the first
/// message is the one a person would fix first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ValidationErrors {
    entries: Vec<(Cow<'static, str>, String)>,
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
        self.add_named(Cow::Borrowed(field), message);
    }

    /// As [`Self::add`], for a field whose name is made at run time
    /// (`answers.<question id>`, `questions[3]`).
    pub fn add_named(&mut self, field: impl Into<Cow<'static, str>>, message: impl Into<String>) {
        let field = field.into();
        if !self.entries.iter().any(|(f, _)| *f == field) {
            self.entries.push((field, message.into()));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn entries(&self) -> &[(Cow<'static, str>, String)] {
        &self.entries
    }

    pub fn message_for(&self, field: &str) -> Option<&str> {
        self.entries.iter().find(|(f, _)| f == field).map(|(_, m)| m.as_str())
    }

    /// The message shown when only one line fits: the first field's.
    pub fn summary(&self) -> &str {
        self.entries.first().map_or("Invalid input", |(_, m)| m.as_str())
    }

    /// `Ok(value)` when nothing was recorded.
    pub fn into_result<T>(self, value: impl FnOnce() -> T) -> Result<T, Self> {
        if self.is_empty() { Ok(value()) } else { Err(self) }
    }

    /// Unwraps a field's parse result, recording its error (in words) and
    /// returning `None` so the remaining fields are still checked.
    pub fn take<T, E: fmt::Display>(&mut self, field: &'static str, parsed: Result<T, E>) -> Option<T> {
        match parsed {
            Ok(value) => Some(value),
            Err(error) => {
                self.add(field, error.to_string());
                None
            }
        }
    }

    /// As [`Self::take`], for a rule that may find the field blank: then the
    /// field's own `required` message is recorded, otherwise the rule's reason.
    pub fn field<T, E: Refusal>(
        &mut self,
        field: &'static str,
        parsed: Result<T, E>,
        required: &str,
    ) -> Option<T> {
        match parsed {
            Ok(value) => Some(value),
            Err(error) if error.is_blank() => {
                self.add(field, required);
                None
            }
            Err(error) => {
                self.add(field, error.to_string());
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

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_blank_field_is_named_in_its_own_words_and_a_refusal_in_the_rule_s() {
        use domain::validation::PersonName;
        let mut errors = ValidationErrors::new();
        assert_eq!(errors.field("firstName", PersonName::parse(" "), "First name is required"), None);
        assert_eq!(
            errors.field("lastName", PersonName::parse(&"x".repeat(201)), "Last name is required"),
            None
        );
        assert!(errors.field("nickname", PersonName::parse("Ada"), "unused").is_some());
        assert_eq!(errors.message_for("firstName"), Some("First name is required"));
        assert_eq!(errors.message_for("lastName"), Some("Must be at most 200 characters"));
        assert_eq!(errors.entries().len(), 2);
    }
}
