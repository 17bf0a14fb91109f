import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys } from '@/lib/api/catalogue/keys';
import { api, unwrap } from '@/lib/api/client';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { ProductInput } from '../../shared/types';

export async function createProduct(body: ProductInput) {
  return unwrap(await api.POST('/api/products', { body }));
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => notifySuccess('Product created successfully'),
    onError: (error) => notifyError(error, 'Failed to create product'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
