import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys } from '@/lib/api/catalogue/keys';
import { api, unwrap } from '@/lib/api/client';
import { notifyError, notifySuccess } from '../../shared/notify';

export async function updateProductMedia({ id, sortOrder }: { id: string; sortOrder: number }) {
  return unwrap(await api.PUT('/api/product-media/{id}', { params: { path: { id } }, body: { sortOrder } }));
}

type Placed = { id: string; sortOrder: number };

/**
 * Spec §5: moving an item up or down swaps the sortOrder of two neighbours,
 * one PUT per item.
 */
export async function swapMediaOrder({ first, second }: { productId: string; first: Placed; second: Placed }) {
  await Promise.all([
    updateProductMedia({ id: first.id, sortOrder: second.sortOrder }),
    updateProductMedia({ id: second.id, sortOrder: first.sortOrder }),
  ]);
}

export function useSwapMediaOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: swapMediaOrder,
    onSuccess: () => notifySuccess('Media order updated'),
    onError: (error) => notifyError(error, 'Failed to update media'),
    onSettled: (_data, _error, { productId }) => queryClient.invalidateQueries({ queryKey: productKeys.media(productId) }),
  });
}
