import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import type { ActivityFilters } from '../activity-labels';

export async function getActivity(filters: ActivityFilters) {
  const query = {
    actor: filters.actor || undefined,
    entity: filters.entity || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  return unwrap(await api.GET('/api/admin/activity', { params: { query } }));
}

/*
 * Every admin write adds a record, from this tab or another, so the trail is
 * asked again whenever the tab opens or a filter changes; the last page stays
 * on screen while the next loads.
 */
export const activityQueryOptions = (filters: ActivityFilters) =>
  queryOptions({ queryKey: adminKeys.activity(filters), queryFn: () => getActivity(filters), staleTime: 0 });

export function useActivity(filters: ActivityFilters) {
  return useQuery({ ...activityQueryOptions(filters), placeholderData: keepPreviousData });
}
