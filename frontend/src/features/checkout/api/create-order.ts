import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { NewOrder } from '@/lib/api/types';

export async function createOrder(body: NewOrder) {
  return unwrap(await api.POST('/api/orders', { body }));
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
