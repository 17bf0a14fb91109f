import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

/** Entries from `start` to `end` inclusive (the displayed month). */
export async function getAvailability(start: string, end: string) {
  return unwrap(await api.GET('/api/admin/availability', { params: { query: { start, end } } }));
}

export const availabilityQueryOptions = (start: string, end: string) =>
  queryOptions({ queryKey: adminKeys.availability(start, end), queryFn: () => getAvailability(start, end) });

export function useAvailabilityRange(start: string, end: string) {
  return useQuery(availabilityQueryOptions(start, end));
}
