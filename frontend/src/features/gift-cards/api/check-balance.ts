import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';

export type GiftCardBalance = ResponseOf<'/api/gift-cards/balance', 'post'>;

/** What is left on a card, asked by its code (throttled per address by the server). */
export async function checkGiftCardBalance(code: string): Promise<GiftCardBalance> {
  return unwrap(await api.POST('/api/gift-cards/balance', { body: { code } }));
}

export function useCheckGiftCardBalance() {
  return useMutation({ mutationFn: checkGiftCardBalance });
}
