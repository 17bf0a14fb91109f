import { Hourglass } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { CapacityDay, ServiceCapacity } from '../../shared/types';
import { dotTone, figureTone } from '../capacity-tones';
import { capacityFigure, capacityShare, capacityTone, serviceLabel, sourceLabel, waitingWords, type CapacityTone } from '../capacity-words';

/*
 * A day's capacity in the calendar: four short lines in each day cell ("Tiny
 * Home 1/1", and an hourglass with the guests waiting for it), four dots on a
 * phone, and the whole story in the day panel. The
 * cells are read out through the day's accessible name (describeDay), so what
 * is drawn in them is hidden from screen readers.
 */

/** What a calendar cell shows under the day's number. */
export function CapacityCell({ day }: { day: CapacityDay | undefined }) {
  if (!day) return null;
  return (
    <span aria-hidden data-capacity className="block w-full">
      <span className="flex items-center justify-center gap-[3px] md:hidden">
        {day.services.map((s) => (
          <span key={s.service} data-tone={capacityTone(s)} className={cn('size-1.5 rounded-full', dotTone[capacityTone(s)])} />
        ))}
      </span>
      <span className="hidden w-full flex-col gap-px px-1.5 md:flex xl:px-2">
        {day.services.map((s) => (
          <span
            key={s.service}
            data-service={s.service}
            data-tone={capacityTone(s)}
            className="flex items-baseline justify-between gap-1 text-[0.625rem] leading-3.5 tracking-normal"
          >
            <span className="truncate text-muted">{serviceLabel(s.service)}</span>{' '}
            <span className="flex shrink-0 items-baseline gap-1">
              {s.waiting > 0 ? (
                <span data-waiting={s.waiting} className="inline-flex items-center gap-px tabular-nums text-amber-200">
                  <Hourglass className="size-2.5 self-center" strokeWidth={2} />
                  {s.waiting}
                </span>
              ) : null}
              <span className={cn('tabular-nums', figureTone[capacityTone(s)], s.source === 'closed' && 'italic')}>
                {capacityFigure(s)}
              </span>
            </span>
          </span>
        ))}
      </span>
    </span>
  );
}

/** The selected day's four services: taken against capacity, a quiet bar, and where the figure comes from. */
export function DayCapacity({ day, loading }: { day: CapacityDay | undefined; loading: boolean }) {
  return (
    <div className="mt-5" data-testid="day-capacity">
      <p id="day-capacity-label" className="text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand">
        Taken this day
      </p>
      {day ? (
        <ul aria-labelledby="day-capacity-label" className="mt-3 grid gap-2 sm:grid-cols-2 xl:grid-cols-1">
          {day.services.map((s) => (
            <CapacityRow key={s.service} entry={s} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted">{loading ? 'Loading capacity…' : 'Capacity could not be loaded.'}</p>
      )}
    </div>
  );
}

function CapacityRow({ entry }: { entry: ServiceCapacity }) {
  const tone = capacityTone(entry);
  const share = capacityShare(entry);
  const waiting = waitingWords(entry);
  const spokenTail =
    entry.source === 'closed'
      ? entry.taken > 0
        ? `, ${entry.taken} taken`
        : ''
      : entry.capacity === null || entry.capacity === undefined
        ? ' taken, no limit'
        : ' taken';
  return (
    <li data-testid="capacity-line" data-service={entry.service} data-tone={tone} className="border border-line/60 bg-ink/40 px-3.5 py-3">
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm text-ivory">{serviceLabel(entry.service)}</span>{' '}
        <span className={cn('text-sm tabular-nums', figureTone[tone])}>
          {capacityFigure(entry)}
          <span className="sr-only">{spokenTail}</span>
        </span>
      </div>
      {share !== undefined ? (
        <span aria-hidden className="mt-2 block h-0.5 bg-line/80">
          <span
            className={cn('block h-full', tone === 'full' ? 'bg-orange-400' : 'bg-gold')}
            style={{ width: `${Math.round(share * 100)}%` }}
          />
        </span>
      ) : null}
      <p className="mt-1.5 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-muted">
        <span>{sourceLabel(entry.source)}</span>
        {waiting ? (
          <span data-testid="capacity-waiting" className="inline-flex items-center gap-1.5 text-amber-200">
            <Hourglass aria-hidden className="size-3" strokeWidth={1.75} />
            {waiting}
          </span>
        ) : null}
      </p>
    </li>
  );
}

/** The legend's words for the capacity marks: figures from a tablet up, dots on a phone. */
export function CapacityLegend() {
  const dots: Array<[CapacityTone, string]> = [
    ['free', 'free'],
    ['busy', 'some taken'],
    ['full', 'full'],
    ['closed', 'closed'],
  ];
  return (
    <ul className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 text-xs text-muted" aria-label="Capacity legend">
      <li className="w-full md:hidden">Dots under each day: Massage, Spa, Packages, Tiny Home</li>
      {dots.map(([tone, words]) => (
        <li key={tone} className="flex items-center gap-2 md:hidden">
          <span aria-hidden className={cn('size-1.5 rounded-full', dotTone[tone])} /> {words}
        </li>
      ))}
      <li className="hidden md:block">
        <span className="text-gold-light">5/15</span> taken of capacity
      </li>
      <li className="hidden md:block">
        <span className="text-sand">5</span> taken, no limit
      </li>
      <li className="hidden md:block">
        <span className="text-orange-300">1/1</span> full
      </li>
      <li className="hidden md:block">
        <span className="italic">closed</span> takes no one that day
      </li>
      <li className="hidden items-center gap-1 md:flex">
        <span className="inline-flex items-center gap-px text-amber-200">
          <Hourglass aria-hidden className="size-2.5" strokeWidth={2} />2
        </span>{' '}
        guests on the waitlist for it
      </li>
    </ul>
  );
}
