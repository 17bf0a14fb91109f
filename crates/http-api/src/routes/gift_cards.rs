//! Gift cards (docs/decisions.md §16): buying one (an order paid as any
//! order is), checking a balance, the printable card behind its mail's
//! signed link, and the owner's work with cards in the dashboard.

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use domain::gift_card::{
    self as rules, CardValue, Dedication, GiftCard as DomainCard, GiftCardCode, LedgerEntry,
};
use domain::payment::PaymentState;
use domain::validation as rule;
use http_common::{ApiError, ErrorBody, ErrorCode, ValidationErrors};
use ports::{GiftCardPurchase, IdempotencyKey, PromotionalCard};

use crate::extract::{IdempotencyKeyHeader, IdempotencyKeyParam, JsonBody, OwnerSession, PublicWrite};
use crate::routes::orders::Order;
use crate::state::ApiState;
use crate::wire::amount_text;
use crate::wire::fields::{
    CalendarDate, EmailAddress, GiftCardCodeText, GiftMessage, Honeypot, Money, OptionalCalendarDate,
    OptionalMoney, OptionalShortText, ShortText,
};
use crate::wire::messages::*;

http_common::wire_enum! {
    /// Where a card stands.
    GiftCardStateChoice mirrors domain::gift_card::GiftCardState {
        Pending = "pending", Active = "active", Voided = "voided"
    }
}

http_common::wire_enum! {
    /// What moved a card's balance.
    LedgerKindChoice mirrors domain::gift_card::LedgerKind {
        Issued = "issued", Redeemed = "redeemed", Returned = "returned", CashedOut = "cashed_out",
        Voided = "voided"
    }
}

/// What a card may be bought for.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardOptions {
    /// The amounts offered first.
    #[schema(example = json!(["50.00", "100.00", "150.00", "250.00"]))]
    pub presets: Vec<String>,
    /// A custom amount is whole dollars from `min` to `max`.
    #[schema(example = "25.00")]
    pub min: String,
    #[schema(example = "1000.00")]
    pub max: String,
    /// The treatments a card may be bought as ("one Massage Therapy"): its value is the price.
    pub services: Vec<GiftCardService>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardService {
    pub id: Uuid,
    pub name: String,
    #[schema(example = "85.00")]
    pub price: String,
}

#[utoipa::path(get, path = "/api/gift-cards/options", tag = "Gift cards",
    responses((status = 200, description = "Preset amounts, the custom amount's range and the treatments a card \
        may be bought as", body = GiftCardOptions)))]
pub async fn gift_card_options(state: web::Data<ApiState>) -> Result<web::Json<GiftCardOptions>, ApiError> {
    let services = state.catalog_store.list_services().await?;
    Ok(web::Json(GiftCardOptions {
        presets: rules::PRESET_AMOUNTS.iter().map(ToString::to_string).collect(),
        min: rules::MIN_AMOUNT.to_string(),
        max: rules::MAX_AMOUNT.to_string(),
        services: services
            .into_iter()
            .filter(|service| service.booking_key.is_some())
            .map(|service| GiftCardService {
                id: service.id,
                name: service.name,
                price: service.price.to_string(),
            })
            .collect(),
    }))
}

/// A gift card to buy: an amount or a treatment, who it is for, and the buyer.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardPurchaseInput {
    /// Whole dollars from $25 to $1,000; null or left out with `serviceId`.
    #[serde(default)]
    pub amount: OptionalMoney,
    /// A treatment whose price is the card's value ("one Massage Therapy"); null or left out with `amount`.
    #[serde(default)]
    pub service_id: Option<Uuid>,
    #[serde(default)]
    #[schema(required = true)]
    pub recipient_name: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub recipient_email: EmailAddress,
    /// The buyer's words on the card; line breaks are kept.
    #[serde(default)]
    pub message: GiftMessage,
    /// The day the recipient's mail goes out: today (the retreat's day) to a year ahead.
    #[serde(default)]
    #[schema(required = true)]
    pub deliver_on: CalendarDate,
    /// The buyer.
    #[serde(default)]
    #[schema(required = true)]
    pub first_name: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub last_name: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub email: EmailAddress,
    #[serde(default)]
    pub website: Honeypot,
}

const AMOUNT_OR_SERVICE: &str = "Choose an amount or a treatment";

/// A card's value as sent: whole dollars from $25 to $1,000.
fn card_amount(sent: &Value) -> Result<domain::Money, String> {
    let refused = |refusal: rules::AmountRefusal| refusal.to_string();
    let amount =
        domain::Money::parse(&amount_text(sent)).map_err(|_| refused(rules::AmountRefusal::OutOfRange))?;
    rules::purchase_amount(amount).map_err(refused)
}

/// The fields every card carries: who it is for, the message, the day.
struct DedicationFields<'a> {
    recipient_name: &'a str,
    recipient_email: &'a str,
    message: Option<&'a str>,
    deliver_on: &'a str,
}

impl DedicationFields<'_> {
    /// The dedication, signed `from_name` (when that could be read) and
    /// delivered from `today` on; each field's refusal in `errors`.
    fn read(
        self,
        errors: &mut ValidationErrors,
        from_name: Option<String>,
        today: chrono::NaiveDate,
    ) -> Option<Dedication> {
        let name = errors.field(
            "recipientName",
            rule::PersonName::parse(self.recipient_name),
            "Please enter the recipient's name",
        );
        let email = errors.take("recipientEmail", rule::Email::parse(self.recipient_email));
        let message = errors.take("message", rules::message(self.message));
        let deliver_on = errors.take(
            "deliverOn",
            crate::wire::calendar_date(self.deliver_on)
                .and_then(|day| rules::delivery_date(day, today).map_err(str::to_owned)),
        );
        Some(Dedication {
            recipient_name: name?.into(),
            recipient_email: email?.into_string(),
            from_name: from_name?,
            message: message?,
            deliver_on: deliver_on?,
        })
    }
}

impl GiftCardPurchaseInput {
    fn try_into_domain(
        self,
        today: chrono::NaiveDate,
        payment: PaymentState,
    ) -> Result<GiftCardPurchase, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let value = match (&self.amount.0, self.service_id) {
            (Value::Null, Some(service)) => Some(CardValue::Service(service)),
            (Value::Null, None) => {
                errors.add("amount", AMOUNT_OR_SERVICE);
                None
            }
            (sent, None) => errors.take("amount", card_amount(sent)).map(CardValue::Amount),
            (_, Some(_)) => {
                errors.add("amount", AMOUNT_OR_SERVICE);
                None
            }
        };
        let first_name =
            errors.field("firstName", rule::PersonName::parse(&self.first_name.0), FIRST_NAME_REQUIRED);
        let last_name =
            errors.field("lastName", rule::PersonName::parse(&self.last_name.0), LAST_NAME_REQUIRED);
        let email = errors.take("email", rule::Email::parse(&self.email.0));
        let from_name =
            first_name.as_ref().zip(last_name.as_ref()).map(|(first, last)| format!("{first} {last}"));
        let dedication = DedicationFields {
            recipient_name: &self.recipient_name.0,
            recipient_email: &self.recipient_email.0,
            message: self.message.0.as_deref(),
            deliver_on: &self.deliver_on.0,
        }
        .read(&mut errors, from_name, today);
        match (value, first_name, last_name, email, dedication) {
            (Some(value), Some(first), Some(last), Some(email), Some(dedication)) if errors.is_empty() => {
                Ok(GiftCardPurchase {
                    value,
                    dedication,
                    buyer: domain::order::gift_card_buyer(first.into(), last.into(), email),
                    payment,
                })
            }
            _ => Err(errors),
        }
    }
}

#[utoipa::path(post, path = "/api/gift-cards", tag = "Gift cards", request_body = GiftCardPurchaseInput,
    params(IdempotencyKeyParam),
    responses(
        (status = 201, description = "The card's order, placed: one line, untaxed and unshipped. With payments on \
            it awaits payment as any order (`POST /api/orders/{id}/payment` with its `paymentToken`) and the card \
            is issued once paid; with payments off it is unpaid and the card is issued at once. The recipient's \
            mail goes out on `deliverOn`", body = Order),
        (status = 400, description = "Invalid fields (an amount outside $25 to $1,000 or not whole dollars, a \
            delivery date in the past, an unknown treatment)", body = ErrorBody),
        (status = 409, description = "The Idempotency-Key was used for another request", body = ErrorBody),
        (status = 429, description = "Too many requests from this address (`rate_limited`); see Retry-After", body = ErrorBody)))]
pub async fn buy_gift_card(
    _limit: PublicWrite,
    key: IdempotencyKeyHeader,
    state: web::Data<ApiState>,
    input: JsonBody<GiftCardPurchaseInput>,
) -> Result<HttpResponse, ApiError> {
    let key = key.0.map(|key| IdempotencyKey { key, fingerprint: input.fingerprint().to_owned() });
    let input = input.into_inner();
    input.website.check()?;
    let payment = if state.payments.is_some() { PaymentState::AwaitingPayment } else { PaymentState::Unpaid };
    let purchase = input.try_into_domain(state.clock.local_now().date, payment)?;
    let created = state.gift_card_store.buy_gift_card(purchase, key).await?;
    let replayed = matches!(created, ports::Created::Repeated(_));
    let order = created.into_inner();
    let mut answer = Order::from(order.clone());
    if state.payments.is_some() && order.payment.state == PaymentState::AwaitingPayment {
        answer.payment_token = Some(state.mail.links.order_token(order.id));
    }
    let mut response = HttpResponse::Created();
    if replayed {
        response.insert_header(("Idempotent-Replayed", "true"));
    }
    Ok(response.json(answer))
}

/// A code a guest typed, as the rules read it.
fn code(text: &str) -> Result<GiftCardCode, ApiError> {
    GiftCardCode::parse(text).map_err(|message| ValidationErrors::single("code", message).into())
}

/// The card a code belongs to, if any, counted as a look-up.
pub async fn find_counted(
    req: &HttpRequest,
    state: &ApiState,
    code: &GiftCardCode,
) -> Result<Option<DomainCard>, ApiError> {
    crate::extract::count_gift_card_lookup(req, state).await?;
    Ok(state.gift_card_store.find_gift_card(code).await?)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceInput {
    #[serde(default)]
    #[schema(required = true)]
    pub code: GiftCardCodeText,
}

/// What a guest may learn of a card from its code.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardBalance {
    #[schema(example = "BC4E")]
    pub last_four: String,
    /// Its value when issued.
    #[schema(example = "100.00")]
    pub amount: String,
    #[schema(example = "64.20")]
    pub balance: String,
    pub state: GiftCardStateChoice,
    /// The last day a promotional card can be used; null: it never expires.
    pub expires_on: Option<String>,
    /// "One Massage Therapy", for a card bought as a treatment.
    pub label: Option<String>,
    /// Why it cannot pay anything today (not active, expired, no balance
    /// left), or null: it pays what it holds. An order or a booking decides again.
    pub refusal: Option<String>,
}

impl GiftCardBalance {
    /// What a guest may learn of `card` on the retreat's `today`.
    fn of(card: DomainCard, today: chrono::NaiveDate) -> Self {
        Self {
            refusal: rules::usable(card.standing(), today).err().map(|refusal| refusal.to_string()),
            last_four: card.last_four.unwrap_or_default(),
            amount: card.amount.to_string(),
            balance: card.balance.to_string(),
            state: card.state.into(),
            expires_on: card.kind.expires_on().map(|day| day.to_string()),
            label: card.label,
        }
    }
}

#[utoipa::path(post, path = "/api/gift-cards/balance", tag = "Gift cards", request_body = BalanceInput,
    responses(
        (status = 200, description = "The card's balance", body = GiftCardBalance),
        (status = 400, description = "Not a code's shape", body = ErrorBody),
        (status = 404, description = "No card has this code (`gift_card_not_found`)", body = ErrorBody),
        (status = 429, description = "Too many look-ups from this address (`rate_limited`); see Retry-After", body = ErrorBody)))]
pub async fn gift_card_balance(
    req: HttpRequest,
    state: web::Data<ApiState>,
    input: JsonBody<BalanceInput>,
) -> Result<web::Json<GiftCardBalance>, ApiError> {
    let code = code(&input.into_inner().code.0)?;
    let card = find_counted(&req, &state, &code)
        .await?
        .ok_or_else(|| http_common::card_refused(rules::CardRefusal::Unknown))?;
    Ok(web::Json(GiftCardBalance::of(card, state.clock.local_now().date)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrintInput {
    /// The signed token of the recipient's mail link.
    #[serde(default)]
    #[schema(required = true)]
    pub token: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub code: GiftCardCodeText,
}

/// The card as printed: everything its recipient needs.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardPrint {
    /// In groups, as read aloud.
    #[schema(example = "K7QM-R2XD-9HPT-WV3A-BC4E")]
    pub code: String,
    #[schema(example = "100.00")]
    pub amount: String,
    #[schema(example = "100.00")]
    pub balance: String,
    pub label: Option<String>,
    pub recipient_name: String,
    pub from_name: String,
    pub message: Option<String>,
    pub expires_on: Option<String>,
    pub state: GiftCardStateChoice,
}

#[utoipa::path(post, path = "/api/gift-cards/print", tag = "Gift cards", request_body = PrintInput,
    responses(
        (status = 200, description = "The card, to show and print", body = GiftCardPrint),
        (status = 400, description = "Not a code's shape", body = ErrorBody),
        (status = 404, description = "The link is tampered with, or its code is not its card's (`invalid_link`)", body = ErrorBody)))]
pub async fn print_gift_card(
    state: web::Data<ApiState>,
    input: JsonBody<PrintInput>,
) -> Result<web::Json<GiftCardPrint>, ApiError> {
    let input = input.into_inner();
    let code = code(&input.code.0)?;
    let invalid = || ApiError::new(ErrorCode::InvalidLink, "This gift card link is not valid.");
    // The signature is checked first: without a valid link no code is looked up.
    let id = state.mail.links.verify_gift_card(input.token.0.trim()).ok_or_else(invalid)?;
    let card = state
        .gift_card_store
        .find_gift_card(&code)
        .await?
        .filter(|card| card.id == id)
        .ok_or_else(invalid)?;
    Ok(web::Json(GiftCardPrint {
        code: code.grouped(),
        amount: card.amount.to_string(),
        balance: card.balance.to_string(),
        label: card.label,
        recipient_name: card.recipient_name,
        from_name: card.from_name,
        message: card.message,
        expires_on: card.kind.expires_on().map(|day| day.to_string()),
        state: card.state.into(),
    }))
}

/// A card as the dashboard lists it (never its code: the last four only).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminGiftCard {
    pub id: Uuid,
    /// Null while pending (the code is made when the card is issued).
    pub last_four: Option<String>,
    /// `purchased` (sold: never expires) or `promotional` (given away: may expire).
    #[schema(example = "purchased")]
    pub kind: String,
    #[schema(example = "100.00")]
    pub amount: String,
    #[schema(example = "64.20")]
    pub balance: String,
    pub state: GiftCardStateChoice,
    pub label: Option<String>,
    pub recipient_name: String,
    pub recipient_email: String,
    pub from_name: String,
    pub buyer_email: Option<String>,
    pub message: Option<String>,
    pub deliver_on: String,
    /// When its mail was accepted by the recipient's server, if it has been.
    pub delivered_at: Option<DateTime<Utc>>,
    pub expires_on: Option<String>,
    pub order_id: Option<Uuid>,
    pub void_reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<DomainCard> for AdminGiftCard {
    fn from(card: DomainCard) -> Self {
        Self {
            id: card.id,
            last_four: card.last_four,
            kind: card.kind.name().to_owned(),
            amount: card.amount.to_string(),
            balance: card.balance.to_string(),
            state: card.state.into(),
            label: card.label,
            recipient_name: card.recipient_name,
            recipient_email: card.recipient_email,
            from_name: card.from_name,
            buyer_email: card.buyer_email,
            message: card.message,
            deliver_on: card.deliver_on.to_string(),
            delivered_at: card.delivered_at,
            expires_on: card.kind.expires_on().map(|day| day.to_string()),
            order_id: card.order_id,
            void_reason: card.void_reason,
            created_at: card.created_at,
        }
    }
}

/// One movement of a card's balance.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardEntry {
    pub id: Uuid,
    pub kind: LedgerKindChoice,
    /// Signed: negative when money was taken off the card.
    #[schema(example = "-25.00")]
    pub amount: String,
    #[schema(example = "75.00")]
    pub balance_after: String,
    pub order_id: Option<Uuid>,
    pub booking_id: Option<Uuid>,
    pub note: Option<String>,
    /// The admin who acted (owner's actions), or null.
    pub actor: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// Signed cents as dollars ("-25.00").
pub fn signed_amount(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let magnitude = cents.unsigned_abs();
    format!("{sign}{}.{:02}", magnitude / 100, magnitude % 100)
}

impl From<LedgerEntry> for GiftCardEntry {
    fn from(entry: LedgerEntry) -> Self {
        Self {
            id: entry.id,
            kind: entry.kind.into(),
            amount: signed_amount(entry.amount),
            balance_after: entry.balance_after.to_string(),
            order_id: entry.order_id,
            booking_id: entry.booking_id,
            note: entry.note,
            actor: entry.actor,
            created_at: entry.created_at,
        }
    }
}

#[utoipa::path(get, path = "/api/admin/gift-cards", tag = "Gift cards",
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),(status = 200, description = "Every gift card, newest first", body = [AdminGiftCard])))]
pub async fn list_gift_cards(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
) -> Result<web::Json<Vec<AdminGiftCard>>, ApiError> {
    Ok(web::Json(
        state.gift_card_store.list_gift_cards().await?.into_iter().map(AdminGiftCard::from).collect(),
    ))
}

#[utoipa::path(get, path = "/api/admin/gift-cards/{id}/ledger", tag = "Gift cards",
    params(("id" = Uuid, Path, description = "Gift card id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "The card's ledger, oldest first", body = [GiftCardEntry]),
        (status = 404, description = "No such gift card", body = ErrorBody)))]
pub async fn gift_card_ledger(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<Vec<GiftCardEntry>>, ApiError> {
    let entries = state.gift_card_store.gift_card_ledger(*id).await.map_err(ApiError::repo("Gift card"))?;
    Ok(web::Json(entries.into_iter().map(GiftCardEntry::from).collect()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoidInput {
    /// Why (kept with the card and in the activity trail).
    #[serde(default)]
    #[schema(required = true)]
    pub reason: ShortText,
}

#[utoipa::path(post, path = "/api/admin/gift-cards/{id}/void", tag = "Gift cards", request_body = VoidInput,
    params(("id" = Uuid, Path, description = "Gift card id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Voided: its balance is gone (a ledger entry records what was left)", body = AdminGiftCard),
        (status = 400, description = "No reason given", body = ErrorBody),
        (status = 404, description = "No such gift card", body = ErrorBody),
        (status = 409, description = "Already void (`gift_card_refused`)", body = ErrorBody)))]
pub async fn void_gift_card(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<VoidInput>,
) -> Result<web::Json<AdminGiftCard>, ApiError> {
    let reason = rule::ShortText::parse(&input.into_inner().reason.0)
        .map_err(|_| ValidationErrors::single("reason", "Please say why the card is voided"))?;
    let card = state.gift_card_store.void_gift_card(*id, reason.into(), admin.actor()).await?;
    Ok(web::Json(card.into()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RedeemInput {
    #[serde(default)]
    #[schema(required = true)]
    pub amount: Money,
    /// What it paid for ("Hot stone massage, Dec 3").
    #[serde(default)]
    pub note: OptionalShortText,
}

#[utoipa::path(post, path = "/api/admin/gift-cards/{id}/redeem", tag = "Gift cards", request_body = RedeemInput,
    params(("id" = Uuid, Path, description = "Gift card id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Taken off the card (a treatment paid at the retreat)", body = AdminGiftCard),
        (status = 400, description = "Invalid amount", body = ErrorBody),
        (status = 404, description = "No such gift card", body = ErrorBody),
        (status = 409, description = "The card cannot pay it (`gift_card_refused`: void, expired, or holding less)", body = ErrorBody)))]
pub async fn redeem_gift_card(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
    input: JsonBody<RedeemInput>,
) -> Result<web::Json<AdminGiftCard>, ApiError> {
    let input = input.into_inner();
    let mut errors = ValidationErrors::new();
    let amount = errors.take(
        "amount",
        domain::Money::parse(&amount_text(&input.amount.0))
            .ok()
            .filter(|amount| *amount > domain::Money::ZERO)
            .ok_or("An amount above $0.00"),
    );
    let note = errors.take("note", rule::ShortText::parse_optional(input.note.0.as_deref()));
    let (Some(amount), Some(note)) = (amount, note) else { return Err(errors.into()) };
    let today = state.clock.local_now().date;
    let card = state
        .gift_card_store
        .redeem_gift_card(*id, amount, note.map(Into::into), today, admin.actor())
        .await?;
    Ok(web::Json(card.into()))
}

#[utoipa::path(post, path = "/api/admin/gift-cards/{id}/cash-out", tag = "Gift cards",
    params(("id" = Uuid, Path, description = "Gift card id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "The balance (under $10) recorded as paid out in cash", body = AdminGiftCard),
        (status = 404, description = "No such gift card", body = ErrorBody),
        (status = 409, description = "Not an active card with a balance under $10 (`gift_card_refused`)", body = ErrorBody)))]
pub async fn cash_out_gift_card(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<AdminGiftCard>, ApiError> {
    Ok(web::Json(state.gift_card_store.cash_out_gift_card(*id, admin.actor()).await?.into()))
}

#[utoipa::path(post, path = "/api/admin/gift-cards/{id}/resend", tag = "Gift cards",
    params(("id" = Uuid, Path, description = "Gift card id")),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = "Its recipient's mail goes out again (one not yet due keeps its day)", body = AdminGiftCard),
        (status = 404, description = "No such gift card", body = ErrorBody),
        (status = 409, description = "Not an active card (`gift_card_refused`)", body = ErrorBody)))]
pub async fn resend_gift_card(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    id: web::Path<Uuid>,
) -> Result<web::Json<AdminGiftCard>, ApiError> {
    Ok(web::Json(state.gift_card_store.resend_gift_card(*id, admin.actor()).await?.into()))
}

/// A card the owner gives away.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromotionalCardInput {
    /// Whole dollars from $25 to $1,000.
    #[serde(default)]
    #[schema(required = true)]
    pub amount: Money,
    #[serde(default)]
    #[schema(required = true)]
    pub recipient_name: ShortText,
    #[serde(default)]
    #[schema(required = true)]
    pub recipient_email: EmailAddress,
    #[serde(default)]
    pub message: GiftMessage,
    #[serde(default)]
    #[schema(required = true)]
    pub deliver_on: CalendarDate,
    /// The last day it can be used (California lets a card given free expire
    /// if it says so); null or left out: it never expires.
    #[serde(default)]
    pub expires_on: OptionalCalendarDate,
}

#[utoipa::path(post, path = "/api/admin/gift-cards", tag = "Gift cards", request_body = PromotionalCardInput,
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 201, description = "Issued; its recipient's mail goes out on `deliverOn`", body = AdminGiftCard),
        (status = 400, description = "Invalid fields", body = ErrorBody)))]
pub async fn give_gift_card(
    admin: OwnerSession,
    state: web::Data<ApiState>,
    input: JsonBody<PromotionalCardInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    let today = state.clock.local_now().date;
    let mut errors = ValidationErrors::new();
    let amount = errors.take("amount", card_amount(&input.amount.0));
    let expires_on = match input.expires_on.0.as_deref().map(str::trim) {
        None | Some("") => Some(None),
        Some(text) => errors.take(
            "expiresOn",
            crate::wire::calendar_date(text).and_then(|day| {
                if day >= today { Ok(Some(day)) } else { Err("The last day is today or later".to_owned()) }
            }),
        ),
    };
    let dedication = DedicationFields {
        recipient_name: &input.recipient_name.0,
        recipient_email: &input.recipient_email.0,
        message: input.message.0.as_deref(),
        deliver_on: &input.deliver_on.0,
    }
    .read(&mut errors, Some(state.mail.from_name()), today);
    let (Some(amount), Some(expires_on), Some(dedication)) = (amount, expires_on, dedication) else {
        return Err(errors.into());
    };
    if !errors.is_empty() {
        return Err(errors.into());
    }
    let card = state
        .gift_card_store
        .give_gift_card(PromotionalCard { amount, dedication, expires_on }, admin.actor())
        .await?;
    Ok(HttpResponse::Created().json(AdminGiftCard::from(card)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ledger_amounts_are_signed_dollars() {
        assert_eq!(signed_amount(-2_500), "-25.00");
        assert_eq!(signed_amount(10_000), "100.00");
        assert_eq!(signed_amount(-5), "-0.05");
        assert_eq!(signed_amount(0), "0.00");
    }
}
