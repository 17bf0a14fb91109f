import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { BookingStatus } from '../../shared/types';

export async function updateBookingStatus({ id, status }: { id: string; status: BookingStatus }) {
  return unwrap(await api.PUT('/api/admin/bookings/{id}', { params: { path: { id } }, body: { status } }));
}

/** A status change can free or take capacity, so the calendar's counts refresh too. */
export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    onSuccess: () => notifySuccess('Booking updated successfully'),
    onError: (error) => notifyError(error, 'Failed to update booking'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.bookings() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.availabilityAll() }),
      ]),
  });
}
