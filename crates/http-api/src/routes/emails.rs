//! The dashboard's Emails view: every message of the outbox with its state
//! and attempts, resending a failed one, and every template previewed.

use actix_web::web;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use domain::mail::MailState;
use ports::{ListedMail, MailQuery, OutgoingMail, StoredMail};

use crate::extract::OwnerSession;
use crate::state::ApiState;
use crate::wire::paging::{ListSearch, PageParams, Paged};
use http_common::{ApiError, ErrorBody, ValidationErrors};

http_common::wire_enum! {
    /// Where a message stands.
    EmailState mirrors domain::mail::MailState { Queued = "queued", Sending = "sending", Sent = "sent", Failed = "failed" }
}
http_common::wire_enum! {
    /// What kind of message it is.
    EmailTemplate mirrors domain::mail::MailTemplate {
        BookingRequested = "booking_requested", BookingConfirmed = "booking_confirmed",
        BookingCancelled = "booking_cancelled", OrderReceipt = "order_receipt", OrderShipped = "order_shipped",
        OrderCancelled = "order_cancelled", ContactAcknowledged = "contact_acknowledged",
        NewsletterWelcome = "newsletter_welcome", OwnerNewBooking = "owner_new_booking",
        OwnerNewOrder = "owner_new_order", OwnerNewMessage = "owner_new_message",
        OwnerBookingCancelled = "owner_booking_cancelled", OrderRefunded = "order_refunded",
        DepositRefunded = "deposit_refunded", DepositActionRequired = "deposit_action_required",
        GiftCardDelivered = "gift_card_delivered", ContactReply = "contact_reply",
        TeamInvitation = "team_invitation", PasswordReset = "password_reset",
        BookingMoved = "booking_moved", OwnerBookingMoved = "owner_booking_moved", VisitReminder = "visit_reminder",
        VisitThanks = "visit_thanks", ReturnInvitation = "return_invitation", RatingHidden = "rating_hidden",
        WaitlistJoined = "waitlist_joined", WaitlistOffer = "waitlist_offer",
        PrivacyRequestConfirm = "privacy_request_confirm", OwnerPrivacyRequest = "owner_privacy_request",
        PrivacyCopyReady = "privacy_copy_ready",
    }
}

/// A message of the outbox.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Email {
    pub id: Uuid,
    pub template: EmailTemplate,
    pub to: String,
    pub subject: String,
    pub state: EmailState,
    pub attempts: i32,
    /// The last failed attempt's reply or error.
    pub last_error: Option<String>,
    /// The booking, order, message or subscription it is about.
    pub related_id: Option<Uuid>,
    /// Carries a calendar invitation (`REQUEST` or `CANCEL`).
    pub calendar_method: Option<String>,
    pub created_at: DateTime<Utc>,
    /// When it is due (queued) or its worker's claim lapses (sending).
    pub next_attempt_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

impl From<StoredMail> for Email {
    fn from(m: StoredMail) -> Self {
        Self {
            id: m.id,
            template: m.mail.template.into(),
            to: m.mail.to,
            subject: m.mail.subject,
            state: m.state.into(),
            attempts: m.attempts,
            last_error: m.last_error,
            related_id: m.mail.related_id,
            calendar_method: m.mail.calendar.map(|c| c.method),
            created_at: m.created_at,
            next_attempt_at: m.next_attempt_at,
            sent_at: m.sent_at,
        }
    }
}

impl From<ListedMail> for Email {
    fn from(m: ListedMail) -> Self {
        Self {
            id: m.id,
            template: m.template.into(),
            to: m.to,
            subject: m.subject,
            state: m.state.into(),
            attempts: m.attempts,
            last_error: m.last_error,
            related_id: m.related_id,
            calendar_method: m.calendar_method,
            created_at: m.created_at,
            next_attempt_at: m.next_attempt_at,
            sent_at: m.sent_at,
        }
    }
}

/// `GET /api/admin/outbox`: the Emails view a page at a time
/// (`GET /api/admin/emails` still answers the newest 500).
#[utoipa::path(get, path = "/api/admin/outbox", tag = "Emails", params(ListSearch, EmailFilter, PageParams),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "A page of the matching messages, newest first", body = Paged<Email>),
        (status = 400, description = "A search, date, state, page link or limit that cannot be read", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn page(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
    search: web::Query<ListSearch>,
    filter: web::Query<EmailFilter>,
    page: web::Query<PageParams>,
) -> Result<web::Json<Paged<Email>>, ApiError> {
    let mut errors = ValidationErrors::default();
    let list = search.into_inner().read(Some(page.into_inner()), &mut errors);
    errors.into_result(|| ())?;
    let clock = state.clock.as_ref();
    let page = state
        .mail
        .outbox
        .page_mail(MailQuery {
            search: list.search,
            state: filter.into_inner().state.map(Into::into),
            created_from: list.from.map(|day| clock.start_of_local_day(day)),
            created_until: list.to.and_then(|day| day.succ_opt()).map(|day| clock.start_of_local_day(day)),
            page: list.page,
        })
        .await?;
    Ok(web::Json(Paged::of(page)))
}

/// One delivery attempt.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct EmailAttempt {
    pub at: DateTime<Utc>,
    pub sent: bool,
    /// The server's reply, or the error.
    pub reply: String,
}

/// What a message says, and its attempts.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailDetail {
    #[serde(flatten)]
    pub email: Email,
    pub text: String,
    pub html: String,
    pub attempts_made: Vec<EmailAttempt>,
}

/// A template rendered with demo data.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailPreview {
    pub template: EmailTemplate,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub calendar_method: Option<String>,
    pub calendar_ics: Option<String>,
    pub list_unsubscribe: Option<String>,
}

impl From<OutgoingMail> for EmailPreview {
    fn from(m: OutgoingMail) -> Self {
        Self {
            template: m.template.into(),
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html,
            calendar_method: m.calendar.as_ref().map(|c| c.method.clone()),
            calendar_ics: m.calendar.map(|c| c.ics),
            list_unsubscribe: m.list_unsubscribe,
        }
    }
}

/// How mail leaves the server.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailSettings {
    /// Whether SMTP_URL is set: without it messages stay queued.
    pub delivering: bool,
    pub from: String,
    /// Where the owner's notifications go (NOTIFY_EMAIL), if anywhere.
    pub notify: Option<String>,
    pub guest_cancel_cutoff_hours: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EmailFilter {
    /// Only messages in this state.
    #[param(value_type = Option<EmailState>)]
    pub state: Option<EmailState>,
}

#[utoipa::path(get, path = "/api/admin/emails", tag = "Emails", params(EmailFilter),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),(status = 200, description = "Messages, newest first (at most 500)", body = [Email])))]
pub async fn list(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
    filter: web::Query<EmailFilter>,
) -> Result<web::Json<Vec<Email>>, ApiError> {
    let wanted: Option<MailState> = filter.into_inner().state.map(Into::into);
    Ok(web::Json(state.mail.outbox.list_mail(wanted).await?.into_iter().map(Email::from).collect()))
}

#[utoipa::path(get, path = "/api/admin/emails/{id}", tag = "Emails",
    params(("id" = Uuid, Path, description = "Message id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "The message and its attempts", body = EmailDetail),
        (status = 404, description = "No such message", body = ErrorBody)))]
pub async fn detail(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<EmailDetail>, ApiError> {
    let message = state.mail.outbox.get_mail(*id).await.map_err(ApiError::repo("Message"))?;
    let attempts = state.mail.outbox.mail_attempts(*id).await.map_err(ApiError::repo("Message"))?;
    let (mut text, mut html) = (message.mail.text.clone(), message.mail.html.clone());
    // A gift card's code is for its recipient: the dashboard sees the last four.
    if message.mail.template == domain::mail::MailTemplate::GiftCardDelivered {
        (text, html) = (domain::gift_card::mask_codes(&text), domain::gift_card::mask_codes(&html));
    }
    Ok(web::Json(EmailDetail {
        email: message.into(),
        text,
        html,
        attempts_made: attempts
            .into_iter()
            .map(|a| EmailAttempt { at: a.at, sent: a.sent, reply: a.reply })
            .collect(),
    }))
}

#[utoipa::path(post, path = "/api/admin/emails/{id}/resend", tag = "Emails",
    params(("id" = Uuid, Path, description = "Message id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Queued again, with a fresh series of attempts", body = Email),
        (status = 404, description = "No failed message has this id", body = ErrorBody)))]
pub async fn resend(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<Email>, ApiError> {
    let message = state
        .mail
        .outbox
        .resend(*id, state.clock.now(), admin.actor())
        .await
        .map_err(ApiError::repo("Failed message"))?;
    Ok(web::Json(message.into()))
}

#[utoipa::path(get, path = "/api/admin/email-previews", tag = "Emails",
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),(status = 200, description = "Every template rendered with demo data", body = [EmailPreview])))]
pub async fn previews(_admin: OwnerSession, state: web::Data<ApiState>) -> web::Json<Vec<EmailPreview>> {
    web::Json(state.mail.composer.previews().into_iter().map(EmailPreview::from).collect())
}

#[utoipa::path(get, path = "/api/admin/mail-settings", tag = "Emails",
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),(status = 200, description = "How mail leaves the server", body = MailSettings)))]
pub async fn settings(_admin: OwnerSession, state: web::Data<ApiState>) -> web::Json<MailSettings> {
    web::Json(MailSettings {
        delivering: state.mail.delivering,
        from: state.mail.from.clone(),
        notify: state.mail.notify.clone(),
        guest_cancel_cutoff_hours: state.mail.guest_cancel_cutoff_hours,
    })
}
