import { describe, expect, it } from 'vitest';
import { loadOrderVectors, sharedVectorsExist } from '@/test/order-vectors';
import {
  formatCents,
  formatMoney,
  formatPrice,
  formatPriceShort,
  orderTotals,
  shippingCents,
  taxCents,
  displayMoney,
  toCents,
  toMoneyString,
} from './money';
import { moneyField } from './money-field';

describe('toCents', () => {
  it.each([
    ['24.00', 2400],
    ['24', 2400],
    ['24.5', 2450],
    ['0.07', 7],
    ['.5', 50],
    ['100.01', 10001],
    ['67932.00', 6793200],
    ['-3.10', -310],
    ['1.005', 101],
    ['1.004', 100],
  ])('%s → %i', (text, cents) => {
    expect(toCents(text)).toBe(cents);
  });

  it('accepts numbers without float drift', () => {
    expect(toCents(24)).toBe(2400);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(12.99)).toBe(1299);
  });

  it.each(['', 'abc', '1.2.3', '$5', '.'])('rejects %j', (text) => {
    expect(() => toCents(text)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it('writes the wire format with two decimals', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(7)).toBe('0.07');
    expect(formatCents(4800)).toBe('48.00');
    expect(formatCents(7336656)).toBe('73366.56');
    expect(formatCents(-310)).toBe('-3.10');
  });

  it('writes display amounts with a dollar sign', () => {
    expect(formatMoney(12345)).toBe('$123.45');
    expect(formatMoney(-5)).toBe('-$0.05');
    expect(formatPrice('120.00')).toBe('$120.00');
    expect(formatPriceShort('120.00')).toBe('$120');
    expect(formatPriceShort('12.50')).toBe('$12.50');
  });
});

describe('tax and shipping', () => {
  it('rounds 8% tax half-up to the cent', () => {
    expect(taxCents(7)).toBe(1); // 0.56 cents
    expect(taxCents(1031)).toBe(82); // 82.48 cents
    expect(taxCents(1032)).toBe(83); // 82.56 cents
    expect(taxCents(1025 * 5)).toBe(410); // 410.0 exactly
    expect(taxCents(6250 + 6)).toBe(500); // 500.48
    expect(taxCents(6)).toBe(0); // 0.48 cents
    expect(taxCents(25)).toBe(2); // 2.0 cents
  });

  it('agrees with rounding the exact amount for every subtotal up to $100', () => {
    for (let cents = 0; cents <= 10_000; cents += 1) {
      expect(taxCents(cents)).toBe(Math.round((cents * 8) / 100));
    }
  });

  it('ships free only above 100.00', () => {
    expect(shippingCents(0)).toBe(1500);
    expect(shippingCents(10000)).toBe(1500);
    expect(shippingCents(10001)).toBe(0);
  });
});

describe('orderTotals', () => {
  it('adds lines, tax and shipping', () => {
    expect(orderTotals([{ price: '24.00', quantity: 2 }])).toEqual({ subtotal: 4800, tax: 384, shipping: 1500, total: 6684 });
    expect(orderTotals([])).toEqual({ subtotal: 0, tax: 0, shipping: 1500, total: 1500 });
  });

  describe.skipIf(!sharedVectorsExist)('shared vectors (crates/domain/tests/vectors/order_totals.json)', () => {
    const vectors = sharedVectorsExist ? loadOrderVectors() : [];
    it('has cases', () => {
      expect(vectors.length).toBeGreaterThan(0);
    });
    it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, vector) => {
      const totals = orderTotals(vector.lines);
      expect({
        subtotal: formatCents(totals.subtotal),
        tax: formatCents(totals.tax),
        shipping: formatCents(totals.shipping),
        total: formatCents(totals.total),
      }).toEqual({ subtotal: vector.subtotal, tax: vector.tax, shipping: vector.shipping, total: vector.total });
    });
  });
});

describe('admin amounts', () => {
  it('typed amounts go out with two decimals', () => {
    expect(toMoneyString('38')).toBe('38.00');
    expect(toMoneyString('38.5')).toBe('38.50');
    expect(toMoneyString(' 12.34 ')).toBe('12.34');
  });

  it('shows API amounts as dollars, and an unreadable one as it came', () => {
    expect(displayMoney('120')).toBe('$120.00');
    expect(displayMoney('n/a')).toBe('n/a');
  });

  it('a money field takes at most two decimals', () => {
    const price = moneyField('Price');
    expect(price.safeParse('38.5').success).toBe(true);
    expect(price.safeParse('38.505').error?.issues[0]?.message).toBe('Price must be an amount such as 38.00');
    expect(price.safeParse(' ').error?.issues[0]?.message).toBe('Price is required');
  });
});
