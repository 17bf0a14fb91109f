import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, serviceName } from './booking-words';

describe('guest booking words', () => {
  it('reads the retreat-local time as written, never shifted by the viewer clock', () => {
    expect(formatLocalDateTime('2026-12-17T11:00:00')).toBe('Thursday, December 17, 2026 at 11:00 AM');
    expect(formatLocalDateTime('2027-01-19T09:00:00')).toBe('Tuesday, January 19, 2027 at 9:00 AM');
    expect(formatLocalDateTime('2027-07-19T17:00:00', 'PDT')).toBe('Monday, July 19, 2027 at 5:00 PM PDT');
    expect(formatLocalDateTime('2027-01-19T17:00:00')).toBe('Tuesday, January 19, 2027 at 5:00 PM');
    expect(formatLocalDateTime('soon')).toBe('soon');
  });

  it('names the service by its record, else by its key', () => {
    expect(serviceName({ service: 'spa', serviceName: 'Forest Spa Ritual' })).toBe('Forest Spa Ritual');
    // No record carries the key (it was taken off every service): the key, never a name written in code.
    expect(serviceName({ service: 'spa', serviceName: null })).toBe('spa');
    expect(serviceName({ service: 'massage', serviceName: '  ' })).toBe('massage');
  });
});
