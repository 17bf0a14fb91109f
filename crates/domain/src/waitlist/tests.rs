use chrono::{NaiveTime, TimeZone};

use super::*;
use crate::booking::{BlackoutType, StandingCapacity, with_standing};

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").expect(text)
}

fn now(day: &str, hour: u32) -> LocalNow {
    LocalNow { date: date(day), time: NaiveTime::from_hms_opt(hour, 0, 0).expect("time") }
}

/// One place per time for every treatment, one Tiny Home, no notice.
fn schedule() -> Schedule {
    Schedule {
        capacity: StandingCapacity {
            massage: Some(1),
            spa: Some(1),
            package: Some(1),
            accommodation: Some(1),
        },
        minimum_notice_hours: 0,
        ..Schedule::default()
    }
}

/// The standing entries of `days` with `taken` places taken of each (key, day, time).
fn calendar(days: &[&str], taken: &[(ServiceKey, &str, Option<TimeSlot>)]) -> Vec<AvailabilityEntry> {
    let dates: Vec<NaiveDate> = days.iter().map(|d| date(d)).collect();
    let taken: Vec<(ServiceKey, NaiveDate, Option<TimeSlot>)> =
        taken.iter().map(|(key, day, slot)| (*key, date(day), *slot)).collect();
    let count = move |key: ServiceKey, day: NaiveDate, slot: Option<TimeSlot>| {
        taken.iter().filter(|t| t.0 == key && t.1 == day && (slot.is_none() || t.2 == slot)).count() as i32
    };
    with_standing(&schedule(), &dates, &[], &count)
}

fn entry(email: &str, service: ServiceKey, wishes: Vec<Wish>, minute: u32) -> WaitlistEntry {
    WaitlistEntry {
        id: Uuid::new_v4(),
        service,
        first_name: "Ada".into(),
        last_name: "Guest".into(),
        email: email.into(),
        wishes,
        state: WaitlistState::Waiting,
        created_at: Utc.with_ymd_and_hms(2026, 12, 1, 9, minute, 0).unwrap(),
    }
}

fn wish(from: &str, to: &str, time: Option<TimeSlot>) -> Wish {
    Wish { from: date(from), to: date(to), time }
}

const TEN: TimeSlot = TimeSlot::ElevenAm;

fn offers(waiting: &[WaitlistEntry], entries: &[AvailabilityEntry], at: LocalNow) -> Vec<NewOffer> {
    offers_skipping(waiting, entries, at, &|_, _| false)
}

fn offers_skipping(
    waiting: &[WaitlistEntry],
    entries: &[AvailabilityEntry],
    at: LocalNow,
    before: &dyn Fn(Uuid, &Place) -> bool,
) -> Vec<NewOffer> {
    let schedule = schedule();
    let inputs = OfferInputs { now: at, schedule: &schedule, blackouts: &[], entries, hold_minutes: 120 };
    next_offers(waiting, before, &inputs)
}

#[test]
fn a_freed_place_goes_to_the_first_guest_in_the_list_and_to_the_next_once_she_declines() {
    let first =
        entry("ada@example.com", ServiceKey::Massage, vec![wish("2026-12-10", "2026-12-10", Some(TEN))], 1);
    let second =
        entry("bea@example.com", ServiceKey::Massage, vec![wish("2026-12-10", "2026-12-10", Some(TEN))], 2);
    let freed = calendar(&["2026-12-10"], &[]);
    let made = offers(&[first.clone(), second.clone()], &freed, now("2026-12-01", 9));
    assert_eq!(made.len(), 1, "one place, one offer");
    assert_eq!(made[0].entry, first.id);
    assert_eq!(made[0].until, date("2026-12-01").and_hms_opt(11, 0, 0).unwrap(), "held two hours");

    // She declined: that place is never offered to her again; the next guest has it.
    let declined = made[0].place.clone();
    let skip = move |entry: Uuid, place: &Place| entry == first.id && *place == declined;
    let next = offers_skipping(std::slice::from_ref(&second), &freed, now("2026-12-01", 11), &skip);
    assert_eq!(next.len(), 1);
    assert_eq!(next[0].entry, second.id);
}

#[test]
fn a_held_place_reads_as_taken_for_everyone_but_its_holder() {
    let open = calendar(&["2026-12-10"], &[]);
    let place = Place {
        key: ServiceKey::Massage,
        date: date("2026-12-10"),
        nights: vec![date("2026-12-10")],
        slot: TEN,
    };
    let at = now("2026-12-01", 9);
    assert!(plan_place(&place, at, &schedule(), &[], &open).is_ok());
    let held = with_holds(&open, [&place]);
    assert!(plan_place(&place, at, &schedule(), &[], &held).is_err(), "held for her");
    let other = Place { slot: TimeSlot::OnePm, ..place.clone() };
    assert!(plan_place(&other, at, &schedule(), &[], &held).is_ok(), "another time is not");
    // A guest waiting for the held time gets nothing while it is held.
    let bea =
        entry("bea@example.com", ServiceKey::Massage, vec![wish("2026-12-10", "2026-12-10", Some(TEN))], 2);
    assert!(offers(&[bea], &held, at).is_empty());
}

#[test]
fn a_guest_with_any_time_is_offered_the_first_open_time_of_her_days() {
    let full_ten = calendar(&["2026-12-10", "2026-12-11"], &[(ServiceKey::Massage, "2026-12-10", Some(TEN))]);
    let ada = entry("ada@example.com", ServiceKey::Massage, vec![wish("2026-12-10", "2026-12-11", None)], 1);
    let made = offers(&[ada], &full_ten, now("2026-12-01", 9));
    assert_eq!(made[0].place.date, date("2026-12-10"));
    assert_ne!(made[0].place.slot, TEN, "ten is taken");
}

#[test]
fn an_offer_is_held_never_inside_the_minimum_notice_nor_for_less_than_a_quarter_hour() {
    let place =
        Place { key: ServiceKey::Spa, date: date("2026-12-10"), nights: vec![date("2026-12-10")], slot: TEN };
    let at = |h: u32, m: u32| date("2026-12-10").and_hms_opt(h, m, 0).unwrap();
    // An 11:00 place with two hours' notice must be taken by 9:00.
    assert_eq!(hold_until(&place, at(8, 0), 120, 2), Some(at(9, 0)));
    assert_eq!(hold_until(&place, at(5, 0), 120, 2), Some(at(7, 0)));
    assert_eq!(hold_until(&place, at(8, 50), 120, 2), None, "ten minutes is no offer");
    assert_eq!(hold_until(&place, at(9, 30), 120, 2), None, "inside the notice");
}

#[test]
fn a_stay_is_offered_whole_first_and_else_its_longest_open_run() {
    let days = ["2026-12-10", "2026-12-11", "2026-12-12"];
    let third_taken = calendar(&days, &[(ServiceKey::Accommodation, "2026-12-12", None)]);
    let ada =
        entry("ada@example.com", ServiceKey::Accommodation, vec![wish("2026-12-10", "2026-12-13", None)], 1);
    let made = offers(std::slice::from_ref(&ada), &third_taken, now("2026-12-01", 9));
    assert_eq!(made[0].place.nights, vec![date("2026-12-10"), date("2026-12-11")]);
    assert_eq!(made[0].place.slot, CHECK_IN_TIME);
    let all_open = calendar(&days, &[]);
    let whole = offers(&[ada], &all_open, now("2026-12-01", 9));
    assert_eq!(whole[0].place.nights.len(), 3);
    let offer = Offer {
        id: Uuid::new_v4(),
        entry: Uuid::new_v4(),
        place: whole[0].place.clone(),
        held_until: Utc::now(),
        state: OfferState::Held,
    };
    assert_eq!(offer.check_out(), Some(date("2026-12-13")));
}

#[test]
fn a_guest_may_wait_only_where_places_are_taken_not_where_the_retreat_is_closed() {
    let at = now("2026-12-01", 9);
    let d = date("2026-12-10");
    let every_time: Vec<(ServiceKey, &str, Option<TimeSlot>)> =
        TimeSlot::ALL.iter().map(|&slot| (ServiceKey::Massage, "2026-12-10", Some(slot))).collect();
    let full = calendar(&["2026-12-10"], &every_time);
    assert!(can_wait(ServiceKey::Massage, d, at, &schedule(), &[], &full));
    let one_open = calendar(&["2026-12-10"], &every_time[1..]);
    assert!(!can_wait(ServiceKey::Massage, d, at, &schedule(), &[], &one_open), "she can book");
    let closed = crate::booking::Blackout {
        id: Uuid::new_v4(),
        start_date: d,
        end_date: d,
        blackout_type: BlackoutType::All,
        reason: None,
        created_by: None,
        created_at: Utc::now(),
    };
    assert!(!can_wait(ServiceKey::Massage, d, at, &schedule(), &[closed], &full), "a blackout");
    assert!(!can_wait(ServiceKey::Massage, date("2026-11-30"), at, &schedule(), &[], &full), "past");
    let night = calendar(&["2026-12-10"], &[(ServiceKey::Accommodation, "2026-12-10", None)]);
    assert!(can_wait(ServiceKey::Accommodation, d, at, &schedule(), &[], &night));
}

#[test]
fn wishes_are_one_to_three_from_today_a_month_at_most_and_stays_of_one_to_fourteen_nights() {
    let today = date("2026-12-01");
    let ok = [wish("2026-12-01", "2026-12-31", None)];
    assert!(check_wishes(ServiceKey::Massage, &ok, today).is_empty());
    assert_eq!(check_wishes(ServiceKey::Massage, &[], today), vec![(WishField::List, WishError::Count)]);
    assert_eq!(
        check_wishes(ServiceKey::Massage, &[ok[0]; 4], today),
        vec![(WishField::List, WishError::Count)]
    );
    let bad = [
        wish("2026-11-30", "2026-12-02", None),
        wish("2026-12-05", "2026-12-04", None),
        wish("2026-12-01", "2027-01-01", None),
    ];
    assert_eq!(
        check_wishes(ServiceKey::Spa, &bad, today),
        vec![
            (WishField::From(0), WishError::Passed),
            (WishField::To(1), WishError::Reversed),
            (WishField::To(2), WishError::TooLong)
        ]
    );
    let stays = [wish("2026-12-02", "2026-12-02", None), wish("2026-12-02", "2026-12-17", None)];
    assert_eq!(
        check_wishes(ServiceKey::Accommodation, &stays, today),
        vec![(WishField::To(0), WishError::StayLength), (WishField::To(1), WishError::StayLength)]
    );
}

#[test]
fn her_entry_ends_when_she_books_a_place_a_wish_asks_for_and_expires_when_its_days_pass() {
    let ada =
        entry("Ada@Example.com", ServiceKey::Massage, vec![wish("2026-12-10", "2026-12-12", Some(TEN))], 1);
    let booking = |day: &str, slot: TimeSlot, email: &str| Booking {
        id: Uuid::new_v4(),
        first_name: "Ada".into(),
        last_name: "Guest".into(),
        email: email.into(),
        service: ServiceKey::Massage,
        date: date(day),
        check_out: None,
        time: slot,
        notes: None,
        status: BookingStatus::Pending,
        created_at: Utc::now(),
        deposit: None,
        promo: None,
        gift_card: None,
        moves: 0,
        guest_moves: 0,
        guest_confirmed_at: None,
    };
    assert!(booking_ends(&ada, &booking("2026-12-11", TEN, "ada@example.com")));
    assert!(!booking_ends(&ada, &booking("2026-12-11", TimeSlot::OnePm, "ada@example.com")), "another time");
    assert!(!booking_ends(&ada, &booking("2026-12-13", TEN, "ada@example.com")), "another day");
    assert!(!booking_ends(&ada, &booking("2026-12-11", TEN, "bea@example.com")), "another guest");
    assert!(waits_for(&ada, date("2026-12-12")));
    assert!(!waits_for(&ada, date("2026-12-13")));
    assert!(!has_expired(&ada, date("2026-12-12")));
    assert!(has_expired(&ada, date("2026-12-13")));
}

#[test]
fn a_move_never_lands_on_a_place_held_for_a_waiting_guest() {
    use crate::booking::{Moving, NewPlace, plan_move_holding};
    let entries = calendar(&["2026-12-10", "2026-12-11"], &[(ServiceKey::Massage, "2026-12-11", Some(TEN))]);
    let booking = Booking {
        id: Uuid::new_v4(),
        first_name: "Zoe".into(),
        last_name: "Guest".into(),
        email: "zoe@example.com".into(),
        service: ServiceKey::Massage,
        date: date("2026-12-11"),
        check_out: None,
        time: TEN,
        notes: None,
        status: BookingStatus::Confirmed,
        created_at: Utc::now(),
        deposit: None,
        promo: None,
        gift_card: None,
        moves: 0,
        guest_moves: 0,
        guest_confirmed_at: None,
    };
    let held = Place {
        key: ServiceKey::Massage,
        date: date("2026-12-10"),
        nights: vec![date("2026-12-10")],
        slot: TEN,
    };
    let to_held = [Moving { booking: &booking, to: NewPlace { date: date("2026-12-10"), time: TEN } }];
    let at = now("2026-12-01", 9);
    assert!(
        plan_move_holding(&to_held, at, &schedule(), &[], &entries, std::slice::from_ref(&held)).is_err()
    );
    assert!(
        plan_move_holding(&to_held, at, &schedule(), &[], &entries, &[]).is_ok(),
        "free without the hold"
    );
    // Where two places are and one is held, she may move into the other, and
    // the count stored is the bookings' own (one), not the hold's too.
    let two = AvailabilityEntry {
        id: Uuid::new_v4(),
        service_id: None,
        service_key: None,
        service_name: None,
        accommodation_type: None,
        date: date("2026-12-10"),
        time_slot: Some(TEN),
        max_capacity: 2,
        current_bookings: 0,
        is_blocked: false,
        block_reason: None,
        created_at: Utc::now(),
    };
    let dates = [date("2026-12-10"), date("2026-12-11")];
    let taken = |key: ServiceKey, day: NaiveDate, slot: Option<TimeSlot>| {
        i32::from(key == ServiceKey::Massage && day == date("2026-12-11") && slot.is_none_or(|s| s == TEN))
    };
    let with_two = with_standing(&schedule(), &dates, std::slice::from_ref(&two), &taken);
    let updates = plan_move_holding(&to_held, at, &schedule(), &[], &with_two, std::slice::from_ref(&held))
        .expect("one of two places is free");
    let stored = updates.iter().find(|u| u.entry == two.id).expect("the entry's count");
    assert_eq!(stored.current_bookings, 1, "the bookings' own count");
    let elsewhere =
        [Moving { booking: &booking, to: NewPlace { date: date("2026-12-10"), time: TimeSlot::OnePm } }];
    assert!(
        plan_move_holding(&elsewhere, at, &schedule(), &[], &entries, std::slice::from_ref(&held)).is_ok()
    );
}
