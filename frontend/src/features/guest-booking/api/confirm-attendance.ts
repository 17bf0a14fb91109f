import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { guestBookingKeys } from './keys';

export async function confirmAttendance(token: string) {
  return unwrap(await api.POST('/api/guest/bookings/{token}/attendance', { params: { path: { token } } }));
}

/** "Yes, I will be there": the answer to a reminder, for the booking and the rest of its visit. */
export function useConfirmAttendance(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmAttendance(token),
    onSuccess: (booking) => queryClient.setQueryData(guestBookingKeys.detail(token), booking),
    onError: () => queryClient.invalidateQueries({ queryKey: guestBookingKeys.detail(token) }),
  });
}
