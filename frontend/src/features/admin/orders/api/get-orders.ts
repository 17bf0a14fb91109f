import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

export async function getOrders() {
  return unwrap(await api.GET('/api/orders'));
}

export const ordersQueryOptions = () => queryOptions({ queryKey: adminKeys.orders(), queryFn: getOrders });

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
