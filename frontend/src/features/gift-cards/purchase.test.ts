import { describe, expect, it } from 'vitest';
import type { GiftCardOptions } from './api/get-options';
import {
  amountRule,
  cardValue,
  CUSTOM_AMOUNT,
  effectiveChoice,
  emptyPurchase,
  isDeliveryDay,
  isValidAmount,
  latestDelivery,
  limitsOf,
  oneOf,
  otherChoices,
  purchasePayload,
  TREATMENT,
  treatmentLabel,
  wholeDollars,
  type PurchaseFormValues,
} from './purchase';
import { purchaseSchema } from './purchase-schema';
import { businessToday } from '@/lib/dates';

const massage = { id: '6f1c2a9e-0000-4000-8000-000000000001', name: 'Massage Therapy', price: '120.00' };
const options: GiftCardOptions = { presets: ['50.00', '100.00', '150.00', '250.00'], min: '25.00', max: '1000.00', services: [massage] };
const limits = limitsOf(options);

const filled: PurchaseFormValues = {
  ...emptyPurchase,
  recipientName: ' Mara Cedar ',
  recipientEmail: ' mara@example.com ',
  message: '  Happy birthday!\nSee you on the mountain.  ',
  deliverOn: '2026-12-18',
  firstName: ' Ada ',
  lastName: 'Pine',
  email: 'ada@example.com',
};

describe('the amount a gift card holds', () => {
  it('reads the limits in whole dollars and says the rule in the server’s words', () => {
    expect(limits).toEqual({ min: 25, max: 1000 });
    expect(limitsOf(undefined)).toEqual({ min: 25, max: 1000 });
    expect(wholeDollars(1000)).toBe('$1,000');
    expect(wholeDollars(25)).toBe('$25');
    expect(amountRule(limits)).toBe('A gift card is from $25 to $1,000, in whole dollars');
  });

  it('says the other choices in words: an amount within the limits, or a treatment by name', () => {
    expect(oneOf([])).toBe('');
    expect(oneOf(['Massage Therapy'])).toBe('Massage Therapy');
    expect(oneOf(['Massage Therapy', 'Tiny Home Retreat'])).toBe('Massage Therapy or Tiny Home Retreat');
    expect(oneOf(['A', 'B', 'C'])).toBe('A, B or C');
    expect(otherChoices(limits, [massage, { name: 'Rustic Spa Treatments' }])).toBe(
      'Any amount from $25 to $1,000, or the gift of a treatment: Massage Therapy or Rustic Spa Treatments.',
    );
    expect(otherChoices({ min: 10, max: 2500 }, [])).toBe('Any amount from $10 to $2,500, in whole dollars.');
  });

  it('takes whole dollars within the limits only', () => {
    expect(isValidAmount('25', limits)).toBe(true);
    expect(isValidAmount(' 1000 ', limits)).toBe(true);
    expect(isValidAmount('24', limits)).toBe(false);
    expect(isValidAmount('1001', limits)).toBe(false);
    expect(isValidAmount('50.50', limits)).toBe(false);
    expect(isValidAmount('50.00', limits)).toBe(false);
    expect(isValidAmount('', limits)).toBe(false);
    expect(isValidAmount('-30', limits)).toBe(false);
  });

  it('starts at the second preset until the guest picks', () => {
    expect(effectiveChoice('', options)).toBe('100.00');
    expect(effectiveChoice('', { presets: ['75.00'] })).toBe('75.00');
    expect(effectiveChoice('', undefined)).toBe('');
    expect(effectiveChoice(CUSTOM_AMOUNT, options)).toBe(CUSTOM_AMOUNT);
  });

  it('is a preset, the amount typed, or the treatment’s price', () => {
    expect(cardValue({ choice: '', customAmount: '', serviceId: '' }, options)).toEqual({ kind: 'amount', cents: 100_00 });
    expect(cardValue({ choice: '250.00', customAmount: '', serviceId: '' }, options)).toEqual({ kind: 'amount', cents: 250_00 });
    expect(cardValue({ choice: CUSTOM_AMOUNT, customAmount: '75', serviceId: '' }, options)).toEqual({ kind: 'amount', cents: 75_00 });
    expect(cardValue({ choice: CUSTOM_AMOUNT, customAmount: '10', serviceId: '' }, options)).toBeNull();
    expect(cardValue({ choice: TREATMENT, customAmount: '', serviceId: massage.id }, options)).toEqual({
      kind: 'treatment',
      service: massage,
      cents: 120_00,
    });
    expect(cardValue({ choice: TREATMENT, customAmount: '', serviceId: '' }, options)).toBeNull();
    expect(cardValue({ choice: '999.00', customAmount: '', serviceId: '' }, options)).toBeNull();
    expect(cardValue({ choice: '', customAmount: '', serviceId: '' }, undefined)).toBeNull();
  });
});

describe('the delivery date', () => {
  it('is today up to 366 days ahead, as the server counts', () => {
    expect(latestDelivery('2026-11-25')).toBe('2027-11-26');
    expect(latestDelivery('2027-03-01')).toBe('2028-03-01');
    expect(isDeliveryDay('2026-11-25', '2026-11-25')).toBe(true);
    expect(isDeliveryDay('2027-11-26', '2026-11-25')).toBe(true);
    expect(isDeliveryDay('2027-11-27', '2026-11-25')).toBe(false);
    expect(isDeliveryDay('2026-11-24', '2026-11-25')).toBe(false);
    expect(isDeliveryDay('0202-01-01', '2026-11-25')).toBe(false);
    expect(isDeliveryDay('', '2026-11-25')).toBe(false);
  });

  it('labels a treatment card as the server does', () => {
    expect(treatmentLabel('Massage Therapy')).toBe('One Massage Therapy');
  });
});

describe('purchasePayload', () => {
  it('sends an amount in whole dollars (never a service), trimmed names, the message with its line breaks', () => {
    const body = purchasePayload(filled, { kind: 'amount', cents: 150_00 });
    expect(body).toEqual({
      amount: 150,
      recipientName: 'Mara Cedar',
      recipientEmail: 'mara@example.com',
      message: 'Happy birthday!\nSee you on the mountain.',
      deliverOn: '2026-12-18',
      firstName: 'Ada',
      lastName: 'Pine',
      email: 'ada@example.com',
    });
    expect(body).not.toHaveProperty('serviceId');
    expect(body).not.toHaveProperty('website');
  });

  it('sends the treatment’s id instead of an amount, and leaves a blank message out', () => {
    const body = purchasePayload({ ...filled, message: '  \n ' }, { kind: 'treatment', service: massage, cents: 120_00 });
    expect(body.serviceId).toBe(massage.id);
    expect(body).not.toHaveProperty('amount');
    expect(body).not.toHaveProperty('message');
  });

  it('sends the honeypot only when a robot filled it', () => {
    expect(purchasePayload(filled, { kind: 'amount', cents: 50_00 }, 'http://spam.example').website).toBe('http://spam.example');
  });
});

describe('purchaseSchema', () => {
  const schema = purchaseSchema(limits);
  const errors = (values: PurchaseFormValues) => {
    const result = schema.safeParse(values);
    // The first message of each field, as the form shows it.
    return result.success ? {} : Object.fromEntries(result.error.issues.toReversed().map((issue) => [issue.path.join('.'), issue.message]));
  };
  const future = latestDelivery(businessToday()).replace(/-\d\d$/, '-01');

  it('accepts a complete form with the default preset', () => {
    expect(errors({ ...filled, deliverOn: future })).toEqual({});
  });

  it('says what is missing or wrong, in the site’s words', () => {
    expect(errors({ ...emptyPurchase, deliverOn: future })).toMatchObject({
      recipientName: "Recipient's name is required",
      recipientEmail: 'Please enter a valid email address',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
    });
    expect(errors({ ...filled, deliverOn: '2000-01-01' })).toEqual({ deliverOn: 'The delivery date is today or later, within a year' });
    expect(errors({ ...filled, deliverOn: '2999-01-01' })).toEqual({ deliverOn: 'The delivery date is today or later, within a year' });
    expect(errors({ ...filled, deliverOn: future, message: 'x'.repeat(501) })).toEqual({ message: 'A message is at most 500 characters' });
  });

  it('checks the amount typed and the treatment only when chosen', () => {
    expect(errors({ ...filled, deliverOn: future, choice: CUSTOM_AMOUNT, customAmount: '20' })).toEqual({
      customAmount: 'A gift card is from $25 to $1,000, in whole dollars',
    });
    expect(errors({ ...filled, deliverOn: future, choice: CUSTOM_AMOUNT, customAmount: '40' })).toEqual({});
    expect(errors({ ...filled, deliverOn: future, choice: TREATMENT })).toEqual({ serviceId: 'Please choose a treatment' });
    expect(errors({ ...filled, deliverOn: future, choice: '50.00', customAmount: 'nonsense' })).toEqual({});
  });
});
