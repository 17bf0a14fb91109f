//! Hostile input on every public POST and every admin write, driven by the
//! generated OpenAPI document: every answer is a JSON 4xx with a message (or
//! a 2xx where the input is legitimately valid), never a 500 and never a
//! dropped connection; text is stored verbatim or refused, never executed.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{
    ADMIN_EMAIL, ADMIN_PASSWORD, Operation, TestApp, booking_body, days_from_today, expect_json, fill_path,
    give_gift_card, operations, order_body,
};
use crate::stripe_server::{Shop, WEBHOOK_SECRET, spawn_shop};

const SQL: &str = "'; DROP TABLE products; --";
const TEXT_PAYLOADS: &[&str] = &[
    SQL,
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "Robert'); DELETE FROM bookings WHERE ('1'='1",
    "1 OR 1=1",
    "../../etc/passwd",
    "%00%27%22",
    "🌲 Café — ünïcødé ✓",
    "\u{202e}txt.exe",
    "a\u{0}b",
    "\u{0}",
    "line\r\nInjected-Header: 1",
];
const TABLES: &[&str] = &[
    "services",
    "products",
    "product_media",
    "blog_posts",
    "bookings",
    "contact_messages",
    "contact_message_replies",
    "orders",
    "admin_users",
    "availability",
    "blackout_dates",
    "newsletter_subscriptions",
    "login_attempts",
    "app_settings",
    "payments",
    "refunds",
    "payment_events",
];

/// Every write, payments included: the app takes cards through a local
/// Stripe-compatible server of its own.
async fn spawn_app() -> Shop {
    spawn_shop().await
}

/// Ids of existing records, so writes reach their real code paths.
struct Fixtures {
    token: String,
    product: String,
    media: String,
    post: String,
    slug: String,
    booking: String,
    order: String,
    service: String,
    blackout: String,
    /// A listing calendar import (its address refuses connections).
    stay_import: String,
    /// A spa visit made over (its day moved into the past, completed): its
    /// rating link's token, and its guest's rating.
    rating_token: String,
    rating: String,
    /// A guest on the waitlist.
    waitlist_entry: String,
    /// The token of a guest's mailed link confirming her request for her data.
    privacy_token: String,
    message: String,
    order_product: Value,
    /// An order paid by card (refunds) and one awaiting payment, with its
    /// token and a card the provider has for it.
    unpaid_order: String,
    payment_token: String,
    payment_method: String,
    /// A confirmed massage whose deposit is paid (refunds).
    deposit_booking: String,
    /// A requested spa visit's guest link (moves and the guest's answer).
    guest_token: String,
    promo_code: String,
    /// Promotional gift cards: one the hostile writes redeem from (with its
    /// code and its print link's token), one they void.
    gift_card: String,
    gift_code: String,
    gift_token: String,
    void_card: String,
    /// A staff member the owner may change, an open invitation's secret and
    /// a reset link's secret, as their mail carries them.
    member: String,
    invitation_secret: String,
    reset_secret: String,
    /// Two-factor sign-in: a member's second step after their password and
    /// one of their recovery codes; the owner's authenticator app being set
    /// up (its secret: the valid code is the current one); passkey
    /// ceremonies begun (sign-in and adding one).
    second_step: String,
    recovery_code: String,
    pending_app_secret: String,
    passkey_sign_in: String,
    passkey_registration: String,
}

async fn fixtures(shop: &Shop) -> Fixtures {
    let app = &shop.app;
    let token = app.admin_token().await;
    let products = app.products().await;
    let product = products[0]["id"].as_str().expect("id").to_owned();
    let media = app.get_json(&format!("/api/products/{product}/media")).await[0]["id"]
        .as_str()
        .expect("media")
        .to_owned();
    let slug = app.demo_slug().await;
    let post =
        app.get_json(&format!("/api/blog-posts/{slug}")).await["id"].as_str().expect("post").to_owned();
    let created = |value: Value| value["id"].as_str().expect("id").to_owned();
    let booking = created(
        expect_json(
            app.post_json("/api/bookings", &booking_body("spa", &days_from_today(4), "13:00")).await,
            StatusCode::CREATED,
        )
        .await,
    );
    // Another product than the one the hostile updates rewrite.
    let order_product = products[1].clone();
    let place = || async {
        expect_json(
            app.post_json("/api/orders", &order_body(&[(&order_product, 1)])).await,
            StatusCode::CREATED,
        )
        .await
    };
    let paid = place().await;
    let order = created(paid.clone());
    let pay =
        json!({"paymentMethodId": shop.stripe.card("4242424242424242").await, "token": paid["paymentToken"]});
    expect_json(app.post_json(&format!("/api/orders/{order}/payment"), &pay).await, StatusCode::OK).await;
    let unpaid = place().await;
    let unpaid_order = created(unpaid.clone());
    let payment_token = unpaid["paymentToken"].as_str().expect("payment token").to_owned();
    let payment_method = shop.stripe.card("4242424242424242").await;
    let mut with_deposit = booking_body("massage", &days_from_today(6), "11:00");
    with_deposit["paymentMethodId"] = json!(shop.stripe.card("4242424242424242").await);
    let deposit_booking =
        created(expect_json(app.post_json("/api/bookings", &with_deposit).await, StatusCode::CREATED).await);
    let confirmed = app
        .put_as(&token, &format!("/api/admin/bookings/{deposit_booking}"), &json!({"status": "confirmed"}))
        .await;
    assert_eq!(expect_json(confirmed, StatusCode::OK).await["deposit"]["state"], "paid");
    let guest_booking = expect_json(
        app.post_json("/api/bookings", &booking_body("spa", &days_from_today(8), "11:00")).await,
        StatusCode::CREATED,
    )
    .await;
    let guest_token = guest_booking["manageToken"].as_str().expect("manage token").to_owned();
    let service = created(
        expect_json(
            app.post_as(
                &token,
                "/api/services",
                &json!({"name": "Hostile Target", "description": "d", "price": "1.00", "duration": 30, "image": "/x.webp"}),
            )
            .await,
            StatusCode::CREATED,
        )
        .await,
    );
    let stay_import = created(
        expect_json(
            app.post_as(
                &token,
                "/api/admin/stay-imports",
                &json!({"name": "Airbnb", "url": "https://127.0.0.1:9/hostile.ics"}),
            )
            .await,
            StatusCode::CREATED,
        )
        .await,
    );
    let blackout = created(
        expect_json(
            app.post_as(
                &token,
                "/api/admin/blackout-dates",
                &json!({"startDate": days_from_today(500), "endDate": days_from_today(501)}),
            )
            .await,
            StatusCode::CREATED,
        )
        .await,
    );
    let message = created(
        expect_json(
            app.post_json(
                "/api/contact-messages",
                &json!({"firstName": "A", "lastName": "B", "email": "a@b.co", "message": "Hi"}),
            )
            .await,
            StatusCode::CREATED,
        )
        .await,
    );
    let promo_code = created(
        expect_json(
            app.post_as(
                &token,
                "/api/admin/promo-codes",
                &json!({"code": "HOSTILE-TARGET", "percentOff": 5}),
            )
            .await,
            StatusCode::CREATED,
        )
        .await,
    );
    expect_json(
        app.post_as(&token, "/api/admin/promo-codes", &json!({"code": "HOSTILE-QUOTE", "percentOff": 5}))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let (rating_token, rating) = rating_fixtures(app).await;
    let waiting = json!({"service": "massage", "firstName": "Ada", "lastName": "Byron", "email": "ada@example.com",
        "wishes": [{"from": days_from_today(20), "to": days_from_today(21), "time": null}]});
    let waitlist_entry = expect_json(app.post_json("/api/waitlist", &waiting).await, StatusCode::CREATED)
        .await["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let asked = json!({"email": "asks@example.com", "kind": "copy"});
    expect_json(app.post_json("/api/privacy/requests", &asked).await, StatusCode::ACCEPTED).await;
    let confirm_mail = app.sql_text(
        "SELECT text_body FROM outbox_messages WHERE template = 'privacy_request_confirm' \
         ORDER BY created_at DESC LIMIT 1",
    );
    let privacy_token = confirm_mail
        .split_once("/privacy/confirm?token=")
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .expect("a confirmation link")
        .to_owned();
    // An address held only by a sign-up: erasing it is never refused.
    let erasable = json!({"email": "erase.me@example.com"});
    expect_json(app.post_json("/api/newsletter-subscriptions", &erasable).await, StatusCode::CREATED).await;
    let (gift_card, gift_mail) = give_gift_card(app, &token, "500").await;
    let (gift_code, gift_token) = (gift_mail.code, gift_mail.print_token);
    let (void_card, _) = give_gift_card(app, &token, "500").await;
    let (member, invitation_secret, reset_secret) = team_fixtures(app, &token).await;
    let two_factor = two_factor_fixtures(app, &token).await;
    Fixtures {
        member,
        invitation_secret,
        reset_secret,
        second_step: two_factor.second_step,
        recovery_code: two_factor.recovery_code,
        pending_app_secret: two_factor.pending_app_secret,
        passkey_sign_in: two_factor.passkey_sign_in,
        passkey_registration: two_factor.passkey_registration,
        promo_code,
        gift_card,
        gift_code,
        gift_token,
        void_card,
        token,
        product,
        media,
        post,
        slug,
        booking,
        order,
        service,
        blackout,
        stay_import,
        rating_token,
        privacy_token,
        rating,
        waitlist_entry,
        message,
        order_product,
        unpaid_order,
        payment_token,
        payment_method,
        deposit_booking,
        guest_token,
    }
}

struct TwoFactorFixtures {
    second_step: String,
    recovery_code: String,
    pending_app_secret: String,
    passkey_sign_in: String,
    passkey_registration: String,
}

/// The code an authenticator app shows now for `secret`.
fn current_code(secret: &str) -> String {
    use ports::OneTimeCodes;
    auth::TotpCodes.code_at(secret, domain::two_factor::totp_step(chrono::Utc::now())).expect("a code")
}

/// A second member with an authenticator app, stopped at the second step
/// of a sign-in; the owner's own app half set up; two passkey ceremonies.
async fn two_factor_fixtures(app: &TestApp, token: &str) -> TwoFactorFixtures {
    let (email, password) = ("second.step@example.com", "a long member password");
    let invite = json!({"email": email, "name": "Ada Byron", "role": "staff"});
    expect_json(app.post_as(token, "/api/admin/team/invitations", &invite).await, StatusCode::CREATED).await;
    let secret = app.mailed_link_secret("team_invitation", email);
    let joined =
        app.post_json("/api/admin/invitation/accept", &json!({"token": secret, "password": password})).await;
    let member = expect_json(joined, StatusCode::OK).await["token"].as_str().expect("token").to_owned();
    let setup = app.post_as(&member, "/api/admin/two-factor/authenticator", &json!({})).await;
    let app_secret =
        expect_json(setup, StatusCode::CREATED).await["secret"].as_str().expect("secret").to_owned();
    let confirm = json!({"code": current_code(&app_secret)});
    let confirmed = app.post_as(&member, "/api/admin/two-factor/authenticator/confirm", &confirm).await;
    let recovery_code =
        expect_json(confirmed, StatusCode::OK).await["codes"][0].as_str().expect("code").to_owned();
    let login = app.post_json("/api/admin/login", &json!({"email": email, "password": password})).await;
    let step =
        crate::helpers::assert_error_code(login, StatusCode::UNAUTHORIZED, "second_factor_required").await;
    let pending = app.post_as(token, "/api/admin/two-factor/authenticator", &json!({})).await;
    let pending_app_secret =
        expect_json(pending, StatusCode::CREATED).await["secret"].as_str().expect("secret").to_owned();
    let sign_in = app.post_json("/api/admin/login/passkey/options", &json!({})).await;
    let registration = app.post_as(token, "/api/admin/passkeys/options", &json!({})).await;
    TwoFactorFixtures {
        second_step: step["secondFactor"]["challenge"].as_str().expect("challenge").to_owned(),
        recovery_code,
        pending_app_secret,
        passkey_sign_in: expect_json(sign_in, StatusCode::OK).await["challenge"]
            .as_str()
            .expect("c")
            .to_owned(),
        passkey_registration: expect_json(registration, StatusCode::OK).await["challenge"]
            .as_str()
            .expect("challenge")
            .to_owned(),
    }
}

/// A passkey's answer is signed by an authenticator the browser holds: only
/// Chromium's virtual authenticator (e2e/two-factor.spec.ts) makes a real
/// one. Here these bodies carry a live ceremony and a forged answer, which
/// must be refused cleanly like every other hostile body.
const SIGNED_BY_AN_AUTHENTICATOR: [&str; 2] = ["PasskeyInput", "PasskeySignInInput"];

fn forged_credential() -> Value {
    json!({"id": "AAAA", "rawId": "AAAA", "type": "public-key",
        "response": {"clientDataJSON": "e30", "authenticatorData": "AA", "signature": "AA", "attestationObject": "oA"}})
}

/// A staff member who joined through their invitation (and asked for a
/// reset link), and a second open invitation.
async fn team_fixtures(app: &TestApp, token: &str) -> (String, String, String) {
    let invite = |email: &str| json!({"email": email, "name": "Ada Byron", "role": "staff"});
    let path = "/api/admin/team/invitations";
    expect_json(app.post_as(token, path, &invite("member@example.com")).await, StatusCode::CREATED).await;
    let secret = app.mailed_link_secret("team_invitation", "member@example.com");
    let joined = app
        .post_json(
            "/api/admin/invitation/accept",
            &json!({"token": secret, "password": "a long member password"}),
        )
        .await;
    let member = expect_json(joined, StatusCode::OK).await["admin"]["id"].as_str().expect("id").to_owned();
    expect_json(app.post_as(token, path, &invite("invited@example.com")).await, StatusCode::CREATED).await;
    let invitation = app.mailed_link_secret("team_invitation", "invited@example.com");
    let asked = app.post_json("/api/admin/password-reset", &json!({"email": "member@example.com"})).await;
    expect_json(asked, StatusCode::ACCEPTED).await;
    (member, invitation, app.mailed_link_secret("password_reset", "member@example.com"))
}

/// A spa visit that is over (its day set in the past by SQL: the
/// real clock cannot wait for it) and rated by its guest: the rating
/// link's token and the rating's id.
async fn rating_fixtures(app: &TestApp) -> (String, String) {
    let booked = expect_json(
        app.post_json("/api/bookings", &booking_body("spa", &days_from_today(5), "11:00")).await,
        StatusCode::CREATED,
    )
    .await;
    let id = booked["id"].as_str().expect("id");
    app.sql(&format!("UPDATE bookings SET date = current_date - 2, status = 'completed' WHERE id = '{id}'"));
    let manage = booked["manageToken"].as_str().expect("manage token");
    let page = app.get_json(&format!("/api/guest/bookings/{manage}")).await;
    let token = page["ratingToken"].as_str().expect("a rating link once over").to_owned();
    let rated = app
        .client
        .put(app.url(&format!("/api/visit-ratings?token={token}")))
        .json(&json!({"stars": 4, "comment": "Lovely", "mayQuote": true}))
        .send()
        .await
        .expect("sent");
    assert_eq!(rated.status(), StatusCode::OK);
    let rating = app.sql_text(&format!("SELECT id FROM ratings WHERE booking_id = '{id}'"));
    (token, rating)
}

/// The operation's path with real ids filled in.
fn target(op: &Operation, f: &Fixtures) -> String {
    let id = match op.path.as_str() {
        "/api/admin/products/{id}" | "/api/products/{id}/media" | "/api/products/{id}" => &f.product,
        "/api/product-media/{id}" => &f.media,
        "/api/admin/blog-posts/{id}" => &f.post,
        "/api/blog-posts/{slug}" => &f.slug,
        "/api/admin/bookings/{id}" | "/api/admin/bookings/{id}/move" => &f.booking,
        "/api/guest/bookings/{token}/move"
        | "/api/guest/bookings/{token}/attendance"
        | "/api/guest/bookings/{token}/intake" => &f.guest_token,
        "/api/admin/intake-forms/{service}" => return fill_path(&op.path, "accommodation"),
        "/api/admin/team/{id}/intake-access" => &f.member,
        "/api/admin/bookings/{id}/deposit/refunds" => &f.deposit_booking,
        "/api/admin/orders/{id}/status" | "/api/admin/orders/{id}/refunds" => &f.order,
        "/api/orders/{id}/payment" | "/api/orders/{id}/payment/refresh" => &f.unpaid_order,
        "/api/admin/services/{id}" => &f.service,
        "/api/admin/blackout-dates/{id}" => &f.blackout,
        "/api/admin/contact-messages/{id}"
        | "/api/admin/contact-messages/{id}/state"
        | "/api/admin/contact-messages/{id}/replies" => &f.message,
        "/api/admin/promo-codes/{id}" => &f.promo_code,
        "/api/admin/gift-cards/{id}/void" => &f.void_card,
        "/api/admin/gift-cards/{id}/ledger"
        | "/api/admin/gift-cards/{id}/redeem"
        | "/api/admin/gift-cards/{id}/cash-out"
        | "/api/admin/gift-cards/{id}/resend" => &f.gift_card,
        "/api/admin/team/{id}" => &f.member,
        "/api/admin/stay-imports/{id}" | "/api/admin/stay-imports/{id}/sync" => &f.stay_import,
        "/api/admin/ratings/{id}/reply" | "/api/admin/ratings/{id}/hidden" => &f.rating,
        "/api/admin/service-follow-ups/{id}" => &f.service,
        "/api/admin/waitlist/{id}" => &f.waitlist_entry,
        "/api/visit-ratings" => return format!("/api/visit-ratings?token={}", f.rating_token),
        path if !path.contains('{') => return path.to_owned(),
        other => panic!("hostile.rs needs a fixture for {other}"),
    };
    fill_path(&op.path, id)
}

/// A body the operation accepts, by request schema.
fn valid_body(schema: &str, f: &Fixtures) -> Value {
    let unique = uuid::Uuid::new_v4().simple().to_string();
    match schema {
        "ProductInput" => json!({
            "name": "Valid Product", "category": "teas", "price": "9.50", "description": "Fine.", "image": "/media/x.webp",
        }),
        "ServiceInput" => json!({
            "name": "Valid Service", "description": "Fine.", "price": "10.00", "duration": 45, "image": "/media/s.webp",
        }),
        "MediaInput" => json!({"url": "/media/m.webp", "type": "image", "title": "Valid", "sortOrder": 1}),
        "MediaOrderInput" => json!({"sortOrder": 2}),
        "BlogPostInput" => json!({
            "title": "Valid Post", "slug": format!("post-{unique}"), "excerpt": "Short.", "content": "Long.",
            "image": "/media/b.webp",
        }),
        "ContactMessageInput" => json!({
            "firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.com", "interest": "spa", "message": "Hello",
        }),
        "NewsletterInput" => json!({"email": format!("n{unique}@example.com")}),
        "OrderInput" => order_body(&[(&f.order_product, 1)]),
        // A service without a deposit: its card would be saved once per request.
        "BookingInput" => booking_body("spa", &days_from_today(3), "9:00"),
        "BookingStatusInput" => json!({"status": "confirmed"}),
        "WaitlistInput" => json!({
            "service": "spa", "firstName": "Ada", "lastName": "Byron", "email": format!("w{unique}@example.com"),
            "wishes": [{"from": days_from_today(30), "to": days_from_today(31), "time": "11:00"}],
        }),
        // The owner's move of the fixture's spa visit and the guest's of
        // hers: each a day on, a free time, inside the guest's free move.
        "MoveInput" => json!({"date": days_from_today(9), "time": "15:00"}),
        "VisitSettingsInput" => json!({
            "freeMoves": 1,
            "reminders": {"on": true, "treatmentFirstHours": 48, "treatmentMorningOf": true, "stayFirstDays": 7,
                "staySecondDays": 1, "quietFromHour": 21, "quietUntilHour": 8},
        }),
        "OrderStatusInput" => json!({"status": "shipped"}),
        "MessageStateInput" => json!({"state": "read"}),
        "ReplyInput" => json!({"message": "Thank you for writing."}),
        "BlackoutInput" => json!({
            "startDate": days_from_today(300), "endDate": days_from_today(301), "type": "retreat", "reason": "Valid",
        }),
        "AvailabilityInput" => json!({
            "date": days_from_today(200), "serviceId": f.service, "accommodationType": "none", "timeSlot": "9:00",
            "maxCapacity": 50, "isBlocked": false, "blockReason": "Valid",
        }),
        "LoginInput" => json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}),
        "QuizAnswers" => json!({
            "wellnessGoal": "self-care", "stressLevel": "low", "timePreference": "quick", "experienceType": "active",
            "productInterest": "teas",
        }),
        "PayOrderInput" => json!({"paymentMethodId": f.payment_method, "token": f.payment_token}),
        "OrderTokenInput" => json!({"token": f.payment_token}),
        "RefundInput" => json!({"amount": "1.00", "reason": "Valid"}),
        "ProviderEvent" => json!({
            "id": format!("evt_{unique}"), "type": "customer.created", "created": chrono::Utc::now().timestamp(),
            "data": {"object": {"id": "cus_1", "object": "customer"}},
        }),
        "PromoCodeInput" => json!({
            "code": format!("V-{}", &unique[..12]), "amountOff": "5.00", "appliesTo": "shop", "minSubtotal": "20.00",
            "startsOn": days_from_today(1), "endsOn": days_from_today(30), "maxUses": 10, "maxUsesPerGuest": 1,
            "productIds": [f.order_product["id"]], "active": true,
        }),
        "BookingQuoteInput" => {
            json!({"service": "massage", "date": days_from_today(3), "promoCode": "HOSTILE-QUOTE"})
        }
        "QuoteInput" => {
            json!({"items": [{"productId": f.order_product["id"], "quantity": 1}], "promoCode": null})
        }
        "GiftCardPurchaseInput" => json!({
            "amount": 50, "recipientName": "Maya Chen", "recipientEmail": format!("g{unique}@example.com"),
            "message": "Fine.", "deliverOn": days_from_today(1), "firstName": "Ada", "lastName": "Byron",
            "email": "ada@example.com",
        }),
        "BalanceInput" => json!({"code": f.gift_code}),
        "PrintInput" => json!({"token": f.gift_token, "code": f.gift_code}),
        "VoidInput" => json!({"reason": "Valid"}),
        "RedeemInput" => json!({"amount": "1.00", "note": "Valid"}),
        "PromotionalCardInput" => json!({
            "amount": 25, "recipientName": "Ada Byron", "recipientEmail": format!("p{unique}@example.com"),
            "message": "Fine.", "deliverOn": days_from_today(0), "expiresOn": days_from_today(90),
        }),
        // The specification's open calendar, as far ahead as may be: saving
        // it changes nothing for the other writes under test.
        "ScheduleInput" => {
            let all = json!(["9:00", "11:00", "13:00", "15:00", "17:00"]);
            json!({
                "capacity": {"massage": null, "spa": null, "package": null, "accommodation": null},
                "openingHours": {"monday": all, "tuesday": all, "wednesday": all, "thursday": all,
                    "friday": all, "saturday": all, "sunday": all},
                "minimumNoticeHours": 0, "horizonDays": null,
            })
        }
        "InvitationInput" => {
            json!({"email": format!("i{unique}@example.com"), "name": "Ada Byron", "role": "staff"})
        }
        "MemberInput" => json!({"role": "staff", "isActive": true}),
        "StayImportInput" => {
            json!({"name": "VRBO", "url": format!("https://calendar.example.test/{unique}.ics")})
        }
        "StaySyncSettingsInput" => json!({"everyMinutes": 30}),
        "LinkInput" => json!({"token": f.invitation_secret}),
        "LinkPasswordInput" => json!({"token": f.invitation_secret, "password": "a long new password"}),
        "ResetInput" => json!({"token": f.reset_secret, "password": "a long new password"}),
        "ResetRequestInput" => json!({"email": "member@example.com"}),
        "CodeSignInInput" => json!({"challenge": f.second_step, "code": f.recovery_code}),
        "CodeInput" => json!({"code": current_code(&f.pending_app_secret)}),
        "TwoFactorPolicy" => json!({"required": false}),
        "PasskeySignInStart" => json!({"challenge": null}),
        "PasskeySignInInput" => json!({"challenge": f.passkey_sign_in, "credential": forged_credential()}),
        "PasskeyInput" => {
            json!({"challenge": f.passkey_registration, "name": "Desk key", "credential": forged_credential()})
        }
        "RatingBody" => json!({"stars": 5, "comment": "Lovely, again.", "mayQuote": true}),
        "RatingReplyInput" => json!({"reply": "Thank you for coming."}),
        "RatingHiddenInput" => json!({"rule": null}),
        "ServiceFollowUpInput" => json!({"aftercare": "Rest tonight.", "returnAfterDays": 30}),
        "IntakeFormInput" => json!({
            "title": "Tiny Home agreement",
            "questions": [
                {"id": "pets", "kind": "choice", "prompt": "Who comes with you?", "required": true,
                 "options": ["No one", "A dog"]},
                {"id": "rules", "kind": "consent", "prompt": "I will leave it as I found it.", "required": true},
            ],
        }),
        "IntakeSettingsInput" => json!({"lockHours": 12, "keepMonths": 24}),
        // The demo's spa consent, for the fixture's spa visit.
        "IntakeInput" => json!({
            "answers": {"heart": {"value": "no"}, "pregnant": {"value": "no"}, "allergies": {"value": "no"},
                "consent": {"value": "agreed"}},
            "signature": "Ada Lovelace",
        }),
        "IntakeAccessInput" => json!({"canReadIntake": true}),
        "PrivacyRequestInput" => json!({"email": format!("p{unique}@example.com"), "kind": "erasure"}),
        "PrivacyLinkInput" => json!({"token": f.privacy_token}),
        "EraseInput" => json!({"email": "erase.me@example.com"}),
        other => panic!("hostile.rs needs a valid {other} body"),
    }
}

/// The writes under test: every POST and PUT of the document.
async fn writes(app: &TestApp) -> Vec<Operation> {
    let ops: Vec<Operation> = operations(&app.openapi().await)
        .into_iter()
        .filter(|op| op.method == Method::POST || op.method == Method::PUT)
        // An upload's body is a file's bytes, not JSON: its hostile bodies
        // (a type that lies, bombs, oversized bodies) are media.rs's.
        .filter(|op| op.path != "/api/admin/media")
        .collect();
    assert!(ops.len() >= 18, "{ops:?}");
    // Commands that need nothing but their path (logout, resend, a guest's
    // cancel, one-click unsubscribe) take no body; every other write
    // documents its JSON body.
    let (bodyless, ops): (Vec<Operation>, Vec<Operation>) =
        ops.into_iter().partition(|op| op.body_schema.is_none());
    let mut bodyless: Vec<String> = bodyless.iter().map(Operation::label).collect();
    bodyless.sort();
    assert_eq!(
        bodyless,
        [
            "POST /api/admin/calendar-feed",
            "POST /api/admin/emails/{id}/resend",
            "POST /api/admin/gift-cards/{id}/cash-out",
            "POST /api/admin/gift-cards/{id}/resend",
            "POST /api/admin/logout",
            "POST /api/admin/passkeys/options",
            "POST /api/admin/privacy-requests/{id}/complete",
            "POST /api/admin/sessions/end-others",
            "POST /api/admin/stay-imports/{id}/sync",
            "POST /api/admin/two-factor/authenticator",
            "POST /api/admin/two-factor/recovery-codes",
            "POST /api/follow-ups/unsubscribe",
            "POST /api/guest/bookings/{token}/attendance",
            "POST /api/guest/bookings/{token}/cancel",
            "POST /api/guest/bookings/{token}/deposit/refresh",
            "POST /api/newsletter/unsubscribe",
            "POST /api/waitlist/leave",
            "POST /api/waitlist/offer/decline",
        ],
        "every write documents its JSON body"
    );
    ops
}

/// The property names of a request schema.
fn properties(document: &Value, schema: &str) -> Vec<String> {
    document["components"]["schemas"][schema]["properties"]
        .as_object()
        .unwrap_or_else(|| panic!("{schema} properties"))
        .keys()
        .cloned()
        .collect()
}

/// Whether the property is documented as a list (where `[]` is a value like any other).
fn is_list(document: &Value, schema: &str, property: &str) -> bool {
    document["components"]["schemas"][schema]["properties"][property]["type"] == "array"
}

/// Whether the property is documented as an object none of whose fields is
/// required (directly or as the non-null choice of a nullable one).
fn is_partial_object(document: &Value, schema: &str, property: &str) -> bool {
    let declared = &document["components"]["schemas"][schema]["properties"][property];
    let reference = declared["$ref"]
        .as_str()
        .or_else(|| declared["oneOf"].as_array()?.iter().find_map(|choice| choice["$ref"].as_str()));
    let Some(name) = reference.and_then(|r| r.strip_prefix("#/components/schemas/")) else {
        return false;
    };
    let part = &document["components"]["schemas"][name];
    part["type"] == "object" && part["required"].as_array().is_none_or(Vec::is_empty)
}

struct Answer {
    status: StatusCode,
    body: Option<Value>,
}

/// Sends raw bytes and checks the universal rules: no 5xx, no dropped
/// connection, JSON errors with a message.
async fn send(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    content_type: Option<&str>,
    body: Option<Vec<u8>>,
    label: &str,
) -> Answer {
    if path.ends_with("/admin/login") {
        // Keep the login throttle out of the way of what is being tested.
        app.sql("DELETE FROM login_attempts");
    }
    let mut request = app.request(method.clone(), path).bearer_auth(token);
    if let Some(content_type) = content_type {
        request = request.header("Content-Type", content_type);
    }
    if path == "/api/payments/webhook" {
        // Signed as the provider signs, so hostile bodies reach the reading
        // of the event, past the signature check.
        let signed = payments_stripe::sign(
            WEBHOOK_SECRET,
            body.as_deref().unwrap_or_default(),
            chrono::Utc::now().timestamp(),
        );
        request = request.header("Stripe-Signature", signed);
    }
    if let Some(body) = body {
        request = request.body(body);
    }
    let response =
        request.send().await.unwrap_or_else(|e| panic!("{method} {path} ({label}): connection failed: {e}"));
    let status = response.status();
    let response_type =
        response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let text = response.text().await.unwrap_or_else(|e| panic!("{method} {path} ({label}): body lost: {e}"));
    let short: String = text.chars().take(300).collect();
    assert!(!status.is_server_error(), "{method} {path} ({label}) → {status}: {short}");
    assert!(status.is_success() || status.is_client_error(), "{method} {path} ({label}) → {status}");
    if status.is_client_error() {
        assert!(
            response_type.starts_with("application/json"),
            "{method} {path} ({label}) → {status} as {response_type}"
        );
        let body: Value =
            serde_json::from_str(&text).unwrap_or_else(|_| panic!("{method} {path} ({label}): {short}"));
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{method} {path} ({label}): {short}"
        );
        return Answer { status, body: Some(body) };
    }
    Answer { status, body: serde_json::from_str(&text).ok() }
}

async fn send_json(app: &TestApp, f: &Fixtures, op: &Operation, body: &Value, label: &str) -> Answer {
    let bytes = serde_json::to_vec(body).expect("serialise");
    send(app, &f.token, op.method.clone(), &target(op, f), Some("application/json"), Some(bytes), label).await
}

fn assert_tables_intact(app: &TestApp) {
    for table in TABLES {
        app.rows(table);
    }
    assert!(app.rows("products") >= 10, "products survived");
    // The test admin and the fixtures' two staff members; at most one more
    // joined through the fixtures' one open invitation (its link works once).
    assert!((3..=4).contains(&app.rows("admin_users")), "no write made or removed an admin");
}

#[tokio::test]
async fn every_write_accepts_its_valid_body() {
    let shop = spawn_app().await;
    let app = &shop.app;
    let f = fixtures(&shop).await;
    for op in writes(app).await {
        let schema = op.body_schema.clone().expect("schema");
        let answer = send_json(app, &f, &op, &valid_body(&schema, &f), "valid body").await;
        if SIGNED_BY_AN_AUTHENTICATOR.contains(&schema.as_str()) {
            assert!(
                answer.status.is_client_error(),
                "{} with a forged answer: {:?}",
                op.label(),
                answer.body
            );
            continue;
        }
        assert!(answer.status.is_success(), "{} with a valid {schema}: {:?}", op.label(), answer.body);
    }
}

/// (label, Content-Type, body bytes) of a request sent as is.
type RawBody = (&'static str, Option<&'static str>, Option<Vec<u8>>);

#[tokio::test]
async fn malformed_bodies_wrong_content_types_and_wrong_shapes_are_json_4xx() {
    let shop = spawn_app().await;
    let app = &shop.app;
    let f = fixtures(&shop).await;
    let deep = format!("{{\"a\":{}{}}}", "[".repeat(5000), "]".repeat(5000));
    let raw: Vec<RawBody> = vec![
        ("truncated JSON", Some("application/json"), Some(b"{\"name\":".to_vec())),
        ("unquoted keys", Some("application/json"), Some(b"{name: 1}".to_vec())),
        ("single quotes", Some("application/json"), Some(b"{'name': 'x'}".to_vec())),
        ("trailing comma", Some("application/json"), Some(b"{\"name\": \"x\",}".to_vec())),
        ("trailing garbage", Some("application/json"), Some(b"{}}".to_vec())),
        ("NaN", Some("application/json"), Some(b"NaN".to_vec())),
        (
            "invalid UTF-8",
            Some("application/json"),
            Some(vec![b'{', b'"', 0xff, 0xfe, b'"', b':', b'1', b'}']),
        ),
        ("a lone surrogate", Some("application/json"), Some(b"{\"name\": \"\\ud800\"}".to_vec())),
        ("a number out of range", Some("application/json"), Some(b"{\"name\": 1e999}".to_vec())),
        ("deep nesting", Some("application/json"), Some(deep.into_bytes())),
        ("an empty body", Some("application/json"), Some(Vec::new())),
        ("whitespace only", Some("application/json"), Some(b"  \n ".to_vec())),
        ("no body and no content type", None, None),
        ("valid JSON as text/plain", Some("text/plain"), Some(b"{}".to_vec())),
        ("a form post", Some("application/x-www-form-urlencoded"), Some(b"name=x&price=1".to_vec())),
        ("multipart", Some("multipart/form-data; boundary=x"), Some(b"--x\r\n\r\nhi\r\n--x--".to_vec())),
        ("XML", Some("application/xml"), Some(b"<name>x</name>".to_vec())),
        ("an empty array", Some("application/json"), Some(b"[]".to_vec())),
        ("an array of objects", Some("application/json"), Some(b"[{}, {}]".to_vec())),
        ("a string", Some("application/json"), Some(b"\"hello\"".to_vec())),
        ("a number", Some("application/json"), Some(b"42".to_vec())),
        ("true", Some("application/json"), Some(b"true".to_vec())),
        ("null", Some("application/json"), Some(b"null".to_vec())),
    ];
    for op in writes(app).await {
        let path = target(&op, &f);
        for (label, content_type, body) in &raw {
            let answer =
                send(app, &f.token, op.method.clone(), &path, *content_type, body.clone(), label).await;
            assert!(answer.status.is_client_error(), "{} with {label} → {}", op.label(), answer.status);
            if label.contains("text/plain")
                || label.contains("form")
                || label.contains("XML")
                || label.contains("multipart")
            {
                assert!(
                    [StatusCode::UNSUPPORTED_MEDIA_TYPE, StatusCode::BAD_REQUEST].contains(&answer.status),
                    "{} with {label} → {}",
                    op.label(),
                    answer.status
                );
            }
        }
        // The valid body inside an array is still not an object.
        let schema = op.body_schema.clone().expect("schema");
        let wrapped = json!([valid_body(&schema, &f)]);
        let answer = send_json(app, &f, &op, &wrapped, "the valid body in an array").await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", op.label());
    }
    assert_tables_intact(app);
}

#[tokio::test]
async fn sql_and_script_fragments_in_every_field_are_stored_verbatim_or_refused() {
    let shop = spawn_app().await;
    let app = &shop.app;
    let f = fixtures(&shop).await;
    let document = app.openapi().await;
    let mut stored = 0;
    for op in writes(app).await {
        let schema = op.body_schema.clone().expect("schema");
        for property in properties(&document, &schema) {
            for payload in TEXT_PAYLOADS {
                let mut body = valid_body(&schema, &f);
                body[&property] = json!(payload);
                let label = format!("{property} = {payload:?}");
                let answer = send_json(app, &f, &op, &body, &label).await;
                if !answer.status.is_success() {
                    continue;
                }
                // Accepted text comes back exactly as sent.
                if let Some(echo) =
                    answer.body.as_ref().and_then(|b| b.get(&property)).and_then(Value::as_str)
                {
                    assert_eq!(echo, *payload, "{} stored {property} altered", op.label());
                    stored += 1;
                }
                assert!(!payload.contains('\u{0}'), "{} accepted a NUL character in {property}", op.label());
            }
        }
    }
    assert!(stored > 50, "free text was accepted and echoed ({stored} times)");
    assert_tables_intact(app);

    // What was stored reads back verbatim through the public API too.
    let products = app.get_json("/api/products").await;
    assert!(products.as_array().expect("list").iter().any(|p| p["name"] == SQL));
    assert!(
        products.as_array().expect("list").iter().any(|p| p["description"] == "<script>alert(1)</script>")
    );
    let token = app.admin_token().await;
    let messages = app.admin_json(&token, "/api/contact-messages").await;
    assert!(messages.as_array().expect("list").iter().any(|m| m["message"] == SQL));
}

#[tokio::test]
async fn wrong_types_in_every_field_are_refused_or_legitimately_accepted() {
    let shop = spawn_app().await;
    let app = &shop.app;
    let f = fixtures(&shop).await;
    let document = app.openapi().await;
    let always_refused = [json!({}), json!({"$gt": ""}), json!([]), json!(["a"])];
    let maybe_fine = [json!(12345), json!(-1), json!(1.5), json!(true), json!(null), json!(""), json!(1e308)];
    for op in writes(app).await {
        let schema = op.body_schema.clone().expect("schema");
        for property in properties(&document, &schema) {
            for value in &always_refused {
                // An empty list is a legitimate value of a list (a promo code for every product).
                if *value == json!([]) && is_list(&document, &schema, &property) {
                    continue;
                }
                // Nor is an object one of a part every field of which is
                // optional (a partial update's "change none of these"; an
                // unknown key is ignored there as in every body).
                if value.is_object() && is_partial_object(&document, &schema, &property) {
                    continue;
                }
                let mut body = valid_body(&schema, &f);
                body[&property] = value.clone();
                let answer = send_json(app, &f, &op, &body, &format!("{property} = {value}")).await;
                assert!(answer.status.is_client_error(), "{} accepted {property} = {value}", op.label());
            }
            for value in &maybe_fine {
                let mut body = valid_body(&schema, &f);
                body[&property] = value.clone();
                send_json(app, &f, &op, &body, &format!("{property} = {value}")).await;
            }
            // A missing field is either optional or a 400.
            let mut body = valid_body(&schema, &f);
            body.as_object_mut().expect("object").remove(&property);
            send_json(app, &f, &op, &body, &format!("without {property}")).await;
        }
    }
    assert_tables_intact(app);
}

#[tokio::test]
async fn negative_fractional_and_huge_numbers_are_400() {
    let shop = spawn_app().await;
    let app = &shop.app;
    let f = fixtures(&shop).await;
    let ops = writes(app).await;
    let op =
        |label: &str| ops.iter().find(|op| op.label() == label).unwrap_or_else(|| panic!("{label}")).clone();
    let huge = [
        json!(1e308),
        json!(-1e308),
        json!(9_999_999_999_999i64),
        json!(-9_999_999_999_999i64),
        json!(i64::MAX),
        json!(u64::MAX),
    ];
    let whole_only =
        [json!(-1), json!(-0.5), json!(1.5), json!(0.001), json!("1.5"), json!("-1"), json!("1e3")];

    // Prices: negative, more than two decimals, or past NUMERIC(10,2).
    for (label, field) in [
        ("POST /api/products", "price"),
        ("PUT /api/admin/products/{id}", "price"),
        ("POST /api/services", "price"),
        ("PUT /api/admin/services/{id}", "price"),
    ] {
        let op = op(label);
        let schema = op.body_schema.clone().expect("schema");
        for value in huge.iter().chain(&[
            json!(-1),
            json!(-0.01),
            json!(0.001),
            json!("1e3"),
            json!("-5"),
            json!("100000000"),
        ]) {
            let mut body = valid_body(&schema, &f);
            body[field] = value.clone();
            let answer = send_json(app, &f, &op, &body, &format!("{field} = {value}")).await;
            assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{label} {field} = {value}");
            assert!(
                answer.body.as_ref().is_some_and(|b| b["errors"][field].is_string()),
                "{label} {field} = {value}"
            );
        }
        // A fractional price with two decimals is a price.
        let mut body = valid_body(&schema, &f);
        body[field] = json!(0.5);
        assert!(send_json(app, &f, &op, &body, "price 0.5").await.status.is_success(), "{label}");
    }
    // Whole-number fields.
    for (label, field) in [
        ("POST /api/services", "duration"),
        ("PUT /api/admin/services/{id}", "duration"),
        ("POST /api/admin/availability", "maxCapacity"),
        ("POST /api/products/{id}/media", "sortOrder"),
        ("PUT /api/product-media/{id}", "sortOrder"),
    ] {
        let op = op(label);
        let schema = op.body_schema.clone().expect("schema");
        for value in huge.iter().chain(&whole_only) {
            let mut body = valid_body(&schema, &f);
            body[field] = value.clone();
            let answer = send_json(app, &f, &op, &body, &format!("{field} = {value}")).await;
            assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{label} {field} = {value}");
            assert!(
                answer.body.as_ref().is_some_and(|b| b["errors"][field].is_string()),
                "{label} {field} = {value}"
            );
        }
    }
    // Order quantities and amounts.
    let orders = op("POST /api/orders");
    for value in huge.iter().chain(&whole_only).chain(&[json!(0), json!(1000)]) {
        let mut body = valid_body("OrderInput", &f);
        body["items"] = json!(json!([{"productId": f.order_product["id"], "quantity": value}]).to_string());
        let answer = send_json(app, &f, &orders, &body, &format!("quantity = {value}")).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "quantity = {value}");
    }
    for field in ["subtotal", "tax", "shipping", "total"] {
        for value in huge.iter().chain(&[json!(-1), json!(0.001), json!("NaN"), json!("Infinity")]) {
            let mut body = valid_body("OrderInput", &f);
            body[field] = value.clone();
            let answer = send_json(app, &f, &orders, &body, &format!("{field} = {value}")).await;
            assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{field} = {value}");
        }
    }
    // A product priced at the top of NUMERIC(10,2) cannot overflow an order.
    let products = op("POST /api/products");
    let mut body = valid_body("ProductInput", &f);
    body["price"] = json!("99999999.99");
    let answer = send_json(app, &f, &products, &body, "max price").await;
    let dear = answer.body.expect("product");
    let mut order = order_body(&[(&dear, 1)]);
    order["items"] = json!(json!([{"productId": dear["id"], "quantity": 999}]).to_string());
    let answer = send_json(app, &f, &orders, &order, "an order past NUMERIC(10,2)").await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(app.rows("orders"), 2, "only the fixture orders exist");
    assert_tables_intact(app);
}

#[tokio::test]
async fn one_megabyte_strings_are_413_and_long_strings_are_refused_or_kept() {
    let shop = spawn_app().await;
    let app = &shop.app;
    let f = fixtures(&shop).await;
    let document = app.openapi().await;
    let megabyte = "x".repeat(1024 * 1024);
    let long = "y".repeat(200 * 1024);
    for op in writes(app).await {
        let schema = op.body_schema.clone().expect("schema");
        for property in properties(&document, &schema) {
            let mut body = valid_body(&schema, &f);
            body[&property] = json!(megabyte);
            let answer = send_json(app, &f, &op, &body, &format!("1 MB in {property}")).await;
            assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE, "{} 1 MB in {property}", op.label());

            let mut body = valid_body(&schema, &f);
            body[&property] = json!(long);
            let answer = send_json(app, &f, &op, &body, &format!("200 KB in {property}")).await;
            if answer.status.is_success()
                && let Some(echo) =
                    answer.body.as_ref().and_then(|b| b.get(&property)).and_then(Value::as_str)
            {
                assert_eq!(echo.len(), long.len(), "{} truncated {property}", op.label());
            }
        }
    }
    // The server is still answering on fresh and pooled connections.
    app.get_json("/api/products").await;
    assert_tables_intact(app);
}

#[tokio::test]
async fn hostile_ids_slugs_and_query_strings_are_4xx() {
    let shop = spawn_app().await;
    let app = &shop.app;
    let f = fixtures(&shop).await;
    let document = app.openapi().await;
    let hostile_ids = [
        "%27%3B%20DROP%20TABLE%20products%3B%20--",
        "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "..%2F..%2Fetc%2Fpasswd",
        "0",
        "-1",
        "99999999999999999999999999",
        "%00",
        "00000000-0000-0000-0000-00000000000g",
        &"a".repeat(5000),
    ];
    for op in operations(&document) {
        if !op.path.contains('{') {
            continue;
        }
        for id in hostile_ids {
            let path = fill_path(&op.path, id);
            let body = op
                .body_schema
                .as_ref()
                .map(|schema| serde_json::to_vec(&valid_body(schema, &f)).expect("json"));
            let content_type = body.as_ref().map(|_| "application/json");
            let answer = send(app, &f.token, op.method.clone(), &path, content_type, body, id).await;
            // A slug or a guest link that is not one is simply not found.
            let expected = if op.path.contains("{slug}") || op.path.contains("{token}") {
                StatusCode::NOT_FOUND
            } else {
                StatusCode::BAD_REQUEST
            };
            assert_eq!(answer.status, expected, "{} with {id}", op.label());
        }
    }
    let queries = [
        "/api/check-availability?date=2026-12-01%27%3B%20DROP%20TABLE%20bookings%3B--&serviceId=massage",
        "/api/check-availability?date=2026-12-01&serviceId=massage%27%20OR%201%3D1--",
        "/api/check-availability?date=%00&serviceId=%00",
        "/api/check-availability?date[]=1&serviceId[$ne]=x",
        "/api/check-availability?date=2026-12-01&date=2026-12-02&serviceId=massage",
        "/api/admin/availability?start=2026-01-01%27--&end=2026-02-01",
        "/api/admin/availability?start=2026-01-01&end=%3Cscript%3E",
        "/api/admin/availability?start=-001-01-01&end=2026-01-01",
    ];
    for query in queries {
        let answer = send(app, &f.token, Method::GET, query, None, None, query).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{query}");
    }
    // Unsupported methods are JSON 405s, unknown API paths JSON 404s.
    for (method, path) in
        [(Method::PATCH, "/api/products"), (Method::DELETE, "/api/orders"), (Method::PUT, "/api/bookings")]
    {
        let answer = send(app, &f.token, method.clone(), path, None, None, "method").await;
        assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
    }
    assert_tables_intact(app);
}
