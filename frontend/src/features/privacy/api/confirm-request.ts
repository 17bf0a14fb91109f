import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';

/** Only ever on a press: mail scanners open (GET) links, so loading the page must not confirm her request. */
export async function confirmPrivacyRequest(token: string) {
  return unwrap(await api.POST('/api/privacy/requests/confirm', { body: { token } }));
}

export function useConfirmPrivacyRequest() {
  return useMutation({ mutationFn: confirmPrivacyRequest });
}
