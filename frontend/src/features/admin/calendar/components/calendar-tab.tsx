import { Ban, CalendarCog, CalendarDays, CalendarOff, Clock, Hourglass, Moon, Rocket } from 'lucide-react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { addMonths, firstDayOfMonth, formatFullDay, lastDayOfMonth, monthOf, type MonthRef } from '@/components/ui/calendar-dates';
import { ScrollArea } from '@/components/ui/scroll-area';
import { formatSlot } from '@/config/site';
import { businessToday, formatCalendarDate } from '@/lib/dates';
import { cn } from '@/lib/cn';
import { formatStayRange, nightsBetween } from '@/lib/stay-dates';
import { SchedulePanel } from '../../schedule/components/schedule-panel';
import { bookingStatuses } from '../../shared/statuses';
import type { AdminBooking, AvailabilityEntry, BlackoutDate, CapacityDay } from '../../shared/types';
import { Panel, PanelHeader, ToneBadge } from '../../shared/ui';
import { useDeleteAvailability } from '../api/delete-availability';
import { useDeleteBlackout } from '../api/delete-blackout';
import { useAvailabilityRange } from '../api/get-availability';
import { useBlackouts } from '../api/get-blackouts';
import { useMonthStays } from '../api/get-month-stays';
import { useCapacityRange } from '../api/get-capacity';
import type { BlackoutFormValues } from '../blackout-schema';
import {
  accommodationLabel,
  activeStays,
  blackoutsCovering,
  blackoutTypeLabel,
  dayMark,
  entriesOn,
  liftBlackoutQuestion,
  PRE_LAUNCH_REASON,
  sortBlackouts,
  staysOn,
  waitingGuestsWords,
} from '../calendar-logic';
import { capacityOn, dayCapacitySpoken } from '../capacity-words';
import { AvailabilityDialog } from './availability-dialog';
import { BlackoutDialog } from './blackout-dialog';
import { CapacityCell, CapacityLegend, DayCapacity } from './capacity-views';

const views = [
  { value: 'days', label: 'Day by day', Icon: CalendarDays },
  { value: 'schedule', label: 'Schedule', Icon: Clock },
] as const;
type View = (typeof views)[number]['value'];

/**
 * Two views: the month day by day, and the standing schedule every day
 * follows. "?view=schedule" keeps the second across a reload.
 */
export function CalendarTab() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'schedule' ? 'schedule' : 'days';
  const choose = (next: string) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'schedule') updated.set('view', next);
        else updated.delete('view');
        return updated;
      },
      { replace: true },
    );
  return (
    <TabsPrimitive.Root value={view} onValueChange={choose}>
      <TabsPrimitive.List aria-label="Calendar views" className="mb-6 inline-flex border border-line bg-ink/50 p-1">
        {views.map(({ value, label, Icon }) => (
          <TabsPrimitive.Trigger
            key={value}
            value={value}
            className="inline-flex h-10 cursor-pointer items-center gap-2 px-4 text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand transition-colors duration-300 hover:text-gold-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-light data-[state=active]:bg-gold data-[state=active]:text-ink sm:px-5"
          >
            <Icon aria-hidden className="size-4" strokeWidth={1.75} />
            {label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      <TabsPrimitive.Content value="days" className="focus-visible:outline-none">
        <DayByDay />
      </TabsPrimitive.Content>
      {/* Kept mounted while the month is shown, so unsaved changes survive a look at the calendar. */}
      <TabsPrimitive.Content value="schedule" forceMount className="focus-visible:outline-none data-[state=inactive]:hidden">
        <SchedulePanel />
      </TabsPrimitive.Content>
    </TabsPrimitive.Root>
  );
}

function DayByDay() {
  const today = businessToday();
  const [month, setMonth] = useState<MonthRef>(() => monthOf(today));
  const [selected, setSelected] = useState<string | undefined>();
  const [blackoutOpen, setBlackoutOpen] = useState(false);
  const [availabilityOpen, setAvailabilityOpen] = useState(false);
  const [preset, setPreset] = useState<{ values: BlackoutFormValues; version: number }>({
    values: { startDate: '', endDate: '', type: 'all', reason: '' },
    version: 0,
  });

  const blackouts = useBlackouts();
  const availability = useAvailabilityRange(firstDayOfMonth(month), lastDayOfMonth(month));
  const capacity = useCapacityRange(firstDayOfMonth(month), lastDayOfMonth(month));
  const capacityDays = capacity.data ?? [];
  const deleteBlackout = useDeleteBlackout();
  // Guests waiting for its dates are told of it first (the places it frees are offered to them).
  const liftBlackout = (blackout: BlackoutDate) => {
    const question = liftBlackoutQuestion(blackout.waitingGuests);
    if (question === null || window.confirm(question)) deleteBlackout.mutate(blackout.id);
  };
  const removeEntry = useDeleteAvailability();
  const allBlackouts = sortBlackouts(blackouts.data ?? []);
  const entries = availability.data ?? [];
  // Bookings hold places only through availability entries; a Tiny Home stay is shown on each of its nights
  // from the bookings, and only the shown month's are read (never every booking).
  const monthStays = useMonthStays(firstDayOfMonth(month), lastDayOfMonth(month));
  const stays = activeStays(monthStays.data ?? []);

  const blockFirstThreeMonths = () => {
    setPreset((p) => ({
      values: { startDate: today, endDate: addMonths(today, 3), type: 'all', reason: PRE_LAUNCH_REASON },
      version: p.version + 1,
    }));
    setBlackoutOpen(true);
  };

  const describeMark = (day: string) => {
    const mark = dayMark(day, allBlackouts, entries);
    if (mark === 'blackout') return 'blacked out';
    if (mark === 'full') return 'has bookings, some full';
    if (mark === 'booked') return 'has bookings';
    return undefined;
  };
  const describeDay = (day: string) => {
    const staying = staysOn(stays, day).length;
    const stayWords = staying === 0 ? undefined : staying === 1 ? 'Tiny Home stay' : `${staying} Tiny Home stays`;
    return [describeMark(day), stayWords, dayCapacitySpoken(capacityOn(capacityDays, day))].filter(Boolean).join(', ') || undefined;
  };

  return (
    <Panel>
      <PanelHeader title="Calendar Management" description="Manage availability and blackout dates for bookings">
        <Button variant="outline" size="sm" onClick={() => setBlackoutOpen(true)}>
          <CalendarOff aria-hidden className="size-4" />
          Add Blackout Dates
        </Button>
        <Button variant="outline" size="sm" disabled={!selected} onClick={() => setAvailabilityOpen(true)}>
          <CalendarCog aria-hidden className="size-4" />
          Manage Availability
        </Button>
        <Button variant="subtle" size="sm" onClick={blockFirstThreeMonths}>
          <Rocket aria-hidden className="size-4" />
          Block First 3 Months
        </Button>
      </PanelHeader>

      <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div>
          <Calendar
            label="Bookings calendar"
            month={month}
            onMonthChange={setMonth}
            selected={selected}
            onSelect={setSelected}
            today={today}
            describeDay={describeDay}
            size="roomy"
            renderDay={(day) => (
              <>
                <span className="flex h-4 items-center justify-center gap-1.5">
                  <DayMarker mark={dayMark(day, allBlackouts, entries)} />
                  {staysOn(stays, day).length > 0 ? <Moon aria-hidden data-stay className="size-3.5 text-gold" strokeWidth={1.75} /> : null}
                </span>
                <CapacityCell day={capacityOn(capacityDays, day)} />
              </>
            )}
          />
          <ul className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-2 text-xs text-muted" aria-label="Legend">
            <li className="flex items-center gap-2">
              <Ban aria-hidden className="size-3.5 text-rose-400" /> Blacked out
            </li>
            <li className="flex items-center gap-2">
              <span aria-hidden className="size-2 rounded-full bg-emerald-400" /> Has bookings
            </li>
            <li className="flex items-center gap-2">
              <span aria-hidden className="size-2 rounded-full bg-orange-400" /> Fully booked entry
            </li>
            <li className="flex items-center gap-2">
              <Moon aria-hidden className="size-3.5 text-gold" strokeWidth={1.75} /> Tiny Home stay
            </li>
          </ul>
          <CapacityLegend />
          <p role="status" className="mt-2 min-h-5 text-xs text-muted">
            {availability.isFetching || capacity.isFetching ? 'Loading availability…' : ''}
          </p>
        </div>

        <div className="grid content-start gap-6">
          <DayPanel
            day={selected}
            capacity={selected ? capacityOn(capacityDays, selected) : undefined}
            capacityLoading={capacity.isFetching}
            blackouts={selected ? blackoutsCovering(allBlackouts, selected) : []}
            entries={selected ? entriesOn(entries, selected) : []}
            stays={selected ? staysOn(stays, selected) : []}
            onRemove={liftBlackout}
            removing={deleteBlackout.isPending}
            onRemoveEntry={(id) => removeEntry.mutate(id)}
            removingEntry={removeEntry.isPending}
          />
          <section aria-labelledby="active-blackouts" className="border border-line/70 bg-ink/30 p-5">
            <h3 id="active-blackouts" className="mb-4 font-display text-xl text-ivory">
              Active Blackout Periods
            </h3>
            {allBlackouts.length === 0 ? (
              <p className="text-sm text-sand">{blackouts.isPending ? 'Loading…' : 'No blackout periods set'}</p>
            ) : (
              <ScrollArea className="max-h-64" viewportClassName="max-h-64">
                <ul className="grid gap-3 pr-3" data-testid="blackout-list">
                  {allBlackouts.map((b) => (
                    <li key={b.id} data-testid="blackout-item" className="border border-line/70 bg-surface-2/60 p-3">
                      <div className="flex items-start justify-between gap-3">
                        <div className="min-w-0">
                          <p className="text-sm text-ivory">
                            {formatCalendarDate(b.startDate)} - {formatCalendarDate(b.endDate)}
                          </p>
                          <p className="mt-1 text-xs text-gold">{blackoutTypeLabel(b.type)}</p>
                          {b.reason ? <p className="mt-1 text-xs text-sand">{b.reason}</p> : null}
                          <WaitingGuests count={b.waitingGuests} />
                        </div>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="h-8 px-2 text-[0.65rem] hover:text-danger"
                          disabled={deleteBlackout.isPending}
                          aria-label={`Remove the blackout ${formatCalendarDate(b.startDate)} - ${formatCalendarDate(b.endDate)}`}
                          onClick={() => liftBlackout(b)}
                        >
                          Remove
                        </Button>
                      </div>
                    </li>
                  ))}
                </ul>
              </ScrollArea>
            )}
          </section>
        </div>
      </div>

      <BlackoutDialog open={blackoutOpen} onOpenChange={setBlackoutOpen} preset={preset.values} presetVersion={preset.version} />
      <AvailabilityDialog day={selected} open={availabilityOpen} onOpenChange={setAvailabilityOpen} />
    </Panel>
  );
}

/** "2 guests wait for these dates": the waitlist's demand for a blackout's days (issue 43, part 4). */
function WaitingGuests({ count }: { count: number | null | undefined }) {
  const words = waitingGuestsWords(count);
  if (!words) return null;
  return (
    <p data-testid="blackout-waiting" className="mt-1.5 flex items-center gap-1.5 text-xs text-amber-200">
      <Hourglass aria-hidden className="size-3 shrink-0" strokeWidth={1.75} />
      {words}
    </p>
  );
}

function DayMarker({ mark }: { mark: ReturnType<typeof dayMark> }) {
  if (mark === 'blackout') return <Ban aria-hidden data-mark="blackout" className="size-3.5 text-rose-400" />;
  if (mark === 'full' || mark === 'booked') {
    return (
      <span aria-hidden data-mark={mark} className={cn('size-2 rounded-full', mark === 'full' ? 'bg-orange-400' : 'bg-emerald-400')} />
    );
  }
  return null;
}

function DayPanel({
  day,
  capacity,
  capacityLoading,
  blackouts,
  entries,
  stays,
  onRemove,
  removing,
  onRemoveEntry,
  removingEntry,
}: {
  day: string | undefined;
  capacity: CapacityDay | undefined;
  capacityLoading: boolean;
  blackouts: BlackoutDate[];
  entries: AvailabilityEntry[];
  stays: Array<AdminBooking & { checkOut: string }>;
  onRemove: (blackout: BlackoutDate) => void;
  removing: boolean;
  onRemoveEntry: (id: string) => void;
  removingEntry: boolean;
}) {
  return (
    <section aria-labelledby="day-panel-heading" data-testid="day-panel" className="border border-gold/30 bg-surface-2/70 p-5">
      <h3 id="day-panel-heading" className="font-display text-2xl text-ivory">
        {day ? formatFullDay(day) : 'Select a date'}
      </h3>
      {day ? <DayCapacity day={capacity} loading={capacityLoading} /> : null}
      {!day ? (
        <p className="mt-3 text-sm text-sand">Choose a day in the calendar to see its availability and blackouts.</p>
      ) : blackouts.length > 0 ? (
        <ul className="mt-4 grid gap-3">
          {blackouts.map((b) => (
            <li key={b.id} className="border border-rose-300/30 bg-rose-300/5 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <ToneBadge tone="red">Blacked Out</ToneBadge>
                <span className="text-xs text-gold">{blackoutTypeLabel(b.type)}</span>
              </div>
              {b.reason ? <p className="mt-2 text-sm text-sand">{b.reason}</p> : null}
              <WaitingGuests count={b.waitingGuests} />
              <Button variant="destructive" size="sm" className="mt-3" disabled={removing} onClick={() => onRemove(b)}>
                Remove Blackout
              </Button>
            </li>
          ))}
        </ul>
      ) : entries.length > 0 ? (
        <ul className="mt-4 grid gap-3" aria-label="Availability entries">
          {entries.map((e) => {
            const accommodation = accommodationLabel(e.accommodationType);
            const title = e.serviceName ?? accommodation ?? 'Whole retreat';
            return (
              <li key={e.id} data-testid="availability-entry" className="border border-line/70 bg-ink/40 p-4">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-ivory">{title}</p>
                    <p className="mt-1 text-xs text-sand">
                      {e.serviceName && accommodation ? `${accommodation} · ` : ''}
                      {e.timeSlot ? formatSlot(e.timeSlot) : 'All day'}
                    </p>
                  </div>
                  <div className="flex flex-col items-end gap-1.5">
                    <span
                      className={cn('text-sm tabular-nums', e.currentBookings >= e.maxCapacity ? 'text-orange-300' : 'text-gold-light')}
                    >
                      {e.currentBookings}/{e.maxCapacity}
                      <span className="sr-only"> booked</span>
                    </span>
                    {e.isBlocked ? <ToneBadge tone="red">Blocked</ToneBadge> : null}
                  </div>
                </div>
                {e.isBlocked && e.blockReason ? <p className="mt-2 text-xs text-sand">{e.blockReason}</p> : null}
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-2 h-8 px-2 text-[0.65rem] hover:text-danger"
                  disabled={removingEntry}
                  aria-label={`Remove the availability entry ${title}${e.timeSlot ? ` at ${formatSlot(e.timeSlot)}` : ''}`}
                  onClick={() => onRemoveEntry(e.id)}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-sand">No specific availability set</p>
      )}
      {day && stays.length > 0 ? <StayList day={day} stays={stays} /> : null}
    </section>
  );
}

/** The Tiny Home stays sleeping on the selected night: guest, dates, which night of how many. */
function StayList({ day, stays }: { day: string; stays: Array<AdminBooking & { checkOut: string }> }) {
  return (
    <div className="mt-5 border-t border-line/70 pt-4">
      <h4 className="flex items-center gap-2 text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand">
        <Moon aria-hidden className="size-3.5 text-gold" strokeWidth={1.75} />
        Tiny Home stays this night
      </h4>
      <ul className="mt-3 grid gap-3" aria-label="Tiny Home stays this night">
        {stays.map((b) => {
          const nights = b.nights ?? nightsBetween(b.date, b.checkOut);
          const status = bookingStatuses.find((s) => s.value === b.status);
          return (
            <li key={b.id} data-testid="stay-night" className="border border-gold/30 bg-gold/[0.05] p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-ivory">
                    {b.firstName} {b.lastName}
                  </p>
                  <p className="mt-1 text-xs text-sand">{formatStayRange(b.date, b.checkOut, nights)}</p>
                </div>
                <div className="flex flex-col items-end gap-1.5">
                  <span className="whitespace-nowrap text-sm tabular-nums text-gold-light">
                    Night {nightsBetween(b.date, day) + 1} of {nights}
                  </span>
                  {status ? <ToneBadge tone={status.tone}>{status.label}</ToneBadge> : null}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
