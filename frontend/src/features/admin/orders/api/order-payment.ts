import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export const orderPaymentKey = (id: string) => [...adminKeys.orders(), id, 'payment'] as const;

/** An order's payment: its charges, refunds and the provider's events. */
export function useOrderPayment(id: string, enabled: boolean) {
  return useQuery({
    queryKey: orderPaymentKey(id),
    enabled,
    queryFn: async () => unwrap(await api.GET('/api/admin/orders/{id}/payment', { params: { path: { id } } })),
  });
}

/** Gives back all (no amount) or part of an order's payment through the provider. */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, amount, reason }: { id: string; amount: string; reason: string }) =>
      unwrap(
        await api.POST('/api/admin/orders/{id}/refunds', {
          params: { path: { id } },
          body: { amount: amount || null, reason: reason || null },
        }),
      ),
    onSuccess: (answer) => notifySuccess(`Refunded $${answer.refunded}`),
    onError: (error) => notifyError(error, 'The refund did not go through'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders() }),
  });
}

/** Every difference between our payment records and Stripe's for a range of days. */
export async function reconcilePayments(from: string, to: string) {
  return unwrap(await api.GET('/api/admin/payments/reconciliation', { params: { query: { from, to } } }));
}
