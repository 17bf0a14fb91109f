//! The OpenAPI document, generated from the handlers' annotations.

use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::error::ErrorBody;
use crate::routes::{admin, bookings, catalog, content, orders, quiz};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Golden Pine Wellness Retreat API",
        version = "1.0.0",
        description = "The retreat's public API (services, shop, journal, bookings, contact, quiz) and its \
                       administrators' API. Admin operations require `Authorization: Bearer <token>` from \
                       `POST /api/admin/login`. Every error is JSON: `{\"message\": \"...\", \"errors\": {\"field\": \"message\"}}`. \
                       Money is a string with two decimals."
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
        bookings::check_availability, bookings::create_booking, bookings::list_bookings,
        bookings::set_booking_status, bookings::delete_booking,
        bookings::list_blackouts, bookings::create_blackout, bookings::delete_blackout,
        bookings::list_availability, bookings::upsert_availability, bookings::delete_availability,
        quiz::recommend,
        admin::login, admin::me,
    ),
    components(schemas(ErrorBody)),
    modifiers(&BearerAuth, &MalformedIdResponses),
    tags(
        (name = "Services", description = "Bookable experiences"),
        (name = "Products", description = "The shop's catalogue"),
        (name = "Product media", description = "Images and videos shown in a product's carousel"),
        (name = "Journal", description = "Blog posts"),
        (name = "Contact", description = "Messages from the contact form"),
        (name = "Newsletter", description = "Journal newsletter sign-ups"),
        (name = "Orders", description = "Shop orders, priced by the server"),
        (name = "Bookings", description = "Booking requests and availability"),
        (name = "Calendar", description = "Blackout periods and availability entries"),
        (name = "Quiz", description = "The wellness quiz's recommendation"),
        (name = "Admin", description = "Administrator login"),
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

/// Every operation with an `{id}` path parameter answers 400 for an id that
/// is not a uuid (the path extractor's rule); documented once, here.
struct MalformedIdResponses;

impl Modify for MalformedIdResponses {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::path::ParameterIn;
        use utoipa::openapi::{Content, Ref, ResponseBuilder};
        for item in openapi.paths.paths.values_mut() {
            let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete];
            for operation in operations.into_iter().flatten() {
                let has_id = operation
                    .parameters
                    .iter()
                    .flatten()
                    .any(|p| p.name == "id" && p.parameter_in == ParameterIn::Path);
                if has_id {
                    operation.responses.responses.entry("400".to_owned()).or_insert_with(|| {
                        ResponseBuilder::new()
                            .description("Malformed id, or invalid fields")
                            .content(
                                "application/json",
                                Content::new(Some(Ref::from_schema_name("ErrorBody"))),
                            )
                            .build()
                            .into()
                    });
                }
            }
        }
    }
}

/// The document as committed in `openapi.json` (pretty, trailing newline).
pub fn document_json() -> String {
    let mut text = ApiDoc::openapi().to_pretty_json().unwrap_or_default();
    text.push('\n');
    text
}
