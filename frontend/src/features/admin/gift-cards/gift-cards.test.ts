import { describe, expect, it } from 'vitest';
import { canCashOut, canRedeem, deliveryWords, giftCardKind, giftCardState, ledgerEntryLabel, maskedCode } from './gift-card-labels';
import { emptyPromotionalCard, formToPromotionalCard, promotionalCardSchema } from './promotional-card-schema';

describe('gift card words', () => {
  it('names states with their badge colour, kinds and ledger entries', () => {
    expect(giftCardState('active')).toEqual({ label: 'Active', tone: 'green' });
    expect(giftCardState('pending')).toEqual({ label: 'Awaiting payment', tone: 'yellow' });
    expect(giftCardState('voided').tone).toBe('red');
    expect(giftCardState('frozen_solid')).toEqual({ label: 'Frozen solid', tone: 'stone' });
    expect(giftCardKind('promotional')).toBe('Promotional');
    expect(ledgerEntryLabel('cashed_out')).toBe('Paid out in cash');
    expect(ledgerEntryLabel('redeemed')).toBe('Redeemed');
    expect(maskedCode('BC4E')).toBe('••••BC4E');
    expect(maskedCode(null)).toBe('No code yet');
  });

  it('offers cash out only for an active card holding more than $0.00 and less than $10.00', () => {
    expect(canCashOut({ state: 'active', balance: '9.99' })).toBe(true);
    expect(canCashOut({ state: 'active', balance: '0.01' })).toBe(true);
    expect(canCashOut({ state: 'active', balance: '10.00' })).toBe(false);
    expect(canCashOut({ state: 'active', balance: '0.00' })).toBe(false);
    expect(canCashOut({ state: 'voided', balance: '5.00' })).toBe(false);
    expect(canCashOut({ state: 'pending', balance: '5.00' })).toBe(false);
  });

  it('offers redemption on an active card with money left', () => {
    expect(canRedeem({ state: 'active', balance: '25.00' })).toBe(true);
    expect(canRedeem({ state: 'active', balance: '0.00' })).toBe(false);
    expect(canRedeem({ state: 'pending', balance: '25.00' })).toBe(false);
  });

  it('says whether the mail went out', () => {
    const card = { state: 'active' as const, deliverOn: '2026-12-18', deliveredAt: null };
    expect(deliveryWords(card, '2026-12-01')).toBe('Scheduled');
    expect(deliveryWords(card, '2026-12-18')).toBe('Awaiting delivery');
    expect(deliveryWords({ ...card, deliveredAt: '2026-12-18T16:00:00Z' }, '2026-12-18')).toBe('Delivered');
    expect(deliveryWords({ ...card, state: 'pending' }, '2026-12-01')).toBe('Sent once paid');
  });
});

describe('a promotional card', () => {
  const filled = {
    ...emptyPromotionalCard,
    amount: '40',
    recipientName: ' Wren ',
    recipientEmail: 'wren@example.com',
    deliverOn: '2026-12-18',
  };

  it('is sent with the amount as a number of dollars and no blanks', () => {
    expect(formToPromotionalCard(filled)).toEqual({
      amount: 40,
      recipientName: 'Wren',
      recipientEmail: 'wren@example.com',
      deliverOn: '2026-12-18',
    });
    expect(formToPromotionalCard({ ...filled, amount: '250', message: ' Thank you ', expiresOn: '2027-06-30' })).toMatchObject({
      amount: 250,
      message: 'Thank you',
      expiresOn: '2027-06-30',
    });
  });

  it('needs whole dollars from $25 to $1,000, a recipient and an expiry no earlier than its delivery', () => {
    const errors = (values: typeof filled) => {
      const result = promotionalCardSchema.safeParse(values);
      // The first message of each field, as the form shows it.
      return result.success
        ? {}
        : Object.fromEntries(result.error.issues.toReversed().map((issue) => [issue.path.join('.'), issue.message]));
    };
    expect(errors(filled)).toEqual({});
    expect(errors({ ...filled, amount: '10' })).toEqual({ amount: 'A gift card is from $25 to $1,000, in whole dollars' });
    expect(errors({ ...filled, amount: '40.50' })).toEqual({ amount: 'A gift card is from $25 to $1,000, in whole dollars' });
    expect(errors({ ...filled, amount: '' })).toMatchObject({ amount: 'Amount is required' });
    expect(errors({ ...filled, expiresOn: '2026-12-01' })).toEqual({ expiresOn: 'The card cannot expire before it is delivered' });
    expect(errors({ ...filled, recipientName: ' ' })).toEqual({ recipientName: "Recipient's name is required" });
  });
});
