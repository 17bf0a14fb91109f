import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { addDays, formatFullDay, monthOf, monthParam, shiftMonth, type MonthRef } from '@/components/ui/calendar-dates';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';
import { formatSlot, timeSlots } from '@/config/site';
import type { ServiceKey, TimeSlotValue } from '@/lib/api/types';
import { businessToday } from '@/lib/dates';
import { formatWeekdayShortDay, nightsLabel, stayNights } from '@/lib/stay-dates';
import { useAvailability } from '../api/check-availability';
import { useMonthsAvailability } from '../api/get-month-availability';
import { DayPicker } from './day-picker';

/** The booking being moved, as its guest's page has it. */
export type VisitToMove = {
  service: ServiceKey;
  serviceName: string;
  date: string;
  time: TimeSlotValue;
  /** A stay's check-out day; none for a treatment. */
  checkOut?: string | null;
  /** The treatments booked inside a stay, which may move along with it. */
  treatmentsInside: { id: string; serviceName: string; date: string; time: string }[];
  /** How many more times the guest may move it herself. */
  freeMovesLeft: number;
};

/** Where the guest asks to go. */
export type MoveChoice = { date: string; time?: TimeSlotValue; withTreatments: boolean };

export type MoveVisitDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  visit: VisitToMove;
  busy: boolean;
  /** Why the last try was refused, in the server's words. */
  error: string | null;
  onMove: (choice: MoveChoice) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * "Change date": another open day and time for a treatment, or another
 * check-in for a stay (it keeps its nights), on the calendars the booking
 * dialog uses. Nothing changes until the retreat's server has taken the new
 * place; her booking keeps its deposit, gift card and promo code.
 */
export default function MoveVisitDialog({ open, onOpenChange, visit, busy, error, onMove, onCloseAutoFocus }: MoveVisitDialogProps) {
  const stay = Boolean(visit.checkOut);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={onCloseAutoFocus} aria-describedby="move-description">
        <DialogHeader>
          <p className="eyebrow mb-3">Your booking</p>
          <DialogTitle>{stay ? 'Choose other nights' : 'Choose another time'}</DialogTitle>
          <DialogDescription id="move-description">
            {visit.freeMovesLeft === 1
              ? 'Moving your visit is free this once.'
              : `You may move your visit ${visit.freeMovesLeft} more times, free.`}{' '}
            Your deposit, gift card and promo code stay with your booking.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted afresh on each open: the choice starts from nothing. */}
        {open ? (
          stay ? (
            <StayMove visit={visit} busy={busy} error={error} onMove={onMove} onCancel={() => onOpenChange(false)} />
          ) : (
            <TreatmentMove visit={visit} busy={busy} error={error} onMove={onMove} onCancel={() => onOpenChange(false)} />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type StepProps = {
  visit: VisitToMove;
  busy: boolean;
  error: string | null;
  onMove: (choice: MoveChoice) => void;
  onCancel: () => void;
};

function TreatmentMove({ visit, busy, error, onMove, onCancel }: StepProps) {
  const timesId = useId();
  const [date, setDate] = useState('');
  const [time, setTime] = useState<TimeSlotValue | ''>('');
  const availability = useAvailability(date || undefined, visit.service);
  const slots = availability.data?.slots;
  const isOwn = (slot: string) => date === visit.date && slot === visit.time;
  const open = (slot: string) => !isOwn(slot) && slots?.find((s) => s.time === slot)?.available !== false;
  const chosen = date && time && open(time) ? time : '';
  return (
    <form
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (date && chosen) onMove({ date, time: chosen, withTreatments: false });
      }}
    >
      <DayPicker service={visit.service} value={date} onPick={(day) => setDate(day)} />
      <div role="group" aria-labelledby={timesId}>
        <p id={timesId} className="mb-2 text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand">
          Time
        </p>
        <RadioGroup
          className="grid-cols-3 sm:grid-cols-5"
          value={chosen}
          onValueChange={(value) => setTime(value as TimeSlotValue)}
          aria-labelledby={timesId}
          disabled={!date || availability.isPending}
        >
          {timeSlots.map((slot) => (
            <RadioTile
              key={slot}
              value={slot}
              disabled={!open(slot)}
              aria-label={isOwn(slot) ? `${formatSlot(slot)}, your current time` : formatSlot(slot)}
            >
              {formatSlot(slot)}
            </RadioTile>
          ))}
        </RadioGroup>
        <p className="mt-2 min-h-5 text-sm text-muted" aria-live="polite">
          {!date ? 'Choose a day first.' : slots && !slots.some((s) => s.available) ? 'No times are left that day.' : ''}
        </p>
      </div>
      <Footer
        error={error}
        busy={busy}
        ready={Boolean(date && chosen)}
        summary={date && chosen ? `${formatWeekdayShortDay(date)} at ${formatSlot(chosen)}` : null}
        onCancel={onCancel}
      />
    </form>
  );
}

function StayMove({ visit, busy, error, onMove, onCancel }: StepProps) {
  const today = businessToday();
  const nights = visit.checkOut ? stayNights(visit.date, visit.checkOut) : [visit.date];
  const own = new Set(nights);
  const [checkIn, setCheckIn] = useState<string>();
  const [withTreatments, setWithTreatments] = useState(true);
  const [month, setMonth] = useState<MonthRef>(() => monthOf(visit.date >= today ? visit.date : today));
  // The shown month and the next: a stay chosen near a month's end runs into it.
  const availability = useMonthsAvailability('accommodation', [monthParam(month), monthParam(shiftMonth(month, 1))]);
  // Her own nights are free for her: a move gives them back first.
  const nightOpen = (night: string) => own.has(night) || availability.days.get(night)?.available !== false;
  const fits = (day: string) =>
    day >= today && day !== visit.date && Array.from({ length: nights.length }, (_, i) => addDays(day, i)).every(nightOpen);
  const checkOut = checkIn ? addDays(checkIn, nights.length) : undefined;
  const treatments = visit.treatmentsInside;
  return (
    <form
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (checkIn) onMove({ date: checkIn, withTreatments: treatments.length > 0 && withTreatments });
      }}
    >
      <div>
        <p className="mb-2 text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand">New check-in</p>
        <div className="border border-line/70 bg-ink/30 p-3 sm:p-5">
          <Calendar
            label="New check-in"
            size="compact"
            month={month}
            onMonthChange={setMonth}
            minMonth={monthOf(today)}
            today={today}
            selected={checkIn}
            rangeEnd={checkOut ? addDays(checkOut, -1) : undefined}
            isDisabled={(day) => !fits(day)}
            describeDay={(day) => (day === visit.date ? 'your current check-in' : fits(day) ? undefined : 'unavailable')}
            onSelect={(day) => {
              if (fits(day)) setCheckIn(day);
            }}
          />
        </div>
        <p role="status" aria-live="polite" className="mt-3 min-h-5 text-sm text-sand" data-testid="move-summary">
          {checkIn && checkOut
            ? `${nightsLabel(nights.length)}: ${formatFullDay(checkIn)} to ${formatFullDay(checkOut)}.`
            : `Your stay keeps its ${nightsLabel(nights.length)}: choose the day you arrive.`}
        </p>
      </div>
      {treatments.length > 0 ? (
        <label className="flex items-start gap-3 text-sm text-sand">
          <Checkbox checked={withTreatments} onCheckedChange={(value) => setWithTreatments(value === true)} className="mt-0.5" />
          <span>
            Move my {treatments.length === 1 ? 'treatment' : `${treatments.length} treatments`} along, on the same day of my stay at the
            same time: {treatments.map((t) => `${t.serviceName} (${formatWeekdayShortDay(t.date)}, ${formatSlot(t.time)})`).join('; ')}.
          </span>
        </label>
      ) : null}
      <Footer
        error={error}
        busy={busy}
        ready={Boolean(checkIn)}
        summary={checkIn && checkOut ? `${formatWeekdayShortDay(checkIn)} to ${formatWeekdayShortDay(checkOut)}` : null}
        onCancel={onCancel}
      />
    </form>
  );
}

function Footer({
  error,
  busy,
  ready,
  summary,
  onCancel,
}: {
  error: string | null;
  busy: boolean;
  ready: boolean;
  summary: string | null;
  onCancel: () => void;
}) {
  return (
    <>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          Keep my booking
        </Button>
        <Button type="submit" disabled={!ready || busy}>
          {busy ? 'Moving…' : summary ? `Move to ${summary}` : 'Move my visit'}
        </Button>
      </div>
    </>
  );
}
