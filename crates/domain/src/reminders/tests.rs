use chrono::{NaiveDate, NaiveTime, Utc};
use uuid::Uuid;

use super::*;
use crate::booking::{Booking, BookingStatus, LocalNow, ServiceKey, TimeSlot};

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").expect(text)
}

fn at(text: &str, hour: u32, minute: u32) -> LocalNow {
    LocalNow { date: day(text), time: NaiveTime::from_hms_opt(hour, minute, 0).expect("time") }
}

fn booking(email: &str, key: ServiceKey, date: &str, time: TimeSlot) -> Booking {
    Booking {
        id: Uuid::new_v4(),
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        email: email.into(),
        service: key,
        date: day(date),
        check_out: None,
        time,
        notes: None,
        status: BookingStatus::Confirmed,
        created_at: Utc::now(),
        deposit: None,
        promo: None,
        gift_card: None,
        moves: 0,
        guest_moves: 0,
        guest_confirmed_at: None,
    }
}

fn stay(email: &str, check_in: &str, check_out: &str) -> Booking {
    Booking {
        check_out: Some(day(check_out)),
        ..booking(email, ServiceKey::Accommodation, check_in, TimeSlot::ThreePm)
    }
}

/// Bookings made long before (a month before the 18th).
fn candidates(bookings: &[Booking]) -> Vec<Candidate> {
    bookings
        .iter()
        .map(|b| Candidate {
            booking: b.clone(),
            booked_at: day("2026-11-18").and_hms_opt(12, 0, 0).expect("t"),
        })
        .collect()
}

const ADA: &str = "ada@example.com";

#[test]
fn a_stay_and_the_treatments_inside_it_are_one_visit_and_other_days_are_their_own() {
    let home = stay(ADA, "2026-12-18", "2026-12-21");
    let massage = booking("ADA@example.com", ServiceKey::Massage, "2026-12-19", TimeSlot::ElevenAm);
    let spa = booking(ADA, ServiceKey::Spa, "2026-12-21", TimeSlot::NineAm);
    let later = booking(ADA, ServiceKey::Spa, "2026-12-24", TimeSlot::NineAm);
    let later_too = booking(ADA, ServiceKey::Massage, "2026-12-24", TimeSlot::OnePm);
    let grace = booking("grace@example.com", ServiceKey::Massage, "2026-12-19", TimeSlot::ElevenAm);
    let cancelled = Booking {
        status: BookingStatus::Cancelled,
        ..booking(ADA, ServiceKey::Spa, "2026-12-20", TimeSlot::NineAm)
    };
    let visits = visits_of(&[
        later_too.clone(),
        grace.clone(),
        spa.clone(),
        massage.clone(),
        home.clone(),
        later.clone(),
        cancelled,
    ]);
    let shape: Vec<(Uuid, Vec<Uuid>)> =
        visits.iter().map(|v| (v.anchor.id, v.bookings.iter().map(|b| b.id).collect())).collect();
    assert_eq!(
        shape,
        [
            (home.id, vec![home.id, massage.id, spa.id]),
            (grace.id, vec![grace.id]),
            (later.id, vec![later.id, later_too.id]),
        ]
    );
    assert!(visits[0].is_stay());
    assert_eq!(visit_with(&spa, &[home.clone(), massage, spa.clone()]).map(|v| v.anchor.id), Some(home.id));
}

#[test]
fn treatments_are_reminded_two_days_before_and_on_the_morning_and_stays_a_week_and_a_day_before() {
    let settings = ReminderSettings::default();
    let massage = booking(ADA, ServiceKey::Massage, "2026-12-18", TimeSlot::ElevenAm);
    let visit = &visits_of(&[massage])[0];
    assert_eq!(
        visit.due(ReminderKind::First, &settings),
        Some(day("2026-12-16").and_hms_opt(11, 0, 0).expect("t"))
    );
    assert_eq!(
        visit.due(ReminderKind::Second, &settings),
        Some(day("2026-12-18").and_hms_opt(8, 0, 0).expect("t"))
    );
    let home = stay(ADA, "2026-12-18", "2026-12-20");
    let visit = &visits_of(&[home])[0];
    assert_eq!(
        visit.due(ReminderKind::First, &settings),
        Some(day("2026-12-11").and_hms_opt(15, 0, 0).expect("t"))
    );
    assert_eq!(
        visit.due(ReminderKind::Second, &settings),
        Some(day("2026-12-17").and_hms_opt(15, 0, 0).expect("t"))
    );
    let no_morning = ReminderSettings { treatment_morning_of: false, ..settings };
    let massage = booking(ADA, ServiceKey::Massage, "2026-12-18", TimeSlot::ElevenAm);
    assert_eq!(visits_of(&[massage])[0].due(ReminderKind::Second, &no_morning), None);
}

#[test]
fn the_first_asks_the_second_asks_again_or_reminds_and_each_goes_once() {
    let settings = ReminderSettings::default();
    let massage = booking(ADA, ServiceKey::Massage, "2026-12-18", TimeSlot::ElevenAm);
    let list = candidates(std::slice::from_ref(&massage));
    assert!(due_reminders(at("2026-12-16", 10, 59), &settings, &list, &[], &[]).is_empty(), "not yet");
    let first = due_reminders(at("2026-12-16", 11, 0), &settings, &list, &[], &[]);
    assert_eq!(first.len(), 1);
    assert_eq!((first[0].kind, first[0].asks), (ReminderKind::First, true));
    let sent_first = [SentReminder {
        booking: massage.id,
        kind: ReminderKind::First,
        date: massage.date,
        time: massage.time,
    }];
    assert!(due_reminders(at("2026-12-17", 12, 0), &settings, &list, &sent_first, &[]).is_empty(), "once");
    // Unanswered, the morning's reminder asks again; answered, it only reminds.
    let second = due_reminders(at("2026-12-18", 8, 5), &settings, &list, &sent_first, &[]);
    assert_eq!((second[0].kind, second[0].asks), (ReminderKind::Second, true));
    let answered = Booking { guest_confirmed_at: Some(Utc::now()), ..massage.clone() };
    let second = due_reminders(at("2026-12-18", 8, 5), &settings, &candidates(&[answered]), &sent_first, &[]);
    assert_eq!((second[0].kind, second[0].asks), (ReminderKind::Second, false));
    // Begun: nothing more.
    assert!(due_reminders(at("2026-12-18", 11, 0), &settings, &list, &sent_first, &[]).is_empty());
}

#[test]
fn nothing_leaves_in_quiet_hours_what_fell_due_goes_after_them_and_a_late_sweep_sends_only_the_second() {
    let settings = ReminderSettings::default();
    let evening = booking(ADA, ServiceKey::Massage, "2026-12-18", TimeSlot::FivePm);
    let list = candidates(std::slice::from_ref(&evening));
    let due_at_night = ReminderSettings { treatment_first_hours: 44, ..settings };
    assert!(
        due_reminders(at("2026-12-16", 21, 0), &due_at_night, &list, &[], &[]).is_empty(),
        "21:00 is quiet"
    );
    assert!(due_reminders(at("2026-12-17", 7, 59), &due_at_night, &list, &[], &[]).is_empty());
    assert_eq!(
        due_reminders(at("2026-12-17", 8, 0), &due_at_night, &list, &[], &[]).len(),
        1,
        "the morning after"
    );
    // A sweep that missed both sends the second alone.
    let late = due_reminders(at("2026-12-18", 9, 0), &settings, &list, &[], &[]);
    assert_eq!(late.iter().map(|r| r.kind).collect::<Vec<_>>(), [ReminderKind::Second]);
    // Off: nothing.
    let off = ReminderSettings { on: false, ..settings };
    assert!(due_reminders(at("2026-12-18", 9, 0), &off, &list, &[], &[]).is_empty());
    // Equal hours: no quiet hours at all.
    let never_quiet = ReminderSettings { quiet_from_hour: 8, quiet_until_hour: 8, ..settings };
    assert!(!never_quiet.is_quiet(NaiveTime::MIN));
}

#[test]
fn only_confirmed_visits_booked_before_the_moment_are_reminded_and_a_moved_visit_again() {
    let settings = ReminderSettings::default();
    let pending = Booking {
        status: BookingStatus::Pending,
        ..booking(ADA, ServiceKey::Spa, "2026-12-18", TimeSlot::ElevenAm)
    };
    assert!(due_reminders(at("2026-12-16", 12, 0), &settings, &candidates(&[pending]), &[], &[]).is_empty());
    // Booked after its first's moment: the request's mail has just told her.
    let massage = booking(ADA, ServiceKey::Massage, "2026-12-18", TimeSlot::ElevenAm);
    let fresh = [Candidate {
        booking: massage.clone(),
        booked_at: day("2026-12-16").and_hms_opt(12, 0, 0).expect("t"),
    }];
    assert!(due_reminders(at("2026-12-16", 13, 0), &settings, &fresh, &[], &[]).is_empty());
    assert_eq!(
        due_reminders(at("2026-12-18", 8, 0), &settings, &fresh, &[], &[])[0].kind,
        ReminderKind::Second
    );
    // Sent for its old place; moved, it is reminded at the new one.
    let sent = [SentReminder {
        booking: massage.id,
        kind: ReminderKind::First,
        date: day("2026-12-17"),
        time: massage.time,
    }];
    assert_eq!(
        due_reminders(at("2026-12-16", 12, 0), &settings, &candidates(&[massage]), &sent, &[]).len(),
        1
    );
}

#[test]
fn one_itinerary_per_guest_visit_lists_the_stay_and_its_treatments() {
    let settings = ReminderSettings::default();
    let home = stay(ADA, "2026-12-18", "2026-12-21");
    let massage = booking(ADA, ServiceKey::Massage, "2026-12-19", TimeSlot::ElevenAm);
    let spa = booking(ADA, ServiceKey::Spa, "2026-12-20", TimeSlot::NineAm);
    let list = candidates(&[home.clone(), massage.clone(), spa.clone()]);
    // A week before arrival: one message, all three.
    let due = due_reminders(at("2026-12-11", 15, 0), &settings, &list, &[], &[]);
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].visit.bookings.iter().map(|b| b.id).collect::<Vec<_>>(), [home.id, massage.id, spa.id]);
    // The treatments' own moments send nothing apart once the stay's are sent.
    let sent = [
        SentReminder { booking: home.id, kind: ReminderKind::First, date: home.date, time: home.time },
        SentReminder { booking: home.id, kind: ReminderKind::Second, date: home.date, time: home.time },
    ];
    assert!(due_reminders(at("2026-12-19", 8, 30), &settings, &list, &sent, &[]).is_empty());
}

#[test]
fn settings_are_checked() {
    let settings = ReminderSettings::default();
    assert_eq!(settings.check(), Ok(()));
    assert_eq!(
        ReminderSettings { stay_second_days: 7, ..settings }.check(),
        Err(ReminderSettingsError::StaySecondDays)
    );
    assert_eq!(
        ReminderSettings { treatment_first_hours: 0, ..settings }.check(),
        Err(ReminderSettingsError::TreatmentFirstHours)
    );
    assert_eq!(
        ReminderSettings { quiet_until_hour: 24, ..settings }.check(),
        Err(ReminderSettingsError::QuietHours)
    );
    assert_eq!(settings.lookahead_days(), 8);
}

#[test]
fn a_visit_on_a_day_since_blacked_out_is_not_reminded() {
    use crate::booking::BlackoutType;
    let settings = ReminderSettings::default();
    let massage = booking(ADA, ServiceKey::Massage, "2026-12-18", TimeSlot::ElevenAm);
    let home = stay("bea@example.com", "2026-12-17", "2026-12-20");
    let closure = |start: &str, end: &str, blackout_type| Blackout {
        id: Uuid::new_v4(),
        start_date: day(start),
        end_date: day(end),
        blackout_type,
        reason: None,
        created_by: None,
        created_at: Utc::now(),
    };
    let list = candidates(&[massage.clone(), home.clone()]);
    let now = at("2026-12-16", 16, 0);
    assert_eq!(due_reminders(now, &settings, &list, &[], &[]).len(), 2);
    // The treatments closed that day: the massage goes quiet, the stay is still reminded.
    let services_closed = [closure("2026-12-18", "2026-12-18", BlackoutType::Services)];
    let due = due_reminders(now, &settings, &list, &[], &services_closed);
    assert_eq!(due.iter().map(|d| d.visit.anchor.id).collect::<Vec<_>>(), [home.id]);
    // The Tiny Home closed on a night inside the stay (not its check-in): the stay goes quiet.
    let home_closed = [closure("2026-12-19", "2026-12-25", BlackoutType::TinyHome)];
    assert!(is_blacked_out(&home, &home_closed));
    assert!(!is_blacked_out(&massage, &home_closed));
    // The whole retreat closed: nothing goes.
    let all = [closure("2026-12-01", "2026-12-31", BlackoutType::All)];
    assert!(due_reminders(now, &settings, &list, &[], &all).is_empty());
}
