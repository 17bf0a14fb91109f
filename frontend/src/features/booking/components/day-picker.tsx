import { useId, useState, type ReactNode } from 'react';
import { Calendar } from '@/components/ui/calendar';
import { monthOf, monthParam, type MonthRef } from '@/components/ui/calendar-dates';
import type { ServiceKey } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { businessToday } from '@/lib/dates';
import { formatWeekdayShortDay } from '@/lib/stay-dates';
import { useMonthsAvailability } from '../api/get-month-availability';
import { dayVerdict, followedDay, isPickable, type DayVerdict } from '../day';

type Props = {
  /** The chosen treatment's booking key (massage, spa, package); undefined before one is chosen. */
  service: ServiceKey | undefined;
  /** The form's date field (yyyy-MM-dd, or whatever is being typed into it). */
  value: string;
  /** A day chosen on the calendar: it becomes the form's date. */
  onPick: (day: string) => void;
  /** A fully booked day pressed, one guests may wait for (the waitlist): it is not chosen, the dialog offers the waitlist. */
  onWaitableDayPress?: (day: string) => void;
  /** A waitlist offer's token: the place it holds for her shows open. */
  offer?: string;
  className?: string;
};

/**
 * A treatment's day on a month calendar, beside the form's date field: the
 * month availability of the chosen service marks the closed and the fully
 * booked days (neither can be chosen; their names say why), a click on an
 * open day fills the date field, and a date typed into the field brings its
 * month into view and shows it chosen.
 */
export function DayPicker({ service, value, onPick, onWaitableDayPress, offer, className }: Props) {
  const id = useId();
  const today = businessToday();
  const followed = followedDay(value, today);
  const [month, setMonth] = useState<MonthRef>(() => monthOf(followed ?? today));
  // A date typed into the field (or set by the quiz) brings its month into view.
  const [shownDay, setShownDay] = useState(followed);
  if (followed !== shownDay) {
    setShownDay(followed);
    if (followed && monthParam(monthOf(followed)) !== monthParam(month)) setMonth(monthOf(followed));
  }

  const availability = useMonthsAvailability(service ?? 'massage', service ? [monthParam(month)] : [], offer);
  const verdict = (day: string): DayVerdict => dayVerdict(day, today, service ? availability.days.get(day) : undefined);
  const chosen = followed ? verdict(followed) : undefined;
  // A full day (its places taken, not closed) can be waited for: pressing it offers the waitlist.
  const waitable = (day: string) => Boolean(service) && verdict(day).mark === 'full' && availability.days.get(day)?.canWait === true;
  const anyWaitable = service !== undefined && [...availability.days.keys()].some(waitable);

  const summary = !service
    ? 'Choose a service to see its open days.'
    : !followed || !chosen
      ? 'Choose an open day, then a time.'
      : isPickable(chosen)
        ? `${formatWeekdayShortDay(followed)} — now choose your time.`
        : `${formatWeekdayShortDay(followed)} is ${chosen.words ?? 'unavailable'}; please choose another day.`;

  return (
    <div role="group" aria-labelledby={`${id}-title`} className={cn('min-w-0', className)} data-testid="day-picker">
      <p id={`${id}-title`} className="mb-2 block text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand">
        Open days
      </p>
      <div className="border border-line/70 bg-ink/30 p-3 sm:p-5">
        <Calendar
          label="Open days"
          size="compact"
          month={month}
          onMonthChange={setMonth}
          minMonth={monthOf(today)}
          today={today}
          selected={followed}
          isDisabled={(day) => !isPickable(verdict(day))}
          describeDay={(day) => verdict(day).words}
          renderDay={(day) => <DayNote verdict={verdict(day)} chosen={day === followed} />}
          onSelect={(day) => {
            if (isPickable(verdict(day))) onPick(day);
          }}
          onDisabledPress={(day) => {
            if (waitable(day)) onWaitableDayPress?.(day);
          }}
        />
        <ul className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-xs text-muted" aria-label="Calendar legend">
          <li className="flex items-center gap-2">
            <span aria-hidden className="size-3 border border-gold bg-gold/15" /> Your day
          </li>
          <li className="flex items-center gap-2">
            <Caption className="text-gold">full</Caption> Fully booked
          </li>
          <li className="flex items-center gap-2">
            <Caption className="text-muted">closed</Caption> Closed
          </li>
        </ul>
        {anyWaitable && onWaitableDayPress ? (
          <p className="mt-3 text-xs text-muted">Press a full day to hear from us if a place opens.</p>
        ) : null}
        {availability.isError ? (
          <p className="mt-3 text-xs text-muted">Some days could not be checked just now; we confirm every request personally.</p>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="mt-3 min-h-5 text-sm text-sand" data-testid="day-summary">
        {summary}
      </p>
    </div>
  );
}

/**
 * Under a day's number: "full" or "closed". Placed out of the flow, so the
 * line through an unavailable day's number does not run through it too.
 */
function DayNote({ verdict, chosen }: { verdict: DayVerdict; chosen: boolean }) {
  if (chosen && verdict.mark === 'open') return <span className="h-px w-3 bg-gold-light" />;
  if (verdict.mark === 'full')
    return (
      <Caption className="text-gold/90" overlay>
        full
      </Caption>
    );
  if (verdict.mark === 'closed')
    return (
      <Caption className="text-muted/90" overlay>
        closed
      </Caption>
    );
  return null;
}

function Caption({ children, className, overlay = false }: { children: ReactNode; className?: string; overlay?: boolean }) {
  const words = (
    <span aria-hidden className={cn('text-[0.5rem] font-medium uppercase leading-none tracking-[0.08em] no-underline', className)}>
      {children}
    </span>
  );
  if (!overlay) return words;
  return (
    <span className="relative flex h-4 w-10 justify-center">
      <span className="absolute inset-0 flex items-center justify-center">{words}</span>
    </span>
  );
}
