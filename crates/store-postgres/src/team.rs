//! The team's rows: signed-in devices (sessions), invitations and
//! password-reset links. The trait methods live with the admins'
//! (`admins.rs`); the statements are here.

use chrono::{DateTime, Utc};
use diesel::dsl::exists;
use diesel::prelude::*;
use uuid::Uuid;

use domain::admin::Admin;
use domain::audit::{Actor, AuditAction, AuditEntity, AuditRecord};
use domain::team::{Invitation, MemberChange, Role, Session, TeamError, check_change};
use ports::{OpenSession, RepoResult};

use crate::rows::AdminRow;
use crate::schema::{admin_invitations, admin_password_resets, admin_sessions, admin_users, app_settings};
use crate::{audit, storage};

/// The `app_settings` key of the owner's rule that every member has a
/// second factor (its value "true" or "false").
pub(crate) const REQUIRE_TWO_FACTOR: &str = "require_two_factor";

#[derive(Queryable, Selectable)]
#[diesel(table_name = admin_sessions, check_for_backend(diesel::pg::Pg))]
pub(crate) struct SessionRow {
    id: Uuid,
    admin_id: Uuid,
    created_at: DateTime<Utc>,
    last_seen_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    user_agent: String,
    client_address: String,
}

impl From<SessionRow> for Session {
    fn from(row: SessionRow) -> Self {
        Session {
            id: row.id,
            admin_id: row.admin_id,
            created_at: row.created_at,
            last_seen_at: row.last_seen_at,
            expires_at: row.expires_at,
            user_agent: row.user_agent,
            client_address: row.client_address,
        }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = admin_invitations, check_for_backend(diesel::pg::Pg))]
pub(crate) struct InvitationRow {
    id: Uuid,
    email: String,
    name: String,
    role: String,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
}

fn invitation(row: InvitationRow, invited_by: Option<String>) -> Invitation {
    Invitation {
        id: row.id,
        email: row.email,
        name: row.name,
        role: Role::from_text(&row.role).unwrap_or(Role::Staff),
        invited_by,
        created_at: row.created_at,
        expires_at: row.expires_at,
    }
}

pub(crate) fn insert_session(conn: &mut PgConnection, session: &Session) -> RepoResult<()> {
    diesel::insert_into(admin_sessions::table)
        .values((
            admin_sessions::id.eq(session.id),
            admin_sessions::admin_id.eq(session.admin_id),
            admin_sessions::created_at.eq(session.created_at),
            admin_sessions::last_seen_at.eq(session.last_seen_at),
            admin_sessions::expires_at.eq(session.expires_at),
            admin_sessions::user_agent.eq(&session.user_agent),
            admin_sessions::client_address.eq(&session.client_address),
        ))
        .execute(conn)
        .map(drop)
        .map_err(storage)
}

/// The session (open, unexpired) and its admin, in one statement: this runs
/// on every admin request.
pub(crate) fn find_session(
    conn: &mut PgConnection,
    session_id: Uuid,
    now: DateTime<Utc>,
) -> RepoResult<Option<OpenSession>> {
    let two_factor_required = exists(
        app_settings::table
            .filter(app_settings::key.eq(REQUIRE_TWO_FACTOR))
            .filter(app_settings::value.eq("true")),
    );
    admin_sessions::table
        .inner_join(admin_users::table)
        .filter(admin_sessions::id.eq(session_id))
        .filter(admin_sessions::ended_at.is_null())
        .filter(admin_sessions::expires_at.gt(now))
        .select((AdminRow::as_select(), SessionRow::as_select(), two_factor_required))
        .first::<(AdminRow, SessionRow, bool)>(conn)
        .optional()
        .map(|found| {
            found.map(|(admin, session, two_factor_required)| OpenSession {
                admin: admin.split().0,
                session: session.into(),
                two_factor_required,
            })
        })
        .map_err(storage)
}

pub(crate) fn touch_session(conn: &mut PgConnection, session_id: Uuid, now: DateTime<Utc>) -> RepoResult<()> {
    diesel::update(admin_sessions::table.find(session_id))
        .set(admin_sessions::last_seen_at.eq(now))
        .execute(conn)
        .map(drop)
        .map_err(storage)
}

pub(crate) fn list_sessions(
    conn: &mut PgConnection,
    admin_id: Uuid,
    now: DateTime<Utc>,
) -> RepoResult<Vec<Session>> {
    admin_sessions::table
        .filter(admin_sessions::admin_id.eq(admin_id))
        .filter(admin_sessions::ended_at.is_null())
        .filter(admin_sessions::expires_at.gt(now))
        .order((admin_sessions::last_seen_at.desc(), admin_sessions::id))
        .select(SessionRow::as_select())
        .load::<SessionRow>(conn)
        .map(|rows| rows.into_iter().map(Session::from).collect())
        .map_err(storage)
}

/// Ends the admin's open sessions that `which` picks; answers how many.
pub(crate) fn end_sessions_where(
    conn: &mut PgConnection,
    admin_id: Uuid,
    which: SessionPick,
    now: DateTime<Utc>,
) -> RepoResult<u64> {
    let open = admin_sessions::table
        .filter(admin_sessions::admin_id.eq(admin_id))
        .filter(admin_sessions::ended_at.is_null())
        .into_boxed();
    let picked = match which {
        SessionPick::Only(id) => open.filter(admin_sessions::id.eq(id)),
        SessionPick::AllBut(id) => open.filter(admin_sessions::id.ne(id)),
        SessionPick::All => open,
    };
    let ids: Vec<Uuid> = picked.select(admin_sessions::id).load(conn).map_err(storage)?;
    let ended = diesel::update(admin_sessions::table.filter(admin_sessions::id.eq_any(&ids)))
        .filter(admin_sessions::ended_at.is_null())
        .set(admin_sessions::ended_at.eq(now))
        .execute(conn)
        .map_err(storage)?;
    Ok(u64::try_from(ended).unwrap_or(0))
}

#[derive(Debug, Clone, Copy)]
pub(crate) enum SessionPick {
    Only(Uuid),
    AllBut(Uuid),
    All,
}

pub(crate) fn list_team(conn: &mut PgConnection) -> RepoResult<Vec<Admin>> {
    let rows: Vec<AdminRow> = admin_users::table
        .order((admin_users::role.asc(), admin_users::name.asc(), admin_users::id.asc()))
        .select(AdminRow::as_select())
        .load(conn)
        .map_err(storage)?;
    Ok(rows.into_iter().map(|row| row.split().0).collect())
}

pub(crate) fn open_invitations(conn: &mut PgConnection) -> RepoResult<Vec<Invitation>> {
    let rows: Vec<(InvitationRow, Option<String>)> = admin_invitations::table
        .left_join(admin_users::table)
        .filter(admin_invitations::accepted_at.is_null())
        .filter(admin_invitations::revoked_at.is_null())
        .order((admin_invitations::created_at.desc(), admin_invitations::id))
        .select((InvitationRow::as_select(), admin_users::name.nullable()))
        .load(conn)
        .map_err(storage)?;
    Ok(rows.into_iter().map(|(row, by)| invitation(row, by)).collect())
}

diesel::define_sql_function! {
    /// PostgreSQL's `lower`: addresses are compared without case.
    fn lower(text: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// Withdraws the open invitations `pick` names (by id or by address);
/// answers the withdrawn rows' ids and addresses.
fn withdraw(
    conn: &mut PgConnection,
    pick: InvitationPick<'_>,
    now: DateTime<Utc>,
) -> RepoResult<Vec<(Uuid, String)>> {
    let open = admin_invitations::accepted_at.is_null().and(admin_invitations::revoked_at.is_null());
    let returned = (admin_invitations::id, admin_invitations::email);
    let withdrawn = match pick {
        InvitationPick::Id(id) => {
            diesel::update(admin_invitations::table.filter(open).filter(admin_invitations::id.eq(id)))
                .set(admin_invitations::revoked_at.eq(now))
                .returning(returned)
                .get_results(conn)
        }
        InvitationPick::Email(email) => diesel::update(
            admin_invitations::table.filter(open).filter(lower(admin_invitations::email).eq(lower(email))),
        )
        .set(admin_invitations::revoked_at.eq(now))
        .returning(returned)
        .get_results(conn),
    };
    withdrawn.map_err(storage)
}

enum InvitationPick<'a> {
    Id(Uuid),
    Email(&'a str),
}

pub(crate) fn create_invitation(
    conn: &mut PgConnection,
    invitation: &Invitation,
    token_hash: &str,
    actor: &Actor,
) -> RepoResult<Result<(), TeamError>> {
    let member: i64 = admin_users::table
        .filter(lower(admin_users::email).eq(lower(&invitation.email)))
        .count()
        .get_result(conn)
        .map_err(storage)?;
    if member > 0 {
        return Ok(Err(TeamError::AlreadyMember));
    }
    // A new invitation to the same address replaces the open one.
    withdraw(conn, InvitationPick::Email(&invitation.email), invitation.created_at)?;
    diesel::insert_into(admin_invitations::table)
        .values((
            admin_invitations::id.eq(invitation.id),
            admin_invitations::email.eq(&invitation.email),
            admin_invitations::name.eq(&invitation.name),
            admin_invitations::role.eq(invitation.role.as_str()),
            admin_invitations::token_hash.eq(token_hash),
            admin_invitations::invited_by.eq(actor.admin_id),
            admin_invitations::created_at.eq(invitation.created_at),
            admin_invitations::expires_at.eq(invitation.expires_at),
        ))
        .execute(conn)
        .map_err(storage)?;
    let summary = format!("Invited {} as {}", invitation.email, invitation.role);
    let record =
        AuditRecord::new(AuditEntity::Invitation, Some(invitation.id), AuditAction::Invited, &summary);
    audit::record(conn, actor, record)?;
    Ok(Ok(()))
}

pub(crate) fn revoke_invitation(
    conn: &mut PgConnection,
    id: Uuid,
    actor: &Actor,
    now: DateTime<Utc>,
) -> RepoResult<bool> {
    let withdrawn = withdraw(conn, InvitationPick::Id(id), now)?;
    for (id, email) in &withdrawn {
        let summary = format!("Withdrew the invitation of {email}");
        let record =
            AuditRecord::new(AuditEntity::Invitation, Some(*id), AuditAction::InvitationRevoked, &summary);
        audit::record(conn, actor, record)?;
    }
    Ok(!withdrawn.is_empty())
}

pub(crate) fn usable_invitation(
    conn: &mut PgConnection,
    token_hash: &str,
    now: DateTime<Utc>,
) -> RepoResult<Option<Invitation>> {
    admin_invitations::table
        .left_join(admin_users::table)
        .filter(admin_invitations::token_hash.eq(token_hash))
        .filter(admin_invitations::accepted_at.is_null())
        .filter(admin_invitations::revoked_at.is_null())
        .filter(admin_invitations::expires_at.gt(now))
        .select((InvitationRow::as_select(), admin_users::name.nullable()))
        .first::<(InvitationRow, Option<String>)>(conn)
        .optional()
        .map(|found| found.map(|(row, by)| invitation(row, by)))
        .map_err(storage)
}

/// Spends the invitation (the row's lock makes simultaneous tries queue:
/// the second finds it spent) and creates the member with the session's
/// admin id.
pub(crate) fn accept_invitation(
    conn: &mut PgConnection,
    token_hash: &str,
    password_hash: &str,
    session: &Session,
    now: DateTime<Utc>,
) -> RepoResult<Result<Option<Admin>, TeamError>> {
    let spent: Option<(Uuid, String, String, String)> = diesel::update(
        admin_invitations::table
            .filter(admin_invitations::token_hash.eq(token_hash))
            .filter(admin_invitations::accepted_at.is_null())
            .filter(admin_invitations::revoked_at.is_null())
            .filter(admin_invitations::expires_at.gt(now)),
    )
    .set(admin_invitations::accepted_at.eq(now))
    .returning((
        admin_invitations::id,
        admin_invitations::email,
        admin_invitations::name,
        admin_invitations::role,
    ))
    .get_result(conn)
    .optional()
    .map_err(storage)?;
    let Some((_, email, name, role)) = spent else { return Ok(Ok(None)) };
    let created = diesel::insert_into(admin_users::table)
        .values((
            admin_users::id.eq(session.admin_id),
            admin_users::email.eq(&email),
            admin_users::name.eq(&name),
            admin_users::password.eq(password_hash),
            admin_users::role.eq(&role),
            admin_users::last_login.eq(now),
        ))
        .returning(AdminRow::as_returning())
        .get_result(conn);
    let admin = match created {
        Ok(row) => row.split().0,
        // Someone with the address joined another way since the invitation.
        Err(error) if crate::violates(&error, crate::Constraint::Unique, "admin_users_email_key") => {
            return Ok(Err(TeamError::AlreadyMember));
        }
        Err(error) => return Err(storage(error)),
    };
    insert_session(conn, session)?;
    let summary = format!("{} joined the team as {}", admin.email, admin.role);
    let record =
        AuditRecord::new(AuditEntity::TeamMember, Some(admin.id), AuditAction::InvitationAccepted, &summary);
    audit::record(conn, &Actor::admin(&admin), record)?;
    Ok(Ok(Some(admin)))
}

/// Applies a role or access change with every owner's row locked, so two
/// owners demoting each other at the same moment cannot both succeed.
pub(crate) fn change_member(
    conn: &mut PgConnection,
    id: Uuid,
    change: MemberChange,
    actor: &Actor,
    now: DateTime<Utc>,
) -> RepoResult<Result<Option<Admin>, TeamError>> {
    // Lock every owner's row and the member's first, in one order: two
    // owners demoting each other at the same moment queue here, and the
    // second sees the first's change.
    admin_users::table
        .filter(admin_users::role.eq(Role::Owner.as_str()).or(admin_users::id.eq(id)))
        .order(admin_users::id)
        .select(admin_users::id)
        .for_update()
        .load::<Uuid>(conn)
        .map_err(storage)?;
    let Some(before) = admin_users::table
        .find(id)
        .select(AdminRow::as_select())
        .first::<AdminRow>(conn)
        .optional()
        .map_err(storage)?
        .map(|row| row.split().0)
    else {
        return Ok(Ok(None));
    };
    let other_active_owners: i64 = admin_users::table
        .filter(admin_users::role.eq(Role::Owner.as_str()))
        .filter(admin_users::is_active.eq(true))
        .filter(admin_users::id.ne(id))
        .count()
        .get_result(conn)
        .map_err(storage)?;
    if let Err(refusal) = check_change((before.role, before.is_active), change, other_active_owners) {
        return Ok(Err(refusal));
    }
    let role = change.role.unwrap_or(before.role);
    let active = change.active.unwrap_or(before.is_active);
    let ends_sessions = before.is_active && !active;
    let after = diesel::update(admin_users::table.find(id))
        .set((
            admin_users::role.eq(role.as_str()),
            admin_users::is_active.eq(active),
            admin_users::session_version.eq(admin_users::session_version + i32::from(ends_sessions)),
        ))
        .returning(AdminRow::as_returning())
        .get_result::<AdminRow>(conn)
        .map_err(storage)?
        .split()
        .0;
    if ends_sessions {
        end_sessions_where(conn, id, SessionPick::All, now)?;
    }
    if before.role != after.role {
        let summary = format!("{}: {} → {}", after.email, before.role, after.role);
        let record = AuditRecord::new(AuditEntity::TeamMember, Some(id), AuditAction::RoleChanged, &summary);
        audit::record(conn, actor, record)?;
    }
    if before.is_active != after.is_active {
        let (action, words) = if after.is_active {
            (AuditAction::Reactivated, "may sign in again")
        } else {
            (AuditAction::Deactivated, "deactivated; every session ended")
        };
        let summary = format!("{} {words}", after.email);
        audit::record(conn, actor, AuditRecord::new(AuditEntity::TeamMember, Some(id), action, &summary))?;
    }
    Ok(Ok(Some(after)))
}

pub(crate) fn usable_reset(
    conn: &mut PgConnection,
    token_hash: &str,
    now: DateTime<Utc>,
) -> RepoResult<bool> {
    diesel::select(diesel::dsl::exists(
        admin_password_resets::table
            .filter(admin_password_resets::token_hash.eq(token_hash))
            .filter(admin_password_resets::used_at.is_null())
            .filter(admin_password_resets::expires_at.gt(now)),
    ))
    .get_result(conn)
    .map_err(storage)
}

pub(crate) fn last_reset_request(
    conn: &mut PgConnection,
    admin_id: Uuid,
) -> RepoResult<Option<DateTime<Utc>>> {
    admin_password_resets::table
        .filter(admin_password_resets::admin_id.eq(admin_id))
        .select(diesel::dsl::max(admin_password_resets::created_at))
        .first(conn)
        .map_err(storage)
}

pub(crate) fn insert_reset(
    conn: &mut PgConnection,
    admin: &Admin,
    token_hash: &str,
    expires_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> RepoResult<()> {
    diesel::insert_into(admin_password_resets::table)
        .values((
            admin_password_resets::id.eq(Uuid::new_v4()),
            admin_password_resets::admin_id.eq(admin.id),
            admin_password_resets::token_hash.eq(token_hash),
            admin_password_resets::created_at.eq(now),
            admin_password_resets::expires_at.eq(expires_at),
        ))
        .execute(conn)
        .map_err(storage)?;
    let record = AuditRecord::new(
        AuditEntity::Session,
        Some(admin.id),
        AuditAction::PasswordResetRequested,
        "A password reset link was mailed",
    );
    audit::record(conn, &Actor::admin(admin), record)
}

/// Spends the link (once) and sets the password; every session ends.
pub(crate) fn reset_password_with(
    conn: &mut PgConnection,
    token_hash: &str,
    password_hash: &str,
    now: DateTime<Utc>,
) -> RepoResult<Option<Admin>> {
    let spent: Option<Uuid> = diesel::update(
        admin_password_resets::table
            .filter(admin_password_resets::token_hash.eq(token_hash))
            .filter(admin_password_resets::used_at.is_null())
            .filter(admin_password_resets::expires_at.gt(now)),
    )
    .set(admin_password_resets::used_at.eq(now))
    .returning(admin_password_resets::admin_id)
    .get_result(conn)
    .optional()
    .map_err(storage)?;
    let Some(admin_id) = spent else { return Ok(None) };
    // Any other link of the account stops working with this one.
    diesel::update(
        admin_password_resets::table
            .filter(admin_password_resets::admin_id.eq(admin_id))
            .filter(admin_password_resets::used_at.is_null()),
    )
    .set(admin_password_resets::used_at.eq(now))
    .execute(conn)
    .map_err(storage)?;
    let admin = diesel::update(admin_users::table.find(admin_id).filter(admin_users::is_active.eq(true)))
        .set((
            admin_users::password.eq(password_hash),
            admin_users::session_version.eq(admin_users::session_version + 1),
        ))
        .returning(AdminRow::as_returning())
        .get_result::<AdminRow>(conn)
        .optional()
        .map_err(storage)?
        .map(|row| row.split().0);
    let Some(admin) = admin else { return Ok(None) };
    end_sessions_where(conn, admin.id, SessionPick::All, now)?;
    let record = AuditRecord::new(
        AuditEntity::Session,
        Some(admin.id),
        AuditAction::PasswordReset,
        "Password set through a reset link; every session ended",
    );
    audit::record(conn, &Actor::admin(&admin), record)?;
    Ok(Some(admin))
}
