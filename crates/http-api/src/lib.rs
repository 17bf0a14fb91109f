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

use actix_web::{HttpResponse, web};
use http_common::{ApiError, ErrorCode, resource};

use crate::routes::{
    activity, admin, bookings, catalog, content, emails, exports, gift_cards, guest, media, orders, payments,
    promos, quiz, schedule, summary, team, two_factor,
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

/// Every call of the JSON API, relative to the `/api` scope.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(resource!("/services", GET => catalog::list_services, POST => catalog::create_service))
        .service(resource!("/admin/services/{id}", PUT => catalog::update_service, DELETE => catalog::delete_service))
        .service(resource!("/products", GET => catalog::list_products, POST => catalog::create_product))
        .service(resource!("/products/{id}", GET => catalog::get_product))
        .service(resource!("/admin/products/{id}", PUT => catalog::update_product, DELETE => catalog::delete_product))
        .service(resource!("/products/{id}/media", GET => catalog::list_media, POST => catalog::add_media))
        .service(resource!("/product-media/{id}", PUT => catalog::update_media, DELETE => catalog::delete_media))
        .service(
            resource!("/blog-posts", GET => content::list_posts, POST => content::create_post)
                .app_data(json_config(ARTICLE_JSON_LIMIT)),
        )
        .service(resource!("/blog-posts/{slug}", GET => content::get_post))
        .service(
            resource!("/admin/blog-posts/{id}", PUT => content::update_post, DELETE => content::delete_post)
                .app_data(json_config(ARTICLE_JSON_LIMIT)),
        )
        .service(resource!("/contact-messages", GET => content::list_messages, POST => content::create_message))
        .service(resource!("/admin/contact-messages", GET => content::page_messages))
        .service(resource!("/admin/contact-messages/{id}", GET => content::get_message, DELETE => content::delete_message))
        .service(resource!("/admin/contact-messages/{id}/state", PUT => content::set_message_state))
        .service(resource!("/admin/contact-messages/{id}/replies", POST => content::reply_to_message))
        .service(resource!("/newsletter-subscriptions", POST => content::subscribe))
        .service(resource!("/admin/newsletter-subscriptions", GET => content::list_subscriptions))
        .service(resource!("/admin/subscribers", GET => content::page_subscribers))
        .service(resource!("/orders", GET => orders::list_orders, POST => orders::place_order))
        .service(resource!("/admin/orders", GET => orders::page_orders))
        .service(resource!("/admin/orders/{id}/status", PUT => orders::set_order_status))
        .service(resource!("/checkout/quote", POST => promos::quote_cart))
        .service(resource!("/admin/promo-codes", GET => promos::list_promo_codes, POST => promos::create_promo_code))
        .service(resource!("/admin/promo-codes/{id}", PUT => promos::update_promo_code))
        .service(resource!("/admin/exports/promo-codes.csv", GET => exports::promo_codes))
        .service(resource!("/gift-cards", POST => gift_cards::buy_gift_card))
        .service(resource!("/gift-cards/options", GET => gift_cards::gift_card_options))
        .service(resource!("/gift-cards/balance", POST => gift_cards::gift_card_balance))
        .service(resource!("/gift-cards/print", POST => gift_cards::print_gift_card))
        .service(resource!("/admin/gift-cards", GET => gift_cards::list_gift_cards, POST => gift_cards::give_gift_card))
        .service(resource!("/admin/gift-cards/{id}/ledger", GET => gift_cards::gift_card_ledger))
        .service(resource!("/admin/gift-cards/{id}/void", POST => gift_cards::void_gift_card))
        .service(resource!("/admin/gift-cards/{id}/redeem", POST => gift_cards::redeem_gift_card))
        .service(resource!("/admin/gift-cards/{id}/cash-out", POST => gift_cards::cash_out_gift_card))
        .service(resource!("/admin/gift-cards/{id}/resend", POST => gift_cards::resend_gift_card))
        .service(resource!("/admin/exports/gift-cards.csv", GET => exports::gift_cards))
        .service(resource!("/payments/config", GET => payments::config))
        .service(resource!("/orders/{id}/payment", GET => payments::order_payment, POST => payments::pay_order))
        .service(resource!("/orders/{id}/payment/refresh", POST => payments::refresh_order_payment))
        .service(
            resource!("/payments/webhook", POST => payments::webhook)
                .app_data(web::PayloadConfig::default().limit(JSON_LIMIT)),
        )
        .service(resource!("/admin/orders/{id}/payment", GET => payments::order_payment_history))
        .service(resource!("/admin/orders/{id}/refunds", POST => payments::refund_order))
        .service(resource!("/admin/payments/reconciliation", GET => payments::reconciliation))
        .service(resource!("/check-availability", GET => bookings::check_availability))
        .service(resource!("/open-times", GET => bookings::open_times))
        .service(resource!("/availability/month", GET => bookings::month_availability))
        .service(resource!("/bookings", GET => bookings::list_bookings, POST => bookings::create_booking))
        .service(resource!("/bookings/quote", POST => bookings::quote_booking))
        .service(resource!("/admin/bookings", GET => bookings::page_bookings))
        .service(resource!("/admin/bookings/{id}", PUT => bookings::set_booking_status, DELETE => bookings::delete_booking))
        .service(resource!("/admin/blackout-dates", GET => bookings::list_blackouts, POST => bookings::create_blackout))
        .service(resource!("/admin/blackout-impact", POST => bookings::blackout_impact))
        .service(resource!("/admin/blackout-dates/{id}", DELETE => bookings::delete_blackout))
        .service(resource!(
            "/admin/availability",
            GET => bookings::list_availability,
            POST => bookings::upsert_availability,
        ))
        .service(resource!("/admin/availability/{id}", DELETE => bookings::delete_availability))
        .service(resource!("/admin/schedule", GET => schedule::get_schedule, PUT => schedule::save_schedule))
        .service(resource!("/admin/capacity", GET => schedule::capacity_overview))
        .service(resource!("/quiz/recommendation", POST => quiz::recommend))
        .service(resource!("/admin/login", POST => admin::login))
        .service(resource!("/admin/login/code", POST => two_factor::login_with_code))
        .service(resource!("/admin/login/passkey/options", POST => two_factor::passkey_sign_in_options))
        .service(resource!("/admin/login/passkey", POST => two_factor::login_with_passkey))
        .service(resource!("/admin/two-factor", GET => two_factor::status))
        .service(resource!("/admin/two-factor/policy", PUT => two_factor::set_policy))
        .service(resource!("/admin/two-factor/authenticator", POST => two_factor::begin_authenticator, DELETE => two_factor::remove_authenticator))
        .service(resource!("/admin/two-factor/authenticator/confirm", POST => two_factor::confirm_authenticator))
        .service(resource!("/admin/two-factor/recovery-codes", POST => two_factor::renew_recovery_codes))
        .service(resource!("/admin/passkeys/options", POST => two_factor::passkey_registration_options))
        .service(resource!("/admin/passkeys", POST => two_factor::add_passkey))
        .service(resource!("/admin/passkeys/{id}", DELETE => two_factor::remove_passkey))
        .service(resource!("/admin/team/{id}/two-factor", DELETE => two_factor::reset_member))
        .service(resource!("/admin/logout", POST => admin::logout))
        .service(resource!("/admin/me", GET => admin::me))
        .service(resource!("/admin/team", GET => team::team))
        .service(resource!("/admin/team/invitations", POST => team::invite))
        .service(resource!("/admin/team/invitations/{id}", DELETE => team::revoke_invitation))
        .service(resource!("/admin/team/{id}", PUT => team::change_member))
        .service(resource!("/admin/sessions", GET => team::sessions))
        .service(resource!("/admin/sessions/end-others", POST => team::end_other_sessions))
        .service(resource!("/admin/sessions/{id}", DELETE => team::end_session))
        .service(resource!("/admin/invitation", POST => team::invitation))
        .service(resource!("/admin/invitation/accept", POST => team::accept_invitation))
        .service(resource!("/admin/password-reset", POST => team::request_password_reset))
        .service(resource!("/admin/password-reset/confirm", POST => team::confirm_password_reset))
        .service(resource!("/admin/summary", GET => summary::summary))
        .service(resource!("/admin/media", GET => media::library, POST => media::upload))
        .service(resource!("/admin/media/{name}", DELETE => media::delete))
        .service(resource!("/guest/bookings/{token}", GET => guest::booking))
        .service(resource!("/guest/bookings/{token}/cancel", POST => guest::cancel_booking))
        .service(resource!("/guest/bookings/{token}/deposit/refresh", POST => guest::refresh_deposit))
        .service(resource!("/admin/bookings/{id}/deposit", GET => payments::deposit_history))
        .service(resource!("/admin/bookings/{id}/deposit/refunds", POST => payments::refund_deposit))
        .service(resource!("/newsletter/unsubscribe", POST => guest::unsubscribe))
        .service(resource!("/admin/activity", GET => activity::list))
        .service(resource!("/admin/emails", GET => emails::list))
        .service(resource!("/admin/outbox", GET => emails::page))
        .service(resource!("/admin/emails/{id}", GET => emails::detail))
        .service(resource!("/admin/emails/{id}/resend", POST => emails::resend))
        .service(resource!("/admin/email-previews", GET => emails::previews))
        .service(resource!("/admin/mail-settings", GET => emails::settings))
        .service(resource!("/admin/exports/orders.csv", GET => exports::orders))
        .service(resource!("/admin/exports/bookings.csv", GET => exports::bookings))
        .service(resource!("/admin/exports/contact-messages.csv", GET => exports::contact_messages))
        .service(resource!("/admin/exports/newsletter-subscriptions.csv", GET => exports::newsletter_subscriptions));
}
