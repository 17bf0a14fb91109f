import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';

export async function getBookings() {
  return unwrap(await api.GET('/api/bookings'));
}

export const bookingsQueryOptions = () => queryOptions({ queryKey: adminKeys.bookings(), queryFn: getBookings });

export function useBookings() {
  return useQuery(bookingsQueryOptions());
}
