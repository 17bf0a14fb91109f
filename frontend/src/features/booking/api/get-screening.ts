import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ServiceKey } from '@/lib/api/types';
import { bookingKeys } from './keys';

/**
 * The questions of a service's intake form whose answer makes it unwise
 * (issue 45): asked before a time is picked, with what she is told and the
 * service that suits. None for a service without them. Her answers stay in
 * the dialog: nothing of them is sent.
 */
export async function getScreening(service: ServiceKey) {
  return unwrap(await api.GET('/api/intake-screening', { params: { query: { service } } }));
}

export function useScreening(service: ServiceKey | undefined) {
  return useQuery({
    queryKey: bookingKeys.screening(service ?? ''),
    queryFn: () => getScreening(service!),
    enabled: Boolean(service),
  });
}
