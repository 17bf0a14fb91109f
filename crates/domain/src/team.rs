//! The owner's team: roles, invitations, password-reset links, signed-in
//! devices, and the rule that a team always keeps an active owner
//! (docs/decisions.md §18 has the table of what each role may do).

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use crate::validation::{Email, PersonName};

crate::text_enum! {
    /// What a team member may do. An *owner* may do everything; *staff*
    /// run the day (bookings, calendar, orders, messages) but not the team,
    /// prices, money given back, exports or the catalogue.
    Role { Owner, Staff }
}

impl Role {
    pub fn is_owner(self) -> bool {
        self == Role::Owner
    }
}

/// How long an invitation link works.
pub const INVITATION_DAYS: i64 = 7;
/// How long a password-reset link works.
pub const RESET_MINUTES: i64 = 60;
/// A second reset link for one account is not mailed sooner than this after
/// the last (the answer is the same either way: no one learns whether the
/// address has an account, and no one can fill its inbox).
pub const RESET_RESEND_MINUTES: i64 = 5;
/// A session's "last seen" is written at most this often (one write a
/// minute per device, not one per request).
pub const SESSION_TOUCH_SECONDS: i64 = 60;
/// The longest user-agent text kept for the Security view.
pub const USER_AGENT_MAX: usize = 300;

pub fn invitation_expires(now: DateTime<Utc>) -> DateTime<Utc> {
    now + Duration::days(INVITATION_DAYS)
}

pub fn reset_expires(now: DateTime<Utc>) -> DateTime<Utc> {
    now + Duration::minutes(RESET_MINUTES)
}

/// Whether a single-use link (invitation, reset) still works: not used, not
/// withdrawn, and not past its time.
pub fn link_usable(expires_at: DateTime<Utc>, spent_at: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    spent_at.is_none() && now < expires_at
}

/// Whether a new reset mail may go to an account whose last one was asked
/// for at `last` (see [`RESET_RESEND_MINUTES`]).
pub fn may_mail_reset(last: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    last.is_none_or(|last| now - last >= Duration::minutes(RESET_RESEND_MINUTES))
}

/// Whether a session's "last seen" should be written now.
pub fn should_touch(last_seen: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    now - last_seen >= Duration::seconds(SESSION_TOUCH_SECONDS)
}

/// The secret of a single-use link (an invitation, a password reset): it
/// exists only in the mail; the store keeps its hash. Not `Display`, and
/// hidden from `Debug`, so it reaches no log.
#[derive(Clone, PartialEq, Eq)]
pub struct LinkSecret(String);

impl LinkSecret {
    pub fn new(secret: String) -> Self {
        Self(secret)
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for LinkSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LinkSecret(***)")
    }
}

/// An invitation to join the team, as the owner filled it in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewInvitation {
    pub email: Email,
    pub name: PersonName,
    pub role: Role,
}

/// An invitation still waiting for its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invitation {
    pub id: Uuid,
    pub email: String,
    pub name: String,
    pub role: Role,
    pub invited_by: Option<String>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// What the owner changes about a member (either or both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MemberChange {
    pub role: Option<Role>,
    pub active: Option<bool>,
}

/// Why a change to the team is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    #[error("The team must keep at least one active owner. Make someone else an owner first.")]
    LastOwner,
    #[error("Someone with this email is already on the team")]
    AlreadyMember,
    #[error("You cannot change your own role or access; another owner can.")]
    OwnAccount,
    #[error("This is the device you are using: log out instead.")]
    CurrentDevice,
}

/// The last-owner rule: a change that would leave no active owner is
/// refused. `member` is the member's role and whether they are active now;
/// `other_active_owners` counts the active owners besides them.
pub fn check_change(
    member: (Role, bool),
    change: MemberChange,
    other_active_owners: i64,
) -> Result<(), TeamError> {
    let (role, active) = member;
    let stays_owner = change.role.unwrap_or(role).is_owner() && change.active.unwrap_or(active);
    if role.is_owner() && active && !stays_owner && other_active_owners == 0 {
        return Err(TeamError::LastOwner);
    }
    Ok(())
}

/// A signed-in device, for the Security view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub id: Uuid,
    pub admin_id: Uuid,
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub user_agent: String,
    pub client_address: String,
}

/// Where a sign-in comes from, as told by the browser and the connection.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SignInContext {
    pub user_agent: String,
    pub client_address: String,
}

impl SignInContext {
    pub fn new(user_agent: &str, client_address: &str) -> Self {
        Self {
            user_agent: user_agent.chars().filter(|c| !c.is_control()).take(USER_AGENT_MAX).collect(),
            client_address: client_address.to_owned(),
        }
    }
}

/// "Chrome on macOS" from a browser's user-agent text; the Security view
/// shows it so the owner can tell their devices apart. Only well-known
/// names are looked for, in the order that tells them apart (Edge and Opera
/// also say "Chrome", Chrome also says "Safari").
pub fn describe_device(user_agent: &str) -> String {
    const BROWSERS: &[(&str, &str)] = &[
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("Firefox/", "Firefox"),
        ("Chrome/", "Chrome"),
        ("Chromium/", "Chromium"),
        ("Safari/", "Safari"),
    ];
    const SYSTEMS: &[(&str, &str)] = &[
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Android", "Android"),
        ("Mac OS X", "macOS"),
        ("Macintosh", "macOS"),
        ("Windows", "Windows"),
        ("CrOS", "ChromeOS"),
        ("Linux", "Linux"),
    ];
    let browser = BROWSERS.iter().find(|(mark, _)| user_agent.contains(mark)).map(|(_, name)| *name);
    let system = SYSTEMS.iter().find(|(mark, _)| user_agent.contains(mark)).map(|(_, name)| *name);
    match (browser, system) {
        (Some(browser), Some(system)) => format!("{browser} on {system}"),
        (Some(one), None) | (None, Some(one)) => one.to_owned(),
        (None, None) if user_agent.trim().is_empty() => "Unknown device".to_owned(),
        (None, None) => "Other device".to_owned(),
    }
}

/// Where an address is, as far as can be told without a location database:
/// this machine, a private network (home, office, the retreat's Wi-Fi behind
/// a proxy), or the internet (the address itself is shown beside it).
pub fn describe_place(address: &str) -> &'static str {
    match address.parse::<std::net::IpAddr>() {
        Ok(ip) if ip.is_loopback() => "This computer",
        Ok(std::net::IpAddr::V4(ip)) if ip.is_private() || ip.is_link_local() => "Private network",
        Ok(std::net::IpAddr::V6(ip)) if (ip.segments()[0] & 0xfe00) == 0xfc00 => "Private network",
        Ok(_) => "Internet",
        Err(_) => "Unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OWNER: (Role, bool) = (Role::Owner, true);

    #[test]
    fn the_last_active_owner_can_neither_leave_nor_step_down() {
        let demote = MemberChange { role: Some(Role::Staff), active: None };
        let deactivate = MemberChange { role: None, active: Some(false) };
        assert_eq!(check_change(OWNER, demote, 0), Err(TeamError::LastOwner));
        assert_eq!(check_change(OWNER, deactivate, 0), Err(TeamError::LastOwner));
        assert_eq!(check_change(OWNER, demote, 1), Ok(()));
        assert_eq!(check_change(OWNER, deactivate, 1), Ok(()));
        // Staying an owner, or changing someone who is not an active owner, is always fine.
        assert_eq!(
            check_change(OWNER, MemberChange { role: Some(Role::Owner), active: Some(true) }, 0),
            Ok(())
        );
        assert_eq!(check_change((Role::Staff, true), deactivate, 0), Ok(()));
        assert_eq!(check_change((Role::Owner, false), demote, 0), Ok(()));
    }

    #[test]
    fn links_work_once_and_until_their_time() {
        let now = Utc::now();
        assert!(link_usable(invitation_expires(now), None, now));
        assert!(!link_usable(invitation_expires(now), Some(now), now), "used");
        assert!(!link_usable(reset_expires(now), None, now + Duration::minutes(RESET_MINUTES)), "expired");
        assert!(link_usable(reset_expires(now), None, now + Duration::minutes(RESET_MINUTES - 1)));
    }

    #[test]
    fn a_reset_mail_waits_a_few_minutes_after_the_last() {
        let now = Utc::now();
        assert!(may_mail_reset(None, now));
        assert!(!may_mail_reset(Some(now - Duration::minutes(1)), now));
        assert!(may_mail_reset(Some(now - Duration::minutes(RESET_RESEND_MINUTES)), now));
    }

    #[test]
    fn last_seen_is_written_once_a_minute() {
        let now = Utc::now();
        assert!(!should_touch(now - Duration::seconds(59), now));
        assert!(should_touch(now - Duration::seconds(60), now));
    }

    #[test]
    fn devices_and_places_are_named() {
        let mac_chrome = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
        assert_eq!(describe_device(mac_chrome), "Chrome on macOS");
        let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
        assert_eq!(describe_device(iphone), "Safari on iPhone");
        let edge = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0";
        assert_eq!(describe_device(edge), "Edge on Windows");
        assert_eq!(describe_device(""), "Unknown device");
        assert_eq!(describe_device("curl/8.0"), "Other device");
        assert_eq!(describe_place("127.0.0.1"), "This computer");
        assert_eq!(describe_place("192.168.1.20"), "Private network");
        assert_eq!(describe_place("fd00::1"), "Private network");
        assert_eq!(describe_place("203.0.113.9"), "Internet");
        assert_eq!(describe_place("not an address"), "Unknown");
    }

    #[test]
    fn a_sign_in_keeps_a_bounded_one_line_user_agent() {
        let context = SignInContext::new(&format!("a\nb{}", "x".repeat(500)), "10.0.0.1");
        assert_eq!(context.user_agent.chars().count(), USER_AGENT_MAX);
        assert!(!context.user_agent.contains('\n'));
    }

    #[test]
    fn roles_are_stored_as_words() {
        assert_eq!(Role::Owner.as_str(), "owner");
        assert_eq!(Role::from_text("staff"), Some(Role::Staff));
        assert_eq!(Role::from_text("admin"), None);
    }
}
