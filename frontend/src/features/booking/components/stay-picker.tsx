import { useId, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { Calendar } from '@/components/ui/calendar';
import { addDays, monthOf, monthParam, type MonthRef } from '@/components/ui/calendar-dates';
import { stayRules } from '@/config/site';
import { cn } from '@/lib/cn';
import { businessToday } from '@/lib/dates';
import { formatPriceShort, formatMoney } from '@/lib/money';
import { formatWeekdayShortDay, nightsBetween, nightsLabel } from '@/lib/stay-dates';
import { useMonthsAvailability } from '../api/get-month-availability';
import type { BookingFormValues } from '../booking-schema';
import {
  choosingCheckOut,
  isCheckOutOption,
  isSelectable,
  isValidStay,
  pickDay,
  stayTotalCents,
  waitableStay,
  type NightOpen,
  type NightWaitable,
} from '../stay';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Props = {
  control: Control<BookingFormValues>;
  /** The Tiny Home's nightly price from its service record (a decimal string); undefined until loaded. */
  nightlyPrice: string | undefined;
  /** A stay over nights other guests have taken, pressed (the waitlist): nothing is chosen, the dialog offers the waitlist. */
  onWaitableStayPress?: (stay: { checkIn: string; checkOut: string }) => void;
  /** A waitlist offer's token: the nights it holds for her show open. */
  offer?: string;
  className?: string;
};

/**
 * The Tiny Home's check-in and check-out on a month calendar: the first click
 * chooses check-in, a later one check-out (up to 14 nights, never across an
 * unavailable night); a click before check-in starts over. The form's `date`
 * is the check-in day, `checkOut` the check-out day.
 */
export function StayPicker({ control, nightlyPrice, onWaitableStayPress, offer, className }: Props) {
  const id = useId();
  const today = businessToday();
  const { field: dateField, fieldState: dateState } = useController({ control, name: 'date' });
  const { field: checkOutField, fieldState: checkOutState } = useController({ control, name: 'checkOut' });
  const checkIn = DAY.test(dateField.value) ? dateField.value : undefined;
  const checkOut = checkIn && isValidStay(checkIn, checkOutField.value) ? checkOutField.value : undefined;
  const stay = { checkIn, checkOut };

  // Only a check-in from today on is shown or asked about (a date typed for another service may be anything).
  const upcomingCheckIn = checkIn && checkIn >= today ? checkIn : undefined;
  const [month, setMonth] = useState<MonthRef>(() => monthOf(upcomingCheckIn ?? today));
  // A check-in set from outside (the quiz's open nights) brings its month into view.
  const [shownCheckIn, setShownCheckIn] = useState(checkIn);
  if (checkIn !== shownCheckIn) {
    setShownCheckIn(checkIn);
    if (upcomingCheckIn && monthParam(monthOf(upcomingCheckIn)) !== monthParam(month)) setMonth(monthOf(upcomingCheckIn));
  }

  // The shown month, and while the check-out is being chosen, every month it can fall in.
  const months = new Set([monthParam(month)]);
  if (upcomingCheckIn && !checkOut) {
    months.add(monthParam(monthOf(upcomingCheckIn)));
    months.add(monthParam(monthOf(addDays(upcomingCheckIn, stayRules.maxNights))));
  }
  const availability = useMonthsAvailability('accommodation', [...months].sort(), offer);
  const open: NightOpen = (day) => availability.days.get(day)?.available;
  // A night taken by other guests (not closed) can be waited for.
  const waitableNight: NightWaitable = (day) => availability.days.get(day)?.canWait === true;
  const anyWaitable = [...availability.days.keys()].some((day) => day >= today && waitableNight(day));

  const nights = checkIn && checkOut ? nightsBetween(checkIn, checkOut) : 0;
  const error = dateState.error?.message ?? checkOutState.error?.message;

  const describeDay = (day: string): string | undefined => {
    if (day === checkIn) return 'check-in';
    if (day === checkOut) return 'check-out';
    if (checkIn && checkOut && day > checkIn && day < checkOut) return 'in your stay';
    const selectable = isSelectable(stay, day, today, open);
    if (selectable && open(day) === false) return 'night unavailable, check-out only';
    if (selectable) return undefined;
    if (day < today) return 'past';
    if (open(day) === false) return 'unavailable';
    return 'not available for this stay';
  };

  const onSelect = (day: string) => {
    const next = pickDay(stay, day, today, open);
    dateField.onChange(next.checkIn ?? '');
    checkOutField.onChange(next.checkOut ?? '');
  };

  const summary = !checkIn
    ? 'Choose your check-in day on the calendar.'
    : !checkOut
      ? `Now choose your check-out day (up to ${stayRules.maxNights} nights).`
      : nightlyPrice
        ? `${nightsLabel(nights)} × ${formatPriceShort(nightlyPrice)} = ${formatTotal(stayTotalCents(nightlyPrice, nights))}`
        : nightsLabel(nights);

  return (
    <fieldset
      ref={(element) => {
        // A failed submit focuses the stay when its dates are what is missing.
        dateField.ref(element);
        checkOutField.ref(element);
      }}
      tabIndex={-1}
      aria-describedby={cn(`${id}-hint`, error && `${id}-error`)}
      className={cn('min-w-0 outline-none', className)}
      data-testid="stay-picker"
    >
      <legend className="mb-2 block text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand">Your stay</legend>
      <p id={`${id}-hint`} className="mb-4 text-sm text-muted">
        Check-in from {stayRules.checkInTime}, check-out by {stayRules.checkOutTime}; {stayRules.minNights} to {stayRules.maxNights} nights.
      </p>

      <div
        className={cn(
          'border bg-ink/30 p-3 transition-colors sm:p-5',
          error ? 'border-danger/60' : choosingCheckOut(stay) ? 'border-gold/40' : 'border-line/70',
        )}
      >
        <Calendar
          label="Stay dates"
          size="compact"
          month={month}
          onMonthChange={setMonth}
          minMonth={monthOf(today)}
          today={today}
          selected={checkIn}
          rangeEnd={checkOut}
          rangePreview={choosingCheckOut(stay)}
          isDisabled={(day) => !isSelectable(stay, day, today, open)}
          describeDay={describeDay}
          renderDay={(day) => <DayNote day={day} checkIn={checkIn} checkOut={checkOut} open={open} />}
          onSelect={onSelect}
          onDisabledPress={(day) => {
            const wanted = waitableStay(stay, day, today, open, waitableNight);
            if (wanted) onWaitableStayPress?.(wanted);
          }}
        />
        <ul className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-xs text-muted" aria-label="Calendar legend">
          <li className="flex items-center gap-2">
            <span aria-hidden className="size-3 border border-gold bg-gold/25" /> Your stay
          </li>
          <li className="flex items-center gap-2">
            <span aria-hidden className="size-3 border border-line/40" />
            <span className="line-through decoration-muted/50">Unavailable</span>
          </li>
          {choosingCheckOut(stay) ? (
            <li className="flex items-center gap-2">
              <span aria-hidden className="h-px w-3 bg-muted/70" /> Night taken, check-out possible
            </li>
          ) : null}
        </ul>
        {anyWaitable && onWaitableStayPress ? (
          <p className="mt-3 text-xs text-muted">Press a taken night to hear from us if it frees up.</p>
        ) : null}
        {availability.isError ? (
          <p className="mt-3 text-xs text-muted">Some nights could not be checked just now; we confirm every stay personally.</p>
        ) : null}
      </div>

      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <StayMoment term="Check-in" day={checkIn} time={stayRules.checkInTime} />
        <StayMoment term="Check-out" day={checkOut} time={stayRules.checkOutTime} pending={Boolean(checkIn)} />
      </div>
      <p
        role="status"
        aria-live="polite"
        data-testid="stay-total"
        className={cn('mt-4 flex min-h-9 items-center', checkOut ? 'font-display text-2xl text-gold-light' : 'text-sm text-sand')}
      >
        {summary}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** "$360" for whole dollars, "$359.97" otherwise. */
function formatTotal(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : formatMoney(cents);
}

/** "Check-in Fri, Dec 4 · 15:00" (one line of text, the term styled apart). */
function StayMoment({ term, day, time, pending = false }: { term: string; day: string | undefined; time: string; pending?: boolean }) {
  return (
    <p className={cn('border px-4 py-3 text-ivory', day ? 'border-gold/40 bg-gold/[0.06]' : 'border-line/60 bg-ink/20')}>
      <span className="mr-1 block text-[0.65rem] font-medium uppercase tracking-wide-2 text-muted sm:mb-1">{term}</span>{' '}
      {day ? (
        <span>
          {formatWeekdayShortDay(day)} · {time}
        </span>
      ) : (
        <span className="text-muted">{pending ? 'Choose a day' : '—'}</span>
      )}
    </p>
  );
}

/** Under a day's number: "in" / "out" on the stay's ends, a faint line on a taken night a stay may still end on. */
function DayNote({ day, checkIn, checkOut, open }: { day: string; checkIn?: string; checkOut?: string; open: NightOpen }) {
  if (day === checkIn) return <span className="text-[0.55rem] uppercase leading-none tracking-wide-2 text-gold-light">in</span>;
  if (day === checkOut) return <span className="text-[0.55rem] uppercase leading-none tracking-wide-2 text-gold-light">out</span>;
  if (checkIn && !checkOut && open(day) === false && isCheckOutOption(checkIn, day, open)) {
    return <span className="h-px w-3 bg-muted/70" />;
  }
  return null;
}
