import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys } from '@/lib/api/catalogue/keys';
import { api, unwrap } from '@/lib/api/client';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { MediaInput } from '../../shared/types';

export async function addProductMedia({ productId, body }: { productId: string; body: MediaInput }) {
  return unwrap(await api.POST('/api/products/{id}/media', { params: { path: { id: productId } }, body }));
}

export function useAddProductMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProductMedia,
    onSuccess: () => notifySuccess('Media added successfully'),
    onError: (error) => notifyError(error, 'Failed to add media'),
    onSettled: (_data, _error, { productId }) => queryClient.invalidateQueries({ queryKey: productKeys.media(productId) }),
  });
}
