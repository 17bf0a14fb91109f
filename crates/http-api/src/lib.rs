//! The JSON API: every call under `/api` (but the site's `/api/site`), its
//! wire types, the admin-session and public-write extractors, the operators'
//! endpoints and the API's part of the OpenAPI document. The server binary
//! assembles it with the website into one `App`.

pub mod client_ip;
pub mod extract;
pub mod metrics;
pub mod openapi;
pub mod ops;
pub mod routes;
pub mod state;
pub mod wire;

use actix_web::http::Method;
use actix_web::{HttpResponse, Route, web};
use http_common::{ApiError, ErrorCode};

use crate::routes::{
    activity, admin, after_visit, bookings, calendar_feed, catalog, content, emails, exports, gift_cards,
    guest, intake, media, orders, payments, privacy, promos, quiz, schedule, stay_sync, summary, team,
    two_factor, visits, waitlist,
};
pub use crate::state::ApiState;

/// Largest JSON body accepted.
pub const JSON_LIMIT: usize = 256 * 1024;
/// Largest journal post body: every field at its longest, each character
/// written as a JSON escape pair (12 bytes), so any valid post fits (about
/// 790 KiB; a megabyte is still too large).
pub const ARTICLE_JSON_LIMIT: usize = {
    use domain::validation::{ARTICLE_MAX, LONG_TEXT_MAX, SHORT_TEXT_MAX, URL_MAX};
    (ARTICLE_MAX + LONG_TEXT_MAX + SHORT_TEXT_MAX + domain::content::SLUG_MAX + URL_MAX) * 12 + 1024
};

/// How JSON bodies are read: at most `limit` bytes, errors in our shape.
pub fn json_config(limit: usize) -> web::JsonConfig {
    web::JsonConfig::default().limit(limit).error_handler(http_common::error::json_error)
}

/// The answer of an `/api` path no call serves.
pub async fn api_not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::new(ErrorCode::NotFound, "No such API endpoint"))
}

/// The JSON API's route table: every path under the `/api` scope with the
/// calls it serves. `configure` registers it; a test holds it against the
/// OpenAPI document (`calls`), so neither can gain a call the other lacks.
fn route_table() -> Vec<ApiResource> {
    vec![
        api!("/services", GET => catalog::list_services, POST => catalog::create_service),
        api!("/admin/services/{id}", PUT => catalog::update_service, DELETE => catalog::delete_service),
        api!("/products", GET => catalog::list_products, POST => catalog::create_product),
        api!("/products/{id}", GET => catalog::get_product),
        api!("/admin/products/{id}", PUT => catalog::update_product, DELETE => catalog::delete_product),
        api!("/products/{id}/media", GET => catalog::list_media, POST => catalog::add_media),
        api!("/product-media/{id}", PUT => catalog::update_media, DELETE => catalog::delete_media),
        api!("/blog-posts", GET => content::list_posts, POST => content::create_post)
            .json_limit(ARTICLE_JSON_LIMIT),
        api!("/blog-posts/{slug}", GET => content::get_post),
        api!("/admin/blog-posts/{id}", PUT => content::update_post, DELETE => content::delete_post)
            .json_limit(ARTICLE_JSON_LIMIT),
        api!("/contact-messages", GET => content::list_messages, POST => content::create_message),
        api!("/admin/contact-messages", GET => content::page_messages),
        api!("/admin/contact-messages/{id}", GET => content::get_message, DELETE => content::delete_message),
        api!("/admin/contact-messages/{id}/state", PUT => content::set_message_state),
        api!("/admin/contact-messages/{id}/replies", POST => content::reply_to_message),
        api!("/newsletter-subscriptions", POST => content::subscribe),
        api!("/admin/newsletter-subscriptions", GET => content::list_subscriptions),
        api!("/admin/subscribers", GET => content::page_subscribers),
        api!("/orders", GET => orders::list_orders, POST => orders::place_order),
        api!("/admin/orders", GET => orders::page_orders),
        api!("/admin/orders/{id}/status", PUT => orders::set_order_status),
        api!("/checkout/quote", POST => promos::quote_cart),
        api!("/admin/promo-codes", GET => promos::list_promo_codes, POST => promos::create_promo_code),
        api!("/admin/promo-codes/{id}", PUT => promos::update_promo_code),
        api!("/admin/exports/promo-codes.csv", GET => exports::promo_codes),
        api!("/gift-cards", POST => gift_cards::buy_gift_card),
        api!("/gift-cards/options", GET => gift_cards::gift_card_options),
        api!("/gift-cards/balance", POST => gift_cards::gift_card_balance),
        api!("/gift-cards/print", POST => gift_cards::print_gift_card),
        api!("/admin/gift-cards", GET => gift_cards::list_gift_cards, POST => gift_cards::give_gift_card),
        api!("/admin/gift-cards/{id}/ledger", GET => gift_cards::gift_card_ledger),
        api!("/admin/gift-cards/{id}/void", POST => gift_cards::void_gift_card),
        api!("/admin/gift-cards/{id}/redeem", POST => gift_cards::redeem_gift_card),
        api!("/admin/gift-cards/{id}/cash-out", POST => gift_cards::cash_out_gift_card),
        api!("/admin/gift-cards/{id}/resend", POST => gift_cards::resend_gift_card),
        api!("/admin/exports/gift-cards.csv", GET => exports::gift_cards),
        api!("/payments/config", GET => payments::config),
        api!("/orders/{id}/payment", GET => payments::order_payment, POST => payments::pay_order),
        api!("/orders/{id}/payment/refresh", POST => payments::refresh_order_payment),
        api!("/payments/webhook", POST => payments::webhook).raw_body_limit(JSON_LIMIT),
        api!("/admin/orders/{id}/payment", GET => payments::order_payment_history),
        api!("/admin/orders/{id}/refunds", POST => payments::refund_order),
        api!("/admin/payments/reconciliation", GET => payments::reconciliation),
        api!("/check-availability", GET => bookings::check_availability),
        api!("/open-times", GET => bookings::open_times),
        api!("/availability/month", GET => bookings::month_availability),
        api!("/bookings", GET => bookings::list_bookings, POST => bookings::create_booking),
        api!("/bookings/quote", POST => bookings::quote_booking),
        api!("/admin/bookings", GET => bookings::page_bookings),
        api!("/admin/bookings/{id}", PUT => bookings::set_booking_status, DELETE => bookings::delete_booking),
        api!("/admin/bookings/{id}/move", POST => visits::admin_move),
        api!("/admin/bookings/{id}/reminders", GET => visits::booking_reminders),
        api!("/admin/visits/coming", GET => visits::coming_visits),
        api!("/admin/visit-settings", GET => visits::visit_settings, PUT => visits::save_visit_settings),
        api!("/admin/blackout-dates", GET => bookings::list_blackouts, POST => bookings::create_blackout),
        api!("/admin/blackout-impact", POST => bookings::blackout_impact),
        api!("/admin/blackout-dates/{id}", DELETE => bookings::delete_blackout),
        api!(
            "/admin/availability",
            GET => bookings::list_availability,
            POST => bookings::upsert_availability,
        ),
        api!("/admin/availability/{id}", DELETE => bookings::delete_availability),
        api!("/admin/schedule", GET => schedule::get_schedule, PUT => schedule::save_schedule),
        api!("/admin/stay-sync", GET => stay_sync::stay_sync, PUT => stay_sync::save_stay_sync),
        api!("/admin/stay-imports", POST => stay_sync::add_stay_import),
        api!("/admin/stay-imports/{id}", DELETE => stay_sync::remove_stay_import),
        api!("/admin/stay-imports/{id}/sync", POST => stay_sync::sync_stay_import),
        api!("/stays/tiny-home.ics", GET => stay_sync::tiny_home_calendar),
        api!("/admin/capacity", GET => schedule::capacity_overview),
        api!("/ratings", GET => after_visit::list_ratings),
        api!("/visit-ratings", GET => after_visit::visit_rating_page, PUT => after_visit::rate_visit),
        api!("/follow-ups/unsubscribe", POST => after_visit::unsubscribe_follow_ups),
        api!("/admin/ratings", GET => after_visit::admin_ratings),
        api!("/admin/ratings/{id}/reply", PUT => after_visit::reply_to_rating),
        api!("/admin/ratings/{id}/hidden", PUT => after_visit::hide_rating),
        api!("/admin/service-follow-ups", GET => after_visit::service_follow_ups),
        api!("/admin/service-follow-ups/{id}", PUT => after_visit::save_service_follow_up),
        api!("/waitlist", POST => waitlist::join_waitlist),
        api!("/waitlist/offer", GET => waitlist::get_offer),
        api!("/waitlist/offer/decline", POST => waitlist::decline_offer),
        api!("/waitlist/leave", POST => waitlist::leave_waitlist),
        api!("/admin/waitlist", GET => waitlist::admin_waitlist),
        api!("/admin/waitlist/{id}", DELETE => waitlist::remove_from_waitlist),
        api!("/admin/intake-forms", GET => intake::forms),
        api!("/admin/intake-forms/{service}", PUT => intake::save_form, DELETE => intake::remove_form),
        api!("/admin/intake-settings", PUT => intake::save_settings),
        api!("/intake-screening", GET => intake::screening),
        api!("/guest/bookings/{token}/intake", GET => intake::guest_intake, POST => intake::submit_intake),
        api!("/admin/bookings/{id}/intake", GET => intake::booking_intake),
        api!("/admin/team/{id}/intake-access", PUT => intake::set_access),
        api!("/privacy/terms", GET => privacy::terms),
        api!("/privacy/requests", POST => privacy::ask),
        api!("/privacy/requests/confirm", POST => privacy::confirm),
        api!("/privacy/copy", GET => privacy::guest_copy),
        api!("/admin/guest-data", GET => privacy::guest_data),
        api!("/admin/guest-data/erase", POST => privacy::erase),
        api!("/admin/privacy-requests", GET => privacy::requests),
        api!("/admin/privacy-requests/{id}/complete", POST => privacy::complete),
        api!("/quiz/recommendation", POST => quiz::recommend),
        api!("/admin/login", POST => admin::login),
        api!("/admin/login/code", POST => two_factor::login_with_code),
        api!("/admin/login/passkey/options", POST => two_factor::passkey_sign_in_options),
        api!("/admin/login/passkey", POST => two_factor::login_with_passkey),
        api!("/admin/two-factor", GET => two_factor::status),
        api!("/admin/two-factor/policy", PUT => two_factor::set_policy),
        api!("/admin/two-factor/authenticator", POST => two_factor::begin_authenticator, DELETE => two_factor::remove_authenticator),
        api!("/admin/two-factor/authenticator/confirm", POST => two_factor::confirm_authenticator),
        api!("/admin/two-factor/recovery-codes", POST => two_factor::renew_recovery_codes),
        api!("/admin/passkeys/options", POST => two_factor::passkey_registration_options),
        api!("/admin/passkeys", POST => two_factor::add_passkey),
        api!("/admin/passkeys/{id}", DELETE => two_factor::remove_passkey),
        api!("/admin/team/{id}/two-factor", DELETE => two_factor::reset_member),
        api!("/admin/logout", POST => admin::logout),
        api!("/admin/me", GET => admin::me),
        api!("/admin/team", GET => team::team),
        api!("/admin/team/invitations", POST => team::invite),
        api!("/admin/team/invitations/{id}", DELETE => team::revoke_invitation),
        api!("/admin/team/{id}", PUT => team::change_member),
        api!(
            "/admin/calendar-feed",
            GET => calendar_feed::calendar_feed,
            POST => calendar_feed::renew_calendar_feed,
            DELETE => calendar_feed::turn_off_calendar_feed,
        ),
        api!("/calendar-feeds/{token}/bookings.ics", GET => calendar_feed::feed),
        api!("/admin/sessions", GET => team::sessions),
        api!("/admin/sessions/end-others", POST => team::end_other_sessions),
        api!("/admin/sessions/{id}", DELETE => team::end_session),
        api!("/admin/invitation", POST => team::invitation),
        api!("/admin/invitation/accept", POST => team::accept_invitation),
        api!("/admin/password-reset", POST => team::request_password_reset),
        api!("/admin/password-reset/confirm", POST => team::confirm_password_reset),
        api!("/admin/summary", GET => summary::summary),
        api!("/admin/media", GET => media::library, POST => media::upload),
        api!("/admin/media/{name}", DELETE => media::delete),
        api!("/guest/bookings/{token}", GET => guest::booking),
        api!("/guest/bookings/{token}/cancel", POST => guest::cancel_booking),
        api!("/guest/bookings/{token}/calendar.ics", GET => guest::calendar_file),
        api!("/guest/bookings/{token}/move", POST => visits::guest_move),
        api!("/guest/bookings/{token}/attendance", POST => visits::confirm_attendance),
        api!("/guest/bookings/{token}/deposit/refresh", POST => guest::refresh_deposit),
        api!("/admin/bookings/{id}/deposit", GET => payments::deposit_history),
        api!("/admin/bookings/{id}/deposit/refunds", POST => payments::refund_deposit),
        api!("/newsletter/unsubscribe", POST => guest::unsubscribe),
        api!("/admin/activity", GET => activity::list),
        api!("/admin/emails", GET => emails::list),
        api!("/admin/outbox", GET => emails::page),
        api!("/admin/emails/{id}", GET => emails::detail),
        api!("/admin/emails/{id}/resend", POST => emails::resend),
        api!("/admin/email-previews", GET => emails::previews),
        api!("/admin/mail-settings", GET => emails::settings),
        api!("/admin/exports/orders.csv", GET => exports::orders),
        api!("/admin/exports/bookings.csv", GET => exports::bookings),
        api!("/admin/exports/contact-messages.csv", GET => exports::contact_messages),
        api!("/admin/exports/newsletter-subscriptions.csv", GET => exports::newsletter_subscriptions),
    ]
}

/// Every call of the JSON API, relative to the `/api` scope.
pub fn configure(cfg: &mut web::ServiceConfig) {
    for resource in route_table() {
        cfg.service(resource.into_resource());
    }
}

/// Every call the JSON API serves: its method and its path under `/api`
/// (`{id}` for a path parameter, as the OpenAPI document writes it).
pub fn calls() -> Vec<(Method, String)> {
    route_table()
        .into_iter()
        .flat_map(|resource| {
            let path = format!("/api{}", resource.path);
            resource.routes.into_iter().map(move |(method, _)| (method, path.clone()))
        })
        .collect()
}

/// A path and the routes it serves, with the body limits it needs beyond the default.
struct ApiResource {
    path: &'static str,
    routes: Vec<(Method, Route)>,
    json_limit: Option<usize>,
    raw_body_limit: Option<usize>,
}

impl ApiResource {
    /// A journal post's body is larger than the default.
    fn json_limit(self, limit: usize) -> Self {
        Self { json_limit: Some(limit), ..self }
    }

    /// A body read as bytes (a webhook's, checked against its signature).
    fn raw_body_limit(self, limit: usize) -> Self {
        Self { raw_body_limit: Some(limit), ..self }
    }

    fn into_resource(self) -> actix_web::Resource {
        let mut resource = http_common::resource(self.path, self.routes);
        if let Some(limit) = self.json_limit {
            resource = resource.app_data(json_config(limit));
        }
        if let Some(limit) = self.raw_body_limit {
            resource = resource.app_data(web::PayloadConfig::default().limit(limit));
        }
        resource
    }
}

/// `api!("/path", GET => handler, POST => handler)`: one entry of the route table.
macro_rules! api {
    ($path:expr, $($method:ident => $handler:expr),+ $(,)?) => {
        ApiResource {
            path: $path,
            routes: vec![$((Method::$method, web::method(Method::$method).to($handler))),+],
            json_limit: None,
            raw_body_limit: None,
        }
    };
}
use api;
