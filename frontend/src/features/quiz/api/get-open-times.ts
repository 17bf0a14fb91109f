import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ServiceKey } from '@/lib/api/types';

export async function getOpenTimes(service: ServiceKey) {
  return unwrap(await api.GET('/api/open-times', { params: { query: { service } } }));
}

/** The next three bookable times of a service within two weeks (asked afresh each minute). */
export const openTimesQueryOptions = (service: ServiceKey) =>
  queryOptions({ queryKey: ['open-times', service], queryFn: () => getOpenTimes(service), staleTime: 60_000 });

export function useOpenTimes(service: ServiceKey | null | undefined) {
  return useQuery({ ...openTimesQueryOptions(service ?? 'massage'), enabled: Boolean(service) });
}
