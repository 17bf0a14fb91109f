import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Calendar } from './calendar';
import type { MonthRef } from './calendar-dates';

function Harness({ onSelect }: { onSelect?: (day: string) => void }) {
  const [month, setMonth] = useState<MonthRef>({ year: 2026, month: 11 });
  const [selected, setSelected] = useState<string | undefined>();
  return (
    <Calendar
      month={month}
      onMonthChange={setMonth}
      selected={selected}
      onSelect={(day) => {
        setSelected(day);
        onSelect?.(day);
      }}
      today="2026-12-18"
      describeDay={(day) => (day === '2026-12-24' ? 'blacked out' : undefined)}
    />
  );
}

afterEach(cleanup);

describe('Calendar', () => {
  it('shows the month, labels days, and selects on click', () => {
    const picked: string[] = [];
    render(<Harness onSelect={(d) => picked.push(d)} />);
    expect(screen.getByText('December 2026')).toBeTruthy();
    const today = screen.getByRole('button', { name: 'Friday, December 18, 2026, today' });
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.getAttribute('tabindex')).toBe('0');
    const eve = screen.getByRole('button', { name: 'Thursday, December 24, 2026, blacked out' });
    fireEvent.click(eve);
    expect(picked).toEqual(['2026-12-24']);
    expect(eve.getAttribute('aria-pressed')).toBe('true');
  });

  it('moves by day and week with the arrows and pages months', () => {
    render(<Harness />);
    const today = screen.getByRole('button', { name: /December 18, 2026/ });
    act(() => today.focus());
    fireEvent.keyDown(today, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-12-19');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-12-26');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    // Into January: the calendar follows.
    expect(screen.getByText('January 2027')).toBeTruthy();
    expect(document.activeElement?.getAttribute('data-day')).toBe('2027-01-02');
    fireEvent.keyDown(document.activeElement!, { key: 'PageUp' });
    expect(screen.getByText('December 2026')).toBeTruthy();
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-12-02');
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByText('January 2027')).toBeTruthy();
  });
});

function RangeHarness({ onSelect, disabled = [] }: { onSelect?: (day: string) => void; disabled?: string[] }) {
  const [month, setMonth] = useState<MonthRef>({ year: 2026, month: 11 });
  const [start, setStart] = useState<string | undefined>('2026-12-04');
  const [end, setEnd] = useState<string | undefined>();
  return (
    <Calendar
      month={month}
      onMonthChange={setMonth}
      selected={start}
      rangeEnd={end}
      rangePreview
      minMonth={{ year: 2026, month: 11 }}
      isDisabled={(day) => disabled.includes(day)}
      onSelect={(day) => {
        onSelect?.(day);
        if (start && !end && day > start) setEnd(day);
        else {
          setStart(day);
          setEnd(undefined);
        }
      }}
      today="2026-12-01"
    />
  );
}

const dayButton = (day: string) => document.querySelector<HTMLButtonElement>(`[data-day="${day}"]`)!;

describe('Calendar ranges and disabled days', () => {
  it('highlights the days between the start and the end', () => {
    render(<RangeHarness />);
    fireEvent.click(dayButton('2026-12-07'));
    expect(dayButton('2026-12-04').getAttribute('data-range')).toBe('start');
    expect(dayButton('2026-12-05').getAttribute('data-range')).toBe('between');
    expect(dayButton('2026-12-06').getAttribute('data-range')).toBe('between');
    expect(dayButton('2026-12-07').getAttribute('data-range')).toBe('end');
    expect(dayButton('2026-12-08').getAttribute('data-range')).toBeNull();
    // Start and end are pressed; the days between are tinted, not pressed.
    expect(dayButton('2026-12-04').getAttribute('aria-pressed')).toBe('true');
    expect(dayButton('2026-12-07').getAttribute('aria-pressed')).toBe('true');
    expect(dayButton('2026-12-05').getAttribute('aria-pressed')).toBe('false');
    expect(dayButton('2026-12-05').className).toContain('bg-gold/10');
  });

  it('previews the range up to the day under the pointer, never onto a disabled day', () => {
    render(<RangeHarness disabled={['2026-12-10']} />);
    fireEvent.mouseEnter(dayButton('2026-12-06'));
    expect(dayButton('2026-12-05').getAttribute('data-range')).toBe('between');
    expect(dayButton('2026-12-06').getAttribute('data-range')).toBe('end');
    expect(dayButton('2026-12-06').getAttribute('aria-pressed')).toBe('false');
    fireEvent.mouseEnter(dayButton('2026-12-10'));
    expect(dayButton('2026-12-05').getAttribute('data-range')).toBeNull();
    fireEvent.mouseLeave(screen.getByRole('table'));
    expect(dayButton('2026-12-05').getAttribute('data-range')).toBeNull();
  });

  it('a disabled day is aria-disabled, muted and not selectable, but the arrows still cross it', () => {
    const picked: string[] = [];
    render(<RangeHarness disabled={['2026-12-10']} onSelect={(d) => picked.push(d)} />);
    const blocked = dayButton('2026-12-10');
    expect(blocked.getAttribute('aria-disabled')).toBe('true');
    expect(blocked.className).toContain('line-through');
    expect(dayButton('2026-12-09').getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(blocked);
    expect(picked).toEqual([]);
    const ninth = dayButton('2026-12-09');
    act(() => ninth.focus());
    fireEvent.keyDown(ninth, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-12-10');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-12-11');
    fireEvent.click(document.activeElement!);
    expect(picked).toEqual(['2026-12-11']);
  });

  it('does not page before the earliest month', () => {
    render(<RangeHarness />);
    const previous = screen.getByRole('button', { name: 'Previous month' });
    expect((previous as HTMLButtonElement).disabled).toBe(true);
    const first = dayButton('2026-12-02');
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'PageUp' });
    expect(screen.getByText('December 2026')).toBeTruthy();
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-12-02');
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect((screen.getByRole('button', { name: 'Previous month' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
