//! Passkeys (WebAuthn) with `webauthn-rs`: the ceremonies' options for the
//! browser, and the checks of its answers. The ceremony state stays on the
//! server (in the sign-in challenge's row), never in the browser.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use webauthn_rs::prelude::{
    DiscoverableAuthentication, Passkey, PasskeyAuthentication, PasskeyRegistration, PublicKeyCredential,
    RegisterPublicKeyCredential, Url, Webauthn, WebauthnBuilder,
};

use domain::admin::Admin;
use ports::{Ceremony, PasskeyError, PasskeyKey, StoredPasskey};

use crate::totp::ISSUER_NAME;

pub struct WebauthnPasskeys {
    webauthn: Webauthn,
}

impl WebauthnPasskeys {
    /// Passkeys for the site at `public_url`: its host is the relying
    /// party's id, so it must be a domain name (`localhost` included), not
    /// an IP address.
    pub fn new(public_url: &str) -> Result<Self, String> {
        let origin = Url::parse(public_url).map_err(|e| e.to_string())?;
        let host = match origin.host() {
            Some(url::Host::Domain(host)) => host.to_owned(),
            _ => return Err(format!("{public_url} has no domain name")),
        };
        let webauthn = WebauthnBuilder::new(&host, &origin)
            .map_err(|e| e.to_string())?
            .rp_name(ISSUER_NAME)
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Self { webauthn })
    }
}

/// A sign-in's state: with the member's passkeys listed, or with any
/// passkey the browser offers.
#[derive(Serialize, Deserialize)]
enum SignInState {
    Listed(PasskeyAuthentication),
    Discoverable(DiscoverableAuthentication),
}

fn refused(error: impl std::fmt::Display) -> PasskeyError {
    PasskeyError(error.to_string())
}

fn to_json(value: &impl Serialize) -> Result<String, PasskeyError> {
    serde_json::to_string(value).map_err(refused)
}

fn key_of(stored: &StoredPasskey) -> Result<Passkey, PasskeyError> {
    serde_json::from_str(&stored.key).map_err(refused)
}

fn credential_text(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

impl ports::PasskeyVerifier for WebauthnPasskeys {
    fn start_registration(
        &self,
        admin: &Admin,
        existing: &[StoredPasskey],
    ) -> Result<Ceremony, PasskeyError> {
        let exclude = existing
            .iter()
            .map(|stored| key_of(stored).map(|key| key.cred_id().clone()))
            .collect::<Result<Vec<_>, _>>()?;
        let (options, state) = self
            .webauthn
            .start_passkey_registration(admin.id, &admin.email, &admin.name, Some(exclude))
            .map_err(refused)?;
        let mut options = serde_json::to_value(&options).map_err(refused)?;
        // A passkey the browser can offer by itself (sign-in without a
        // password) must be discoverable; ask for one where the device can.
        if let Some(selection) = options.pointer_mut("/publicKey/authenticatorSelection") {
            selection["residentKey"] = Value::from("preferred");
        }
        Ok(Ceremony { options: options.to_string(), state: to_json(&state)? })
    }

    fn finish_registration(&self, credential: &str, state: &str) -> Result<PasskeyKey, PasskeyError> {
        let credential: RegisterPublicKeyCredential = serde_json::from_str(credential).map_err(refused)?;
        let state: PasskeyRegistration = serde_json::from_str(state).map_err(refused)?;
        let key = self.webauthn.finish_passkey_registration(&credential, &state).map_err(refused)?;
        Ok(PasskeyKey { credential_id: credential_text(key.cred_id().as_ref()), key: to_json(&key)? })
    }

    fn start_sign_in(&self, keys: Option<&[StoredPasskey]>) -> Result<Ceremony, PasskeyError> {
        let (options, state) = match keys {
            Some(keys) => {
                let keys = keys.iter().map(key_of).collect::<Result<Vec<_>, _>>()?;
                let (options, state) = self.webauthn.start_passkey_authentication(&keys).map_err(refused)?;
                (serde_json::to_value(&options).map_err(refused)?, SignInState::Listed(state))
            }
            None => {
                let (options, state) = self.webauthn.start_discoverable_authentication().map_err(refused)?;
                let mut options = serde_json::to_value(&options).map_err(refused)?;
                // The library asks for the browser's autofill ("conditional")
                // prompt; the sign-in page asks from a button instead.
                if let Some(options) = options.as_object_mut() {
                    options.remove("mediation");
                }
                (options, SignInState::Discoverable(state))
            }
        };
        Ok(Ceremony { options: options.to_string(), state: to_json(&state)? })
    }

    fn credential_id(&self, credential: &str) -> Result<String, PasskeyError> {
        let credential: PublicKeyCredential = serde_json::from_str(credential).map_err(refused)?;
        Ok(credential_text(credential.get_credential_id()))
    }

    fn finish_sign_in(
        &self,
        credential: &str,
        state: &str,
        stored: &StoredPasskey,
    ) -> Result<Option<String>, PasskeyError> {
        let credential: PublicKeyCredential = serde_json::from_str(credential).map_err(refused)?;
        let mut key = key_of(stored)?;
        let result = match serde_json::from_str(state).map_err(refused)? {
            SignInState::Listed(state) => {
                self.webauthn.finish_passkey_authentication(&credential, &state).map_err(refused)?
            }
            SignInState::Discoverable(state) => {
                let (user, _) =
                    self.webauthn.identify_discoverable_authentication(&credential).map_err(refused)?;
                if user != stored.admin_id {
                    return Err(PasskeyError("the passkey names another member".to_owned()));
                }
                self.webauthn
                    .finish_discoverable_authentication_v2(&credential, state, &key)
                    .map_err(refused)?
            }
        };
        if credential_text(result.cred_id().as_ref()) != stored.credential_id {
            return Err(PasskeyError("the answer is for another passkey".to_owned()));
        }
        match key.update_credential(&result) {
            Some(true) => Ok(Some(to_json(&key)?)),
            _ => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_relying_party_is_the_sites_domain() {
        assert!(WebauthnPasskeys::new("https://goldenpine.example").is_ok());
        assert!(WebauthnPasskeys::new("http://localhost:8080").is_ok());
        assert!(WebauthnPasskeys::new("http://127.0.0.1:8080").is_err());
        assert!(WebauthnPasskeys::new("not a url").is_err());
    }

    #[test]
    fn registration_asks_for_a_verified_discoverable_passkey() {
        use ports::PasskeyVerifier;
        let passkeys = WebauthnPasskeys::new("https://goldenpine.example").expect("passkeys");
        let admin = Admin {
            id: uuid::Uuid::new_v4(),
            email: "owner@goldenpine.example".to_owned(),
            name: "Owner".to_owned(),
            is_active: true,
            created_at: chrono::Utc::now(),
            last_login: None,
            session_version: 1,
            role: domain::team::Role::Owner,
            two_factor: false,
            can_read_intake: false,
        };
        let ceremony = passkeys.start_registration(&admin, &[]).expect("a ceremony");
        let options: Value = serde_json::from_str(&ceremony.options).expect("json");
        assert_eq!(options.pointer("/publicKey/rp/id"), Some(&Value::from("goldenpine.example")));
        let selection = options.pointer("/publicKey/authenticatorSelection").expect("a selection");
        assert_eq!(selection["residentKey"], "preferred");
        assert_eq!(selection["userVerification"], "required");
        let sign_in = passkeys.start_sign_in(None).expect("a ceremony");
        let options: Value = serde_json::from_str(&sign_in.options).expect("json");
        assert!(options.get("mediation").is_none(), "{options}");
        assert!(options.pointer("/publicKey/challenge").is_some(), "{options}");
    }
}
