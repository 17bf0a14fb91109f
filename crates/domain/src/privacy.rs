//! A guest's own data (issue 45, docs/decisions.md §21 "A guest's data"):
//! her requests for a copy or for erasure, the stable pseudonym that takes
//! her place when she is erased, and what keeps an erasure waiting.
//!
//! Erasure keeps what the accounts and the law need (amounts, dates,
//! refunds, what was bought and booked) under the pseudonym, and removes
//! who she is: names, addresses, phone, her words (messages, notes,
//! comments), her place on the waitlist and the mail we wrote to her.

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::booking::BookingStatus;
use crate::order::OrderStatus;

crate::text_enum! {
    /// What a guest asks for.
    PrivacyRequestKind {
        /// A copy of everything held about her address.
        Copy,
        /// Her details erased.
        Erasure,
    }
}

crate::text_enum! {
    /// Where a confirmed request stands.
    PrivacyRequestState { Open, Done }
}

/// An unconfirmed request (and its link) lasts this long; then it is deleted.
pub const UNCONFIRMED_DAYS: i64 = 7;
/// Done requests stay in the owner's list this long (the record stays).
pub const DONE_LISTED_DAYS: i64 = 90;
/// How long the mailed link to a copy works.
pub const COPY_LINK_DAYS: i64 = 14;
/// The first name every erased record carries (its last name is the pseudonym).
pub const ERASED_FIRST_NAME: &str = "Erased";
/// The domain of a pseudonym's address: `.invalid` is reserved (RFC 2606),
/// so no mail is ever delivered to an erased guest.
pub const ERASED_DOMAIN: &str = "erased.invalid";

/// A guest's request for her data or its erasure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrivacyRequest {
    pub id: Uuid,
    /// The address it is about (the pseudonym's after an erasure).
    pub email: String,
    pub kind: PrivacyRequestKind,
    pub created_at: DateTime<Utc>,
    /// When she confirmed it through the mailed link; the team sees only confirmed requests.
    pub confirmed_at: Option<DateTime<Utc>>,
    pub done_at: Option<DateTime<Utc>>,
    /// Who did it (a team member's address).
    pub done_by: Option<String>,
}

impl PrivacyRequest {
    pub fn state(&self) -> PrivacyRequestState {
        if self.done_at.is_some() { PrivacyRequestState::Done } else { PrivacyRequestState::Open }
    }

    /// Whether its confirmation link may still be used at `now`.
    pub fn may_confirm(&self, now: DateTime<Utc>) -> bool {
        self.confirmed_at.is_some() || now - self.created_at <= chrono::Duration::days(UNCONFIRMED_DAYS)
    }
}

/// The stand-in for an erased guest: the same address always gives the
/// same pseudonym (a keyed hash of it, so it cannot be turned back into the
/// address), so her erased records still read as one guest's in the
/// accounts, and a second erasure of the address finds nothing new.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pseudonym(String);

impl Pseudonym {
    /// From a keyed digest of the lower-cased address: "guest-" and its
    /// first twelve hex digits.
    pub fn from_digest(digest: &[u8]) -> Self {
        let hex: String = digest.iter().take(6).map(|byte| format!("{byte:02x}")).collect();
        Self(format!("guest-{hex}"))
    }

    /// "guest-1a2b3c4d5e6f": the erased records' last name.
    pub fn code(&self) -> &str {
        &self.0
    }

    /// "guest-1a2b3c4d5e6f@erased.invalid": the erased records' address.
    pub fn email(&self) -> String {
        format!("{}@{ERASED_DOMAIN}", self.0)
    }

    /// "Erased guest-1a2b3c4d5e6f": how lists name the erased guest.
    pub fn full_name(&self) -> String {
        format!("{ERASED_FIRST_NAME} {}", self.0)
    }
}

/// Whether `email` is an erased guest's address.
pub fn is_pseudonym_address(email: &str) -> bool {
    email.to_ascii_lowercase().ends_with(&format!("@{ERASED_DOMAIN}"))
}

/// A booking of the address as far as erasure cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookingAtStake {
    pub status: BookingStatus,
    /// Her last day there: the visit's date, or a stay's check-out.
    pub last_day: NaiveDate,
}

/// Why an address cannot be erased yet: the retreat still needs to know
/// who is coming or where a parcel goes. The team cancels or finishes it
/// first; the accounts of what is over are kept under the pseudonym.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ErasureBlocked {
    #[error(
        "This guest has a visit to come (on {0}). Cancel it, or wait until it is over, then erase her details."
    )]
    VisitToCome(NaiveDate),
    #[error("This guest has an order not yet shipped. Ship or cancel it first, then erase her details.")]
    OrderOpen,
}

/// The first thing keeping the address from being erased on `today` (the
/// retreat's date), if any.
pub fn erasure_blocked(
    bookings: &[BookingAtStake],
    orders: &[OrderStatus],
    today: NaiveDate,
) -> Option<ErasureBlocked> {
    let coming = bookings
        .iter()
        .filter(|b| matches!(b.status, BookingStatus::Pending | BookingStatus::Confirmed))
        .filter(|b| b.last_day >= today)
        .map(|b| b.last_day)
        .min();
    if let Some(day) = coming {
        return Some(ErasureBlocked::VisitToCome(day));
    }
    orders
        .iter()
        .any(|status| matches!(status, OrderStatus::Pending | OrderStatus::Processing))
        .then_some(ErasureBlocked::OrderOpen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, d).expect("date")
    }

    #[test]
    fn a_pseudonym_is_stable_readable_and_undeliverable() {
        let pseudonym = Pseudonym::from_digest(&[0x1a, 0x2b, 0x3c, 0x4d, 0x5e, 0x6f, 0x70, 0x81]);
        assert_eq!(pseudonym.code(), "guest-1a2b3c4d5e6f");
        assert_eq!(pseudonym.email(), "guest-1a2b3c4d5e6f@erased.invalid");
        assert_eq!(pseudonym.full_name(), "Erased guest-1a2b3c4d5e6f");
        assert!(is_pseudonym_address(&pseudonym.email()));
        assert!(!is_pseudonym_address("jane@example.com"));
    }

    #[test]
    fn a_visit_to_come_or_an_order_not_shipped_waits_the_erasure() {
        let today = day(10);
        let over = BookingAtStake { status: BookingStatus::Confirmed, last_day: day(9) };
        let cancelled = BookingAtStake { status: BookingStatus::Cancelled, last_day: day(20) };
        let done = BookingAtStake { status: BookingStatus::Completed, last_day: day(10) };
        assert_eq!(erasure_blocked(&[over, cancelled, done], &[OrderStatus::Delivered], today), None);
        let today_visit = BookingAtStake { status: BookingStatus::Pending, last_day: day(10) };
        let later = BookingAtStake { status: BookingStatus::Confirmed, last_day: day(15) };
        assert_eq!(
            erasure_blocked(&[later, today_visit], &[], today),
            Some(ErasureBlocked::VisitToCome(day(10))),
            "the nearest visit is named"
        );
        assert_eq!(
            erasure_blocked(&[over], &[OrderStatus::Processing], today),
            Some(ErasureBlocked::OrderOpen)
        );
        assert_eq!(erasure_blocked(&[], &[OrderStatus::Pending], today), Some(ErasureBlocked::OrderOpen));
        assert_eq!(erasure_blocked(&[], &[OrderStatus::Shipped, OrderStatus::Cancelled], today), None);
    }

    #[test]
    fn a_request_link_works_for_seven_days_until_confirmed() {
        let created = "2026-12-01T10:00:00Z".parse::<DateTime<Utc>>().expect("time");
        let mut request = PrivacyRequest {
            id: Uuid::nil(),
            email: "jane@example.com".into(),
            kind: PrivacyRequestKind::Copy,
            created_at: created,
            confirmed_at: None,
            done_at: None,
            done_by: None,
        };
        assert!(request.may_confirm(created + chrono::Duration::days(7)));
        assert!(!request.may_confirm(created + chrono::Duration::days(8)));
        request.confirmed_at = Some(created);
        assert!(
            request.may_confirm(created + chrono::Duration::days(30)),
            "confirming again changes nothing"
        );
        assert_eq!(request.state(), PrivacyRequestState::Open);
    }
}
