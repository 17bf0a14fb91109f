import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { RequestBodyOf } from '@/lib/api/types';

export type GiftCardPurchase = RequestBodyOf<'/api/gift-cards', 'post'>;

/**
 * Places the order of one e-gift card (the Order of `POST /api/orders`);
 * `idempotencyKey` is the attempt's, the same on a retry of it.
 */
export async function buyGiftCard({ body, idempotencyKey }: { body: GiftCardPurchase; idempotencyKey: string }) {
  return unwrap(await api.POST('/api/gift-cards', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}

export function useBuyGiftCard() {
  return useMutation({ mutationFn: buyGiftCard });
}
