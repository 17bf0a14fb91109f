import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

/**
 * A booking's reminders and its guest's answer, read when its Reminders
 * dialog opens (never for every row). Under the bookings' key: a booking
 * changed, moved or cancelled reads them again.
 */
export function useBookingReminders(id: string | undefined) {
  return useQuery({
    queryKey: adminKeys.bookingReminders(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/admin/bookings/{id}/reminders', { params: { path: { id: id ?? '' } }, signal })),
  });
}
