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
