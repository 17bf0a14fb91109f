import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toast-store';
import { addDays } from '@/components/ui/calendar-dates';
import { bookingServices, formatSlot, stayRules, timeSlots, type BookingServiceKey } from '@/config/site';
import { ApiError, hasErrorCode, preferServerMessage } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import type { NewBooking, Service, ServiceKey } from '@/lib/api/types';
import { useServices } from '@/lib/api/catalogue/get-services';
import { businessToday, isTodayOrLater } from '@/lib/dates';
import { displayMoney, formatMoney, formatPriceShort, toCents } from '@/lib/money';
import { nightsBetween } from '@/lib/stay-dates';
import { CardFields } from '@/components/payments/card-fields';
import { GiftCardField, PromoCodeField } from '@/components/payments/promo-code-field';
import { cardProvider, usePaymentsConfig } from '@/lib/payments/config';
import { CardError, useCardFields } from '@/lib/payments/use-card-fields';
import { honeypotValue } from '@/lib/honeypot';
import { AttemptKey } from '@/lib/idempotency';
import { promoAnswer } from '@/lib/promo-answer';
import { useAvailability } from '../api/check-availability';
import { useCheckGiftCardBalance } from '@/lib/gift-cards/check-balance';
import { useCreateBooking } from '../api/create-booking';
import { useBookingQuote } from '../api/quote-booking';
import type { BookingMoment } from '../booking-context';
import { bookingSchema, emptyBooking, isStayService, type BookingFormValues } from '../booking-schema';
import { depositCents } from '../deposit';
import {
  giftCardCheckProblem,
  giftCardConfirmation,
  giftCardForDeposit,
  giftCardRequestProblem,
  type DepositGiftCard,
  type DepositPaidWords,
} from '../gift-card';
import { isValidStay } from '../stay';
import { DayPicker } from './day-picker';
import { StayPicker } from './stay-picker';

const serviceKeys: readonly string[] = bookingServices.map((s) => s.value);
function isServiceKey(value: string): value is ServiceKey {
  return serviceKeys.includes(value);
}

/**
 * "Massage Therapy — $120" from the service record carrying the key (a
 * stay's price is per night); the plain name until the records are loaded.
 */
function serviceOption(key: ServiceKey, fallback: string, services: readonly Service[] | undefined): string {
  const record = services?.find((service) => service.bookingKey === key);
  if (!record) return fallback;
  const price = formatPriceShort(record.price);
  return `${record.name} — ${key === 'accommodation' ? `${price} per night` : price}`;
}

export const UNAVAILABLE_DATE_TEXT = 'This date is not available for booking. Please select another date.';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  presetService?: BookingServiceKey;
  presetMoment?: BookingMoment;
  session: number;
  onCloseAutoFocus?: (event: Event) => void;
};

export default function BookingDialog({ open, onOpenChange, presetService, presetMoment, session, onCloseAutoFocus }: Props) {
  const navigate = useNavigate();
  // Set when the guest is taken to her booking's page: the focus is that page's, not the opener's.
  const [landed, setLanded] = useState(false);
  const form = useForm<BookingFormValues>({ resolver: zodResolver(bookingSchema), defaultValues: emptyBooking });
  const { control, handleSubmit, formState, setValue, reset, setError } = form;
  const createBooking = useCreateBooking();
  const [attempt] = useState(() => new AttemptKey());
  const services = useServices();

  useEffect(() => {
    if (session > 0 && presetService) setValue('service', presetService, { shouldValidate: false });
    if (session > 0 && presetMoment) {
      setValue('date', presetMoment.date, { shouldValidate: false });
      setValue('time', presetMoment.time, { shouldValidate: false });
      // An open night of the Tiny Home (the quiz) is a one-night stay to begin with.
      setValue('checkOut', presetService === 'accommodation' ? addDays(presetMoment.date, 1) : '', { shouldValidate: false });
    }
  }, [session, presetService, presetMoment, setValue]);

  const [service, date, time, checkOut] = useWatch({ control, name: ['service', 'date', 'time', 'checkOut'] });
  const stay = isStayService(service);

  // A check-out left from an earlier stay no longer fits a date typed since.
  useEffect(() => {
    if (checkOut && !isValidStay(date, checkOut)) setValue('checkOut', '');
  }, [date, checkOut, setValue]);

  const nightlyPrice = services.data?.find((record) => record.bookingKey === 'accommodation')?.price;

  /*
   * A deposit (docs/decisions.md §14): asked when cards are charged and the
   * chosen service asks for one. The guest's card is saved with Stripe (its
   * fields load only then); nothing is charged until the retreat confirms.
   */
  const payments = usePaymentsConfig();
  const provider = cardProvider(payments.data);
  const record = services.data?.find((candidate) => candidate.bookingKey === service);
  const nights = stay && date && checkOut && isValidStay(date, checkOut) ? nightsBetween(date, checkOut) : 1;

  // A promo code for bookings: the server prices the booking with it.
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const quote = useBookingQuote({ service, date, checkOut: stay ? checkOut : undefined }, promoCode);
  const { quoted, error: promoError } = promoAnswer(promoCode, quote);

  const deposit = provider && record ? depositCents(record, nights, quoted ? toCents(quoted.total) : undefined) : null;
  const card = useCardFields(deposit !== null ? provider : null);
  const [cardProblem, setCardProblem] = useState<string | null>(null);

  /*
   * A gift card for the deposit (docs/decisions.md §16), offered only when a
   * deposit is asked (the server refuses one otherwise: it is redeemed at the
   * retreat). Redeem reads the card by its code; the request then pays what
   * it holds of the deposit and the guest's card is saved for the rest: the
   * server decides the split and the confirmation says it.
   */
  const [giftCard, setGiftCard] = useState<DepositGiftCard | null>(null);
  const [giftCardError, setGiftCardError] = useState<string | null>(null);
  const checkGiftCard = useCheckGiftCardBalance();
  const applyGiftCard = (code: string) => {
    setGiftCardError(null);
    checkGiftCard.mutate(code, {
      onSuccess: (read) => {
        const answer = giftCardForDeposit(read, code);
        if ('card' in answer) setGiftCard(answer.card);
        else setGiftCardError(answer.refusal);
      },
      onError: (error) => setGiftCardError(giftCardCheckProblem(error)),
    });
  };
  const removeGiftCard = () => {
    setGiftCard(null);
    setGiftCardError(null);
  };
  // What the gift card paid, once requested: shown in place of the form until the dialog opens again.
  const [confirmed, setConfirmed] = useState<{ session: number; words: DepositPaidWords; page: string | null } | null>(null);
  const confirmation = confirmed?.session === session ? confirmed : null;
  /*
   * Only a day the form accepts is worth asking about. Typing a date key by key
   * passes through past years (0002, 0020, 0202 before 2027); asking about each
   * made their "unavailable" answers flash the alert and disable the time
   * select and the submit button, changing the tab order under the guest's
   * fingers. While an answer is pending, nothing is disabled.
   */
  const askableDate = isTodayOrLater(date) && !stay ? date : undefined;
  const availability = useAvailability(askableDate, isServiceKey(service) && !stay ? service : undefined);
  const answer = askableDate ? availability.data : undefined;
  const dateUnavailable = answer?.available === false;
  const slotOpen = (slot: string) => answer?.slots?.find((s) => s.time === slot)?.available !== false;

  // A slot chosen before the answer came back may have turned out to be taken.
  useEffect(() => {
    if (time && answer && answer.slots?.find((s) => s.time === time)?.available === false) {
      setValue('time', '');
    }
  }, [answer, time, setValue]);

  const onSubmit = handleSubmit(async (values, event) => {
    setCardProblem(null);
    let paymentMethodId: string | undefined;
    if (deposit !== null) {
      try {
        paymentMethodId = await card.createPaymentMethod({
          name: `${values.firstName.trim()} ${values.lastName.trim()}`,
          email: values.email.trim(),
        });
      } catch (error) {
        if (!(error instanceof CardError)) throw error;
        setCardProblem(error.message);
        return;
      }
    }
    const body: NewBooking = {
      website: honeypotValue(event),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      service: values.service as NewBooking['service'],
      date: values.date,
      // A stay is sent with its check-in time and its check-out day.
      ...(isStayService(values.service)
        ? { time: stayRules.checkInTime, checkOut: values.checkOut }
        : { time: values.time as NewBooking['time'] }),
      notes: values.notes.trim() === '' ? null : values.notes.trim(),
      ...(paymentMethodId ? { paymentMethodId } : {}),
      ...(quoted ? { promoCode: quoted.promoCode } : {}),
      // Only with a deposit: a booking without one takes no gift card.
      ...(deposit !== null && giftCard ? { giftCard: giftCard.code } : {}),
    };
    try {
      const booked = await createBooking.mutateAsync({ body, idempotencyKey: attempt.current });
      attempt.settle();
      reset(emptyBooking);
      const words = giftCardConfirmation(booked);
      // Her booking's own page: what she asked for, its calendar links, and changing or cancelling it.
      const page = booked.manageToken ? `/bookings/manage/${encodeURIComponent(booked.manageToken)}` : null;
      if (words) {
        // The dialog says what the gift card paid and what the card will be charged.
        setGiftCard(null);
        setConfirmed({ session, words, page });
        return;
      }
      toast({
        title: 'Booking Request Submitted',
        description: "Thank you! We'll contact you soon to confirm your appointment.",
      });
      onOpenChange(false);
      if (page) {
        setLanded(true);
        void navigate(page, { state: { requested: true } });
      }
    } catch (error) {
      // The server answered: the next press is a new attempt (a network
      // failure keeps the key, so a retry cannot book twice).
      if (error instanceof ApiError) attempt.settle();
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field in emptyBooking) setError(field as keyof BookingFormValues, { message });
        }
      }
      // The gift card was refused (spent, voided, unknown meanwhile): its field says why.
      const giftCardProblem = giftCardRequestProblem(error);
      if (giftCardProblem !== null) {
        setGiftCard(null);
        setGiftCardError(giftCardProblem);
        return;
      }
      // The card could not be saved for the deposit: say why beside the card, keep everything typed.
      if (hasErrorCode(error, 'payment_declined') || hasErrorCode(error, 'payment_required')) {
        setCardProblem(preferServerMessage(error, 'Your card could not be saved for the deposit.'));
        return;
      }
      // The code was used up meanwhile (or by this guest already): say why.
      if (hasErrorCode(error, 'promo_code_refused')) {
        void quote.refetch();
        toast({
          title: 'Booking Failed',
          description: `${preferServerMessage(error, 'The promo code no longer applies.')}.`,
          variant: 'destructive',
        });
        return;
      }
      // A night of the stay was taken or closed: the server names it.
      const nightRefused = hasErrorCode(error, 'night_full') || hasErrorCode(error, 'night_unavailable');
      const fallback = 'Sorry, there was an error submitting your booking. Please try again.';
      toast({
        title: 'Booking Failed',
        description: nightRefused ? preferServerMessage(error, fallback) : fallback,
        variant: 'destructive',
      });
    }
  });

  const busy = formState.isSubmitting || createBooking.isPending || quote.isFetching || checkGiftCard.isPending;
  const today = businessToday();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        aria-describedby="booking-description"
        onCloseAutoFocus={(event) => {
          if (landed) {
            setLanded(false);
            event.preventDefault();
            return;
          }
          onCloseAutoFocus?.(event);
        }}
      >
        <DialogHeader>
          <p className="eyebrow mb-3">Reservations</p>
          <DialogTitle>Book Your Experience</DialogTitle>
          <DialogDescription id="booking-description">
            Choose your ritual and a time that suits you. We confirm every request personally.
          </DialogDescription>
        </DialogHeader>

        {confirmation ? (
          <GiftCardConfirmation
            words={confirmation.words}
            onDone={() => {
              onOpenChange(false);
              if (confirmation.page) {
                setLanded(true);
                void navigate(confirmation.page, { state: { requested: true } });
              }
            }}
          />
        ) : null}
        {/* Kept mounted (hidden) under the confirmation: the provider's card fields live in their frames. */}
        <form
          noValidate
          onSubmit={onSubmit}
          className={cn('grid gap-5 sm:grid-cols-2', confirmation && 'hidden')}
          aria-label="Booking request"
        >
          <HoneypotField />
          <FormField control={control} name="firstName" id="booking-first-name" label="First name">
            <Input autoComplete="given-name" />
          </FormField>
          <FormField control={control} name="lastName" id="booking-last-name" label="Last name">
            <Input autoComplete="family-name" />
          </FormField>
          <FormField control={control} name="email" id="booking-email" label="Email" className="sm:col-span-2">
            <Input type="email" autoComplete="email" />
          </FormField>
          <FormField control={control} name="service" id="booking-service" label="Service" className={cn(stay && 'sm:col-span-2')}>
            {(field) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                  <SelectValue placeholder="Select a service" />
                </SelectTrigger>
                <SelectContent>
                  {bookingServices.map((s) => (
                    <SelectItem key={s.value} value={s.value}>
                      {serviceOption(s.value, s.label, services.data)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          {stay ? (
            <StayPicker control={control} nightlyPrice={nightlyPrice} className="sm:col-span-2" />
          ) : (
            <>
              <FormField control={control} name="date" id="booking-date" label="Date">
                <Input type="date" min={today} />
              </FormField>
              <DayPicker
                service={isServiceKey(service) ? service : undefined}
                value={date}
                onPick={(day) => setValue('date', day, { shouldValidate: true, shouldDirty: true, shouldTouch: true })}
                className="sm:col-span-2"
              />

              {dateUnavailable ? (
                <Alert className="sm:col-span-2" data-testid="booking-unavailable">
                  {UNAVAILABLE_DATE_TEXT}
                </Alert>
              ) : null}

              <FormField control={control} name="time" id="booking-time" label="Time" className="sm:col-span-2">
                {(field) => (
                  <Select value={field.value} onValueChange={field.onChange} name={field.name} disabled={dateUnavailable}>
                    <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                      <SelectValue placeholder="Select a time" />
                    </SelectTrigger>
                    <SelectContent>
                      {timeSlots.map((slot) => {
                        const available = slotOpen(slot);
                        return (
                          <SelectItem key={slot} value={slot} disabled={!available}>
                            {formatSlot(slot)}
                            {available ? '' : ' — fully booked'}
                          </SelectItem>
                        );
                      })}
                    </SelectContent>
                  </Select>
                )}
              </FormField>
            </>
          )}
          <FormField control={control} name="notes" id="booking-notes" label="Notes" optional className="sm:col-span-2">
            <Textarea rows={3} placeholder="Anything we should know — preferences, occasions, sensitivities." />
          </FormField>
          <div className="sm:col-span-2 [&>*:first-child]:mt-0">
            <PromoCodeField
              idPrefix="booking"
              applied={quoted?.promoCode ?? null}
              error={promoError}
              checking={quote.isFetching}
              onApply={setPromoCode}
              onRemove={() => setPromoCode(null)}
            />
            {quoted ? (
              <p className="mt-3 text-sm text-sand" data-testid="booking-promo-price">
                Price <span className="line-through decoration-gold/60">{formatMoney(toCents(quoted.price))}</span>{' '}
                <span className="text-gold-light">{formatMoney(toCents(quoted.total))}</span> with {quoted.promoCode} (
                {formatMoney(toCents(quoted.discount))} off)
              </p>
            ) : null}
          </div>
          {deposit !== null ? (
            <section
              aria-labelledby="booking-deposit-heading"
              className="grid gap-4 border border-gold/30 bg-gold/[0.04] p-5 sm:col-span-2"
            >
              <h3 id="booking-deposit-heading" className="font-display text-2xl text-ivory">
                Deposit: <span data-testid="booking-deposit-amount">{formatMoney(deposit)}</span>
              </h3>
              <p className="text-sm text-sand">Your card is saved securely with Stripe and charged only when we confirm your booking.</p>
              <p className="text-sm text-sand" data-testid="booking-cancellation-policy">
                {payments.data?.cancellationPolicy}
              </p>
              <div className="[&>*:first-child]:mt-0">
                <GiftCardField
                  idPrefix="booking"
                  appliedLastFour={giftCard?.lastFour ?? null}
                  error={giftCardError}
                  checking={checkGiftCard.isPending}
                  onApply={applyGiftCard}
                  onRemove={removeGiftCard}
                />
                {giftCard ? (
                  <p className="mt-3 text-sm text-sand" data-testid="booking-gift-card-balance">
                    Balance <span className="text-gold-light tabular-nums">{displayMoney(giftCard.balance)}</span>. It pays the deposit
                    first when you send this request; your card below is saved only for what it does not cover.
                  </p>
                ) : null}
              </div>
              <CardFields idPrefix="booking" fields={card} />
              {cardProblem ? <Alert data-testid="booking-card-problem">{cardProblem}</Alert> : null}
            </section>
          ) : null}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:col-span-2 sm:flex-row sm:items-center sm:justify-end">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" size="lg" disabled={busy || dateUnavailable || (deposit !== null && card.status !== 'ready')}>
              {busy ? 'Submitting...' : 'Request Booking'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** After a request a gift card paid (part of) the deposit: the server's figures, in words. */
function GiftCardConfirmation({ words, onDone }: { words: DepositPaidWords; onDone: () => void }) {
  // The form's button went away under the guest's focus: it moves to the words.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-6">
      <div
        role="status"
        className="border border-gold/40 bg-gold/[0.04] px-6 py-10 text-center sm:px-10"
        data-testid="booking-confirmation"
      >
        <p className="eyebrow">Thank you</p>
        <h3 ref={heading} tabIndex={-1} className="mt-4 font-display text-3xl text-ivory outline-none sm:text-4xl">
          Your request is received
        </h3>
        <span className="gold-rule mx-auto mt-5 bg-gold" />
        <p className="mt-6 text-gold-light" data-testid="booking-gift-card-paid">
          {words.giftCard}
        </p>
        <p className="mt-3 text-sand" data-testid="booking-card-charge">
          {words.card}
        </p>
        <p className="mt-3 text-sand">We&apos;ll contact you soon to confirm your appointment.</p>
      </div>
      <div className="flex flex-col sm:flex-row sm:justify-end">
        <Button size="lg" onClick={onDone}>
          See your booking
        </Button>
      </div>
    </div>
  );
}
