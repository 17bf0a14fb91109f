import { describe, expect, it } from 'vitest';
import { emptyService, formToService, serviceSchema, serviceToForm } from './service-schema';

const filled = { ...emptyService, name: 'Ritual', description: 'Slow.', price: '80', duration: '60', image: '/x.webp' };

describe('a service’s deposit', () => {
  it('is an amount or a percentage; empty is none, sent as 0 so a save says what the form shows', () => {
    expect(formToService(filled)).toMatchObject({ depositAmount: 0, depositPercent: 0 });
    expect(formToService({ ...filled, depositAmount: '25' })).toMatchObject({ depositAmount: '25.00', depositPercent: 0 });
    expect(formToService({ ...filled, depositPercent: '30' })).toMatchObject({ depositAmount: 0, depositPercent: 30 });
  });

  it('refuses both at once, a fraction of a percent and more than 100 %', () => {
    const both = serviceSchema.safeParse({ ...filled, depositAmount: '25', depositPercent: '30' });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]).toMatchObject({ path: ['depositAmount'], message: 'A deposit is an amount or a percentage, not both' });
    expect(serviceSchema.safeParse({ ...filled, depositPercent: '12.5' }).success).toBe(false);
    expect(serviceSchema.safeParse({ ...filled, depositPercent: '101' }).success).toBe(false);
    expect(serviceSchema.safeParse({ ...filled, depositAmount: '0', depositPercent: '30' }).success).toBe(true);
  });

  it('is read back from the record into the form', () => {
    const service = { id: 'x', name: 'Stay', description: 'd', price: '180.00', duration: 1440, image: '/s.webp' };
    expect(serviceToForm({ ...service, depositAmount: null, depositPercent: 30 })).toMatchObject({
      depositAmount: '',
      depositPercent: '30',
    });
    expect(serviceToForm({ ...service, depositAmount: '25.00', depositPercent: null })).toMatchObject({
      depositAmount: '25.00',
      depositPercent: '',
    });
  });
});
