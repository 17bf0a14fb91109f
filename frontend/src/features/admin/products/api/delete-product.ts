import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys } from '@/lib/api/catalogue/keys';
import { api } from '@/lib/api/client';
import { notifyError, notifySuccess } from '../../shared/notify';

export async function deleteProduct(id: string) {
  await api.DELETE('/api/admin/products/{id}', { params: { path: { id } } });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => notifySuccess('Product deleted successfully'),
    onError: (error) => notifyError(error, 'Failed to delete product'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
