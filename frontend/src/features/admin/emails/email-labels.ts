import { humanize } from '../shared/humanize';
import type { Tone } from '../shared/statuses';
import type { EmailState, EmailTemplate } from '../shared/types';
import type { LinkedRecord } from '../shared/linked-records';

/*
 * States and templates in words. The keys are the generated schema's, so a
 * new template or state fails the type check until it has words here; a
 * value newer than this build still reads as words rather than breaking.
 */
type StateInfo = { label: string; tone: Tone };

const states: Record<EmailState, StateInfo> = {
  queued: { label: 'Queued', tone: 'yellow' },
  sending: { label: 'Sending', tone: 'blue' },
  sent: { label: 'Sent', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

/** The filter's choices, in the order a message goes through them. */
export const stateFilters = [
  { value: 'all', label: 'All' },
  { value: 'queued', label: states.queued.label },
  { value: 'sending', label: states.sending.label },
  { value: 'sent', label: states.sent.label },
  { value: 'failed', label: states.failed.label },
] as const satisfies ReadonlyArray<{ value: EmailState | 'all'; label: string }>;
export type StateFilter = (typeof stateFilters)[number]['value'];

export function stateInfo(state: string): StateInfo {
  return states[state as EmailState] ?? { label: humanize(state), tone: 'stone' };
}

export function isFailed(state: string): boolean {
  return state === 'failed';
}

export function matchesFilter(state: string, filter: StateFilter): boolean {
  return filter === 'all' || state === filter;
}

type TemplateInfo = {
  label: string;
  /** Who it goes to. */
  audience: 'Guest' | 'Retreat' | 'Team';
  /** What its relatedId points at, when the dashboard shows that kind of record. */
  related?: LinkedRecord;
};

const templates: Record<EmailTemplate, TemplateInfo> = {
  booking_requested: { label: 'Booking request received', audience: 'Guest', related: 'booking' },
  booking_confirmed: { label: 'Booking confirmed', audience: 'Guest', related: 'booking' },
  booking_cancelled: { label: 'Booking cancelled', audience: 'Guest', related: 'booking' },
  order_receipt: { label: 'Order receipt', audience: 'Guest', related: 'order' },
  order_shipped: { label: 'Order shipped', audience: 'Guest', related: 'order' },
  order_cancelled: { label: 'Order cancelled', audience: 'Guest', related: 'order' },
  contact_acknowledged: { label: 'Message received', audience: 'Guest', related: 'message' },
  newsletter_welcome: { label: 'Newsletter welcome', audience: 'Guest' },
  owner_new_booking: { label: 'New booking', audience: 'Retreat', related: 'booking' },
  owner_new_order: { label: 'New order', audience: 'Retreat', related: 'order' },
  owner_new_message: { label: 'New contact message', audience: 'Retreat', related: 'message' },
  owner_booking_cancelled: { label: 'Guest cancelled a booking', audience: 'Retreat', related: 'booking' },
  order_refunded: { label: 'Order refunded', audience: 'Guest', related: 'order' },
  deposit_refunded: { label: 'Deposit refunded', audience: 'Guest', related: 'booking' },
  deposit_action_required: { label: 'Deposit needs the guest', audience: 'Guest', related: 'booking' },
  gift_card_delivered: { label: 'Gift card delivered', audience: 'Guest', related: 'giftCard' },
  contact_reply: { label: 'Reply to a message', audience: 'Guest', related: 'message' },
  team_invitation: { label: 'Team invitation', audience: 'Team' },
  password_reset: { label: 'Password reset link', audience: 'Team' },
  booking_moved: { label: 'Booking moved', audience: 'Guest', related: 'booking' },
  owner_booking_moved: { label: 'Guest moved a booking', audience: 'Retreat', related: 'booking' },
  visit_reminder: { label: 'Visit reminder', audience: 'Guest', related: 'booking' },
  visit_thanks: { label: 'Thank you for visiting', audience: 'Guest', related: 'booking' },
  return_invitation: { label: 'Invitation to return', audience: 'Guest', related: 'booking' },
  rating_hidden: { label: 'Rating taken down', audience: 'Guest' },
  waitlist_joined: { label: 'Joined the waitlist', audience: 'Guest' },
  waitlist_offer: { label: 'Waitlist offer', audience: 'Guest' },
  privacy_request_confirm: { label: 'Data request to confirm', audience: 'Guest' },
  owner_privacy_request: { label: 'Guest asked about her data', audience: 'Retreat' },
  privacy_copy_ready: { label: 'Copy of her data ready', audience: 'Guest' },
};

/** Who a message goes to, in words: "To the guest", "To the team member". */
export function audienceWords(audience: TemplateInfo['audience']): string {
  return { Guest: 'guest', Retreat: 'retreat', Team: 'team member' }[audience];
}

export function templateInfo(template: string): TemplateInfo {
  return templates[template as EmailTemplate] ?? { label: humanize(template), audience: 'Guest' };
}

/** "REQUEST" / "CANCEL" → what the attached calendar file does. */
export function calendarLabel(method: string | null | undefined): string | undefined {
  if (!method) return undefined;
  if (method.toUpperCase() === 'REQUEST') return 'Calendar invitation attached';
  if (method.toUpperCase() === 'CANCEL') return 'Calendar cancellation attached';
  return `Calendar file attached (${method})`;
}
