import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import type { ActivityFilters } from '../activity-labels';

/** Where a page of the trail starts: the newest records, or after (older) / before (newer) a page's cursor. */
export type ActivityStart = { after?: string; before?: string };

export async function getActivity(filters: ActivityFilters, start: ActivityStart, signal?: AbortSignal) {
  const query = {
    actor: filters.actor || undefined,
    entity: filters.entity || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    after: start.after,
    before: start.before,
  };
  return unwrap(await api.GET('/api/admin/activity', { params: { query }, signal }));
}

/*
 * Every admin write adds a record, from this tab or another, so the trail is
 * asked again whenever the tab opens or a filter changes; the last page stays
 * on screen while the next loads.
 */
export const activityQueryOptions = (filters: ActivityFilters, start: ActivityStart = {}) =>
  queryOptions({
    queryKey: adminKeys.activity({ ...filters, ...start }),
    queryFn: ({ signal }) => getActivity(filters, start, signal),
    staleTime: 0,
  });

export function useActivity(filters: ActivityFilters, start: ActivityStart = {}) {
  return useQuery({ ...activityQueryOptions(filters, start), placeholderData: keepPreviousData, gcTime: 2 * 60_000 });
}
