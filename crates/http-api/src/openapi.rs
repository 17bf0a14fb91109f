//! The OpenAPI document, generated from the handlers' annotations.

use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::error::ErrorBody;
use crate::routes::{activity, admin, bookings, catalog, content, emails, exports, guest, orders, quiz};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Golden Pine Wellness Retreat API",
        version = "1.0.0",
        description = "The retreat's public API (services, shop, journal, bookings, contact, quiz) and its \
                       administrators' API. Admin operations require `Authorization: Bearer <token>` from \
                       `POST /api/admin/login`. Every error is JSON: `{\"code\": \"...\", \"message\": \"...\", \"errors\": \
                       {\"field\": \"message\"}}`, where `code` is a stable reason (see `ErrorCode`) and `message` is \
                       for people. Money is a string with two decimals. A method a path does not serve is answered \
                       405 with an `Allow` header."
    ),
    paths(
        catalog::list_services, catalog::create_service, catalog::update_service, catalog::delete_service,
        catalog::list_products, catalog::get_product, catalog::create_product, catalog::update_product,
        catalog::delete_product,
        catalog::list_media, catalog::add_media, catalog::update_media, catalog::delete_media,
        content::list_posts, content::get_post, content::create_post, content::update_post, content::delete_post,
        content::create_message, content::list_messages, content::delete_message,
        content::subscribe, content::list_subscriptions,
        orders::place_order, orders::list_orders, orders::set_order_status,
        bookings::check_availability, bookings::month_availability, bookings::open_times, bookings::create_booking, bookings::list_bookings,
        bookings::set_booking_status, bookings::delete_booking,
        bookings::blackout_impact, bookings::list_blackouts, bookings::create_blackout, bookings::delete_blackout,
        bookings::list_availability, bookings::upsert_availability, bookings::delete_availability,
        quiz::recommend,
        admin::login, admin::logout, admin::me,
        crate::site::site,
        guest::booking, guest::cancel_booking, guest::unsubscribe,
        activity::list,
        emails::list, emails::detail, emails::resend, emails::previews, emails::settings,
        exports::orders, exports::bookings, exports::contact_messages, exports::newsletter_subscriptions,
    ),
    components(schemas(ErrorBody, crate::wire::fields::CalendarMonth)),
    modifiers(&BearerAuth, &CommonResponses),
    tags(
        (name = "Services", description = "Bookable experiences"),
        (name = "Products", description = "The shop's catalogue"),
        (name = "Product media", description = "Images and videos shown in a product's carousel"),
        (name = "Journal", description = "Blog posts"),
        (name = "Contact", description = "Messages from the contact form"),
        (name = "Newsletter", description = "Journal newsletter sign-ups"),
        (name = "Orders", description = "Shop orders, priced by the server"),
        (name = "Activity", description = "The audit trail of admin writes and logins (read-only)"),
        (name = "Bookings", description = "Booking requests and availability"),
        (name = "Calendar", description = "Blackout periods and availability entries"),
        (name = "Quiz", description = "The wellness quiz's recommendation"),
        (name = "Admin", description = "Administrator login"),
        (name = "Guest", description = "What guests reach through the signed links in their mail"),
        (name = "Emails", description = "The mail outbox: messages, attempts, resending, template previews"),
        (name = "Exports", description = "Orders, bookings, contact messages and subscribers as CSV for spreadsheets"),
        (name = "Site", description = "What the browser app takes from the server: time zone and page titles"),
    )
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let mut scheme = Http::new(HttpAuthScheme::Bearer);
        scheme.bearer_format = Some("JWT".to_owned());
        components.add_security_scheme("bearer_auth", SecurityScheme::Http(scheme));
    }
}

/// The answers every operation can give for reasons outside its own rules,
/// documented once here so each operation lists every status it can answer:
/// - an admin operation (one with a security requirement): 401;
/// - an `{id}` in the path that is not a uuid: 400 `invalid_id`;
/// - a query string: 400 (`invalid_query`, or `validation_failed`);
/// - a JSON body: 400 `invalid_json`, 408 `request_timeout`,
///   413 `payload_too_large`, 415 `unsupported_media_type`;
/// - every operation reads the database: 503 `temporarily_unavailable` when
///   it does not answer in time.
struct CommonResponses;

impl Modify for CommonResponses {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::path::ParameterIn;
        for item in openapi.paths.paths.values_mut() {
            let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete];
            for operation in operations.into_iter().flatten() {
                let parameters = operation.parameters.iter().flatten();
                let has_id =
                    parameters.clone().any(|p| p.name == "id" && p.parameter_in == ParameterIn::Path);
                let has_query = parameters.clone().any(|p| p.parameter_in == ParameterIn::Query);
                let admin = operation.security.as_ref().is_some_and(|s| !s.is_empty());
                let body = operation.request_body.is_some();
                let mut add = |status: &str, description: &str| {
                    operation
                        .responses
                        .responses
                        .entry(status.to_owned())
                        .or_insert_with(|| error_response(description));
                };
                if admin {
                    add("401", "Not an admin: no valid token (`unauthenticated`)");
                }
                if has_id {
                    add("400", "Malformed id (`invalid_id`), or invalid fields");
                }
                if has_query {
                    add("400", "Malformed query (`invalid_query`, `validation_failed`)");
                }
                if body {
                    add("400", "Invalid body (`invalid_json`) or fields (`validation_failed`)");
                    add("408", "The body did not arrive in time (`request_timeout`)");
                    add("413", "Body too large (`payload_too_large`)");
                    add("415", "Body is not application/json (`unsupported_media_type`)");
                }
                add(
                    "503",
                    "The database did not answer in time (`temporarily_unavailable`); see Retry-After",
                );
            }
        }
    }
}

fn error_response(description: &str) -> utoipa::openapi::RefOr<utoipa::openapi::Response> {
    use utoipa::openapi::{Content, Ref, ResponseBuilder};
    ResponseBuilder::new()
        .description(description)
        .content("application/json", Content::new(Some(Ref::from_schema_name("ErrorBody"))))
        .build()
        .into()
}

/// The document as committed in `openapi.json` (pretty, trailing newline).
pub fn document_json() -> String {
    let mut text = ApiDoc::openapi().to_pretty_json().unwrap_or_default();
    text.push('\n');
    text
}
