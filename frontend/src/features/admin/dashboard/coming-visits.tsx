import { formatFullDay } from '@/components/ui/calendar-dates';
import { Spinner } from '@/components/ui/spinner';
import { bookingServices, formatSlot } from '@/config/site';
import { cn } from '@/lib/cn';
import { businessToday, formatInstantDateTime } from '@/lib/dates';
import { useComingVisits, type ComingVisit } from './api/get-coming-visits';

type Answer = ComingVisit['answer'];

/** Each answer in the owner's words, with its badge's colours. */
const answers: Record<Answer, { label: string; className: string }> = {
  confirmed: { label: 'Will be there', className: 'border-emerald-300/40 bg-emerald-300/10 text-emerald-200' },
  asked: { label: 'Asked, no answer yet', className: 'border-amber-300/40 bg-amber-300/10 text-amber-200' },
  not_asked: { label: 'Not asked yet', className: 'border-line bg-ink/40 text-sand' },
  request_pending: { label: 'Request to confirm', className: 'border-rose-300/40 bg-rose-300/10 text-rose-200' },
};

const serviceLabel = (key: string) => bookingServices.find((s) => s.value === key)?.label ?? key;

/**
 * Today's and tomorrow's visits, and which of them the guest has not
 * confirmed yet (a reminder asked and no answer came, none has asked, or the
 * retreat has not confirmed the request): who to call before the day.
 */
export function ComingVisits() {
  const coming = useComingVisits();
  const today = businessToday();
  const visits = coming.data ?? [];
  const open = visits.filter((v) => v.answer !== 'confirmed').length;
  return (
    <section
      aria-labelledby="coming-visits-heading"
      className="relative mt-4 border border-line bg-surface/80 px-4 py-4 sm:px-6"
      data-testid="coming-visits"
    >
      <span aria-hidden className="absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-gold/60 to-transparent" />
      <div className="mb-3 flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id="coming-visits-heading" className="font-display text-2xl leading-tight text-ivory">
          Today and tomorrow
        </h2>
        {coming.data ? (
          <p className="text-xs text-muted" data-testid="coming-visits-open">
            {visits.length === 0
              ? 'No visits'
              : open === 0
                ? `${visits.length} visit${visits.length === 1 ? '' : 's'}, every guest has confirmed`
                : `${open} of ${visits.length} not yet confirmed by the guest`}
          </p>
        ) : null}
      </div>
      {coming.isPending ? (
        <div className="flex min-h-16 items-center justify-center">
          <Spinner label="Loading the coming visits…" />
        </div>
      ) : coming.isError ? (
        <p className="text-sm text-sand">The coming visits could not be loaded. Please reload the page.</p>
      ) : visits.length === 0 ? (
        <p className="text-sm text-sand">No bookings begin today or tomorrow.</p>
      ) : (
        <ul className="divide-y divide-line/60">
          {visits.map(({ booking, answer, reminders }) => {
            const last = reminders[reminders.length - 1];
            return (
              <li key={booking.id} className="flex flex-col gap-2 py-2.5 sm:flex-row sm:items-center sm:gap-4">
                <p className="w-40 shrink-0 text-sm text-sand">
                  <span className={cn(booking.date === today && 'text-gold')}>{booking.date === today ? 'Today' : 'Tomorrow'}</span>,{' '}
                  {formatSlot(booking.time)}
                  <span className="sr-only"> ({formatFullDay(booking.date)})</span>
                </p>
                <p className="min-w-0 flex-1 text-ivory">
                  {booking.firstName} {booking.lastName}
                  <span className="text-sand"> · {serviceLabel(booking.service)}</span>
                  {last ? (
                    <span className="block text-xs text-muted">
                      {last.kind === 'first' ? 'First' : 'Second'} reminder sent {formatInstantDateTime(last.sentAt)}
                    </span>
                  ) : null}
                </p>
                <span
                  className={cn(
                    'inline-flex items-center self-start whitespace-nowrap border px-2.5 py-0.5 text-[0.68rem] font-medium uppercase tracking-wide-2 sm:self-center',
                    answers[answer].className,
                  )}
                >
                  {answers[answer].label}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
