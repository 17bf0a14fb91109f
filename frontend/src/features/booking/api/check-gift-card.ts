import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';

export type GiftCardBalance = ResponseOf<'/api/gift-cards/balance', 'post'>;

/**
 * A gift card read by its code before the request uses it (throttled per
 * address by the server, as every use of a code is): whether it can go toward
 * the deposit. The request decides again.
 */
export async function checkGiftCard(code: string): Promise<GiftCardBalance> {
  return unwrap(await api.POST('/api/gift-cards/balance', { body: { code } }));
}

export function useCheckGiftCard() {
  return useMutation({ mutationFn: checkGiftCard });
}
