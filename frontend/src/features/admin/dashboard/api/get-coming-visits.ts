import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';
import { adminKeys } from '../../shared/admin-keys';

export type ComingVisit = ResponseOf<'/api/admin/visits/coming', 'get'>[number];

export async function getComingVisits(signal?: AbortSignal) {
  return unwrap(await api.GET('/api/admin/visits/coming', { signal }));
}

/** Today's and tomorrow's bookings with their guests' answers (asked again when a booking changes). */
export const comingVisitsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.comingVisits(), queryFn: ({ signal }) => getComingVisits(signal) });

export function useComingVisits() {
  return useQuery(comingVisitsQueryOptions());
}
