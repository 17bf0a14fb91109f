import { zodResolver } from '@hookform/resolvers/zod';
import { Clock } from 'lucide-react';
import { useEffect, useRef, useState, type Ref } from 'react';
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
import type { NewBooking, Service, ServiceKey, WaitlistOffer } from '@/lib/api/types';
import { useServices } from '@/lib/api/catalogue/get-services';
import { businessToday, isTodayOrLater } from '@/lib/dates';
import { displayMoney, formatMoney, formatPriceShort, toCents } from '@/lib/money';
import { formatStayRange, formatWeekdayShortDay, nightsBetween } from '@/lib/stay-dates';
import { useWaitlistOffer } from '@/lib/waitlist/waitlist';
import { heldUntilWords, placeWords } from '@/lib/waitlist/waitlist';
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
import { useScreening } from '../api/get-screening';
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
import { firstWish, type WaitlistFormValues } from '../waitlist-schema';
import type { ScreeningAnswers } from '../screening';
import { DayPicker } from './day-picker';
import { ScreeningQuestions } from './screening-questions';
import { StayPicker } from './stay-picker';
import { WaitlistForm } from './waitlist-form';

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
      // An open night of the Tiny Home (the quiz) is a one-night stay to begin with; a link may name its check-out.
      const presetCheckOut = presetService === 'accommodation' ? (presetMoment.checkOut ?? addDays(presetMoment.date, 1)) : '';
      setValue('checkOut', presetCheckOut, { shouldValidate: false });
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
   * A waitlist offer's link (issue 43, part 4) opens the dialog on the place
   * held for her: its token asks the availability to count that place as
   * open, and the request takes it, as long as she books that very place.
   */
  const offer = session > 0 && presetMoment?.offer ? presetMoment.offer : undefined;
  const heldOffer = useWaitlistOffer(offer);
  const offerPlace =
    offer && presetMoment && presetService
      ? {
          service: presetService,
          date: presetMoment.date,
          time: presetMoment.time,
          checkOut: presetService === 'accommodation' ? (presetMoment.checkOut ?? addDays(presetMoment.date, 1)) : '',
        }
      : undefined;
  // Asked with the offer's service only: for another, the token means nothing.
  const serviceOffer = offerPlace !== undefined && service === offerPlace.service ? offer : undefined;
  const takesOffer =
    offerPlace !== undefined &&
    service === offerPlace.service &&
    date === offerPlace.date &&
    (stay ? checkOut === offerPlace.checkOut : time === offerPlace.time);

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
  const availability = useAvailability(askableDate, isServiceKey(service) && !stay ? service : undefined, serviceOffer);
  const answer = askableDate ? availability.data : undefined;
  const dateUnavailable = answer?.available === false;
  const slotOpen = (slot: string) => answer?.slots?.find((s) => s.time === slot)?.available !== false;

  /*
   * The waitlist (issue 43, part 4): a day whose places are all taken (not a
   * closed one) may be waited for. The dialog offers it for the day chosen in
   * the form when the server says so, or for a full day (or taken nights)
   * pressed on the calendar; the waitlist's form then takes the dialog's place
   * until she joins or goes back.
   */
  const [pressed, setPressed] = useState<{ session: number; service: string; date: string; checkOut: string; wanted: Wanted } | null>(null);
  const pressedNow = pressed?.session === session && pressed.service === service && pressed.date === date && pressed.checkOut === checkOut;
  const wanted: Wanted | undefined =
    !stay && dateUnavailable && answer?.canWait === true ? { date } : pressedNow ? pressed.wanted : undefined;
  const press = (next: Wanted) => setPressed({ session, service, date, checkOut, wanted: next });
  const [waitlist, setWaitlist] = useState<{ session: number; initial: WaitlistFormValues } | null>(null);
  const waitlistShown = waitlist?.session === session ? waitlist : null;
  const inviteButton = useRef<HTMLButtonElement>(null);
  const serviceName =
    services.data?.find((candidate) => candidate.bookingKey === service)?.name ??
    bookingServices.find((choice) => choice.value === service)?.label ??
    '';
  const openWaitlist = () => {
    if (!wanted) return;
    const typed = form.getValues();
    const wish = firstWish(stay, { date: wanted.date, checkOut: wanted.checkOut, time: wanted.date === typed.date ? typed.time : '' });
    setWaitlist({
      session,
      initial: { firstName: typed.firstName, lastName: typed.lastName, email: typed.email, wishes: [wish] },
    });
  };
  const closeWaitlist = () => {
    setWaitlist(null);
    // Back where she pressed it.
    requestAnimationFrame(() => inviteButton.current?.focus());
  };

  /*
   * A few questions first (issue 45): the service's screening questions,
   * asked before her day and time. An answer that makes the service unwise
   * says why and offers the service that suits (or to go on anyway). Her
   * answers stay in the dialog, for this service and this opening: nothing
   * of them is sent, and nothing waits for them.
   */
  const screening = useScreening(isServiceKey(service) ? service : undefined);
  const screeningQuestions = screening.data ?? [];
  const screens = screeningQuestions.length > 0;
  const [screened, setScreened] = useState<{ session: number; service: string; answers: ScreeningAnswers; continued: boolean } | null>(
    null,
  );
  const screenedNow = screened?.session === session && screened.service === service ? screened : null;
  const nextStep = () => requestAnimationFrame(() => document.getElementById('booking-date')?.focus());
  const answerScreening = (id: string, value: string) =>
    setScreened({ session, service, answers: { ...screenedNow?.answers, [id]: value }, continued: false });
  const switchService = (key: ServiceKey) => {
    setValue('service', key, { shouldValidate: true, shouldDirty: true });
    nextStep();
  };
  const continueAnyway = () => {
    setScreened({ session, service, answers: screenedNow?.answers ?? {}, continued: true });
    nextStep();
  };
  const serviceNameOf = (key: ServiceKey) =>
    services.data?.find((candidate) => candidate.bookingKey === key)?.name ??
    bookingServices.find((choice) => choice.value === key)?.label ??
    key;

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
      // The place a waitlist offer holds for her, when this is that place.
      ...(takesOffer && offer ? { offerToken: offer } : {}),
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
      // The place held for her from the waitlist is no longer hers (the hold ended, or it went to the next guest).
      if (hasErrorCode(error, 'offer_not_held')) {
        void heldOffer.refetch();
        toast({
          title: 'Booking Failed',
          description: preferServerMessage(error, 'This time is no longer held for you.'),
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
        {waitlistShown && isServiceKey(service) ? (
          <WaitlistForm
            service={service}
            serviceName={serviceName}
            stay={stay}
            initial={waitlistShown.initial}
            onBack={closeWaitlist}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
        {/* Kept mounted (hidden) under the confirmation: the provider's card fields live in their frames. */}
        <form
          noValidate
          onSubmit={onSubmit}
          className={cn('grid gap-5 sm:grid-cols-2', (confirmation || waitlistShown) && 'hidden')}
          aria-label="Booking request"
        >
          <HoneypotField />
          {heldOffer.data ? <HeldOffer offer={heldOffer.data} chosen={takesOffer} /> : null}
          <FormField control={control} name="firstName" id="booking-first-name" label="First name">
            <Input autoComplete="given-name" />
          </FormField>
          <FormField control={control} name="lastName" id="booking-last-name" label="Last name">
            <Input autoComplete="family-name" />
          </FormField>
          <FormField control={control} name="email" id="booking-email" label="Email" className="sm:col-span-2">
            <Input type="email" autoComplete="email" />
          </FormField>
          <FormField
            control={control}
            name="service"
            id="booking-service"
            label="Service"
            className={cn((stay || screens) && 'sm:col-span-2')}
          >
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
          {screens ? (
            <ScreeningQuestions
              questions={screeningQuestions}
              answers={screenedNow?.answers ?? {}}
              onAnswer={answerScreening}
              continued={screenedNow?.continued ?? false}
              serviceName={serviceNameOf}
              onSwitch={switchService}
              onContinue={continueAnyway}
              className="sm:col-span-2"
            />
          ) : null}
          {stay ? (
            <>
              <StayPicker
                control={control}
                nightlyPrice={nightlyPrice}
                onWaitableStayPress={({ checkIn, checkOut: out }) => press({ date: checkIn, checkOut: out })}
                offer={serviceOffer}
                className="sm:col-span-2"
              />
              {wanted ? <WaitlistInvite wanted={wanted} buttonRef={inviteButton} onJoin={openWaitlist} /> : null}
            </>
          ) : (
            <>
              <FormField control={control} name="date" id="booking-date" label="Date" className={cn(screens && 'sm:col-span-2')}>
                <Input type="date" min={today} />
              </FormField>
              <DayPicker
                service={isServiceKey(service) ? service : undefined}
                value={date}
                onPick={(day) => setValue('date', day, { shouldValidate: true, shouldDirty: true, shouldTouch: true })}
                onWaitableDayPress={(day) => press({ date: day })}
                offer={serviceOffer}
                className="sm:col-span-2"
              />

              {dateUnavailable ? (
                <Alert className="sm:col-span-2" data-testid="booking-unavailable">
                  {UNAVAILABLE_DATE_TEXT}
                </Alert>
              ) : null}
              {wanted ? <WaitlistInvite wanted={wanted} buttonRef={inviteButton} onJoin={openWaitlist} /> : null}

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

/** The place a waitlist offer holds for her, and until when; or that the hold has ended. */
function HeldOffer({ offer, chosen }: { offer: WaitlistOffer; chosen: boolean }) {
  const held = offer.state === 'held';
  return (
    <p
      data-testid="offer-held"
      className={cn(
        'flex items-start gap-3 border px-4 py-3 text-sm sm:col-span-2',
        held ? 'border-gold/50 bg-gold/[0.08] text-ivory' : 'border-line bg-ink/30 text-sand',
      )}
    >
      <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-gold" strokeWidth={1.75} />
      <span>
        {held
          ? `${chosen ? (offer.checkOut ? 'This stay' : 'This time') : placeWords(offer)} is held for you until ${heldUntilWords(offer.heldUntil)}.`
          : `The hold on ${placeWords(offer)} has ended. If a place is still free, you may book it as usual.`}
      </span>
    </p>
  );
}

/** What she wanted and found taken: a treatment's day, or a stay's check-in and check-out. */
type Wanted = { date: string; checkOut?: string };

/** "Fri, Dec 4 is fully booked." / "The night of Fri, Dec 4 is taken." / "Dec 4 → Dec 7 · 3 nights: a night is taken." */
function wantedWords({ date, checkOut }: Wanted): string {
  if (!checkOut) return `${formatWeekdayShortDay(date)} is fully booked.`;
  if (nightsBetween(date, checkOut) === 1) return `The night of ${formatWeekdayShortDay(date)} is taken.`;
  return `${formatStayRange(date, checkOut)}: a night of it is taken.`;
}

/** Beside the "fully booked" reason: the waitlist, offered. */
function WaitlistInvite({ wanted, buttonRef, onJoin }: { wanted: Wanted; buttonRef: Ref<HTMLButtonElement>; onJoin: () => void }) {
  return (
    <div
      data-testid="waitlist-invite"
      className="flex flex-col gap-4 border border-gold/40 bg-gold/[0.05] px-5 py-4 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between"
    >
      <p role="status" className="text-sm text-sand">
        <span className="text-ivory">{wantedWords(wanted)}</span> We can write to you the moment a place opens.
      </p>
      <Button ref={buttonRef} variant="outline" size="sm" className="shrink-0" onClick={onJoin}>
        Tell me if it frees up
      </Button>
    </div>
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
