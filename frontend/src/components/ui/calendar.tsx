import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import {
  addDays,
  addMonths,
  firstDayOfMonth,
  formatFullDay,
  formatMonth,
  lastDayOfMonth,
  monthOf,
  monthWeeks,
  shiftMonth,
  utc,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type MonthRef,
} from './calendar-dates';

/*
 * A month calendar on yyyy-MM-dd dates (see calendar-dates). Keyboard: Tab
 * reaches one day; arrows move by a day or a week, Home/End to the week's
 * ends, PageUp/PageDown change the month, Enter/Space select.
 */

type CalendarProps = {
  month: MonthRef;
  onMonthChange: (month: MonthRef) => void;
  selected?: string;
  onSelect: (day: string) => void;
  today?: string;
  /** Marks drawn under the day number (icons, dots). */
  renderDay?: (day: string) => ReactNode;
  /** Extra words for a day's accessible name ("blacked out"). */
  describeDay?: (day: string) => string | undefined;
  className?: string;
  label?: string;
};

export function Calendar({
  month,
  onMonthChange,
  selected,
  onSelect,
  today,
  renderDay,
  describeDay,
  className,
  label = 'Calendar',
}: CalendarProps) {
  const weeks = monthWeeks(month);
  const first = firstDayOfMonth(month);
  const last = lastDayOfMonth(month);
  const inMonth = (day: string | undefined) => day !== undefined && day >= first && day <= last;
  const [focusDay, setFocusDay] = useState<string | undefined>(undefined);
  const tabbable = inMonth(focusDay) ? focusDay : inMonth(selected) ? selected : inMonth(today) ? today : first;
  const grid = useRef<HTMLTableElement>(null);
  const wantFocus = useRef(false);

  useEffect(() => {
    if (!wantFocus.current || !focusDay) return;
    wantFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay, month]);

  const moveTo = (day: string) => {
    wantFocus.current = true;
    setFocusDay(day);
    if (!inMonth(day)) onMonthChange(monthOf(day));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const weekday = utc(day).getUTCDay();
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => addDays(day, -weekday),
      End: () => addDays(day, 6 - weekday),
      PageUp: () => addMonths(day, -1),
      PageDown: () => addMonths(day, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  };

  const title = formatMonth(month);

  return (
    <div className={cn('select-none', className)}>
      <div className="mb-5 flex items-center justify-between gap-3">
        <button
          type="button"
          onClick={() => onMonthChange(shiftMonth(month, -1))}
          aria-label="Previous month"
          className="inline-flex size-10 cursor-pointer items-center justify-center border border-line text-sand transition-colors hover:border-gold/60 hover:text-gold-light"
        >
          <ChevronLeft aria-hidden className="size-4" />
        </button>
        <p aria-live="polite" className="font-display text-2xl text-ivory" data-testid="calendar-month">
          {title}
        </p>
        <button
          type="button"
          onClick={() => onMonthChange(shiftMonth(month, 1))}
          aria-label="Next month"
          className="inline-flex size-10 cursor-pointer items-center justify-center border border-line text-sand transition-colors hover:border-gold/60 hover:text-gold-light"
        >
          <ChevronRight aria-hidden className="size-4" />
        </button>
      </div>
      <table ref={grid} className="w-full table-fixed border-collapse" aria-label={`${label}, ${title}`}>
        <thead>
          <tr>
            {WEEKDAYS.map((d, i) => (
              <th
                key={d}
                scope="col"
                abbr={WEEKDAY_NAMES[i]}
                className="pb-3 text-center text-[0.65rem] font-medium uppercase tracking-wide-2 text-muted"
              >
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => {
                if (!day) return <td key={`empty-${w}-${i}`} className="p-0.5" />;
                const isSelected = day === selected;
                const isToday = day === today;
                const extra = describeDay?.(day);
                return (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === tabbable ? 0 : -1}
                      aria-pressed={isSelected}
                      aria-current={isToday ? 'date' : undefined}
                      aria-label={`${formatFullDay(day)}${isToday ? ', today' : ''}${extra ? `, ${extra}` : ''}`}
                      onClick={() => {
                        setFocusDay(day);
                        onSelect(day);
                      }}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      className={cn(
                        'flex h-16 w-full cursor-pointer flex-col items-center justify-start gap-1 border pt-2 text-sm transition-colors duration-200',
                        isSelected
                          ? 'border-gold bg-gold/15 text-gold-light'
                          : isToday
                            ? 'border-gold/60 bg-gold/5 text-gold hover:border-gold'
                            : 'border-line/60 bg-ink/40 text-sand hover:border-gold/50 hover:text-ivory',
                      )}
                    >
                      <span className={cn('leading-none', isToday ? 'font-semibold' : '')}>{Number(day.slice(8))}</span>
                      {renderDay ? <span className="flex h-4 items-center justify-center">{renderDay(day)}</span> : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
