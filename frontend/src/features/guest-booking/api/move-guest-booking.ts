import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { RequestBodyOf } from '@/lib/api/types';
import { guestBookingKeys } from './keys';

export type MoveRequest = RequestBodyOf<'/api/guest/bookings/{token}/move', 'post'>;

export async function moveGuestBooking(token: string, body: MoveRequest) {
  return unwrap(await api.POST('/api/guest/bookings/{token}/move', { params: { path: { token } }, body }));
}

/**
 * Moves the booking the link names. The answer carries the page's new token
 * (the link follows the visit's date) with the booking as it now is, kept
 * under that token so the page it leads to shows at once; a refusal asks the
 * booking again so the page shows where it really stands.
 */
export function useMoveGuestBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MoveRequest) => moveGuestBooking(token, body),
    onSuccess: (moved) => {
      queryClient.setQueryData(guestBookingKeys.detail(moved.manageToken), moved.booking);
      void queryClient.invalidateQueries({ queryKey: guestBookingKeys.detail(token) });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: guestBookingKeys.detail(token) }),
  });
}
