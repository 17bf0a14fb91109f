import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export async function deleteBooking(id: string) {
  await api.DELETE('/api/admin/bookings/{id}', { params: { path: { id } } });
}

export function useDeleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBooking,
    onSuccess: () => notifySuccess('Booking deleted successfully'),
    onError: (error) => notifyError(error, 'Failed to delete booking'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.bookings() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.availabilityAll() }),
      ]),
  });
}
