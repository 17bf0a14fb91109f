import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ServiceKey } from '@/lib/api/types';
import { adminKeys } from '../../shared/admin-keys';
import { listQuery, type ListView } from '../../shared/list-view/list-view';
import { pagedListOptions } from '../../shared/list-view/paged-query';
import type { BookingStatus } from '../../shared/types';

export type BookingListView = ListView<BookingStatus, ServiceKey>;

export async function getBookingPage(view: BookingListView, signal?: AbortSignal) {
  return unwrap(await api.GET('/api/admin/bookings', { params: { query: listQuery(view) }, signal }));
}

/** One page of the Bookings tab, newest request first; the key is what is asked. */
export function useBookingPage(view: BookingListView) {
  const query = listQuery(view);
  return useQuery({
    queryKey: adminKeys.bookingPage(query),
    queryFn: ({ signal }) => getBookingPage(view, signal),
    ...pagedListOptions,
  });
}

/**
 * One booking by its id, whatever page the list shows: a mail link
 * (?tab=bookings&booking=<id>) or the deposit offered after cancelling must
 * find it even when it is not, or no longer, on the page.
 */
export function useBooking(id: string | undefined) {
  return useQuery({
    queryKey: adminKeys.booking(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => {
      const page = unwrap(await api.GET('/api/admin/bookings', { params: { query: { q: id, limit: 1 } }, signal }));
      return page.items.find((booking) => booking.id === id) ?? null;
    },
  });
}
