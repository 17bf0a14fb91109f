import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { NewBooking } from '@/lib/api/types';
import { bookingKeys } from './keys';

/** Sends a booking request; `idempotencyKey` is the attempt's (the same on a retry of it). */
export async function createBooking({ body, idempotencyKey }: { body: NewBooking; idempotencyKey: string }) {
  return unwrap(await api.POST('/api/bookings', { body, params: { header: { 'Idempotency-Key': idempotencyKey } } }));
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
