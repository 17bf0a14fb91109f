import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { NewBooking } from '@/lib/api/types';
import { bookingKeys } from './keys';

export async function createBooking(body: NewBooking) {
  return unwrap(await api.POST('/api/bookings', { body }));
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
