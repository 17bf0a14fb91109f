import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';
import { giftCardKeys } from './keys';

export type PrintableGiftCard = ResponseOf<'/api/gift-cards/print', 'post'>;

/**
 * The card as its recipient prints it: the link in their mail carries a
 * token (query) and the code (fragment, never sent in a request line), both
 * posted here.
 */
export function usePrintableGiftCard(link: { token: string; code: string } | null) {
  return useQuery({
    queryKey: giftCardKeys.print(link?.token ?? '', link?.code ?? ''),
    queryFn: async () => unwrap(await api.POST('/api/gift-cards/print', { body: { token: link?.token ?? '', code: link?.code ?? '' } })),
    enabled: link !== null,
    // A link that does not match is an answer, not a failure to retry.
    retry: false,
    staleTime: Infinity,
  });
}
