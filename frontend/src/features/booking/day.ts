/*
 * A day of the treatments' month calendar (massage, spa, packages): what the
 * guest is shown about it, from the month availability's answer for that day
 * (`GET /api/availability/month`: `available` and, when not, the `reason` in
 * words for a guest). The server decides; this only sorts its answer into
 * what the calendar draws and says. A day not answered yet is open: nothing
 * is refused before the answer, and the server has the last word on a request.
 */

/** What the calendar draws on a day: `closed` and `full` are marked apart; neither can be chosen. */
export type DayMark = 'open' | 'past' | 'closed' | 'full';

export type DayVerdict = {
  mark: DayMark;
  /** Words for the day's accessible name ("fully booked"); none for an open day. */
  words?: string;
};

/** The month's answer for one day (its `available` and `reason`). */
export type DayAnswer = { available: boolean; reason?: string | null };

/*
 * The server's reasons (domain::booking::capacity: PAST_REASON, CLOSED_REASON,
 * FULL_DAY_REASON, ALL_SLOTS_REASON, BEYOND_HORIZON_REASON). A blackout, a
 * blocked date and a weekday outside the opening hours are "closed"; a date
 * whose day-wide figure is reached is "fully booked". When every time of a day
 * is taken or outside the opening hours the server says so in one sentence,
 * shown as "no times left" with the full days' mark. A reason not listed
 * here still closes the day ("unavailable").
 */
const REASONS: Record<string, DayVerdict> = {
  'This date has passed.': { mark: 'past', words: 'past' },
  'The retreat is closed for this service on this date.': { mark: 'closed', words: 'closed' },
  'Bookings are not yet open for this date.': { mark: 'closed', words: 'not yet open for booking' },
  'This date is fully booked.': { mark: 'full', words: 'fully booked' },
  'Every time on this date is booked or unavailable.': { mark: 'full', words: 'no times left' },
};

/** The verdict on `day` (yyyy-MM-dd) given today and the month's answer for it (undefined while not known). */
export function dayVerdict(day: string, today: string, answer: DayAnswer | undefined): DayVerdict {
  if (day < today) return { mark: 'past', words: 'past' };
  if (!answer || answer.available) return { mark: 'open' };
  return (answer.reason ? REASONS[answer.reason] : undefined) ?? { mark: 'closed', words: 'unavailable' };
}

/** Whether a click on the day chooses it. */
export function isPickable(verdict: DayVerdict): boolean {
  return verdict.mark === 'open';
}

/**
 * The day the calendar should show for what is in the form's date field: a
 * whole yyyy-MM-dd date from today on (a date typed key by key passes through
 * years like 0002 and 0202 on the way; those are not followed), else none.
 */
export function followedDay(value: string, today: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= today ? value : undefined;
}
