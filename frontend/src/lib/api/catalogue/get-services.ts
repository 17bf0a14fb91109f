import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { serviceKeys } from './keys';

export async function getServices() {
  const { api, unwrap } = await apiClient();
  return unwrap(await api.GET('/api/services'));
}

export const servicesQueryOptions = () => queryOptions({ queryKey: serviceKeys.list(), queryFn: getServices });

export function useServices() {
  return useQuery(servicesQueryOptions());
}
