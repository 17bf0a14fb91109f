import type { components } from '@/lib/api/schema';

type DayReason = components['schemas']['DayReason'];

/*
 * A day of the treatments' month calendar (massage, spa, packages): what the
 * guest is shown about it, from the month availability's answer for that day
 * (`GET /api/availability/month`: `available` and, when not, the reason's
 * code beside its words for a guest). The server decides; this only sorts its answer into
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

/** The month's answer for one day (its `available` and, when not, the reason's code). */
export type DayAnswer = { available: boolean; reasonCode?: DayReason | null };

/*
 * The server's reasons by their codes (`reasonCode`, domain::booking::DayReason).
 * A blackout, a blocked date, a weekday outside the opening hours and a date
 * beyond the booking horizon are "closed"; a date whose figure is reached is
 * "fully booked", and one whose every time is taken reads "no times left"
 * with the full days' mark. A code newer than this build still closes the day.
 */
const REASONS: Record<DayReason, DayVerdict> = {
  past: { mark: 'past', words: 'past' },
  closed: { mark: 'closed', words: 'closed' },
  beyond_horizon: { mark: 'closed', words: 'not yet open for booking' },
  full: { mark: 'full', words: 'fully booked' },
  all_times_taken: { mark: 'full', words: 'no times left' },
  night_taken: { mark: 'full', words: 'fully booked' },
};

/** The verdict on `day` (yyyy-MM-dd) given today and the month's answer for it (undefined while not known). */
export function dayVerdict(day: string, today: string, answer: DayAnswer | undefined): DayVerdict {
  if (day < today) return { mark: 'past', words: 'past' };
  if (!answer || answer.available) return { mark: 'open' };
  return (answer.reasonCode ? REASONS[answer.reasonCode] : undefined) ?? { mark: 'closed', words: 'unavailable' };
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
