import { describe, expect, it } from 'vitest';
import { formatSlot } from '@/config/site';
import { openingSummary, scheduleErrorFields, scheduleSchema, sortSlots, toScheduleForm, toScheduleInput } from './schedule-schema';

const all = ['9:00', '11:00', '13:00', '15:00', '17:00'] as const;
const saved = {
  capacity: { massage: 3, spa: null, package: 4, accommodation: 1 },
  openingHours: {
    monday: [],
    tuesday: [...all],
    wednesday: ['13:00', '9:00'],
    thursday: [...all],
    friday: [...all],
    saturday: ['9:00'],
    sunday: [],
  },
  minimumNoticeHours: 0,
  horizonDays: null,
} as Parameters<typeof toScheduleForm>[0];

describe('the schedule form', () => {
  it('a limit is text, no limit is empty; the times come in the day’s order', () => {
    const form = toScheduleForm(saved);
    expect(form.capacity).toEqual({ massage: '3', spa: '', package: '4', accommodation: '1' });
    expect(form.openingHours.wednesday).toEqual(['9:00', '13:00']);
    expect(form.openingHours.monday).toEqual([]);
    expect(form.minimumNoticeHours).toBe('0');
    expect(form.horizonDays).toBe('');
    expect(toScheduleForm({ ...saved, horizonDays: 365 }).horizonDays).toBe('365');
  });

  it('goes back out as the API’s body: empty is null, numbers are numbers', () => {
    const form = toScheduleForm(saved);
    const body = toScheduleInput({ ...form, capacity: { ...form.capacity, massage: ' 12 ' } });
    expect(body.capacity).toEqual({ massage: 12, spa: null, package: 4, accommodation: 1 });
    expect(body.openingHours.wednesday).toEqual(['9:00', '13:00']);
    expect(body.openingHours.sunday).toEqual([]);
    expect(body.minimumNoticeHours).toBe(0);
    expect(body.horizonDays).toBeNull();
    expect(toScheduleInput({ ...form, horizonDays: '90' }).horizonDays).toBe(90);
    expect(toScheduleInput(toScheduleForm(saved))).toEqual({
      ...saved,
      openingHours: { ...saved.openingHours, wednesday: ['9:00', '13:00'] },
    });
  });

  it('checks the ranges the server keeps, with a message per field', () => {
    const form = toScheduleForm(saved);
    const errors = (values: typeof form) => {
      const result = scheduleSchema.safeParse(values);
      // The form shows a field's first message, as the resolver does.
      const first: Record<string, string> = {};
      for (const issue of result.success ? [] : result.error.issues) first[issue.path.join('.')] ??= issue.message;
      return first;
    };
    expect(errors(form)).toEqual({});
    expect(errors({ ...form, capacity: { ...form.capacity, accommodation: '0' } })).toHaveProperty('capacity.accommodation');
    expect(errors({ ...form, capacity: { ...form.capacity, spa: '10001' } })).toHaveProperty('capacity.spa');
    expect(errors({ ...form, capacity: { ...form.capacity, spa: '2.5' } })).toHaveProperty('capacity.spa');
    expect(errors({ ...form, capacity: { ...form.capacity, spa: '10000' } })).toEqual({});
    expect(errors({ ...form, minimumNoticeHours: '721' })).toHaveProperty('minimumNoticeHours');
    expect(errors({ ...form, minimumNoticeHours: '' })).toHaveProperty('minimumNoticeHours', 'Minimum notice is required');
    expect(errors({ ...form, minimumNoticeHours: '720' })).toEqual({});
    expect(errors({ ...form, horizonDays: '0' })).toHaveProperty('horizonDays');
    expect(errors({ ...form, horizonDays: '731' })).toHaveProperty('horizonDays');
    expect(errors({ ...form, horizonDays: '730' })).toEqual({});
    expect(errors({ ...form, horizonDays: '' })).toEqual({});
  });

  it('knows every field the server may name', () => {
    expect(scheduleErrorFields).toContain('capacity.accommodation');
    expect(scheduleErrorFields).toContain('openingHours.monday');
    expect(scheduleErrorFields).toContain('openingHours.sunday');
    expect(scheduleErrorFields).toContain('minimumNoticeHours');
    expect(scheduleErrorFields).toContain('horizonDays');
    expect(scheduleErrorFields).toHaveLength(13);
  });

  it('a weekday’s summary', () => {
    expect(sortSlots(['17:00', '9:00', 'nonsense'])).toEqual(['9:00', '17:00']);
    expect(openingSummary([], formatSlot)).toBe('Closed');
    expect(openingSummary([...all], formatSlot)).toBe('All five times');
    expect(openingSummary(['13:00', '9:00'], formatSlot)).toBe('9:00 AM, 1:00 PM');
  });
});
