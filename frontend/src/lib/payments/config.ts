import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';

export type PaymentsConfig = ResponseOf<'/api/payments/config', 'get'>;

export async function getPaymentsConfig(): Promise<PaymentsConfig> {
  return unwrap(await api.GET('/api/payments/config'));
}

/** Whether cards are charged (it changes only with a restart of the server). */
export function usePaymentsConfig() {
  return useQuery({ queryKey: ['payments', 'config'], queryFn: getPaymentsConfig, staleTime: 60 * 60_000 });
}

/** The provider's script and key when cards are charged; null for a demo store. */
export function cardProvider(config: PaymentsConfig | undefined): { scriptUrl: string; publishableKey: string } | null {
  if (!config?.enabled || !config.scriptUrl || !config.publishableKey) return null;
  return { scriptUrl: config.scriptUrl, publishableKey: config.publishableKey };
}
