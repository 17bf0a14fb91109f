import { ApiError, hasErrorCode } from '@/lib/api/errors';
import type { Tone } from '../shared/statuses';
import type { ErasureSummary, GuestData, PrivacyRequest } from '../shared/types';

/*
 * A guest's data in the owner's words (issue 45, part 4): her requests, what
 * an erasure keeps and what it takes, and what it did.
 */

type Info = { label: string; tone: Tone };

export const kindInfo: Record<PrivacyRequest['kind'], Info> = {
  copy: { label: 'Copy', tone: 'gold' },
  erasure: { label: 'Erasure', tone: 'red' },
};

export const stateInfo: Record<PrivacyRequest['state'], Info> = {
  open: { label: 'Open', tone: 'yellow' },
  done: { label: 'Done', tone: 'green' },
};

/** The button that answers an open request. */
export function actionLabel(request: PrivacyRequest): string {
  return request.kind === 'copy' ? 'Send copy' : 'Erase';
}

/** What an erasure keeps, for the accounts (tax law asks for seven years). */
export const ERASURE_KEEPS =
  'Kept under a pseudonym, for the accounts (seven years, as tax law asks): the amounts and dates of her bookings, orders and gift cards, with their payments and refunds.';
/** What an erasure takes away. */
export const ERASURE_TAKES =
  'Erased: her names, email and postal address, phone, notes, intake and health answers, messages and our replies, waitlist wishes, newsletter sign-up and the mail we sent her.';

/** "1 booking", "3 orders": a count with its word. */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What an erasure kept under the pseudonym, and what it deleted, as two lines. */
export function erasureLines(summary: ErasureSummary): { kept: string; deleted: string } {
  const kept = [
    counted(summary.bookings, 'booking'),
    counted(summary.orders, 'order'),
    counted(summary.giftCards, 'gift card'),
    counted(summary.ratings, 'rating'),
  ].join(', ');
  const deleted = [
    counted(summary.intakeFormsDeleted, 'intake form'),
    counted(summary.messagesDeleted, 'message'),
    counted(summary.waitlistEntriesDeleted, 'waitlist entry', 'waitlist entries'),
    counted(summary.mailDeleted, 'mail', 'mails'),
    summary.newsletterDeleted ? 'the newsletter sign-up' : 'no newsletter sign-up',
  ].join(', ');
  return { kept, deleted };
}

/** Why an erasure was refused, when the server said (she has a visit to come, an order still open; or nothing is held). */
export function erasureRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (hasErrorCode(error, 'erasure_blocked') || hasErrorCode(error, 'not_found')) return error.serverMessage ?? null;
  return null;
}

/** Whether anything at all is held about the address. */
export function holdsAnything(data: GuestData): boolean {
  const records = [data.bookings, data.orders, data.giftCards, data.intakeForms, data.messages, data.ratings, data.waitlist, data.mail];
  return records.some((list) => list.length > 0) || (data.intakeFormsWithheld ?? 0) > 0 || data.newsletter !== null;
}
