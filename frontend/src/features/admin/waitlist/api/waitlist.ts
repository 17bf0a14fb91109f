import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

/** Guests waiting, first in line first, then those whose wait ended lately (booked, left, expired, removed). */
export async function getWaitlist() {
  return unwrap(await api.GET('/api/admin/waitlist'));
}

export const waitlistQueryOptions = () => queryOptions({ queryKey: adminKeys.waitlist(), queryFn: getWaitlist });

export function useWaitlist() {
  return useQuery(waitlistQueryOptions());
}

export async function removeFromWaitlist(id: string) {
  await api.DELETE('/api/admin/waitlist/{id}', { params: { path: { id } } });
}

/** Takes a guest off the list; a place held for her goes to the next guest. */
export function useRemoveFromWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWaitlist,
    onSuccess: () => notifySuccess('Removed from the waitlist'),
    onError: (error) => notifyError(error, 'Failed to remove the guest from the waitlist'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.waitlist() }),
        // The days she waited for count one guest fewer; a held place is free again.
        queryClient.invalidateQueries({ queryKey: adminKeys.availabilityAll() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.blackouts() }),
      ]),
  });
}
