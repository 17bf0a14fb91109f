import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { PrivacyRequestInput } from '@/lib/api/types';

/** A guest asks for a copy of her data, or its erasure: she is mailed a link to confirm it was her. */
export async function requestPrivacy(body: PrivacyRequestInput) {
  return unwrap(await api.POST('/api/privacy/requests', { body }));
}

export function useRequestPrivacy() {
  return useMutation({ mutationFn: requestPrivacy });
}
