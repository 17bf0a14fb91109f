import { describe, expect, it } from 'vitest';
import { isSoldOut, stockNotice } from './stock';

describe('stock notices', () => {
  it('say nothing for unlimited or plenty, the count from 5 down, and sold out at 0', () => {
    expect(stockNotice(null)).toBeNull();
    expect(stockNotice(undefined)).toBeNull();
    expect(stockNotice(6)).toBeNull();
    expect(stockNotice(5)).toBe('Only 5 left');
    expect(stockNotice(1)).toBe('Only 1 left');
    expect(stockNotice(0)).toBe('Sold out');
    expect(isSoldOut(0)).toBe(true);
    expect(isSoldOut(1)).toBe(false);
    expect(isSoldOut(null)).toBe(false);
  });
});
