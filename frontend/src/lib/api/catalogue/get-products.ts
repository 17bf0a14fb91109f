import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { productKeys } from './keys';

export async function getProducts() {
  return unwrap(await api.GET('/api/products'));
}

export const productsQueryOptions = () => queryOptions({ queryKey: productKeys.list(), queryFn: getProducts });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
