import { CalendarCheck, CalendarDays, CalendarPlus, Clock, LogIn, LogOut, Star } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { InvalidLinkNotice, RetreatContact } from '@/components/layout/retreat-contact';
import { formatFullDay } from '@/components/ui/calendar-dates';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/ui/state';
import { toast } from '@/components/ui/toast-store';
import { formatSlot, site, stayRules } from '@/config/site';
import { hasErrorCode, preferServerMessage } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { displayMoney } from '@/lib/money';
import { nightsBetween, nightsLabel } from '@/lib/stay-dates';
import { useReturnFocus } from '@/lib/use-return-focus';
import { useCancelGuestBooking } from '../api/cancel-guest-booking';
import { useConfirmAttendance } from '../api/confirm-attendance';
import { useConfirmDeposit } from '../api/confirm-deposit';
import { useGuestBooking } from '../api/get-guest-booking';
import { useMoveGuestBooking, type MoveRequest } from '../api/move-guest-booking';
import { formatLocalDateTime, guestDepositStates, guestStatuses, serviceName, type GuestBooking } from '../booking-words';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { IntakeSection } from './intake-section';

/**
 * Where the guest chooses another time (the booking feature's calendars, given
 * by the page that shows this one): `onMove` sends her choice.
 */
export type MoveDialogSlot = (props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  booking: GuestBooking;
  busy: boolean;
  error: string | null;
  onMove: (choice: MoveRequest) => void;
  onCloseAutoFocus: (event: Event) => void;
}) => ReactNode;

type ManageBookingProps = { token: string; onBookAgain: () => void; moveDialog: MoveDialogSlot };

/**
 * /bookings/manage/:token: the booking a guest's mail link names, moving it
 * and cancelling it while that is still allowed.
 */
export function ManageBooking({ token, onBookAgain, moveDialog }: ManageBookingProps) {
  const booking = useGuestBooking(token);

  // A dead link wins over anything cached: it may have become invalid on a later call.
  if (hasErrorCode(booking.error, 'invalid_link')) {
    return (
      <InvalidLinkNotice>
        <p>
          Booking links work until your visit is over, and only exactly as we sent them. Please call or write to us and we will gladly look
          up your booking.
        </p>
      </InvalidLinkNotice>
    );
  }
  if (booking.data) return <BookingCard token={token} booking={booking.data} onBookAgain={onBookAgain} moveDialog={moveDialog} />;
  if (booking.isPending) return <BookingSkeleton />;
  return <LoadError what="booking" />;
}

function Fact({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="relative pl-9">
      <dt className="text-xs uppercase tracking-luxe text-muted">
        <span className="absolute left-0 top-1 text-gold">{icon}</span>
        {term}
      </dt>
      <dd className="mt-1 text-lg text-ivory">{children}</dd>
    </div>
  );
}

function BookingCard({ token, booking, onBookAgain, moveDialog }: ManageBookingProps & { booking: GuestBooking }) {
  const cancel = useCancelGuestBooking(token);
  const move = useMoveGuestBooking(token);
  const navigate = useNavigate();
  // A reminder's Change and Cancel open this page with `?answer=`: their
  // dialogs open with it (nothing changes until she says so there).
  const [params, setParams] = useSearchParams();
  const answer = params.get('answer');
  const [confirming, setConfirming] = useState(() => answer === 'cancel' && booking.cancellable);
  const [moving, setMoving] = useState(() => answer === 'change' && booking.movable);
  // The calendars load on the first "Change date", not with the page.
  const [moveAsked, setMoveAsked] = useState(moving);
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocus = useReturnFocus();
  // Arrived from the booking dialog, or from a move: the dialog is gone, and her booking's heading takes the focus.
  const arrived = useLocation().state as { requested?: boolean; moved?: boolean } | null;
  const landed = arrived?.requested === true || arrived?.moved === true;
  useEffect(() => {
    if (landed) heading.current?.focus();
  }, [landed, token]);

  // A reminder's Confirm brings "Yes, I will be there" to hand (Change and
  // Cancel opened their dialogs as the card appeared, above); the answer is
  // handled once, so a reload shows the page as it is.
  const attendance = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!answer) return;
    if (answer === 'confirm') attendance.current?.focus();
    setParams({}, { replace: true, preventScrollReset: true });
  }, [answer, setParams]);
  const status = guestStatuses[booking.status] ?? { label: booking.status, className: guestStatuses.pending.className };
  const name = serviceName(booking);
  const day = formatFullDay(booking.date);
  const time = formatSlot(booking.time);
  const cancelled = booking.status === 'cancelled';
  // A Tiny Home stay: check-in and check-out days instead of a date and a time.
  const checkOut = booking.checkOut ?? undefined;
  const nights = checkOut ? (booking.nights ?? nightsBetween(booking.date, checkOut)) : 0;
  const struck = cn(cancelled && 'text-sand line-through decoration-rose-300/60');
  const what = checkOut ? `${name}, ${nightsLabel(nights)} from ${day} to ${formatFullDay(checkOut)}` : `${name} on ${day} at ${time}`;

  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Booking cancelled', description: 'We have let the retreat know. A note is on its way to your inbox.' });
      },
      onError: (error) => {
        setConfirming(false);
        if (hasErrorCode(error, 'invalid_link')) return; // the page turns into the invalid-link notice
        if (hasErrorCode(error, 'already_cancelled')) {
          toast({ title: 'Already cancelled', description: 'This booking had already been cancelled.' });
        } else if (hasErrorCode(error, 'cancellation_closed')) {
          toast({
            title: 'Too late to cancel online',
            description: `Please call us at ${site.phone} and we will gladly help.`,
            variant: 'destructive',
          });
        } else {
          toast({
            title: 'Your booking was not cancelled',
            description: `Something went wrong. Please try again in a moment, or call us at ${site.phone}.`,
            variant: 'destructive',
          });
        }
      },
    });

  const moveTo = (choice: MoveRequest) =>
    move.mutate(choice, {
      onSuccess: (moved) => {
        setMoving(false);
        toast({ title: 'Your visit has moved', description: 'A note with your calendar update is on its way to your inbox.' });
        // The page's link follows the visit's new date.
        void navigate(`/bookings/manage/${encodeURIComponent(moved.manageToken)}`, { replace: true, state: { moved: true } });
      },
    });
  const moveError =
    move.error && !hasErrorCode(move.error, 'invalid_link')
      ? preferServerMessage(move.error, `Your visit was not moved. Please try again in a moment, or call us at ${site.phone}.`)
      : null;

  return (
    <>
      <section
        aria-labelledby="booking-heading"
        data-testid="guest-booking"
        className="relative isolate overflow-hidden border border-gold/30 bg-surface shadow-2xl shadow-black/40"
      >
        <div aria-hidden className="grain absolute inset-0 -z-10" />
        <div className="px-6 py-9 sm:px-10 sm:py-11">
          <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <p className="eyebrow">
                Reserved for {booking.firstName}
                {checkOut ? <span data-testid="stay-nights"> · {nightsLabel(nights)}</span> : null}
              </p>
              <h2
                id="booking-heading"
                ref={heading}
                tabIndex={-1}
                className="mt-3 font-display text-4xl text-ivory outline-none sm:text-5xl"
              >
                {name}
              </h2>
            </div>
            <span
              data-testid="booking-status"
              className={cn(
                'inline-flex items-center self-start whitespace-nowrap border px-3 py-1 text-[0.68rem] font-medium uppercase tracking-wide-2',
                status.className,
              )}
            >
              {status.label}
            </span>
          </div>
          <span className="gold-rule mt-7 bg-gold" />
          {checkOut ? (
            <dl className="mt-8 grid gap-6 sm:grid-cols-2">
              <Fact icon={<LogIn aria-hidden className="size-5" strokeWidth={1.5} />} term="Check-in">
                <span className={struck}>{day}</span>
                <span className="mt-0.5 block text-sm text-muted">
                  from {formatSlot(stayRules.checkInTime)}, Idyllwild time ({booking.timeZoneAbbreviation})
                </span>
              </Fact>
              <Fact icon={<LogOut aria-hidden className="size-5" strokeWidth={1.5} />} term="Check-out">
                <span className={struck}>{formatFullDay(checkOut)}</span>
                <span className="mt-0.5 block text-sm text-muted">by {formatSlot(stayRules.checkOutTime)}</span>
              </Fact>
            </dl>
          ) : (
            <dl className="mt-8 grid gap-6 sm:grid-cols-2">
              <Fact icon={<CalendarDays aria-hidden className="size-5" strokeWidth={1.5} />} term="Date">
                <span className={struck}>{day}</span>
              </Fact>
              <Fact icon={<Clock aria-hidden className="size-5" strokeWidth={1.5} />} term="Time">
                <span className={struck}>{time}</span>
                <span className="ml-2 text-sm text-muted" data-testid="booking-zone">
                  Idyllwild time ({booking.timeZoneAbbreviation})
                </span>
              </Fact>
            </dl>
          )}
          {booking.ratingToken ? <RateVisit ratingToken={booking.ratingToken} /> : null}
          {booking.status === 'confirmed' ? (
            <Attendance token={token} confirmed={booking.attendanceConfirmed} button={attendance} stay={Boolean(checkOut)} />
          ) : null}
          {booking.deposit && booking.deposit.state !== 'none' ? (
            <DepositFacts token={token} booking={booking} deposit={booking.deposit} />
          ) : null}
          {cancelled ? null : <AddToCalendar booking={booking} />}
        </div>

        <div className="border-t border-line bg-ink/30 px-6 py-7 sm:px-10" data-testid="booking-next">
          {cancelled ? (
            <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
              <p className="max-w-md text-sand">
                This booking is cancelled and its place is free again. We hope to welcome you another time.
              </p>
              <Button className="shrink-0" onClick={onBookAgain}>
                Book another visit
              </Button>
            </div>
          ) : booking.cancellable ? (
            <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
              <div className="max-w-md text-sand">
                <p>
                  Plans changed? You can cancel online until{' '}
                  <span className="text-ivory">{formatLocalDateTime(booking.cancellableUntil, booking.timeZoneAbbreviation)}</span>.
                </p>
                {booking.movable ? (
                  <p className="mt-2" data-testid="movable-until">
                    Or move your visit to another day: you can move it online until{' '}
                    <span className="text-ivory">{formatLocalDateTime(booking.movableUntil, booking.timeZoneAbbreviation)}</span>.
                  </p>
                ) : booking.notMovableReason ? (
                  <p className="mt-2 text-sm text-muted" data-testid="not-movable-reason">
                    {booking.notMovableReason}
                  </p>
                ) : null}
              </div>
              <div className="flex shrink-0 flex-col gap-3 sm:items-end">
                {booking.movable ? (
                  <Button
                    onClick={(event) => {
                      returnFocus.remember(event.currentTarget);
                      move.reset();
                      setMoveAsked(true);
                      setMoving(true);
                    }}
                  >
                    {checkOut ? 'Change dates' : 'Change date or time'}
                  </Button>
                ) : null}
                <Button
                  variant="outline"
                  onClick={(event) => {
                    returnFocus.remember(event.currentTarget);
                    setConfirming(true);
                  }}
                >
                  Cancel booking
                </Button>
              </div>
            </div>
          ) : (
            <div>
              <p className="text-sand" data-testid="not-cancellable-reason">
                {booking.notCancellableReason ?? 'This booking can no longer be changed online.'}
              </p>
              <RetreatContact className="mt-5" />
            </div>
          )}
        </div>
      </section>

      <IntakeSection token={token} booking={booking} />

      {booking.cancellable || cancelled ? (
        <p className="mt-8 text-center text-sm text-muted">
          Questions about your visit? Call us at{' '}
          <a href={site.phoneHref} className="text-sand underline decoration-gold/40 underline-offset-4 hover:text-gold-light">
            {site.phone}
          </a>{' '}
          or write to{' '}
          <a
            href={`mailto:${site.email}`}
            className="break-all text-sand underline decoration-gold/40 underline-offset-4 hover:text-gold-light"
          >
            {site.email}
          </a>
          .
        </p>
      ) : null}

      {moveAsked
        ? moveDialog({
            open: moving,
            onOpenChange: (open) => {
              if (!move.isPending) setMoving(open);
            },
            booking,
            busy: move.isPending,
            error: moveError,
            onMove: moveTo,
            onCloseAutoFocus: (event) => {
              // Moved, the page is the booking's new one: its heading takes the focus.
              if (move.isSuccess) event.preventDefault();
              else returnFocus.onCloseAutoFocus(event);
            },
          })
        : null}

      <CancelBookingDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!cancel.isPending) setConfirming(open);
        }}
        what={what}
        policy={booking.deposit && booking.deposit.state !== 'none' ? booking.cancellationPolicy : null}
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCloseAutoFocus={(event) => {
          // Cancelled, the button that opened the dialog is gone: the booking's heading takes focus.
          if (cancel.isSuccess) {
            event.preventDefault();
            heading.current?.focus();
          } else {
            returnFocus.onCloseAutoFocus(event);
          }
        }}
      />
    </>
  );
}

/**
 * "Will you be with us?": her answer to the reminders, for this booking and
 * the rest of its visit; once given, a word of thanks in its place.
 */
function Attendance({
  token,
  confirmed,
  button,
  stay,
}: {
  token: string;
  confirmed: boolean;
  button: React.RefObject<HTMLButtonElement | null>;
  stay: boolean;
}) {
  const confirm = useConfirmAttendance(token);
  return (
    <section
      aria-labelledby="attendance-heading"
      className="mt-8 flex flex-col gap-4 border border-gold/40 bg-gold/5 px-5 py-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="attendance"
    >
      <div>
        <h3 id="attendance-heading" className="flex items-center gap-2 text-xs uppercase tracking-luxe text-muted">
          <CalendarCheck aria-hidden className="size-4 text-gold" strokeWidth={1.5} />
          Will you be with us?
        </h3>
        <p className="mt-1 text-sand" role="status">
          {confirmed
            ? 'Thank you: we know you are coming, and everything will be ready for you.'
            : `One click tells us you are coming${stay ? ', for your stay and the treatments booked inside it' : ''}.`}
        </p>
        {confirm.error ? (
          <p className="mt-2 text-sm text-rose-200">
            {preferServerMessage(confirm.error, `Your answer did not reach us. Please try again, or call us at ${site.phone}.`)}
          </p>
        ) : null}
      </div>
      {confirmed ? null : (
        <Button ref={button} className="shrink-0" disabled={confirm.isPending} onClick={() => confirm.mutate()}>
          {confirm.isPending ? 'Sending…' : 'Yes, I will be there'}
        </Button>
      )}
    </section>
  );
}

/** Once the visit is over: the way to the page where she rates it (issue 43). */
function RateVisit({ ratingToken }: { ratingToken: string }) {
  return (
    <section
      aria-labelledby="rate-visit-heading"
      className="mt-8 flex flex-col gap-4 border border-gold/40 bg-gold/5 px-5 py-5 sm:flex-row sm:items-center sm:justify-between"
      data-testid="rate-visit"
    >
      <div>
        <h3 id="rate-visit-heading" className="flex items-center gap-2 text-xs uppercase tracking-luxe text-muted">
          <Star aria-hidden className="size-4 text-gold" strokeWidth={1.5} />
          How was your visit?
        </h3>
        <p className="mt-1 text-sand">A few stars and, if you like, a word or two: they help us and the guests who come after you.</p>
      </div>
      <Button asChild className="shrink-0">
        <Link to={`/visits/rate?token=${encodeURIComponent(ratingToken)}`}>Rate your visit</Link>
      </Button>
    </section>
  );
}

/**
 * "Add to calendar": Google Calendar and Outlook open with the visit filled
 * in (their addresses carry its words and times, never this page's signed
 * link, and are opened without a referrer), and an `.ics` file for Apple
 * Calendar and the rest, with the UID of the invitations mailed later.
 */
function AddToCalendar({ booking }: { booking: GuestBooking }) {
  const links = booking.addToCalendar;
  const item =
    'inline-flex h-11 items-center justify-center gap-2 border border-gold/60 px-5 text-xs font-medium uppercase tracking-wide-2 text-gold transition-colors hover:bg-gold hover:text-ink';
  return (
    <section aria-labelledby="calendar-heading" className="mt-8" data-testid="add-to-calendar">
      <h3 id="calendar-heading" className="flex items-center gap-2 text-xs uppercase tracking-luxe text-muted">
        <CalendarPlus aria-hidden className="size-4 text-gold" strokeWidth={1.5} />
        Add to calendar
      </h3>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <a className={item} href={links.googleUrl} target="_blank" rel="noopener noreferrer">
          Google Calendar
        </a>
        <a className={item} href={links.outlookUrl} target="_blank" rel="noopener noreferrer">
          Outlook
        </a>
        <a className={item} href={links.icsPath} download="golden-pine-visit.ics">
          Apple Calendar & others (.ics)
        </a>
      </div>
    </section>
  );
}

/** The booking's deposit, the cancellation policy, and the bank's step when it waits for the guest. */
function DepositFacts({
  token,
  booking,
  deposit,
}: {
  token: string;
  booking: GuestBooking;
  deposit: NonNullable<GuestBooking['deposit']>;
}) {
  const confirm = useConfirmDeposit(token);
  const clientSecret = deposit.state === 'requires_authentication' ? deposit.clientSecret : null;
  return (
    <section aria-labelledby="deposit-heading" className="mt-8 border border-line/70 bg-ink/30 px-5 py-5" data-testid="guest-deposit">
      <h3 id="deposit-heading" className="text-xs uppercase tracking-luxe text-muted">
        Deposit
      </h3>
      <p className="mt-1 text-lg text-ivory">
        {displayMoney(deposit.amount)}
        <span className="ml-2 text-sm text-sand" data-testid="guest-deposit-state">
          {guestDepositStates[deposit.state]}
        </span>
      </p>
      {deposit.refunded !== '0.00' ? <p className="text-sm text-sand">{displayMoney(deposit.refunded)} refunded to your card.</p> : null}
      {booking.cancellationPolicy ? <p className="mt-3 text-sm text-sand">{booking.cancellationPolicy}</p> : null}
      {booking.freeCancellationUntil && booking.status !== 'cancelled' ? (
        <p className="mt-1 text-sm text-sand">
          Free cancellation until{' '}
          <span className="text-ivory" data-testid="free-cancellation-until">
            {formatLocalDateTime(booking.freeCancellationUntil, booking.timeZoneAbbreviation)}
          </span>
          .
        </p>
      ) : null}
      {clientSecret ? (
        <div className="mt-5 grid gap-3">
          <Button
            className="justify-self-start"
            disabled={confirm.isPending}
            onClick={() =>
              confirm.mutate(clientSecret, {
                onSuccess: () => toast({ title: 'Deposit confirmed', description: 'Thank you. Your booking is all set.' }),
              })
            }
          >
            {confirm.isPending ? 'Waiting for your bank…' : 'Confirm your deposit'}
          </Button>
          {confirm.error ? <Alert>{confirm.error.message}</Alert> : null}
        </div>
      ) : null}
    </section>
  );
}

/** One line of text's height (body text, line-height 1.7), with a bar in it. */
function TextLine({ className }: { className?: string }) {
  return (
    <div className="flex h-[1.7rem] items-center">
      <Skeleton className={cn('h-4', className)} />
    </div>
  );
}

/**
 * The card's shape while the booking loads, line for line the height of the
 * loaded one (and of the line under it), so nothing moves when it arrives.
 */
function BookingSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading your booking…</span>
      <div className="border border-gold/30 bg-surface">
        <div className="px-6 py-9 sm:px-10 sm:py-11">
          <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <Skeleton className="my-0.5 h-4 w-36" />
              <Skeleton className="mt-3.5 h-10 w-64 sm:h-12 sm:w-80" />
            </div>
            <Skeleton className="h-7 w-40" />
          </div>
          <Skeleton className="mt-7 h-px w-16" />
          <div className="mt-8 grid gap-6 sm:grid-cols-2">
            {[0, 1].map((i) => (
              <div key={i} className="relative pl-9">
                <Skeleton className="absolute left-0 top-1 size-5" />
                <Skeleton className="h-4 w-16" />
                <Skeleton className="mt-1 h-7 w-56" />
              </div>
            ))}
          </div>
        </div>
        <div className="border-t border-line bg-ink/30 px-6 py-7 sm:px-10">
          <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
            <div className="w-full max-w-md">
              <TextLine className="w-full" />
              <TextLine className="w-2/3" />
            </div>
            <Skeleton className="h-11 w-full shrink-0 sm:w-44" />
          </div>
        </div>
      </div>
      {/* The line under the card: two lines on a phone, one from sm up. */}
      <div className="mt-8 flex flex-col items-center">
        <div className="flex h-5 w-full items-center justify-center">
          <Skeleton className="h-3.5 w-full max-w-[30rem]" />
        </div>
        <div className="flex h-5 w-full items-center justify-center sm:hidden">
          <Skeleton className="h-3.5 w-2/3" />
        </div>
      </div>
    </div>
  );
}
