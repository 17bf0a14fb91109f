import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ADMIN_TOKEN_KEY, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { adminKeys } from '../../shared/admin-keys';
import { notifySuccess } from '../../shared/notify';
import type { GuestData, PrivacyRequest } from '../../shared/types';

/** The requests guests confirmed by mail: open ones first (oldest first), then those done lately. */
export function usePrivacyRequests() {
  return useQuery({
    queryKey: adminKeys.privacyRequests(),
    queryFn: async () => unwrap(await api.GET('/api/admin/privacy-requests')).requests,
  });
}

/** Everything held about an address (each read is in the activity log). */
export const guestDataQuery = (email: string) =>
  queryOptions({
    queryKey: adminKeys.guestData(email),
    // Asked without a format: the JSON (the readable page is fetched as a file, below).
    queryFn: async () => unwrap(await api.GET('/api/admin/guest-data', { params: { query: { email } } })) as GuestData,
    // Another look is another read: asked again only when the owner asks again (or an erasure changed it).
    staleTime: Infinity,
    retry: false,
  });

/** What was gathered about the address looked up last. */
export function useGuestData(email: string) {
  return useQuery(guestDataQuery(email));
}

/**
 * What an erasure changes elsewhere: her bookings, orders, gift cards,
 * messages, ratings, waitlist and mail now read under the pseudonym, and the
 * requests list shows hers done.
 */
function refreshAfterErasure(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

/** Sends her copy (she is mailed its link) or erases her, as her request asked. */
export function useCompleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: PrivacyRequest) =>
      unwrap(await api.POST('/api/admin/privacy-requests/{id}/complete', { params: { path: { id: request.id } } })),
    onSuccess: (done, request) =>
      notifySuccess(
        request.kind === 'copy' ? `The link to the copy is on its way to ${request.email}` : `Erased: the guest is now ${done.email}`,
      ),
    onSettled: (_, __, request) =>
      request.kind === 'erasure'
        ? refreshAfterErasure(queryClient)
        : queryClient.invalidateQueries({ queryKey: adminKeys.privacyRequests() }),
  });
}

/** Erases what is held about an address; what the accounts need stays under a pseudonym. */
export function useEraseGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => unwrap(await api.POST('/api/admin/guest-data/erase', { body: { email } })),
    onSuccess: (summary) => notifySuccess(`Erased: the guest is now ${summary.pseudonym}`),
    onSettled: (summary) => (summary ? refreshAfterErasure(queryClient) : undefined),
  });
}

/** Hands `blob` to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The data as fetched, as a JSON file. */
export function downloadJson(data: GuestData) {
  saveFile(new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }), 'guest-data.json');
}

/**
 * The readable page the server makes of her data (the one a guest's copy
 * link shows). A plain link cannot carry the bearer token, so it is fetched
 * with it and handed to the browser as a download.
 */
export async function downloadReadablePage(email: string) {
  const token = window.localStorage.getItem(ADMIN_TOKEN_KEY) ?? '';
  const query = new URLSearchParams({ email, format: 'html' });
  const response = await fetch(`/api/admin/guest-data?${query.toString()}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  saveFile(await response.blob(), 'guest-data.html');
}
