import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { serviceKeys } from './keys';

export async function getServices() {
  return unwrap(await api.GET('/api/services'));
}

export const servicesQueryOptions = () => queryOptions({ queryKey: serviceKeys.list(), queryFn: getServices });

export function useServices() {
  return useQuery(servicesQueryOptions());
}
