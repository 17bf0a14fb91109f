import type { ReactNode } from 'react';
import { formatMoney, lineCents, orderTotals, toCents } from '@/lib/money';
import { Image } from '@/components/ui/image';
import { mediaImage } from '@/lib/responsive-image';
import type { CheckoutLine, PricedWithCode } from '../order-payload';

export function OrderSummary({
  items,
  quote,
  giftCard,
  promo,
  children,
}: {
  items: readonly CheckoutLine[];
  /** The server's figures with a promo code, shown instead of the cart's own. */
  quote?: PricedWithCode | null;
  /** The gift card the server accepted, and what it pays of the total. */
  giftCard?: { lastFour: string; amount: string } | null;
  /** The promo code and gift card fields, above the figures. */
  promo?: ReactNode;
  children?: ReactNode;
}) {
  const own = orderTotals(items.map((i) => ({ price: i.product.price, quantity: i.quantity })));
  const totals = quote
    ? {
        subtotal: toCents(quote.subtotal),
        discount: toCents(quote.discount),
        tax: toCents(quote.tax),
        shipping: toCents(quote.shipping),
        total: toCents(quote.total),
      }
    : { ...own, discount: 0 };
  // What the gift card pays, and what is left to pay by card (the server's figures).
  const paidByGiftCard = giftCard && quote ? toCents(giftCard.amount) : 0;
  const amountDue = quote?.amountDue !== undefined ? toCents(quote.amountDue) : totals.total - paidByGiftCard;
  return (
    <section aria-labelledby="summary-heading" className="border border-gold/30 bg-surface p-6 sm:p-8">
      <h2 id="summary-heading" className="font-display text-3xl text-ivory">
        Order Summary
      </h2>
      <span className="gold-rule mt-4 bg-gold" />
      <ul className="mt-6 divide-y divide-line">
        {items.map(({ product, quantity }) => (
          <li key={product.id} className="flex items-center gap-4 py-4">
            <Image
              image={mediaImage(product.image, product.imageSize)}
              sizes="3.5rem"
              alt=""
              className="size-14 shrink-0 border border-line bg-surface-3 object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="truncate text-ivory">{product.name}</p>
              <p className="text-sm text-muted">Qty {quantity}</p>
            </div>
            <p className="text-sand tabular-nums">{formatMoney(lineCents(product.price, quantity))}</p>
          </li>
        ))}
      </ul>
      {promo}
      <dl className="mt-4 space-y-3 border-t border-line pt-5 text-sand">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd className="tabular-nums" data-testid="summary-subtotal">
            {formatMoney(totals.subtotal)}
          </dd>
        </div>
        {quote?.promoCode && totals.discount > 0 ? (
          <div className="flex justify-between gap-4 text-gold-light">
            <dt className="min-w-0 break-words">Promo code {quote.promoCode}</dt>
            <dd className="whitespace-nowrap tabular-nums" data-testid="summary-discount">
              −{formatMoney(totals.discount)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>Tax (8%)</dt>
          <dd className="tabular-nums" data-testid="summary-tax">
            {formatMoney(totals.tax)}
          </dd>
        </div>
        <div className="flex flex-wrap justify-between">
          <dt>Shipping</dt>
          <dd className="tabular-nums" data-testid="summary-shipping">
            {totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping)}
          </dd>
          {/* A second <dd> of the same term: a note may not sit in a <dl> on its own. */}
          {totals.shipping > 0 ? <dd className="mt-3 w-full text-xs text-muted">Complimentary shipping on orders over $100.00.</dd> : null}
        </div>
        <div className="flex items-baseline justify-between border-t border-line pt-4">
          <dt className="text-xs uppercase tracking-luxe text-ivory">Total</dt>
          <dd
            className={paidByGiftCard > 0 ? 'text-ivory tabular-nums' : 'font-display text-3xl text-gold tabular-nums'}
            data-testid="summary-total"
          >
            {formatMoney(totals.total)}
          </dd>
        </div>
        {giftCard && paidByGiftCard > 0 ? (
          <>
            <div className="flex justify-between gap-4 text-gold-light">
              <dt className="min-w-0 break-words">Gift card ••••{giftCard.lastFour}</dt>
              <dd className="whitespace-nowrap tabular-nums" data-testid="summary-gift-card">
                −{formatMoney(paidByGiftCard)}
              </dd>
            </div>
            <div className="flex items-baseline justify-between border-t border-line pt-4">
              <dt className="text-xs uppercase tracking-luxe text-ivory">Amount due</dt>
              <dd className="font-display text-3xl text-gold tabular-nums" data-testid="summary-amount-due">
                {formatMoney(amountDue)}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      {children}
    </section>
  );
}
