//! Credential adapters: bcrypt for passwords, HS256 JWTs for admin sessions.

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use rand::distr::{Alphanumeric, SampleString};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use domain::admin::Password;
use ports::{IssuedToken, PasswordHasher, TokenError, TokenIssuer};

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
    fn issue(&self, admin_id: Uuid, now: DateTime<Utc>) -> Result<IssuedToken, TokenError> {
        let expires_at = now + self.lifetime;
        let claims = Claims {
            sub: admin_id.to_string(),
            iat: now.timestamp(),
            exp: expires_at.timestamp(),
            iss: ISSUER.to_owned(),
        };
        let token = encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|e| TokenError::Issue(e.to_string()))?;
        Ok(IssuedToken { token, expires_at })
    }

    fn verify(&self, token: &str) -> Result<Uuid, TokenError> {
        let data =
            decode::<Claims>(token, &self.decoding, &self.validation).map_err(|_| TokenError::Invalid)?;
        Uuid::parse_str(&data.claims.sub).map_err(|_| TokenError::Invalid)
    }
}

/// A random alphanumeric string (secrets, generated passwords).
pub fn random_secret(length: usize) -> String {
    Alphanumeric.sample_string(&mut rand::rng(), length)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_and_reject_forgeries_and_expiry() {
        let issuer = JwtIssuer::new(b"secret-one", Duration::hours(8));
        let admin = Uuid::new_v4();
        let token = issuer.issue(admin, Utc::now()).unwrap();
        assert_eq!(issuer.verify(&token.token), Ok(admin));

        let other = JwtIssuer::new(b"secret-two", Duration::hours(8));
        assert_eq!(other.verify(&token.token), Err(TokenError::Invalid));

        let expired = issuer.issue(admin, Utc::now() - Duration::hours(9)).unwrap();
        assert_eq!(issuer.verify(&expired.token), Err(TokenError::Invalid));

        assert_eq!(issuer.verify("not.a.token"), Err(TokenError::Invalid));
        assert_eq!(issuer.verify(""), Err(TokenError::Invalid));
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
