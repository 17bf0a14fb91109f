//! The audit trail (docs/decisions.md §12): who changed what, when, with a
//! short before/after summary. Every admin write and every login attempt that
//! was checked leaves one record, written by the store in the change's own
//! transaction, so a refused or failed write leaves none.
//!
//! What a record says about a change is decided here, once: each audited
//! thing lists its facts ([`Audited`]), and [`AuditRecord::created`],
//! [`AuditRecord::updated`] and [`AuditRecord::deleted`] turn them into the
//! summary the Activity view shows.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::admin::Admin;
use crate::booking::{AvailabilityEntry, Blackout, Booking};
use crate::catalog::{Product, ProductMedia, Service};
use crate::content::{BlogPost, ContactMessage, ContactReply};
use crate::order::Order;
use crate::payment::DepositState;

crate::text_enum! {
    /// What a record is about.
    AuditEntity {
        Product,
        ProductMedia,
        Service,
        BlogPost,
        ContactMessage,
        Order,
        Booking,
        Blackout,
        Availability,
        Email,
        Session,
        PromoCode,
        GiftCard,
        Schedule,
        /// A member of the owner's team (their role, whether they may sign in).
        TeamMember,
        Invitation,
        /// An uploaded file of the media library.
        MediaFile,
        /// A member's second factor: a passkey, an authenticator app, recovery codes.
        SecondFactor,
        /// The team's sign-in rule (whether everyone must have a second factor).
        TeamPolicy,
        /// The owner's settings for guests' visits (free moves, reminders).
        VisitSettings,
        /// A team member's calendar feed (its secret address).
        CalendarFeed,
        /// A listing's calendar imported for the Tiny Home (Airbnb, VRBO…), and how often they are fetched.
        StayImport,
        /// A guest's rating of a visit (the owner's reply, taking it down).
        Rating,
        /// A guest on the waitlist (the team taking her off it).
        WaitlistEntry,
        /// What is held about a guest's address: gathered for a copy, or erased.
        GuestData,
        /// A guest's request for a copy of her data or its erasure.
        PrivacyRequest,
        /// The owner's intake form of a service, and the intake settings.
        IntakeForm,
        /// A guest's intake answers (only their reading is recorded, never what they say).
        IntakeAnswers,
    }
}

crate::text_enum! {
    /// What happened to it.
    AuditAction {
        Created,
        Updated,
        Deleted,
        StatusChanged,
        Resent,
        LoginSucceeded,
        LoginFailed,
        LoggedOut,
        /// Money given back (an order's payment, a deposit).
        Refunded,
        /// A contact message answered from the dashboard (the reply is mailed).
        Replied,
        /// A team invitation mailed, withdrawn or accepted.
        Invited,
        InvitationRevoked,
        InvitationAccepted,
        RoleChanged,
        Deactivated,
        Reactivated,
        /// A "forgot password" link mailed, and a password set through one.
        PasswordResetRequested,
        PasswordReset,
        /// One signed-in device ended from the Security view.
        SessionEnded,
        /// A passkey or an authenticator app added to an account, or removed.
        SecondFactorAdded,
        SecondFactorRemoved,
        /// A new set of recovery codes (the old ones stop working).
        RecoveryCodesRenewed,
        /// A recovery code spent to sign in.
        RecoveryCodeUsed,
        /// A booking moved to another date or time (by its guest or the owner).
        Moved,
        /// A guest said she will be there (a reminder's Confirm).
        AttendanceConfirmed,
        /// A rating taken off the site under a written rule.
        Hidden,
        /// A rating put back on the site.
        Shown,
        /// A guest's data gathered for a copy (read by the owner, or sent to her).
        Exported,
        /// A guest's details replaced by a pseudonym.
        Erased,
        /// A guest confirmed her request through its mailed link.
        Confirmed,
        /// A team member opened a guest's intake answers.
        Opened,
    }
}

/// Who acted: a signed-in admin, or (for a failed login) the account that
/// was tried, which may not exist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub admin_id: Option<Uuid>,
    /// The admin's e-mail at the time (or the address tried at login).
    pub email: String,
}

impl Actor {
    pub fn admin(admin: &Admin) -> Self {
        Self { admin_id: Some(admin.id), email: admin.email.clone() }
    }

    /// A guest acting through their own link (their cancellation's refund).
    pub fn guest(email: &str) -> Self {
        Self { admin_id: None, email: clip(&printable(&email.trim().to_lowercase()), MAX_EMAIL_CHARS) }
    }

    /// The server's command line (`just admin …`), run by whoever has the server.
    pub fn command_line() -> Self {
        Self { admin_id: None, email: "command line".to_owned() }
    }

    /// A login attempt for `account`, as typed (trimmed, lower case, cut to
    /// an e-mail's length so a hostile value cannot bloat the trail).
    pub fn login_attempt(admin_id: Option<Uuid>, account: &str) -> Self {
        Self { admin_id, email: clip(&printable(&account.trim().to_lowercase()), MAX_EMAIL_CHARS) }
    }
}

/// One change, as the store writes it (the time and the actor are added there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditRecord {
    pub entity: AuditEntity,
    pub entity_id: Option<Uuid>,
    pub action: AuditAction,
    pub summary: String,
}

/// A stored record, as the Activity view lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEntry {
    pub id: Uuid,
    pub at: DateTime<Utc>,
    pub actor_id: Option<Uuid>,
    pub actor: String,
    pub entity: AuditEntity,
    pub entity_id: Option<Uuid>,
    pub action: AuditAction,
    pub summary: String,
}

/// The Activity view's filters; every one is optional. Times are the bounds
/// of the chosen dates in the retreat's time zone (`from` inclusive, `until`
/// exclusive).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditQuery {
    pub actor: Option<String>,
    pub entity: Option<AuditEntity>,
    pub from: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    /// At most this many, newest first (capped by [`MAX_AUDIT_PAGE`]).
    pub limit: i64,
    /// Where the page starts (issue 23): the newest, or after / before a record.
    pub start: crate::paging::PageStart,
}

pub const MAX_AUDIT_PAGE: i64 = 500;
const MAX_EMAIL_CHARS: usize = 254;
/// A value longer than this is cut with "…" in a summary.
const MAX_VALUE_CHARS: usize = 60;
const MAX_SUMMARY_CHARS: usize = 600;

/// Something the trail records: a name people recognise, and the facts a
/// change of it may touch, in a stable order.
pub trait Audited {
    fn label(&self) -> String;
    fn facts(&self) -> Vec<(&'static str, String)>;
}

impl AuditRecord {
    pub fn new(entity: AuditEntity, entity_id: Option<Uuid>, action: AuditAction, summary: &str) -> Self {
        Self { entity, entity_id, action, summary: clip(&printable(summary), MAX_SUMMARY_CHARS) }
    }

    /// "“Lavender Candle” — category candles; price 28.00; stock unlimited"
    pub fn created<T: Audited>(entity: AuditEntity, id: Uuid, created: &T) -> Self {
        let facts: Vec<String> =
            created.facts().into_iter().map(|(name, value)| format!("{name} {}", shown(&value))).collect();
        let summary = format!("{} — {}", quoted(&created.label()), facts.join("; "));
        Self::new(entity, Some(id), AuditAction::Created, &summary)
    }

    /// "“Lavender Candle”: price 28.00 → 30.00; description changed". Only
    /// facts that differ are named; a save that changed nothing says so.
    pub fn updated<T: Audited>(entity: AuditEntity, id: Uuid, before: &T, after: &T) -> Self {
        Self::changed(entity, id, AuditAction::Updated, before, after)
    }

    /// As `updated`, for a status change (orders, bookings).
    pub fn status_changed<T: Audited>(entity: AuditEntity, id: Uuid, before: &T, after: &T) -> Self {
        Self::changed(entity, id, AuditAction::StatusChanged, before, after)
    }

    /// "“Message from Ada Lovelace”: reply to ada@example.com “Dear Ada, yes…”"
    pub fn replied(message: &ContactMessage, reply: &ContactReply) -> Self {
        let summary = format!(
            "{}: reply to {} {}",
            quoted(&message.label()),
            shown(&message.email),
            quoted(&shown(&reply.text))
        );
        Self::new(AuditEntity::ContactMessage, Some(message.id), AuditAction::Replied, &summary)
    }

    /// "“Ada Lovelace, massage on 2026-12-18 at 11:00”: moved to 2026-12-19 at 13:00".
    pub fn booking_moved(before: &Booking, after: &Booking) -> Self {
        let to = match after.check_out {
            Some(out) => format!("{} to {}", after.date, out),
            None => format!("{} at {}", after.date, after.time.as_str()),
        };
        let summary = format!("{}: moved to {to}", quoted(&before.label()));
        Self::new(AuditEntity::Booking, Some(before.id), AuditAction::Moved, &summary)
    }

    /// "“Ada Lovelace, massage on 2026-12-18 at 11:00”: the guest will be there".
    /// The owner replied to a rating in public, or removed the reply. Never
    /// the guest's words: the trail says whose rating and of what.
    pub fn rating_replied(rating: &crate::after_visit::Rating, replied: bool) -> Self {
        let summary = format!(
            "{}: {} reply to the {}-star rating of {} ({})",
            quoted(&rating.author),
            if replied { "public" } else { "removed the" },
            rating.stars,
            rating.service.service_name(),
            rating.visited_on
        );
        Self::new(AuditEntity::Rating, Some(rating.id), AuditAction::Replied, &summary)
    }

    /// A rating taken down under a written rule (`Some`), or put back.
    pub fn rating_hidden(
        rating: &crate::after_visit::Rating,
        rule: Option<crate::after_visit::HideRule>,
    ) -> Self {
        let what = format!(
            "{}-star rating of {} ({}) by {}",
            rating.stars,
            rating.service.service_name(),
            rating.visited_on,
            quoted(&rating.author)
        );
        match rule {
            Some(rule) => Self::new(
                AuditEntity::Rating,
                Some(rating.id),
                AuditAction::Hidden,
                &format!("Took down the {what} under the rule: {}", rule.wording()),
            ),
            None => Self::new(
                AuditEntity::Rating,
                Some(rating.id),
                AuditAction::Shown,
                &format!("Showed again the {what}"),
            ),
        }
    }

    /// A service's aftercare words or its "invite back after" changed.
    pub fn service_follow_up_changed(
        id: Uuid,
        name: &str,
        return_after: Option<i32>,
        aftercare: bool,
    ) -> Self {
        let summary = format!(
            "{}: after the visit, invite back {}; aftercare {}",
            quoted(name),
            return_after.map_or_else(|| "never".to_owned(), |days| format!("after {days} days")),
            if aftercare { "written" } else { "none" }
        );
        Self::new(AuditEntity::Service, Some(id), AuditAction::Updated, &summary)
    }

    pub fn attendance_confirmed(booking: &Booking) -> Self {
        let summary = format!("{}: the guest will be there", quoted(&booking.label()));
        Self::new(AuditEntity::Booking, Some(booking.id), AuditAction::AttendanceConfirmed, &summary)
    }

    /// A member's calendar feed turned on, given a new address (the old one
    /// stops) or turned off. Never the address itself: it is a secret.
    pub fn calendar_feed(admin_id: Uuid, action: AuditAction) -> Self {
        let summary = match action {
            AuditAction::Created => "Calendar feed turned on",
            AuditAction::Deleted => "Calendar feed turned off",
            _ => "Calendar feed given a new address; the old one stopped",
        };
        Self::new(AuditEntity::CalendarFeed, Some(admin_id), action, summary)
    }

    /// "Visit settings: free moves 1 → 2".
    pub fn visit_settings_changed(
        before: &crate::booking::VisitSettings,
        after: &crate::booking::VisitSettings,
    ) -> Self {
        let (b, a) = (&before.reminders, &after.reminders);
        let facts = [
            ("free moves", before.free_moves.to_string(), after.free_moves.to_string()),
            ("reminders", on_off(b.on), on_off(a.on)),
            (
                "treatment reminder hours",
                b.treatment_first_hours.to_string(),
                a.treatment_first_hours.to_string(),
            ),
            ("morning-of reminder", on_off(b.treatment_morning_of), on_off(a.treatment_morning_of)),
            ("stay first reminder days", b.stay_first_days.to_string(), a.stay_first_days.to_string()),
            ("stay second reminder days", b.stay_second_days.to_string(), a.stay_second_days.to_string()),
            (
                "quiet hours",
                format!("{}–{}", b.quiet_from_hour, b.quiet_until_hour),
                format!("{}–{}", a.quiet_from_hour, a.quiet_until_hour),
            ),
            (
                "waitlist offer hold minutes",
                before.offer_hold_minutes.to_string(),
                after.offer_hold_minutes.to_string(),
            ),
        ];
        let changes: Vec<String> = facts
            .into_iter()
            .filter(|(_, old, new)| old != new)
            .map(|(name, old, new)| format!("{name} {old} → {new}"))
            .collect();
        let summary = format!("Visit settings: {}", changes.join(", "));
        Self::new(AuditEntity::VisitSettings, None, AuditAction::Updated, &summary)
    }

    pub fn deleted<T: Audited>(entity: AuditEntity, id: Uuid, deleted: &T) -> Self {
        Self::new(entity, Some(id), AuditAction::Deleted, &quoted(&deleted.label()))
    }

    /// A booking deleted, with what its money came to (its records stay):
    /// "“Ada Lovelace, massage on 2026-12-18 at 11:00”; deposit $25.00
    /// refunded $25.00; gift card $10.00".
    pub fn booking_deleted(booking: &Booking) -> Self {
        let mut summary = quoted(&booking.label());
        if let Some(deposit) = booking.deposit.as_ref().filter(|d| d.state != DepositState::None) {
            summary.push_str(&format!(
                "; deposit ${} {}, refunded ${}",
                deposit.amount,
                deposit.state.as_str().replace('_', " "),
                deposit.refunded
            ));
        }
        if let Some(card) = &booking.gift_card {
            summary.push_str(&format!("; gift card …{} paid ${}", card.last_four, card.amount));
        }
        Self::new(AuditEntity::Booking, Some(booking.id), AuditAction::Deleted, &summary)
    }

    fn changed<T: Audited>(
        entity: AuditEntity,
        id: Uuid,
        action: AuditAction,
        before: &T,
        after: &T,
    ) -> Self {
        let changes: Vec<String> = before
            .facts()
            .into_iter()
            .zip(after.facts())
            .filter(|((_, old), (_, new))| old != new)
            .map(|((name, old), (_, new))| {
                let (old_shown, new_shown) = (shown(&old), shown(&new));
                if old_shown == new_shown {
                    // Both differ only past what a summary shows.
                    format!("{name} changed")
                } else {
                    format!("{name} {old_shown} → {new_shown}")
                }
            })
            .collect();
        let what = if changes.is_empty() { "saved without changes".to_owned() } else { changes.join("; ") };
        Self::new(entity, Some(id), action, &format!("{}: {what}", quoted(&after.label())))
    }
}

fn quoted(label: &str) -> String {
    format!("“{}”", clip(label, MAX_VALUE_CHARS))
}

/// A value as a summary shows it: one line, at most `MAX_VALUE_CHARS`.
fn shown(value: &str) -> String {
    let one_line: String = value.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.is_empty() { "(empty)".to_owned() } else { clip(&one_line, MAX_VALUE_CHARS) }
}

/// Control characters (NUL, line breaks, escapes) as spaces: a record is one
/// line of text, and PostgreSQL text cannot hold NUL.
fn printable(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

fn clip(text: &str, max_chars: usize) -> String {
    if text.chars().count() <= max_chars {
        text.to_owned()
    } else {
        let mut cut: String = text.chars().take(max_chars - 1).collect();
        cut.push('…');
        cut
    }
}

fn or_none(value: Option<&str>) -> String {
    value.unwrap_or("none").to_owned()
}

impl Audited for Product {
    fn label(&self) -> String {
        self.name.clone()
    }
    fn facts(&self) -> Vec<(&'static str, String)> {
        vec![
            ("name", self.name.clone()),
            ("category", self.category.as_str().to_owned()),
            ("price", self.price.to_string()),
            ("stock", self.stock.map_or("unlimited".to_owned(), |n| n.to_string())),
            ("image", self.image.clone()),
            ("description", self.description.clone()),
        ]
    }
}

impl Audited for crate::promo::PromoCode {
    fn label(&self) -> String {
        self.code.as_str().to_owned()
    }
    fn facts(&self) -> Vec<(&'static str, String)> {
        let day = |d: Option<chrono::NaiveDate>| d.map_or("none".to_owned(), |d| d.to_string());
        let limit = |n: Option<u32>| n.map_or("none".to_owned(), |n| n.to_string());
        vec![
            (
                "off",
                match self.value {
                    crate::promo::PromoValue::Percent(p) => format!("{p}%"),
                    crate::promo::PromoValue::Fixed(m) => format!("${m}"),
                },
            ),
            ("for", self.scope.as_str().to_owned()),
            ("minimum", self.min_subtotal.map_or("none".to_owned(), |m| m.to_string())),
            ("starts", day(self.starts_on)),
            ("ends", day(self.ends_on)),
            ("uses", limit(self.max_uses)),
            ("uses per guest", limit(self.max_uses_per_guest)),
            ("products", self.products.len().to_string()),
            ("services", self.services.len().to_string()),
            ("active", if self.active { "yes" } else { "no" }.to_owned()),
        ]
    }
}

impl Audited for ProductMedia {
    fn label(&self) -> String {
        self.title.clone().unwrap_or_else(|| self.url.clone())
    }
    fn facts(&self) -> Vec<(&'static str, String)> {
        vec![
            ("url", self.url.clone()),
            ("type", self.media_type.as_str().to_owned()),
            ("title", or_none(self.title.as_deref())),
            ("order", self.sort_order.to_string()),
        ]
    }
}

impl Audited for Service {
    fn label(&self) -> String {
        self.name.clone()
    }
    fn facts(&self) -> Vec<(&'static str, String)> {
        vec![
            ("name", self.name.clone()),
            ("price", self.price.to_string()),
            ("duration", format!("{} min", self.duration_minutes)),
            ("booking key", or_none(self.booking_key.map(|k| k.as_str()))),
            ("image", self.image.clone()),
            ("description", self.description.clone()),
        ]
    }
}

impl Audited for BlogPost {
    fn label(&self) -> String {
        self.title.clone()
    }
    fn facts(&self) -> Vec<(&'static str, String)> {
        vec![
            ("title", self.title.clone()),
            ("slug", self.slug.as_str().to_owned()),
            ("excerpt", self.excerpt.clone()),
            ("image", self.image.clone()),
            ("content", self.content.clone()),
        ]
    }
}

impl Audited for ContactMessage {
    fn label(&self) -> String {
        format!("Message from {} {}", self.first_name, self.last_name)
    }
    fn facts(&self) -> Vec<(&'static str, String)> {
        vec![("email", self.email.clone()), ("state", self.state().as_str().to_owned())]
    }
}

impl Audited for Order {
    fn label(&self) -> String {
        format!(
            "Order {} from {} {}, ${}",
            short_id(self.id),
            self.customer.first_name,
            self.customer.last_name,
            self.totals.total
        )
    }
    fn facts(&self) -> Vec<(&'static str, String)> {
        vec![("status", self.status.as_str().to_owned())]
    }
}

impl Audited for Booking {
    fn label(&self) -> String {
        format!(
            "{} {}, {} on {} at {}",
            self.first_name,
            self.last_name,
            self.service.as_str(),
            self.date,
            self.time.as_str()
        )
    }
    fn facts(&self) -> Vec<(&'static str, String)> {
        vec![("status", self.status.as_str().to_owned())]
    }
}

impl Audited for Blackout {
    fn label(&self) -> String {
        format!("{} to {}, {}", self.start_date, self.end_date, self.blackout_type.as_str())
    }
    fn facts(&self) -> Vec<(&'static str, String)> {
        vec![("reason", or_none(self.reason.as_deref()))]
    }
}

impl Audited for crate::booking::Schedule {
    fn label(&self) -> String {
        "The standing schedule".to_owned()
    }
    fn facts(&self) -> Vec<(&'static str, String)> {
        let figure = |key| self.capacity.of(key).map_or_else(|| "open".to_owned(), |c: i32| c.to_string());
        let hours = crate::booking::WEEKDAYS
            .iter()
            .zip(&self.opening_hours)
            .map(|(day, slots)| {
                let times: Vec<&str> = slots.iter().map(|s| s.as_str()).collect();
                format!("{day} {}", if times.is_empty() { "closed".to_owned() } else { times.join(" ") })
            })
            .collect::<Vec<_>>()
            .join(", ");
        vec![
            ("massage per time", figure(crate::booking::ServiceKey::Massage)),
            ("spa per time", figure(crate::booking::ServiceKey::Spa)),
            ("package per time", figure(crate::booking::ServiceKey::Package)),
            ("Tiny Home units", figure(crate::booking::ServiceKey::Accommodation)),
            ("opening hours", hours),
            ("notice hours", self.minimum_notice_hours.to_string()),
            ("horizon days", self.horizon_days.map_or_else(|| "none".to_owned(), |d| d.to_string())),
        ]
    }
}

impl Audited for AvailabilityEntry {
    fn label(&self) -> String {
        let scope = self
            .service_name
            .clone()
            .or_else(|| self.accommodation_type.map(|a| a.as_str().to_owned()))
            .unwrap_or_else(|| "whole retreat".to_owned());
        let slot = self.time_slot.map_or("all day", |s| s.as_str());
        format!("{scope} on {}, {slot}", self.date)
    }
    fn facts(&self) -> Vec<(&'static str, String)> {
        vec![
            ("capacity", self.max_capacity.to_string()),
            ("blocked", if self.is_blocked { "yes" } else { "no" }.to_owned()),
            ("reason", or_none(self.block_reason.as_deref())),
        ]
    }
}

/// The first eight hex digits of an id, as the dashboard shows order numbers.
fn short_id(id: Uuid) -> String {
    id.simple().to_string()[..8].to_owned()
}

/// "on" or "off", as a setting reads in a summary.
fn on_off(on: bool) -> String {
    if on { "on" } else { "off" }.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Money;
    use crate::catalog::ProductCategory;

    fn candle(price: i64, stock: Option<u32>, description: &str) -> Product {
        Product {
            id: Uuid::nil(),
            name: "Lavender Candle".to_owned(),
            category: ProductCategory::from_text("candles").expect("category"),
            price: Money::constant(price),
            description: description.to_owned(),
            image: "/media/candle.jpg".to_owned(),
            stock,
        }
    }

    #[test]
    fn a_creation_lists_every_fact() {
        let record = AuditRecord::created(AuditEntity::Product, Uuid::nil(), &candle(2800, None, "Calm"));
        assert_eq!(record.action, AuditAction::Created);
        assert_eq!(
            record.summary,
            "“Lavender Candle” — name Lavender Candle; category candles; price 28.00; stock unlimited; \
             image /media/candle.jpg; description Calm"
        );
    }

    #[test]
    fn an_update_names_only_what_changed() {
        let before = candle(2800, Some(5), "Calm");
        let after = candle(3000, Some(3), "Calm");
        let record = AuditRecord::updated(AuditEntity::Product, Uuid::nil(), &before, &after);
        assert_eq!(record.summary, "“Lavender Candle”: price 28.00 → 30.00; stock 5 → 3");
        let same = AuditRecord::updated(AuditEntity::Product, Uuid::nil(), &before, &before);
        assert_eq!(same.summary, "“Lavender Candle”: saved without changes");
    }

    #[test]
    fn long_values_are_cut_and_changes_past_the_cut_still_show() {
        let long = "x".repeat(200);
        let before = candle(2800, None, &long);
        let after = candle(2800, None, &format!("{long}y"));
        let record = AuditRecord::updated(AuditEntity::Product, Uuid::nil(), &before, &after);
        assert_eq!(record.summary, "“Lavender Candle”: description changed");
        let created = AuditRecord::created(AuditEntity::Product, Uuid::nil(), &before);
        assert!(created.summary.ends_with(&format!("description {}…", "x".repeat(MAX_VALUE_CHARS - 1))));
    }

    #[test]
    fn summaries_are_one_line_and_bounded() {
        let record = AuditRecord::new(AuditEntity::Email, None, AuditAction::Resent, &"a".repeat(5000));
        assert_eq!(record.summary.chars().count(), MAX_SUMMARY_CHARS);
        let multi = candle(100, None, "line one\r\nline two\tend");
        let created = AuditRecord::created(AuditEntity::Product, Uuid::nil(), &multi);
        assert!(created.summary.ends_with("description line one line two end"));
        assert!(!created.summary.contains('\n'));
    }

    #[test]
    fn a_login_attempt_keeps_the_account_short_and_lower_case() {
        let actor = Actor::login_attempt(None, "  Owner@Example.COM ");
        assert_eq!(actor.email, "owner@example.com");
        assert_eq!(Actor::login_attempt(None, &"a".repeat(1000)).email.chars().count(), MAX_EMAIL_CHARS);
        assert_eq!(Actor::login_attempt(None, "a\0b\r\nc").email, "a b  c");
        let record = AuditRecord::new(AuditEntity::Email, None, AuditAction::Resent, "“x\0”\nto y");
        assert_eq!(record.summary, "“x ” to y");
    }
}
