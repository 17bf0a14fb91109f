import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import type { AdminBooking } from '../../shared/types';

/** The server's largest page: a month's stays are few, so this is nearly always one request. */
const PAGE_LIMIT = 100;

/**
 * The Tiny Home stays that touch the month from `first` to `last`: the
 * bookings list finds a stay by any of its nights, so one that began the
 * month before is there too. Every page is followed to the end.
 */
export async function getMonthStays(first: string, last: string, signal?: AbortSignal): Promise<AdminBooking[]> {
  const stays: AdminBooking[] = [];
  let after: string | undefined;
  do {
    const query = { service: 'accommodation' as const, from: first, to: last, limit: PAGE_LIMIT, after };
    const page = unwrap(await api.GET('/api/admin/bookings', { params: { query }, signal }));
    stays.push(...page.items);
    after = page.next ?? undefined;
  } while (after);
  return stays;
}

/** The month's stays, under the bookings' key so a booking's change refreshes them; the last month's stay on screen while the next loads. */
export function useMonthStays(first: string, last: string) {
  return useQuery({
    queryKey: adminKeys.bookingMonth(first, last),
    queryFn: ({ signal }) => getMonthStays(first, last, signal),
    placeholderData: keepPreviousData,
  });
}
