//! Field types of the request bodies, one per rule of the domain's
//! validation (`domain::validation`, `domain::money`, ...). Each is its own
//! schema in the OpenAPI document, built from the domain's limits, so the
//! document states exactly what the server accepts; a test checks every
//! pattern against the domain function it describes.
//!
//! They deserialize as the plain JSON value and hold it unchecked: the
//! domain's forms do the checking, with the specification's messages.

use serde::Deserialize;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, SchemaType, Type};
use utoipa::openapi::{KnownFormat, RefOr};

use domain::admin::LOGIN_FIELD_MAX;
use domain::booking::MAX_CAPACITY_LIMIT;
use domain::catalog::{MAX_DURATION_MINUTES, MAX_SORT_ORDER};
use domain::content::SLUG_MAX;
use domain::validation::PHONE_MAX;
use domain::validation::{ARTICLE_MAX, EMAIL_MAX, LONG_TEXT_MAX, SHORT_TEXT_MAX, URL_MAX};

/// Unicode White_Space, as Rust's `char::is_whitespace` and `str::trim` read it.
const WHITESPACE: &str = r"\u0009-\u000d\u0020\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";
/// Whitespace and control characters: what a text must have more than to
/// count as filled in (`domain::validation::is_visible`).
const INVISIBLE: &str = r"\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";

pub fn visible_text_pattern() -> String {
    format!(r"^[^\u0000]*[^{INVISIBLE}][^\u0000]*$")
}
pub const NO_NUL_PATTERN: &str = r"^[^\u0000]*$";
/// What breaks a line (`domain::validation::breaks_line`): control
/// characters and the line and paragraph separators.
const LINE_BREAKS: &str = r"\u0000-\u001f\u007f-\u009f\u2028\u2029";
/// What counts as blank in optional text: invisible characters but NUL.
const BLANK: &str = r"\u0001-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";
/// Single-line text (`domain::validation::ShortText`): whitespace around one
/// line that nothing breaks.
pub fn one_line_pattern() -> String {
    let line = format!(r"[^{WHITESPACE}{LINE_BREAKS}]([^{LINE_BREAKS}]*[^{WHITESPACE}{LINE_BREAKS}])?");
    format!(r"^[{WHITESPACE}]*{line}[{WHITESPACE}]*$")
}
/// Optional single-line text: blank (none), or one line.
pub fn optional_one_line_pattern() -> String {
    let line = format!(r"[^{WHITESPACE}{LINE_BREAKS}]([^{LINE_BREAKS}]*[^{WHITESPACE}{LINE_BREAKS}])?");
    format!(r"^([{BLANK}]*|[{WHITESPACE}]*{line}[{WHITESPACE}]*)$")
}
/// `domain::validation::Email` (without the surrounding whitespace it ignores).
pub const EMAIL_PATTERN: &str = r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$";
/// `domain::booking::parse_date`.
pub const DATE_PATTERN: &str = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
/// A date, or the empty text a form sends for none.
const OPTIONAL_DATE_PATTERN: &str = r"^([0-9]{4}-[0-9]{2}-[0-9]{2})?$";
/// `domain::money::Money::parse`: at most 8 whole digits (leading zeros
/// aside) and 2 decimals.
pub const MONEY_PATTERN: &str = r"^0*[0-9]{1,8}(\.[0-9]{0,2})?$";
/// `domain::validation::media_url`.
pub fn media_url_pattern() -> String {
    format!(r"^([Hh][Tt][Tt][Pp][Ss]?://[^{INVISIBLE}]+|/[A-Za-z0-9\-._~%!$&'()*+,;=:@][^{INVISIBLE}]*)$")
}
/// `domain::content::Slug::parse`: letters and digits in runs joined by one
/// hyphen or by whitespace (which becomes a hyphen), lower-cased. U+212A
/// (Kelvin sign) lower-cases to "k".
pub fn slug_pattern() -> String {
    let word = r"[A-Za-z0-9\u212a]+";
    format!(r"^[{WHITESPACE}]*{word}((-|[{WHITESPACE}]+){word})*[{WHITESPACE}]*$")
}
/// A login field: anything with a character that is not whitespace.
pub fn not_blank_pattern() -> String {
    format!(r"[^{WHITESPACE}]")
}

fn string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

fn nullable(builder: ObjectBuilder) -> ObjectBuilder {
    builder.schema_type(SchemaType::from_iter([Type::String, Type::Null]))
}

/// An amount as a JSON number: `domain::money::Money`'s range, in cents.
fn money_number() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Number)
        .minimum(Some(0))
        .maximum(Some(99_999_999.99))
        .multiple_of(Some(0.01))
}

/// Declares a field type holding the raw JSON value, with its schema.
macro_rules! field {
    ($(#[$meta:meta])* $name:ident($inner:ty) => $schema:expr) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl $name {
            pub fn into_inner(self) -> $inner {
                self.0
            }
        }

        impl utoipa::PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                let schema: Schema = $schema.into();
                RefOr::T(schema)
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}

fn required_text(max: usize, what: &str) -> ObjectBuilder {
    string()
        .description(Some(format!(
            "{what}: 1 to {max} characters, at least one of them neither whitespace nor a control character, \
             no NUL; surrounding whitespace is trimmed."
        )))
        .min_length(Some(1))
        .max_length(Some(max))
        .pattern(Some(visible_text_pattern()))
}

fn required_line(max: usize, what: &str) -> ObjectBuilder {
    string()
        .description(Some(format!(
            "{what}: one line of 1 to {max} characters, at least one of them neither whitespace nor a control \
             character, with no line break, tab or other control character inside; surrounding whitespace is trimmed."
        )))
        .min_length(Some(1))
        .max_length(Some(max))
        .pattern(Some(one_line_pattern()))
}

fn optional_line(max: usize, what: &str) -> ObjectBuilder {
    nullable(string())
        .description(Some(format!(
            "{what}: one line of at most {max} characters, with no line break, tab or other control character \
             inside; null, or only whitespace, means none."
        )))
        .max_length(Some(max))
        .pattern(Some(optional_one_line_pattern()))
}

fn optional_text(max: usize, what: &str) -> ObjectBuilder {
    nullable(string())
        .description(Some(format!(
            "{what}: at most {max} characters, no NUL; null, or only whitespace, means none."
        )))
        .max_length(Some(max))
        .pattern(Some(NO_NUL_PATTERN))
}

field!(
    /// A name, title or other single-line text.
    ShortText(String) => required_line(SHORT_TEXT_MAX, "Short text")
);
field!(
    /// A description or message.
    LongText(String) => required_text(LONG_TEXT_MAX, "Long text")
);
field!(
    /// A journal post's body.
    ArticleText(String) => required_text(ARTICLE_MAX, "Article text")
);
field!(
    /// Optional single-line text.
    OptionalShortText(Option<String>) => optional_line(SHORT_TEXT_MAX, "Optional short text")
);
field!(
    /// Optional notes or reasons.
    OptionalLongText(Option<String>) => optional_text(LONG_TEXT_MAX, "Optional long text")
);
field!(
    /// A gift card buyer's message.
    GiftMessage(Option<String>) => optional_text(domain::gift_card::MESSAGE_MAX, "The buyer's message (line breaks kept)")
);
field!(
    /// An email address.
    EmailAddress(String) => string()
        // The pattern is the whole rule: the `email` format means slightly
        // different things to different validators (IDNA label rules, quoted
        // local parts), so it is left out rather than half-true.
        .description(Some(format!(
            "An email address (local@domain.tld: no quotes, no spaces, letters, digits and hyphens in the domain), \
             at most {EMAIL_MAX} characters; surrounding whitespace is ignored and it is stored lower-case."
        )))
        .max_length(Some(EMAIL_MAX))
        .pattern(Some(EMAIL_PATTERN))
);
field!(
    /// A calendar date.
    CalendarDate(String) => string()
        .description(Some("A calendar date, yyyy-MM-dd."))
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date)))
        .pattern(Some(DATE_PATTERN))
        .examples(["2026-12-18"])
);
field!(
    /// An optional calendar date.
    OptionalCalendarDate(Option<String>) => nullable(string())
        .description(Some("A calendar date, yyyy-MM-dd; null or \"\" for none."))
        .pattern(Some(OPTIONAL_DATE_PATTERN))
        .examples(["2026-12-20"])
);
field!(
    /// A calendar month.
    CalendarMonth(String) => string()
        .description(Some("A calendar month, yyyy-MM."))
        .pattern(Some(r"^[0-9]{4}-(0[1-9]|1[0-2])$"))
        .examples(["2026-12"])
);
field!(
    /// An image or video address.
    MediaUrl(String) => string()
        .description(Some(format!(
            "An http(s) URL, or a site-relative path: one '/' then a path character (not '/' or '\\\\'). \
             At most {URL_MAX} characters; no whitespace or control characters."
        )))
        .min_length(Some(1))
        .max_length(Some(URL_MAX))
        .pattern(Some(media_url_pattern()))
        .examples(["/media/products/alpine-cedar-face-oil.webp"])
);
field!(
    /// An amount of money.
    Money(serde_json::Value) => OneOfBuilder::new()
        .description(Some("Dollars: a string with at most 2 decimals (\"38.00\"), or a JSON number with at most 2 decimals; 0 to 99999999.99."))
        .item(string().pattern(Some(MONEY_PATTERN)).examples(["38.00"]))
        .item(money_number())
);

field!(
    /// A service's fixed deposit.
    DepositAmount(serde_json::Value) => OneOfBuilder::new()
        .description(Some(
            "A fixed deposit in dollars (as `price`); 0 for none. Left out or null (with `depositPercent`), an \
             update keeps the deposit the service asks for.",
        ))
        .item(string().pattern(Some(MONEY_PATTERN)).examples(["25.00"]))
        .item(money_number())
);
field!(
    /// A service's deposit as a share of the booking's price.
    DepositPercent(serde_json::Value) => whole(0, 100, "A deposit as a percentage of the booking's price; 0 for none")
);

/// `domain::promo::PromoCodeText`: letters, digits and hyphens, surrounding
/// whitespace ignored.
pub fn promo_code_pattern() -> String {
    format!(
        r"^[{WHITESPACE}]*[A-Za-z0-9-]{{{},{}}}[{WHITESPACE}]*$",
        domain::promo::CODE_MIN,
        domain::promo::CODE_MAX
    )
}
/// A promo code, or blank for none.
pub fn optional_promo_code_pattern() -> String {
    format!(
        r"^[{WHITESPACE}]*([A-Za-z0-9-]{{{},{}}}[{WHITESPACE}]*)?$",
        domain::promo::CODE_MIN,
        domain::promo::CODE_MAX
    )
}

field!(
    /// A promo code as the owner names it.
    PromoCodeName(String) => string()
        .description(Some(format!(
            "{} to {} letters, digits or hyphens; case does not matter (kept in capitals), surrounding whitespace \
             is ignored.",
            domain::promo::CODE_MIN,
            domain::promo::CODE_MAX
        )))
        .pattern(Some(promo_code_pattern()))
        .examples(["SPRING-10"])
);
field!(
    /// A promo code a guest gives, or none.
    OptionalPromoCode(Option<String>) => nullable(string())
        .description(Some("A promo code (letters, digits or hyphens, any case); null or blank for none."))
        .pattern(Some(optional_promo_code_pattern()))
        .examples(["SPRING-10"])
);
/// `domain::gift_card::GiftCardCode` as a guest types it: its 20 characters
/// in any case, with any hyphens and whitespace between them.
pub fn gift_card_code_pattern() -> String {
    let letters = "2-9A-HJKMNP-Za-hjkmnp-z";
    format!(r"^([{WHITESPACE}-]*[{letters}]){{{}}}[{WHITESPACE}-]*$", domain::gift_card::CODE_LENGTH)
}
/// A gift card code, or blank for none.
pub fn optional_gift_card_code_pattern() -> String {
    let letters = "2-9A-HJKMNP-Za-hjkmnp-z";
    format!(
        r"^[{WHITESPACE}]*(([{WHITESPACE}-]*[{letters}]){{{}}}[{WHITESPACE}-]*)?$",
        domain::gift_card::CODE_LENGTH
    )
}

field!(
    /// A gift card's code.
    GiftCardCodeText(String) => string()
        .description(Some("A gift card's 20 letters and digits as printed (any case; hyphens and spaces are ignored)."))
        .pattern(Some(gift_card_code_pattern()))
        .examples(["K7QM-R2XD-9HPT-WV3A-BC4E"])
);
field!(
    /// A gift card a guest pays with, or none.
    OptionalGiftCardCode(Option<String>) => nullable(string())
        .description(Some("A gift card's code (any case; hyphens and spaces ignored); null or blank for none."))
        .pattern(Some(optional_gift_card_code_pattern()))
        .examples(["K7QM-R2XD-9HPT-WV3A-BC4E"])
);
field!(
    /// An amount of money, or none.
    OptionalMoney(serde_json::Value) => OneOfBuilder::new()
        .description(Some("Dollars as `Money`, or null (or left out) for none."))
        .item(string().pattern(Some(MONEY_PATTERN)).examples(["10.00"]))
        .item(money_number())
        .item(ObjectBuilder::new().schema_type(Type::Null))
);
field!(
    /// A percentage off, or none.
    OptionalPercent(serde_json::Value) => ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
        .description(Some("A whole number from 1 to 100 (percent off), or null for none."))
        .minimum(Some(1))
        .maximum(Some(100))
);
field!(
    /// A use limit, or none.
    OptionalUseLimit(serde_json::Value) => ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
        .description(Some(format!(
            "A whole number from 1 to {}, or null for no limit.",
            domain::promo::MAX_USE_LIMIT
        )))
        .minimum(Some(1))
        .maximum(Some(domain::promo::MAX_USE_LIMIT))
);

field!(
    /// A journal post's slug.
    SlugText(String) => string()
        .description(Some(format!(
            "Lowercase letters, digits and single hyphens, at most {SLUG_MAX} characters as sent; capitals are \
             lower-cased and whitespace between words becomes a hyphen, as the editor does."
        )))
        .min_length(Some(1))
        .max_length(Some(SLUG_MAX))
        .pattern(Some(slug_pattern()))
        .examples(["forest-bathing-for-beginners"])
);
field!(
    /// An optional phone number.
    PhoneText(Option<String>) => optional_line(PHONE_MAX, "A phone number")
);
field!(
    /// What a login form sends for the email (any text: a wrong one is
    /// answered like a wrong password).
    LoginEmail(String) => string()
        .description(Some(format!("The admin's email, at most {LOGIN_FIELD_MAX} characters.")))
        .min_length(Some(1))
        .max_length(Some(LOGIN_FIELD_MAX))
        .pattern(Some(not_blank_pattern()))
);
field!(
    /// What a login form sends for the password.
    LoginPassword(String) => string()
        .description(Some(format!("At most {LOGIN_FIELD_MAX} characters.")))
        .min_length(Some(1))
        .max_length(Some(LOGIN_FIELD_MAX))
);

field!(
    /// The secret of a mailed single-use link (an invitation, a password reset).
    LinkToken(String) => string()
        .description(Some("The secret after `#` in the mailed link.".to_owned()))
        .min_length(Some(1))
        .max_length(Some(LOGIN_FIELD_MAX))
);

field!(
    /// The secret of a sign-in step or passkey ceremony, as the server answered it.
    ChallengeToken(String) => string()
        .description(Some("The `challenge` the server answered when the step began.".to_owned()))
        .min_length(Some(1))
        .max_length(Some(LOGIN_FIELD_MAX))
);
field!(
    /// What the member typed at the second step.
    SecondFactorCodeText(String) => string()
        .description(Some(
            "The 6-digit code from the authenticator app, or a recovery code (`xxxxx-xxxxx`); spaces, dashes \
             and case do not matter."
                .to_owned(),
        ))
        .min_length(Some(1))
        .max_length(Some(LOGIN_FIELD_MAX))
);
field!(
    /// A WebAuthn credential as the browser's `PublicKeyCredential.toJSON()` gives it.
    WebauthnCredential(serde_json::Value) => ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some("The browser's `PublicKeyCredential`, as its `toJSON()` gives it.".to_owned()))
);

fn whole(minimum: i64, maximum: i64, what: &str) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .description(Some(format!(
            "{what}: a whole number from {minimum} to {maximum} (an integral JSON number such as 60.0, or a \
             digit string such as \"60\", is read as the same number)."
        )))
        .minimum(Some(minimum))
        .maximum(Some(maximum))
}

field!(
    /// A service's length in minutes.
    DurationMinutes(serde_json::Value) => whole(1, MAX_DURATION_MINUTES, "Minutes")
);
field!(
    /// An availability entry's capacity.
    Capacity(serde_json::Value) => whole(1, MAX_CAPACITY_LIMIT, "Guests")
);
field!(
    /// A standing figure: guests per time, or Tiny Home units per night; null for no standing limit.
    StandingCapacity(serde_json::Value) => whole(1, i64::from(domain::booking::MAX_STANDING_CAPACITY), "Guests or units")
        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([Type::Integer, Type::Null]))
);
field!(
    /// How many hours before it begins a booking may be made.
    NoticeHours(serde_json::Value) => whole(0, i64::from(domain::booking::MAX_NOTICE_HOURS), "Hours")
);
field!(
    /// How many times a guest may move a booking herself.
    FreeMoves(serde_json::Value) => whole(0, i64::from(domain::booking::MAX_FREE_MOVES), "Moves")
);
field!(
    /// How long a waitlist offer is held, in minutes.
    OfferHoldMinutes(serde_json::Value) => whole(
        i64::from(domain::waitlist::OFFER_HOLD_MINUTES_MIN),
        i64::from(domain::waitlist::OFFER_HOLD_MINUTES_MAX),
        "Minutes"
    )
);
field!(
    /// Hours before a treatment its first reminder goes.
    ReminderHours(serde_json::Value) => whole(1, i64::from(domain::reminders::MAX_TREATMENT_FIRST_HOURS), "Hours")
);
field!(
    /// Days before a stay its first reminder goes.
    ReminderDays(serde_json::Value) => whole(1, i64::from(domain::reminders::MAX_STAY_FIRST_DAYS), "Days")
);
field!(
    /// Days before a stay its second reminder goes (fewer than the first's).
    ReminderDaysOrZero(serde_json::Value) => whole(0, i64::from(domain::reminders::MAX_STAY_FIRST_DAYS) - 1, "Days")
);
field!(
    /// A listing calendar's name ("Airbnb").
    ImportName(String) => required_line(domain::stay_sync::MAX_NAME_CHARS, "Name")
);
/// A listing calendar's address (`domain::stay_sync::NewStayImport`): an
/// `http://`, `https://` or `webcal://` address (any case) with a host (no
/// `@` in it, not beginning with `:`), no whitespace or control character
/// inside, surrounding whitespace trimmed.
pub fn import_address_pattern() -> String {
    let scheme = "([hH][tT][tT][pP][sS]?|[wW][eE][bB][cC][aA][lL])";
    format!(
        r"^[{WHITESPACE}]*{scheme}://[^{INVISIBLE}/?#@:][^{INVISIBLE}/?#@]*([/?#][^{INVISIBLE}]*)?[{WHITESPACE}]*$"
    )
}
field!(
    /// A listing calendar's export address (`https://`, `http://` or `webcal://`).
    ImportAddress(String) => string()
        .description(Some(format!(
            "A listing calendar's address: http://, https:// or webcal:// (read as https://) and a host, at most {} \
             characters, nothing invisible inside; surrounding whitespace is trimmed.",
            domain::stay_sync::MAX_URL_CHARS
        )))
        .min_length(Some(1))
        .max_length(Some(domain::stay_sync::MAX_URL_CHARS))
        .pattern(Some(import_address_pattern()))
);
field!(
    /// Minutes between fetches of the listing calendars.
    SyncMinutes(serde_json::Value) => whole(
        i64::from(domain::stay_sync::MIN_EVERY_MINUTES),
        i64::from(domain::stay_sync::MAX_EVERY_MINUTES),
        "Minutes"
    )
);
field!(
    /// An hour of the day, retreat time.
    HourOfDay(serde_json::Value) => whole(0, 23, "Hour")
);
field!(
    /// How many days ahead guests may book; null for no limit.
    HorizonDays(serde_json::Value) => whole(1, i64::from(domain::booking::MAX_HORIZON_DAYS), "Days")
        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([Type::Integer, Type::Null]))
);
field!(
    /// A product's stock: a whole number, or null for unlimited.
    StockQuantity(serde_json::Value) => whole(0, i64::from(domain::catalog::MAX_STOCK), "How many are left")
        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([Type::Integer, Type::Null]))
);
field!(
    /// A rating's stars.
    RatingStars(serde_json::Value) => whole(1, 5, "Stars")
);
field!(
    /// A guest's comment on her visit, or the owner's public reply.
    RatingText(Option<String>) => optional_text(domain::after_visit::COMMENT_MAX, "Text (line breaks kept)")
);
field!(
    /// A service's aftercare words, for the thank-you after a visit.
    AftercareText(Option<String>) => optional_text(domain::after_visit::AFTERCARE_MAX, "Aftercare words (line breaks kept)")
);
field!(
    /// After how many days a service's guests are invited back; null for never.
    ReturnAfterDays(serde_json::Value) => whole(1, i64::from(domain::after_visit::RETURN_AFTER_DAYS_MAX), "Days")
        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([Type::Integer, Type::Null]))
);
field!(
    /// A position in a product's gallery.
    SortOrder(serde_json::Value) => whole(0, MAX_SORT_ORDER, "Position")
);

/// One of `values` as text, or null.
fn choice<'a>(values: impl IntoIterator<Item = &'a str>, description: &str) -> ObjectBuilder {
    let mut values: Vec<serde_json::Value> = values.into_iter().map(serde_json::Value::from).collect();
    values.push(serde_json::Value::Null);
    nullable(string()).description(Some(description)).enum_values(Some(values))
}

fn texts<T: Copy + Into<&'static str>>(all: &'static [T]) -> impl Iterator<Item = &'static str> {
    all.iter().map(|value| (*value).into())
}

field!(
    /// The service an availability entry is about.
    ServiceIdChoice(Option<String>) => utoipa::openapi::schema::AnyOfBuilder::new()
        .description(Some("A service's id; \"none\", \"\" or null for no service."))
        .item(string().format(Some(SchemaFormat::KnownFormat(KnownFormat::Uuid))))
        .item(choice(["none", ""], "No service."))
);
field!(
    /// The written rule a rating is taken down under; null to show it again.
    HideRuleChoice(Option<String>) => choice(
        texts(domain::after_visit::HideRule::ALL),
        "The written rule it breaks; null to show it again.",
    )
);
field!(
    /// The accommodation an availability entry is about.
    AccommodationChoice(Option<String>) => choice(
        texts(domain::booking::AccommodationType::ALL).chain(["none", ""]),
        "An accommodation type; \"none\", \"\" or null for none.",
    )
);
field!(
    /// The time an availability entry is about.
    TimeSlotChoice(Option<String>) => choice(
        texts(domain::booking::TimeSlot::ALL).chain(["09:00", "none", ""]),
        "One of the five times (\"09:00\" is 9:00); \"none\", \"\" or null for the whole day.",
    )
);
field!(
    /// What a blackout closes.
    BlackoutTypeChoice(Option<String>) => choice(
        texts(domain::booking::BlackoutType::ALL).chain([""]),
        "What the period closes; \"\" or null (or leaving it out) means all.",
    )
);
field!(
    /// What a promo code is good for.
    PromoScopeField(Option<String>) => choice(
        texts(domain::promo::PromoScope::ALL),
        "What the code is for: the shop, bookings, or both; null (or leaving it out) means both.",
    )
);
field!(
    /// What a contact message is about.
    InterestChoice(Option<String>) => choice(
        texts(domain::content::Interest::ALL).chain([""]),
        "What the message is about; \"\" or null for nothing in particular.",
    )
);

/// The booking key a service save names: left out (`None`), null or "none"
/// or "" (`Some(None)`), or a key.
#[derive(Debug, Clone, Default)]
pub struct BookingKeyChoice(pub Option<Option<String>>);

impl<'de> Deserialize<'de> for BookingKeyChoice {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Option::<String>::deserialize(deserializer).map(|value| Self(Some(value)))
    }
}

impl utoipa::PartialSchema for BookingKeyChoice {
    fn schema() -> RefOr<Schema> {
        RefOr::T(
            choice(
                texts(domain::booking::ServiceKey::ALL).chain(["none", ""]),
                "The booking key guests book this service under; null, \"none\" or \"\" for none. \
                 Left out, a create gives none and an update keeps the current key.",
            )
            .into(),
        )
    }
}

impl utoipa::ToSchema for BookingKeyChoice {}

/// One cart line as a checkout sends it.
fn order_line() -> ObjectBuilder {
    use domain::order::MAX_QUANTITY;
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some(
            "A cart line. Only productId and quantity count: the name and price charged come from the catalogue.",
        ))
        .property("productId", string().format(Some(SchemaFormat::KnownFormat(KnownFormat::Uuid))))
        .required("productId")
        .property("quantity", whole(1, MAX_QUANTITY, "How many"))
        .required("quantity")
        .property("productName", ObjectBuilder::new().description(Some("Ignored.")))
        .property("price", ObjectBuilder::new().description(Some("Ignored.")))
}

field!(
    /// A checkout's cart lines.
    OrderItems(serde_json::Value) => OneOfBuilder::new()
        .description(Some(format!(
            "The cart: a list of 1 to {} lines, each product at most once, given as the list itself or as \
             JSON text of it (as the specification's client sends). An unknown product is a 400.",
            domain::order::MAX_LINES
        )))
        .item(
            utoipa::openapi::schema::ArrayBuilder::new()
                .items(order_line())
                .min_items(Some(1))
                .max_items(Some(domain::order::MAX_LINES)),
        )
        .item(
            string()
                .description(Some("JSON text of the list."))
                .content_media_type("application/json")
                .examples([r#"[{"productId":"3f2b8c1e-6d7a-4c1e-9f0a-2b7c8d9e0f11","quantity":2}]"#]),
        )
);

#[cfg(test)]
mod tests {
    //! Each documented pattern (with its length limits) accepts exactly what
    //! the domain rule it describes accepts, over hand-picked edge cases and
    //! a few thousand random strings.
    use regex::Regex;

    use super::*;
    use domain::validation::{Email, LongText, MediaUrl, ShortText};

    /// Characters that sit on the rules' edges.
    const POOL: &[char] = &[
        'a', 'Z', '0', '9', '-', '.', '_', '@', '/', '\\', ':', '%', '+', '!', '~', '#', '`', '{', ' ', '\t',
        '\n', '\r', '\u{0}', '\u{1}', '\u{1c}', '\u{7f}', '\u{85}', '\u{a0}', '\u{ad}', '\u{1680}',
        '\u{2007}', '\u{200b}', '\u{2028}', '\u{202f}', '\u{3000}', '\u{feff}', '\u{212a}', 'é', 'ß', '💆',
    ];

    /// A deterministic stream of strings over `POOL` (xorshift).
    fn samples(count: usize, max_len: usize, prefixes: &[&str]) -> Vec<String> {
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..count)
            .map(|_| {
                let len = (next() % (max_len as u64 + 1)) as usize;
                let body: String = (0..len).map(|_| POOL[(next() % POOL.len() as u64) as usize]).collect();
                let prefix =
                    prefixes.get((next() % (prefixes.len() as u64 + 1)) as usize).copied().unwrap_or("");
                format!("{prefix}{body}")
            })
            .collect()
    }

    fn documented(pattern: &str, min: usize, max: usize, text: &str) -> bool {
        thread_local! {
            static COMPILED: std::cell::RefCell<std::collections::HashMap<String, Regex>> = Default::default();
        }
        let count = text.chars().count();
        let matches = COMPILED.with(|compiled| {
            compiled
                .borrow_mut()
                .entry(pattern.to_owned())
                .or_insert_with(|| Regex::new(pattern).expect("pattern"))
                .is_match(text)
        });
        matches && (min..=max).contains(&count)
    }

    #[test]
    fn visible_text_pattern_is_required_text() {
        let cases =
            ["", " ", "a", " a ", "\u{0}a", "\u{1}", "\u{ad}", "\u{feff}", "\u{200b}", "\u{85}x", "💆"];
        // The limit counts characters as sent, surrounding spaces included.
        let longest = [" ".to_owned() + &"é".repeat(LongText::MAX - 1), "a".repeat(LongText::MAX + 1)];
        for text in cases.iter().map(|s| (*s).to_owned()).chain(longest).chain(samples(4000, 8, &[])) {
            assert_eq!(
                documented(&visible_text_pattern(), 1, LongText::MAX, &text),
                LongText::parse(&text).is_ok(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn one_line_patterns_are_single_line_text() {
        let cases = [
            "",
            " ",
            "a",
            " a ",
            "Ada Lovelace",
            "Ada\nLovelace",
            "\nAda\r\n",
            "Ada\tX",
            "\tAda\t",
            "a\u{85}",
            "\u{85}a\u{85}b",
            "\u{1}",
            "\u{1}a",
            "a\u{1}",
            " \u{1} ",
            "Café\u{a0}du\u{3000}Lac",
            "a\u{2028}b",
            "\u{2028}a",
            "\u{ad}",
            "\u{200b}",
            "\u{0}",
            "a\u{0}",
            "\u{7f}",
            "💆",
        ];
        let longest = [" ".to_owned() + &"é".repeat(ShortText::MAX - 1), "a".repeat(ShortText::MAX + 1)];
        let generated = samples(4000, 8, &["\n", "\t", "\u{85}", "\u{2029}", " "]);
        for text in cases.iter().map(|s| (*s).to_owned()).chain(longest).chain(generated) {
            assert_eq!(
                documented(&one_line_pattern(), 1, ShortText::MAX, &text),
                ShortText::parse(&text).is_ok(),
                "{text:?}"
            );
            assert_eq!(
                documented(&optional_one_line_pattern(), 0, ShortText::MAX, &text),
                ShortText::parse_optional(Some(&text)).is_ok(),
                "optional {text:?}"
            );
        }
    }

    #[test]
    fn the_import_address_pattern_is_the_domains_rule() {
        let check = |url: &str| domain::stay_sync::NewStayImport::parse("Airbnb", url).is_ok();
        let cases = [
            "",
            "https://www.airbnb.com/calendar/ical/1.ics?s=abc",
            " https://x.test/a.ics\t",
            "HTTP://X.TEST",
            "webcal://x.test/a.ics",
            "WebCal://x.test",
            "http://127.0.0.1:8080/vrbo.ics",
            "https://",
            "https:///a",
            "https://:80/a",
            "https://user@x.test/a",
            "https://x.test/a@b",
            "https://a b.test/",
            "https://x.test/\u{85}",
            "\u{85}https://x.test/",
            "https://x.test/\u{ad}",
            "https://x.test/\u{2028}",
            "ftp://x.test/a.ics",
            "javascript:alert(1)",
            "https://x.test?q",
            "https://x.test#f",
            "http:/x.test",
            "💆://x",
            "https://💆.test/",
        ];
        let longest = [
            "https://x.test/".to_owned() + &"a".repeat(1985),
            "https://x.test/".to_owned() + &"a".repeat(1986),
        ];
        let name_ok = |name: &str| domain::stay_sync::NewStayImport::parse(name, "https://x.test").is_ok();
        let names = [
            "",
            " ",
            "Airbnb",
            " VRBO ",
            "a\u{2028}b",
            "a\u{85}b",
            "\tA\t",
            &"é".repeat(61),
            &"é".repeat(60),
        ];
        for name in names.iter().map(|s| (*s).to_owned()).chain(samples(2000, 8, &["\n", " ", "\u{85}"])) {
            assert_eq!(
                documented(&one_line_pattern(), 1, domain::stay_sync::MAX_NAME_CHARS, &name),
                name_ok(&name),
                "name {name:?}"
            );
        }
        let generated = samples(3000, 8, &["https://", "webcal://", "/", "@", ":", " ", "\u{85}", "?"]);
        for text in cases.iter().map(|s| (*s).to_owned()).chain(longest).chain(generated) {
            assert_eq!(
                documented(&import_address_pattern(), 1, domain::stay_sync::MAX_URL_CHARS, &text),
                check(&text),
                "{text:?}"
            );
        }
    }

    #[test]
    fn no_nul_pattern_is_optional_text() {
        let longest = ["a".repeat(LongText::MAX), "a".repeat(LongText::MAX + 1)];
        for text in longest.into_iter().chain(samples(2000, 8, &[])) {
            assert_eq!(
                documented(NO_NUL_PATTERN, 0, LongText::MAX, &text),
                LongText::parse_optional(Some(&text)).is_ok(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn promo_code_patterns_are_the_promo_code_rule() {
        let cases =
            ["SPRING-10", " spring-10 ", "ab", "abc", "a b c", "ÉTÉ10", "aß-x", "\u{a0}WELCOME\t", ""];
        let generated = samples(4000, 12, &["SPR", "-10", "x y", "ß", " "]);
        for text in cases.iter().map(|s| (*s).to_owned()).chain(generated) {
            let accepted = domain::promo::PromoCodeText::parse(&text).is_ok();
            assert_eq!(documented(&promo_code_pattern(), 0, usize::MAX, &text), accepted, "{text:?}");
            let blank = text.trim().is_empty();
            assert_eq!(
                documented(&optional_promo_code_pattern(), 0, usize::MAX, &text),
                accepted || blank,
                "{text:?}"
            );
        }
    }

    #[test]
    fn gift_card_code_patterns_are_the_gift_card_code_rule() {
        let cases = [
            "K7QM-R2XD-9HPT-WV3A-BC4E",
            "k7qmr2xd9hptwv3abc4e",
            " K7QM R2XD 9HPT WV3A BC4E ",
            "K7QM-R2XD-9HPT-WV3A-BC4",
            "K7QM-R2XD-9HPT-WV3A-BC40",
            "--K7QM-R2XD-9HPT-WV3A-BC4E--",
            "K7QM\u{a0}R2XD9HPTWV3ABC4E",
            "",
            "   ",
        ];
        let generated = samples(4000, 26, &["K7QM", "-", " ", "0", "l", "\u{a0}"]);
        for text in cases.iter().map(|s| (*s).to_owned()).chain(generated) {
            let accepted = domain::gift_card::GiftCardCode::parse(&text).is_ok();
            assert_eq!(documented(&gift_card_code_pattern(), 0, usize::MAX, &text), accepted, "{text:?}");
            let blank = text.trim().is_empty();
            assert_eq!(
                documented(&optional_gift_card_code_pattern(), 0, usize::MAX, &text),
                accepted || blank,
                "{text:?}"
            );
        }
    }

    #[test]
    fn email_pattern_is_the_email_rule() {
        let cases =
            ["a@b.co", "a.b+c@x-y.example", "a@b", "a@-b.co", "a@b-.co", "a..b@c.de", "@b.co", "a@b..co"];
        let generated = samples(4000, 10, &["ab@cd.", "x@y.z", "q@", "hi.there@"]);
        for text in cases.iter().map(|s| (*s).to_owned()).chain(generated) {
            if text.trim() != text {
                continue; // surrounding whitespace is ignored, and left out of the pattern
            }
            assert_eq!(
                documented(EMAIL_PATTERN, 1, EMAIL_MAX, &text),
                Email::parse(&text).is_ok(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn media_url_pattern_is_the_url_rule() {
        let cases =
            ["/a", "//a", "/\\a", "/%2F", "/", "https://", "HTTP://x", "https:/x", "/a b", "javascript:x"];
        let generated = samples(4000, 6, &["/", "https://", "http://", "//", "/\\", "ftp://"]);
        for text in cases.iter().map(|s| (*s).to_owned()).chain(generated) {
            assert_eq!(
                documented(&media_url_pattern(), 1, URL_MAX, &text),
                MediaUrl::parse(&text).is_ok(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn slug_pattern_is_the_slug_rule() {
        let cases = ["a", "a-b", "A B", "a--b", "a -b", "-a", "a-", " a ", "\u{212a}", "a\u{3000}b", "é"];
        for text in cases.iter().map(|s| (*s).to_owned()).chain(samples(4000, 6, &["ab", "a-b"])) {
            assert_eq!(
                documented(&slug_pattern(), 1, SLUG_MAX, &text),
                domain::content::Slug::parse(&text).is_ok(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn money_and_date_patterns_are_their_rules() {
        for text in [
            "0",
            "00",
            "1.",
            "1.5",
            "1.55",
            "1.555",
            ".5",
            "12345678",
            "123456789",
            "0123456789",
            "-1",
            "1e3",
        ] {
            assert_eq!(
                documented(MONEY_PATTERN, 1, usize::MAX, text),
                domain::Money::parse(text).is_ok(),
                "{text:?}"
            );
        }
        for text in ["2026-12-01", "2026-1-01", "2026-12-1", "12026-12-01", "2026/12/01", "0000-01-01"] {
            let pattern = documented(DATE_PATTERN, 1, usize::MAX, text);
            let real = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").is_ok();
            assert_eq!(pattern && real, domain::booking::parse_date(text).is_ok(), "{text:?}");
        }
    }

    #[test]
    fn login_fields_are_blank_only_when_all_whitespace() {
        for text in samples(2000, 5, &[]) {
            let login = crate::routes::admin::LoginInput {
                email: LoginEmail(text.clone()),
                password: LoginPassword("x".to_owned()),
            };
            assert_eq!(
                documented(&not_blank_pattern(), 1, domain::admin::LOGIN_FIELD_MAX, &text),
                login.try_into_domain().is_ok(),
                "{text:?}"
            );
        }
    }
}

/// What the message of a filled honeypot field says.
pub const HONEYPOT_MESSAGE: &str = "Please leave this field empty";

/// A field the public forms hide from people (`website`): a person leaves it
/// empty, a form-filling robot does not, and is refused.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(transparent)]
pub struct Honeypot(pub Option<String>);

impl Honeypot {
    pub fn check(&self) -> Result<(), http_common::ValidationErrors> {
        match self.0.as_deref() {
            None | Some("") => Ok(()),
            Some(_) => Err(http_common::ValidationErrors::single("website", HONEYPOT_MESSAGE)),
        }
    }
}

impl utoipa::PartialSchema for Honeypot {
    fn schema() -> RefOr<Schema> {
        RefOr::T(
            nullable(string())
                .description(Some(
                    "Hidden from people on the site's forms: must be left out, empty or null (a filled one is refused).",
                ))
                .max_length(Some(0))
                .into(),
        )
    }
}

impl utoipa::ToSchema for Honeypot {}
