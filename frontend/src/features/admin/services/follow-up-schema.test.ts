import { describe, expect, it } from 'vitest';
import { followUpSchema, followUpToForm, formToFollowUp } from './follow-up-schema';

const valid = (values: { aftercare?: string; returnAfterDays?: string }) =>
  followUpSchema.safeParse({ aftercare: '', returnAfterDays: '', ...values }).success;

describe("a service's after the visit", () => {
  it('takes whole days from 1 to 730, or none', () => {
    expect(valid({ returnAfterDays: '' })).toBe(true);
    expect(valid({ returnAfterDays: '1' })).toBe(true);
    expect(valid({ returnAfterDays: ' 90 ' })).toBe(true);
    expect(valid({ returnAfterDays: '730' })).toBe(true);
    expect(valid({ returnAfterDays: '0' })).toBe(false);
    expect(valid({ returnAfterDays: '731' })).toBe(false);
    expect(valid({ returnAfterDays: '1.5' })).toBe(false);
    expect(valid({ returnAfterDays: '-3' })).toBe(false);
  });

  it('takes aftercare words of up to 2,000 characters', () => {
    expect(valid({ aftercare: 'x'.repeat(2000) })).toBe(true);
    expect(valid({ aftercare: 'x'.repeat(2001) })).toBe(false);
  });

  it('shows none as empty fields and sends empty fields as none', () => {
    expect(followUpToForm(undefined)).toEqual({ aftercare: '', returnAfterDays: '' });
    expect(
      followUpToForm({ serviceId: 'id', name: 'Massage', bookingKey: 'massage', aftercare: 'Drink water.', returnAfterDays: 60 }),
    ).toEqual({ aftercare: 'Drink water.', returnAfterDays: '60' });
    expect(formToFollowUp({ aftercare: '  ', returnAfterDays: '' })).toEqual({ aftercare: null, returnAfterDays: null });
    expect(formToFollowUp({ aftercare: ' Drink water. ', returnAfterDays: ' 60' })).toEqual({
      aftercare: 'Drink water.',
      returnAfterDays: 60,
    });
  });
});
