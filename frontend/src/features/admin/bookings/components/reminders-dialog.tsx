import { BellRing, CircleCheck, Mail } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatSlot } from '@/config/site';
import { useServiceNames } from '@/lib/api/catalogue/get-services';
import { formatCalendarDate } from '@/lib/dates';
import { formatStayRange } from '@/lib/stay-dates';
import { useReturnFocus } from '@/lib/use-return-focus';
import type { AdminBooking } from '../../shared/types';
import { ToneBadge } from '../../shared/ui';
import { useBookingReminders } from '../api/booking-reminders';
import { guestAnswer, reminderEarlierPlace, reminderLine } from '../reminders';

type Props = {
  booking: AdminBooking | undefined;
  onOpenChange: (open: boolean) => void;
};

/**
 * A booking's reminders (docs/decisions.md §9 "Reminders"): each one sent,
 * whether it asked, and the guest's answer. Read when it opens.
 */
export function RemindersDialog({ booking, onOpenChange }: Props) {
  const { onCloseAutoFocus } = useReturnFocus(Boolean(booking));
  return (
    <Dialog open={Boolean(booking)} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} data-testid="reminders-dialog">
        {booking ? <ReminderDetails booking={booking} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReminderDetails({ booking }: { booking: AdminBooking }) {
  const reminders = useBookingReminders(booking.id);
  const serviceName = useServiceNames();
  const who = `${booking.firstName} ${booking.lastName}`;
  const when = booking.checkOut
    ? formatStayRange(booking.date, booking.checkOut, booking.nights)
    : `${formatCalendarDate(booking.date)} at ${formatSlot(booking.time)}`;
  return (
    <>
      <DialogHeader>
        <p className="eyebrow mb-3">Reminders</p>
        <DialogTitle>Reminders to {who}</DialogTitle>
        <DialogDescription>
          {serviceName(booking.service)}, {when}. A visit gets at most two: the first asks “Will you be with us?”, the second asks again
          until she answers, else it only reminds her.
        </DialogDescription>
      </DialogHeader>
      {reminders.isPending ? (
        <Spinner label="Loading the reminders…" />
      ) : reminders.isError ? (
        <Alert>The reminders could not be loaded. Please try again.</Alert>
      ) : (
        <div className="grid gap-6">
          <GuestAnswer booking={booking} data={reminders.data} />
          <section aria-labelledby="reminders-sent-heading">
            <h3 id="reminders-sent-heading" className="mb-3 text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand">
              Sent
            </h3>
            {reminders.data.reminders.length === 0 ? (
              <p className="flex items-center gap-2 text-sand" data-testid="no-reminders">
                <BellRing aria-hidden className="size-4 text-muted" />
                No reminder sent yet.
              </p>
            ) : (
              <ul className="divide-y divide-line/60 border-y border-line/60" data-testid="reminders-sent">
                {reminders.data.reminders.map((reminder) => {
                  const earlier = reminderEarlierPlace(reminder, booking);
                  return (
                    <li key={`${reminder.kind}-${reminder.sentAt}`} className="flex items-start gap-3 py-3">
                      <Mail aria-hidden className="mt-0.5 size-4 shrink-0 text-gold" />
                      <div>
                        <p className="text-ivory">{reminderLine(reminder)}</p>
                        {earlier ? <p className="mt-0.5 text-sm text-muted">{earlier} (the booking moved since).</p> : null}
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </div>
      )}
    </>
  );
}

function GuestAnswer({ booking, data }: { booking: AdminBooking; data: Parameters<typeof guestAnswer>[1] }) {
  const answer = guestAnswer(booking, data);
  return (
    <section aria-labelledby="reminders-answer-heading" data-testid="reminders-answer">
      <h3 id="reminders-answer-heading" className="mb-3 text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand">
        The guest’s answer
      </h3>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <ToneBadge tone={answer.tone} className="gap-1.5">
          {data.attendanceConfirmedAt ? <CircleCheck aria-hidden className="size-3.5" /> : null}
          {answer.label}
        </ToneBadge>
        <p className="text-sm text-sand">{answer.detail}</p>
      </div>
    </section>
  );
}
