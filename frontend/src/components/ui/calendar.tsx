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
 *
 * Optionally a range: `selected` is its start and `rangeEnd` its end, the
 * days between tinted; with `rangePreview`, while only the start is chosen,
 * the day under the pointer (or focus) previews the range. Days `isDisabled`
 * marks are aria-disabled and muted: focus still moves over them, but they
 * cannot be selected.
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
  /** The end of a range that starts at `selected` (the days between are highlighted). */
  rangeEnd?: string;
  /** While only `selected` is chosen, preview the range up to the hovered or focused day. */
  rangePreview?: boolean;
  /** Days that cannot be selected: aria-disabled, muted, still reachable by the arrows. */
  isDisabled?: (day: string) => boolean;
  /** A disabled day pressed all the same (the booking dialog offers the waitlist for a full one). */
  onDisabledPress?: (day: string) => void;
  /** The earliest month shown (no paging before it). */
  minMonth?: MonthRef;
  /**
   * `compact` has shorter day cells (for a dialog); `roomy` taller ones from a
   * tablet up, whose `renderDay` gets a column of lines (the owner's figures).
   */
  size?: 'default' | 'compact' | 'roomy';
};

const monthKey = ({ year, month }: MonthRef) => year * 12 + month;

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
  rangeEnd,
  rangePreview = false,
  isDisabled,
  onDisabledPress,
  minMonth,
  size = 'default',
}: CalendarProps) {
  const weeks = monthWeeks(month);
  const first = firstDayOfMonth(month);
  const last = lastDayOfMonth(month);
  const inMonth = (day: string | undefined) => day !== undefined && day >= first && day <= last;
  const [focusDay, setFocusDay] = useState<string | undefined>(undefined);
  const tabbable = inMonth(focusDay) ? focusDay : inMonth(selected) ? selected : inMonth(today) ? today : first;
  const grid = useRef<HTMLTableElement>(null);
  const wantFocus = useRef(false);
  const [pointDay, setPointDay] = useState<string | undefined>(undefined);
  const atMin = minMonth !== undefined && monthKey(month) <= monthKey(minMonth);
  // The range shown: the chosen end, else (previewing) the day pointed at after the start.
  const previewEnd =
    rangePreview && selected && !rangeEnd && pointDay && pointDay > selected && !isDisabled?.(pointDay) ? pointDay : undefined;
  const end = selected && rangeEnd && rangeEnd > selected ? rangeEnd : previewEnd;

  useEffect(() => {
    if (!wantFocus.current || !focusDay) return;
    wantFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay, month]);

  const moveTo = (day: string) => {
    if (minMonth && monthKey(monthOf(day)) < monthKey(minMonth)) return;
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
          disabled={atMin}
          className="inline-flex size-10 cursor-pointer items-center justify-center border border-line text-sand transition-colors hover:border-gold/60 hover:text-gold-light disabled:cursor-default disabled:opacity-35 disabled:hover:border-line disabled:hover:text-sand"
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
      <table
        ref={grid}
        className="w-full table-fixed border-collapse"
        aria-label={`${label}, ${title}`}
        onMouseLeave={rangePreview ? () => setPointDay(undefined) : undefined}
      >
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
                const isStart = day === selected;
                const isEnd = end !== undefined && day === end;
                const isBetween = selected !== undefined && end !== undefined && day > selected && day < end;
                const isPreview = end !== undefined && end === previewEnd && (isBetween || isEnd);
                const isSelected = isStart || (isEnd && !isPreview);
                const isToday = day === today;
                const disabled = isDisabled?.(day) ?? false;
                const extra = describeDay?.(day);
                return (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      data-range={isStart && end ? 'start' : isEnd ? 'end' : isBetween ? 'between' : undefined}
                      tabIndex={day === tabbable ? 0 : -1}
                      aria-pressed={isSelected}
                      aria-current={isToday ? 'date' : undefined}
                      aria-disabled={disabled || undefined}
                      aria-label={`${formatFullDay(day)}${isToday ? ', today' : ''}${extra ? `, ${extra}` : ''}`}
                      onClick={() => {
                        setFocusDay(day);
                        if (!disabled) onSelect(day);
                        else onDisabledPress?.(day);
                      }}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      onMouseEnter={rangePreview ? () => setPointDay(day) : undefined}
                      onFocus={() => {
                        // Follows focus however it came (a click, a screen reader), so the arrows start from here.
                        setFocusDay(day);
                        if (rangePreview) setPointDay(day);
                      }}
                      className={cn(
                        'flex w-full flex-col items-center justify-start gap-1 border text-sm transition-colors duration-200',
                        size === 'compact' ? 'h-11 pt-2 sm:h-12 sm:pt-2.5' : size === 'roomy' ? 'h-16 pt-2 md:h-28' : 'h-16 pt-2',
                        disabled ? 'cursor-not-allowed' : 'cursor-pointer',
                        // A day of the range keeps its tint even when it cannot be chosen again.
                        isSelected
                          ? end
                            ? 'border-gold bg-gold/25 text-ivory'
                            : 'border-gold bg-gold/15 text-gold-light'
                          : isBetween || isEnd
                            ? isPreview
                              ? 'border-dashed border-gold/45 bg-gold/[0.06] text-gold-light'
                              : 'border-gold/30 bg-gold/10 text-gold-light'
                            : disabled
                              ? cn(
                                  'bg-transparent text-muted/55 line-through decoration-muted/40',
                                  isToday ? 'border-gold/25' : 'border-line/25',
                                )
                              : isToday
                                ? 'border-gold/60 bg-gold/5 text-gold hover:border-gold'
                                : 'border-line/60 bg-ink/40 text-sand hover:border-gold/50 hover:text-ivory',
                      )}
                    >
                      <span className={cn('leading-none', isToday || (isSelected && end) ? 'font-semibold' : '')}>
                        {Number(day.slice(8))}
                      </span>
                      {renderDay ? (
                        <span className={cn('flex items-center justify-center', size === 'roomy' ? 'flex-col gap-1 self-stretch' : 'h-4')}>
                          {renderDay(day)}
                        </span>
                      ) : null}
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
