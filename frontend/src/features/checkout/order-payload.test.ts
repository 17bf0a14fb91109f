import { describe, expect, it } from 'vitest';
import { buildOrderPayload, type ShippingDetails } from './order-payload';

const shipping: ShippingDetails = {
  firstName: ' Ada ',
  lastName: 'Pine',
  email: 'ada@example.com',
  phone: ' ',
  address: '1 Forest Lane',
  city: 'Idyllwild',
  state: 'CA',
  zip: '92549',
};
const items = [{ product: { id: 'p1', name: 'Cedar Candle', price: '60.00', image: '/c.webp' }, quantity: 2 }];

describe('buildOrderPayload', () => {
  it('claims the cart’s own figures without a code', () => {
    const body = buildOrderPayload(shipping, items);
    expect([body.subtotal, body.tax, body.shipping, body.total]).toEqual(['120.00', '9.60', '0.00', '129.60']);
    expect(body.promoCode).toBeUndefined();
    expect(body.discount).toBeUndefined();
    expect(body.phone).toBeNull();
    expect(body.firstName).toBe('Ada');
  });

  it('claims exactly the server’s quote with a code (the browser computes no discount)', () => {
    const quote = { subtotal: '120.00', discount: '24.00', tax: '7.68', shipping: '15.00', total: '118.68', promoCode: 'TWENTY' };
    const body = buildOrderPayload(shipping, items, quote);
    expect(body).toMatchObject(quote);
  });

  it('names the gift card the quote accepted; the figures stay the cart’s (the card pays, it takes nothing off)', () => {
    const body = buildOrderPayload(shipping, items, null, 'K7QMR2XD9HPTWV3ABC4E');
    expect(body.giftCard).toBe('K7QMR2XD9HPTWV3ABC4E');
    expect(body.total).toBe('129.60');
    expect(buildOrderPayload(shipping, items).giftCard).toBeUndefined();
  });

  it('ignores a quote without a code', () => {
    const quote = { subtotal: '1.00', discount: '0.00', tax: '0.08', shipping: '15.00', total: '16.08', promoCode: null };
    expect(buildOrderPayload(shipping, items, quote).total).toBe('129.60');
  });
});
