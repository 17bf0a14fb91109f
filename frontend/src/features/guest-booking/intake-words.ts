import { formatInstantDate } from '@/lib/dates';
import type { IntakeAnswers } from '@/lib/intake/intake';
import type { GuestBooking } from './booking-words';

/* The guest's intake section in words: when it closed, and when and as whom she signed. */

/** Hours between the lock and the visit's start (both the retreat's local times, as the server writes them). */
export function hoursBeforeVisit(booking: Pick<GuestBooking, 'date' | 'time'>, locksAt: string): number | null {
  const [hours = '', minutes = '00'] = booking.time.split(':');
  const start = Date.parse(`${booking.date}T${hours.padStart(2, '0')}:${minutes.padStart(2, '0')}:00Z`);
  const lock = Date.parse(`${locksAt.slice(0, 19)}Z`);
  if (Number.isNaN(start) || Number.isNaN(lock)) return null;
  return Math.max(0, Math.round((start - lock) / 3_600_000));
}

/** "The form closed 12 hours before your visit; tell your therapist of any change." */
export function lockedWords(hours: number | null): string {
  if (hours === 0) return 'The form closed as your visit began; tell your therapist of any change.';
  const before = hours === null ? 'before your visit' : `${hours === 1 ? '1 hour' : `${hours} hours`} before your visit`;
  return `The form closed ${before}; tell your therapist of any change.`;
}

/** "Signed on Dec 14, 2026 as Ada Pine" (a form without a consent is sent, not signed). */
export function signedWords(answers: IntakeAnswers): string {
  const on = formatInstantDate(answers.signedAt);
  return answers.signature ? `Signed on ${on} as ${answers.signature}` : `Sent on ${on}`;
}

/** "signed on Dec 14, 2026", inside a sentence. */
export function signedOn(answers: IntakeAnswers): string {
  return `${answers.signature ? 'signed' : 'sent'} on ${formatInstantDate(answers.signedAt)}`;
}
