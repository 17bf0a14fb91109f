//! The journal, contact messages and newsletter sign-ups.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::validation::{
    ARTICLE_MAX, Email, LONG_TEXT_MAX, SHORT_TEXT_MAX, ValidationErrors, media_url, required_text,
};

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
    pub title: String,
    pub slug: Slug,
    pub excerpt: String,
    pub content: String,
    pub image: String,
}

#[derive(Debug, Clone, Default)]
pub struct BlogPostForm {
    pub title: String,
    pub slug: String,
    pub excerpt: String,
    pub content: String,
    pub image: String,
}

impl BlogPostForm {
    pub fn validate(self) -> Result<NewBlogPost, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let title = errors.take("title", required_text(&self.title, SHORT_TEXT_MAX, "Title is required"));
        let slug = errors.take("slug", Slug::parse(&self.slug));
        let excerpt =
            errors.take("excerpt", required_text(&self.excerpt, LONG_TEXT_MAX, "Excerpt is required"));
        let content =
            errors.take("content", required_text(&self.content, ARTICLE_MAX, "Content is required"));
        let image = errors.take("image", media_url(&self.image, "Image URL is required"));
        match (title, slug, excerpt, content, image) {
            (Some(title), Some(slug), Some(excerpt), Some(content), Some(image)) => {
                Ok(NewBlogPost { title, slug, excerpt, content, image })
            }
            _ => Err(errors),
        }
    }
}

/// A URL-safe post name: lowercase letters, digits and single hyphens.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Slug(String);

pub const SLUG_MAX: usize = 120;

impl Slug {
    /// Applies the same normalisation as the editor (lowercase, spaces become
    /// hyphens), then insists on the URL-safe alphabet.
    pub fn parse(text: &str) -> Result<Self, String> {
        let normalized = normalize_slug(text);
        if normalized.is_empty() {
            return Err("Slug is required".to_owned());
        }
        if text.chars().count() > SLUG_MAX {
            return Err(format!("Slug must be at most {SLUG_MAX} characters"));
        }
        let alphabet_ok =
            normalized.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !alphabet_ok
            || normalized.starts_with('-')
            || normalized.ends_with('-')
            || normalized.contains("--")
        {
            return Err("Slug may only contain lowercase letters, numbers and single hyphens".to_owned());
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
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewContactMessage {
    pub first_name: String,
    pub last_name: String,
    pub email: Email,
    pub interest: Option<Interest>,
    pub message: String,
}

#[derive(Debug, Clone, Default)]
pub struct ContactForm {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub interest: Option<String>,
    pub message: String,
}

pub const FIRST_NAME_MESSAGE: &str = "First name is required";
pub const LAST_NAME_MESSAGE: &str = "Last name is required";
pub const MESSAGE_MESSAGE: &str = "Message is required";

impl ContactForm {
    pub fn validate(self) -> Result<NewContactMessage, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let first_name =
            errors.take("firstName", required_text(&self.first_name, SHORT_TEXT_MAX, FIRST_NAME_MESSAGE));
        let last_name =
            errors.take("lastName", required_text(&self.last_name, SHORT_TEXT_MAX, LAST_NAME_MESSAGE));
        let email = errors.take("email", Email::parse(&self.email));
        let interest = errors.take(
            "interest",
            match self.interest.as_deref() {
                None | Some("") => Ok(None),
                Some(text) => Interest::from_text(text)
                    .map(Some)
                    .ok_or_else(|| "Please choose one of the listed interests".to_owned()),
            },
        );
        let message = errors.take("message", required_text(&self.message, LONG_TEXT_MAX, MESSAGE_MESSAGE));
        match (first_name, last_name, email, interest, message) {
            (Some(first_name), Some(last_name), Some(email), Some(interest), Some(message)) => {
                Ok(NewContactMessage { first_name, last_name, email, interest, message })
            }
            _ => Err(errors),
        }
    }
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

    #[test]
    fn contact_form_uses_the_spec_messages() {
        let errors = ContactForm::default().validate().expect_err("invalid");
        assert_eq!(errors.message_for("firstName"), Some(FIRST_NAME_MESSAGE));
        assert_eq!(errors.message_for("lastName"), Some(LAST_NAME_MESSAGE));
        assert_eq!(errors.message_for("email"), Some("Please enter a valid email address"));
        assert_eq!(errors.message_for("message"), Some(MESSAGE_MESSAGE));
        assert_eq!(errors.message_for("interest"), None);
    }

    #[test]
    fn contact_interest_is_optional_but_closed() {
        let form = ContactForm {
            first_name: "Ada".into(),
            last_name: "Lovelace".into(),
            email: "ada@example.com".into(),
            interest: Some("".into()),
            message: "Hello".into(),
        };
        assert_eq!(form.clone().validate().unwrap().interest, None);
        let spa = ContactForm { interest: Some("spa".into()), ..form.clone() };
        assert_eq!(spa.validate().unwrap().interest, Some(Interest::Spa));
        let unknown = ContactForm { interest: Some("'; DROP TABLE".into()), ..form };
        assert!(unknown.validate().is_err());
    }
}
