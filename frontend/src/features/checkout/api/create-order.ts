import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { NewOrder } from '@/lib/api/types';

/** Places an order; `idempotencyKey` is the checkout attempt's (the same on a retry of it). */
export async function createOrder({ body, idempotencyKey }: { body: NewOrder; idempotencyKey: string }) {
  return unwrap(await api.POST('/api/orders', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}

/**
 * Sent whatever the browser says of the network: held while it reports
 * "offline" (TanStack's default), a press would wait in silence on a
 * "PROCESSING..." button with nothing sent; sent, a real failure says so and
 * keeps the attempt's key for the next press.
 */
export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder, networkMode: 'always' });
}
