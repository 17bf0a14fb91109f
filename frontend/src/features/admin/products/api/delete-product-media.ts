import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys } from '@/lib/api/catalogue/keys';
import { api } from '@/lib/api/client';
import { notifyError, notifySuccess } from '../../shared/notify';

export async function deleteProductMedia({ id }: { id: string; productId: string }) {
  await api.DELETE('/api/product-media/{id}', { params: { path: { id } } });
}

export function useDeleteProductMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductMedia,
    onSuccess: () => notifySuccess('Media deleted successfully'),
    // The spec names no failure text for media deletion; this mirrors the others.
    onError: (error) => notifyError(error, 'Failed to delete media'),
    onSettled: (_data, _error, { productId }) => queryClient.invalidateQueries({ queryKey: productKeys.media(productId) }),
  });
}
