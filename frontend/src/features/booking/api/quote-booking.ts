import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { RequestBodyOf } from '@/lib/api/types';

type QuoteBody = RequestBodyOf<'/api/bookings/quote', 'post'>;

/**
 * The server's price of a booking with a promo code (docs/decisions.md §15):
 * asked again when the service or dates change; nothing is asked without a
 * code or before the service and date are chosen.
 */
export function useBookingQuote(request: { service: string; date: string; checkOut?: string }, code: string | null) {
  const ready = code !== null && request.service !== '' && request.date !== '';
  return useQuery({
    queryKey: ['booking-quote', code, request] as const,
    queryFn: async () => {
      const body: QuoteBody = {
        service: request.service as QuoteBody['service'],
        date: request.date,
        checkOut: request.checkOut || null,
        promoCode: code ?? '',
      };
      return unwrap(await api.POST('/api/bookings/quote', { body }));
    },
    enabled: ready,
    retry: false,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
