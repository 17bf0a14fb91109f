//! Spreadsheet exports for the dashboard: orders, bookings, contact messages
//! and newsletter subscribers as CSV (RFC 4180: CRLF line ends, quotes where
//! needed, a header row), UTF-8 with a byte-order mark so spreadsheet
//! programs read accents right, dates in ISO 8601 (UTC), money as decimals,
//! and every cell neutralised against formula injection
//! (`domain::export::neutralise_cell`). The body is sent as a chunked
//! stream, a few hundred rows per chunk.

use actix_web::http::header::{self, ContentDisposition, DispositionParam, DispositionType};
use actix_web::{HttpResponse, web};
use chrono::{DateTime, SecondsFormat, Utc};

use domain::booking::{Booking, BookingQuery};
use domain::content::{ContactMessage, MessageQuery, NewsletterSubscription, SubscriberQuery};
use domain::export::neutralise_cell;
use domain::order as model;
use domain::paging::{Page, PageRequest, PageStart};
use domain::payment::DepositState;
use futures_util::StreamExt;

use crate::extract::OwnerSession;
use crate::routes::bookings::{BookingFilter, booking_query};
use crate::routes::content::{MessageFilter, message_query, subscriber_query};
use crate::routes::orders::{OrderFilter, order_query};
use crate::state::ApiState;
use crate::wire::paging::ListSearch;
use http_common::{ApiError, ErrorBody};

/// Rows per chunk of the streamed body.
const ROWS_PER_CHUNK: usize = 250;
const BYTE_ORDER_MARK: &str = "\u{feff}";

fn timestamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// One CSV record (with its CRLF), every cell neutralised.
fn record(cells: &[&str]) -> Result<Vec<u8>, ApiError> {
    let mut writer = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    writer
        .write_record(cells.iter().map(|cell| neutralise_cell(cell).into_owned()))
        .map_err(|e| ApiError::internal(format!("csv: {e}")))?;
    writer.into_inner().map_err(|e| ApiError::internal(format!("csv: {e}")))
}

/// The response: a header row, then the rows in chunks.
fn csv_response(
    name: &str,
    today: chrono::NaiveDate,
    header: &[&str],
    rows: Vec<Vec<String>>,
) -> Result<HttpResponse, ApiError> {
    let mut chunks = vec![web::Bytes::from([BYTE_ORDER_MARK.as_bytes(), &record(header)?].concat())];
    for chunk in rows.chunks(ROWS_PER_CHUNK) {
        let mut bytes = Vec::new();
        for row in chunk {
            let cells: Vec<&str> = row.iter().map(String::as_str).collect();
            bytes.extend(record(&cells)?);
        }
        chunks.push(web::Bytes::from(bytes));
    }
    Ok(csv_headers(name, today)
        .streaming(futures_util::stream::iter(chunks.into_iter().map(Ok::<_, std::convert::Infallible>))))
}

/// Rows an export reads per page: one page in memory at a time.
const EXPORT_PAGE: i64 = 500;

/// A CSV body read from the database a page at a time (each page after the
/// last row of the one before, `domain::paging`), so an export of a million
/// orders holds one page in memory and starts arriving at once.
fn paged_csv<T, Fetch, Fut>(
    name: &str,
    today: chrono::NaiveDate,
    header: &[&str],
    fetch: Fetch,
    cells: fn(T) -> Vec<String>,
) -> Result<HttpResponse, ApiError>
where
    T: 'static,
    Fetch: Fn(PageRequest) -> Fut + 'static,
    Fut: std::future::Future<Output = ports::RepoResult<Page<T>>> + 'static,
{
    let first = web::Bytes::from([BYTE_ORDER_MARK.as_bytes(), &record(header)?].concat());
    let fetch = std::rc::Rc::new(fetch);
    // The state is where the next page starts: `None` once the last was sent.
    let pages = futures_util::stream::unfold(Some(PageStart::Newest), move |start: Option<PageStart>| {
        let fetch = fetch.clone();
        async move {
            let page = match fetch(PageRequest { start: start?, size: EXPORT_PAGE, count_total: false }).await
            {
                Ok(page) => page,
                // Headers are sent: the only way left to say so is to break off the body.
                Err(error) => return Some((Err(std::io::Error::other(error.to_string())), None)),
            };
            let mut bytes = Vec::new();
            for item in page.items {
                let row = cells(item);
                let row: Vec<&str> = row.iter().map(String::as_str).collect();
                match record(&row) {
                    Ok(line) => bytes.extend(line),
                    Err(error) => return Some((Err(std::io::Error::other(error.to_string())), None)),
                }
            }
            Some((Ok(web::Bytes::from(bytes)), page.next.map(PageStart::After)))
        }
    });
    let body = futures_util::stream::once(std::future::ready(Ok::<_, std::io::Error>(first))).chain(pages);
    Ok(csv_headers(name, today).streaming(body))
}

fn csv_headers(name: &str, today: chrono::NaiveDate) -> actix_web::HttpResponseBuilder {
    let mut response = HttpResponse::Ok();
    response
        .content_type("text/csv; charset=utf-8")
        .insert_header(ContentDisposition {
            disposition: DispositionType::Attachment,
            parameters: vec![DispositionParam::Filename(format!("golden-pine-{name}-{today}.csv"))],
        })
        .insert_header((header::CACHE_CONTROL, "no-store"));
    response
}

const CSV_DESCRIPTION: &str = "CSV (RFC 4180, UTF-8 with BOM, header row), newest first; cells that \
    would start a formula begin with an apostrophe";

#[utoipa::path(get, path = "/api/admin/exports/orders.csv", tag = "Exports", params(ListSearch, OrderFilter),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = CSV_DESCRIPTION, content_type = "text/csv", body = String),
        (status = 400, description = "A search, date or status that cannot be read", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn orders(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
    search: web::Query<ListSearch>,
    filter: web::Query<OrderFilter>,
) -> Result<HttpResponse, ApiError> {
    let filter = order_query(search.into_inner(), filter.into_inner(), None, state.clock.as_ref())?;
    let store = state.order_store.clone();
    let fetch = move |page| {
        let (store, query) = (store.clone(), model::OrderQuery { page, ..filter.clone() });
        async move { store.page_orders(query).await }
    };
    paged_csv("orders", state.clock.local_now().date, &ORDER_COLUMNS, fetch, order_cells)
}

const ORDER_COLUMNS: [&str; 20] = [
    "id",
    "created_at",
    "status",
    "first_name",
    "last_name",
    "email",
    "phone",
    "address",
    "city",
    "state",
    "zip",
    "items",
    "subtotal",
    "tax",
    "shipping",
    "total",
    // Added with payments: last, so existing spreadsheet columns keep their places.
    "payment_state",
    "refunded",
    // Added with promo codes (docs/decisions.md §15), last for the same reason.
    "discount",
    "promo_code",
];

fn order_cells(order: model::Order) -> Vec<String> {
    let items = order
        .items
        .iter()
        .map(|item| format!("{} x {} @ {}", item.quantity, item.product_name, item.price))
        .collect::<Vec<_>>()
        .join("; ");
    let c = order.customer;
    vec![
        order.id.to_string(),
        timestamp(order.created_at),
        order.status.as_str().to_owned(),
        c.first_name,
        c.last_name,
        c.email.as_str().to_owned(),
        c.phone.unwrap_or_default(),
        c.address,
        c.city,
        c.state,
        c.zip,
        items,
        order.totals.subtotal.to_string(),
        order.totals.tax.to_string(),
        order.totals.shipping.to_string(),
        order.totals.total.to_string(),
        order.payment.state.as_str().to_owned(),
        order.payment.refunded.to_string(),
        order.totals.discount.to_string(),
        order.promo.map(|promo| promo.code.as_str().to_owned()).unwrap_or_default(),
    ]
}

#[utoipa::path(get, path = "/api/admin/exports/bookings.csv", tag = "Exports", params(ListSearch, BookingFilter),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = CSV_DESCRIPTION, content_type = "text/csv", body = String),
        (status = 400, description = "A search, date, status or service that cannot be read", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn bookings(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
    search: web::Query<ListSearch>,
    filter: web::Query<BookingFilter>,
) -> Result<HttpResponse, ApiError> {
    let filter = booking_query(search.into_inner(), filter.into_inner(), None)?;
    let store = state.calendar_store.clone();
    let fetch = move |page| {
        let (store, query) = (store.clone(), BookingQuery { page, ..filter.clone() });
        async move { store.page_bookings(query).await }
    };
    paged_csv("bookings", state.clock.local_now().date, &BOOKING_COLUMNS, fetch, booking_cells)
}

const BOOKING_COLUMNS: [&str; 14] = [
    "id",
    "created_at",
    "status",
    "service",
    "date",
    "time",
    "first_name",
    "last_name",
    "email",
    "notes",
    // Added with stays: last, so existing spreadsheet columns keep their places.
    "check_out",
    // Added with deposits, after those.
    "deposit_state",
    "deposit_amount",
    "deposit_refunded",
];

fn booking_cells(b: Booking) -> Vec<String> {
    let deposit = b.deposit.as_ref().filter(|d| d.state != DepositState::None);
    vec![
        b.id.to_string(),
        timestamp(b.created_at),
        b.status.as_str().to_owned(),
        b.service.as_str().to_owned(),
        b.date.to_string(),
        b.time.as_str().to_owned(),
        b.first_name,
        b.last_name,
        b.email,
        b.notes.unwrap_or_default(),
        b.check_out.map(|day| day.to_string()).unwrap_or_default(),
        deposit.map_or(DepositState::None, |d| d.state).as_str().to_owned(),
        deposit.map(|d| d.amount.to_string()).unwrap_or_default(),
        deposit.map(|d| d.refunded.to_string()).unwrap_or_default(),
    ]
}

#[utoipa::path(get, path = "/api/admin/exports/contact-messages.csv", tag = "Exports", params(ListSearch, MessageFilter),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = CSV_DESCRIPTION, content_type = "text/csv", body = String),
        (status = 400, description = "A search, date or state that cannot be read", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn contact_messages(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
    search: web::Query<ListSearch>,
    filter: web::Query<MessageFilter>,
) -> Result<HttpResponse, ApiError> {
    let filter = message_query(search.into_inner(), filter.into_inner(), None, state.clock.as_ref())?;
    let store = state.content_store.clone();
    let fetch = move |page| {
        let (store, query) = (store.clone(), MessageQuery { page, ..filter.clone() });
        async move { store.page_messages(query).await }
    };
    // `state` was added with the owner's replies: last, so existing columns keep their places.
    let header = ["id", "created_at", "first_name", "last_name", "email", "interest", "message", "state"];
    paged_csv("contact-messages", state.clock.local_now().date, &header, fetch, |m: ContactMessage| {
        let message_state = m.state().as_str().to_owned();
        vec![
            m.id.to_string(),
            timestamp(m.created_at),
            m.first_name,
            m.last_name,
            m.email,
            m.interest.unwrap_or_default(),
            m.message,
            message_state,
        ]
    })
}

#[utoipa::path(get, path = "/api/admin/exports/newsletter-subscriptions.csv", tag = "Exports", params(ListSearch),
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = CSV_DESCRIPTION, content_type = "text/csv", body = String),
        (status = 400, description = "A search or date that cannot be read", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn newsletter_subscriptions(
    _admin: OwnerSession,
    state: web::Data<ApiState>,
    search: web::Query<ListSearch>,
) -> Result<HttpResponse, ApiError> {
    let filter = subscriber_query(search.into_inner(), None, state.clock.as_ref())?;
    let store = state.content_store.clone();
    let fetch = move |page| {
        let (store, query) = (store.clone(), SubscriberQuery { page, ..filter.clone() });
        async move { store.page_subscriptions(query).await }
    };
    paged_csv(
        "newsletter-subscriptions",
        state.clock.local_now().date,
        &["id", "created_at", "email"],
        fetch,
        |s: NewsletterSubscription| vec![s.id.to_string(), timestamp(s.created_at), s.email],
    )
}

#[utoipa::path(get, path = "/api/admin/exports/promo-codes.csv", tag = "Exports",
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = CSV_DESCRIPTION, content_type = "text/csv", body = String),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn promo_codes(_admin: OwnerSession, state: web::Data<ApiState>) -> Result<HttpResponse, ApiError> {
    let or_blank = |value: Option<String>| value.unwrap_or_default();
    let rows = state
        .promo_store
        .list_promo_codes()
        .await?
        .into_iter()
        .map(|entry| {
            let p = entry.promo;
            let (percent, amount) = match p.value {
                domain::promo::PromoValue::Percent(percent) => (percent.to_string(), String::new()),
                domain::promo::PromoValue::Fixed(amount) => (String::new(), amount.to_string()),
            };
            vec![
                p.code.as_str().to_owned(),
                timestamp(entry.created_at),
                if p.active { "yes" } else { "no" }.to_owned(),
                percent,
                amount,
                p.scope.as_str().to_owned(),
                or_blank(p.min_subtotal.map(|m| m.to_string())),
                or_blank(p.starts_on.map(|d| d.to_string())),
                or_blank(p.ends_on.map(|d| d.to_string())),
                or_blank(p.max_uses.map(|n| n.to_string())),
                or_blank(p.max_uses_per_guest.map(|n| n.to_string())),
                entry.stats.uses.to_string(),
                entry.stats.discount_given.to_string(),
                entry.stats.revenue.to_string(),
            ]
        })
        .collect();
    csv_response(
        "promo-codes",
        state.clock.local_now().date,
        &[
            "code",
            "created_at",
            "active",
            "percent_off",
            "amount_off",
            "applies_to",
            "min_subtotal",
            "starts_on",
            "ends_on",
            "max_uses",
            "max_uses_per_guest",
            "uses",
            "discount_given",
            "revenue",
        ],
        rows,
    )
}

#[utoipa::path(get, path = "/api/admin/exports/gift-cards.csv", tag = "Exports",
    security(("bearer_auth" = [])),
    responses(
        (status = 403, description = "Only an owner may do this (docs/decisions.md §18)", body = ErrorBody),
        (status = 200, description = CSV_DESCRIPTION, content_type = "text/csv", body = String),
        (status = 401, description = "Not signed in", body = ErrorBody)))]
pub async fn gift_cards(_admin: OwnerSession, state: web::Data<ApiState>) -> Result<HttpResponse, ApiError> {
    let or_blank = |value: Option<String>| value.unwrap_or_default();
    let rows = state
        .gift_card_store
        .list_gift_cards()
        .await?
        .into_iter()
        .map(|card| {
            let expires_on = card.kind.expires_on();
            vec![
                card.id.to_string(),
                timestamp(card.created_at),
                // Never the code: its last four only.
                or_blank(card.last_four),
                card.kind.name().to_owned(),
                card.state.as_str().to_owned(),
                card.amount.to_string(),
                card.balance.to_string(),
                or_blank(card.label),
                card.from_name,
                or_blank(card.buyer_email),
                card.recipient_name,
                card.recipient_email,
                card.deliver_on.to_string(),
                or_blank(card.delivered_at.map(timestamp)),
                or_blank(expires_on.map(|d| d.to_string())),
                or_blank(card.order_id.map(|id| id.to_string())),
                or_blank(card.void_reason),
            ]
        })
        .collect();
    csv_response(
        "gift-cards",
        state.clock.local_now().date,
        &[
            "id",
            "created_at",
            "last_four",
            "kind",
            "state",
            "amount",
            "balance",
            "label",
            "from_name",
            "buyer_email",
            "recipient_name",
            "recipient_email",
            "deliver_on",
            "delivered_at",
            "expires_on",
            "order_id",
            "void_reason",
        ],
        rows,
    )
}
