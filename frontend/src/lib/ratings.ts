import type { RatingSummary, Service } from '@/lib/api/types';

/*
 * Guests' ratings of their visits in words (issue 43): the same words on the
 * services page, the guest's rating page and the dashboard. Plain string
 * work, no Intl: the services page is rendered by the server (QuickJS).
 */

/** The stars a rating has: 1 to 5. */
export const STAR_CHOICES = [1, 2, 3, 4, 5] as const;

/** "1 star", "4 stars": a radio's name on the rating page. */
export function starsWord(stars: number): string {
  return stars === 1 ? '1 star' : `${stars} stars`;
}

/** "4.6": an average always with its one decimal, as the server rounds it. */
export function formatAverage(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** "1 rating", "12 ratings". */
export function ratingsCount(count: number): string {
  return count === 1 ? '1 rating' : `${count} ratings`;
}

/** "Rated 4.6 out of 5 from 12 guests": what a screen reader hears for "★ 4.6 · 12 ratings". */
export function ratingSummaryLabel(average: number, count: number): string {
  return `Rated ${formatAverage(average)} out of 5 from ${count === 1 ? '1 guest' : `${count} guests`}`;
}

/** "2 out of 5 stars": one guest's rating, for a screen reader. */
export function starsLabel(stars: number): string {
  return `${stars} out of 5 stars`;
}

/** How many of the five stars are drawn full for an average (4.6 → 5, 4.2 → 4; at least 1 for a rating). */
export function filledStars(average: number): number {
  return Math.min(5, Math.max(1, Math.round(average)));
}

/** The ratings of the service a card shows, when its guests have rated it (matched by its booking key). */
export function ratingOfService(
  ratings: readonly RatingSummary[] | undefined,
  service: Pick<Service, 'bookingKey'>,
): RatingSummary | undefined {
  return service.bookingKey == null ? undefined : ratings?.find((rating) => rating.serviceKey === service.bookingKey);
}
