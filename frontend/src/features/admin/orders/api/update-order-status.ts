import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { OrderStatus } from '../../shared/types';

export async function updateOrderStatus({
  id,
  status,
  payment,
}: {
  id: string;
  status: OrderStatus;
  /** Cancelling an order paid by card: refund what is left of its payment, or keep it. */
  payment?: 'refund' | 'keep';
}) {
  return unwrap(await api.PUT('/api/admin/orders/{id}/status', { params: { path: { id } }, body: { status, payment } }));
}

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: () => notifySuccess('Order status updated successfully'),
    onError: (error) => notifyError(error, 'Failed to update order status'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
  });
}
