import { QueryClient } from '@tanstack/react-query';

/**
 * Spec §7: no retries, no refetch on focus, no polling; cached data never
 * goes stale and is only refetched after a change (mutations invalidate).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
