//! Wire helpers shared by the handlers: enums as the API spells them, and
//! lenient readers for numbers that browsers send as strings.

pub mod fields;
pub mod messages;
pub mod paging;
pub mod parse;

use http_common::wire_enum;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

pub use catalogue::model::{ImageSize, MediaType, Pictured, ProductCategory, ServiceKey};

wire_enum! {
    /// What an audit record is about.
    ActivityEntity mirrors domain::audit::AuditEntity {
        Product = "product", ProductMedia = "product_media", Service = "service", BlogPost = "blog_post",
        ContactMessage = "contact_message", Order = "order", Booking = "booking", Blackout = "blackout",
        Availability = "availability", Email = "email", Session = "session", PromoCode = "promo_code",
        GiftCard = "gift_card", Schedule = "schedule", TeamMember = "team_member", Invitation = "invitation",
        MediaFile = "media_file", SecondFactor = "second_factor", TeamPolicy = "team_policy",
        VisitSettings = "visit_settings", CalendarFeed = "calendar_feed",
        StayImport = "stay_import", Rating = "rating", WaitlistEntry = "waitlist_entry",
        GuestData = "guest_data", PrivacyRequest = "privacy_request", IntakeForm = "intake_form",
        IntakeAnswers = "intake_answers",
    }
}
wire_enum! {
    /// What a guest asks of her data.
    PrivacyRequestKind mirrors domain::privacy::PrivacyRequestKind { Copy = "copy", Erasure = "erasure" }
}
wire_enum! {
    /// Where a guest's confirmed request stands.
    PrivacyRequestState mirrors domain::privacy::PrivacyRequestState { Open = "open", Done = "done" }
}
wire_enum! {
    /// The written rule a rating was taken down under (docs/decisions.md §9 "After the visit").
    HideRule mirrors domain::after_visit::HideRule {
        Abuse = "abuse", OthersPrivacy = "others_privacy", OffTopic = "off_topic",
    }
}
wire_enum! {
    /// What an audit record says happened.
    ActivityAction mirrors domain::audit::AuditAction {
        Created = "created", Updated = "updated", Deleted = "deleted", StatusChanged = "status_changed",
        Resent = "resent", LoginSucceeded = "login_succeeded", LoginFailed = "login_failed",
        LoggedOut = "logged_out", Refunded = "refunded", Replied = "replied", Invited = "invited",
        InvitationRevoked = "invitation_revoked", InvitationAccepted = "invitation_accepted",
        RoleChanged = "role_changed", Deactivated = "deactivated", Reactivated = "reactivated",
        PasswordResetRequested = "password_reset_requested", PasswordReset = "password_reset",
        SessionEnded = "session_ended", SecondFactorAdded = "second_factor_added",
        SecondFactorRemoved = "second_factor_removed", RecoveryCodesRenewed = "recovery_codes_renewed",
        RecoveryCodeUsed = "recovery_code_used", Moved = "moved", AttendanceConfirmed = "attendance_confirmed",
        Hidden = "hidden", Shown = "shown", Exported = "exported", Erased = "erased", Confirmed = "confirmed",
        Opened = "opened",
    }
}
wire_enum! {
    /// What a team member may do: `owner` (everything) or `staff` (bookings,
    /// calendar, orders, messages; docs/decisions.md §18).
    Role mirrors domain::team::Role {
        Owner = "owner", Staff = "staff",
    }
}
wire_enum! {
    /// Order fulfilment status.
    OrderStatus mirrors domain::order::OrderStatus {
        Pending = "pending", Processing = "processing", Shipped = "shipped", Delivered = "delivered", Cancelled = "cancelled",
    }
}
wire_enum! {
    /// Where an order's payment stands: `unpaid` (payments are off),
    /// `awaiting_payment`, `requires_action` (the bank asks the guest to
    /// authenticate), `paid`, `partially_refunded`, `refunded`, `expired`
    /// (not paid in time: the order was cancelled).
    PaymentState mirrors domain::payment::PaymentState {
        Unpaid = "unpaid", AwaitingPayment = "awaiting_payment", RequiresAction = "requires_action", Paid = "paid",
        PartiallyRefunded = "partially_refunded", Refunded = "refunded", Expired = "expired",
    }
}
wire_enum! {
    /// Where a booking's deposit stands.
    DepositState mirrors domain::payment::DepositState {
        None = "none", CardSaved = "card_saved", RequiresAuthentication = "requires_authentication", Paid = "paid",
        Failed = "failed", Released = "released", Refunded = "refunded", Kept = "kept",
    }
}
wire_enum! {
    /// What an order sells: goods to ship, or a gift card delivered by mail.
    OrderKind mirrors domain::order::OrderKind { Goods = "goods", GiftCard = "gift_card" }
}
wire_enum! {
    /// What money was taken for: a shop order, a gift card sold, a booking's deposit.
    MoneySource mirrors domain::payment::MoneySource {
        Shop = "shop", Deposit = "deposit", GiftCard = "gift_card",
    }
}
wire_enum! {
    /// Which of a visit's reminders: the `first` asks the guest to confirm,
    /// the `second` asks again or, once she has, only reminds.
    ReminderKind mirrors domain::reminders::ReminderKind { First = "first", Second = "second" }
}

/// Where a guest's answer about a coming visit stands: she said she will be
/// there (`confirmed`), a reminder asked and she has not answered (`asked`),
/// no reminder has asked yet (`not_asked`), or the retreat has not confirmed
/// the request yet (`request_pending`: no reminder goes out for it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GuestAnswer {
    Confirmed,
    Asked,
    NotAsked,
    RequestPending,
}

wire_enum! {
    /// Booking status.
    BookingStatus mirrors domain::booking::BookingStatus {
        Pending = "pending", Confirmed = "confirmed", Completed = "completed", Cancelled = "cancelled",
    }
}
wire_enum! {
    /// Where a guest on the waitlist stands.
    WaitlistState mirrors domain::waitlist::WaitlistState {
        Waiting = "waiting", Booked = "booked", Left = "left", Expired = "expired", Removed = "removed",
    }
}
wire_enum! {
    /// Where a waitlist offer stands.
    OfferState mirrors domain::waitlist::OfferState {
        Held = "held", Taken = "taken", Declined = "declined", Lapsed = "lapsed",
    }
}
wire_enum! {
    /// Appointment time.
    TimeSlot mirrors domain::booking::TimeSlot {
        NineAm = "9:00", ElevenAm = "11:00", OnePm = "13:00", ThreePm = "15:00", FivePm = "17:00",
    }
}
/// A time slot as a request may name it: one of the five, or "09:00" (what
/// `<input type=time>` sends for 9:00).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum TimeSlotInput {
    #[serde(rename = "9:00")]
    NineAm,
    #[serde(rename = "09:00")]
    NineAmPadded,
    #[serde(rename = "11:00")]
    ElevenAm,
    #[serde(rename = "13:00")]
    OnePm,
    #[serde(rename = "15:00")]
    ThreePm,
    #[serde(rename = "17:00")]
    FivePm,
}

wire_enum! {
    /// Where a day's figure comes from: the standing schedule, a date's
    /// entry, no limit, or closed (a blackout, a blocked entry, or no opening hours).
    LoadSource mirrors domain::booking::LoadSource {
        Standing = "standing", Entry = "entry", Open = "open", Closed = "closed",
    }
}
wire_enum! {
    /// Why a day cannot be booked: passed, beyond the booking horizon, closed
    /// (a blackout, a blocked entry or the opening hours), fully booked,
    /// every time taken, or the Tiny Home's night taken.
    DayReason mirrors domain::booking::DayReason {
        Past = "past", BeyondHorizon = "beyond_horizon", Closed = "closed", Full = "full",
        AllTimesTaken = "all_times_taken", NightTaken = "night_taken",
    }
}
wire_enum! {
    /// What a blackout closes.
    BlackoutType mirrors domain::booking::BlackoutType {
        All = "all", Services = "services", TinyHome = "tiny_home", Retreat = "retreat",
    }
}
wire_enum! {
    /// Accommodation an availability entry is about.
    AccommodationType mirrors domain::booking::AccommodationType { TinyHome = "tiny_home", Retreat = "retreat" }
}
wire_enum! {
    /// Where the owner is with a contact message: `new` until opened in the
    /// dashboard (or marked unread), then `read`, then `answered` (replied to
    /// from the dashboard, or marked so: answered by phone).
    MessageState mirrors domain::content::MessageState {
        New = "new", Read = "read", Answered = "answered",
    }
}
wire_enum! {
    /// Contact-form interest.
    Interest mirrors domain::content::Interest {
        Massage = "massage", Spa = "spa", Accommodation = "accommodation", Package = "package", Products = "products",
        General = "general",
    }
}

wire_enum! {
    /// The quiz's first question.
    WellnessGoal mirrors domain::quiz::WellnessGoal {
        StressRelief = "stress-relief", PhysicalHealing = "physical-healing", SpiritualGrowth = "spiritual-growth",
        SelfCare = "self-care",
    }
}
wire_enum! {
    /// The quiz's second question.
    StressLevel mirrors domain::quiz::StressLevel { Low = "low", Moderate = "moderate", High = "high", Burnout = "burnout" }
}
wire_enum! {
    /// The quiz's third question.
    TimePreference mirrors domain::quiz::TimePreference {
        Quick = "quick", HalfDay = "half-day", FullDay = "full-day", Overnight = "overnight",
    }
}
wire_enum! {
    /// The quiz's fourth question.
    ExperienceType mirrors domain::quiz::ExperienceType {
        HandsOn = "hands-on", Passive = "passive", Active = "active", Holistic = "holistic",
    }
}
wire_enum! {
    /// The quiz's fifth question.
    ProductInterest mirrors domain::quiz::ProductInterest {
        Skincare = "skincare", Aromatherapy = "aromatherapy", Teas = "teas", All = "all",
    }
}

/// A money amount as sent: a string ("24.00") or a JSON number (24).
/// Anything else becomes text that the domain rejects with a clear message.
/// A calendar date as the wire sends it (yyyy-MM-dd), in the field's words.
pub fn calendar_date(text: &str) -> Result<chrono::NaiveDate, String> {
    domain::booking::parse_date(text).map_err(|_| "Must be a date, yyyy-MM-dd".to_owned())
}

/// An optional calendar date: absent or "" is none.
pub fn optional_date(value: Option<&str>) -> Result<Option<chrono::NaiveDate>, String> {
    match value {
        None | Some("") => Ok(None),
        Some(text) => calendar_date(text).map(Some),
    }
}

pub fn amount_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Number(number) => number.to_string(),
        Value::Null => String::new(),
        other => format!("{other}"),
    }
}

/// The value is not a whole number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotWhole;

/// A whole number as sent: a JSON integer, an integral float (60.0) or a
/// digit string ("60"). `Ok(None)` when absent.
pub fn whole_number(value: &Value) -> Result<Option<i64>, NotWhole> {
    match value {
        Value::Null => Ok(None),
        Value::Number(number) => match (number.as_i64(), number.as_f64()) {
            (Some(n), _) => Ok(Some(n)),
            (None, Some(f)) if f.fract() == 0.0 && f.abs() < 9.0e15 => Ok(Some(f as i64)),
            _ => Err(NotWhole),
        },
        Value::String(text) if !text.trim().is_empty() => text.trim().parse().map(Some).map_err(|_| NotWhole),
        Value::String(_) => Ok(None),
        _ => Err(NotWhole),
    }
}

/// For a field whose absence means something else than its `null`: absent
/// stays `None` (with `#[serde(default)]`), `null` arrives as `Some(null)`.
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

/// A nested part of a body that must be a JSON object (or null for none).
/// Serde reads a struct from an array as well, so a part whose every field
/// is optional would otherwise take `[]` or `["a"]` as "change nothing".
pub fn object_or_null<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    use serde::de::{Error, Unexpected};
    match Value::deserialize(deserializer)? {
        Value::Null => Ok(None),
        value @ Value::Object(_) => serde_json::from_value(value).map(Some).map_err(D::Error::custom),
        Value::Array(_) => Err(D::Error::invalid_type(Unexpected::Seq, &"an object")),
        Value::Bool(b) => Err(D::Error::invalid_type(Unexpected::Bool(b), &"an object")),
        Value::Number(_) => Err(D::Error::invalid_type(Unexpected::Other("a number"), &"an object")),
        Value::String(s) => Err(D::Error::invalid_type(Unexpected::Str(&s), &"an object")),
    }
}

/// A whole-number field for a domain rule. A value that is not a whole
/// number becomes one out of every range, so the rule's range message answers it.
pub fn form_whole(value: &Value) -> Option<i64> {
    whole_number(value).unwrap_or(Some(i64::MIN))
}

/// The dashboard's choice of "nothing" for a select: it sends the literal
/// text "none"; null and "" mean the same. Any other text is the choice.
pub fn chosen(value: Option<&str>) -> Option<&str> {
    value.filter(|v| !v.is_empty() && *v != "none")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn whole_numbers_accept_integers_integral_floats_and_digit_strings() {
        assert_eq!(whole_number(&json!(60)), Ok(Some(60)));
        assert_eq!(whole_number(&json!(60.0)), Ok(Some(60)));
        assert_eq!(whole_number(&json!("60")), Ok(Some(60)));
        assert_eq!(whole_number(&json!(null)), Ok(None));
        assert_eq!(whole_number(&json!(1.5)), Err(NotWhole));
        assert_eq!(whole_number(&json!("sixty")), Err(NotWhole));
        assert_eq!(whole_number(&json!([1])), Err(NotWhole));
        assert_eq!(whole_number(&json!(1e300)), Err(NotWhole));
    }

    #[test]
    fn amounts_keep_their_text() {
        assert_eq!(amount_text(&json!("24.50")), "24.50");
        assert_eq!(amount_text(&json!(24.5)), "24.5");
        assert_eq!(amount_text(&json!(null)), "");
        assert_eq!(amount_text(&json!(true)), "true");
    }
}
