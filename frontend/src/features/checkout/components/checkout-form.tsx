import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from '@/lib/zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { toast } from '@/components/ui/toast-store';
import { ApiError, hasErrorCode, preferServerMessage } from '@/lib/api/errors';
import { productKeys } from '@/lib/api/catalogue/keys';
import { honeypotValue } from '@/lib/honeypot';
import { AttemptKey } from '@/lib/idempotency';
import { toCents } from '@/lib/money';
import { CardFields } from '@/components/payments/card-fields';
import { GiftCardField, PromoCodeField } from '@/components/payments/promo-code-field';
import { cardProvider, usePaymentsConfig } from '@/lib/payments/config';
import { payPlacedOrder, placedFor, type PlacedOrder } from '@/lib/payments/pay-order';
import { useCardFields } from '@/lib/payments/use-card-fields';
import { useCreateOrder } from '../api/create-order';
import { buildOrderPayload, type CheckoutLine, type ShippingDetails } from '../order-payload';
import { useQuote, type Quote } from '../api/quote';
import { quoteAnswer, type QuoteAnswer } from '../quote-answer';
import { OrderSummary } from './order-summary';

const required = (label: string) => z.string().trim().min(1, `${label} is required`);
const shippingSchema = z.object({
  firstName: required('First name'),
  lastName: required('Last name'),
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
  phone: z.string(),
  address: required('Address'),
  city: required('City'),
  state: required('State'),
  zip: required('ZIP code'),
});
const emptyShipping: ShippingDetails = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip: '',
};

/** What a gift card paid of a placed order. */
export type GiftCardPaid = { lastFour: string; amount: string };

export function CheckoutForm({
  items,
  onPlaced,
}: {
  items: readonly CheckoutLine[];
  /** After the order is created, and paid when cards are charged (the page empties the cart). */
  onPlaced: (shortOrderId: string, paid: boolean, giftCard: GiftCardPaid | null) => void;
}) {
  const createOrder = useCreateOrder();
  const [attempt] = useState(() => new AttemptKey());
  const queryClient = useQueryClient();
  const { handleSubmit, control, formState } = useForm<ShippingDetails>({
    resolver: zodResolver(shippingSchema),
    defaultValues: emptyShipping,
  });

  const config = usePaymentsConfig();
  const provider = cardProvider(config.data);
  const card = useCardFields(provider);
  // An order placed but not paid yet (a declined card): another card pays the same order.
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);

  // The promo code and gift card the guest asked for, and the server's price of the cart with them.
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [giftCardCode, setGiftCardCode] = useState<string | null>(null);
  const quoteLines = items.map((item) => ({ productId: item.product.id, quantity: item.quantity }));
  const codes = { promoCode, giftCard: giftCardCode };
  const quote = useQuote(quoteLines, codes);
  const shown = quoteAnswer(codes, quote);
  const { quoted, promoError, giftCardError, giftCard } = shown;
  // The gift card pays everything: no card is asked for.
  const nothingDue = paysNothing(shown);

  const confirmPlaced = (orderId: string, paid: boolean, paidByGiftCard: GiftCardPaid | null) => {
    const shortId = orderId.slice(0, 8);
    toast({
      title: 'Order Placed Successfully!',
      description: `Order #${shortId} confirmed. You will receive a confirmation email shortly.`,
    });
    onPlaced(shortId, paid, paidByGiftCard && toCents(paidByGiftCard.amount) > 0 ? paidByGiftCard : null);
  };

  const onSubmit = handleSubmit(async (shipping, event) => {
    setPaymentError(null);
    // A press while the summary's figures are still on their way (a code just
    // applied or removed) is kept: the order waits for them ("PROCESSING...")
    // and is placed with them. A code the server refuses meanwhile stops it:
    // the guest sees why before anything is charged.
    const pressedDuringQuote = quote.isFetching;
    const answer = pressedDuringQuote ? quoteAnswer(codes, await quote.refetch({ cancelRefetch: false })) : shown;
    const refused = pressedDuringQuote ? (answer.promoError ?? answer.giftCardError) : null;
    if (refused) {
      toast({
        title: 'Order Not Placed',
        description: `${refused}. Please check your order summary and place your order again.`,
        variant: 'destructive',
      });
      return;
    }
    // The figures the order is placed with: those shown, or those the press waited for.
    const { quoted, giftCard } = answer;
    const nothingDue = paysNothing(answer);
    try {
      const body = { ...buildOrderPayload(shipping, items, quoted, giftCard ? giftCardCode : null), website: honeypotValue(event) };
      if (!provider || (nothingDue && !placed)) {
        const order = await createOrder.mutateAsync({ body, idempotencyKey: attempt.current });
        attempt.settle();
        if (provider && order.paymentToken && order.payment.state !== 'paid') {
          // The card's balance changed since the quote: a card pays the rest of this same order.
          setPlaced({ id: order.id, token: order.paymentToken, placedFor: placedFor(body) });
          void quote.refetch();
          setPaymentError('Your gift card no longer covers the whole order. Please enter a card to pay the rest.');
          return;
        }
        confirmPlaced(order.id, order.payment.state === 'paid' && toCents(order.payment.amount) > 0, giftCard);
        return;
      }
      const outcome = await payPlacedOrder({
        body,
        placed,
        card,
        billing: { name: `${body.firstName} ${body.lastName}`, email: body.email },
        place: async () => {
          const order = await createOrder.mutateAsync({ body, idempotencyKey: attempt.current });
          attempt.settle();
          return order;
        },
      });
      setPlaced(outcome.placed);
      if (outcome.kind === 'paid') confirmPlaced(outcome.orderId, outcome.paid, giftCard);
      else setPaymentError(outcome.message);
    } catch (error) {
      // The server answered: the next press is a new attempt. A network failure
      // keeps the key, so pressing again cannot place the order twice.
      if (error instanceof ApiError) attempt.settle();
      if (hasErrorCode(error, 'out_of_stock')) {
        // Stock ran out meanwhile: say which product and how many are left,
        // and let the shop show the new stock.
        void queryClient.invalidateQueries({ queryKey: productKeys.all });
        toast({
          title: 'Order Failed',
          description: `${preferServerMessage(error, 'A product ran out.')}. Please update your cart.`,
          variant: 'destructive',
        });
        return;
      }
      if (hasErrorCode(error, 'gift_card_refused') || hasErrorCode(error, 'gift_card_not_found')) {
        // The card was spent or voided meanwhile: the field says why, the summary shows the cart without it.
        void quote.refetch();
        toast({
          title: 'Order Failed',
          description: `${preferServerMessage(error, 'The gift card can no longer pay this order.')}.`,
          variant: 'destructive',
        });
        return;
      }
      if (hasErrorCode(error, 'promo_code_refused')) {
        // The code was used up (or its limit for this guest reached) meanwhile:
        // the summary shows the cart without it, the field says why.
        void quote.refetch();
        toast({
          title: 'Order Failed',
          description: `${preferServerMessage(error, 'The promo code no longer applies.')}.`,
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: 'Order Failed',
        description: 'There was an error processing your order. Please try again.',
        variant: 'destructive',
      });
    }
  });

  // Never disabled by a quote on its way: a press then is kept (above), not lost.
  const busy = formState.isSubmitting || createOrder.isPending;
  const cardsReady = config.isSuccess && (!provider || (nothingDue && !placed) || card.status === 'ready');
  return (
    <form onSubmit={onSubmit} className="grid gap-10 lg:grid-cols-[1.5fr_1fr] lg:gap-14" aria-label="Checkout">
      <HoneypotField />
      <div className="space-y-10">
        <section aria-labelledby="shipping-heading" className="border border-line bg-surface p-6 sm:p-8">
          <h2 id="shipping-heading" className="font-display text-3xl text-ivory">
            Shipping Information
          </h2>
          <span className="gold-rule mt-4 bg-gold" />
          <div className="mt-8 grid gap-5 sm:grid-cols-2">
            <FormField control={control} name="firstName" id="checkout-first-name" label="First name">
              <Input required autoComplete="given-name" />
            </FormField>
            <FormField control={control} name="lastName" id="checkout-last-name" label="Last name">
              <Input required autoComplete="family-name" />
            </FormField>
            <FormField control={control} name="email" id="checkout-email" label="Email">
              <Input required type="email" autoComplete="email" />
            </FormField>
            <FormField control={control} name="phone" id="checkout-phone" label="Phone" optional>
              <Input type="tel" autoComplete="tel" />
            </FormField>
            <FormField control={control} name="address" id="checkout-address" label="Address" className="sm:col-span-2">
              <Input required autoComplete="street-address" />
            </FormField>
            <FormField control={control} name="city" id="checkout-city" label="City">
              <Input required autoComplete="address-level2" />
            </FormField>
            <div className="grid grid-cols-2 gap-5">
              <FormField control={control} name="state" id="checkout-state" label="State">
                <Input required autoComplete="address-level1" />
              </FormField>
              <FormField control={control} name="zip" id="checkout-zip" label="ZIP code">
                <Input required autoComplete="postal-code" inputMode="numeric" />
              </FormField>
            </div>
          </div>
        </section>

        <section aria-labelledby="payment-heading" className="border border-line bg-surface p-6 sm:p-8">
          <h2 id="payment-heading" className="font-display text-3xl text-ivory">
            Payment Information
          </h2>
          <span className="gold-rule mt-4 bg-gold" />
          {config.isPending ? (
            <Spinner label="Loading the payment form…" className="mt-6" />
          ) : config.isError ? (
            <Alert className="mt-6">Payment is unavailable right now. Please reload the page in a moment.</Alert>
          ) : (
            <>
              {nothingDue && !placed ? (
                <p className="mt-6 text-sand" data-testid="gift-card-covers">
                  Your gift card pays the whole order: no card is needed.
                </p>
              ) : null}
              {/* Kept mounted (hidden) while the gift card pays it all: the provider's fields live in their frames. */}
              {provider ? (
                <CardFields idPrefix="checkout" fields={card} className={nothingDue && !placed ? 'hidden' : 'mt-6'} />
              ) : nothingDue ? null : (
                <DemoCardFields />
              )}
            </>
          )}
        </section>
      </div>

      <div className="lg:sticky lg:top-28 lg:self-start">
        <OrderSummary
          items={items}
          quote={quoted}
          giftCard={giftCard}
          promo={
            <>
              <PromoCodeField
                idPrefix="checkout"
                applied={quoted?.promoCode ?? null}
                error={promoError}
                checking={quote.isFetching}
                onApply={setPromoCode}
                onRemove={() => setPromoCode(null)}
              />
              <GiftCardField
                idPrefix="checkout"
                appliedLastFour={giftCard?.lastFour ?? null}
                error={giftCardError}
                checking={quote.isFetching}
                onApply={setGiftCardCode}
                onRemove={() => setGiftCardCode(null)}
              />
            </>
          }
        >
          {paymentError ? (
            <Alert className="mt-8" data-testid="payment-error">
              {paymentError}
            </Alert>
          ) : null}
          <Button type="submit" size="lg" className="mt-8 w-full" disabled={busy || items.length === 0 || !cardsReady}>
            {busy ? 'PROCESSING...' : 'PLACE ORDER'}
          </Button>
          <Link to="/products" className="mt-4 block text-center text-xs uppercase tracking-luxe text-gold hover:text-gold-light">
            continue shopping
          </Link>
        </OrderSummary>
      </div>
    </form>
  );
}

/** The gift card the server accepted pays the whole total: no card is asked for. */
function paysNothing({ giftCard, quoted }: QuoteAnswer<Quote>): boolean {
  return giftCard !== null && quoted?.amountDue !== undefined && toCents(quoted.amountDue) === 0;
}

/**
 * A demo store (payments off): the specification's own card fields, which
 * are deliberately unnamed and unregistered so their values cannot reach a
 * request, and a notice that nothing is charged.
 */
function DemoCardFields() {
  return (
    <>
      <p className="mt-5 flex items-center gap-2 text-sm text-sand">
        <Lock aria-hidden className="size-4 shrink-0 text-gold" />
        Card details are checked in your browser only; they are never sent or stored.
      </p>
      <p className="mt-2 text-sm text-muted" data-testid="demo-store-notice">
        This is a demo store: no card is charged.
      </p>
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <Field id="checkout-card-number" label="Card number" className="sm:col-span-2">
          <Input required inputMode="numeric" autoComplete="cc-number" placeholder="1234 5678 9012 3456" />
        </Field>
        <Field id="checkout-card-expiry" label="Expiry">
          <Input required autoComplete="cc-exp" placeholder="MM/YY" />
        </Field>
        <Field id="checkout-card-cvc" label="CVC">
          <Input required inputMode="numeric" autoComplete="cc-csc" placeholder="123" />
        </Field>
      </div>
    </>
  );
}
