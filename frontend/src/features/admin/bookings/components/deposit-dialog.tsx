import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { displayMoney } from '@/lib/money';
import type { AdminBooking } from '../../shared/types';
import { PaymentRecords, RefundForm } from '../../shared/payment-records';
import { ToneBadge } from '../../shared/ui';
import { useReturnFocus } from '@/lib/use-return-focus';
import { useDepositHistory, useRefundDeposit } from '../api/deposit';
import { depositState } from '../deposit-labels';

type Props = {
  booking: AdminBooking | undefined;
  /** Opened after the owner cancelled it: the refund is offered at once. */
  offerRefund?: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * A booking's deposit (docs/decisions.md §14): where it stands, every charge
 * with its Stripe id (linked to Stripe's dashboard), refunds and Stripe's
 * events, and a refund in full or in part.
 */
export function DepositDialog({ booking, offerRefund = false, onOpenChange }: Props) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(Boolean(booking));
  return (
    <Dialog open={Boolean(booking)} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={returnFocus}>
        {booking ? <DepositDetails booking={booking} offerRefund={offerRefund} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function DepositDetails({ booking, offerRefund }: { booking: AdminBooking; offerRefund: boolean }) {
  const history = useDepositHistory(booking.id);
  const refund = useRefundDeposit();
  const deposit = history.data;
  const state = depositState(deposit?.state ?? booking.deposit?.state ?? 'none');
  const who = `${booking.firstName} ${booking.lastName}`;
  return (
    <>
      <DialogHeader>
        <p className="eyebrow mb-3">Deposit</p>
        <DialogTitle>{offerRefund ? 'Refund the deposit?' : `Deposit of ${who}`}</DialogTitle>
        <DialogDescription>
          {offerRefund
            ? `The booking is cancelled. ${who} paid a deposit; give it back in full or in part, or keep it.`
            : 'What the guest’s card was charged for this booking, and what was given back.'}
        </DialogDescription>
      </DialogHeader>
      {history.isPending ? (
        <p className="flex items-center gap-2 text-sand">
          <Spinner /> Loading the deposit…
        </p>
      ) : history.isError || !deposit ? (
        <Alert>The deposit could not be loaded. Please try again.</Alert>
      ) : (
        <div className="grid gap-6">
          <section aria-labelledby="deposit-state" className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <h3 id="deposit-state" className="sr-only">
              Where it stands
            </h3>
            <ToneBadge tone={state.tone} data-testid="deposit-state">
              {state.label}
            </ToneBadge>
            <p className="text-ivory">
              {displayMoney(deposit.amount)}
              {deposit.refunded !== '0.00' ? <span className="text-sand"> · {displayMoney(deposit.refunded)} refunded</span> : null}
            </p>
            {deposit.lastError ? <p className="w-full text-sm text-danger">{deposit.lastError}</p> : null}
          </section>
          {deposit.refundable !== '0.00' ? (
            <RefundForm
              idPrefix={`deposit-${booking.id}`}
              label="Refund the deposit"
              refundable={deposit.refundable}
              autoFocus={offerRefund}
              pending={refund.isPending}
              onRefund={({ amount, reason }) => refund.mutateAsync({ id: booking.id, amount, reason })}
            />
          ) : null}
          <PaymentRecords
            idPrefix="deposit"
            history={deposit}
            noCharges="Nothing charged yet: the card is charged when the booking is confirmed."
          />
        </div>
      )}
    </>
  );
}
