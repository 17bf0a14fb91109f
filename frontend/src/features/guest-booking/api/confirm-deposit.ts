import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { cardProvider, getPaymentsConfig } from '@/lib/payments/config';
import { confirmWithBank } from '@/lib/payments/stripe';
import { guestBookingKeys } from './keys';

/** The booking with its deposit as the provider has it now. */
export async function refreshDeposit(token: string) {
  return unwrap(await api.POST('/api/guest/bookings/{token}/deposit/refresh', { params: { path: { token } } }));
}

/**
 * "Confirm your deposit": the guest's bank asked to confirm the charge the
 * retreat made when it confirmed the booking. The bank's window opens
 * (Stripe.js), then our server reads the deposit again, whatever the window said.
 */
export function useConfirmDeposit(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (clientSecret: string) => {
      const provider = cardProvider(await getPaymentsConfig());
      if (!provider) throw new Error('Card payments are not available right now.');
      let bankSaid: Error | null = null;
      try {
        await confirmWithBank(provider.scriptUrl, provider.publishableKey, clientSecret);
      } catch (error) {
        bankSaid = error instanceof Error ? error : new Error(String(error));
      }
      const booking = await refreshDeposit(token);
      queryClient.setQueryData(guestBookingKeys.detail(token), booking);
      if (bankSaid && booking.deposit?.state !== 'paid') throw bankSaid;
      return booking;
    },
  });
}
