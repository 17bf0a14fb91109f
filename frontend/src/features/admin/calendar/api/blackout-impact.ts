import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import type { BlackoutInput } from '../../shared/types';

export async function getBlackoutImpact(body: BlackoutInput) {
  return unwrap(await api.POST('/api/admin/blackout-impact', { body }));
}

/** The active bookings a blackout being drawn up would cover (nothing is saved). */
export function useBlackoutImpact(body: BlackoutInput | null) {
  return useQuery({
    queryKey: [...adminKeys.all, 'blackout-impact', body?.startDate, body?.endDate, body?.type],
    queryFn: () => getBlackoutImpact(body!),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
