import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useFormState, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError } from '@/lib/api/errors';
import type { ServiceKey } from '@/lib/api/types';
import { prefillLabels, type IntakeForm, type IntakeQuestionKind } from '@/lib/intake/intake';
import { useReturnFocus } from '@/lib/use-return-focus';
import { notifyError } from '../../shared/notify';
import { FormActions, IconAction } from '../../shared/ui';
import { useSaveIntakeForm } from '../api/intake';
import {
  flagChoices,
  formToValues,
  INTRODUCTION_MAX,
  intakeFormSchema,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  newQuestion,
  NONE,
  PROMPT_MAX,
  serverFormProblems,
  valuesToInput,
  type FormProblems,
  type IntakeFormValues,
} from '../intake-form-schema';

type ServiceChoice = { value: ServiceKey; label: string };

type Props = {
  service: ServiceChoice;
  /** The service's form as saved; none for a new one. */
  form: IntakeForm | undefined;
  /** The services a "not advised" answer may suggest instead. */
  services: readonly ServiceChoice[];
  onOpenChange: (open: boolean) => void;
};

const kindChoices: { value: IntakeQuestionKind; label: string }[] = [
  { value: 'yes_no', label: 'Yes or no, with a follow-up' },
  { value: 'choice', label: 'Choice' },
  { value: 'text', label: 'Short text' },
  { value: 'consent', label: 'Consent, signed with her name' },
];

/**
 * The owner's editor of a service's intake form (docs/decisions.md §22):
 * its title and introduction, and its questions, added, removed and put in
 * order, each with its kind, words, whether it must be answered, a follow-up
 * after a yes, a choice's options, the answers that need review or make the
 * service unwise (with what she is told and the service that suits), and a
 * choice filled from her quiz. Each save is a new version.
 */
export function IntakeFormDialog({ service, form, services, onOpenChange }: Props) {
  const { onCloseAutoFocus } = useReturnFocus(true);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent size="xl" onCloseAutoFocus={onCloseAutoFocus} data-testid="intake-form-dialog">
        <DialogHeader>
          <p className="eyebrow mb-3">{service.label}</p>
          <DialogTitle>{form ? 'Edit the intake form' : 'A new intake form'}</DialogTitle>
          <DialogDescription>
            Guests fill it in and sign it on their booking’s page before the visit. Each save is a new version: answers already signed keep
            the form they answered.
          </DialogDescription>
        </DialogHeader>
        <IntakeFormEditor service={service} form={form} services={services} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function IntakeFormEditor({ service, form, services, onDone }: Omit<Props, 'onOpenChange'> & { onDone: () => void }) {
  const save = useSaveIntakeForm();
  const { control, handleSubmit, setError, setValue, getValues } = useForm<IntakeFormValues>({
    resolver: zodResolver(intakeFormSchema),
    defaultValues: formToValues(form, service.label),
  });
  const questions = useFieldArray({ control, name: 'questions' });
  // The server's word on the questions: as a whole, and per question (by its place when it was sent).
  const [problems, setProblems] = useState<FormProblems>({ byQuestion: {} });
  const addButton = useRef<HTMLButtonElement>(null);
  const suggestions = services.filter((choice) => choice.value !== service.value);

  // A question moved, added or removed: a problem the server placed by number no longer points at it.
  const reshaped = () => setProblems({ byQuestion: {} });

  const onSubmit = handleSubmit((values) => {
    setProblems({ byQuestion: {} });
    save.mutate(
      { service: service.value, body: valuesToInput(values) },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!(error instanceof ApiError) || Object.keys(error.fieldErrors).length === 0) {
            notifyError(error, 'The form could not be saved');
            return;
          }
          const found = serverFormProblems(error.fieldErrors);
          if (found.title) setError('title', { message: found.title }, { shouldFocus: true });
          if (found.introduction) setError('introduction', { message: found.introduction }, { shouldFocus: !found.title });
          setProblems(found);
          // The first question the server named is brought to her eye and hand.
          const first = Object.keys(found.byQuestion)
            .map(Number)
            .sort((a, b) => a - b)[0];
          if (!found.title && !found.introduction) {
            requestAnimationFrame(() => {
              const target =
                first !== undefined
                  ? document.getElementById(`intake-question-${first}`)
                  : found.questions
                    ? document.getElementById('intake-questions-problem')
                    : null;
              target?.scrollIntoView?.({ block: 'center' });
              target?.focus({ preventScroll: true });
            });
          }
        },
      },
    );
  });

  const add = () => {
    const all = getValues('questions');
    // Before a consent: it stays last.
    const at = all[all.length - 1]?.kind === 'consent' ? all.length - 1 : all.length;
    questions.insert(at, newQuestion(all.map((question) => question.id)), { focusName: `questions.${at}.prompt` });
    reshaped();
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={`Intake form: ${service.label}`} className="grid gap-6">
      <div className="grid gap-5">
        <FormField control={control} name="title" id="intake-form-title" label="Title">
          <Input maxLength={PROMPT_MAX} />
        </FormField>
        <FormField
          control={control}
          name="introduction"
          id="intake-form-introduction"
          label="Introduction"
          optional
          hint="Above the questions: why they are asked, and who reads the answers."
        >
          <Textarea rows={3} maxLength={INTRODUCTION_MAX} />
        </FormField>
      </div>

      <div className="flex items-baseline justify-between gap-4 border-b border-line/70 pb-3">
        <h3 className="font-display text-2xl text-ivory">Questions</h3>
        <p className="text-sm text-muted">
          {questions.fields.length} of {MAX_QUESTIONS}
        </p>
      </div>
      {problems.questions ? (
        <div id="intake-questions-problem" tabIndex={-1} className="outline-none">
          <Alert>{problems.questions}</Alert>
        </div>
      ) : null}
      <QuestionsProblem control={control} />
      <ol className="grid gap-5">
        {questions.fields.map((field, index) => (
          <li key={field.id}>
            <QuestionEditor
              control={control}
              setValue={setValue}
              index={index}
              count={questions.fields.length}
              problem={problems.byQuestion[index]}
              suggestions={suggestions}
              onMove={(to) => {
                questions.move(index, to);
                reshaped();
                requestAnimationFrame(() => document.getElementById(`intake-question-${to}-${to < index ? 'up' : 'down'}`)?.focus());
              }}
              onRemove={() => {
                questions.remove(index);
                reshaped();
                requestAnimationFrame(() => addButton.current?.focus());
              }}
            />
          </li>
        ))}
      </ol>
      {questions.fields.length < MAX_QUESTIONS ? (
        <div>
          <Button ref={addButton} variant="subtle" size="sm" onClick={add}>
            <Plus aria-hidden className="size-4" />
            Add a question
          </Button>
        </div>
      ) : null}
      {/* In a div: the actions' own grid span would add a column to this form's grid. */}
      <div>
        <FormActions busy={save.isPending} submitLabel="Save the form" onCancel={onDone} />
      </div>
    </form>
  );
}

/** The browser's word on the questions as a whole (none, or more than 30). */
function QuestionsProblem({ control }: { control: Control<IntakeFormValues> }) {
  const { errors } = useFormState({ control, name: 'questions' });
  const message = errors.questions?.message ?? errors.questions?.root?.message;
  return message ? <Alert>{message}</Alert> : null;
}

type QuestionEditorProps = {
  control: Control<IntakeFormValues>;
  setValue: UseFormSetValue<IntakeFormValues>;
  index: number;
  count: number;
  problem: string | undefined;
  suggestions: readonly ServiceChoice[];
  onMove: (to: number) => void;
  onRemove: () => void;
};

/** One question's card: its kind and words, and what belongs to its kind. */
function QuestionEditor({ control, setValue, index, count, problem, suggestions, onMove, onRemove }: QuestionEditorProps) {
  const path = `questions.${index}` as const;
  const [kind, options, reviewWhen, unwiseWhen] = useWatch({
    control,
    name: [`${path}.kind`, `${path}.options`, `${path}.reviewWhen`, `${path}.unwiseWhen`],
  });
  const number = index + 1;
  const answers = flagChoices(kind, options);
  const flags = kind === 'yes_no' || kind === 'choice';

  const changeKind = (next: IntakeQuestionKind, onChange: (value: IntakeQuestionKind) => void) => {
    onChange(next);
    if (next === 'choice' && options.length < 2) setValue(`${path}.options`, [{ text: '' }, { text: '' }]);
    if (next === 'consent') setValue(`${path}.required`, true);
    // A flag that names an answer the new kind cannot have goes.
    const possible = flagChoices(next, next === 'choice' ? options : []).map((choice) => choice.value);
    if (reviewWhen !== NONE && !possible.includes(reviewWhen)) setValue(`${path}.reviewWhen`, NONE);
    if (unwiseWhen !== NONE && !possible.includes(unwiseWhen)) setValue(`${path}.unwiseWhen`, NONE);
  };

  return (
    <fieldset
      id={`intake-question-${index}`}
      tabIndex={-1}
      data-testid="intake-question-editor"
      className="relative min-w-0 border border-gold/30 bg-ink/30 p-4 outline-none focus-visible:border-gold sm:p-5"
    >
      <legend className="float-left mb-4 flex w-full items-center justify-between gap-3">
        <span className="text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">Question {number}</span>
        <span className="flex items-center">
          <IconAction
            id={`intake-question-${index}-up`}
            label={`Move question ${number} up`}
            hint="Move up"
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <ArrowUp aria-hidden className="size-4" />
          </IconAction>
          <IconAction
            id={`intake-question-${index}-down`}
            label={`Move question ${number} down`}
            hint="Move down"
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <ArrowDown aria-hidden className="size-4" />
          </IconAction>
          <IconAction label={`Remove question ${number}`} hint="Remove" tone="danger" disabled={count === 1} onClick={onRemove}>
            <Trash2 aria-hidden className="size-4" />
          </IconAction>
        </span>
      </legend>
      <div className="clear-both grid gap-4 md:grid-cols-2">
        {problem ? (
          <p role="alert" className="text-sm text-danger md:col-span-2" data-testid="intake-question-problem">
            {problem}
          </p>
        ) : null}
        <FormField control={control} name={`${path}.kind`} id={`intake-q${index}-kind`} label="Kind">
          {(field) => (
            <Select value={field.value} onValueChange={(next) => changeKind(next as IntakeQuestionKind, field.onChange)} name={field.name}>
              <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {kindChoices.map((choice) => (
                  <SelectItem key={choice.value} value={choice.value}>
                    {choice.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        {kind === 'consent' ? (
          <p className="self-end pb-3 text-sm text-sand">Always answered: she ticks “I agree” and types her full name to sign.</p>
        ) : (
          <Controller
            control={control}
            name={`${path}.required`}
            render={({ field }) => (
              <div className="flex items-center gap-3 self-end pb-3">
                <Checkbox
                  id={`intake-q${index}-required`}
                  ref={field.ref}
                  checked={field.value}
                  onCheckedChange={(on) => field.onChange(on === true)}
                  onBlur={field.onBlur}
                />
                <label htmlFor={`intake-q${index}-required`} className="cursor-pointer text-ivory">
                  Must be answered
                </label>
              </div>
            )}
          />
        )}
        <FormField
          control={control}
          name={`${path}.prompt`}
          id={`intake-q${index}-prompt`}
          label={kind === 'consent' ? 'The statement she signs' : 'Question'}
          className="md:col-span-2"
        >
          <Textarea rows={kind === 'consent' ? 4 : 2} maxLength={PROMPT_MAX} className="min-h-20!" />
        </FormField>
        {kind === 'yes_no' ? (
          <FormField
            control={control}
            name={`${path}.followUp`}
            id={`intake-q${index}-follow-up`}
            label="Follow-up, asked after a yes"
            optional
            className="md:col-span-2"
          >
            <Input maxLength={PROMPT_MAX} placeholder="How many weeks?" />
          </FormField>
        ) : null}
        {kind === 'choice' ? <OptionsEditor control={control} index={index} /> : null}
        {flags ? (
          <>
            <FlagSelect
              control={control}
              name={`${path}.reviewWhen`}
              id={`intake-q${index}-review`}
              label="Needs review when"
              hint="The team sees “needs review” on the booking."
              answers={answers}
            />
            <FlagSelect
              control={control}
              name={`${path}.unwiseWhen`}
              id={`intake-q${index}-unwise`}
              label="Not advised when"
              hint="Asked before she picks a time: she is told why, and offered the service you suggest."
              answers={answers}
            />
            {unwiseWhen !== NONE ? (
              <>
                <FormField
                  control={control}
                  name={`${path}.unwiseReason`}
                  id={`intake-q${index}-unwise-reason`}
                  label="What she is told"
                  className="md:col-span-2"
                >
                  <Textarea rows={2} maxLength={PROMPT_MAX} className="min-h-20!" />
                </FormField>
                <FormField control={control} name={`${path}.unwiseSuggest`} id={`intake-q${index}-unwise-suggest`} label="Suggest instead">
                  {(field) => (
                    <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                      <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NONE}>No other service</SelectItem>
                        {suggestions.map((choice) => (
                          <SelectItem key={choice.value} value={choice.value}>
                            {choice.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                </FormField>
              </>
            ) : null}
          </>
        ) : null}
        {kind === 'choice' ? (
          <FormField
            control={control}
            name={`${path}.prefill`}
            id={`intake-q${index}-prefill`}
            label="Filled in from her quiz"
            hint="When her quiz answer matches an option, it is chosen for her."
          >
            {(field) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>Not from the quiz</SelectItem>
                  {Object.entries(prefillLabels).map(([value, label]) => (
                    <SelectItem key={value} value={value}>
                      {label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        ) : null}
      </div>
    </fieldset>
  );
}

/** A flag's select: no answer, or one the question can have. */
function FlagSelect({
  control,
  name,
  id,
  label,
  hint,
  answers,
}: {
  control: Control<IntakeFormValues>;
  name: `questions.${number}.reviewWhen` | `questions.${number}.unwiseWhen`;
  id: string;
  label: string;
  hint: string;
  answers: { value: string; label: string }[];
}) {
  return (
    <FormField control={control} name={name} id={id} label={label} hint={hint}>
      {(field) => (
        <Select value={field.value} onValueChange={field.onChange} name={field.name}>
          <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
            <SelectValue placeholder="Never" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>Never</SelectItem>
            {answers.map((answer) => (
              <SelectItem key={answer.value} value={answer.value}>
                The answer is “{answer.label}”
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}

/** A choice's options, 2 to 12, in order. */
function OptionsEditor({ control, index }: { control: Control<IntakeFormValues>; index: number }) {
  const options = useFieldArray({ control, name: `questions.${index}.options` });
  const { errors } = useFormState({ control, name: `questions.${index}.options` });
  const error = errors.questions?.[index]?.options;
  const message = error?.message ?? error?.root?.message;
  return (
    <fieldset className="grid gap-3 md:col-span-2" aria-describedby={message ? `intake-q${index}-options-error` : undefined}>
      <legend className="mb-2 text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand">Options</legend>
      {options.fields.map((option, at) => (
        <div key={option.id} className="flex items-center gap-2">
          <Controller
            control={control}
            name={`questions.${index}.options.${at}.text`}
            render={({ field }) => (
              <Input
                {...field}
                aria-label={`Option ${at + 1} of question ${index + 1}`}
                aria-invalid={message ? true : undefined}
                maxLength={PROMPT_MAX}
              />
            )}
          />
          <IconAction
            label={`Remove option ${at + 1} of question ${index + 1}`}
            hint="Remove"
            tone="danger"
            disabled={options.fields.length <= 2}
            onClick={() => options.remove(at)}
          >
            <X aria-hidden className="size-4" />
          </IconAction>
        </div>
      ))}
      {message ? (
        <p id={`intake-q${index}-options-error`} role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : null}
      {options.fields.length < MAX_OPTIONS ? (
        <div>
          <Button
            variant="ghost"
            size="sm"
            className="px-0"
            onClick={() => options.append({ text: '' }, { focusName: `questions.${index}.options.${options.fields.length}.text` })}
          >
            <Plus aria-hidden className="size-4" />
            Add an option
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
