//! Credential adapters: bcrypt for passwords, HS256 JWTs for admin sessions.

use async_trait::async_trait;
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use rand::distr::{Alphanumeric, SampleString};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use domain::admin::Password;

mod feeds;
mod passkeys;
mod pseudonyms;
mod totp;

pub use feeds::FeedTokens;
pub use passkeys::WebauthnPasskeys;
use ports::{GuestLinks, IssuedToken, PasswordHasher, TokenError, TokenIssuer, TokenSubject};
pub use pseudonyms::PseudonymKey;
pub use totp::TotpCodes;

/// bcrypt with a configurable cost (tests use the minimum to stay fast).
pub struct BcryptHasher {
    cost: u32,
    decoy: String,
}

impl BcryptHasher {
    pub fn new(cost: u32) -> Result<Self, String> {
        let decoy = bcrypt::hash(random_secret(32), cost).map_err(|e| e.to_string())?;
        Ok(Self { cost, decoy })
    }
}

#[async_trait]
impl PasswordHasher for BcryptHasher {
    async fn hash(&self, password: &Password) -> Result<String, String> {
        let (password, cost) = (password.expose().to_owned(), self.cost);
        // bcrypt is deliberately slow: keep it off the async workers.
        tokio::task::spawn_blocking(move || bcrypt::hash(password, cost))
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())
    }

    async fn verify(&self, password: &str, hash: &str) -> bool {
        let (password, hash) = (password.to_owned(), hash.to_owned());
        tokio::task::spawn_blocking(move || bcrypt::verify(password, &hash).unwrap_or(false))
            .await
            .unwrap_or(false)
    }

    fn decoy_hash(&self) -> &str {
        &self.decoy
    }
}

/// Claims of an admin session token.
#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The admin's id.
    pub sub: String,
    pub iat: i64,
    pub exp: i64,
    pub iss: String,
    /// The admin's session version when the token was issued; tokens from
    /// before versions existed count as the first.
    #[serde(default = "first_session_version")]
    pub ver: i32,
    /// The signed-in device's session; a token without one (issued before
    /// sessions were kept per device) is refused.
    #[serde(default)]
    pub sid: Option<String>,
}

fn first_session_version() -> i32 {
    domain::admin::FIRST_SESSION_VERSION
}

pub const ISSUER: &str = "golden-pine-retreat";

/// HS256 tokens that expire after `lifetime`.
pub struct JwtIssuer {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    lifetime: Duration,
}

impl JwtIssuer {
    pub fn new(secret: &[u8], lifetime: Duration) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[ISSUER]);
        validation.set_required_spec_claims(&["exp", "sub", "iss"]);
        validation.leeway = 5;
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            lifetime,
        }
    }
}

impl TokenIssuer for JwtIssuer {
    fn issue(&self, subject: TokenSubject, now: DateTime<Utc>) -> Result<IssuedToken, TokenError> {
        let expires_at = now + self.lifetime;
        let claims = Claims {
            sub: subject.admin_id.to_string(),
            iat: now.timestamp(),
            exp: expires_at.timestamp(),
            iss: ISSUER.to_owned(),
            ver: subject.session_version,
            sid: Some(subject.session_id.to_string()),
        };
        let token = encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|e| TokenError::Issue(e.to_string()))?;
        Ok(IssuedToken { token, expires_at })
    }

    fn verify(&self, token: &str) -> Result<TokenSubject, TokenError> {
        let data =
            decode::<Claims>(token, &self.decoding, &self.validation).map_err(|_| TokenError::Invalid)?;
        let admin_id = Uuid::parse_str(&data.claims.sub).map_err(|_| TokenError::Invalid)?;
        let session_id = data.claims.sid.as_deref().and_then(|sid| Uuid::parse_str(sid).ok());
        let session_id = session_id.ok_or(TokenError::Invalid)?;
        Ok(TokenSubject { admin_id, session_version: data.claims.ver, session_id })
    }
}

/// Single-use link secrets: 32 random alphanumeric characters (190 bits),
/// kept as their SHA-256. A fast hash is enough for a secret this long: it
/// cannot be guessed, only stolen from the mail.
pub struct RandomLinkSecrets;

const LINK_SECRET_CHARS: usize = 32;

impl ports::LinkSecrets for RandomLinkSecrets {
    fn new_secret(&self) -> (domain::team::LinkSecret, String) {
        let secret = random_secret(LINK_SECRET_CHARS);
        let hash = self.hash(&secret);
        (domain::team::LinkSecret::new(secret), hash)
    }

    fn hash(&self, secret: &str) -> String {
        use sha2::{Digest, Sha256};
        Sha256::digest(secret.as_bytes()).iter().map(|byte| format!("{byte:02x}")).collect()
    }
}

/// A random alphanumeric string (secrets, generated passwords).
/// Claims of a guest link: what it is for (`aud`), which record (`sub`), until when.
#[derive(Debug, Serialize, Deserialize)]
struct GuestClaims {
    sub: String,
    aud: String,
    exp: i64,
    iss: String,
}

const GUEST_ISSUER: &str = "golden-pine-retreat/guest-link";
const MANAGE_BOOKING: &str = "manage-booking";
const UNSUBSCRIBE: &str = "unsubscribe";
/// The audience of an order's payment token: the browser that placed the
/// order pays it, reads its state and sees its confirmation with it.
const PAY_ORDER: &str = "pay-order";
/// How long an order's payment token lasts (the order itself expires
/// unpaid far sooner; the confirmation page may be reloaded for a while).
const ORDER_LINK_DAYS: i64 = 7;
/// How long an unsubscribe link in a message keeps working.
const UNSUBSCRIBE_LINK_DAYS: i64 = 365;
/// The audience of a gift card's view-and-print link, mailed to its recipient.
const VIEW_GIFT_CARD: &str = "view-gift-card";
/// How long that link works: a purchased card never expires in California
/// (Civil Code §1749.5), so its mail must keep working for as long as anyone
/// plausibly keeps it in a drawer.
const GIFT_CARD_LINK_DAYS: i64 = 10 * 366;
/// The audience of a thank-you's rating link.
const RATE_VISIT: &str = "rate-visit";
/// The audience of the follow-ups' unsubscribe link (thank-yous, invitations).
const FOLLOW_UP_UNSUBSCRIBE: &str = "follow-up-unsubscribe";
/// The audience of a waitlist offer's link (the offer's state, not the
/// token's age, says whether it is still held).
const WAITLIST_OFFER: &str = "waitlist-offer";
/// The audience of the link that leaves the waitlist.
const WAITLIST_LEAVE: &str = "waitlist-leave";
/// How long the waitlist's links work: past any wish's last day.
const WAITLIST_LINK_DAYS: i64 = 400;
/// The audience of the link that confirms a guest's request for her data or its erasure.
const PRIVACY_REQUEST: &str = "privacy-request";
/// The audience of the link to the copy of her data.
const PRIVACY_COPY: &str = "privacy-copy";

/// Signed, expiring guest links (HS256 with the server's secret, under their
/// own issuer and audiences, so no guest link is ever an admin token and a
/// booking link cannot unsubscribe).
pub struct GuestLinkSigner {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl GuestLinkSigner {
    pub fn new(secret: &[u8]) -> Self {
        Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret) }
    }

    fn sign(&self, audience: &str, id: Uuid, expires: DateTime<Utc>) -> String {
        let claims = GuestClaims {
            sub: id.to_string(),
            aud: audience.to_owned(),
            exp: expires.timestamp(),
            iss: GUEST_ISSUER.to_owned(),
        };
        // Signing an in-memory claim set with a valid key cannot fail.
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).unwrap_or_default()
    }

    fn verify(&self, audience: &str, token: &str) -> Option<Uuid> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[GUEST_ISSUER]);
        validation.set_audience(&[audience]);
        validation.set_required_spec_claims(&["exp", "sub", "iss", "aud"]);
        validation.leeway = 0;
        let data = decode::<GuestClaims>(token, &self.decoding, &validation).ok()?;
        Uuid::parse_str(&data.claims.sub).ok()
    }
}

impl GuestLinks for GuestLinkSigner {
    /// Valid through the booked day in every time zone (until two days after
    /// its start in UTC).
    fn booking_token(&self, booking_id: Uuid, last_day: NaiveDate) -> String {
        let expires = (last_day + Duration::days(2)).and_time(NaiveTime::MIN).and_utc();
        self.sign(MANAGE_BOOKING, booking_id, expires)
    }

    fn verify_booking(&self, token: &str) -> Option<Uuid> {
        self.verify(MANAGE_BOOKING, token)
    }

    fn unsubscribe_token(&self, subscription_id: Uuid) -> String {
        self.sign(UNSUBSCRIBE, subscription_id, Utc::now() + Duration::days(UNSUBSCRIBE_LINK_DAYS))
    }

    fn verify_unsubscribe(&self, token: &str) -> Option<Uuid> {
        self.verify(UNSUBSCRIBE, token)
    }

    fn order_token(&self, order_id: Uuid) -> String {
        self.sign(PAY_ORDER, order_id, Utc::now() + Duration::days(ORDER_LINK_DAYS))
    }

    fn verify_order(&self, token: &str) -> Option<Uuid> {
        self.verify(PAY_ORDER, token)
    }

    fn gift_card_token(&self, card_id: Uuid) -> String {
        self.sign(VIEW_GIFT_CARD, card_id, Utc::now() + Duration::days(GIFT_CARD_LINK_DAYS))
    }

    fn verify_gift_card(&self, token: &str) -> Option<Uuid> {
        self.verify(VIEW_GIFT_CARD, token)
    }

    /// Longer than the 30 days a rating may change: a guest who rated on
    /// the last day may still open her link to read it.
    fn rating_token(&self, booking_id: Uuid) -> String {
        let days = domain::after_visit::RATING_LINK_DAYS;
        self.sign(RATE_VISIT, booking_id, Utc::now() + Duration::days(days))
    }

    fn verify_rating(&self, token: &str) -> Option<Uuid> {
        self.verify(RATE_VISIT, token)
    }

    fn follow_up_unsubscribe_token(&self, booking_id: Uuid) -> String {
        self.sign(FOLLOW_UP_UNSUBSCRIBE, booking_id, Utc::now() + Duration::days(UNSUBSCRIBE_LINK_DAYS))
    }

    fn verify_follow_up_unsubscribe(&self, token: &str) -> Option<Uuid> {
        self.verify(FOLLOW_UP_UNSUBSCRIBE, token)
    }

    fn waitlist_offer_token(&self, offer_id: Uuid) -> String {
        self.sign(WAITLIST_OFFER, offer_id, Utc::now() + Duration::days(WAITLIST_LINK_DAYS))
    }

    fn verify_waitlist_offer(&self, token: &str) -> Option<Uuid> {
        self.verify(WAITLIST_OFFER, token)
    }

    fn waitlist_leave_token(&self, entry_id: Uuid) -> String {
        self.sign(WAITLIST_LEAVE, entry_id, Utc::now() + Duration::days(WAITLIST_LINK_DAYS))
    }

    fn verify_waitlist_leave(&self, token: &str) -> Option<Uuid> {
        self.verify(WAITLIST_LEAVE, token)
    }

    fn privacy_request_token(&self, request_id: Uuid) -> String {
        let days = domain::privacy::UNCONFIRMED_DAYS;
        self.sign(PRIVACY_REQUEST, request_id, Utc::now() + Duration::days(days))
    }

    fn verify_privacy_request(&self, token: &str) -> Option<Uuid> {
        self.verify(PRIVACY_REQUEST, token)
    }

    fn privacy_copy_token(&self, request_id: Uuid) -> String {
        let days = domain::privacy::COPY_LINK_DAYS;
        self.sign(PRIVACY_COPY, request_id, Utc::now() + Duration::days(days))
    }

    fn verify_privacy_copy(&self, token: &str) -> Option<Uuid> {
        self.verify(PRIVACY_COPY, token)
    }
}

pub fn random_secret(length: usize) -> String {
    Alphanumeric.sample_string(&mut rand::rng(), length)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_and_reject_forgeries_and_expiry() {
        let issuer = JwtIssuer::new(b"secret-one", Duration::hours(8));
        let admin = TokenSubject { admin_id: Uuid::new_v4(), session_version: 3, session_id: Uuid::new_v4() };
        let token = issuer.issue(admin, Utc::now()).unwrap();
        assert_eq!(
            issuer.verify(&token.token),
            Ok(admin),
            "the session version and device travel in the token"
        );

        let other = JwtIssuer::new(b"secret-two", Duration::hours(8));
        assert_eq!(other.verify(&token.token), Err(TokenError::Invalid));

        let expired = issuer.issue(admin, Utc::now() - Duration::hours(9)).unwrap();
        assert_eq!(issuer.verify(&expired.token), Err(TokenError::Invalid));

        assert_eq!(issuer.verify("not.a.token"), Err(TokenError::Invalid));
        assert_eq!(issuer.verify(""), Err(TokenError::Invalid));

        // A token from before session versions counts as the first version...
        let old = Claims {
            sub: admin.admin_id.to_string(),
            iat: Utc::now().timestamp(),
            exp: (Utc::now() + Duration::hours(1)).timestamp(),
            iss: ISSUER.to_owned(),
            ver: 1,
            sid: Some(admin.session_id.to_string()),
        };
        let sign = |value: &serde_json::Value| {
            encode(&Header::new(Algorithm::HS256), value, &EncodingKey::from_secret(b"secret-one")).unwrap()
        };
        let mut value = serde_json::to_value(&old).unwrap();
        value.as_object_mut().unwrap().remove("ver");
        assert_eq!(
            issuer.verify(&sign(&value)).map(|s| s.session_version),
            Ok(domain::admin::FIRST_SESSION_VERSION)
        );
        // ...but one from before sessions were kept per device names none, and is refused.
        value.as_object_mut().unwrap().remove("sid");
        assert_eq!(issuer.verify(&sign(&value)), Err(TokenError::Invalid));
        value["sid"] = serde_json::json!("not-a-session");
        assert_eq!(issuer.verify(&sign(&value)), Err(TokenError::Invalid));
    }

    #[test]
    fn guest_links_open_one_thing_each_and_expire() {
        let links = GuestLinkSigner::new(b"a-secret-of-at-least-thirty-two-bytes!!");
        let id = Uuid::new_v4();
        let today = Utc::now().date_naive();
        let manage = links.booking_token(id, today);
        assert_eq!(links.verify_booking(&manage), Some(id));
        assert_eq!(links.verify_unsubscribe(&manage), None, "a booking link does not unsubscribe");
        let unsubscribe = links.unsubscribe_token(id);
        assert_eq!(links.verify_unsubscribe(&unsubscribe), Some(id));
        assert_eq!(links.verify_booking(&unsubscribe), None);
        let past = links.booking_token(id, today - Duration::days(3));
        assert_eq!(links.verify_booking(&past), None, "expired after the booked day");
        let other = GuestLinkSigner::new(b"another-secret-of-thirty-two-bytes!!!!");
        assert_eq!(other.verify_booking(&manage), None);
        let mut tampered = manage.clone();
        tampered.replace_range(tampered.len() - 3.., "abc");
        assert_eq!(links.verify_booking(&tampered), None);
        // An admin token is no guest link, and a guest link no admin token.
        let admin = JwtIssuer::new(b"a-secret-of-at-least-thirty-two-bytes!!", Duration::hours(1));
        assert!(admin.verify(&manage).is_err());
        let subject = TokenSubject { admin_id: id, session_version: 1, session_id: Uuid::new_v4() };
        let token = admin.issue(subject, Utc::now()).unwrap();
        assert_eq!(links.verify_booking(&token.token), None);
    }

    #[test]
    fn a_gift_card_link_shows_its_card_only_and_lasts_for_years() {
        let links = GuestLinkSigner::new(b"a-secret-of-at-least-thirty-two-bytes!!");
        let id = Uuid::new_v4();
        let card = links.gift_card_token(id);
        assert_eq!(links.verify_gift_card(&card), Some(id));
        assert_eq!(links.verify_booking(&card), None, "a gift card link manages no booking");
        assert_eq!(links.verify_order(&card), None, "nor pays an order");
        assert_eq!(links.verify_unsubscribe(&card), None);
        assert_eq!(links.verify_gift_card(&links.order_token(id)), None, "an order link shows no card");
        assert_eq!(links.verify_gift_card(&links.booking_token(id, Utc::now().date_naive())), None);
        let mut tampered = card.clone();
        tampered.replace_range(tampered.len() - 3.., "abc");
        assert_eq!(links.verify_gift_card(&tampered), None);
        let other = GuestLinkSigner::new(b"another-secret-of-thirty-two-bytes!!!!");
        assert_eq!(other.verify_gift_card(&card), None);
        // Still good in nine years: the card it shows never expires.
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_audience(&[VIEW_GIFT_CARD]);
        let claims = decode::<GuestClaims>(&card, &links.decoding, &validation).expect("claims").claims;
        assert!(claims.exp > (Utc::now() + Duration::days(9 * 366)).timestamp());
    }

    #[test]
    fn link_secrets_are_long_random_and_kept_as_their_hash() {
        use ports::LinkSecrets;
        let (one, hash) = RandomLinkSecrets.new_secret();
        let (two, _) = RandomLinkSecrets.new_secret();
        assert_eq!(one.expose().len(), LINK_SECRET_CHARS);
        assert_ne!(one, two);
        assert_eq!(RandomLinkSecrets.hash(one.expose()), hash);
        assert_ne!(hash, one.expose());
        assert_eq!(hash.len(), 64);
        assert_eq!(format!("{one:?}"), "LinkSecret(***)");
    }

    #[tokio::test]
    async fn bcrypt_verifies_only_the_right_password() {
        let hasher = BcryptHasher::new(4).unwrap();
        let password = Password::parse("correct horse battery").unwrap();
        let hash = hasher.hash(&password).await.unwrap();
        assert!(hasher.verify("correct horse battery", &hash).await);
        assert!(!hasher.verify("wrong horse battery", &hash).await);
        assert!(!hasher.verify("correct horse battery", "not-a-hash").await);
        assert!(!hasher.verify("anything", hasher.decoy_hash()).await);
    }
}
