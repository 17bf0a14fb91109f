import { zodResolver } from '@hookform/resolvers/zod';
import { BellRing, CalendarSync, Hourglass } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Controller, useForm, useFormState, useWatch, type Control } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/state';
import { cn } from '@/lib/cn';
import { formatInstantDateTime } from '@/lib/dates';
import { useIsOwner } from '../../session/role';
import { applyFieldErrors } from '../../shared/form-errors';
import { Panel } from '../../shared/ui';
import { useSaveVisitSettings, useVisitSettings, type VisitSettings } from '../api/visit-settings';
import {
  freeMovesMeaning,
  hourLabel,
  offerHoldMeaning,
  hoursOfDay,
  quietHoursMeaning,
  stayDaysMeaning,
  toVisitSettingsForm,
  toVisitSettingsInput,
  treatmentFirstMeaning,
  visitSettingsErrorFields,
  visitSettingsSchema,
  type VisitSettingsFormValues,
} from '../visit-settings-schema';
import { Suffixed } from './suffixed';

/**
 * Guests' visits: what a guest may change herself through her booking's link,
 * and when she is reminded of her visit (docs/decisions.md §9 "Reminders").
 * Its own small form beside the standing schedule; staff read it, an owner
 * changes it (docs/decisions.md §18).
 */
export function VisitSettingsPanel() {
  const settings = useVisitSettings();
  return (
    <Panel aria-labelledby="visit-settings-heading" role="region">
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:justify-between lg:gap-10">
        <div className="max-w-md">
          <h2 id="visit-settings-heading" className="flex items-center gap-3 font-display text-3xl text-ivory">
            <span className="flex size-8 shrink-0 items-center justify-center border border-gold/40 bg-gold/10 text-gold">
              <CalendarSync aria-hidden className="size-4" />
            </span>
            Guests’ Visits
          </h2>
          <p className="mt-2 text-sm text-sand">
            What guests may change themselves through the link in their booking’s mail, and when they are reminded of their visit. A move
            the retreat makes from the Bookings tab is never counted.
          </p>
        </div>
        {settings.isPending ? (
          <Spinner label="Loading the visit settings…" />
        ) : settings.isError ? (
          <LoadError what="visit settings" />
        ) : (
          <VisitSettingsForm settings={settings.data} />
        )}
      </div>
    </Panel>
  );
}

function VisitSettingsForm({ settings }: { settings: VisitSettings }) {
  const save = useSaveVisitSettings();
  const owner = useIsOwner();
  const { control, handleSubmit, reset, setError } = useForm<VisitSettingsFormValues>({
    resolver: zodResolver(visitSettingsSchema),
    defaultValues: toVisitSettingsForm(settings),
  });
  const { isDirty } = useFormState({ control });
  const [value, hold] = useWatch({ control, name: ['freeMoves', 'offerHoldMinutes'] });

  const onSubmit = handleSubmit((values) => {
    save.mutate(toVisitSettingsInput(values), {
      onSuccess: (saved) => reset(toVisitSettingsForm(saved)),
      onError: (error) => applyFieldErrors(error, setError, visitSettingsErrorFields),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Guests’ visits" className="grid w-full gap-6 lg:max-w-2xl">
      <FormField control={control} name="freeMoves" id="visit-free-moves" label="Free moves per booking" hint={freeMovesMeaning(value)}>
        <Input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          readOnly={!owner}
          aria-readonly={!owner || undefined}
          className="max-w-40 tabular-nums"
        />
      </FormField>
      <RemindersFields control={control} owner={owner} checkedAt={settings.reminders.checkedAt ?? null} />
      <section aria-labelledby="visit-waitlist-heading" className="grid gap-4 border-t border-line/70 pt-5" data-testid="waitlist-settings">
        <h3 id="visit-waitlist-heading" className="flex items-center gap-2 font-display text-2xl text-ivory">
          <Hourglass aria-hidden className="size-4 text-gold" />
          Waitlist
        </h3>
        <p className="-mt-1 text-sm text-sand">
          When a place opens on a full day, the first guest waiting for it is mailed at once, and it is kept for her alone for a while.
        </p>
        <FormField control={control} name="offerHoldMinutes" id="visit-offer-hold" label="Hold an offer for" hint={offerHoldMeaning(hold)}>
          <Suffixed suffix="minutes" className="max-w-56">
            <Input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              readOnly={!owner}
              aria-readonly={!owner || undefined}
              className="pr-24 tabular-nums"
            />
          </Suffixed>
        </FormField>
      </section>
      <div className="flex flex-col gap-3 border-t border-line/70 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" className="min-h-5 text-sm text-muted" data-testid="visit-settings-state">
          {!owner ? 'Only an owner can change this.' : save.isPending ? 'Saving…' : isDirty ? 'You have unsaved changes.' : 'Saved.'}
        </p>
        {owner ? (
          <Button type="submit" size="sm" disabled={save.isPending || !isDirty}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The reminders' part of the form: the switch, then when each reminder goes
 * and the quiet hours. Off, the fields stay in view but disabled (a disabled
 * fieldset: their values are kept and sent as they are).
 */
function RemindersFields({
  control,
  owner,
  checkedAt,
}: {
  control: Control<VisitSettingsFormValues>;
  owner: boolean;
  checkedAt: string | null;
}) {
  const r = useWatch({ control, name: 'reminders' });
  const readOnly = !owner;
  const numberProps = {
    type: 'text',
    inputMode: 'numeric',
    autoComplete: 'off',
    readOnly,
    'aria-readonly': readOnly || undefined,
    className: 'pr-20 tabular-nums',
  } as const;
  return (
    <section aria-labelledby="visit-reminders-heading" className="grid gap-5 border-t border-line/70 pt-5" data-testid="reminder-settings">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <h3 id="visit-reminders-heading" className="flex items-center gap-2 font-display text-2xl text-ivory">
          <BellRing aria-hidden className="size-4 text-gold" />
          Reminders
        </h3>
        <p className="text-xs text-muted" data-testid="reminders-checked">
          Reminders last checked {checkedAt ? formatInstantDateTime(checkedAt) : 'not yet'}
        </p>
      </div>
      <p className="-mt-2 text-sm text-sand">
        Each guest’s confirmed visit gets at most two, one message listing its bookings. The first asks “Will you be with us?” with Confirm,
        Change and Cancel; the second asks again if she has not answered, else it only reminds her.
      </p>
      <Controller
        control={control}
        name="reminders.on"
        render={({ field }) => (
          <CheckRow
            id="visit-reminders-on"
            label="Send reminders"
            hint={
              field.value
                ? 'Reminders go out by mail to guests with a confirmed visit.'
                : 'Off: no reminder goes out. The times below are kept.'
            }
            checked={field.value}
            disabled={readOnly}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      <fieldset
        disabled={!r.on}
        className={cn('grid min-w-0 gap-5 transition-opacity', !r.on && 'opacity-60')}
        data-testid="reminder-times"
      >
        <legend className="sr-only">When reminders go out</legend>
        <Group title="Treatments">
          <FormField
            control={control}
            name="reminders.treatmentFirstHours"
            id="visit-treatment-first"
            label="First reminder before a treatment"
            hint={treatmentFirstMeaning(r.treatmentFirstHours)}
          >
            <Suffixed suffix="hours">
              <Input {...numberProps} />
            </Suffixed>
          </FormField>
          <Controller
            control={control}
            name="reminders.treatmentMorningOf"
            render={({ field }) => (
              <CheckRow
                className="sm:pt-7"
                id="visit-treatment-morning"
                label="Second on the morning of the visit"
                hint={
                  r.quietFromHour === r.quietUntilHour
                    ? 'On the day of the visit, before it begins.'
                    : `At ${hourLabel(r.quietUntilHour)} on the day, as the quiet hours end.`
                }
                checked={field.value}
                disabled={readOnly}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        </Group>
        <Group title="Stays">
          <FormField
            control={control}
            name="reminders.stayFirstDays"
            id="visit-stay-first"
            label="First reminder before a stay"
            hint={stayDaysMeaning(r.stayFirstDays, 'first')}
          >
            <Suffixed suffix="days">
              <Input {...numberProps} />
            </Suffixed>
          </FormField>
          <FormField
            control={control}
            name="reminders.staySecondDays"
            id="visit-stay-second"
            label="Second before a stay"
            hint={stayDaysMeaning(r.staySecondDays, 'second')}
          >
            <Suffixed suffix="days">
              <Input {...numberProps} />
            </Suffixed>
          </FormField>
        </Group>
        <Group title="Quiet hours" hint={quietHoursMeaning(r.quietFromHour, r.quietUntilHour)} hintId="visit-quiet-hint">
          <HourSelect control={control} name="reminders.quietFromHour" id="visit-quiet-from" label="Quiet hours from" disabled={readOnly} />
          <HourSelect control={control} name="reminders.quietUntilHour" id="visit-quiet-until" label="Until" disabled={readOnly} />
        </Group>
      </fieldset>
    </section>
  );
}

/** A titled pair of fields, side by side from the small breakpoint. */
function Group({ title, hint, hintId, children }: { title: string; hint?: string; hintId?: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 border border-line/70 bg-ink/30 p-4" aria-describedby={hint ? hintId : undefined}>
      <legend className="float-left mb-4 w-full text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">{title}</legend>
      <div className="clear-both grid items-start gap-x-5 gap-y-4 sm:grid-cols-2">{children}</div>
      {hint ? (
        <p id={hintId} className="mt-3 text-sm text-muted" data-testid="quiet-hours-meaning">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}

type QuietHour = 'reminders.quietFromHour' | 'reminders.quietUntilHour';

/** An hour of the day, "12:00 AM" to "11:00 PM", the value "0" to "23". */
function HourSelect({
  control,
  name,
  id,
  label,
  disabled,
}: {
  control: Control<VisitSettingsFormValues>;
  name: QuietHour;
  id: string;
  label: string;
  disabled: boolean;
}) {
  return (
    <FormField control={control} name={name} id={id} label={label}>
      {(field) => (
        <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
          <SelectTrigger ref={field.ref} onBlur={field.onBlur} className="tabular-nums">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {hoursOfDay.map((hour) => (
              <SelectItem key={hour} value={hour} className="tabular-nums">
                {hourLabel(hour)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}

type BoxProps = {
  id: string;
  className?: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  onBlur: () => void;
  ref: Ref<HTMLButtonElement>;
};

/** A checkbox with its label and hint beside it. */
function CheckRow({ id, className, label, hint, checked, disabled, onChange, onBlur, ref }: BoxProps) {
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <Checkbox
        id={id}
        ref={ref}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(on) => onChange(on === true)}
        onBlur={onBlur}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
      <div>
        <label htmlFor={id} className="cursor-pointer text-sm text-ivory">
          {label}
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}
