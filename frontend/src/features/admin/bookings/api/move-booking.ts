import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { movedDescription, type MoveInput } from '../move-booking';

export async function moveBooking({ id, body }: { id: string; body: MoveInput }) {
  return unwrap(await api.POST('/api/admin/bookings/{id}/move', { params: { path: { id } }, body }));
}

/**
 * Moves a booking (and, for a stay, the treatments inside it when asked).
 * A refusal is shown in the move dialog, where the owner can choose again,
 * so it raises no toast here. Either way the list and the calendar's counts
 * are read again: a refusal may mean the booking changed meanwhile.
 */
export function useMoveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveBooking,
    onSuccess: (moved) => toast({ title: 'Booking moved', description: movedDescription(moved) }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.bookings() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.availabilityAll() }),
      ]),
  });
}
