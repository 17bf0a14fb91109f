import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Only ever on a press: mail scanners open (GET) links, so loading the page must not take her off the list. */
export async function leaveWaitlist(token: string) {
  await api.POST('/api/waitlist/leave', { params: { query: { token } } });
}

export function useLeaveWaitlist() {
  return useMutation({ mutationFn: leaveWaitlist });
}
