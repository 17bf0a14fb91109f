import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, hasErrorCode, preferServerMessage } from '@/lib/api/errors';
import { formatLongDate } from '@/lib/dates';
import { honeypotValue } from '@/lib/honeypot';
import { AttemptKey } from '@/lib/idempotency';
import { formatCents, formatPrice, formatPriceShort, toCents } from '@/lib/money';
import { cardProvider, usePaymentsConfig } from '@/lib/payments/config';
import { placedFor, type PlacedOrder } from '@/lib/payments/pay-order';
import { useBusinessToday } from '@/lib/use-business-today';
import { useBuyGiftCard, type GiftCardPurchase } from '../api/buy-gift-card';
import { useGiftCardOptions, type GiftCardOptions } from '../api/get-options';
import {
  cardValue,
  CUSTOM_AMOUNT,
  effectiveChoice,
  emptyPurchase,
  latestDelivery,
  limitsOf,
  MESSAGE_MAX,
  otherChoices,
  purchasePayload,
  purchaseServerFields,
  treatmentLabel,
  TREATMENT,
  wholeDollars,
  type PurchaseFormValues,
} from '../purchase';
import { purchaseSchema } from '../purchase-schema';
import { BalanceCheck } from './balance-check';
import { GiftCardFace } from './gift-card-face';

// Not with the page: only a guest who picks "A treatment", or goes on to pay, needs them.
const TreatmentSelect = lazy(() => import('./treatment-select'));
const GiftCardPayment = lazy(() => import('./gift-card-payment').then((module) => ({ default: module.GiftCardPayment })));

type Step =
  | { kind: 'details' }
  | { kind: 'payment'; body: GiftCardPurchase; amount: string }
  /** `paid`: by card, or nothing was left to pay; else the order waits for the retreat (payments off). */
  | { kind: 'done'; body: GiftCardPurchase; paid: boolean; paidByCard: boolean };

const sectionClass = 'border border-line bg-surface p-6 sm:p-8';

/**
 * /gift-cards: choose a value, say who it is for and when it arrives, then
 * pay as at the checkout (docs/decisions.md §16). Beside it, the card as it
 * will look, and a balance check.
 */
export function GiftCardPurchase() {
  const options = useGiftCardOptions();
  const { min, max } = limitsOf(options.data);
  const resolver = useMemo(() => zodResolver(purchaseSchema({ min, max })), [min, max]);
  const { control, handleSubmit, setError, setValue, getValues, reset, formState } = useForm<PurchaseFormValues>({
    resolver,
    defaultValues: emptyPurchase,
  });
  const buy = useBuyGiftCard();
  const [attempt] = useState(() => new AttemptKey());
  const config = usePaymentsConfig();
  const payments = config.isSuccess ? Boolean(cardProvider(config.data)) : null;

  // The delivery date starts at today, once the browser knows the retreat's today.
  const today = useBusinessToday();
  useEffect(() => {
    if (today && getValues('deliverOn') === '') setValue('deliverOn', today);
  }, [today, getValues, setValue]);

  const [step, setStep] = useState<Step>({ kind: 'details' });
  // The order placed for these details and not paid yet: going back and on again reuses it.
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [placedAmount, setPlacedAmount] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const values = useWatch({ control });
  const value = cardValue(
    { choice: values.choice ?? '', customAmount: values.customAmount ?? '', serviceId: values.serviceId ?? '' },
    options.data,
  );
  const fromName = [values.firstName, values.lastName].filter(Boolean).join(' ');

  const place = async (body: GiftCardPurchase) => {
    const order = await buy.mutateAsync({ body, idempotencyKey: attempt.current });
    attempt.settle();
    return order;
  };

  const onSubmit = handleSubmit(async (form, event) => {
    setFormError(null);
    const chosen = cardValue(form, options.data);
    if (!chosen) return;
    const body = purchasePayload(form, chosen, honeypotValue(event));
    if (placed && placedAmount && placed.placedFor === placedFor(body)) {
      setStep({ kind: 'payment', body, amount: placedAmount });
      return;
    }
    try {
      const order = await place(body);
      // Nothing to pay by card: paid already (the card is issued), or payments are
      // off (the order waits for the retreat to accept it, then the card is issued).
      if (!order.paymentToken || order.payment.state === 'paid' || toCents(order.payment.amount) === 0) {
        setPlaced(null);
        setStep({ kind: 'done', body, paid: order.payment.state === 'paid', paidByCard: false });
        return;
      }
      setPlaced({ id: order.id, token: order.paymentToken, placedFor: placedFor(body) });
      setPlacedAmount(order.payment.amount);
      setStep({ kind: 'payment', body, amount: order.payment.amount });
    } catch (error) {
      // The server answered: the next press is a new attempt. A network failure
      // keeps the key, so pressing again cannot place the order twice.
      if (error instanceof ApiError) attempt.settle();
      setFormError(serverError(error, form.choice, setError));
    }
  });

  const startOver = () => {
    reset({ ...emptyPurchase, deliverOn: today ?? '' });
    setPlaced(null);
    setPlacedAmount(null);
    setStep({ kind: 'details' });
  };

  return (
    <div className="grid gap-10 lg:grid-cols-[1.45fr_1fr] lg:grid-rows-[auto_1fr] lg:gap-x-14">
      <section aria-labelledby="gift-preview-heading" className="lg:col-start-2 lg:row-start-1">
        <h2 id="gift-preview-heading" className="eyebrow mb-4">
          Your card
        </h2>
        <GiftCardFace
          value={value ? formatPriceShort(formatCents(value.cents)) : null}
          label={value?.kind === 'treatment' ? treatmentLabel(value.service.name) : null}
          to={values.recipientName ?? ''}
          from={fromName}
          message={values.message}
          footer={<p className="text-xs text-muted">Delivered by e-mail · Does not expire · No fees</p>}
        />
      </section>

      <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
        {step.kind === 'done' ? (
          <Confirmation body={step.body} paid={step.paid} paidByCard={step.paidByCard} onAnother={startOver} />
        ) : step.kind === 'payment' ? (
          <Suspense fallback={<Spinner label="Loading the payment form…" />}>
            <GiftCardPayment
              body={step.body}
              placed={placed}
              amount={step.amount}
              placeAgain={() => place(step.body)}
              onPlacedChange={setPlaced}
              onPaid={(paidByCard) => {
                setPlaced(null);
                setStep({ kind: 'done', body: step.body, paid: paidByCard, paidByCard });
              }}
              onBack={() => setStep({ kind: 'details' })}
            />
          </Suspense>
        ) : (
          <form noValidate onSubmit={onSubmit} aria-label="Buy a gift card" className="space-y-10">
            <HoneypotField />
            <section aria-labelledby="gift-amount-heading" className={sectionClass}>
              <h2 id="gift-amount-heading" className="font-display text-3xl text-ivory">
                Choose an amount
              </h2>
              <span className="gold-rule mt-4 bg-gold" />
              {options.isPending ? (
                <div aria-busy="true">
                  <Skeleton className="mt-6 h-12 sm:h-6" />
                  <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
                    {Array.from({ length: 6 }, (_, i) => (
                      <Skeleton key={i} className="h-14" />
                    ))}
                  </div>
                </div>
              ) : options.isError ? (
                <Alert className="mt-8">Gift cards cannot be ordered just now. Please reload the page in a moment.</Alert>
              ) : (
                <AmountChoice control={control} options={options.data} limits={{ min, max }} />
              )}
              {/* Always there (also while the amounts load), so nothing below moves when they arrive. */}
              <p className="mt-6 text-sm text-sand" data-testid="gift-card-total">
                {value
                  ? `You pay ${formatPrice(formatCents(value.cents))} — no fees, and it never expires.`
                  : 'No fees, and it never expires.'}
              </p>
            </section>

            <section aria-labelledby="gift-recipient-heading" className={sectionClass}>
              <h2 id="gift-recipient-heading" className="font-display text-3xl text-ivory">
                Who is it for?
              </h2>
              <span className="gold-rule mt-4 bg-gold" />
              <div className="mt-8 grid gap-5 sm:grid-cols-2">
                <FormField control={control} name="recipientName" id="gift-recipient-name" label="Recipient's name">
                  <Input autoComplete="off" maxLength={120} />
                </FormField>
                <FormField control={control} name="recipientEmail" id="gift-recipient-email" label="Recipient's email">
                  <Input type="email" autoComplete="off" />
                </FormField>
                <FormField
                  control={control}
                  name="message"
                  id="gift-message"
                  label="Message"
                  optional
                  hint={`${(values.message ?? '').length} of ${MESSAGE_MAX} characters; line breaks are kept.`}
                  className="sm:col-span-2"
                >
                  <Textarea rows={4} maxLength={MESSAGE_MAX} placeholder="A few words to go with it" />
                </FormField>
                <FormField
                  control={control}
                  name="deliverOn"
                  id="gift-deliver-on"
                  label="Delivery date"
                  hint="We e-mail the card to them on this day."
                >
                  <Input type="date" min={today ?? undefined} max={today ? latestDelivery(today) : undefined} />
                </FormField>
              </div>
            </section>

            <section aria-labelledby="gift-buyer-heading" className={sectionClass}>
              <h2 id="gift-buyer-heading" className="font-display text-3xl text-ivory">
                From you
              </h2>
              <span className="gold-rule mt-4 bg-gold" />
              <div className="mt-8 grid gap-5 sm:grid-cols-2">
                <FormField control={control} name="firstName" id="gift-first-name" label="First name">
                  <Input autoComplete="given-name" />
                </FormField>
                <FormField control={control} name="lastName" id="gift-last-name" label="Last name">
                  <Input autoComplete="family-name" />
                </FormField>
                <FormField
                  control={control}
                  name="email"
                  id="gift-email"
                  label="Your email"
                  hint="For the receipt; we never share it."
                  className="sm:col-span-2"
                >
                  <Input type="email" autoComplete="email" />
                </FormField>
              </div>
            </section>

            <div>
              {formError ? (
                <Alert className="mb-6" data-testid="gift-card-error">
                  {formError}
                </Alert>
              ) : null}
              <Button
                type="submit"
                size="lg"
                className="w-full sm:w-auto"
                disabled={formState.isSubmitting || buy.isPending || !options.isSuccess}
              >
                {formState.isSubmitting || buy.isPending ? 'PROCESSING...' : 'Continue to payment'}
              </Button>
              {payments === false ? (
                <p className="mt-4 flex items-center gap-2 text-sm text-muted" data-testid="demo-store-notice">
                  <Lock aria-hidden className="size-4 shrink-0 text-gold" />
                  This is a demo store: no card is charged, and the retreat confirms the order before the card is sent.
                </p>
              ) : null}
            </div>
          </form>
        )}
      </div>

      <BalanceCheck className="lg:col-start-2 lg:row-start-2 lg:self-start" />
    </div>
  );
}

/** The amount radio group: the presets, an amount of one's own, or one treatment. */
function AmountChoice({
  control,
  options,
  limits,
}: {
  control: Control<PurchaseFormValues>;
  options: GiftCardOptions;
  limits: { min: number; max: number };
}) {
  const choice = effectiveChoice(useWatch({ control, name: 'choice' }), options);
  return (
    <div className="mt-6">
      {/* The limits and the treatments in words: in the page as the server sends it, as the amounts are. */}
      <p id="gift-amount-choices" className="text-sm leading-relaxed text-sand" data-testid="gift-card-choices">
        {otherChoices(limits, options.services)}
      </p>
      <Controller
        control={control}
        name="choice"
        render={({ field, fieldState }) => (
          <>
            <RadioGroup
              aria-labelledby="gift-amount-heading"
              aria-describedby={fieldState.error ? 'gift-amount-choices gift-amount-error' : 'gift-amount-choices'}
              value={choice}
              onValueChange={field.onChange}
              className="mt-6 grid-cols-2 sm:grid-cols-3"
            >
              {options.presets.map((preset) => (
                <RadioTile key={preset} value={preset} className="font-display text-2xl">
                  {formatPriceShort(preset)}
                </RadioTile>
              ))}
              <RadioTile value={CUSTOM_AMOUNT} className="text-xs font-medium uppercase tracking-wide-2">
                Other amount
              </RadioTile>
              {options.services.length > 0 ? (
                <RadioTile value={TREATMENT} className="text-xs font-medium uppercase tracking-wide-2">
                  A treatment
                </RadioTile>
              ) : null}
            </RadioGroup>
            {fieldState.error ? (
              <p id="gift-amount-error" role="alert" className="mt-3 text-sm text-danger">
                {fieldState.error.message}
              </p>
            ) : null}
          </>
        )}
      />
      {choice === CUSTOM_AMOUNT ? (
        <FormField
          control={control}
          name="customAmount"
          id="gift-custom-amount"
          label="Amount ($)"
          hint={`From ${wholeDollars(limits.min)} to ${wholeDollars(limits.max)}, in whole dollars.`}
          className="mt-6 sm:max-w-xs"
        >
          <Input type="number" inputMode="numeric" min={limits.min} max={limits.max} step={1} autoComplete="off" />
        </FormField>
      ) : null}
      {choice === TREATMENT ? (
        <FormField
          control={control}
          name="serviceId"
          id="gift-service"
          label="Treatment"
          hint="The card holds the treatment's price, to spend on it or on anything else."
          className="mt-6"
        >
          {(field) => (
            <Suspense fallback={<Skeleton className="h-12" />}>
              <TreatmentSelect
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                services={options.services}
              />
            </Suspense>
          )}
        </FormField>
      ) : null}
    </div>
  );
}

/** Puts the server's field messages next to their fields; the rest, in words, above the button. */
function serverError(
  error: unknown,
  choice: string,
  setError: (name: keyof PurchaseFormValues, error: { message: string }) => void,
): string | null {
  if (hasErrorCode(error, 'rate_limited')) {
    return preferServerMessage(error, 'Too many attempts. Please wait a few minutes and try again.');
  }
  if (error instanceof ApiError) {
    let shown = false;
    for (const [field, message] of Object.entries(error.fieldErrors)) {
      let name: keyof PurchaseFormValues | undefined = purchaseServerFields[field as keyof typeof purchaseServerFields];
      // The amount's rule shows under the amount typed, when the guest typed one.
      if (name === 'choice' && choice === CUSTOM_AMOUNT) name = 'customAmount';
      if (name) {
        setError(name, { message });
        shown = true;
      }
    }
    if (shown) return 'Please check the highlighted fields.';
    if (error.status < 500 && error.serverMessage) return error.serverMessage;
  }
  return 'Your gift card could not be ordered just now. Please try again.';
}

/**
 * After the order: a paid card is on its way (its mail goes out on its day);
 * an order placed while payments are off waits for the retreat to accept it
 * before the card is made and sent (docs/decisions.md §16).
 */
function Confirmation({
  body,
  paid,
  paidByCard,
  onAnother,
}: {
  body: GiftCardPurchase;
  paid: boolean;
  paidByCard: boolean;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const day = formatLongDate(body.deliverOn);
  return (
    <div className="border border-gold/40 bg-surface px-6 py-14 text-center sm:px-10" role="status">
      <p className="eyebrow">Thank you</p>
      <h2 ref={heading} tabIndex={-1} className="mt-4 font-display text-3xl text-ivory outline-none sm:text-4xl">
        {paid
          ? `Your gift card for ${body.recipientName} is on its way — it will arrive on ${day}`
          : `Your gift card for ${body.recipientName} is reserved`}
      </h2>
      {paidByCard ? <p className="mt-5 text-gold-light">Paid by card.</p> : null}
      <p className="mx-auto mt-5 max-w-md text-sand">
        {paid
          ? `We will e-mail it to ${body.recipientEmail}, with your message and a link to print it.`
          : `No card was charged. Once the retreat has confirmed your order, we will e-mail it to ${body.recipientEmail} on ${day}, with your message and a link to print it.`}
      </p>
      <Button variant="outline" className="mt-8" onClick={onAnother}>
        Send another gift card
      </Button>
    </div>
  );
}
