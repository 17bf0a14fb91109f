import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarClock, Clock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useForm, useFormState, useWatch, type Control } from 'react-hook-form';
import { addDays } from '@/components/ui/calendar-dates';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/state';
import { formatSlot, timeSlots } from '@/config/site';
import { businessToday, formatCalendarDate } from '@/lib/dates';
import { cn } from '@/lib/cn';
import { useIsOwner } from '../../session/role';
import { applyFieldErrors } from '../../shared/form-errors';
import type { Schedule } from '../../shared/types';
import { Panel, PanelHeader } from '../../shared/ui';
import { useSchedule } from '../api/get-schedule';
import { useUpdateSchedule } from '../api/update-schedule';
import {
  capacityFields,
  CAPACITY_MAX,
  HORIZON_MAX_DAYS,
  NOTICE_MAX_HOURS,
  openingSummary,
  scheduleErrorFields,
  scheduleSchema,
  sortSlots,
  toScheduleForm,
  toScheduleInput,
  weekdays,
  type ScheduleFormValues,
} from '../schedule-schema';
import { Suffixed } from './suffixed';
import { OtherSitesPanel } from './other-sites-panel';
import { VisitSettingsPanel } from './visit-settings-panel';

/** The Schedule view: the standing schedule, and beside it the owner's settings for guests' visits. */
export function SchedulePanel() {
  // The other sites' calendars are the owner's to set (their addresses are the listings' secrets).
  const owner = useIsOwner();
  return (
    <div className="grid gap-6">
      <StandingSchedule />
      <VisitSettingsPanel />
      {owner ? <OtherSitesPanel /> : null}
    </div>
  );
}

/** The standing schedule: what every day allows unless a blackout or the day's own entry says otherwise. */
function StandingSchedule() {
  const schedule = useSchedule();
  if (schedule.isPending) {
    return (
      <Panel className="flex min-h-64 items-center justify-center">
        <Spinner label="Loading the schedule…" />
      </Panel>
    );
  }
  if (schedule.isError) {
    return (
      <Panel>
        <LoadError what="schedule" />
      </Panel>
    );
  }
  return <ScheduleForm schedule={schedule.data} />;
}

function ScheduleForm({ schedule }: { schedule: Schedule }) {
  const update = useUpdateSchedule();
  // Staff see the standing rules; only an owner changes them (docs/decisions.md §18).
  const owner = useIsOwner();
  const { control, handleSubmit, reset, setError } = useForm<ScheduleFormValues>({
    resolver: zodResolver(scheduleSchema),
    defaultValues: toScheduleForm(schedule),
  });
  const { isDirty } = useFormState({ control });

  const onSubmit = handleSubmit((values) => {
    update.mutate(toScheduleInput(values), {
      onSuccess: (saved) => reset(toScheduleForm(saved)),
      onError: (error) => applyFieldErrors(error, setError, scheduleErrorFields),
    });
  });

  return (
    <Panel>
      <PanelHeader
        title="Opening Hours & Capacity"
        description="The standing rules for every day. A blackout, or an availability entry set for one day, still decides that day."
      />
      <form noValidate onSubmit={onSubmit} aria-label="Opening hours and capacity" className="grid gap-8">
        <Section
          icon={<Users aria-hidden className="size-4" />}
          title="Standing capacity"
          description="How many guests each service takes at once. Leave a field empty for no limit."
        >
          <div className="grid gap-x-6 gap-y-5 sm:grid-cols-2 xl:grid-cols-4">
            {capacityFields.map((f) => (
              <FormField
                key={f.key}
                control={control}
                name={`capacity.${f.key}`}
                id={`schedule-capacity-${f.key}`}
                label={f.label}
                hint={`${f.unit}, 1 to ${CAPACITY_MAX}. Empty: no limit.`}
              >
                <Suffixed suffix={f.suffix}>
                  <Input type="text" inputMode="numeric" autoComplete="off" placeholder="No limit" className="pr-32" />
                </Suffixed>
              </FormField>
            ))}
          </div>
        </Section>

        <Section
          icon={<Clock aria-hidden className="size-4" />}
          title="Opening hours"
          description="The times massages, spa treatments and packages begin on each weekday; a day with none is closed. The Tiny Home takes guests every night."
        >
          <WeeklyGrid control={control} />
        </Section>

        <Section
          icon={<CalendarClock aria-hidden className="size-4" />}
          title="Booking window"
          description="How soon, and how far ahead, guests may book."
        >
          <BookingWindow control={control} />
        </Section>

        <div className="flex flex-col gap-4 border-t border-line/70 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p role="status" className="min-h-5 text-sm text-muted" data-testid="schedule-state">
            {update.isPending ? 'Saving the schedule…' : isDirty ? 'You have unsaved changes.' : 'Every change is saved.'}
          </p>
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            <Button variant="ghost" disabled={!isDirty || update.isPending} onClick={() => reset()}>
              Discard changes
            </Button>
            {owner ? (
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save Schedule'}
              </Button>
            ) : (
              <p className="text-sm text-muted">Only an owner can change the schedule.</p>
            )}
          </div>
        </div>
      </form>
    </Panel>
  );
}

function Section({ icon, title, description, children }: { icon: ReactNode; title: string; description: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 border border-line/70 bg-ink/30 p-4 sm:p-6">
      <legend className="float-left mb-5 w-full">
        <span className="flex items-center gap-3 font-display text-2xl text-ivory">
          <span className="flex size-8 shrink-0 items-center justify-center border border-gold/40 bg-gold/10 text-gold">{icon}</span>
          {title}
        </span>
        <span className="mt-2 block text-sm text-sand">{description}</span>
      </legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

/** Seven weekdays × five times; a weekday's own box chooses all its times or none. */
function WeeklyGrid({ control }: { control: Control<ScheduleFormValues> }) {
  return (
    <div className="relative -mx-1 overflow-x-auto px-1">
      <table className="w-full border-collapse text-sm" data-testid="opening-hours">
        <caption className="sr-only">Opening hours: the times treatments begin on each weekday</caption>
        <thead>
          <tr className="border-b border-line/70">
            <th scope="col" className="pb-3 text-left text-[0.65rem] font-medium uppercase tracking-wide-2 text-muted">
              Day
            </th>
            {timeSlots.map((slot) => (
              <th
                key={slot}
                scope="col"
                className="px-0.5 pb-3 text-center text-[0.65rem] font-medium uppercase tracking-normal text-muted sm:px-1 sm:tracking-wide-2"
              >
                <span className="hidden sm:inline">{formatSlot(slot)}</span>
                <span aria-hidden className="sm:hidden">
                  {formatSlot(slot).replace(':00', '')}
                </span>
                <span className="sr-only sm:hidden">{formatSlot(slot)}</span>
              </th>
            ))}
            <th
              scope="col"
              className="hidden pb-3 pl-4 text-left text-[0.65rem] font-medium uppercase tracking-wide-2 text-muted lg:table-cell"
            >
              Open
            </th>
          </tr>
        </thead>
        <tbody>
          {weekdays.map((day) => (
            <Controller
              key={day.key}
              control={control}
              name={`openingHours.${day.key}`}
              render={({ field, fieldState }) => {
                const chosen = field.value;
                const all = chosen.length === timeSlots.length;
                const none = chosen.length === 0;
                const errorId = `schedule-hours-${day.key}-error`;
                const described = fieldState.error ? errorId : undefined;
                const toggle = (slot: string, on: boolean) =>
                  field.onChange(sortSlots(on ? [...chosen, slot] : chosen.filter((s) => s !== slot)));
                return (
                  <>
                    <tr
                      data-weekday={day.key}
                      className={cn('border-b border-line/40 transition-colors hover:bg-gold/[0.03]', fieldState.error && 'border-b-0')}
                    >
                      <th scope="row" className="py-2.5 pr-2 text-left font-normal">
                        <span className="flex items-center gap-2 sm:gap-3">
                          <Checkbox
                            ref={field.ref}
                            checked={all ? true : none ? false : 'indeterminate'}
                            onCheckedChange={() => field.onChange(all ? [] : [...timeSlots])}
                            onBlur={field.onBlur}
                            aria-label={`${day.label}, every time`}
                            aria-describedby={described}
                            className="data-[state=indeterminate]:border-gold data-[state=indeterminate]:bg-gold/30"
                          />
                          <span className={cn('text-ivory', none && 'text-muted')}>
                            <span className="sm:hidden">{day.short}</span>
                            <span className="hidden sm:inline">{day.label}</span>
                          </span>
                        </span>
                      </th>
                      {timeSlots.map((slot) => (
                        <td key={slot} className="px-0.5 py-2.5 text-center sm:px-1">
                          <Checkbox
                            checked={chosen.includes(slot)}
                            onCheckedChange={(on) => toggle(slot, on === true)}
                            onBlur={field.onBlur}
                            aria-label={`${day.label} ${formatSlot(slot)}`}
                            aria-describedby={described}
                            aria-invalid={fieldState.error ? true : undefined}
                            className="size-6 sm:size-5"
                          />
                        </td>
                      ))}
                      <td className="hidden py-2.5 pl-4 text-xs lg:table-cell">
                        <span className={none ? 'text-rose-300' : 'text-sand'}>{openingSummary(chosen, formatSlot)}</span>
                      </td>
                    </tr>
                    {fieldState.error ? (
                      <tr className="border-b border-line/40">
                        <td colSpan={timeSlots.length + 2} className="pb-3">
                          <p id={errorId} role="alert" className="text-sm text-danger">
                            {day.label}: {fieldState.error.message}
                          </p>
                        </td>
                      </tr>
                    ) : null}
                  </>
                );
              }}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Minimum notice and horizon, with the day the horizon reaches spelled out. */
function BookingWindow({ control }: { control: Control<ScheduleFormValues> }) {
  const horizon = useWatch({ control, name: 'horizonDays' });
  const days = /^\d+$/.test(horizon.trim()) ? Number(horizon.trim()) : undefined;
  const reach =
    days !== undefined && days >= 1 && days <= HORIZON_MAX_DAYS
      ? `Guests can book up to ${formatCalendarDate(addDays(businessToday(), days))}. 1 to ${HORIZON_MAX_DAYS} days; empty: no limit.`
      : horizon.trim() === ''
        ? `No limit: guests can book any day ahead. Or 1 to ${HORIZON_MAX_DAYS} days.`
        : `How far ahead guests can book, 1 to ${HORIZON_MAX_DAYS} days; empty: no limit.`;
  return (
    <div className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
      <FormField
        control={control}
        name="minimumNoticeHours"
        id="schedule-notice"
        label="Minimum notice"
        hint={`How long before it begins a booking may still be made, 0 to ${NOTICE_MAX_HOURS} hours.`}
      >
        <Suffixed suffix="hours">
          <Input type="text" inputMode="numeric" autoComplete="off" className="pr-20" />
        </Suffixed>
      </FormField>
      <FormField control={control} name="horizonDays" id="schedule-horizon" label="Booking horizon" hint={reach}>
        <Suffixed suffix="days">
          <Input type="text" inputMode="numeric" autoComplete="off" placeholder="No limit" className="pr-16" />
        </Suffixed>
      </FormField>
    </div>
  );
}
