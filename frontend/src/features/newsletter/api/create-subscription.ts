import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { NewSubscription } from '@/lib/api/types';

export async function createSubscription(body: NewSubscription) {
  return unwrap(await api.POST('/api/newsletter-subscriptions', { body }));
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
