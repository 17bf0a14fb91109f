import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

/** The standing schedule: capacity per service, opening hours per weekday, notice and horizon. */
export async function getSchedule() {
  return unwrap(await api.GET('/api/admin/schedule'));
}

export const scheduleQueryOptions = () => queryOptions({ queryKey: adminKeys.schedule(), queryFn: getSchedule });

export function useSchedule() {
  return useQuery(scheduleQueryOptions());
}
