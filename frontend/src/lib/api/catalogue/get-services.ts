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

/**
 * The name of the service record guests book under a booking key, read from
 * the records (a service's name is never written in code): the key itself
 * until they are loaded, or when no record carries it.
 */
export function useServiceNames(): (key: string) => string {
  const services = useServices().data;
  return (key) => services?.find((service) => service.bookingKey === key)?.name ?? key;
}
