import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { productKeys } from './keys';

export async function getProducts() {
  const { api, unwrap } = await apiClient();
  return unwrap(await api.GET('/api/products'));
}

export const productsQueryOptions = () => queryOptions({ queryKey: productKeys.list(), queryFn: getProducts });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
