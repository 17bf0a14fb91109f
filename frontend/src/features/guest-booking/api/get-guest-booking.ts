import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { guestBookingKeys } from './keys';

export async function getGuestBooking(token: string) {
  return unwrap(await api.GET('/api/guest/bookings/{token}', { params: { path: { token } } }));
}

export const guestBookingQueryOptions = (token: string) =>
  queryOptions({ queryKey: guestBookingKeys.detail(token), queryFn: () => getGuestBooking(token) });

export function useGuestBooking(token: string) {
  return useQuery(guestBookingQueryOptions(token));
}
