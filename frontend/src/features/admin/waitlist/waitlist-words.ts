import { heldUntilWords, placeWords } from '@/lib/waitlist/waitlist';
import { humanize } from '../shared/humanize';
import type { Tone } from '../shared/statuses';
import type { AdminOffer, AdminWaitlistEntry, OfferState, WaitlistEntryState } from '../shared/types';

/*
 * The waitlist in the front desk's words (issue 43, part 4): where each
 * guest's wait stands, and the place offered to her. A state newer than this
 * build still reads as words.
 */

type StateInfo = { label: string; tone: Tone };

const entryStates: Record<WaitlistEntryState, StateInfo> = {
  waiting: { label: 'Waiting', tone: 'gold' },
  booked: { label: 'Booked', tone: 'green' },
  left: { label: 'Left the list', tone: 'stone' },
  expired: { label: 'Wishes passed', tone: 'stone' },
  removed: { label: 'Removed', tone: 'red' },
};

export function entryStateInfo(state: string): StateInfo {
  return entryStates[state as WaitlistEntryState] ?? { label: humanize(state), tone: 'stone' };
}

const offerStates: Record<OfferState, StateInfo> = {
  held: { label: 'Offer held', tone: 'yellow' },
  taken: { label: 'Offer taken', tone: 'green' },
  declined: { label: 'Offer declined', tone: 'stone' },
  lapsed: { label: 'Offer lapsed', tone: 'stone' },
};

export function offerStateInfo(state: string): StateInfo {
  return offerStates[state as OfferState] ?? { label: humanize(state), tone: 'stone' };
}

/** "Fri, Dec 4 · 11:00 AM, held until 3:45 PM"; once no longer held, the place alone. */
export function offerWords(offer: AdminOffer, now: Date = new Date()): string {
  const place = placeWords(offer);
  return offer.state === 'held' ? `${place}, held until ${heldUntilWords(offer.heldUntil, now)}` : place;
}

/** The question before a guest is taken off the list. */
export function removeQuestion(entry: Pick<AdminWaitlistEntry, 'firstName' | 'lastName' | 'offer'>): string {
  const name = `${entry.firstName} ${entry.lastName}`.trim();
  const held = entry.offer?.state === 'held';
  return `Take ${name} off the waitlist? ${held ? 'The place held for her goes to the next guest.' : 'She will not be offered a place.'}`;
}

/** The waiting guests (in the list's order) and the ones whose wait has ended. */
export function splitWaitlist(entries: readonly AdminWaitlistEntry[]): { waiting: AdminWaitlistEntry[]; ended: AdminWaitlistEntry[] } {
  return {
    waiting: entries.filter((entry) => entry.state === 'waiting'),
    ended: entries.filter((entry) => entry.state !== 'waiting'),
  };
}
