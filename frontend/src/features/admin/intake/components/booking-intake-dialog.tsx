import { ClipboardList, LockKeyhole, NotebookPen } from 'lucide-react';
import { useState } from 'react';
import { IntakeAnswerList } from '@/components/intake/intake-answer-list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatSlot } from '@/config/site';
import { useServiceNames } from '@/lib/api/catalogue/get-services';
import { ApiError, preferServerMessage } from '@/lib/api/errors';
import { formatCalendarDate, formatInstantDateTime } from '@/lib/dates';
import { formatStayRange } from '@/lib/stay-dates';
import { useReturnFocus } from '@/lib/use-return-focus';
import { useAdminSession } from '../../session/admin-session';
import type { AdminBooking } from '../../shared/types';
import { ToneBadge } from '../../shared/ui';
import { useBookingIntake, useMe } from '../api/intake';
import { intakeStatus } from '../intake-labels';

type Props = {
  booking: AdminBooking | undefined;
  onOpenChange: (open: boolean) => void;
};

/**
 * A booking's intake (docs/decisions.md §22): where its form stands
 * (complete, needs review, missing) for the whole team, and her answers,
 * as signed, for the members an owner allowed to read them, opened on
 * request (each opening is in the activity trail).
 */
export function BookingIntakeDialog({ booking, onOpenChange }: Props) {
  const { onCloseAutoFocus } = useReturnFocus(Boolean(booking));
  return (
    <Dialog open={Boolean(booking)} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={onCloseAutoFocus} data-testid="intake-dialog">
        {booking ? <IntakeDetails key={booking.id} booking={booking} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** Whether the signed-in member may open intake answers: as the server has it now, else as at her sign-in. */
function useMayReadIntake(): boolean {
  const me = useMe();
  const session = useAdminSession();
  return me.data?.canReadIntake ?? session?.user.canReadIntake ?? false;
}

function IntakeDetails({ booking }: { booking: AdminBooking }) {
  const serviceName = useServiceNames();
  const mayRead = useMayReadIntake();
  const [opened, setOpened] = useState(false);
  const status = intakeStatus(booking.intake ?? 'missing');
  const who = `${booking.firstName} ${booking.lastName}`;
  const when = booking.checkOut
    ? formatStayRange(booking.date, booking.checkOut, booking.nights)
    : `${formatCalendarDate(booking.date)} at ${formatSlot(booking.time)}`;
  const answered = booking.intake === 'complete' || booking.intake === 'needs_review';
  return (
    <>
      <DialogHeader>
        <p className="eyebrow mb-3">Intake</p>
        <DialogTitle>Intake of {who}</DialogTitle>
        <DialogDescription>
          {serviceName(booking.service)}, {when}.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-6">
        <section aria-labelledby="intake-status-heading" className="flex flex-col gap-2" data-testid="intake-status">
          <h3 id="intake-status-heading" className="sr-only">
            Where the form stands
          </h3>
          <p>
            <ToneBadge tone={status.tone}>Intake: {status.label}</ToneBadge>
          </p>
          <p className="text-sm text-sand">{status.detail}</p>
        </section>
        {!answered ? null : mayRead ? (
          opened ? (
            <IntakeAnswers bookingId={booking.id} />
          ) : (
            <div className="flex flex-col gap-4 border border-line/70 bg-ink/30 px-5 py-5 sm:flex-row sm:items-center sm:justify-between">
              <p className="flex items-start gap-3 text-sm text-sand">
                <NotebookPen aria-hidden className="mt-0.5 size-4 shrink-0 text-gold" strokeWidth={1.5} />
                Her answers are health data. Opening them is recorded in the activity trail, with your name.
              </p>
              <Button className="shrink-0" onClick={() => setOpened(true)}>
                <ClipboardList aria-hidden className="size-4" />
                Open intake answers
              </Button>
            </div>
          )
        ) : (
          <p className="flex items-start gap-3 border border-line/70 bg-ink/30 px-5 py-4 text-sm text-sand" data-testid="intake-no-access">
            <LockKeyhole aria-hidden className="mt-0.5 size-4 shrink-0 text-gold" strokeWidth={1.5} />
            Only members an owner allowed to read intake answers can open them (Team → May read intake answers).
          </p>
        )}
      </div>
    </>
  );
}

function IntakeAnswers({ bookingId }: { bookingId: string }) {
  const intake = useBookingIntake(bookingId, true);
  if (intake.isPending) {
    return (
      <div className="flex min-h-32 items-center justify-center">
        <Spinner label="Opening the answers…" />
      </div>
    );
  }
  if (intake.isError) {
    const fallback =
      intake.error instanceof ApiError && intake.error.status === 404
        ? 'No answers are kept for this booking.'
        : 'The answers could not be opened. Please try again.';
    return <Alert>{preferServerMessage(intake.error, fallback)}</Alert>;
  }
  const answers = intake.data;
  return (
    <section aria-labelledby="intake-answers-heading" className="grid gap-4" data-testid="intake-answers-view">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id="intake-answers-heading" className="font-display text-2xl text-ivory">
          {answers.form.title}
        </h3>
        <p className="text-xs text-muted">
          Version {answers.form.version}
          {answers.unchanged ? ' · kept from her last visit (“nothing has changed”)' : ''}
        </p>
      </div>
      <IntakeAnswerList form={answers.form} answers={answers.answers} flags />
      <p className="border-l border-gold/50 pl-4 text-sm text-sand" data-testid="intake-signature">
        {answers.signature ? (
          <>
            Signed <span className="font-display text-lg italic text-ivory">{answers.signature}</span> on{' '}
            {formatInstantDateTime(answers.signedAt)}
          </>
        ) : (
          <>Sent on {formatInstantDateTime(answers.signedAt)}</>
        )}
      </p>
    </section>
  );
}
