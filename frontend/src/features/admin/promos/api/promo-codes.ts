import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { RequestBodyOf, ResponseOf } from '@/lib/api/types';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export type PromoCode = ResponseOf<'/api/admin/promo-codes', 'get'>[number];
export type PromoCodeInput = RequestBodyOf<'/api/admin/promo-codes', 'post'>;

export function usePromoCodes() {
  return useQuery({
    queryKey: adminKeys.promoCodes(),
    queryFn: async () => unwrap(await api.GET('/api/admin/promo-codes')),
  });
}

export async function createPromoCode(body: PromoCodeInput) {
  return unwrap(await api.POST('/api/admin/promo-codes', { body }));
}

export async function updatePromoCode({ id, body }: { id: string; body: PromoCodeInput }) {
  return unwrap(await api.PUT('/api/admin/promo-codes/{id}', { params: { path: { id } }, body }));
}

export function useSavePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PromoCodeInput }) => (id ? updatePromoCode({ id, body }) : createPromoCode(body)),
    onSuccess: (saved, { id }) => notifySuccess(id ? `Promo code ${saved.code} saved` : `Promo code ${saved.code} created`),
    onError: (error) => notifyError(error, 'The promo code could not be saved'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.promoCodes() }),
  });
}
