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
  it('after a promo code: a share of what is left, as the server quoted it', () => {
    // Two nights at $180.00 less 20 %: $288.00; 30 % of it is $86.40 (the server's figure too).
    expect(depositCents(service('180.00', null, 30), 2, 28_800)).toBe(8_640);
    expect(depositCents(service('85.00', '25.00', null), 1, 2_000)).toBe(2_000);
    expect(depositCents(service('85.00', '25.00', null), 1, 0)).toBeNull();
  });
});
