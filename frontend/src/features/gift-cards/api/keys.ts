import { giftCardOptionsKey } from '@/lib/api/catalogue/keys';

export const giftCardKeys = {
  all: ['gift-cards'] as const,
  /** Shared with the server renderer, which sends the page with them (lib/api/catalogue). */
  options: giftCardOptionsKey,
  print: (token: string, code: string) => [...giftCardKeys.all, 'print', token, code] as const,
};
