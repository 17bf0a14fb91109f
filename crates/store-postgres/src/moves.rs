//! Moving a booking (docs/decisions.md §9 "Moving a visit"): the new place
//! taken and the old one given back in one transaction, under the same
//! locks and in the same order as every booking write (the blackouts
//! shared, then every date old and new ascending, then the booking rows),
//! so a move racing a new request for the last place leaves exactly one of
//! them with it.

use diesel::prelude::*;
use domain::audit::AuditRecord;
use domain::booking::{
    Booking, MoveRefusal, MovedBy, Moving, NewPlace, along_place, is_same_place, may_move, moved_to,
    plan_move_holding, treatments_inside,
};
use domain::mail::{FormerPlace, MailEvent};
use ports::{MoveError, MoveRequest, Moved, RepoResult};

use crate::bookings::{
    apply, blackouts_overlapping, booked_service, load_booking, lock_booking, lock_dates,
    lock_entries_of_nights, share_blackouts,
};
use crate::rows::BookingRow;
use crate::schedule::{entries_with_standing, load_schedule};
use crate::schema::bookings;
use crate::visits::load_visit_settings;
use crate::{PgStore, audit, storage, transaction};

/// The bookings of `email` beginning from `first` to `last`.
pub(crate) fn guest_bookings(
    conn: &mut PgConnection,
    email: &str,
    first: chrono::NaiveDate,
    last: chrono::NaiveDate,
) -> RepoResult<Vec<Booking>> {
    let rows = bookings::table
        .filter(bookings::date.between(first, last))
        // Addresses are stored lower-case (`Email`).
        .filter(bookings::email.eq(email.to_lowercase()))
        .order((bookings::date.asc(), bookings::time.asc()))
        .select(BookingRow::as_select())
        .load(conn)
        .map_err(storage)?;
    rows.into_iter().map(Booking::try_from).collect()
}

pub(crate) fn move_booking(
    conn: &mut PgConnection,
    store: &PgStore,
    request: &MoveRequest,
) -> RepoResult<Result<Moved, MoveError>> {
    transaction(conn, |conn| {
        // Read without locks to learn which dates to lock; read again once
        // they are held (a change between the two is seen below).
        let first_look = load_booking(conn, request.id)?;
        let along_first = along_of(conn, &first_look, request)?;
        share_blackouts(conn)?;
        lock_dates(conn, &all_nights(&first_look, &along_first, request.to))?;
        let booking = lock_booking(conn, request.id)?;
        let settings = load_visit_settings(conn)?;
        if let Err(refusal) = may_move(&booking, request.by, request.now, request.hours, settings) {
            return Ok(Err(MoveError::Refused(refusal)));
        }
        if is_same_place(&booking, request.to) {
            return Ok(Err(MoveError::Refused(MoveRefusal::SamePlace)));
        }
        let mut along = Vec::new();
        for treatment in along_of(conn, &booking, request)? {
            along.push(lock_booking(conn, treatment.id)?);
        }
        // What changed between the first look and the locks is locked too
        // (advisory date locks are cheap to take twice).
        let nights = all_nights(&booking, &along, request.to);
        lock_dates(conn, &nights)?;

        let moving: Vec<Moving<'_>> = std::iter::once(Moving { booking: &booking, to: request.to })
            .chain(along.iter().map(|treatment| Moving {
                booking: treatment,
                to: along_place(&booking, request.to, treatment),
            }))
            .collect();
        let stored = lock_entries_of_nights(conn, &nights)?;
        let schedule = load_schedule(conn)?;
        let entries = entries_with_standing(conn, &schedule, &nights, &stored)?;
        let (first, last) = (nights.iter().min().copied(), nights.iter().max().copied());
        let blackouts = match first.zip(last) {
            Some((first, last)) => blackouts_overlapping(conn, first, last)?,
            None => Vec::new(),
        };
        // Places held for waiting guests' offers are not free to move into.
        let holds: Vec<domain::booking::Place> = match first.zip(last) {
            Some((first, last)) => {
                crate::waitlist::held_places(conn, first, last)?.into_iter().map(|hold| hold.place).collect()
            }
            None => Vec::new(),
        };
        let updates = match plan_move_holding(&moving, request.now, &schedule, &blackouts, &entries, &holds) {
            Ok(updates) => updates,
            Err(rejection) => {
                let refused = moving
                    .iter()
                    .find(|m| m.booking.id == rejection.booking)
                    .map_or_else(|| booking.clone(), |m| m.booking.clone());
                let along = refused.id != booking.id;
                return Ok(Err(MoveError::Rejected {
                    booking: Box::new(refused),
                    along,
                    rejection: rejection.rejection,
                }));
            }
        };
        apply(conn, &updates)?;

        let mut moved = Vec::new();
        for Moving { booking: before, to } in &moving {
            let place = moved_to(before, *to);
            let by_guest = request.by == MovedBy::Guest && before.id == booking.id;
            let row = diesel::update(bookings::table.find(before.id))
                .set((
                    bookings::date.eq(place.date),
                    bookings::check_out.eq(place.check_out),
                    bookings::time.eq(place.time.as_str()),
                    bookings::moves.eq(bookings::moves + 1),
                    bookings::guest_moves.eq(bookings::guest_moves + i32::from(by_guest)),
                    // Her "I will be there" was for the old time.
                    bookings::guest_confirmed_at.eq(None::<chrono::DateTime<chrono::Utc>>),
                ))
                .returning(BookingRow::as_returning())
                .get_result(conn)
                .map_err(storage)?;
            let after = Booking::try_from(row)?;
            audit::record(conn, &request.actor, AuditRecord::booking_moved(before, &after))?;
            let service = booked_service(conn, after.service)?;
            store.enqueue(
                conn,
                &MailEvent::BookingMoved {
                    booking: after.clone(),
                    service,
                    from: FormerPlace::of(before),
                    by: request.by,
                },
            )?;
            moved.push(after);
        }
        let mut moved = moved.into_iter();
        let Some(main) = moved.next() else { return Err(ports::RepoError::NotFound) };
        Ok(Ok(Moved { booking: main, along: moved.collect() }))
    })
}

/// The treatments inside a stay that move with it, when asked.
fn along_of(conn: &mut PgConnection, stay: &Booking, request: &MoveRequest) -> RepoResult<Vec<Booking>> {
    match (request.with_treatments, stay.check_out) {
        (true, Some(out)) => Ok(treatments_inside(stay, &guest_bookings(conn, &stay.email, stay.date, out)?)),
        _ => Ok(Vec::new()),
    }
}

/// Every date a move touches: each booking's old nights and new ones.
fn all_nights(booking: &Booking, along: &[Booking], to: NewPlace) -> Vec<chrono::NaiveDate> {
    let mut nights = booking.nights();
    nights.extend(moved_to(booking, to).nights());
    for treatment in along {
        nights.extend(treatment.nights());
        nights.extend(moved_to(treatment, along_place(booking, to, treatment)).nights());
    }
    nights.sort_unstable();
    nights.dedup();
    nights
}
