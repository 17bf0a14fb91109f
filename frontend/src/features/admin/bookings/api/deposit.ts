import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export const depositKey = (id: string) => [...adminKeys.bookings(), id, 'deposit'] as const;

/** A booking's deposit: its charges, refunds and the provider's events. */
export function useDepositHistory(id: string | undefined) {
  return useQuery({
    queryKey: depositKey(id ?? ''),
    enabled: Boolean(id),
    queryFn: async () => unwrap(await api.GET('/api/admin/bookings/{id}/deposit', { params: { path: { id: id ?? '' } } })),
  });
}

export type DepositRefund = { id: string; amount?: string; reason?: string };

/** Gives back all (no amount) or part of a booking's deposit through the provider. */
export function useRefundDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, amount, reason }: DepositRefund) =>
      unwrap(
        await api.POST('/api/admin/bookings/{id}/deposit/refunds', {
          params: { path: { id } },
          body: { amount: amount || null, reason: reason || null },
        }),
      ),
    onSuccess: (answer) => notifySuccess(`Refunded $${answer.refunded}`),
    onError: (error) => notifyError(error, 'The refund did not go through'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.bookings() }),
  });
}
