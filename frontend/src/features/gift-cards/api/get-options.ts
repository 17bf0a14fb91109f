import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';
import { giftCardKeys } from './keys';

/** The amounts a card is sold for and the treatments it can hold (docs/decisions.md §16). */
export type GiftCardOptions = ResponseOf<'/api/gift-cards/options', 'get'>;
export type GiftCardService = GiftCardOptions['services'][number];

export async function getGiftCardOptions(): Promise<GiftCardOptions> {
  return unwrap(await api.GET('/api/gift-cards/options'));
}

/**
 * Sent with the page by the server (the catalogue read model answers it, and
 * the page is made again when the services change), so, like the catalogue's
 * lists, never asked again on load.
 */
export function useGiftCardOptions() {
  return useQuery({ queryKey: giftCardKeys.options(), queryFn: getGiftCardOptions });
}
