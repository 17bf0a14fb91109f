//! The askama templates: one HTML and one plain-text template per message
//! (`templates/<name>.html`, `templates/<name>.txt`), each extending the
//! shared layout (`base.html`, `base.txt`). Askama checks them when the
//! crate compiles and escapes every value in the HTML ones.
//!
//! Views hold text already written for people (dates, amounts), so
//! rendering is only string formatting.

use askama::Template;

/// What every message shares: the heading, the inbox preview line and the
/// small print.
pub struct Frame {
    pub public_url: String,
    pub retreat_email: String,
    pub heading: String,
    /// The line inboxes show after the subject.
    pub preheader: String,
    /// Why this person received the message.
    pub reason: &'static str,
    /// The newsletter's unsubscribe page, shown in the footer.
    pub unsubscribe_url: Option<String>,
}

pub struct BookingView {
    pub first_name: String,
    pub guest_name: String,
    pub guest_email: String,
    pub service: String,
    /// "Friday, December 18, 2026 at 11:00 AM PST".
    pub when: String,
    pub duration: Option<String>,
    pub price: Option<String>,
    pub notes: Option<String>,
    /// The guest's own page: see the booking, cancel it.
    pub manage_url: String,
    /// The booking in the dashboard.
    pub admin_url: String,
    /// Whether the guest ended it (else the retreat did).
    pub cancelled_by_guest: bool,
    /// The deposit and where it stands ("$40.00, paid"), when one is asked.
    pub deposit: Option<String>,
    /// The cancellation policy in words, when a deposit is asked.
    pub policy: Option<String>,
    /// What was just given back ("$40.00"), for the refund message.
    pub refunded: Option<String>,
    /// When it was before it moved, in the same words as `when`.
    pub moved_from: Option<String>,
    /// Whether the guest moved it herself (else the retreat did).
    pub moved_by_guest: bool,
    /// Her booking page's health form, when the service asks one (the
    /// guest's request and confirmation mails ask for it; never the answers).
    pub intake_url: Option<String>,
}

/// A reminder of a visit: its bookings and the guest's three answers.
pub struct ReminderView {
    pub first_name: String,
    /// The opening sentence ("Your visit is in two days.").
    pub intro: String,
    /// Each booking of the visit: what ("Massage Therapy") and when.
    pub items: Vec<(String, String)>,
    /// Whether it asks her to confirm (else a plain reminder).
    pub asks: bool,
    pub confirm_url: String,
    pub change_url: String,
    pub cancel_url: String,
    pub manage_url: String,
    /// The health form still missing for one of the visit's bookings: its page.
    pub intake_url: Option<String>,
}

/// One booking a thank-you is for.
pub struct ThanksItem {
    pub service: String,
    pub when: String,
    pub aftercare: Option<String>,
    pub rate_url: String,
}

/// The thank-you after a visit.
pub struct ThanksView {
    pub first_name: String,
    pub items: Vec<ThanksItem>,
}

/// One service an invitation to return is for.
pub struct InvitationItem {
    /// "Your last Massage Therapy was on Friday, December 18."
    pub last_visit: String,
    /// Its next open times: the words and a link to book that time.
    pub times: Vec<(String, String)>,
    /// The service's booking, no time chosen.
    pub book_url: String,
}

/// The invitation to return.
pub struct ReturnView {
    pub first_name: String,
    pub items: Vec<InvitationItem>,
    /// "Your gift cards still hold $85.00.", when one does.
    pub gift_card_balance: Option<String>,
}

/// A rating taken down: which rule, in the owner's written words.
pub struct RatingHiddenView {
    pub first_name: String,
    pub service: String,
    pub visited: String,
    pub rule: String,
}

/// A guest joined the waitlist: what she asked for.
pub struct WaitlistJoinedView {
    pub first_name: String,
    pub service: String,
    pub wishes: Vec<String>,
    pub leave_url: String,
}

/// A guest's request for her data: the link that confirms it.
pub struct PrivacyRequestView {
    /// "a copy of everything we hold" / "the erasure of everything we hold".
    pub asked: &'static str,
    pub days: i64,
    pub confirm_url: String,
}

/// The owner hears of a confirmed request.
pub struct OwnerPrivacyView {
    pub asked: &'static str,
    pub email: String,
    pub confirmed: String,
    pub admin_url: String,
}

/// The link to a guest's copy of her data.
pub struct PrivacyCopyView {
    pub days: i64,
    pub copy_url: String,
}

/// A place held for a waiting guest.
pub struct WaitlistOfferView {
    pub first_name: String,
    pub service: String,
    pub when: String,
    pub held_until: String,
    pub offer_url: String,
    pub leave_url: String,
}

pub struct OrderLine {
    pub name: String,
    pub quantity: u32,
    pub unit_price: String,
    pub line_total: String,
}

pub struct OrderView {
    /// The short number the site shows ("#1a2b3c4d").
    pub reference: String,
    pub first_name: String,
    pub customer_name: String,
    pub email: String,
    pub phone: Option<String>,
    pub ship_to: Vec<String>,
    pub lines: Vec<OrderLine>,
    pub subtotal: String,
    /// "Promo code SPRING-10" and "−$6.00", when a code took something off.
    pub discount: Option<(String, String)>,
    /// "Gift card ••••BC4E", "−$50.00" and what was left to pay by card
    /// ("$29.80"), when a gift card paid (part of) it.
    pub gift_card: Option<(String, String, String)>,
    /// "Tax (8%)".
    pub tax_label: String,
    pub tax: String,
    /// "Free" or an amount.
    pub shipping: String,
    pub total: String,
    pub placed: String,
    pub admin_url: String,
    /// How it was paid ("Paid by card"), when payments are on.
    pub paid: Option<String>,
    /// What was just given back and how much in all, for the refund message.
    pub refunded_now: Option<String>,
    pub refunded_total: Option<String>,
}

pub struct MessageView {
    pub first_name: String,
    pub sender_name: String,
    pub email: String,
    pub interest: Option<String>,
    pub message: String,
    pub received: String,
    pub admin_url: String,
}

/// The owner's reply to a contact message, with the guest's own words
/// quoted below it.
pub struct ReplyView {
    /// The owner's words, line breaks kept.
    pub reply: String,
    /// The guest's message as they wrote it.
    pub message: String,
    /// The same, each line behind "> ", as mail quotes it in plain text.
    pub quoted: String,
    /// When the guest wrote, in the retreat's time.
    pub received: String,
}

/// An invitation to the team. The link carries its secret in the fragment.
pub struct InvitationView {
    pub name: String,
    pub invited_by: String,
    /// "an owner", "staff".
    pub role: String,
    pub accept_url: String,
    pub expires: String,
}

/// A password-reset link. The link carries its secret in the fragment.
pub struct ResetView {
    pub name: String,
    pub reset_url: String,
    pub expires: String,
}

pub struct WelcomeView {
    pub journal_url: String,
    pub unsubscribe_url: String,
}

/// A gift card as its recipient reads it. The code is here in full: this
/// mail is the one place it is ever written out.
pub struct GiftCardView {
    /// As the buyer wrote it ("Maya Chen").
    pub recipient_name: String,
    pub from_name: String,
    /// "$150.00".
    pub amount: String,
    /// What it was bought as ("One Massage Therapy"), if not an amount.
    pub label: Option<String>,
    /// The buyer's words, trimmed; their line breaks are kept.
    pub message: Option<String>,
    /// "K7QM-R2XD-9HPT-WV3A-BC4E".
    pub code: String,
    /// "This card never expires and carries no fees." or "Valid until …".
    pub expiry: String,
    /// Where the balance is checked (`/gift-cards`).
    pub balance_url: String,
    /// The card to view and print, with the code in the URL's fragment.
    pub print_url: String,
}

/// A rendered message body: plain text and HTML.
pub struct Body {
    pub text: String,
    pub html: String,
}

/// Rendering into a `String` fails only if a value's `Display` does, and
/// every value here is already text; should it ever happen, the message is
/// still written (empty) and the failure logged, rather than failing the
/// guest's booking or order.
fn finish(name: &str, rendered: askama::Result<String>) -> String {
    rendered.unwrap_or_else(|error| {
        tracing::error!(template = name, %error, "mail template failed to render");
        String::new()
    })
}

macro_rules! templates {
    ($($name:ident($view:ident): $html:tt, $text:tt;)+) => {
        $(
            pub mod $name {
                use super::*;

                #[derive(Template)]
                #[template(path = $html)]
                struct Html<'a> {
                    f: &'a Frame,
                    v: &'a $view,
                }

                #[derive(Template)]
                #[template(path = $text)]
                struct Text<'a> {
                    f: &'a Frame,
                    v: &'a $view,
                }

                pub fn render(f: &Frame, v: &$view) -> Body {
                    Body {
                        text: finish(stringify!($name), Text { f, v }.render()),
                        html: finish(stringify!($name), Html { f, v }.render()),
                    }
                }
            }
        )+
    };
}

templates! {
    booking_requested(BookingView): "booking_requested.html", "booking_requested.txt";
    booking_confirmed(BookingView): "booking_confirmed.html", "booking_confirmed.txt";
    booking_cancelled(BookingView): "booking_cancelled.html", "booking_cancelled.txt";
    order_receipt(OrderView): "order_receipt.html", "order_receipt.txt";
    order_shipped(OrderView): "order_shipped.html", "order_shipped.txt";
    order_cancelled(OrderView): "order_cancelled.html", "order_cancelled.txt";
    contact_acknowledged(MessageView): "contact_acknowledged.html", "contact_acknowledged.txt";
    newsletter_welcome(WelcomeView): "newsletter_welcome.html", "newsletter_welcome.txt";
    owner_new_booking(BookingView): "owner_new_booking.html", "owner_new_booking.txt";
    owner_new_order(OrderView): "owner_new_order.html", "owner_new_order.txt";
    owner_new_message(MessageView): "owner_new_message.html", "owner_new_message.txt";
    owner_booking_cancelled(BookingView): "owner_booking_cancelled.html", "owner_booking_cancelled.txt";
    order_refunded(OrderView): "order_refunded.html", "order_refunded.txt";
    deposit_refunded(BookingView): "deposit_refunded.html", "deposit_refunded.txt";
    deposit_action_required(BookingView): "deposit_action_required.html", "deposit_action_required.txt";
    gift_card_delivered(GiftCardView): "gift_card_delivered.html", "gift_card_delivered.txt";
    contact_reply(ReplyView): "contact_reply.html", "contact_reply.txt";
    team_invitation(InvitationView): "team_invitation.html", "team_invitation.txt";
    password_reset(ResetView): "password_reset.html", "password_reset.txt";
    booking_moved(BookingView): "booking_moved.html", "booking_moved.txt";
    owner_booking_moved(BookingView): "owner_booking_moved.html", "owner_booking_moved.txt";
    visit_reminder(ReminderView): "visit_reminder.html", "visit_reminder.txt";
    visit_thanks(ThanksView): "visit_thanks.html", "visit_thanks.txt";
    return_invitation(ReturnView): "return_invitation.html", "return_invitation.txt";
    rating_hidden(RatingHiddenView): "rating_hidden.html", "rating_hidden.txt";
    waitlist_joined(WaitlistJoinedView): "waitlist_joined.html", "waitlist_joined.txt";
    waitlist_offer(WaitlistOfferView): "waitlist_offer.html", "waitlist_offer.txt";
    privacy_request_confirm(PrivacyRequestView): "privacy_request_confirm.html", "privacy_request_confirm.txt";
    owner_privacy_request(OwnerPrivacyView): "owner_privacy_request.html", "owner_privacy_request.txt";
    privacy_copy_ready(PrivacyCopyView): "privacy_copy_ready.html", "privacy_copy_ready.txt";
}
