use chrono::{NaiveDate, TimeZone, Utc};
use uuid::Uuid;

use super::*;
use crate::booking::TimeSlot;

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").expect(text)
}

fn booking(email: &str, service: ServiceKey, date: &str, status: BookingStatus) -> Booking {
    Booking {
        id: Uuid::new_v4(),
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        email: email.into(),
        service,
        date: day(date),
        check_out: None,
        time: TimeSlot::ElevenAm,
        notes: None,
        status,
        created_at: Utc::now(),
        deposit: None,
        promo: None,
        gift_card: None,
        moves: 0,
        guest_moves: 0,
        guest_confirmed_at: None,
    }
}

fn stay(email: &str, date: &str, out: &str, status: BookingStatus) -> Booking {
    Booking { check_out: Some(day(out)), ..booking(email, ServiceKey::Accommodation, date, status) }
}

fn due(
    today: &str,
    candidates: &[Booking],
    coming: &[Booking],
    sent: &[SentFollowUp],
    opted_out: &[String],
) -> Vec<(FollowUpKind, Vec<Uuid>)> {
    let return_after = |key: ServiceKey| (key == ServiceKey::Massage).then_some(28);
    due_follow_ups(&FollowUpInputs {
        today: day(today),
        candidates,
        coming,
        sent,
        opted_out,
        return_after: &return_after,
    })
    .into_iter()
    .map(|d| (d.kind, d.bookings.iter().map(|b| b.id).collect()))
    .collect()
}

#[test]
fn a_visit_is_over_when_completed_on_its_day_or_when_a_stays_last_night_passed() {
    let massage = booking("a@x.org", ServiceKey::Massage, "2026-12-10", BookingStatus::Completed);
    assert!(!is_over(&massage, day("2026-12-09")), "marked completed before its day");
    assert!(is_over(&massage, day("2026-12-10")));
    let confirmed = booking("a@x.org", ServiceKey::Massage, "2026-12-10", BookingStatus::Confirmed);
    assert!(!is_over(&confirmed, day("2026-12-11")), "a treatment is over when the owner says so");
    let nights = stay("a@x.org", "2026-12-10", "2026-12-12", BookingStatus::Confirmed);
    assert!(!is_over(&nights, day("2026-12-11")));
    assert!(is_over(&nights, day("2026-12-12")), "the check-out day");
    let cancelled = stay("a@x.org", "2026-12-10", "2026-12-12", BookingStatus::Cancelled);
    assert!(!is_over(&cancelled, day("2026-12-20")));
    let pending = stay("a@x.org", "2026-12-10", "2026-12-12", BookingStatus::Pending);
    assert!(!is_over(&pending, day("2026-12-20")));
}

#[test]
fn every_guest_whose_visit_is_over_is_thanked_once_in_one_message() {
    let ada_massage = booking("ada@x.org", ServiceKey::Massage, "2026-12-10", BookingStatus::Completed);
    let ada_spa = booking("ADA@x.org", ServiceKey::Spa, "2026-12-10", BookingStatus::Completed);
    let bea = stay("bea@x.org", "2026-12-08", "2026-12-10", BookingStatus::Confirmed);
    let old = booking("cy@x.org", ServiceKey::Spa, "2026-11-20", BookingStatus::Completed);
    let all = [ada_massage.clone(), ada_spa.clone(), bea.clone(), old];
    let found = due("2026-12-10", &all, &[], &[], &[]);
    let thanks: Vec<_> = found.iter().filter(|(k, _)| *k == FollowUpKind::Thanks).collect();
    assert_eq!(thanks.len(), 2, "Ada's two bookings are one message; Cy's visit is too long ago");
    assert!(thanks.iter().any(|(_, ids)| ids.len() == 2 && ids.contains(&ada_massage.id)));
    assert!(thanks.iter().any(|(_, ids)| *ids == [bea.id]));

    let sent = [
        SentFollowUp { booking: ada_massage.id, kind: FollowUpKind::Thanks },
        SentFollowUp { booking: ada_spa.id, kind: FollowUpKind::Thanks },
    ];
    let again = due("2026-12-11", &all, &[], &sent, &[]);
    assert_eq!(again, [(FollowUpKind::Thanks, vec![bea.id])], "sent once");
    assert!(due("2026-12-11", &all, &[], &[], &["bea@x.org".into(), "ada@x.org".into()]).is_empty());
}

#[test]
fn the_invitation_comes_when_due_for_the_latest_visit_unless_one_is_booked() {
    let first = booking("ada@x.org", ServiceKey::Massage, "2026-11-01", BookingStatus::Completed);
    let latest = booking("ada@x.org", ServiceKey::Massage, "2026-11-10", BookingStatus::Completed);
    let spa = booking("ada@x.org", ServiceKey::Spa, "2026-11-10", BookingStatus::Completed);
    let thanked: Vec<SentFollowUp> = [&first, &latest, &spa]
        .iter()
        .map(|b| SentFollowUp { booking: b.id, kind: FollowUpKind::Thanks })
        .collect();
    let all = [first.clone(), latest.clone(), spa];
    assert!(due("2026-12-07", &all, &[], &thanked, &[]).is_empty(), "27 days after");
    assert_eq!(
        due("2026-12-08", &all, &[], &thanked, &[]),
        [(FollowUpKind::Invitation, vec![latest.id])],
        "28 days after the latest massage; the spa sets no return; the first massage is not the latest"
    );
    let next = booking("ada@x.org", ServiceKey::Spa, "2026-12-20", BookingStatus::Pending);
    assert!(
        due("2026-12-08", &all, std::slice::from_ref(&next), &thanked, &[]).is_empty(),
        "she has a visit booked"
    );
    let cancelled = Booking { status: BookingStatus::Cancelled, ..next };
    assert_eq!(due("2026-12-08", &all, &[cancelled], &thanked, &[]).len(), 1);
    let mut sent = thanked.clone();
    sent.push(SentFollowUp { booking: latest.id, kind: FollowUpKind::Invitation });
    assert!(due("2026-12-09", &all, &[], &sent, &[]).is_empty(), "once");
    assert!(due("2026-12-30", &all, &[], &thanked, &[]).is_empty(), "past the window");
    assert!(due("2026-12-08", &all, &[], &thanked, &["ada@x.org".into()]).is_empty());
}

fn rating(service: ServiceKey, stars: u8, comment: Option<&str>, quote: bool, day: u32) -> Rating {
    let at = Utc.with_ymd_and_hms(2026, 12, day, 12, 0, 0).single().expect("time");
    Rating {
        id: Uuid::new_v4(),
        booking: Some(Uuid::new_v4()),
        service,
        stars,
        comment: comment.map(str::to_owned),
        may_quote: quote,
        author: "Ada L.".into(),
        email: "ada@x.org".into(),
        visited_on: at.date_naive(),
        created_at: at,
        updated_at: at,
        reply: None,
        hidden: None,
    }
}

#[test]
fn every_shown_rating_counts_and_only_quotable_comments_show_newest_first() {
    let mut taken_down = rating(ServiceKey::Massage, 1, Some("rude words"), true, 9);
    taken_down.hidden = Some(Hidden { rule: HideRule::Abuse, at: Utc::now() });
    let ratings = [
        rating(ServiceKey::Massage, 5, Some("Wonderful"), true, 1),
        rating(ServiceKey::Massage, 2, Some("Too cold in the room"), true, 2),
        rating(ServiceKey::Massage, 4, Some("Private words"), false, 3),
        rating(ServiceKey::Massage, 4, None, true, 4),
        rating(ServiceKey::Massage, 3, Some("Fine"), true, 5),
        rating(ServiceKey::Massage, 1, Some("Never again"), true, 6),
        taken_down,
        rating(ServiceKey::Spa, 5, Some("Bliss"), true, 7),
    ];
    let summaries = summarise(&ratings);
    assert_eq!(summaries.len(), 2);
    let massage = &summaries[0];
    assert_eq!(massage.service, ServiceKey::Massage);
    assert_eq!(massage.count, 6, "the low ones count; the one taken down does not");
    assert_eq!(massage.average, 3.2);
    let quoted: Vec<_> = massage.quoted.iter().map(|r| r.comment.as_deref().unwrap_or("")).collect();
    assert_eq!(quoted, ["Never again", "Fine", "Too cold in the room"], "the bad ones show too");
}

#[test]
fn a_rating_is_checked_and_may_change_for_thirty_days() {
    assert_eq!(RatingInput::parse(0, None, false), Err(RatingError::Stars));
    assert_eq!(RatingInput::parse(6, None, false), Err(RatingError::Stars));
    assert_eq!(RatingInput::parse(5, Some(&"x".repeat(1001)), true), Err(RatingError::Comment));
    assert_eq!(RatingInput::parse(5, Some("  "), true).map(|r| r.comment), Ok(None));
    assert_eq!(RatingInput::parse(5, Some("a\0b"), true), Err(RatingError::Comment), "no NUL is stored");
    assert_eq!(check_reply(Some("a\0b")), Err(TextRefused { max: COMMENT_MAX }));
    assert_eq!(check_aftercare(Some("a\0b")), Err(AfterVisitSettingsError::Aftercare));
    let ok = RatingInput::parse(4, Some(" Lovely "), true).expect("valid");
    assert_eq!((ok.stars, ok.comment.as_deref()), (4, Some("Lovely")));

    let done = booking("a@x.org", ServiceKey::Massage, "2026-12-01", BookingStatus::Completed);
    let now = Utc.with_ymd_and_hms(2026, 12, 2, 12, 0, 0).single().expect("time");
    assert_eq!(may_rate(&done, None, day("2026-11-30"), now), Err(RatingError::NotOver));
    assert_eq!(may_rate(&done, None, day("2026-12-02"), now), Ok(()));
    let given = rating(ServiceKey::Massage, 4, None, false, 2);
    let later = given.created_at + Duration::days(RATING_CHANGE_DAYS);
    assert_eq!(may_rate(&done, Some(&given), day("2026-12-20"), later - Duration::seconds(1)), Ok(()));
    assert_eq!(may_rate(&done, Some(&given), day("2027-01-01"), later), Err(RatingError::Closed));
}

#[test]
fn authors_are_named_by_first_name_and_initial_and_settings_are_bounded() {
    assert_eq!(author_of("Ada", "lovelace"), "Ada L.");
    assert_eq!(author_of(" Bea ", ""), "Bea");
    assert_eq!(check_return_after(Some(0)), Err(AfterVisitSettingsError::ReturnAfter));
    assert_eq!(check_return_after(Some(731)), Err(AfterVisitSettingsError::ReturnAfter));
    assert_eq!(check_return_after(Some(30)), Ok(Some(30)));
    assert_eq!(check_aftercare(Some("  ")), Ok(None));
    assert_eq!(check_aftercare(Some(&"x".repeat(2001))), Err(AfterVisitSettingsError::Aftercare));
}
