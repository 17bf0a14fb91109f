import { describe, expect, it } from 'vitest';
import { depositCents } from './deposit';

const service = (price: string, depositAmount: string | null, depositPercent: number | null) => ({ price, depositAmount, depositPercent });

describe('depositCents (the same cases as the domain rule)', () => {
  it('is none without a policy', () => {
    expect(depositCents(service('120.00', null, null))).toBeNull();
    expect(depositCents(service('120.00', null, 0))).toBeNull();
  });
  it('is a fixed amount, at most the price', () => {
    expect(depositCents(service('120.00', '50.00', null))).toBe(5_000);
    expect(depositCents(service('120.00', '500.00', null))).toBe(12_000);
  });
  it('is a share rounded half-up to the cent', () => {
    expect(depositCents(service('85.00', null, 25))).toBe(2_125);
    expect(depositCents(service('0.15', null, 33))).toBe(5);
    expect(depositCents(service('0.10', null, 1))).toBeNull();
  });
  it('of a stay: all its nights', () => {
    expect(depositCents(service('180.00', null, 30), 3)).toBe(16_200);
  });
});
