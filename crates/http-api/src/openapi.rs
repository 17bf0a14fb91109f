//! The API's part of the OpenAPI document, generated from the handlers'
//! annotations. The server assembles the whole document with the site's
//! part and the conventions every operation shares
//! (`http_common::openapi::apply_conventions`).

use http_common::ErrorBody;
use utoipa::OpenApi;

use crate::routes::{
    activity, admin, after_visit, bookings, calendar_feed, catalog, content, emails, exports, gift_cards,
    guest, intake, media, orders, payments, privacy, promos, quiz, schedule, stay_sync, summary, team,
    two_factor, visits, waitlist,
};

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
        content::create_message, content::list_messages, content::page_messages, content::delete_message,
        content::get_message, content::set_message_state, content::reply_to_message,
        content::subscribe, content::list_subscriptions, content::page_subscribers,
        orders::place_order, orders::list_orders, orders::page_orders, orders::set_order_status,
        promos::quote_cart, promos::list_promo_codes, promos::create_promo_code, promos::update_promo_code,
        gift_cards::gift_card_options, gift_cards::buy_gift_card, gift_cards::gift_card_balance, gift_cards::print_gift_card, gift_cards::list_gift_cards,
        gift_cards::give_gift_card, gift_cards::gift_card_ledger, gift_cards::void_gift_card, gift_cards::redeem_gift_card, gift_cards::cash_out_gift_card,
        gift_cards::resend_gift_card,
        payments::config, payments::pay_order, payments::order_payment, payments::refresh_order_payment,
        payments::webhook, payments::order_payment_history, payments::refund_order, payments::reconciliation,
        bookings::check_availability, bookings::month_availability, bookings::open_times, bookings::create_booking, bookings::quote_booking, bookings::list_bookings,
        bookings::page_bookings,
        bookings::set_booking_status, bookings::delete_booking,
        bookings::blackout_impact, bookings::list_blackouts, bookings::create_blackout, bookings::delete_blackout,
        bookings::list_availability, bookings::upsert_availability, bookings::delete_availability,
        schedule::get_schedule, schedule::save_schedule, schedule::capacity_overview,
        stay_sync::stay_sync, stay_sync::save_stay_sync, stay_sync::add_stay_import, stay_sync::remove_stay_import,
        stay_sync::sync_stay_import, stay_sync::tiny_home_calendar,
        quiz::recommend,
        after_visit::list_ratings, after_visit::visit_rating_page, after_visit::rate_visit,
        after_visit::unsubscribe_follow_ups, after_visit::admin_ratings, after_visit::reply_to_rating,
        after_visit::hide_rating, after_visit::service_follow_ups, after_visit::save_service_follow_up,
        waitlist::join_waitlist, waitlist::get_offer, waitlist::decline_offer, waitlist::leave_waitlist,
        waitlist::admin_waitlist, waitlist::remove_from_waitlist,
        privacy::terms, privacy::ask, privacy::confirm, privacy::guest_copy, privacy::guest_data, privacy::erase,
        privacy::requests, privacy::complete,
        intake::forms, intake::save_form, intake::remove_form, intake::save_settings, intake::screening,
        intake::guest_intake, intake::submit_intake, intake::booking_intake, intake::set_access,
        admin::login, admin::logout, admin::me, summary::summary,
        team::team, team::invite, team::revoke_invitation, team::change_member, team::sessions, team::end_session,
        team::end_other_sessions, team::invitation, team::accept_invitation, team::request_password_reset,
        team::confirm_password_reset, two_factor::login_with_code, two_factor::passkey_sign_in_options,
        two_factor::login_with_passkey, two_factor::status, two_factor::set_policy, two_factor::begin_authenticator,
        two_factor::remove_authenticator, two_factor::confirm_authenticator, two_factor::renew_recovery_codes,
        two_factor::passkey_registration_options, two_factor::add_passkey, two_factor::remove_passkey,
        two_factor::reset_member,
        calendar_feed::calendar_feed, calendar_feed::renew_calendar_feed, calendar_feed::turn_off_calendar_feed,
        calendar_feed::feed,
        guest::booking, guest::cancel_booking, guest::calendar_file, guest::refresh_deposit, guest::unsubscribe,
        visits::guest_move, visits::admin_move, visits::visit_settings, visits::save_visit_settings,
        visits::booking_reminders, visits::coming_visits, visits::confirm_attendance,
        payments::deposit_history, payments::refund_deposit,
        activity::list,
        media::upload, media::library, media::delete,
        emails::list, emails::page, emails::detail, emails::resend, emails::previews, emails::settings,
        exports::orders, exports::bookings, exports::contact_messages, exports::newsletter_subscriptions, exports::promo_codes, exports::gift_cards,
    ),
    components(schemas(
        ErrorBody,
        crate::wire::fields::CalendarMonth,
        privacy::ExportFormat,
        orders::OrderPaymentFilter,
        orders::PaymentOnCancel
    )),
    tags(
        (name = "Services", description = "Bookable experiences"),
        (name = "Products", description = "The shop's catalogue"),
        (name = "Product media", description = "Images and videos shown in a product's carousel"),
        (name = "Media library", description = "Uploaded pictures and videos: upload (cleaned of metadata, stored by content), list with where each is shown, delete what is unused"),
        (name = "Journal", description = "Blog posts"),
        (name = "Contact", description = "Messages from the contact form"),
        (name = "Newsletter", description = "Journal newsletter sign-ups"),
        (name = "Orders", description = "Shop orders, priced by the server"),
        (name = "Promo codes", description = "The owner's promo codes and what they brought"),
        (name = "Gift cards", description = "E-gift cards: buying one, its balance and printable card, and the owner's ledger"),
        (name = "Activity", description = "The audit trail of admin writes and logins (read-only)"),
        (name = "Bookings", description = "Booking requests and availability"),
        (name = "Calendar", description = "Blackout periods and availability entries"),
        (name = "Quiz", description = "The wellness quiz's recommendation"),
        (name = "Admin", description = "Administrator login"),
        (name = "Team", description = "The owner's team: roles, invitations, signed-in devices, password resets"),
        (name = "Security", description = "Each member's second factors (passkeys, an authenticator app, recovery codes), the owner's rule that everyone has one, and each member's calendar feed"),
        (name = "Guest", description = "What guests reach through the signed links in their mail"),
        (name = "Intake forms", description = "Intake and consent forms per service: the owner's forms and settings, the questions asked before a time is picked, and guests' answers, opened only with the permission"),
        (name = "Guest data", description = "Everything held about a guest's address, its erasure under a pseudonym, and guests' own requests for either"),
        (name = "Emails", description = "The mail outbox: messages, attempts, resending, template previews"),
        (name = "Exports", description = "Orders, bookings, contact messages and subscribers as CSV for spreadsheets"),
        (name = "Payments", description = "Card payments through the provider: paying an order, its webhook, refunds, reconciliation"),
    )
)]
pub struct ApiDoc;
