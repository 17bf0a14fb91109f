//! Delivery over SMTP with lettre (tokio, rustls): a stored message becomes
//! MIME (plain text and HTML alternatives, the calendar invitation inline
//! and attached, the one-click unsubscribe headers) and goes to the server
//! named by `SMTP_URL`.

use std::time::Duration;

use async_trait::async_trait;
use lettre::message::header::{ContentTransferEncoding, ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Body, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use ports::{MailSender, SendFailure, StoredMail};

use crate::text::header_safe;

/// Sends the outbox's messages through one SMTP server ([`ports::MailSender`]).
#[derive(Clone)]
pub struct SmtpSender {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    reply_to: Option<Mailbox>,
}

/// How long one step of a conversation with the server may take. A worker
/// claims ten messages for five minutes; a server that hangs must not keep
/// it past its claim (and so have another worker send them twice).
const TIMEOUT: Duration = Duration::from_secs(20);

const LIST_UNSUBSCRIBE: HeaderName = HeaderName::new_from_ascii_str("List-Unsubscribe");
const LIST_UNSUBSCRIBE_POST: HeaderName = HeaderName::new_from_ascii_str("List-Unsubscribe-Post");

fn permanent(reply: String) -> SendFailure {
    SendFailure { permanent: true, reply }
}

impl SmtpSender {
    /// A sender for `smtp_url` (`smtp://[user:pass@]host[:port]`, plain or
    /// with `?tls=required` for STARTTLS; `smtps://…` for implicit TLS;
    /// user and password percent-encoded) writing as `from` (`MAIL_FROM`,
    /// `addr` or `Name <addr>`). Connects only when sending.
    pub fn new(smtp_url: &str, from: &str) -> Result<Self, String> {
        let from: Mailbox =
            from.trim().parse().map_err(|error| format!("MAIL_FROM is not a valid address ({error})"))?;
        // The URL may hold a password: errors never repeat it.
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .map_err(|error| format!("SMTP_URL is not usable ({error})"))?
            .timeout(Some(TIMEOUT))
            .build();
        Ok(Self { transport, from, reply_to: None })
    }

    /// Sends replies to `reply_to` (the retreat's contact address) when
    /// `MAIL_FROM` is an address nobody reads.
    pub fn with_reply_to(mut self, reply_to: &str) -> Result<Self, String> {
        let mailbox = reply_to
            .trim()
            .parse()
            .map_err(|error| format!("The reply-to address is not valid ({error})"))?;
        self.reply_to = Some(mailbox);
        Ok(self)
    }

    /// The message as it goes on the wire (headers and MIME body), or why
    /// it can never be sent (a permanent failure).
    pub fn build_message(&self, mail: &StoredMail) -> Result<Vec<u8>, SendFailure> {
        self.message(mail).map(|message| message.formatted())
    }

    fn message(&self, stored: &StoredMail) -> Result<Message, SendFailure> {
        let mail = &stored.mail;
        let to: Mailbox = mail.to.trim().parse().map_err(|error| {
            permanent(format!("The recipient {:?} is not a valid address ({error})", mail.to))
        })?;
        let mut builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(header_safe(&mail.subject))
            .message_id(Some(format!("<{}@{}>", stored.id, self.from.email.domain())));
        if let Some(reply_to) = &self.reply_to {
            builder = builder.reply_to(reply_to.clone());
        }
        if let Some(url) = &mail.list_unsubscribe {
            // RFC 8058: the address is POSTed to, one click, no page.
            let url: String = url.chars().filter(|c| !c.is_control() && !c.is_whitespace()).collect();
            builder = builder
                .raw_header(HeaderValue::new(LIST_UNSUBSCRIBE, format!("<{url}>")))
                .raw_header(HeaderValue::new(LIST_UNSUBSCRIBE_POST, "List-Unsubscribe=One-Click".to_owned()));
        }
        let alternative = MultiPart::alternative()
            .singlepart(SinglePart::plain(mail.text.clone()))
            .singlepart(SinglePart::html(mail.html.clone()));
        let body = match &mail.calendar {
            None => alternative,
            Some(invite) => {
                let method = match invite.method.as_str() {
                    "REQUEST" => "REQUEST",
                    "CANCEL" => "CANCEL",
                    // A request not yet confirmed: the event, tentative.
                    "PUBLISH" => "PUBLISH",
                    other => return Err(permanent(format!("Unknown calendar method {other:?}"))),
                };
                // Inline, so calendar apps offer to add (or remove) the event;
                // attached too, for clients that only show attachments. Base64
                // keeps the invitation's own line folding out of reach of
                // quoted-printable's.
                let ics = || Body::new_with_encoding(invite.ics.clone(), ContentTransferEncoding::Base64);
                let inline = SinglePart::builder()
                    .header(content_type(&format!("text/calendar; charset=UTF-8; method={method}"))?)
                    .body(ics().map_err(|_| permanent("The invitation cannot be encoded".to_owned()))?);
                let attached = Attachment::new("invite.ics".to_owned()).body(
                    ics().map_err(|_| permanent("The invitation cannot be encoded".to_owned()))?,
                    content_type("application/ics; name=\"invite.ics\"")?,
                );
                MultiPart::mixed().multipart(alternative.singlepart(inline)).singlepart(attached)
            }
        };
        builder.multipart(body).map_err(|error| permanent(format!("The message cannot be built ({error})")))
    }
}

fn content_type(text: &str) -> Result<ContentType, SendFailure> {
    ContentType::parse(text).map_err(|error| permanent(format!("Bad content type {text:?} ({error})")))
}

#[async_trait]
impl MailSender for SmtpSender {
    async fn send(&self, mail: &StoredMail) -> Result<String, SendFailure> {
        let message = self.message(mail)?;
        match self.transport.send(message).await {
            Ok(response) => {
                let lines: Vec<&str> = response.message().collect();
                Ok(format!("{} {}", response.code(), lines.join(" ")).trim_end().to_owned())
            }
            // Only the server's 5xx is final; a refused connection, a timeout
            // or a 4xx may pass, so the outbox tries again later.
            Err(error) => Err(SendFailure { permanent: error.is_permanent(), reply: error.to_string() }),
        }
    }
}

#[cfg(test)]
mod tests;
