import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { giftCardCheckProblem, giftCardConfirmation, giftCardForDeposit, giftCardRequestProblem, normaliseGiftCardCode } from './gift-card';

const card = (balance: string, refusal: string | null = null) => ({ lastFour: 'BC4E', balance, refusal });
const error = (status: number, body: object) => new ApiError(status, 'Error', JSON.stringify(body));

describe('normaliseGiftCardCode', () => {
  it('is sent in capitals, as typed otherwise (the server ignores hyphens and spaces)', () => {
    expect(normaliseGiftCardCode('  k7qm-r2xd-9hpt-wv3a-bc4e ')).toBe('K7QM-R2XD-9HPT-WV3A-BC4E');
  });
});

describe('giftCardForDeposit', () => {
  it('takes a card the server says can pay, keeping the code as it is sent', () => {
    expect(giftCardForDeposit(card('30.00'), ' k7qmr2xd9hptwv3abc4e')).toEqual({
      card: { code: 'K7QMR2XD9HPTWV3ABC4E', lastFour: 'BC4E', balance: '30.00' },
    });
  });
  it('says why the server says a card cannot pay, in its words', () => {
    expect(giftCardForDeposit(card('0.00', 'This gift card has no balance left'), 'x')).toEqual({
      refusal: 'This gift card has no balance left',
    });
    expect(giftCardForDeposit(card('10.00', 'This gift card expired on January 9, 2027'), 'x')).toEqual({
      refusal: 'This gift card expired on January 9, 2027',
    });
  });
});

describe('giftCardCheckProblem', () => {
  it('says why a code could not be read', () => {
    expect(giftCardCheckProblem(error(404, { code: 'gift_card_not_found', message: "We don't recognise this gift card code" }))).toBe(
      "We don't recognise this gift card code",
    );
    expect(giftCardCheckProblem(error(400, { code: 'validation_failed', message: 'Invalid fields', errors: { code: 'Not a code' } }))).toBe(
      'Not a code',
    );
    expect(giftCardCheckProblem(new TypeError('Failed to fetch'))).toBe('This gift card could not be checked just now. Please try again.');
  });
});

describe('giftCardRequestProblem', () => {
  it('puts the booking’s gift card refusals on the field', () => {
    expect(giftCardRequestProblem(error(404, { code: 'gift_card_not_found', message: "We don't recognise this gift card code" }))).toBe(
      "We don't recognise this gift card code",
    );
    expect(giftCardRequestProblem(error(409, { code: 'gift_card_refused', message: 'This gift card has no balance left' }))).toBe(
      'This gift card has no balance left',
    );
    const noDeposit = 'This booking asks for no deposit: bring your gift card to the retreat and we take it off there';
    expect(
      giftCardRequestProblem(error(400, { code: 'validation_failed', message: 'Invalid fields', errors: { giftCard: noDeposit } })),
    ).toBe(noDeposit);
  });
  it('leaves every other refusal to the rest of the form', () => {
    expect(
      giftCardRequestProblem(error(402, { code: 'payment_required', message: 'This booking asks for a deposit of $5.00' })),
    ).toBeNull();
    expect(
      giftCardRequestProblem(error(400, { code: 'validation_failed', message: 'Invalid fields', errors: { email: 'Bad' } })),
    ).toBeNull();
    expect(giftCardRequestProblem(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('giftCardConfirmation (the server’s figures)', () => {
  it('names what the card paid and what the guest’s card will be charged', () => {
    expect(
      giftCardConfirmation({
        giftCardAmount: '20.00',
        giftCardLastFour: 'BC4E',
        deposit: { state: 'card_saved', amount: '5.00', refunded: '0.00' },
      }),
    ).toEqual({
      giftCard: 'Your gift card ••••BC4E paid $20.00 of the deposit.',
      card: 'Your card will be charged the rest, $5.00, when we confirm your booking.',
    });
  });
  it('says nothing is charged to the card when the gift card paid it all', () => {
    expect(giftCardConfirmation({ giftCardAmount: '25.00', giftCardLastFour: 'BC4E', deposit: null })).toEqual({
      giftCard: 'Your gift card ••••BC4E paid $25.00 of the deposit.',
      card: 'Nothing will be charged to your card: your gift card paid the whole deposit.',
    });
  });
  it('is nothing without a gift card', () => {
    expect(giftCardConfirmation({ giftCardAmount: '0.00', giftCardLastFour: null, deposit: null })).toBeNull();
    expect(giftCardConfirmation({ giftCardAmount: '0.00', giftCardLastFour: 'BC4E', deposit: null })).toBeNull();
  });
});
