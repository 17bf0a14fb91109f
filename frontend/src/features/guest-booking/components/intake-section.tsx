import { Check, ClipboardList, LockKeyhole } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, type Control, type Path, type Resolver, type UseFormRegister } from 'react-hook-form';
import { useLocation } from 'react-router';
import { IntakeAnswerList } from '@/components/intake/intake-answer-list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';
import { site } from '@/config/site';
import { ApiError, hasErrorCode, preferServerMessage } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import {
  AGREED,
  ANSWER_MAX,
  NO,
  YES,
  type GuestIntake,
  type IntakeAnswers,
  type IntakeForm,
  type IntakeQuestion,
} from '@/lib/intake/intake';
import { useGuestIntake, useSubmitIntake } from '../api/guest-intake';
import { formatLocalDateTime, type GuestBooking } from '../booking-words';
import {
  answerKey,
  answerPath,
  controlId,
  focusProblem,
  initialValues,
  intakeProblems,
  serverProblems,
  SIGNATURE_ID,
  toFieldErrors,
  toIntakeInput,
  type IntakeValues,
} from '../intake-values';
import { hoursBeforeVisit, lockedWords, signedOn, signedWords } from '../intake-words';

/** The section's id: the booking mails link to it (`#intake`). */
export const INTAKE_ANCHOR = 'intake';

/**
 * "Before your visit" (issue 45): the intake or consent form of her
 * booking's service, on her booking's page; nothing when the service asks
 * none. She fills it in and signs it; coming back, she keeps her last
 * answers ("Nothing has changed") or updates them; it locks some hours
 * before the visit, after which she tells her therapist of any change.
 */
export function IntakeSection({ token, booking }: { token: string; booking: GuestBooking }) {
  const intake = useGuestIntake(token);
  const view = intake.data;
  // A cancelled visit asks nothing; a visit over shows only what she signed.
  if (!view?.form || booking.status === 'cancelled') return null;
  if (booking.status === 'completed' && !view.answers) return null;
  return <IntakeCard token={token} booking={booking} view={view} form={view.form} />;
}

type Mode = { editing: false } | { editing: true; from: IntakeAnswers | null; notice?: string };

function IntakeCard({ token, booking, view, form }: { token: string; booking: GuestBooking; view: GuestIntake; form: IntakeForm }) {
  const { answers, previous, locked } = view;
  const [mode, setMode] = useState<Mode>(() => (answers || previous || locked ? { editing: false } : { editing: true, from: null }));
  const [sent, setSent] = useState(false);
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  const editing = mode.editing && !locked;

  // A mail's link to `#intake`: the section arrives after the booking, so the browser could not scroll to it itself.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash !== `#${INTAKE_ANCHOR}`) return;
    section.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [hash]);
  // Sent: the words that say so take the focus (the form went away under it).
  // (Her kept answers may reach the page a moment after the word that they were sent.)
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent, answers]);

  const edit = (from: IntakeAnswers | null, notice?: string) => {
    setSent(false);
    setMode({ editing: true, from, notice });
  };
  const done = () => {
    setMode({ editing: false });
    setSent(true);
  };

  let body: ReactNode;
  if (locked) {
    body = <Locked booking={booking} answers={answers ?? null} locksAt={view.locksAt ?? null} />;
  } else if (editing) {
    body = (
      <IntakeQuestionsForm
        token={token}
        form={form}
        from={mode.from}
        notice={mode.notice}
        onCancel={answers || previous ? () => setMode({ editing: false }) : undefined}
        onSent={done}
      />
    );
  } else if (answers) {
    body = (
      <Signed
        answers={answers}
        locksAt={view.locksAt ?? null}
        booking={booking}
        sent={sent}
        thanks={thanks}
        onUpdate={() => edit(answers)}
      />
    );
  } else if (previous) {
    body = <Returning token={token} previous={previous} onUpdate={(notice) => edit(previous, notice)} onKept={done} />;
  }

  return (
    <section
      ref={section}
      id={INTAKE_ANCHOR}
      aria-labelledby="intake-heading"
      data-testid="guest-intake"
      className="relative isolate mt-10 scroll-mt-28 overflow-hidden border border-gold/30 bg-surface shadow-2xl shadow-black/40"
    >
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <div className="px-6 py-9 sm:px-10 sm:py-11">
        <p className="eyebrow">{form.title}</p>
        <h2 id="intake-heading" ref={heading} tabIndex={-1} className="mt-3 font-display text-4xl text-ivory outline-none sm:text-5xl">
          Before your visit
        </h2>
        <span className="gold-rule mt-7 bg-gold" />
        {form.introduction ? <p className="mt-7 max-w-2xl text-sand">{form.introduction}</p> : null}
        <p className="mt-4 flex items-start gap-3 text-sm text-muted">
          <LockKeyhole aria-hidden className="mt-0.5 size-4 shrink-0 text-gold" strokeWidth={1.5} />
          Your answers are kept apart from your booking, and never sent by mail.
        </p>
      </div>
      <div className="border-t border-line bg-ink/30 px-6 py-8 sm:px-10 sm:py-10">{body}</div>
    </section>
  );
}

/** Closed before the visit: what she signed, if anything, and to tell her therapist of a change. */
function Locked({ booking, answers, locksAt }: { booking: GuestBooking; answers: IntakeAnswers | null; locksAt: string | null }) {
  return (
    <div data-testid="intake-locked" className="grid gap-3">
      {answers ? (
        <p className="flex items-center gap-2 text-ivory" data-testid="intake-signed">
          <Check aria-hidden className="size-4 shrink-0 text-gold" strokeWidth={2} />
          {signedWords(answers)}
        </p>
      ) : null}
      {booking.status === 'completed' ? null : (
        <p className="text-sand">{lockedWords(locksAt ? hoursBeforeVisit(booking, locksAt) : null)}</p>
      )}
    </div>
  );
}

/** Signed for this visit: when and as whom, her answers on request, and changing them until the form locks. */
function Signed({
  answers,
  locksAt,
  booking,
  sent,
  thanks,
  onUpdate,
}: {
  answers: IntakeAnswers;
  locksAt: string | null;
  booking: GuestBooking;
  sent: boolean;
  thanks: React.RefObject<HTMLParagraphElement | null>;
  onUpdate: () => void;
}) {
  return (
    <div className="grid gap-6" data-testid="intake-done">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
        <div role="status">
          {sent ? (
            <p ref={thanks} tabIndex={-1} className="mb-2 font-display text-2xl text-gold-light outline-none" data-testid="intake-thanks">
              Thank you: your answers are with us.
            </p>
          ) : null}
          <p className="flex items-center gap-2 text-ivory" data-testid="intake-signed">
            <Check aria-hidden className="size-4 shrink-0 text-gold" strokeWidth={2} />
            {signedWords(answers)}
          </p>
          {locksAt ? (
            <p className="mt-1 text-sm text-sand">
              You can update your answers until{' '}
              <span className="text-ivory">{formatLocalDateTime(locksAt, booking.timeZoneAbbreviation)}</span>.
            </p>
          ) : null}
        </div>
        <Button variant="outline" className="shrink-0" onClick={onUpdate}>
          Update my answers
        </Button>
      </div>
      <details className="group border-t border-line/70 pt-5">
        <summary className="cursor-pointer list-none text-xs font-medium uppercase tracking-wide-2 text-gold transition-colors hover:text-gold-light focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-gold-light [&::-webkit-details-marker]:hidden">
          <span className="group-open:hidden">Show my answers</span>
          <span className="hidden group-open:inline">Hide my answers</span>
        </summary>
        <IntakeAnswerList form={answers.form} answers={answers.answers} className="mt-4" />
      </details>
    </div>
  );
}

/** Her answers from an earlier visit: kept as they are with one press, or updated. */
function Returning({
  token,
  previous,
  onUpdate,
  onKept,
}: {
  token: string;
  previous: IntakeAnswers;
  onUpdate: (notice?: string) => void;
  onKept: () => void;
}) {
  const submit = useSubmitIntake(token);
  const [problem, setProblem] = useState<string | null>(null);
  const keep = () => {
    setProblem(null);
    submit.mutate(
      { unchanged: true },
      {
        onSuccess: onKept,
        onError: (error) => {
          // The form changed since: she looks her answers over in the form as it is now.
          if (hasErrorCode(error, 'conflict')) {
            onUpdate(preferServerMessage(error, 'The form has changed since your last visit: please look over your answers.'));
          } else if (!hasErrorCode(error, 'intake_locked')) {
            setProblem(preferServerMessage(error, `Your answer did not reach us. Please try again, or call us at ${site.phone}.`));
          }
        },
      },
    );
  };
  return (
    <div className="grid gap-6" data-testid="intake-returning">
      <div>
        <h3 className="flex items-center gap-2 text-xs uppercase tracking-luxe text-muted">
          <ClipboardList aria-hidden className="size-4 text-gold" strokeWidth={1.5} />
          Welcome back
        </h3>
        <p className="mt-2 text-sand">These are your answers from your last visit, {signedOn(previous)}. Has anything changed since?</p>
      </div>
      <IntakeAnswerList form={previous.form} answers={previous.answers} />
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" size="lg" onClick={() => onUpdate()} disabled={submit.isPending}>
          Update my answers
        </Button>
        <Button size="lg" onClick={keep} disabled={submit.isPending}>
          {submit.isPending ? 'Sending…' : 'Nothing has changed'}
        </Button>
      </div>
    </div>
  );
}

/** Checks the form as the server does, every answer at once. */
const resolverFor =
  (form: IntakeForm): Resolver<IntakeValues> =>
  async (values) => {
    const problems = intakeProblems(form, values);
    return problems.length === 0 ? { values, errors: {} } : { values: {}, errors: toFieldErrors(problems) };
  };

function IntakeQuestionsForm({
  token,
  form,
  from,
  notice,
  onCancel,
  onSent,
}: {
  token: string;
  form: IntakeForm;
  from: IntakeAnswers | null;
  notice?: string;
  onCancel?: () => void;
  onSent: () => void;
}) {
  const submit = useSubmitIntake(token);
  const { control, handleSubmit, register, setError, getValues, formState } = useForm<IntakeValues>({
    defaultValues: initialValues(form, from),
    resolver: resolverFor(form),
    // The first question that needs another look takes the focus (below), a group of choices included.
    shouldFocusError: false,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const consent = form.questions.find((question) => question.kind === 'consent');
  const asked = form.questions.filter((question) => question.kind !== 'consent');

  // Opened to update (or to look over after a change of the form): her first answer is at hand.
  const first = useRef(true);
  useEffect(() => {
    if (!first.current) return;
    first.current = false;
    if (from && form.questions[0]) focusProblem({ path: '', focus: controlId(form.questions[0].id), message: '' });
  }, [from, form]);

  const onSubmit = handleSubmit(
    (values) => {
      setProblem(null);
      submit.mutate(toIntakeInput(form, values), {
        onSuccess: onSent,
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
            const { placed, elsewhere } = serverProblems(form, error.fieldErrors);
            for (const each of placed) setError(each.path as Path<IntakeValues>, { message: each.message });
            focusProblem(placed[0]);
            if (elsewhere.length > 0) setProblem(elsewhere.join(' '));
            return;
          }
          // Locked meanwhile: the section turns to say so (the form is asked again).
          if (hasErrorCode(error, 'intake_locked')) return;
          setProblem(
            preferServerMessage(error, `Your answers did not reach us. Please try again in a moment, or call us at ${site.phone}.`),
          );
        },
      });
    },
    () => focusProblem(intakeProblems(form, getValues())[0]),
  );

  const errorOf = (id: string) => formState.errors.answers?.[answerKey(id)]?.value?.message;

  return (
    <form noValidate onSubmit={onSubmit} aria-label={form.title} className="grid gap-9" data-testid="intake-form">
      {notice ? (
        <p role="status" className="border border-gold/50 bg-gold/[0.06] px-4 py-3 text-sm text-ivory">
          {notice}
        </p>
      ) : null}
      <ol className="grid gap-9">
        {asked.map((question, index) => (
          <li key={question.id} data-testid="intake-question">
            <Question question={question} number={index + 1} control={control} register={register} error={errorOf(question.id)} />
          </li>
        ))}
      </ol>
      {consent ? (
        <fieldset className="grid gap-5 border border-gold/40 bg-gold/[0.05] p-5 sm:p-7" data-testid="intake-consent">
          <legend className="float-left mb-1 w-full text-xs font-medium uppercase tracking-luxe text-gold">Your consent</legend>
          <p className="clear-both font-display text-xl leading-snug text-ivory sm:text-2xl">{consent.prompt}</p>
          <Controller
            control={control}
            name={answerPath(consent.id)}
            render={({ field, fieldState }) => (
              <div>
                <div className="flex items-center gap-3">
                  <Checkbox
                    id={controlId(consent.id)}
                    ref={field.ref}
                    checked={field.value === AGREED}
                    onCheckedChange={(on) => field.onChange(on === true ? AGREED : '')}
                    onBlur={field.onBlur}
                    aria-invalid={fieldState.error ? true : undefined}
                    aria-describedby={fieldState.error ? `${controlId(consent.id)}-error` : undefined}
                  />
                  <label htmlFor={controlId(consent.id)} className="cursor-pointer text-ivory">
                    I agree
                  </label>
                </div>
                {fieldState.error ? (
                  <p id={`${controlId(consent.id)}-error`} role="alert" className="mt-2 text-sm text-danger">
                    {fieldState.error.message}
                  </p>
                ) : null}
              </div>
            )}
          />
          <FormField control={control} name="signature" id={SIGNATURE_ID} label="Type your full name to sign" className="sm:max-w-md">
            <Input autoComplete="name" maxLength={120} className="font-display text-xl italic" />
          </FormField>
        </fieldset>
      ) : null}
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={submit.isPending}>
            Keep my answers as they were
          </Button>
        ) : null}
        <Button type="submit" size="lg" disabled={submit.isPending}>
          {submit.isPending ? 'Sending…' : consent ? 'Sign and send' : 'Send my answers'}
        </Button>
      </div>
    </form>
  );
}

type QuestionProps = {
  question: IntakeQuestion;
  number: number;
  control: Control<IntakeValues>;
  register: UseFormRegister<IntakeValues>;
  error: string | undefined;
};

/** The prompt, numbered, as a guest reads it; "(optional)" where an answer is not needed. */
function Prompt({ question, number, id, htmlFor }: { question: IntakeQuestion; number: number; id: string; htmlFor?: string }) {
  const Tag = htmlFor ? 'label' : 'p';
  return (
    <Tag id={id} htmlFor={htmlFor} className="flex gap-3 text-lg leading-snug text-ivory">
      <span aria-hidden className="w-6 shrink-0 pt-0.5 font-display text-xl leading-none text-gold tabular-nums">
        {number}
      </span>
      <span>
        {question.prompt}
        {question.required ? null : (
          <>
            {' '}
            <span className="ml-1 text-sm text-muted">(optional)</span>
          </>
        )}
      </span>
    </Tag>
  );
}

function QuestionError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} role="alert" className="mt-3 text-sm text-danger sm:pl-9">
      {message}
    </p>
  );
}

function Question({ question, number, control, register, error }: QuestionProps) {
  const id = controlId(question.id);
  const promptId = `${id}-prompt`;
  if (question.kind === 'text') {
    return (
      <div>
        <Prompt question={question} number={number} id={promptId} htmlFor={id} />
        <div className="mt-3 sm:pl-9">
          <Textarea
            id={id}
            rows={3}
            maxLength={ANSWER_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...register(answerPath(question.id))}
          />
        </div>
        <QuestionError id={id} message={error} />
      </div>
    );
  }
  const choices = question.kind === 'yes_no' ? [YES, NO] : (question.options ?? []);
  return (
    <Controller
      control={control}
      name={answerPath(question.id)}
      render={({ field }) => (
        <div>
          <Prompt question={question} number={number} id={promptId} />
          <RadioGroup
            id={id}
            aria-labelledby={promptId}
            aria-describedby={error ? `${id}-error` : undefined}
            aria-invalid={error ? true : undefined}
            aria-required={question.required ? true : undefined}
            value={field.value}
            onValueChange={field.onChange}
            className={cn(
              'mt-3 sm:pl-9',
              question.kind === 'yes_no' ? 'max-w-xs grid-cols-2 sm:max-w-[calc(18rem+2.25rem)]' : 'sm:grid-cols-2',
            )}
          >
            {choices.map((choice) => (
              <RadioTile
                key={choice}
                value={choice}
                aria-invalid={error ? true : undefined}
                className={cn('h-auto! min-h-12 py-2.5', question.kind === 'choice' && 'justify-start px-4 text-left')}
              >
                {question.kind === 'yes_no' ? (choice === YES ? 'Yes' : 'No') : choice}
              </RadioTile>
            ))}
          </RadioGroup>
          <QuestionError id={id} message={error} />
          {question.kind === 'yes_no' && question.followUp && field.value === YES ? (
            <FormField
              control={control}
              name={`answers.${answerKey(question.id)}.followUp`}
              id={`${id}-follow-up`}
              label={question.followUp}
              optional
              className="mt-5 animate-fade-in sm:pl-9"
            >
              <Textarea rows={2} maxLength={ANSWER_MAX} className="min-h-20!" />
            </FormField>
          ) : null}
        </div>
      )}
    />
  );
}
