import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { displayMoney, formatMoney, lineCents } from '@/lib/money';
import { formatInstantDateTime } from '@/lib/dates';
import { orderStatuses } from '../../shared/statuses';
import type { AdminOrder } from '../../shared/types';
import { PaymentRecords, RefundForm } from '../../shared/payment-records';
import { ToneBadge } from '../../shared/ui';
import { useOrderPayment, useRefundOrder } from '../api/order-payment';
import { paymentState } from '../payment-labels';
import { useReturnFocus } from '@/lib/use-return-focus';

function safeLine(price: string, quantity: number): string {
  try {
    return formatMoney(lineCents(price, quantity));
  } catch {
    return '—';
  }
}

export function OrderDetailsDialog({ order, onOpenChange }: { order: AdminOrder | undefined; onOpenChange: (open: boolean) => void }) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(Boolean(order));
  return (
    <Dialog open={Boolean(order)} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={returnFocus}>
        {order ? <OrderDetails order={order} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function OrderDetails({ order }: { order: AdminOrder }) {
  // The typed lines (`items` is the specification's JSON text of the same).
  const lines = order.lines;
  const status = orderStatuses.find((s) => s.value === order.status);
  return (
    <>
      <DialogHeader>
        <p className="eyebrow mb-3">Order #{order.id.slice(0, 8)}</p>
        <DialogTitle>Order Details</DialogTitle>
        <DialogDescription>Placed {formatInstantDateTime(order.createdAt)}</DialogDescription>
      </DialogHeader>

      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="order-customer">
          <h3 id="order-customer" className="mb-2 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">
            Customer
          </h3>
          <p className="text-ivory">
            {order.firstName} {order.lastName}
          </p>
          <p className="text-sm text-sand">{order.email}</p>
          {order.phone ? <p className="text-sm text-sand">{order.phone}</p> : null}
        </section>
        {order.kind === 'gift_card' ? (
          <section aria-labelledby="order-delivery">
            <h3 id="order-delivery" className="mb-2 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">
              Delivery
            </h3>
            <p className="text-sand" data-testid="order-delivery">
              A gift card, sent by e-mail on its delivery day (see Gift cards). It is never shipped: the order shows as delivered once its
              mail has gone out.
            </p>
          </section>
        ) : (
          <section aria-labelledby="order-shipping">
            <h3 id="order-shipping" className="mb-2 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">
              Shipping address
            </h3>
            <address className="not-italic text-sand" data-testid="order-address">
              {order.address}
              <br />
              {order.city}, {order.state} {order.zip}
            </address>
          </section>
        )}
      </div>

      <section aria-labelledby="order-items" className="mt-8">
        <div className="mb-2 flex items-center justify-between">
          <h3 id="order-items" className="font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">
            Items
          </h3>
          {status ? <ToneBadge tone={status.tone}>{status.label}</ToneBadge> : null}
        </div>
        <Table aria-labelledby="order-items">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Product</TableHead>
              <TableHead className="text-right">Qty</TableHead>
              <TableHead className="text-right">Price</TableHead>
              <TableHead className="text-right">Line</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.productId} data-testid="order-line">
                <TableCell className="text-ivory">{line.productName}</TableCell>
                <TableCell className="text-right tabular-nums">{line.quantity}</TableCell>
                <TableCell className="text-right tabular-nums">{displayMoney(line.price)}</TableCell>
                <TableCell className="text-right tabular-nums">{safeLine(line.price, line.quantity)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <dl className="ml-auto mt-4 grid max-w-64 grid-cols-[1fr_auto] gap-x-6 gap-y-1.5 text-sm">
          <dt className="text-sand">Subtotal</dt>
          <dd className="text-right tabular-nums text-ivory">{displayMoney(order.subtotal)}</dd>
          {order.promoCode ? (
            <>
              <dt className="text-sand">Promo code {order.promoCode}</dt>
              <dd className="text-right tabular-nums text-gold-light">−{displayMoney(order.discount)}</dd>
            </>
          ) : null}
          <dt className="text-sand">Tax</dt>
          <dd className="text-right tabular-nums text-ivory">{displayMoney(order.tax)}</dd>
          <dt className="text-sand">Shipping</dt>
          <dd className="text-right tabular-nums text-ivory">{displayMoney(order.shipping)}</dd>
          <dt className="mt-2 border-t border-line pt-2 font-medium text-gold">Total</dt>
          <dd className="mt-2 border-t border-line pt-2 text-right font-display text-xl tabular-nums text-gold-light">
            {displayMoney(order.total)}
          </dd>
          {order.giftCardLastFour ? (
            <>
              <dt className="text-sand">Gift card ••••{order.giftCardLastFour}</dt>
              <dd className="text-right tabular-nums text-gold-light" data-testid="order-gift-card">
                −{displayMoney(order.giftCardAmount)}
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      <OrderPaymentSection order={order} />
    </>
  );
}

/** Whether it is paid, what was given back, and the payment's history (docs/decisions.md §14). */
function OrderPaymentSection({ order }: { order: AdminOrder }) {
  const charged = order.payment.state !== 'unpaid';
  const history = useOrderPayment(order.id, charged);
  const refund = useRefundOrder();
  const payment = history.data ?? order.payment;
  const state = paymentState(payment.state);
  return (
    <section aria-labelledby="order-payment" className="mt-8 grid gap-5 border-t border-line pt-6">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <h3 id="order-payment" className="font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">
          Payment
        </h3>
        <ToneBadge tone={state.tone} data-testid="order-payment-state">
          {state.label}
        </ToneBadge>
        <p className="text-sm text-ivory">
          {charged ? displayMoney(payment.amount) : 'Placed while payments were off: no card was charged.'}
          {payment.refunded !== '0.00' ? <span className="text-sand"> · {displayMoney(payment.refunded)} refunded</span> : null}
        </p>
        {payment.lastError ? <p className="w-full text-sm text-danger">{payment.lastError}</p> : null}
      </div>
      {!charged ? null : history.isPending ? (
        <Spinner label="Loading the payment…" />
      ) : history.isError || !history.data ? (
        <Alert>The payment could not be loaded. Please try again.</Alert>
      ) : (
        <>
          {history.data.refundable !== '0.00' ? (
            <RefundForm
              idPrefix={`order-${order.id}`}
              label="Refund the payment"
              refundable={history.data.refundable}
              autoFocus={false}
              pending={refund.isPending}
              onRefund={({ amount, reason }) => refund.mutateAsync({ id: order.id, amount, reason })}
            />
          ) : null}
          <PaymentRecords idPrefix="order-payment" history={history.data} noCharges="No card has been charged for this order yet." />
        </>
      )}
    </section>
  );
}
