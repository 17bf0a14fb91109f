import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { RequestBodyOf, ResponseOf } from '@/lib/api/types';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';
import { maskedCode } from '../gift-card-labels';

export type AdminGiftCard = ResponseOf<'/api/admin/gift-cards', 'get'>[number];
export type GiftCardEntry = ResponseOf<'/api/admin/gift-cards/{id}/ledger', 'get'>[number];
export type PromotionalCardInput = RequestBodyOf<'/api/admin/gift-cards', 'post'>;
export type RedeemInput = RequestBodyOf<'/api/admin/gift-cards/{id}/redeem', 'post'>;

export function useGiftCards() {
  return useQuery({
    queryKey: adminKeys.giftCards(),
    queryFn: async () => unwrap(await api.GET('/api/admin/gift-cards')),
  });
}

/** Every movement of a card's balance, oldest first as the server keeps them. */
export function useGiftCardLedger(id: string) {
  return useQuery({
    queryKey: adminKeys.giftCardLedger(id),
    queryFn: async () => unwrap(await api.GET('/api/admin/gift-cards/{id}/ledger', { params: { path: { id } } })),
  });
}

/** After a change: the card as the server answered it in the list at once, then both read again. */
function useCardChange<V extends { id: string }>(
  call: (variables: V) => Promise<AdminGiftCard>,
  success: (card: AdminGiftCard) => string,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (card) => {
      queryClient.setQueryData<AdminGiftCard[]>(adminKeys.giftCards(), (cards) => cards?.map((c) => (c.id === card.id ? card : c)));
      notifySuccess(success(card));
    },
    onError: (error) => notifyError(error, failure),
    onSettled: (_card, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.giftCards(), exact: true }),
        queryClient.invalidateQueries({ queryKey: adminKeys.giftCardLedger(id) }),
      ]),
  });
}

export function useResendGiftCard() {
  return useCardChange(
    async ({ id }: { id: string }) => unwrap(await api.POST('/api/admin/gift-cards/{id}/resend', { params: { path: { id } } })),
    (card) => `The gift card was sent to ${card.recipientEmail} again`,
    'The gift card could not be sent again',
  );
}

export function useRedeemGiftCard() {
  return useCardChange(
    async ({ id, body }: { id: string; body: RedeemInput }) =>
      unwrap(await api.POST('/api/admin/gift-cards/{id}/redeem', { params: { path: { id } }, body })),
    (card) => `Taken off gift card ${maskedCode(card.lastFour)}`,
    'The amount could not be taken off the card',
  );
}

export function useCashOutGiftCard() {
  return useCardChange(
    async ({ id }: { id: string }) => unwrap(await api.POST('/api/admin/gift-cards/{id}/cash-out', { params: { path: { id } } })),
    (card) => `Gift card ${maskedCode(card.lastFour)} paid out in cash`,
    'The balance could not be paid out',
  );
}

export function useVoidGiftCard() {
  return useCardChange(
    async ({ id, reason }: { id: string; reason: string }) =>
      unwrap(await api.POST('/api/admin/gift-cards/{id}/void', { params: { path: { id } }, body: { reason } })),
    (card) => `Gift card ${maskedCode(card.lastFour)} voided`,
    'The gift card could not be voided',
  );
}

/** A card given away free (a promotional card: it may expire). */
export function useGivePromotionalCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PromotionalCardInput) => unwrap(await api.POST('/api/admin/gift-cards', { body })),
    onSuccess: (card) => notifySuccess(`Gift card ${maskedCode(card.lastFour)} created for ${card.recipientName}`),
    onError: (error) => notifyError(error, 'The gift card could not be created'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.giftCards(), exact: true }),
  });
}
