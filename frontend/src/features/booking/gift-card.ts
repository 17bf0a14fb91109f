import { ApiError, hasErrorCode, preferServerMessage } from '@/lib/api/errors';
import type { ResponseOf } from '@/lib/api/types';
import { displayMoney, toCents } from '@/lib/money';
import type { GiftCardBalance } from '@/lib/gift-cards/check-balance';

type CreatedBooking = ResponseOf<'/api/bookings', 'post'>;

/** A gift card the guest gave for the deposit, as its balance check read it. */
export type DepositGiftCard = { code: string; lastFour: string; balance: string };

/** The code as it is sent: the server takes any case, with or without hyphens and spaces. */
export function normaliseGiftCardCode(text: string): string {
  return text.trim().toUpperCase();
}

/**
 * A card read by its code, for the deposit: the card to send, or why it
 * cannot pay (the server's own words, `refusal`). Only a hint before the
 * request: the server decides what the card pays when the booking is requested.
 */
export function giftCardForDeposit(
  card: Pick<GiftCardBalance, 'lastFour' | 'balance' | 'refusal'>,
  code: string,
): { card: DepositGiftCard } | { refusal: string } {
  if (card.refusal) return { refusal: card.refusal };
  return { card: { code: normaliseGiftCardCode(code), lastFour: card.lastFour, balance: card.balance } };
}

/** Why a code could not be read (unknown, malformed, too many tries), for the field. */
export function giftCardCheckProblem(error: unknown): string {
  if (error instanceof ApiError && error.fieldErrors.code) return error.fieldErrors.code;
  return preferServerMessage(error, 'This gift card could not be checked just now. Please try again.');
}

/**
 * What the booking request's refusal says about the gift card, for its field
 * (unknown, refused with the reason, malformed, or a booking that asks no
 * deposit); null when the refusal is about something else.
 */
export function giftCardRequestProblem(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.fieldErrors.giftCard) return error.fieldErrors.giftCard;
  if (hasErrorCode(error, 'gift_card_not_found')) return preferServerMessage(error, "We don't recognise this gift card code");
  if (hasErrorCode(error, 'gift_card_refused')) return preferServerMessage(error, 'This gift card cannot pay this deposit');
  return null;
}

/** The confirmation's words about the deposit, as the server recorded it. */
export type DepositPaidWords = { giftCard: string; card: string };

/**
 * What a gift card paid of the deposit and what the guest's card will be
 * charged (the server's figures: `deposit.amount` is the rest, null when the
 * card paid it all); null when no gift card paid anything.
 */
export function giftCardConfirmation(
  booking: Pick<CreatedBooking, 'giftCardAmount' | 'giftCardLastFour' | 'deposit'>,
): DepositPaidWords | null {
  if (!booking.giftCardLastFour || toCents(booking.giftCardAmount) <= 0) return null;
  return {
    giftCard: `Your gift card ••••${booking.giftCardLastFour} paid ${displayMoney(booking.giftCardAmount)} of the deposit.`,
    card: booking.deposit
      ? `Your card will be charged the rest, ${displayMoney(booking.deposit.amount)}, when we confirm your booking.`
      : 'Nothing will be charged to your card: your gift card paid the whole deposit.',
  };
}
