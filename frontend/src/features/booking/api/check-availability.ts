import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ServiceKey } from '@/lib/api/types';
import { bookingKeys } from './keys';

export async function checkAvailability(date: string, serviceId: ServiceKey) {
  return unwrap(await api.GET('/api/check-availability', { params: { query: { date, serviceId } } }));
}

/*
 * Availability changes as other guests book, so unlike the catalogue this is
 * re-asked every time the dialog asks for it.
 */
export const availabilityQueryOptions = (date: string, serviceId: ServiceKey) =>
  queryOptions({
    queryKey: bookingKeys.availability(date, serviceId),
    queryFn: () => checkAvailability(date, serviceId),
    staleTime: 0,
    gcTime: 0,
  });

/** Runs once both a date and a service are chosen (spec §2). */
export function useAvailability(date: string | undefined, serviceId: ServiceKey | undefined) {
  return useQuery({
    ...availabilityQueryOptions(date ?? '', serviceId ?? 'massage'),
    enabled: Boolean(date && serviceId),
  });
}
