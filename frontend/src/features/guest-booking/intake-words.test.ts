import { describe, expect, it } from 'vitest';
import { hoursBeforeVisit, lockedWords } from './intake-words';

describe('when her form closed', () => {
  it('counts the hours between the lock and the visit, both in the retreat’s time', () => {
    expect(hoursBeforeVisit({ date: '2026-12-20', time: '13:00' }, '2026-12-20T01:00:00')).toBe(12);
    expect(hoursBeforeVisit({ date: '2026-12-20', time: '9:00' }, '2026-12-19T09:00:00')).toBe(24);
    expect(hoursBeforeVisit({ date: '2026-12-20', time: '9:00' }, '2026-12-20T09:00:00')).toBe(0);
    expect(hoursBeforeVisit({ date: '2026-12-20', time: '9:00' }, 'soon')).toBeNull();
  });

  it('says so in words', () => {
    expect(lockedWords(12)).toBe('The form closed 12 hours before your visit; tell your therapist of any change.');
    expect(lockedWords(1)).toBe('The form closed 1 hour before your visit; tell your therapist of any change.');
    expect(lockedWords(0)).toBe('The form closed as your visit began; tell your therapist of any change.');
    expect(lockedWords(null)).toBe('The form closed before your visit; tell your therapist of any change.');
  });
});
