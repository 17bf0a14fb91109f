import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

/** What each service has taken against its capacity, day by day from `start` to `end` inclusive (at most 62 days). */
export async function getCapacity(start: string, end: string) {
  return unwrap(await api.GET('/api/admin/capacity', { params: { query: { start, end } } }));
}

export const capacityQueryOptions = (start: string, end: string) =>
  queryOptions({ queryKey: adminKeys.capacity(start, end), queryFn: () => getCapacity(start, end) });

/** The days' capacity; while another month loads, the last one's figures stay rather than the cells emptying. */
export function useCapacityRange(start: string, end: string) {
  return useQuery({ ...capacityQueryOptions(start, end), placeholderData: keepPreviousData });
}
