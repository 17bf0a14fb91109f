import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';

/** Only ever on a click: mail scanners open (GET) links, so loading the page must not unsubscribe. */
export async function unsubscribeFollowUps(token: string) {
  return unwrap(await api.POST('/api/follow-ups/unsubscribe', { params: { query: { token } } }));
}

export function useUnsubscribeFollowUps() {
  return useMutation({ mutationFn: unsubscribeFollowUps });
}
