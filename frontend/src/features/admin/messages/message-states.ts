import type { Tone } from '../shared/statuses';
import type { ContactMessage } from '../shared/types';

export type MessageState = ContactMessage['state'];

/** Where the owner is with a message: new until opened, then read, then answered. */
export const messageStates: ReadonlyArray<{ value: MessageState; label: string; tone: Tone }> = [
  { value: 'new', label: 'New', tone: 'gold' },
  { value: 'read', label: 'Read', tone: 'stone' },
  { value: 'answered', label: 'Answered', tone: 'green' },
];

export function messageState(value: string) {
  return messageStates.find((state) => state.value === value) ?? { value, label: value, tone: 'stone' as Tone };
}
