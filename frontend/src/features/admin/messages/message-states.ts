import type { Tone } from '../shared/statuses';
import type { MessageState } from './api/get-message-thread';

/*
 * Where the owner stands with a message, in words and colour. The keys are the
 * generated schema's, so a new state fails the type check until it has words.
 */
const states: Record<MessageState, { label: string; tone: Tone }> = {
  new: { label: 'New', tone: 'gold' },
  read: { label: 'Read', tone: 'stone' },
  answered: { label: 'Answered', tone: 'green' },
};

export function messageStateInfo(state: MessageState) {
  return states[state];
}

/** The Messages tab's state filter: new until opened, then read, then answered. */
export const messageStates = (Object.keys(states) as MessageState[]).map((value) => ({ value, ...states[value] }));
