import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';

/** What a guest may learn of a card by its code, including why it cannot pay (`refusal`), in the server's words. */
export type GiftCardBalance = ResponseOf<'/api/gift-cards/balance', 'post'>;

/**
 * What is left on a card, asked by its code (throttled per address by the
 * server, as every use of a code is): the gift card page's balance check and
 * the booking dialog's gift card field.
 */
export async function checkGiftCardBalance(code: string): Promise<GiftCardBalance> {
  return unwrap(await api.POST('/api/gift-cards/balance', { body: { code } }));
}

export function useCheckGiftCardBalance() {
  return useMutation({ mutationFn: checkGiftCardBalance });
}
