import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { productKeys } from './keys';

export async function getProductMedia(productId: string) {
  const { api, unwrap } = await apiClient();
  return unwrap(await api.GET('/api/products/{id}/media', { params: { path: { id: productId } } }));
}

export const productMediaQueryOptions = (productId: string) =>
  queryOptions({ queryKey: productKeys.media(productId), queryFn: () => getProductMedia(productId) });

export function useProductMedia(productId: string | undefined) {
  return useQuery({ ...productMediaQueryOptions(productId ?? ''), enabled: Boolean(productId) });
}
