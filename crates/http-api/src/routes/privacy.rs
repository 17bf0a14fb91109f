//! A guest's own data (issue 45, docs/decisions.md §21 "A guest's data"):
//! the owner gathers everything held about an address (JSON, or a readable
//! page) and erases it under a pseudonym; a guest asks for either herself
//! through a mailed link, and the owner does it with one confirmation.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use catalogue::CatalogueRead;
use catalogue::model::PrivacyTerms;
use domain::booking as model;
use domain::privacy::{PrivacyRequest, PrivacyRequestKind};
use domain::validation::Email;
use http_common::{ApiError, ErrorBody, ErrorCode, ValidationErrors};
use ports::{ErasureCounts, ErasureError, GuestRecords, PrivacyRequestError};

use crate::extract::{JsonBody, OwnerSession, PublicWrite};
use crate::routes::guest::invalid_link;
use crate::state::ApiState;
use crate::wire::fields::{EmailAddress, Honeypot};
use crate::wire::{self};

/// What a guest asks for, with her address.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyRequestInput {
    #[serde(default)]
    #[schema(required = true)]
    pub email: EmailAddress,
    /// "copy" or "erasure".
    #[serde(default)]
    #[schema(required = true, value_type = wire::PrivacyRequestKind)]
    pub kind: Option<String>,
    #[serde(default)]
    pub website: Honeypot,
}

const KIND_REQUIRED: &str = "Please choose a copy of your data or its erasure.";
const EMAIL_REQUIRED: &str = "Please enter a valid email address.";

fn email_of(text: &str) -> Result<String, ValidationErrors> {
    Email::parse(text)
        .map(|email| email.as_str().to_lowercase())
        .map_err(|_| ValidationErrors::single("email", EMAIL_REQUIRED))
}

/// The request taken: a link to confirm it is on its way to the address.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyRequestAccepted {
    pub kind: wire::PrivacyRequestKind,
}

#[utoipa::path(get, path = "/api/privacy/terms", tag = "Guest",
    responses(
        (status = 200, description = "What the privacy page states that the owner sets: how long health answers \
            are kept after the last visit (from memory, with a strong ETag)", body = PrivacyTerms),
        (status = 304, description = "Not modified: If-None-Match names the current ETag"),))]
pub async fn terms(req: HttpRequest, state: web::Data<ApiState>) -> Result<HttpResponse, ApiError> {
    super::catalogue_answer(&req, &state, &CatalogueRead::PrivacyTerms, "Privacy terms").await
}

#[utoipa::path(post, path = "/api/privacy/requests", tag = "Guest", request_body = PrivacyRequestInput,
    responses(
        (status = 202, description = "The address is mailed a link to confirm the request (the same answer \
            whether or not anything is held about it)", body = PrivacyRequestAccepted),
        (status = 400, description = "Invalid fields (`email`, `kind`)", body = ErrorBody),
        (status = 429, description = "Too many requests from this address (`rate_limited`); see Retry-After", body = ErrorBody)))]
pub async fn ask(
    _limit: PublicWrite,
    state: web::Data<ApiState>,
    input: JsonBody<PrivacyRequestInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    input.website.check()?;
    let mut errors = ValidationErrors::new();
    let email = errors.take("email", Email::parse(&input.email.0).map_err(|_| EMAIL_REQUIRED));
    let kind = errors
        .take("kind", input.kind.as_deref().and_then(PrivacyRequestKind::from_text).ok_or(KIND_REQUIRED));
    let (Some(email), Some(kind)) = (email, kind) else { return Err(errors.into()) };
    let request = state.privacy.ask(email.as_str(), kind).await?;
    Ok(HttpResponse::Accepted().json(PrivacyRequestAccepted { kind: request.kind.into() }))
}

/// A signed token from a guest's mail.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyLinkInput {
    #[serde(default)]
    #[schema(required = true, max_length = 2048)]
    pub token: String,
}

/// A guest's request as she sees it after confirming it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyRequestConfirmed {
    pub kind: wire::PrivacyRequestKind,
    pub state: wire::PrivacyRequestState,
    pub confirmed_at: DateTime<Utc>,
}

fn request_error(error: PrivacyRequestError) -> ApiError {
    match error {
        PrivacyRequestError::NotFound => ApiError::new(ErrorCode::NotFound, "No such request."),
        PrivacyRequestError::Expired => invalid_link(),
        PrivacyRequestError::AlreadyDone => ApiError::new(ErrorCode::Conflict, error.to_string()),
        PrivacyRequestError::Blocked(blocked) => {
            ApiError::new(ErrorCode::ErasureBlocked, blocked.to_string())
        }
        PrivacyRequestError::Repo(error) => error.into(),
    }
}

#[utoipa::path(post, path = "/api/privacy/requests/confirm", tag = "Guest", request_body = PrivacyLinkInput,
    responses(
        (status = 200, description = "Confirmed (again: unchanged); the owner is told and does it within 30 days",
            body = PrivacyRequestConfirmed),
        (status = 404, description = "The link is tampered with, has expired, or names no request (`invalid_link`)",
            body = ErrorBody)))]
pub async fn confirm(
    state: web::Data<ApiState>,
    input: JsonBody<PrivacyLinkInput>,
) -> Result<web::Json<PrivacyRequestConfirmed>, ApiError> {
    let id = state.mail.links.verify_privacy_request(&input.into_inner().token).ok_or_else(invalid_link)?;
    let request = state.privacy.confirm(id).await.map_err(|error| match error {
        PrivacyRequestError::NotFound => invalid_link(),
        other => request_error(other),
    })?;
    Ok(web::Json(PrivacyRequestConfirmed {
        kind: request.kind.into(),
        state: request.state().into(),
        confirmed_at: request.confirmed_at.unwrap_or(request.created_at),
    }))
}

/// How the data is given: JSON (the default), or a readable page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExportFormat {
    Json,
    Html,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CopyQuery {
    /// The signed token from her mail.
    #[param(required = true, max_length = 2048)]
    pub token: Option<String>,
    /// `json` (the default) or `html`, a page to read, print or save.
    pub format: Option<ExportFormat>,
}

#[utoipa::path(get, path = "/api/privacy/copy", tag = "Guest", params(CopyQuery),
    responses(
        (status = 200, description = "Everything held about her address, gathered now (audited): JSON, or with \
            `format=html` a page to read and print", content((GuestData = "application/json"), (String = "text/html"))),
        (status = 404, description = "The link is tampered with, has expired, or names no copy (`invalid_link`)",
            body = ErrorBody)))]
pub async fn guest_copy(
    state: web::Data<ApiState>,
    query: web::Query<CopyQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let token = query.token.unwrap_or_default();
    let id = state.mail.links.verify_privacy_copy(&token).ok_or_else(invalid_link)?;
    let records = state.privacy.copy_for_guest(id).await.map_err(|error| match error {
        PrivacyRequestError::Repo(error) => error.into(),
        _ => invalid_link(),
    })?;
    let data = GuestData::of(&records, &state, state.clock.now()).await?;
    let json_url = format!("/api/privacy/copy?token={}", domain::mail::url_component(&token));
    respond(data, query.format, Some(json_url), false)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GuestDataQuery {
    /// The guest's address (matched without regard to case).
    #[param(required = true, value_type = EmailAddress)]
    pub email: Option<String>,
    /// `json` (the default) or `html`, a page to read, print or send her (as a download).
    pub format: Option<ExportFormat>,
}

#[utoipa::path(get, path = "/api/admin/guest-data", tag = "Guest data", params(GuestDataQuery),
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Everything held about the address (lists empty when nothing is); each \
            reading is audited", content((GuestData = "application/json"), (String = "text/html"))),
        (status = 400, description = "Invalid address (`email`)", body = ErrorBody),
        (status = 403, description = "Only an owner reads a guest's data", body = ErrorBody)))]
pub async fn guest_data(
    owner: OwnerSession,
    state: web::Data<ApiState>,
    query: web::Query<GuestDataQuery>,
) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let email = email_of(query.email.as_deref().unwrap_or_default())?;
    let records = state.privacy.gather(&email, owner.actor()).await?;
    let mut data = GuestData::of(&records, &state, state.clock.now()).await?;
    // Health answers are opened only with their own permission, the owner's too.
    if !owner.0.can_read_intake {
        data.intake_forms_withheld = std::mem::take(&mut data.intake_forms).len();
    }
    respond(data, query.format, None, true)
}

fn respond(
    data: GuestData,
    format: Option<ExportFormat>,
    json_url: Option<String>,
    download: bool,
) -> Result<HttpResponse, ApiError> {
    let private = (header::CACHE_CONTROL, "private, no-store");
    match format.unwrap_or(ExportFormat::Json) {
        ExportFormat::Json => Ok(HttpResponse::Ok().insert_header(private).json(data)),
        ExportFormat::Html => {
            let page = GuestDataPage { data: &data, json_url }
                .render()
                .map_err(|error| ApiError::internal(format!("guest data page: {error}")))?;
            let mut response = HttpResponse::Ok();
            response.insert_header(private).content_type("text/html; charset=utf-8");
            if download {
                response
                    .insert_header((header::CONTENT_DISPOSITION, "attachment; filename=\"guest-data.html\""));
            }
            Ok(response.body(page))
        }
    }
}

/// An address to erase.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EraseInput {
    #[serde(default)]
    #[schema(required = true)]
    pub email: EmailAddress,
}

/// What an erasure did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErasureSummary {
    /// The stand-in her records now carry ("guest-1a2b3c4d5e6f").
    pub pseudonym: String,
    /// Kept for the accounts under the pseudonym.
    pub bookings: usize,
    pub orders: usize,
    pub gift_cards: usize,
    pub ratings: usize,
    /// Deleted.
    pub messages_deleted: usize,
    pub waitlist_entries_deleted: usize,
    pub mail_deleted: usize,
    pub newsletter_deleted: bool,
    /// Her intake and consent forms. Additive.
    pub intake_forms_deleted: usize,
}

impl From<ErasureCounts> for ErasureSummary {
    fn from(counts: ErasureCounts) -> Self {
        Self {
            pseudonym: counts.pseudonym,
            bookings: counts.bookings,
            orders: counts.orders,
            gift_cards: counts.gift_cards,
            ratings: counts.ratings,
            messages_deleted: counts.messages_deleted,
            waitlist_entries_deleted: counts.waitlist_entries_deleted,
            mail_deleted: counts.mail_deleted,
            newsletter_deleted: counts.newsletter_deleted,
            intake_forms_deleted: counts.intake_forms_deleted,
        }
    }
}

#[utoipa::path(post, path = "/api/admin/guest-data/erase", tag = "Guest data", request_body = EraseInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Her details replaced by a stable pseudonym in every record kept for the \
            accounts (amounts, dates, refunds stay); her messages, waitlist entries, sign-up and mail deleted; \
            audited", body = ErasureSummary),
        (status = 400, description = "Invalid address (`email`)", body = ErrorBody),
        (status = 403, description = "Only an owner erases a guest's data", body = ErrorBody),
        (status = 404, description = "Nothing is held about this address", body = ErrorBody),
        (status = 409, description = "She has a visit to come or an order not yet shipped (`erasure_blocked`)",
            body = ErrorBody)))]
pub async fn erase(
    owner: OwnerSession,
    state: web::Data<ApiState>,
    input: JsonBody<EraseInput>,
) -> Result<web::Json<ErasureSummary>, ApiError> {
    let email = email_of(&input.into_inner().email.0)?;
    match state.privacy.erase(&email, owner.actor()).await {
        Ok(counts) => {
            // A place she held on the waitlist is free for the next guest.
            state.waitlist.nudge();
            Ok(web::Json(counts.into()))
        }
        Err(ErasureError::Blocked(blocked)) => {
            Err(ApiError::new(ErrorCode::ErasureBlocked, blocked.to_string()))
        }
        Err(ErasureError::NothingHeld) => {
            Err(ApiError::new(ErrorCode::NotFound, ErasureError::NothingHeld.to_string()))
        }
        Err(ErasureError::Repo(error)) => Err(error.into()),
    }
}

/// A guest's confirmed request, as the owner sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyRequestView {
    pub id: Uuid,
    /// Her address (the pseudonym's once she is erased).
    pub email: String,
    pub kind: wire::PrivacyRequestKind,
    pub state: wire::PrivacyRequestState,
    pub created_at: DateTime<Utc>,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub done_at: Option<DateTime<Utc>>,
    /// The team member who did it.
    pub done_by: Option<String>,
}

impl From<PrivacyRequest> for PrivacyRequestView {
    fn from(request: PrivacyRequest) -> Self {
        Self {
            id: request.id,
            state: request.state().into(),
            email: request.email,
            kind: request.kind.into(),
            created_at: request.created_at,
            confirmed_at: request.confirmed_at,
            done_at: request.done_at,
            done_by: request.done_by,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyRequests {
    /// Open requests oldest first, then those done in the last 90 days, newest first.
    pub requests: Vec<PrivacyRequestView>,
}

#[utoipa::path(get, path = "/api/admin/privacy-requests", tag = "Guest data", security(("bearer_auth" = [])),
    responses(
        (status = 200, description = "Guests' confirmed requests", body = PrivacyRequests),
        (status = 403, description = "Only an owner sees guests' requests", body = ErrorBody)))]
pub async fn requests(
    _owner: OwnerSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<PrivacyRequests>, ApiError> {
    let requests = state.privacy.requests().await?;
    Ok(web::Json(PrivacyRequests { requests: requests.into_iter().map(Into::into).collect() }))
}

#[utoipa::path(post, path = "/api/admin/privacy-requests/{id}/complete", tag = "Guest data",
    security(("bearer_auth" = [])),
    params(("id" = Uuid, Path, description = "The request")),
    responses(
        (status = 200, description = "Done: a copy request mails her the link to her data; an erasure request \
            erases her details (as `POST /api/admin/guest-data/erase`); audited", body = PrivacyRequestView),
        (status = 403, description = "Only an owner does guests' requests", body = ErrorBody),
        (status = 404, description = "No such confirmed request", body = ErrorBody),
        (status = 409, description = "Already done (`conflict`), or she has a visit to come or an order not yet \
            shipped (`erasure_blocked`)", body = ErrorBody)))]
pub async fn complete(
    owner: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<PrivacyRequestView>, ApiError> {
    let request = state.privacy.complete(id.into_inner(), owner.actor()).await.map_err(request_error)?;
    if request.kind == PrivacyRequestKind::Erasure {
        state.waitlist.nudge();
    }
    Ok(web::Json(request.into()))
}

// ---- The data as given: JSON and a readable page ----

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestBookingRecord {
    pub id: Uuid,
    pub service: wire::ServiceKey,
    pub service_name: String,
    /// yyyy-MM-dd
    pub date: String,
    pub check_out: Option<String>,
    pub time: wire::TimeSlot,
    pub status: wire::BookingStatus,
    pub first_name: String,
    pub last_name: String,
    pub notes: Option<String>,
    pub created_at: DateTime<Utc>,
    /// "45.00"
    pub deposit_amount: Option<String>,
    pub deposit_refunded: Option<String>,
    pub discount: String,
    pub gift_card_amount: String,
    pub promo_code: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestOrderItem {
    pub name: String,
    pub quantity: u32,
    pub price: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestOrderRecord {
    pub id: Uuid,
    /// "#1a2b3c4d"
    pub reference: String,
    pub created_at: DateTime<Utc>,
    pub status: wire::OrderStatus,
    pub payment_state: wire::PaymentState,
    pub first_name: String,
    pub last_name: String,
    pub phone: Option<String>,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub items: Vec<GuestOrderItem>,
    pub subtotal: String,
    pub discount: String,
    pub tax: String,
    pub shipping: String,
    pub total: String,
    pub refunded: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GiftCardRole {
    /// Bought with her address.
    Bought,
    /// Sent to her address.
    Received,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestGiftCardRecord {
    pub id: Uuid,
    pub role: GiftCardRole,
    /// The code's last four characters (the code itself is never kept).
    pub last_four: Option<String>,
    pub amount: String,
    pub balance: String,
    pub state: String,
    pub recipient_name: String,
    pub recipient_email: String,
    pub from_name: String,
    pub message: Option<String>,
    /// yyyy-MM-dd
    pub deliver_on: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestReplyRecord {
    pub body: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestMessageRecord {
    pub id: Uuid,
    pub created_at: DateTime<Utc>,
    pub first_name: String,
    pub last_name: String,
    pub interest: Option<String>,
    pub message: String,
    pub replies: Vec<GuestReplyRecord>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestNewsletterRecord {
    pub subscribed_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestRatingRecord {
    pub id: Uuid,
    pub service: wire::ServiceKey,
    pub stars: u8,
    pub comment: Option<String>,
    pub author: String,
    /// yyyy-MM-dd
    pub visited_on: String,
    pub created_at: DateTime<Utc>,
    pub reply: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestWaitlistRecord {
    pub id: Uuid,
    pub service: wire::ServiceKey,
    pub state: wire::WaitlistState,
    pub created_at: DateTime<Utc>,
    pub wishes: Vec<crate::routes::waitlist::WishView>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestMailRecord {
    pub id: Uuid,
    pub template: crate::routes::emails::EmailTemplate,
    pub subject: String,
    pub state: crate::routes::emails::EmailState,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestRequestRecord {
    pub kind: wire::PrivacyRequestKind,
    pub state: wire::PrivacyRequestState,
    pub created_at: DateTime<Utc>,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub done_at: Option<DateTime<Utc>>,
}

/// Everything held about one address.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestData {
    pub email: String,
    pub gathered_at: DateTime<Utc>,
    pub bookings: Vec<GuestBookingRecord>,
    pub orders: Vec<GuestOrderRecord>,
    pub gift_cards: Vec<GuestGiftCardRecord>,
    /// Her messages, each with the replies sent to it.
    pub messages: Vec<GuestMessageRecord>,
    /// Her sign-up to the journal, if any.
    pub newsletter: Option<GuestNewsletterRecord>,
    pub ratings: Vec<GuestRatingRecord>,
    pub waitlist: Vec<GuestWaitlistRecord>,
    /// The mail written to the address.
    pub mail: Vec<GuestMailRecord>,
    /// She asked for no more thank-yous and invitations.
    pub follow_ups_stopped: bool,
    pub privacy_requests: Vec<GuestRequestRecord>,
    /// Her intake and consent forms as signed, oldest first: in the team's
    /// look-up only for a member who may read intake answers (docs/decisions.md §22).
    pub intake_forms: Vec<crate::routes::intake::IntakeAnswersView>,
    /// How many forms the look-up holds back from a member without that permission.
    pub intake_forms_withheld: usize,
}

fn day(date: chrono::NaiveDate) -> String {
    date.format(model::DATE_FORMAT).to_string()
}

impl GuestData {
    async fn of(records: &GuestRecords, state: &ApiState, now: DateTime<Utc>) -> Result<Self, ApiError> {
        let services = crate::routes::guest::booked_services(state).await?;
        let service_name = |key: model::ServiceKey| {
            services
                .iter()
                .find(|(k, _)| *k == key)
                .map_or_else(|| key.service_name().to_owned(), |(_, service)| service.name.clone())
        };
        let card = |card: &domain::gift_card::GiftCard, role| GuestGiftCardRecord {
            id: card.id,
            role,
            last_four: card.last_four.clone(),
            amount: card.amount.to_string(),
            balance: card.balance.to_string(),
            state: card.state.as_str().to_owned(),
            recipient_name: card.recipient_name.clone(),
            recipient_email: card.recipient_email.clone(),
            from_name: card.from_name.clone(),
            message: card.message.clone(),
            deliver_on: day(card.deliver_on),
            created_at: card.created_at,
        };
        Ok(GuestData {
            email: records.email.clone(),
            gathered_at: now,
            bookings: records
                .bookings
                .iter()
                .map(|b| GuestBookingRecord {
                    id: b.id,
                    service: b.service.into(),
                    service_name: service_name(b.service),
                    date: day(b.date),
                    check_out: b.check_out.map(day),
                    time: b.time.into(),
                    status: b.status.into(),
                    first_name: b.first_name.clone(),
                    last_name: b.last_name.clone(),
                    notes: b.notes.clone(),
                    created_at: b.created_at,
                    deposit_amount: b.deposit.as_ref().map(|d| d.amount.to_string()),
                    deposit_refunded: b.deposit.as_ref().map(|d| d.refunded.to_string()),
                    discount: b.promo.as_ref().map_or(domain::Money::ZERO, |p| p.amount).to_string(),
                    gift_card_amount: b
                        .gift_card
                        .as_ref()
                        .map_or(domain::Money::ZERO, |c| c.amount)
                        .to_string(),
                    promo_code: b.promo.as_ref().map(|p| p.code.as_str().to_owned()),
                })
                .collect(),
            orders: records
                .orders
                .iter()
                .map(|o| GuestOrderRecord {
                    id: o.id,
                    reference: domain::order::order_reference(o.id),
                    created_at: o.created_at,
                    status: o.status.into(),
                    payment_state: o.payment.state.into(),
                    first_name: o.customer.first_name.clone(),
                    last_name: o.customer.last_name.clone(),
                    phone: o.customer.phone.clone(),
                    address: o.customer.address.clone(),
                    city: o.customer.city.clone(),
                    state: o.customer.state.clone(),
                    zip: o.customer.zip.clone(),
                    items: o
                        .items
                        .iter()
                        .map(|item| GuestOrderItem {
                            name: item.product_name.clone(),
                            quantity: item.quantity,
                            price: item.price.to_string(),
                        })
                        .collect(),
                    subtotal: o.totals.subtotal.to_string(),
                    discount: o.totals.discount.to_string(),
                    tax: o.totals.tax.to_string(),
                    shipping: o.totals.shipping.to_string(),
                    total: o.totals.total.to_string(),
                    refunded: o.payment.refunded.to_string(),
                })
                .collect(),
            gift_cards: records
                .gift_cards_bought
                .iter()
                .map(|c| card(c, GiftCardRole::Bought))
                .chain(records.gift_cards_received.iter().map(|c| card(c, GiftCardRole::Received)))
                .collect(),
            messages: records
                .messages
                .iter()
                .map(|(m, replies)| GuestMessageRecord {
                    id: m.id,
                    created_at: m.created_at,
                    first_name: m.first_name.clone(),
                    last_name: m.last_name.clone(),
                    interest: m.interest.clone(),
                    message: m.message.clone(),
                    replies: replies
                        .iter()
                        .map(|r| GuestReplyRecord { body: r.text.clone(), created_at: r.created_at })
                        .collect(),
                })
                .collect(),
            newsletter: records.newsletter_since.map(|at| GuestNewsletterRecord { subscribed_at: at }),
            ratings: records
                .ratings
                .iter()
                .map(|r| GuestRatingRecord {
                    id: r.id,
                    service: r.service.into(),
                    stars: r.stars,
                    comment: r.comment.clone(),
                    author: r.author.clone(),
                    visited_on: day(r.visited_on),
                    created_at: r.created_at,
                    reply: r.reply.as_ref().map(|reply| reply.text.clone()),
                })
                .collect(),
            waitlist: records
                .waitlist
                .iter()
                .map(|w| GuestWaitlistRecord {
                    id: w.id,
                    service: w.service.into(),
                    state: w.state.into(),
                    created_at: w.created_at,
                    wishes: crate::routes::waitlist::wishes_of(w),
                })
                .collect(),
            mail: records
                .mail
                .iter()
                .map(|m| GuestMailRecord {
                    id: m.id,
                    template: m.template.into(),
                    subject: m.subject.clone(),
                    state: m.state.into(),
                    created_at: m.created_at,
                    sent_at: m.sent_at,
                })
                .collect(),
            follow_ups_stopped: records.follow_ups_stopped,
            intake_forms: records.intake.iter().map(crate::routes::intake::answers_view).collect(),
            intake_forms_withheld: 0,
            privacy_requests: records
                .requests
                .iter()
                .map(|r| GuestRequestRecord {
                    kind: r.kind.into(),
                    state: r.state().into(),
                    created_at: r.created_at,
                    confirmed_at: r.confirmed_at,
                    done_at: r.done_at,
                })
                .collect(),
        })
    }
}

/// The readable page of a guest's data (auto-escaped: every value is hers, not markup).
#[derive(Template)]
#[template(path = "guest_data.html")]
struct GuestDataPage<'a> {
    data: &'a GuestData,
    /// Where the same data is as JSON (her copy's page links it).
    json_url: Option<String>,
}
