import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { guestBookingKeys } from './keys';

export async function cancelGuestBooking(token: string) {
  return unwrap(await api.POST('/api/guest/bookings/{token}/cancel', { params: { path: { token } } }));
}

/**
 * Cancels the booking the link names. The answer is the cancelled booking,
 * shown at once; on a refusal (too late, already cancelled, a dead link) the
 * booking is asked again so the page shows where it really stands.
 */
export function useCancelGuestBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelGuestBooking(token),
    onSuccess: (booking) => queryClient.setQueryData(guestBookingKeys.detail(token), booking),
    onError: () => queryClient.invalidateQueries({ queryKey: guestBookingKeys.detail(token) }),
  });
}
