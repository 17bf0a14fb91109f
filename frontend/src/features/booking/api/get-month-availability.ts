import { queryOptions, useQueries } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ServiceKey } from '@/lib/api/types';
import { bookingKeys } from './keys';

/**
 * One month's days (`month` is yyyy-MM); for the Tiny Home, whether the night beginning each day can be booked.
 * `offer`: a waitlist offer's token; the place it holds for her counts as open.
 */
export async function getMonthAvailability(serviceId: ServiceKey, month: string, offer?: string) {
  return unwrap(await api.GET('/api/availability/month', { params: { query: { serviceId, month, ...(offer ? { offer } : {}) } } }));
}

export type MonthAvailability = Awaited<ReturnType<typeof getMonthAvailability>>;
export type DayAvailability = MonthAvailability['days'][number];

/*
 * Asked afresh whenever a month is shown again (other guests book meanwhile),
 * but kept while it is refetched, so paging back and forth does not flicker.
 */
export const monthAvailabilityQueryOptions = (serviceId: ServiceKey, month: string, offer?: string) =>
  queryOptions({
    queryKey: bookingKeys.month(serviceId, month, offer),
    queryFn: () => getMonthAvailability(serviceId, month, offer),
    staleTime: 0,
  });

/** The days of every month asked (yyyy-MM each), by date; a month still loading (or failed) has no days in it yet. */
export function useMonthsAvailability(serviceId: ServiceKey, months: readonly string[], offer?: string) {
  return useQueries({
    queries: months.map((month) => monthAvailabilityQueryOptions(serviceId, month, offer)),
    combine: (results) => {
      const days = new Map<string, DayAvailability>();
      for (const result of results) for (const day of result.data?.days ?? []) days.set(day.date, day);
      return {
        days,
        isFetching: results.some((r) => r.isFetching),
        isError: results.some((r) => r.isError),
      };
    },
  });
}
