import { zodResolver } from '@hookform/resolvers/zod';
import { Check, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, type Control, type Path } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatSlot, stayRules, timeSlots } from '@/config/site';
import { ApiError, preferServerMessage } from '@/lib/api/errors';
import type { ServiceKey, WaitlistWish } from '@/lib/api/types';
import { businessToday } from '@/lib/dates';
import { honeypotValue } from '@/lib/honeypot';
import { wishWords } from '@/lib/waitlist/waitlist';
import { useJoinWaitlist } from '../api/join-waitlist';
import {
  emptyWish,
  MAX_WISH_DAYS,
  MAX_WISHES,
  toWaitlistRequest,
  waitlistFormField,
  waitlistSchema,
  wishLegend,
  type WaitlistFormValues,
} from '../waitlist-schema';

/** The time select's value for "any time" (a select's item cannot have an empty value). */
const ANY_TIME = 'any';

type Props = {
  service: ServiceKey;
  /** "Massage Therapy", as the service's record names it. */
  serviceName: string;
  stay: boolean;
  /** Her name and address as typed into the booking form, and the first wish from what she chose there. */
  initial: WaitlistFormValues;
  /** Back to the booking form (nothing sent). */
  onBack: () => void;
  /** She has joined and read it: the dialog closes. */
  onDone: () => void;
};

/**
 * The waitlist, inside the booking dialog (issue 43, part 4): shown in place
 * of the booking form when the day (or the nights) she wants are taken. Up
 * to three wishes, her name and address; once on the list she is told so,
 * and mailed a link to leave it.
 */
export function WaitlistForm({ service, serviceName, stay, initial, onBack, onDone }: Props) {
  const [joined, setJoined] = useState<WaitlistWish[] | null>(null);
  if (joined) return <OnTheWaitlist serviceName={serviceName} stay={stay} wishes={joined} onDone={onDone} />;
  return <WaitlistRequest service={service} serviceName={serviceName} stay={stay} initial={initial} onBack={onBack} onJoined={setJoined} />;
}

function WaitlistRequest({
  service,
  serviceName,
  stay,
  initial,
  onBack,
  onJoined,
}: Omit<Props, 'onDone'> & { onJoined: (wishes: WaitlistWish[]) => void }) {
  const { control, handleSubmit, setError, formState } = useForm<WaitlistFormValues>({
    resolver: zodResolver(waitlistSchema(stay)),
    defaultValues: initial,
  });
  const wishes = useFieldArray({ control, name: 'wishes' });
  const join = useJoinWaitlist();
  const [problem, setProblem] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The booking form went away under her focus: it moves to this form's heading.
  useEffect(() => heading.current?.focus(), []);

  const onSubmit = handleSubmit(async (values, event) => {
    setProblem(null);
    try {
      const answer = await join.mutateAsync(toWaitlistRequest(values, service, stay, honeypotValue(event)));
      onJoined(answer.wishes);
    } catch (error) {
      // Each field's message beside it (the first focused); one about the list as a whole above the buttons.
      let placed = false;
      const elsewhere: string[] = [];
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          const name = waitlistFormField(field);
          if (name === null) {
            elsewhere.push(message);
            continue;
          }
          setError(name as Path<WaitlistFormValues>, { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (elsewhere.length > 0) setProblem(elsewhere.join(' '));
      else if (!placed)
        setProblem(preferServerMessage(error, 'We could not add you to the waitlist just now. Please try again in a moment.'));
    }
  });

  const busy = formState.isSubmitting || join.isPending;
  return (
    <section aria-labelledby="waitlist-heading" data-testid="waitlist-form">
      <p className="eyebrow">The waitlist</p>
      <h3 id="waitlist-heading" ref={heading} tabIndex={-1} className="mt-3 font-display text-3xl text-ivory outline-none">
        Tell me if it frees up
      </h3>
      <span className="gold-rule mt-5 bg-gold" />
      <p className="mt-5 text-sand">
        {serviceName}: tell us when you could come, in up to three ranges of dates. The moment a place opens we write to you, and hold it
        for you for a while before anyone else may take it.
      </p>
      <form noValidate onSubmit={onSubmit} aria-label="Join the waitlist" className="mt-7 grid gap-5 sm:grid-cols-2">
        <HoneypotField />
        {wishes.fields.map((wish, index) => (
          <fieldset key={wish.id} className="relative min-w-0 border border-gold/30 bg-ink/30 p-4 sm:col-span-2 sm:p-5">
            <legend className="float-left mb-4 w-full pr-28 text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">
              {wishLegend(index)}
            </legend>
            {index > 0 ? (
              <Button
                variant="ghost"
                size="sm"
                className="absolute right-2 top-2 h-8 px-2 text-[0.65rem] hover:text-danger sm:right-3 sm:top-3"
                aria-label={`Remove ${wishLegend(index).toLowerCase()}`}
                onClick={() => {
                  wishes.remove(index);
                  // Its button is gone: focus goes on to adding one again.
                  requestAnimationFrame(() => addButton.current?.focus());
                }}
              >
                <X aria-hidden className="size-3.5" />
                Remove
              </Button>
            ) : null}
            <div className="clear-both grid gap-4 sm:grid-cols-2">
              <WishFields control={control} index={index} stay={stay} />
            </div>
          </fieldset>
        ))}
        {wishes.fields.length < MAX_WISHES ? (
          <div className="sm:col-span-2">
            <Button
              ref={addButton}
              variant="subtle"
              size="sm"
              onClick={() =>
                wishes.append(emptyWish, {
                  shouldFocus: true,
                  focusName: `wishes.${wishes.fields.length}.from` as Path<WaitlistFormValues>,
                })
              }
            >
              Add another range
            </Button>
          </div>
        ) : null}
        <FormField control={control} name="firstName" id="waitlist-first-name" label="First name">
          <Input autoComplete="given-name" />
        </FormField>
        <FormField control={control} name="lastName" id="waitlist-last-name" label="Last name">
          <Input autoComplete="family-name" />
        </FormField>
        <FormField
          control={control}
          name="email"
          id="waitlist-email"
          label="Email"
          hint="Where we write when a place opens, with a link to leave the list whenever you like."
          className="sm:col-span-2"
        >
          <Input type="email" autoComplete="email" />
        </FormField>
        {problem ? (
          <Alert className="sm:col-span-2" data-testid="waitlist-problem">
            {problem}
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:col-span-2 sm:flex-row sm:items-center sm:justify-end">
          <Button variant="ghost" onClick={onBack}>
            Back to booking
          </Button>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Joining...' : 'Join the waitlist'}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** A wish's days (and, for a treatment, its time). */
function WishFields({ control, index, stay }: { control: Control<WaitlistFormValues>; index: number; stay: boolean }) {
  const today = businessToday();
  const id = `waitlist-wish-${index}`;
  if (stay) {
    return (
      <>
        <FormField control={control} name={`wishes.${index}.from`} id={`${id}-from`} label="Check-in">
          <Input type="date" min={today} />
        </FormField>
        <FormField
          control={control}
          name={`wishes.${index}.to`}
          id={`${id}-to`}
          label="Check-out"
          hint={`${stayRules.minNights} to ${stayRules.maxNights} nights; a shorter stay within them may be offered too.`}
        >
          <Input type="date" min={today} />
        </FormField>
      </>
    );
  }
  return (
    <>
      <FormField control={control} name={`wishes.${index}.from`} id={`${id}-from`} label="From">
        <Input type="date" min={today} />
      </FormField>
      <FormField control={control} name={`wishes.${index}.to`} id={`${id}-to`} label="To" hint={`Up to ${MAX_WISH_DAYS} days.`}>
        <Input type="date" min={today} />
      </FormField>
      <FormField control={control} name={`wishes.${index}.time`} id={`${id}-time`} label="Time" className="sm:col-span-2">
        {(field) => (
          <Select value={field.value === '' ? ANY_TIME : field.value} onValueChange={(v) => field.onChange(v === ANY_TIME ? '' : v)}>
            <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY_TIME}>Any time</SelectItem>
              {timeSlots.map((slot) => (
                <SelectItem key={slot} value={slot}>
                  {formatSlot(slot)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
    </>
  );
}

/** Joined: what she asked for, and what happens next. */
function OnTheWaitlist({
  serviceName,
  stay,
  wishes,
  onDone,
}: {
  serviceName: string;
  stay: boolean;
  wishes: WaitlistWish[];
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that was pressed is gone: focus (and a screen reader) goes to the outcome.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-6">
      <div role="status" className="border border-gold/40 bg-gold/[0.04] px-6 py-10 text-center sm:px-10" data-testid="waitlist-joined">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full border border-gold/60 text-gold">
          <Check aria-hidden className="size-5" strokeWidth={1.5} />
        </span>
        <h3 ref={heading} tabIndex={-1} className="mt-6 font-display text-3xl text-ivory outline-none sm:text-4xl">
          You are on the waitlist
        </h3>
        <span className="gold-rule mx-auto mt-5 bg-gold" />
        <p className="mx-auto mt-6 max-w-md text-sand">
          We will write to you the moment a place opens; it will be held for you for a while.
        </p>
        <div className="mx-auto mt-6 max-w-md text-left">
          <p className="text-[0.7rem] font-medium uppercase tracking-wide-2 text-muted">{serviceName}</p>
          <ul className="mt-2 grid gap-2" aria-label="Your wishes">
            {wishes.map((wish, index) => (
              <li key={index} className="border border-line/70 bg-ink/30 px-4 py-2.5 text-ivory">
                {wishWords(wish, stay)}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="flex flex-col sm:flex-row sm:justify-end">
        <Button size="lg" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
