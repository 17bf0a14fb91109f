import { formatLongDate } from '@/lib/dates';
import type { GiftCardBalance } from '@/lib/gift-cards/check-balance';

type CardState = GiftCardBalance['state'];

/**
 * A card's validity in words: a card sold for money never expires
 * (California Civil Code §1749.5); a promotional one says until when.
 */
export function validityText(expiresOn: string | null | undefined): string {
  return expiresOn ? `Valid until ${formatLongDate(expiresOn)}` : 'Does not expire';
}

/** Why a card cannot be used yet (or any more); null for an active one. */
export function stateNote(state: CardState | string): string | null {
  if (state === 'pending') return 'This gift card is not active yet: it becomes active once its order is paid.';
  if (state === 'voided') return 'This gift card has been voided and can no longer be used.';
  return null;
}

/** "K7QMR2XD…" as typed, in any case and with or without hyphens, as the code is sent. */
export function normaliseCode(text: string): string {
  return text.trim().toUpperCase();
}
