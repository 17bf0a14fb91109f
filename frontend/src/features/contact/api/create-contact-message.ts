import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { NewContactMessage } from '@/lib/api/types';

export async function createContactMessage(body: NewContactMessage) {
  return unwrap(await api.POST('/api/contact-messages', { body }));
}

export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage });
}
