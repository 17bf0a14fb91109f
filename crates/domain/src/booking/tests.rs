use super::*;

// The specification's calendar (`Schedule::default()`: every time open, no
// standing limit) for the tests written before the schedule; the
// schedule's own tests are in `schedule_tests`.
fn day_availability(
    key: ServiceKey,
    date: NaiveDate,
    now: LocalNow,
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
) -> DayAvailability {
    super::day_availability(key, date, now, &Schedule::default(), blackouts, entries)
}

fn plan_booking(
    booking: &NewBooking,
    now: LocalNow,
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
    guest_pending: i64,
) -> Result<Vec<CapacityUpdate>, BookingRejection> {
    super::plan_booking(booking, now, &Schedule::default(), blackouts, entries, guest_pending)
}

fn plan_bookings(
    requests: &[(&NewBooking, LocalNow)],
    blackouts: &[Blackout],
    entries: &[AvailabilityEntry],
    guest_pending: impl Fn(NaiveDate, &Email) -> i64,
) -> BookingPlans {
    super::plan_bookings(requests, &Schedule::default(), blackouts, entries, guest_pending)
}

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, DATE_FORMAT).expect(text)
}

fn now(day: &str, hour: u32) -> LocalNow {
    LocalNow { date: date(day), time: NaiveTime::from_hms_opt(hour, 30, 0).expect("time") }
}

fn blackout(start: &str, end: &str, blackout_type: BlackoutType) -> Blackout {
    Blackout {
        id: Uuid::new_v4(),
        start_date: date(start),
        end_date: date(end),
        blackout_type,
        reason: None,
        created_by: None,
        created_at: Utc::now(),
    }
}

struct Entry {
    service: Option<ServiceKey>,
    accommodation: Option<AccommodationType>,
    slot: Option<TimeSlot>,
    max: i32,
    current: i32,
    blocked: bool,
}

impl Entry {
    fn day() -> Self {
        Self { service: None, accommodation: None, slot: None, max: 1, current: 0, blocked: false }
    }

    fn at(self, day: &str) -> AvailabilityEntry {
        AvailabilityEntry {
            id: Uuid::new_v4(),
            service_id: self.service.map(|_| Uuid::new_v4()),
            service_key: self.service,
            service_name: self.service.map(|key| key.service_name().to_owned()),
            accommodation_type: self.accommodation,
            date: date(day),
            time_slot: self.slot,
            max_capacity: self.max,
            current_bookings: self.current,
            is_blocked: self.blocked,
            block_reason: None,
            created_at: Utc::now(),
        }
    }
}

fn booking(key: ServiceKey, day: &str, slot: TimeSlot) -> NewBooking {
    NewBooking {
        first_name: PersonName::parse("Ada").expect("name"),
        last_name: PersonName::parse("Lovelace").expect("name"),
        email: Email::parse("ada@example.com").expect("email"),
        service: key,
        date: date(day),
        check_out: None,
        time: slot,
        notes: None,
        deposit: None,
        promo_code: None,
        gift_card: None,
    }
}

const TODAY: &str = "2026-11-21";

#[test]
fn each_key_has_its_scope_and_record_name() {
    let expected = [
        (ServiceKey::Massage, BlackoutType::Services, "Massage Therapy", None),
        (ServiceKey::Spa, BlackoutType::Services, "Rustic Spa Treatments", None),
        (
            ServiceKey::Accommodation,
            BlackoutType::TinyHome,
            "Tiny Home Retreat",
            Some(AccommodationType::TinyHome),
        ),
        (ServiceKey::Package, BlackoutType::Retreat, "Wellness Packages", Some(AccommodationType::Retreat)),
    ];
    for (key, scope, name, accommodation) in expected {
        assert_eq!(key.blackout_scope(), scope);
        assert_eq!(key.service_name(), name);
        assert_eq!(key.accommodation(), accommodation);
    }
}

#[test]
fn blackout_coverage_is_inclusive_and_scoped() {
    // Every (type, key) pair, on the first day, the last day, inside and outside.
    for &blackout_type in BlackoutType::ALL {
        let period = blackout("2026-12-10", "2026-12-12", blackout_type);
        for &key in ServiceKey::ALL {
            let in_scope = blackout_type == BlackoutType::All || blackout_type == key.blackout_scope();
            for day in ["2026-12-10", "2026-12-11", "2026-12-12"] {
                assert_eq!(period.covers(date(day), key), in_scope, "{blackout_type} {key} {day}");
            }
            for day in ["2026-12-09", "2026-12-13"] {
                assert!(!period.covers(date(day), key), "{blackout_type} {key} {day}");
            }
        }
    }
}

#[test]
fn entries_apply_by_service_key_accommodation_or_to_everything() {
    let massage = Entry { service: Some(ServiceKey::Massage), ..Entry::day() }.at(TODAY);
    let tiny = Entry { accommodation: Some(AccommodationType::TinyHome), ..Entry::day() }.at(TODAY);
    let general = Entry::day().at(TODAY);
    // A record's name is for people: a renamed massage record still governs
    // massages, and a record that carries no booking key governs no booking.
    let renamed =
        AvailabilityEntry { service_name: Some("Massage Therapy (60 min)".into()), ..massage.clone() };
    let keyless = AvailabilityEntry { service_key: None, ..massage.clone() };
    for &key in ServiceKey::ALL {
        assert_eq!(massage.applies_to(key), key == ServiceKey::Massage, "{key}");
        assert_eq!(renamed.applies_to(key), key == ServiceKey::Massage, "{key}");
        assert_eq!(tiny.applies_to(key), key == ServiceKey::Accommodation, "{key}");
        assert!(general.applies_to(key), "{key}");
        assert!(!keyless.applies_to(key), "{key}");
    }
}

#[test]
fn open_when_nothing_applies() {
    let day = day_availability(ServiceKey::Spa, date("2026-12-01"), now(TODAY, 10), &[], &[]);
    assert!(day.available);
    assert_eq!(day.reason, None);
    assert_eq!(day.slots.len(), 5);
    assert!(day.slots.iter().all(|(_, open)| *open));
}

#[test]
fn past_dates_and_started_slots_are_closed() {
    let yesterday = day_availability(ServiceKey::Spa, date("2026-11-20"), now(TODAY, 8), &[], &[]);
    assert!(!yesterday.available);
    assert_eq!(yesterday.reason, Some(DayReason::Past));
    // At 11:30 the 9:00 and 11:00 slots have begun; 13:00 onwards remain.
    let today = day_availability(ServiceKey::Spa, date(TODAY), now(TODAY, 11), &[], &[]);
    assert!(today.available);
    let open: Vec<&str> = today.slots.iter().filter(|(_, o)| *o).map(|(s, _)| s.as_str()).collect();
    assert_eq!(open, ["13:00", "15:00", "17:00"]);
    // After the last slot has begun the day is gone.
    let late = day_availability(ServiceKey::Spa, date(TODAY), now(TODAY, 17), &[], &[]);
    assert_eq!(late.reason, Some(DayReason::AllTimesTaken));
}

#[test]
fn blackouts_close_only_their_scope() {
    let periods = [blackout("2026-12-24", "2026-12-26", BlackoutType::TinyHome)];
    let christmas = date("2026-12-25");
    let tiny = day_availability(ServiceKey::Accommodation, christmas, now(TODAY, 9), &periods, &[]);
    assert_eq!(tiny.reason, Some(DayReason::Closed));
    assert!(tiny.slots.iter().all(|(_, open)| !open));
    let massage = day_availability(ServiceKey::Massage, christmas, now(TODAY, 9), &periods, &[]);
    assert!(massage.available);
}

#[test]
fn day_wide_entries_block_or_fill_the_whole_day() {
    let day = "2026-12-02";
    let blocked = [Entry { blocked: true, ..Entry::day() }.at(day)];
    let result = day_availability(ServiceKey::Package, date(day), now(TODAY, 9), &[], &blocked);
    assert_eq!(result.reason, Some(DayReason::Closed));
    let full = [Entry { service: Some(ServiceKey::Package), max: 2, current: 2, ..Entry::day() }.at(day)];
    let result = day_availability(ServiceKey::Package, date(day), now(TODAY, 9), &[], &full);
    assert_eq!(result.reason, Some(DayReason::Full));
    // A full package day does not touch massages.
    assert!(day_availability(ServiceKey::Massage, date(day), now(TODAY, 9), &[], &full).available);
}

#[test]
fn slot_entries_close_their_slot_and_all_slots_close_the_day() {
    let day = "2026-12-03";
    let mut entries = vec![
        Entry {
            service: Some(ServiceKey::Massage),
            slot: Some(TimeSlot::ElevenAm),
            max: 1,
            current: 1,
            ..Entry::day()
        }
        .at(day),
    ];
    let result = day_availability(ServiceKey::Massage, date(day), now(TODAY, 9), &[], &entries);
    assert!(result.available);
    assert_eq!(
        result.slots.iter().find(|(s, _)| *s == TimeSlot::ElevenAm),
        Some(&(TimeSlot::ElevenAm, false))
    );
    for &slot in TimeSlot::ALL {
        if slot != TimeSlot::ElevenAm {
            entries.push(
                Entry { service: Some(ServiceKey::Massage), slot: Some(slot), blocked: true, ..Entry::day() }
                    .at(day),
            );
        }
    }
    let result = day_availability(ServiceKey::Massage, date(day), now(TODAY, 9), &[], &entries);
    assert!(!result.available);
    assert_eq!(result.reason, Some(DayReason::AllTimesTaken));
}

#[test]
fn entries_of_other_dates_are_ignored() {
    let entries = [Entry { blocked: true, ..Entry::day() }.at("2026-12-05")];
    let result = day_availability(ServiceKey::Spa, date("2026-12-04"), now(TODAY, 9), &[], &entries);
    assert!(result.available);
    let plan = plan_booking(
        &booking(ServiceKey::Spa, "2026-12-04", TimeSlot::NineAm),
        now(TODAY, 9),
        &[],
        &entries,
        0,
    );
    assert_eq!(plan, Ok(vec![]));
}

#[test]
fn a_booking_takes_from_the_slot_and_the_day_wide_entry() {
    let day = "2026-12-06";
    let slot_entry =
        Entry { service: Some(ServiceKey::Spa), slot: Some(TimeSlot::OnePm), max: 3, ..Entry::day() }.at(day);
    let day_entry = Entry { service: Some(ServiceKey::Spa), max: 10, current: 4, ..Entry::day() }.at(day);
    let other_slot =
        Entry { service: Some(ServiceKey::Spa), slot: Some(TimeSlot::ThreePm), ..Entry::day() }.at(day);
    let entries = [slot_entry.clone(), day_entry.clone(), other_slot];
    let plan = plan_booking(&booking(ServiceKey::Spa, day, TimeSlot::OnePm), now(TODAY, 9), &[], &entries, 0);
    assert_eq!(
        plan,
        Ok(vec![
            CapacityUpdate { entry: slot_entry.id, current_bookings: 1 },
            CapacityUpdate { entry: day_entry.id, current_bookings: 5 },
        ])
    );
}

#[test]
fn bookings_are_rejected_when_closed_or_full() {
    let day = "2026-12-07";
    let at = now(TODAY, 9);
    let request = booking(ServiceKey::Massage, day, TimeSlot::FivePm);
    let periods = [blackout(day, day, BlackoutType::Services)];
    assert_eq!(plan_booking(&request, at, &periods, &[], 0), Err(BookingRejection::BlackedOut));
    let full_slot = [Entry {
        service: Some(ServiceKey::Massage),
        slot: Some(TimeSlot::FivePm),
        current: 1,
        ..Entry::day()
    }
    .at(day)];
    assert_eq!(plan_booking(&request, at, &[], &full_slot, 0), Err(BookingRejection::SlotFull));
    let full_day = [Entry { current: 1, ..Entry::day() }.at(day)];
    assert_eq!(plan_booking(&request, at, &[], &full_day, 0), Err(BookingRejection::DayFull));
    let blocked_slot =
        [Entry { slot: Some(TimeSlot::FivePm), blocked: true, max: 5, ..Entry::day() }.at(day)];
    assert_eq!(plan_booking(&request, at, &[], &blocked_slot, 0), Err(BookingRejection::Blocked));
    let past = booking(ServiceKey::Massage, "2026-11-20", TimeSlot::FivePm);
    assert_eq!(plan_booking(&past, at, &[], &[], 0), Err(BookingRejection::DatePassed));
    let begun = booking(ServiceKey::Massage, TODAY, TimeSlot::NineAm);
    assert_eq!(plan_booking(&begun, at, &[], &[], 0), Err(BookingRejection::TimePassed));
    // The specification's one sentence for every closed date.
    for closed in [
        BookingRejection::DatePassed,
        BookingRejection::TimePassed,
        BookingRejection::BlackedOut,
        BookingRejection::Blocked,
    ] {
        assert_eq!(closed.to_string(), "This date is not available for booking. Please select another date.");
    }
}

fn stored(key: ServiceKey, day: &str, slot: TimeSlot, status: BookingStatus) -> Booking {
    Booking {
        id: Uuid::new_v4(),
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        email: "ada@example.com".into(),
        service: key,
        date: date(day),
        check_out: None,
        time: slot,
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

#[test]
fn cancelling_gives_back_and_reinstating_takes_again() {
    let day = "2026-12-08";
    let slot = Entry {
        service: Some(ServiceKey::Massage),
        slot: Some(TimeSlot::NineAm),
        max: 2,
        current: 1,
        ..Entry::day()
    }
    .at(day);
    let whole_day = Entry { max: 10, current: 1, ..Entry::day() }.at(day);
    let other_date = Entry { current: 1, max: 5, ..Entry::day() }.at("2026-12-09");
    let entries = [slot.clone(), whole_day.clone(), other_date];
    let pending = stored(ServiceKey::Massage, day, TimeSlot::NineAm, BookingStatus::Pending);

    let cancel = plan_status_change(&pending, BookingStatus::Cancelled, &entries);
    assert_eq!(
        cancel,
        Ok(vec![
            CapacityUpdate { entry: slot.id, current_bookings: 0 },
            CapacityUpdate { entry: whole_day.id, current_bookings: 0 },
        ])
    );
    for status in [BookingStatus::Pending, BookingStatus::Confirmed, BookingStatus::Completed] {
        assert_eq!(plan_status_change(&pending, status, &entries), Ok(vec![]), "{status}");
    }

    let cancelled = Booking { status: BookingStatus::Cancelled, ..pending.clone() };
    assert_eq!(plan_status_change(&cancelled, BookingStatus::Cancelled, &entries), Ok(vec![]));
    assert_eq!(
        plan_status_change(&cancelled, BookingStatus::Confirmed, &entries),
        Ok(vec![
            CapacityUpdate { entry: slot.id, current_bookings: 2 },
            CapacityUpdate { entry: whole_day.id, current_bookings: 2 },
        ])
    );
    let full = [AvailabilityEntry { current_bookings: 2, ..slot.clone() }, whole_day];
    assert_eq!(
        plan_status_change(&cancelled, BookingStatus::Pending, &full),
        Err(StatusChangeRejection::NoCapacity)
    );
    // An admin may reinstate into a blocked day: only capacity counts.
    let blocked = [AvailabilityEntry { is_blocked: true, ..slot }];
    assert!(plan_status_change(&cancelled, BookingStatus::Pending, &blocked).is_ok());
}

#[test]
fn giving_back_never_goes_below_zero() {
    let day = "2026-12-10";
    // Created after the booking, or edited by hand: already at zero.
    let empty = Entry { max: 3, ..Entry::day() }.at(day);
    let booking = stored(ServiceKey::Spa, day, TimeSlot::OnePm, BookingStatus::Confirmed);
    assert_eq!(
        plan_status_change(&booking, BookingStatus::Cancelled, std::slice::from_ref(&empty)),
        Ok(vec![])
    );
    assert_eq!(plan_delete(&booking, &[empty]), vec![]);
}

#[test]
fn deleting_gives_back_only_what_an_active_booking_held() {
    let day = "2026-12-11";
    let entry =
        Entry { accommodation: Some(AccommodationType::TinyHome), max: 1, current: 1, ..Entry::day() }
            .at(day);
    let stay = stored(ServiceKey::Accommodation, day, TimeSlot::ThreePm, BookingStatus::Confirmed);
    assert_eq!(
        plan_delete(&stay, std::slice::from_ref(&entry)),
        vec![CapacityUpdate { entry: entry.id, current_bookings: 0 }]
    );
    let cancelled = Booking { status: BookingStatus::Cancelled, ..stay.clone() };
    assert_eq!(plan_delete(&cancelled, std::slice::from_ref(&entry)), vec![]);
    // Another key's booking on that date holds nothing of the entry.
    let massage = stored(ServiceKey::Massage, day, TimeSlot::ThreePm, BookingStatus::Pending);
    assert_eq!(plan_delete(&massage, &[entry]), vec![]);
}

fn new_entry(day: &str, service_id: Option<Uuid>, slot: Option<TimeSlot>, max: i32) -> NewAvailability {
    NewAvailability {
        date: date(day),
        service_id,
        accommodation_type: None,
        time_slot: slot,
        max_capacity: max,
        is_blocked: false,
        block_reason: None,
    }
}

#[test]
fn a_new_entry_counts_the_bookings_it_governs() {
    let service = Uuid::new_v4();
    let entry = new_entry("2026-12-10", Some(service), Some(TimeSlot::NineAm), 3);
    let bookings = [
        (ServiceKey::Massage, TimeSlot::NineAm),
        (ServiceKey::Massage, TimeSlot::NineAm),
        (ServiceKey::Massage, TimeSlot::ElevenAm),
        (ServiceKey::Spa, TimeSlot::NineAm),
    ];
    assert_eq!(
        plan_entry(&entry, Some(ServiceKey::Massage), &[], &bookings),
        Ok(EntryPlan::Insert { current_bookings: 2 })
    );
    // A record without a booking key governs nothing.
    assert_eq!(plan_entry(&entry, None, &[], &bookings), Ok(EntryPlan::Insert { current_bookings: 0 }));
    // A whole-retreat, whole-day entry governs every one of them.
    let everything = new_entry("2026-12-10", None, None, 4);
    assert_eq!(plan_entry(&everything, None, &[], &bookings), Ok(EntryPlan::Insert { current_bookings: 4 }));
    let too_small = NewAvailability { max_capacity: 1, ..entry };
    assert_eq!(
        plan_entry(&too_small, Some(ServiceKey::Massage), &[], &bookings),
        Err(EntryRejection::BelowBookings { current: 2 })
    );
    assert_eq!(
        EntryRejection::BelowBookings { current: 2 }.to_string(),
        "Max capacity cannot be below the 2 booking(s) already made for this entry"
    );
}

#[test]
fn an_existing_entry_is_updated_and_keeps_its_count() {
    let day = "2026-12-12";
    let existing = Entry {
        service: Some(ServiceKey::Spa),
        slot: Some(TimeSlot::OnePm),
        max: 4,
        current: 3,
        ..Entry::day()
    }
    .at(day);
    let same_key =
        NewAvailability { service_id: existing.service_id, ..new_entry(day, None, Some(TimeSlot::OnePm), 3) };
    assert_eq!(
        plan_entry(&same_key, Some(ServiceKey::Spa), std::slice::from_ref(&existing), &[]),
        Ok(EntryPlan::Update { id: existing.id })
    );
    let below = NewAvailability { max_capacity: 2, ..same_key.clone() };
    assert_eq!(
        plan_entry(&below, Some(ServiceKey::Spa), std::slice::from_ref(&existing), &[]),
        Err(EntryRejection::BelowBookings { current: 3 })
    );
    // Another slot of the same service is another entry.
    let other_slot = NewAvailability { time_slot: Some(TimeSlot::ThreePm), ..same_key };
    assert_eq!(
        plan_entry(&other_slot, Some(ServiceKey::Spa), &[existing], &[]),
        Ok(EntryPlan::Insert { current_bookings: 0 })
    );
}

#[test]
fn a_guest_holds_at_most_five_waiting_requests_per_date() {
    let request = booking(ServiceKey::Spa, "2026-12-14", TimeSlot::NineAm);
    for waiting in 0..MAX_PENDING_PER_GUEST_AND_DATE {
        assert!(plan_booking(&request, now(TODAY, 9), &[], &[], waiting).is_ok(), "{waiting}");
    }
    assert_eq!(
        plan_booking(&request, now(TODAY, 9), &[], &[], MAX_PENDING_PER_GUEST_AND_DATE),
        Err(BookingRejection::TooManyPending)
    );
}

#[test]
fn a_guest_may_cancel_until_the_cutoff_before_the_start() {
    let booking = stored(ServiceKey::Massage, "2026-12-18", TimeSlot::ElevenAm, BookingStatus::Confirmed);
    let at = |day: &str, hour: u32, minute: u32| LocalNow {
        date: date(day),
        time: NaiveTime::from_hms_opt(hour, minute, 0).expect("time"),
    };
    assert_eq!(guest_may_cancel(&booking, at("2026-12-17", 10, 59), 24), Ok(()));
    assert_eq!(
        guest_may_cancel(&booking, at("2026-12-17", 11, 0), 24),
        Err(GuestCancelRefusal::TooLate { cutoff_hours: 24 }),
        "24 hours before the start is too late"
    );
    assert_eq!(
        guest_may_cancel(&booking, at("2026-12-18", 10, 0), 0),
        Ok(()),
        "a zero cutoff allows until the start"
    );
    let cancelled = Booking { status: BookingStatus::Cancelled, ..booking.clone() };
    assert_eq!(
        guest_may_cancel(&cancelled, at("2026-12-01", 9, 0), 24),
        Err(GuestCancelRefusal::AlreadyCancelled)
    );
    let done = Booking { status: BookingStatus::Completed, ..booking };
    assert_eq!(guest_may_cancel(&done, at("2026-12-01", 9, 0), 24), Err(GuestCancelRefusal::Completed));
}

#[test]
fn the_first_open_times_skip_closed_days_and_taken_slots_and_give_a_stay_one_per_night() {
    let open = |slots: &[(TimeSlot, bool)]| DayAvailability {
        available: true,
        reason: None,
        slots: slots.to_vec(),
        can_wait: false,
    };
    let closed =
        DayAvailability { available: false, reason: Some(DayReason::Full), slots: vec![], can_wait: true };
    let all_open: Vec<(TimeSlot, bool)> = TimeSlot::ALL.iter().map(|slot| (*slot, true)).collect();
    let days = vec![
        (date("2026-12-03"), open(&all_open)),
        (date("2026-12-01"), closed.clone()),
        (date("2026-12-02"), open(&[(TimeSlot::NineAm, false), (TimeSlot::FivePm, true)])),
    ];
    assert_eq!(
        first_open_times(ServiceKey::Massage, days.clone(), 3),
        [
            (date("2026-12-02"), TimeSlot::FivePm),
            (date("2026-12-03"), TimeSlot::NineAm),
            (date("2026-12-03"), TimeSlot::ElevenAm),
        ]
    );
    assert_eq!(
        first_open_times(ServiceKey::Accommodation, days, 3),
        [(date("2026-12-02"), TimeSlot::FivePm), (date("2026-12-03"), TimeSlot::NineAm)],
        "one per night, and only as many as there are"
    );
    assert!(first_open_times(ServiceKey::Spa, vec![(date("2026-12-01"), closed)], 3).is_empty());
    let massage = stored(ServiceKey::Massage, "2026-12-01", TimeSlot::NineAm, BookingStatus::Pending);
    assert_eq!(
        (massage.stay_nights(), massage.price_at(crate::Money::constant(9_500))),
        (None, crate::Money::constant(9_500))
    );
}

#[test]
fn a_blackout_covers_the_active_bookings_of_its_dates_and_scope_only() {
    let stored = |key, day: &str, status| Booking {
        id: uuid::Uuid::new_v4(),
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        email: "ada@example.com".into(),
        service: key,
        date: date(day),
        check_out: None,
        time: TimeSlot::ElevenAm,
        notes: None,
        status,
        created_at: chrono::Utc::now(),
        deposit: None,
        promo: None,
        gift_card: None,
        moves: 0,
        guest_moves: 0,
        guest_confirmed_at: None,
    };
    let blackout = NewBlackout {
        start_date: date("2026-12-10"),
        end_date: date("2026-12-12"),
        blackout_type: BlackoutType::TinyHome,
        reason: None,
    };
    let on_end_day = stored(ServiceKey::Accommodation, "2026-12-12", BookingStatus::Confirmed);
    let on_start_day = stored(ServiceKey::Accommodation, "2026-12-10", BookingStatus::Pending);
    let bookings = vec![
        on_end_day.clone(),
        on_start_day.clone(),
        stored(ServiceKey::Accommodation, "2026-12-13", BookingStatus::Pending), // the day after
        stored(ServiceKey::Accommodation, "2026-12-09", BookingStatus::Pending), // the day before
        stored(ServiceKey::Massage, "2026-12-11", BookingStatus::Pending),       // another scope
        stored(ServiceKey::Accommodation, "2026-12-11", BookingStatus::Cancelled), // not active
        stored(ServiceKey::Accommodation, "2026-12-11", BookingStatus::Completed), // not active
    ];
    assert_eq!(blackout.covered_bookings(bookings.clone()), [on_start_day, on_end_day]);
    let everything = NewBlackout { blackout_type: BlackoutType::All, ..blackout };
    assert_eq!(everything.covered_bookings(bookings).len(), 3, "all scopes: the massage too");
}

fn stay(check_in: &str, check_out: &str) -> NewBooking {
    NewBooking {
        check_out: Some(date(check_out)),
        ..booking(ServiceKey::Accommodation, check_in, CHECK_IN_TIME)
    }
}

/// A Tiny Home night with `current` of `max` units taken.
fn tiny_home_night(day: &str, max: i32, current: i32) -> AvailabilityEntry {
    Entry { accommodation: Some(AccommodationType::TinyHome), max, current, ..Entry::day() }.at(day)
}

#[test]
fn a_stay_is_one_to_fourteen_nights_and_its_check_out_day_is_not_a_night() {
    let check_in = date("2026-12-01");
    let one = NewBooking {
        check_out: check_out_for(ServiceKey::Accommodation, check_in, None).expect("one night"),
        ..booking(ServiceKey::Accommodation, "2026-12-01", CHECK_IN_TIME)
    };
    assert_eq!(one.check_out, Some(date("2026-12-02")), "a single date is one night");
    assert_eq!(one.nights(), [date("2026-12-01")]);
    let fourteen = stay("2026-12-01", "2026-12-15");
    assert_eq!(fourteen.nights().len(), 14);
    assert_eq!(fourteen.nights().last(), Some(&date("2026-12-14")), "the check-out day is not a night");
    let massage = booking(ServiceKey::Massage, "2026-12-01", TimeSlot::NineAm);
    assert_eq!((massage.check_out, massage.nights()), (None, vec![date("2026-12-01")]));
}

#[test]
fn a_stay_takes_one_unit_of_every_night_and_names_the_night_that_stops_it() {
    let today = now(TODAY, 8);
    let nights = [
        tiny_home_night("2026-12-01", 2, 0),
        tiny_home_night("2026-12-02", 2, 1),
        tiny_home_night("2026-12-03", 2, 0),
        // The check-out day's own night is full: it does not matter.
        tiny_home_night("2026-12-04", 2, 2),
    ];
    let taken =
        plan_booking(&stay("2026-12-01", "2026-12-04"), today, &[], &nights, 0).expect("three nights");
    let counts: Vec<(Uuid, i32)> = taken.iter().map(|u| (u.entry, u.current_bookings)).collect();
    assert_eq!(counts, [(nights[0].id, 1), (nights[1].id, 2), (nights[2].id, 1)]);

    // A full night in the middle refuses the whole stay, naming the night.
    let full_middle = [tiny_home_night("2026-12-01", 2, 0), tiny_home_night("2026-12-02", 2, 2)];
    let refused = plan_booking(&stay("2026-12-01", "2026-12-04"), today, &[], &full_middle, 0);
    assert_eq!(refused, Err(BookingRejection::NightFull { night: date("2026-12-02") }));
    assert_eq!(
        refused.expect_err("full").to_string(),
        "The night of Wednesday, December 2, 2026 is fully booked. Please choose other dates."
    );
    // One night is refused in the specification's words for a date.
    assert_eq!(
        plan_booking(&stay("2026-12-02", "2026-12-03"), today, &[], &full_middle, 0),
        Err(BookingRejection::DayFull)
    );

    // A blackout on the check-out day leaves the stay alone; one on a night stops it.
    let checkout_closed = [blackout("2026-12-04", "2026-12-06", BlackoutType::TinyHome)];
    assert!(plan_booking(&stay("2026-12-01", "2026-12-04"), today, &checkout_closed, &[], 0).is_ok());
    let middle_closed = [blackout("2026-12-03", "2026-12-03", BlackoutType::All)];
    assert_eq!(
        plan_booking(&stay("2026-12-01", "2026-12-04"), today, &middle_closed, &[], 0),
        Err(BookingRejection::NightUnavailable { night: date("2026-12-03") })
    );
    let blocked = [Entry { blocked: true, ..Entry::day() }.at("2026-12-02")];
    assert_eq!(
        plan_booking(&stay("2026-12-01", "2026-12-04"), today, &[], &blocked, 0),
        Err(BookingRejection::NightUnavailable { night: date("2026-12-02") })
    );
    // Another scope's blackout and other services' entries do not touch it.
    let spa_closed = [blackout("2026-12-01", "2026-12-10", BlackoutType::Services)];
    let spa_full =
        [Entry { service: Some(ServiceKey::Spa), max: 1, current: 1, ..Entry::day() }.at("2026-12-02")];
    assert!(plan_booking(&stay("2026-12-01", "2026-12-04"), today, &spa_closed, &spa_full, 0).is_ok());

    let fourteen = stay("2026-12-01", "2026-12-15");
    let every_night: Vec<AvailabilityEntry> =
        fourteen.nights().iter().map(|night| tiny_home_night(&night.to_string(), 1, 0)).collect();
    assert_eq!(plan_booking(&fourteen, today, &[], &every_night, 0).expect("14 nights").len(), 14);
}

#[test]
fn cancelling_or_deleting_a_stay_gives_back_every_night_and_reinstating_takes_them_again() {
    let nights = [
        tiny_home_night("2026-12-01", 2, 1),
        tiny_home_night("2026-12-02", 2, 2),
        tiny_home_night("2026-12-03", 2, 1),
    ];
    let held = Booking {
        check_out: Some(date("2026-12-03")),
        ..stored(ServiceKey::Accommodation, "2026-12-01", CHECK_IN_TIME, BookingStatus::Confirmed)
    };
    let back = plan_status_change(&held, BookingStatus::Cancelled, &nights).expect("cancel");
    assert_eq!(
        back.iter().map(|u| (u.entry, u.current_bookings)).collect::<Vec<_>>(),
        [(nights[0].id, 0), (nights[1].id, 1)]
    );
    assert_eq!(plan_delete(&held, &nights).len(), 2);
    assert_eq!(held.stay_nights(), Some(2));
    assert_eq!(held.price_at(crate::Money::constant(18_000)), crate::Money::constant(36_000), "per night");
    let cancelled = Booking { status: BookingStatus::Cancelled, ..held };
    assert_eq!(
        plan_status_change(&cancelled, BookingStatus::Confirmed, &nights),
        Err(StatusChangeRejection::NoCapacity),
        "the second night has filled meanwhile"
    );
}

#[test]
fn a_blackout_covers_a_stay_that_has_a_night_in_it() {
    let held = Booking {
        check_out: Some(date("2026-12-05")),
        ..stored(ServiceKey::Accommodation, "2026-12-01", CHECK_IN_TIME, BookingStatus::Pending)
    };
    let covers = |start: &str, end: &str| {
        let period = NewBlackout {
            start_date: date(start),
            end_date: date(end),
            blackout_type: BlackoutType::TinyHome,
            reason: None,
        };
        !period.covered_bookings([held.clone()]).is_empty()
    };
    assert!(covers("2026-12-04", "2026-12-04"), "the last night");
    assert!(covers("2026-11-25", "2026-12-01"), "the first night");
    assert!(!covers("2026-12-05", "2026-12-09"), "the check-out day is not a night");
    assert!(!covers("2026-11-20", "2026-11-30"));
}

#[test]
fn simultaneous_requests_are_decided_as_if_they_came_one_after_another() {
    let today = now(TODAY, 8);
    let slot = Entry { slot: Some(TimeSlot::ElevenAm), max: 3, current: 1, ..Entry::day() }.at("2026-12-01");
    let day = Entry { max: 10, current: 4, ..Entry::day() }.at("2026-12-01");
    let guest = |n: usize| NewBooking {
        email: Email::parse(&format!("guest{n}@example.com")).expect("email"),
        ..booking(ServiceKey::Massage, "2026-12-01", TimeSlot::ElevenAm)
    };
    let requests: Vec<NewBooking> = (0..4).map(guest).collect();
    let batch: Vec<(&NewBooking, LocalNow)> = requests.iter().map(|b| (b, today)).collect();
    let BookingPlans { decisions, updates } =
        plan_bookings(&batch, &[], &[slot.clone(), day.clone()], |_, _| 0);
    // Two places were left in the slot: the first two take them, in order.
    assert_eq!(decisions, [Ok(()), Ok(()), Err(BookingRejection::SlotFull), Err(BookingRejection::SlotFull)]);
    assert_eq!(
        updates,
        [
            CapacityUpdate { entry: slot.id, current_bookings: 3 },
            CapacityUpdate { entry: day.id, current_bookings: 6 }
        ],
        "each entry once, with its count after every accepted request"
    );

    // A request refused for another reason takes nothing, and the next one still may.
    let past = booking(ServiceKey::Massage, "2026-11-20", TimeSlot::ElevenAm);
    let other_day = booking(ServiceKey::Spa, "2026-12-02", TimeSlot::NineAm);
    let BookingPlans { decisions, updates } =
        plan_bookings(&[(&past, today), (&other_day, today)], &[], std::slice::from_ref(&slot), |_, _| 0);
    assert_eq!(decisions, [Err(BookingRejection::DatePassed), Ok(())]);
    assert_eq!(updates, [], "the other day's request takes from no entry of this one");

    // A blackout refuses every request of its dates.
    let closed = [blackout("2026-12-01", "2026-12-01", BlackoutType::Services)];
    let BookingPlans { decisions, .. } = plan_bookings(&batch[..2], &closed, &[], |_, _| 0);
    assert_eq!(decisions, [Err(BookingRejection::BlackedOut), Err(BookingRejection::BlackedOut)]);
}

#[test]
fn a_guests_simultaneous_requests_count_towards_their_waiting_ones() {
    let today = now(TODAY, 8);
    let request = booking(ServiceKey::Spa, "2026-12-01", TimeSlot::NineAm);
    let next_day = booking(ServiceKey::Spa, "2026-12-02", TimeSlot::NineAm);
    // Three stored for the first date: two more fit, the third is one too many.
    let stored = |day: NaiveDate, email: &Email| {
        assert_eq!(email.as_str(), "ada@example.com");
        if day == date("2026-12-01") { 3 } else { 0 }
    };
    let batch = [(&request, today), (&next_day, today), (&request, today), (&request, today)];
    let BookingPlans { decisions, .. } = plan_bookings(&batch, &[], &[], stored);
    assert_eq!(decisions, [Ok(()), Ok(()), Ok(()), Err(BookingRejection::TooManyPending)]);
}

// ---------------------------------------------------------------------------
// The standing schedule (issue 26): decided through the same entries.

mod schedule_tests {
    use super::*;

    /// 2026-12-07 is a Monday.
    const MONDAY: &str = "2026-12-07";

    fn retreat() -> Schedule {
        let mut schedule = Schedule {
            capacity: StandingCapacity {
                massage: Some(2),
                spa: None,
                package: Some(4),
                accommodation: Some(1),
            },
            ..Schedule::default()
        };
        schedule.opening_hours[0] = Vec::new();
        schedule.opening_hours[1] = vec![TimeSlot::NineAm, TimeSlot::ElevenAm];
        schedule
    }

    fn none_taken(_: ServiceKey, _: NaiveDate, _: Option<TimeSlot>) -> i32 {
        0
    }

    fn entries(
        schedule: &Schedule,
        days: &[&str],
        stored: &[AvailabilityEntry],
        taken: i32,
    ) -> Vec<AvailabilityEntry> {
        let dates: Vec<NaiveDate> = days.iter().map(|d| date(d)).collect();
        with_standing(schedule, &dates, stored, &|_: ServiceKey, _: NaiveDate, _: Option<TimeSlot>| taken)
    }

    #[test]
    fn simultaneous_requests_take_the_standing_places_one_after_another() {
        let schedule = retreat();
        let today = now(TODAY, 8);
        // Tuesday: open at 9:00 and 11:00 (Monday is closed).
        let tuesday = "2026-12-08";
        // A batch names its date once per request.
        let all = entries(&schedule, &[tuesday; 5], &[], 0);
        let requests: Vec<NewBooking> = (0..5)
            .map(|n| NewBooking {
                email: Email::parse(&format!("guest{n}@example.com")).expect("email"),
                ..booking(ServiceKey::Massage, tuesday, TimeSlot::ElevenAm)
            })
            .collect();
        let batch: Vec<(&NewBooking, LocalNow)> = requests.iter().map(|b| (b, today)).collect();
        let BookingPlans { decisions, .. } =
            super::super::plan_bookings(&batch, &schedule, &[], &all, |_, _| 0);
        // Two massages a time: the first two take them.
        assert_eq!(decisions.iter().filter(|d| d.is_ok()).count(), 2, "{decisions:?}");
    }

    #[test]
    fn the_default_schedule_adds_nothing() {
        let made = standing_entries(&Schedule::default(), &[date(MONDAY)], &[], &none_taken);
        assert!(made.is_empty(), "{made:?}");
    }

    #[test]
    fn a_closed_weekday_closes_treatments_but_not_the_tiny_home() {
        let schedule = retreat();
        let all = entries(&schedule, &[MONDAY], &[], 0);
        let at = now(TODAY, 9);
        let massage =
            super::super::day_availability(ServiceKey::Massage, date(MONDAY), at, &schedule, &[], &all);
        assert_eq!((massage.available, massage.reason), (false, Some(DayReason::Closed)));
        let request = booking(ServiceKey::Spa, MONDAY, TimeSlot::NineAm);
        assert_eq!(
            super::super::plan_booking(&request, at, &schedule, &[], &all, 0),
            Err(BookingRejection::Blocked)
        );
        let stay =
            super::super::day_availability(ServiceKey::Accommodation, date(MONDAY), at, &schedule, &[], &all);
        assert!(stay.available);
        // Tuesday: only the morning times.
        let tuesday = "2026-12-08";
        let all = entries(&schedule, &[tuesday], &[], 0);
        let day =
            super::super::day_availability(ServiceKey::Massage, date(tuesday), at, &schedule, &[], &all);
        let open: Vec<TimeSlot> = day.slots.iter().filter(|(_, open)| *open).map(|(slot, _)| *slot).collect();
        assert_eq!(open, vec![TimeSlot::NineAm, TimeSlot::ElevenAm]);
    }

    #[test]
    fn the_standing_figure_fills_and_a_dates_entry_overrides_it() {
        let schedule = retreat();
        let at = now(TODAY, 9);
        let day = "2026-12-09";
        let full = entries(&schedule, &[day], &[], 2);
        let request = booking(ServiceKey::Massage, day, TimeSlot::ElevenAm);
        assert_eq!(
            super::super::plan_booking(&request, at, &schedule, &[], &full, 0),
            Err(BookingRejection::SlotFull)
        );
        // An entry of the date for that time speaks instead of the schedule.
        let own = [Entry {
            service: Some(ServiceKey::Massage),
            slot: Some(TimeSlot::ElevenAm),
            max: 5,
            current: 2,
            ..Entry::day()
        }
        .at(day)];
        let with_entry = entries(&schedule, &[day], &own, 2);
        let updates =
            super::super::plan_booking(&request, at, &schedule, &[], &with_entry, 0).expect("accepted");
        assert_eq!(updates, vec![CapacityUpdate { entry: own[0].id, current_bookings: 3 }]);
        // Another time of the same day is still the schedule's, and taking it stores nothing.
        let other = booking(ServiceKey::Massage, day, TimeSlot::NineAm);
        let updates =
            super::super::plan_booking(&other, at, &schedule, &[], &entries(&schedule, &[day], &[], 1), 0)
                .expect("accepted");
        assert!(updates.iter().all(|u| is_standing(u.entry)), "{updates:?}");
    }

    #[test]
    fn one_tiny_home_takes_one_stay_a_night_even_in_one_batch() {
        let schedule = retreat();
        let at = now(TODAY, 9);
        let first = NewBooking {
            check_out: Some(date("2026-12-12")),
            ..booking(ServiceKey::Accommodation, "2026-12-10", CHECK_IN_TIME)
        };
        let second = NewBooking {
            check_out: Some(date("2026-12-13")),
            ..booking(ServiceKey::Accommodation, "2026-12-11", CHECK_IN_TIME)
        };
        let second = NewBooking { email: Email::parse("grace@example.com").expect("email"), ..second };
        let days = ["2026-12-10", "2026-12-11", "2026-12-12"];
        let all = entries(&schedule, &days, &[], 0);
        let plans =
            super::super::plan_bookings(&[(&first, at), (&second, at)], &schedule, &[], &all, |_, _| 0);
        assert_eq!(
            plans.decisions,
            vec![Ok(()), Err(BookingRejection::NightFull { night: date("2026-12-11") })]
        );
    }

    #[test]
    fn notice_and_horizon_close_what_is_too_soon_or_too_far() {
        let mut schedule =
            Schedule { minimum_notice_hours: 3, horizon_days: Some(30), ..Schedule::default() };
        let at = now(TODAY, 9); // 9:30
        let day = super::super::day_availability(ServiceKey::Massage, date(TODAY), at, &schedule, &[], &[]);
        let open: Vec<TimeSlot> = day.slots.iter().filter(|(_, open)| *open).map(|(slot, _)| *slot).collect();
        assert_eq!(open, vec![TimeSlot::OnePm, TimeSlot::ThreePm, TimeSlot::FivePm]);
        let soon = booking(ServiceKey::Massage, TODAY, TimeSlot::ElevenAm);
        assert_eq!(
            super::super::plan_booking(&soon, at, &schedule, &[], &[], 0),
            Err(BookingRejection::TooSoon { hours: 3 })
        );
        let far = booking(ServiceKey::Massage, "2026-12-22", TimeSlot::ElevenAm);
        assert_eq!(
            super::super::plan_booking(&far, at, &schedule, &[], &[], 0),
            Err(BookingRejection::BeyondHorizon { days: 30 })
        );
        let last =
            super::super::day_availability(ServiceKey::Massage, date("2026-12-21"), at, &schedule, &[], &[]);
        assert!(last.available);
        let beyond =
            super::super::day_availability(ServiceKey::Massage, date("2026-12-22"), at, &schedule, &[], &[]);
        assert_eq!(beyond.reason, Some(DayReason::BeyondHorizon));
        schedule.minimum_notice_hours = 0;
        assert!(
            super::super::plan_booking(&soon, at, &schedule, &[], &[], 0).is_ok(),
            "the specification's rule"
        );
    }

    #[test]
    fn a_days_load_reads_the_figures_it_is_decided_on() {
        let schedule = retreat();
        let tuesday = "2026-12-08";
        let all = entries(&schedule, &[tuesday, MONDAY], &[], 1);
        let massage = day_load(ServiceKey::Massage, date(tuesday), &[], &all, 1);
        assert_eq!((massage.capacity, massage.source), (Some(4), LoadSource::Standing));
        let spa = day_load(ServiceKey::Spa, date(tuesday), &[], &all, 0);
        assert_eq!((spa.capacity, spa.source), (None, LoadSource::Open));
        let home = day_load(ServiceKey::Accommodation, date(tuesday), &[], &all, 1);
        assert_eq!((home.taken, home.capacity, home.source), (1, Some(1), LoadSource::Standing));
        let closed = day_load(ServiceKey::Massage, date(MONDAY), &[], &all, 0);
        assert_eq!((closed.capacity, closed.source), (Some(0), LoadSource::Closed));
        let blacked = [blackout(tuesday, tuesday, BlackoutType::TinyHome)];
        assert_eq!(
            day_load(ServiceKey::Accommodation, date(tuesday), &blacked, &all, 1).source,
            LoadSource::Closed
        );
    }

    #[test]
    fn a_schedule_out_of_range_names_its_fields() {
        let schedule = Schedule {
            capacity: StandingCapacity { massage: Some(0), ..StandingCapacity::default() },
            minimum_notice_hours: 721,
            horizon_days: Some(0),
            ..Schedule::default()
        };
        let fields: Vec<ScheduleField> = check_schedule(&schedule).iter().map(|e| e.field).collect();
        assert_eq!(
            fields,
            vec![
                ScheduleField::Capacity(ServiceKey::Massage),
                ScheduleField::MinimumNoticeHours,
                ScheduleField::HorizonDays
            ]
        );
        assert!(check_schedule(&retreat()).is_empty());
    }
}

#[test]
fn each_reason_a_day_is_given_has_its_own_words() {
    let mut texts: Vec<&str> = DayReason::ALL.iter().map(|reason| reason.text()).collect();
    texts.sort_unstable();
    texts.dedup();
    assert_eq!(texts.len(), DayReason::ALL.len());
}

#[test]
fn a_completed_visit_lets_a_card_never_charged_go_and_keeps_a_deposit_taken() {
    use crate::payment::DepositState as D;
    use BookingStatus as B;
    for state in [D::CardSaved, D::RequiresAuthentication, D::Failed] {
        assert_eq!(deposit_state_after_status(state, B::Completed), D::Released, "{state:?}");
        assert_eq!(deposit_state_after_status(state, B::Confirmed), state);
    }
    assert_eq!(deposit_state_after_status(D::Paid, B::Completed), D::Paid);
    assert_eq!(deposit_state_after_status(D::Paid, B::Cancelled), D::Paid);
}

fn stored_stay(check_in: &str, check_out: &str) -> Booking {
    Booking {
        check_out: Some(date(check_out)),
        ..stored(ServiceKey::Accommodation, check_in, CHECK_IN_TIME, BookingStatus::Confirmed)
    }
}

#[test]
fn a_guest_moves_until_the_earlier_deadline_with_a_free_move_left_and_the_owner_any_active_booking() {
    let massage = stored(ServiceKey::Massage, "2026-12-10", TimeSlot::ElevenAm, BookingStatus::Confirmed);
    let settings = VisitSettings::default();
    let hours = (48, 24);
    // Until 48 hours before 11:00 on the 10th: the 8th, 11:00.
    let before = LocalNow { date: date("2026-12-08"), time: NaiveTime::from_hms_opt(10, 59, 0).expect("t") };
    let at = LocalNow { date: date("2026-12-08"), time: NaiveTime::from_hms_opt(11, 0, 0).expect("t") };
    assert_eq!(may_move(&massage, MovedBy::Guest, before, hours, settings), Ok(()));
    assert_eq!(
        may_move(&massage, MovedBy::Guest, at, hours, settings),
        Err(MoveRefusal::TooLate { hours: 48 })
    );
    // The online cancellation cutoff counts when it is the earlier.
    assert_eq!(
        may_move(&massage, MovedBy::Guest, before, (12, 72), settings),
        Err(MoveRefusal::TooLate { hours: 72 })
    );
    assert_eq!(may_move(&massage, MovedBy::Owner, at, hours, settings), Ok(()));
    let used = Booking { guest_moves: 1, moves: 2, ..massage.clone() };
    assert_eq!(
        may_move(&used, MovedBy::Guest, before, hours, settings),
        Err(MoveRefusal::NoFreeMovesLeft { free_moves: 1 })
    );
    assert_eq!(
        may_move(&used, MovedBy::Guest, before, hours, VisitSettings { free_moves: 2, ..settings }),
        Ok(())
    );
    assert_eq!(may_move(&used, MovedBy::Owner, before, hours, settings), Ok(()));
    for (status, refusal) in [
        (BookingStatus::Cancelled, MoveRefusal::Cancelled),
        (BookingStatus::Completed, MoveRefusal::Completed),
    ] {
        let ended = Booking { status, ..massage.clone() };
        assert_eq!(may_move(&ended, MovedBy::Owner, before, hours, settings), Err(refusal));
    }
    assert!(MoveRefusal::NoFreeMovesLeft { free_moves: 1 }.to_string().contains("its 1 free move."));
}

#[test]
fn a_stay_keeps_its_nights_and_check_in_time_and_its_treatments_keep_their_day_of_the_stay() {
    let stay = stored_stay("2026-12-10", "2026-12-13");
    let moved = moved_to(&stay, NewPlace { date: date("2026-12-20"), time: TimeSlot::NineAm });
    assert_eq!(
        (moved.date, moved.check_out, moved.time),
        (date("2026-12-20"), Some(date("2026-12-23")), CHECK_IN_TIME)
    );
    assert!(is_same_place(&stay, NewPlace { date: date("2026-12-10"), time: TimeSlot::NineAm }));

    let inside = stored(ServiceKey::Spa, "2026-12-11", TimeSlot::OnePm, BookingStatus::Pending);
    let check_out_day = stored(ServiceKey::Massage, "2026-12-13", TimeSlot::NineAm, BookingStatus::Confirmed);
    let after = stored(ServiceKey::Massage, "2026-12-14", TimeSlot::NineAm, BookingStatus::Confirmed);
    let cancelled = stored(ServiceKey::Massage, "2026-12-12", TimeSlot::NineAm, BookingStatus::Cancelled);
    let someone_else = Booking {
        email: "grace@example.com".into(),
        ..stored(ServiceKey::Spa, "2026-12-11", TimeSlot::NineAm, BookingStatus::Pending)
    };
    let all = [stay.clone(), after, cancelled, someone_else, check_out_day.clone(), inside.clone()];
    let found: Vec<Uuid> = treatments_inside(&stay, &all).iter().map(|b| b.id).collect();
    assert_eq!(found, [inside.id, check_out_day.id], "by date, hers, active, check-in to check-out day");
    let to = NewPlace { date: date("2026-12-20"), time: CHECK_IN_TIME };
    assert_eq!(along_place(&stay, to, &inside), NewPlace { date: date("2026-12-21"), time: TimeSlot::OnePm });
}

#[test]
fn a_move_gives_back_before_it_takes_and_refuses_all_when_one_cannot_go() {
    let today = now(TODAY, 8);
    let massage = stored(ServiceKey::Massage, "2026-12-10", TimeSlot::ElevenAm, BookingStatus::Confirmed);
    // A full day-wide entry on its own day: moving within the day uses the place it frees.
    let own_day = [Entry { current: 1, ..Entry::day() }.at("2026-12-10")];
    let within =
        [Moving { booking: &massage, to: NewPlace { date: date("2026-12-10"), time: TimeSlot::OnePm } }];
    let updates = plan_move(&within, today, &Schedule::default(), &[], &own_day).expect("its own place");
    assert_eq!(updates, [CapacityUpdate { entry: own_day[0].id, current_bookings: 1 }]);

    // To a full slot elsewhere: refused, naming the booking.
    let full = [
        Entry { current: 1, ..Entry::day() }.at("2026-12-10"),
        Entry { slot: Some(TimeSlot::OnePm), current: 1, ..Entry::day() }.at("2026-12-12"),
    ];
    let elsewhere =
        [Moving { booking: &massage, to: NewPlace { date: date("2026-12-12"), time: TimeSlot::OnePm } }];
    assert_eq!(
        plan_move(&elsewhere, today, &Schedule::default(), &[], &full),
        Err(MoveRejection { booking: massage.id, rejection: BookingRejection::SlotFull })
    );
    let open =
        [Moving { booking: &massage, to: NewPlace { date: date("2026-12-12"), time: TimeSlot::ThreePm } }];
    let updates = plan_move(&open, today, &Schedule::default(), &[], &full).expect("open");
    assert_eq!(updates, [CapacityUpdate { entry: full[0].id, current_bookings: 0 }], "the old day freed");

    // A stay moved by one night into the night it frees; a treatment that cannot follow stops both.
    let stay = stored_stay("2026-12-10", "2026-12-12");
    let nights = [
        tiny_home_night("2026-12-10", 1, 1),
        tiny_home_night("2026-12-11", 1, 1),
        tiny_home_night("2026-12-12", 1, 0),
    ];
    let later = NewPlace { date: date("2026-12-11"), time: CHECK_IN_TIME };
    let updates =
        plan_move(&[Moving { booking: &stay, to: later }], today, &Schedule::default(), &[], &nights)
            .expect("one night on");
    let counts: Vec<(Uuid, i32)> = updates.iter().map(|u| (u.entry, u.current_bookings)).collect();
    assert_eq!(counts, [(nights[0].id, 0), (nights[1].id, 1), (nights[2].id, 1)]);
    let spa = stored(ServiceKey::Spa, "2026-12-11", TimeSlot::NineAm, BookingStatus::Confirmed);
    let blocked =
        [Entry { slot: Some(TimeSlot::NineAm), blocked: true, max: 5, ..Entry::day() }.at("2026-12-12")];
    let together =
        [Moving { booking: &stay, to: later }, Moving { booking: &spa, to: along_place(&stay, later, &spa) }];
    assert_eq!(
        plan_move(&together, today, &Schedule::default(), &[], &blocked),
        Err(MoveRejection { booking: spa.id, rejection: BookingRejection::Blocked })
    );
}
