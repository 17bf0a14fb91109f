import { useEffect } from 'react';
import { addDays, utc, WEEKDAYS } from '@/components/ui/calendar-dates';
import { Spinner } from '@/components/ui/spinner';
import { businessToday } from '@/lib/dates';
import { cn } from '@/lib/cn';
import { formatUtcDay } from '@/lib/utc-day-format';
import { useCapacityRange } from '../calendar/api/get-capacity';
import { capacityFigure, capacityServices, capacitySpoken, capacityTone, capacityOn } from '../calendar/capacity-words';
import { figureTone } from '../calendar/capacity-tones';

export const NEXT_DAYS = 14;

/** The fortnight ahead at a glance: each service's taken places against its capacity, day by day. */
export function NextFourteenDays() {
  const today = businessToday();
  const days = Array.from({ length: NEXT_DAYS }, (_, i) => addDays(today, i));
  const capacity = useCapacityRange(today, days[days.length - 1]!);

  useEffect(() => {
    if (capacity.error) console.error('Loading the next fourteen days failed', capacity.error);
  }, [capacity.error]);

  return (
    <section
      aria-labelledby="next-days-heading"
      className="relative mt-4 border border-line bg-surface/80 px-4 py-4 sm:px-6"
      data-testid="next-days"
    >
      <span aria-hidden className="absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-gold/60 to-transparent" />
      <div className="mb-2.5 flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id="next-days-heading" className="font-display text-2xl leading-tight text-ivory">
          The next fourteen days
        </h2>
        <p className="text-xs text-muted">Taken of capacity · a number alone has no limit · orange is full</p>
      </div>
      {capacity.data ? (
        <div
          className="relative -mx-1 overflow-x-auto px-1"
          tabIndex={0}
          role="region"
          aria-label="The next fourteen days, scrollable"
          data-testid="next-days-scroller"
        >
          <table className="w-full min-w-[56rem] table-fixed border-collapse text-sm">
            <caption className="sr-only">Places taken against capacity for each service over the next fourteen days</caption>
            <thead>
              <tr>
                <th
                  scope="col"
                  className="sticky left-0 z-10 w-24 bg-surface pb-1.5 text-left text-[0.65rem] font-medium uppercase tracking-wide-2 text-muted sm:w-28"
                >
                  Service
                </th>
                {days.map((day) => {
                  const date = utc(day);
                  const isToday = day === today;
                  // "Thu 26"; a month's first day names its month ("Dec 1"); today says so.
                  const words = isToday
                    ? 'Today'
                    : date.getUTCDate() === 1
                      ? formatUtcDay(date, 'monthDay')
                      : `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()}`;
                  return (
                    <th
                      key={day}
                      scope="col"
                      data-date={day}
                      className={cn(
                        'pb-1.5 text-center text-[0.68rem] font-medium uppercase tracking-wide-2',
                        isToday ? 'text-gold' : 'text-sand',
                      )}
                    >
                      <span aria-hidden>{words}</span>
                      <span className="sr-only">{formatUtcDay(date, 'weekdayMonthDay')}</span>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {capacityServices.map(({ key, label }) => (
                <tr key={key} className="border-t border-line/60">
                  <th scope="row" className="sticky left-0 z-10 bg-surface py-1 pr-3 text-left text-sm font-normal text-ivory">
                    {label}
                  </th>
                  {days.map((day) => {
                    const entry = capacityOn(capacity.data, day)?.services.find((s) => s.service === key);
                    if (!entry) {
                      return (
                        <td key={day} className="py-1 text-center text-muted">
                          —
                        </td>
                      );
                    }
                    const tone = capacityTone(entry);
                    return (
                      <td
                        key={day}
                        data-date={day}
                        data-service={key}
                        data-tone={tone}
                        title={capacitySpoken(entry)}
                        className={cn('py-1 text-center tabular-nums', figureTone[tone], day === today && 'bg-gold/[0.06]')}
                      >
                        <span className={cn(entry.source === 'closed' && 'text-xs italic')}>{capacityFigure(entry)}</span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : capacity.isError ? (
        <p className="py-6 text-sm text-muted">The next fourteen days could not be loaded. Please refresh the page.</p>
      ) : (
        <div className="flex min-h-40 items-center justify-center">
          <Spinner label="Loading the next fourteen days…" />
        </div>
      )}
    </section>
  );
}
