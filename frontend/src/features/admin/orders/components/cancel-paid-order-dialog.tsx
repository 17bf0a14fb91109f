import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { AdminOrder } from '../../shared/types';
import { useReturnFocus } from '@/lib/use-return-focus';
import { shortOrderId } from '../order-items';
import { heldByCard } from '../payment-labels';

export type PaymentOnCancel = 'refund' | 'keep';

/**
 * Cancelling an order paid by card asks first what becomes of its payment
 * (docs/decisions.md §14): refunded (the guest is mailed) or kept. The
 * server refuses the cancellation without the owner's word.
 */
export function CancelPaidOrderDialog({
  order,
  pending,
  onChoose,
  onOpenChange,
}: {
  order: AdminOrder | undefined;
  pending: boolean;
  onChoose: (payment: PaymentOnCancel) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(Boolean(order));
  const held = order ? heldByCard(order.payment) : '';
  return (
    <Dialog open={Boolean(order)} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        {order ? (
          <>
            <DialogHeader>
              <p className="eyebrow mb-3">Order {shortOrderId(order.id)}</p>
              <DialogTitle>Cancel this paid order?</DialogTitle>
              <DialogDescription>
                {order.firstName} {order.lastName} paid {held} by card. Give it back with the cancellation, or keep it (a restocking fee,
                goods already sent). Either way the stock and any gift card’s part go back.
              </DialogDescription>
            </DialogHeader>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <Button disabled={pending} onClick={() => onChoose('refund')}>
                Refund {held} and cancel
              </Button>
              <Button variant="outline" disabled={pending} onClick={() => onChoose('keep')}>
                Keep the payment and cancel
              </Button>
              <Button variant="ghost" disabled={pending} onClick={() => onOpenChange(false)}>
                Back
              </Button>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
