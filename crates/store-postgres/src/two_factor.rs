//! Second factors (docs/decisions.md §20): authenticator apps, recovery
//! codes, passkeys, the sign-in challenges between the password and the
//! second factor, and the owner's rule. Every change of a member's factors
//! refreshes `admin_users.two_factor` and leaves an audit record in the
//! same transaction.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::dsl::exists;
use diesel::prelude::*;
use uuid::Uuid;

use domain::admin::Admin;
use domain::audit::{Actor, AuditAction, AuditEntity, AuditRecord};
use domain::two_factor::{ChallengePurpose, MAX_CODE_ATTEMPTS};
use ports::{
    NewPasskey, RepoError, RepoResult, SignInChallenge, StoredPasskey, TotpFactor, TwoFactorRepository,
};

use crate::rows::AdminRow;
use crate::schema::{
    admin_passkeys, admin_recovery_codes, admin_sign_in_challenges, admin_totp, admin_users, app_settings,
};
use crate::team::{self, REQUIRE_TWO_FACTOR, SessionPick};
use crate::{PgStore, audit, storage, transaction};

fn factor_record(admin: &Admin, action: AuditAction, summary: &str) -> AuditRecord {
    AuditRecord::new(AuditEntity::SecondFactor, Some(admin.id), action, summary)
}

/// Sets `admin_users.two_factor` from the factors the member has now; with
/// none left, their recovery codes go too (they would open nothing).
fn refresh_two_factor(conn: &mut PgConnection, admin_id: Uuid) -> RepoResult<bool> {
    let has_app = exists(
        admin_totp::table
            .filter(admin_totp::admin_id.eq(admin_id))
            .filter(admin_totp::confirmed_at.is_not_null()),
    );
    let has_passkey = exists(admin_passkeys::table.filter(admin_passkeys::admin_id.eq(admin_id)));
    let any: bool = diesel::select(has_app.or(has_passkey)).get_result(conn).map_err(storage)?;
    diesel::update(admin_users::table.find(admin_id))
        .set(admin_users::two_factor.eq(any))
        .execute(conn)
        .map_err(storage)?;
    if !any {
        diesel::delete(admin_recovery_codes::table.filter(admin_recovery_codes::admin_id.eq(admin_id)))
            .execute(conn)
            .map_err(storage)?;
    }
    Ok(any)
}

fn unused_codes(admin_id: Uuid) -> admin_recovery_codes::BoxedQuery<'static, diesel::pg::Pg> {
    admin_recovery_codes::table
        .filter(admin_recovery_codes::admin_id.eq(admin_id))
        .filter(admin_recovery_codes::used_at.is_null())
        .into_boxed()
}

fn insert_codes(
    conn: &mut PgConnection,
    admin_id: Uuid,
    hashes: &[String],
    now: DateTime<Utc>,
) -> RepoResult<()> {
    let rows: Vec<_> = hashes
        .iter()
        .map(|hash| {
            (
                admin_recovery_codes::id.eq(Uuid::new_v4()),
                admin_recovery_codes::admin_id.eq(admin_id),
                admin_recovery_codes::code_hash.eq(hash),
                admin_recovery_codes::created_at.eq(now),
            )
        })
        .collect();
    diesel::insert_into(admin_recovery_codes::table).values(&rows).execute(conn).map(drop).map_err(storage)
}

/// Stores `hashes` as the member's recovery codes unless they have unused
/// ones (their first factor gets a set; a second factor keeps the set).
fn codes_for_first_factor(
    conn: &mut PgConnection,
    admin_id: Uuid,
    hashes: &[String],
    now: DateTime<Utc>,
) -> RepoResult<bool> {
    let unused: i64 = unused_codes(admin_id).count().get_result(conn).map_err(storage)?;
    if unused > 0 {
        return Ok(false);
    }
    insert_codes(conn, admin_id, hashes, now)?;
    Ok(true)
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = admin_passkeys, check_for_backend(diesel::pg::Pg))]
struct PasskeyRow {
    id: Uuid,
    admin_id: Uuid,
    credential_id: String,
    name: String,
    passkey: serde_json::Value,
    created_at: DateTime<Utc>,
    last_used_at: Option<DateTime<Utc>>,
}

impl From<PasskeyRow> for StoredPasskey {
    fn from(row: PasskeyRow) -> Self {
        Self {
            id: row.id,
            admin_id: row.admin_id,
            credential_id: row.credential_id,
            name: row.name,
            key: row.passkey.to_string(),
            created_at: row.created_at,
            last_used_at: row.last_used_at,
        }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = admin_sign_in_challenges, check_for_backend(diesel::pg::Pg))]
struct ChallengeRow {
    id: Uuid,
    purpose: String,
    admin_id: Option<Uuid>,
    state: Option<serde_json::Value>,
    failed_attempts: i32,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
}

fn json(text: &str) -> RepoResult<serde_json::Value> {
    serde_json::from_str(text).map_err(RepoError::storage)
}

#[async_trait]
impl TwoFactorRepository for PgStore {
    async fn two_factor_required(&self) -> RepoResult<bool> {
        self.run(|conn| {
            app_settings::table
                .find(REQUIRE_TWO_FACTOR)
                .select(app_settings::value)
                .first::<String>(conn)
                .optional()
                .map(|value| value.as_deref() == Some("true"))
                .map_err(storage)
        })
        .await
    }

    async fn set_two_factor_required(&self, required: bool, actor: Actor) -> RepoResult<()> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let value = if required { "true" } else { "false" };
                diesel::insert_into(app_settings::table)
                    .values((app_settings::key.eq(REQUIRE_TWO_FACTOR), app_settings::value.eq(value)))
                    .on_conflict(app_settings::key)
                    .do_update()
                    .set(app_settings::value.eq(value))
                    .execute(conn)
                    .map_err(storage)?;
                let summary = if required {
                    "Every member must now sign in with a second factor"
                } else {
                    "A second factor is now each member's choice"
                };
                audit::record(
                    conn,
                    &actor,
                    AuditRecord::new(AuditEntity::TeamPolicy, None, AuditAction::Updated, summary),
                )
            })
        })
        .await
    }

    async fn totp(&self, admin_id: Uuid) -> RepoResult<Option<TotpFactor>> {
        self.run(move |conn| {
            admin_totp::table
                .find(admin_id)
                .select((admin_totp::secret, admin_totp::confirmed_at, admin_totp::last_used_step))
                .first::<(String, Option<DateTime<Utc>>, Option<i64>)>(conn)
                .optional()
                .map(|found| {
                    found.map(|(secret, confirmed_at, last_used_step)| TotpFactor {
                        secret,
                        confirmed: confirmed_at.is_some(),
                        last_used_step,
                    })
                })
                .map_err(storage)
        })
        .await
    }

    async fn begin_totp(&self, admin_id: Uuid, secret: &str, now: DateTime<Utc>) -> RepoResult<bool> {
        let secret = secret.to_owned();
        self.run(move |conn| {
            // Replaces an unconfirmed setup; a confirmed app is left alone.
            transaction(conn, |conn| {
                diesel::delete(admin_totp::table.find(admin_id).filter(admin_totp::confirmed_at.is_null()))
                    .execute(conn)
                    .map_err(storage)?;
                diesel::insert_into(admin_totp::table)
                    .values((
                        admin_totp::admin_id.eq(admin_id),
                        admin_totp::secret.eq(&secret),
                        admin_totp::created_at.eq(now),
                    ))
                    .on_conflict_do_nothing()
                    .execute(conn)
                    .map(|inserted| inserted > 0)
                    .map_err(storage)
            })
        })
        .await
    }

    async fn confirm_totp(
        &self,
        admin: &Admin,
        step: i64,
        recovery_hashes: Vec<String>,
        now: DateTime<Utc>,
    ) -> RepoResult<Option<bool>> {
        let admin = admin.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let confirmed = diesel::update(
                    admin_totp::table.find(admin.id).filter(admin_totp::confirmed_at.is_null()),
                )
                .set((admin_totp::confirmed_at.eq(now), admin_totp::last_used_step.eq(step)))
                .execute(conn)
                .map_err(storage)?;
                if confirmed == 0 {
                    return Ok(None);
                }
                refresh_two_factor(conn, admin.id)?;
                let codes = codes_for_first_factor(conn, admin.id, &recovery_hashes, now)?;
                let record =
                    factor_record(&admin, AuditAction::SecondFactorAdded, "Authenticator app set up");
                audit::record(conn, &Actor::admin(&admin), record)?;
                Ok(Some(codes))
            })
        })
        .await
    }

    async fn remove_totp(&self, admin: &Admin) -> RepoResult<bool> {
        let admin = admin.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let removed =
                    diesel::delete(admin_totp::table.find(admin.id)).execute(conn).map_err(storage)?;
                if removed == 0 {
                    return Ok(false);
                }
                refresh_two_factor(conn, admin.id)?;
                let record =
                    factor_record(&admin, AuditAction::SecondFactorRemoved, "Authenticator app removed");
                audit::record(conn, &Actor::admin(&admin), record)?;
                Ok(true)
            })
        })
        .await
    }

    async fn use_totp_step(&self, admin_id: Uuid, step: i64) -> RepoResult<bool> {
        self.run(move |conn| {
            // One statement: of two requests with the same code, one wins.
            diesel::update(
                admin_totp::table
                    .find(admin_id)
                    .filter(admin_totp::confirmed_at.is_not_null())
                    .filter(admin_totp::last_used_step.is_null().or(admin_totp::last_used_step.lt(step))),
            )
            .set(admin_totp::last_used_step.eq(step))
            .execute(conn)
            .map(|changed| changed > 0)
            .map_err(storage)
        })
        .await
    }

    async fn recovery_codes_left(&self, admin_id: Uuid) -> RepoResult<i64> {
        self.run(move |conn| unused_codes(admin_id).count().get_result(conn).map_err(storage)).await
    }

    async fn use_recovery_code(
        &self,
        admin: &Admin,
        code_hash: &str,
        now: DateTime<Utc>,
    ) -> RepoResult<bool> {
        let (admin, code_hash) = (admin.clone(), code_hash.to_owned());
        self.run(move |conn| {
            transaction(conn, |conn| {
                let used = diesel::update(
                    admin_recovery_codes::table
                        .filter(admin_recovery_codes::admin_id.eq(admin.id))
                        .filter(admin_recovery_codes::code_hash.eq(&code_hash))
                        .filter(admin_recovery_codes::used_at.is_null()),
                )
                .set(admin_recovery_codes::used_at.eq(now))
                .execute(conn)
                .map_err(storage)?;
                if used == 0 {
                    return Ok(false);
                }
                let left: i64 = unused_codes(admin.id).count().get_result(conn).map_err(storage)?;
                let summary = format!("Signed in with a recovery code ({left} left)");
                audit::record(
                    conn,
                    &Actor::admin(&admin),
                    factor_record(&admin, AuditAction::RecoveryCodeUsed, &summary),
                )?;
                Ok(true)
            })
        })
        .await
    }

    async fn replace_recovery_codes(
        &self,
        admin: &Admin,
        hashes: Vec<String>,
        now: DateTime<Utc>,
    ) -> RepoResult<()> {
        let admin = admin.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                diesel::delete(
                    admin_recovery_codes::table.filter(admin_recovery_codes::admin_id.eq(admin.id)),
                )
                .execute(conn)
                .map_err(storage)?;
                insert_codes(conn, admin.id, &hashes, now)?;
                let record =
                    factor_record(&admin, AuditAction::RecoveryCodesRenewed, "New recovery codes made");
                audit::record(conn, &Actor::admin(&admin), record)
            })
        })
        .await
    }

    async fn passkeys(&self, admin_id: Uuid) -> RepoResult<Vec<StoredPasskey>> {
        self.run(move |conn| {
            admin_passkeys::table
                .filter(admin_passkeys::admin_id.eq(admin_id))
                .order((admin_passkeys::created_at, admin_passkeys::id))
                .select(PasskeyRow::as_select())
                .load::<PasskeyRow>(conn)
                .map(|rows| rows.into_iter().map(StoredPasskey::from).collect())
                .map_err(storage)
        })
        .await
    }

    async fn add_passkey(
        &self,
        admin: &Admin,
        passkey: NewPasskey,
        recovery_hashes: Vec<String>,
    ) -> RepoResult<Option<(StoredPasskey, bool)>> {
        let admin = admin.clone();
        self.run(move |conn| {
            let key = json(&passkey.key.key)?;
            transaction(conn, |conn| {
                let credential = &passkey.key.credential_id;
                let taken =
                    exists(admin_passkeys::table.filter(admin_passkeys::credential_id.eq(credential)));
                if diesel::select(taken).get_result::<bool>(conn).map_err(storage)? {
                    return Ok(None);
                }
                let row = diesel::insert_into(admin_passkeys::table)
                    .values((
                        admin_passkeys::id.eq(passkey.id),
                        admin_passkeys::admin_id.eq(admin.id),
                        admin_passkeys::credential_id.eq(credential),
                        admin_passkeys::name.eq(&passkey.name),
                        admin_passkeys::passkey.eq(&key),
                        admin_passkeys::created_at.eq(passkey.created_at),
                    ))
                    .returning(PasskeyRow::as_returning())
                    .get_result::<PasskeyRow>(conn)
                    .map_err(storage)?;
                refresh_two_factor(conn, admin.id)?;
                let codes = codes_for_first_factor(conn, admin.id, &recovery_hashes, passkey.created_at)?;
                let summary = format!("Passkey “{}” added", passkey.name);
                let record = factor_record(&admin, AuditAction::SecondFactorAdded, &summary);
                audit::record(conn, &Actor::admin(&admin), record)?;
                Ok(Some((StoredPasskey::from(row), codes)))
            })
        })
        .await
    }

    async fn remove_passkey(&self, admin: &Admin, id: Uuid) -> RepoResult<bool> {
        let admin = admin.clone();
        self.run(move |conn| {
            transaction(conn, |conn| {
                let removed: Option<String> = diesel::delete(
                    admin_passkeys::table
                        .filter(admin_passkeys::id.eq(id))
                        .filter(admin_passkeys::admin_id.eq(admin.id)),
                )
                .returning(admin_passkeys::name)
                .get_result(conn)
                .optional()
                .map_err(storage)?;
                let Some(name) = removed else { return Ok(false) };
                refresh_two_factor(conn, admin.id)?;
                let summary = format!("Passkey “{name}” removed");
                audit::record(
                    conn,
                    &Actor::admin(&admin),
                    factor_record(&admin, AuditAction::SecondFactorRemoved, &summary),
                )?;
                Ok(true)
            })
        })
        .await
    }

    async fn passkey_by_credential(&self, credential_id: &str) -> RepoResult<Option<StoredPasskey>> {
        let credential_id = credential_id.to_owned();
        self.run(move |conn| {
            admin_passkeys::table
                .filter(admin_passkeys::credential_id.eq(&credential_id))
                .select(PasskeyRow::as_select())
                .first::<PasskeyRow>(conn)
                .optional()
                .map(|row| row.map(StoredPasskey::from))
                .map_err(storage)
        })
        .await
    }

    async fn passkey_used(&self, id: Uuid, key: Option<String>, now: DateTime<Utc>) -> RepoResult<()> {
        self.run(move |conn| {
            let target = admin_passkeys::table.find(id);
            match key {
                Some(key) => diesel::update(target)
                    .set((admin_passkeys::last_used_at.eq(now), admin_passkeys::passkey.eq(json(&key)?)))
                    .execute(conn),
                None => diesel::update(target).set(admin_passkeys::last_used_at.eq(now)).execute(conn),
            }
            .map(drop)
            .map_err(storage)
        })
        .await
    }

    async fn reset_factors(
        &self,
        admin_id: Uuid,
        actor: Actor,
        now: DateTime<Utc>,
    ) -> RepoResult<Option<Admin>> {
        self.run(move |conn| {
            transaction(conn, |conn| {
                let Some(row) = diesel::update(admin_users::table.find(admin_id))
                    .set(admin_users::session_version.eq(admin_users::session_version + 1))
                    .returning(AdminRow::as_returning())
                    .get_result::<AdminRow>(conn)
                    .optional()
                    .map_err(storage)?
                else {
                    return Ok(None);
                };
                diesel::delete(admin_totp::table.find(admin_id)).execute(conn).map_err(storage)?;
                diesel::delete(admin_passkeys::table.filter(admin_passkeys::admin_id.eq(admin_id)))
                    .execute(conn)
                    .map_err(storage)?;
                diesel::delete(
                    admin_sign_in_challenges::table.filter(admin_sign_in_challenges::admin_id.eq(admin_id)),
                )
                .execute(conn)
                .map_err(storage)?;
                refresh_two_factor(conn, admin_id)?;
                team::end_sessions_where(conn, admin_id, SessionPick::All, now)?;
                let (mut admin, _) = row.split();
                admin.two_factor = false;
                let summary = format!("Two-step sign-in reset for {}; signed out everywhere", admin.email);
                audit::record(
                    conn,
                    &actor,
                    factor_record(&admin, AuditAction::SecondFactorRemoved, &summary),
                )?;
                Ok(Some(admin))
            })
        })
        .await
    }

    async fn create_challenge(&self, challenge: SignInChallenge, secret_hash: String) -> RepoResult<()> {
        self.run(move |conn| {
            let state = challenge.state.as_deref().map(json).transpose()?;
            // Ended ceremonies are swept as new ones begin.
            diesel::delete(
                admin_sign_in_challenges::table
                    .filter(admin_sign_in_challenges::expires_at.lt(challenge.created_at)),
            )
            .execute(conn)
            .map_err(storage)?;
            diesel::insert_into(admin_sign_in_challenges::table)
                .values((
                    admin_sign_in_challenges::id.eq(challenge.id),
                    admin_sign_in_challenges::secret_hash.eq(&secret_hash),
                    admin_sign_in_challenges::purpose.eq(challenge.purpose.as_str()),
                    admin_sign_in_challenges::admin_id.eq(challenge.admin_id),
                    admin_sign_in_challenges::state.eq(state),
                    admin_sign_in_challenges::failed_attempts.eq(challenge.failed_attempts),
                    admin_sign_in_challenges::created_at.eq(challenge.created_at),
                    admin_sign_in_challenges::expires_at.eq(challenge.expires_at),
                ))
                .execute(conn)
                .map(drop)
                .map_err(storage)
        })
        .await
    }

    async fn challenge(&self, secret_hash: &str, now: DateTime<Utc>) -> RepoResult<Option<SignInChallenge>> {
        let secret_hash = secret_hash.to_owned();
        self.run(move |conn| {
            let row = admin_sign_in_challenges::table
                .filter(admin_sign_in_challenges::secret_hash.eq(&secret_hash))
                .filter(admin_sign_in_challenges::expires_at.gt(now))
                .filter(admin_sign_in_challenges::failed_attempts.lt(MAX_CODE_ATTEMPTS))
                .select(ChallengeRow::as_select())
                .first::<ChallengeRow>(conn)
                .optional()
                .map_err(storage)?;
            Ok(row.and_then(|row| {
                Some(SignInChallenge {
                    id: row.id,
                    purpose: ChallengePurpose::from_text(&row.purpose)?,
                    admin_id: row.admin_id,
                    state: row.state.map(|state| state.to_string()),
                    failed_attempts: row.failed_attempts,
                    created_at: row.created_at,
                    expires_at: row.expires_at,
                })
            }))
        })
        .await
    }

    async fn set_challenge_state(&self, id: Uuid, state: &str) -> RepoResult<()> {
        let state = state.to_owned();
        self.run(move |conn| {
            diesel::update(admin_sign_in_challenges::table.find(id))
                .set(admin_sign_in_challenges::state.eq(json(&state)?))
                .execute(conn)
                .map(drop)
                .map_err(storage)
        })
        .await
    }

    async fn fail_challenge(&self, id: Uuid) -> RepoResult<()> {
        self.run(move |conn| {
            diesel::update(admin_sign_in_challenges::table.find(id))
                .set(
                    admin_sign_in_challenges::failed_attempts
                        .eq(admin_sign_in_challenges::failed_attempts + 1),
                )
                .execute(conn)
                .map(drop)
                .map_err(storage)
        })
        .await
    }

    async fn spend_challenge(&self, id: Uuid) -> RepoResult<bool> {
        self.run(move |conn| {
            diesel::delete(
                admin_sign_in_challenges::table
                    .find(id)
                    .filter(admin_sign_in_challenges::failed_attempts.lt(MAX_CODE_ATTEMPTS)),
            )
            .execute(conn)
            .map(|deleted| deleted > 0)
            .map_err(storage)
        })
        .await
    }
}
