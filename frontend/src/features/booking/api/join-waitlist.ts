import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { NewWaitlistEntry } from '@/lib/api/types';

/** Puts a guest on the waitlist with her wishes; she is mailed that she is on it, with a link to leave it. */
export async function joinWaitlist(body: NewWaitlistEntry) {
  return unwrap(await api.POST('/api/waitlist', { body }));
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
