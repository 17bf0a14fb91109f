import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys } from '@/lib/api/catalogue/keys';
import { api, unwrap } from '@/lib/api/client';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { ProductInput } from '../../shared/types';

export async function updateProduct({ id, body }: { id: string; body: ProductInput }) {
  return unwrap(await api.PUT('/api/admin/products/{id}', { params: { path: { id } }, body }));
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => notifySuccess('Product updated successfully'),
    onError: (error) => notifyError(error, 'Failed to update product'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
