import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ServiceKey } from '@/lib/api/types';
import { bookingKeys } from './keys';

/** `offer`: a waitlist offer's token; the place it holds for her counts as open. */
export async function checkAvailability(date: string, serviceId: ServiceKey, offer?: string) {
  return unwrap(await api.GET('/api/check-availability', { params: { query: { date, serviceId, ...(offer ? { offer } : {}) } } }));
}

/*
 * Availability changes as other guests book, so unlike the catalogue this is
 * re-asked every time the dialog asks for it.
 */
export const availabilityQueryOptions = (date: string, serviceId: ServiceKey, offer?: string) =>
  queryOptions({
    queryKey: bookingKeys.availability(date, serviceId, offer),
    queryFn: () => checkAvailability(date, serviceId, offer),
    staleTime: 0,
    gcTime: 0,
  });

/** Runs once both a date and a service are chosen (spec §2). */
export function useAvailability(date: string | undefined, serviceId: ServiceKey | undefined, offer?: string) {
  return useQuery({
    ...availabilityQueryOptions(date ?? '', serviceId ?? 'massage', offer),
    enabled: Boolean(date && serviceId),
  });
}
