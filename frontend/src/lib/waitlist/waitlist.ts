import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { formatSlot } from '@/config/site';
import { businessToday, formatInstantDateTime, formatInstantTime } from '@/lib/dates';
import { formatStayRange, formatWeekdayShortDay } from '@/lib/stay-dates';

/*
 * The waitlist's shared parts (issue 43, part 4), one module so that the
 * pages and the dialog sharing it fetch one small chunk: the place an offer
 * holds for a guest (read by the offer page and by the booking dialog its
 * link opens), and wishes, places and holds in the retreat's words (also the
 * back office's).
 */

export const waitlistOfferKeys = {
  all: ['waitlist-offer'] as const,
  detail: (token: string) => [...waitlistOfferKeys.all, token] as const,
};

/** A place held for a guest on the waitlist, named by the token of her offer mail: what, until when, and where it stands. */
export async function getWaitlistOffer(token: string) {
  return unwrap(await api.GET('/api/waitlist/offer', { params: { query: { token } } }));
}

/** Asked afresh each time it is shown: a hold lapses, or is taken, while the page waits. */
export const waitlistOfferQueryOptions = (token: string) =>
  queryOptions({ queryKey: waitlistOfferKeys.detail(token), queryFn: () => getWaitlistOffer(token), staleTime: 0 });

export function useWaitlistOffer(token: string | null | undefined) {
  return useQuery({ ...waitlistOfferQueryOptions(token ?? ''), enabled: Boolean(token) });
}

type Wish = { from: string; to: string; time?: string | null };

/** "Fri, Dec 4 · any time", "Fri, Dec 4 – Sun, Dec 6 · 11:00 AM"; a stay "Dec 4 → Dec 6 · 2 nights". */
export function wishWords(wish: Wish, stay: boolean): string {
  if (stay) return formatStayRange(wish.from, wish.to);
  const days =
    wish.from === wish.to ? formatWeekdayShortDay(wish.from) : `${formatWeekdayShortDay(wish.from)} – ${formatWeekdayShortDay(wish.to)}`;
  return `${days} · ${wish.time ? formatSlot(wish.time) : 'any time'}`;
}

/** A held place: "Fri, Dec 4 · 11:00 AM"; a stay "Dec 4 → Dec 6 · 2 nights". */
export function placeWords(place: { date: string; checkOut?: string | null; time?: string | null }): string {
  if (place.checkOut) return formatStayRange(place.date, place.checkOut);
  return place.time ? `${formatWeekdayShortDay(place.date)} · ${formatSlot(place.time)}` : formatWeekdayShortDay(place.date);
}

/** When a hold ends: "3:45 PM today" (in the retreat's time), "Dec 5, 2026 at 9:00 AM" another day. */
export function heldUntilWords(heldUntil: string, now: Date = new Date()): string {
  const until = new Date(heldUntil);
  if (Number.isNaN(until.getTime())) return heldUntil;
  return businessToday(until) === businessToday(now) ? `${formatInstantTime(heldUntil)} today` : formatInstantDateTime(heldUntil);
}
