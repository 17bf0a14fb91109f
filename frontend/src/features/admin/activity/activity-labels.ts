import { humanize } from '../shared/humanize';
import type { Tone } from '../shared/statuses';
import type { ActivityAction, ActivityEntity } from '../shared/types';

/*
 * The trail's kinds and actions in words. The keys are the generated
 * schema's, so a new kind or action fails the type check until it has words
 * here; a value newer than this build still reads as words.
 */
const entities: Record<ActivityEntity, string> = {
  product: 'Product',
  product_media: 'Product media',
  service: 'Service',
  blog_post: 'Journal post',
  contact_message: 'Message',
  order: 'Order',
  booking: 'Booking',
  blackout: 'Blackout',
  availability: 'Availability',
  email: 'Email',
  session: 'Sign-in',
  promo_code: 'Promo code',
  gift_card: 'Gift card',
  schedule: 'Schedule',
  team_member: 'Team member',
  invitation: 'Invitation',
  media_file: 'Media file',
  second_factor: 'Second step',
  team_policy: 'Team rule',
  visit_settings: 'Visit settings',
  calendar_feed: 'Calendar feed',
  stay_import: 'Calendar import',
  rating: 'Rating',
  waitlist_entry: 'Waitlist',
  guest_data: 'Guest data',
  privacy_request: 'Guest’s request',
  intake_form: 'Intake form',
  intake_answers: 'Intake answers',
};

type ActionInfo = { label: string; tone: Tone };

const actions: Record<ActivityAction, ActionInfo> = {
  created: { label: 'Created', tone: 'green' },
  updated: { label: 'Updated', tone: 'blue' },
  deleted: { label: 'Deleted', tone: 'red' },
  status_changed: { label: 'Status changed', tone: 'yellow' },
  resent: { label: 'Resent', tone: 'blue' },
  login_succeeded: { label: 'Logged in', tone: 'green' },
  login_failed: { label: 'Login failed', tone: 'red' },
  logged_out: { label: 'Logged out', tone: 'stone' },
  refunded: { label: 'Refunded', tone: 'yellow' },
  replied: { label: 'Replied', tone: 'green' },
  invited: { label: 'Invited', tone: 'blue' },
  invitation_revoked: { label: 'Invitation withdrawn', tone: 'stone' },
  invitation_accepted: { label: 'Joined the team', tone: 'green' },
  role_changed: { label: 'Role changed', tone: 'yellow' },
  deactivated: { label: 'Deactivated', tone: 'red' },
  reactivated: { label: 'Reactivated', tone: 'green' },
  password_reset_requested: { label: 'Password reset asked', tone: 'blue' },
  password_reset: { label: 'Password reset', tone: 'yellow' },
  session_ended: { label: 'Signed out a device', tone: 'stone' },
  second_factor_added: { label: 'Second step added', tone: 'green' },
  second_factor_removed: { label: 'Second step removed', tone: 'red' },
  recovery_codes_renewed: { label: 'New recovery codes', tone: 'blue' },
  recovery_code_used: { label: 'Recovery code used', tone: 'yellow' },
  moved: { label: 'Moved', tone: 'blue' },
  attendance_confirmed: { label: 'Guest will be there', tone: 'green' },
  hidden: { label: 'Taken down', tone: 'red' },
  shown: { label: 'Shown again', tone: 'green' },
  exported: { label: 'Gathered', tone: 'blue' },
  erased: { label: 'Erased', tone: 'red' },
  confirmed: { label: 'Confirmed by the guest', tone: 'yellow' },
  opened: { label: 'Opened', tone: 'yellow' },
};

/** The kind filter's choices, alphabetically by their words. */
export const entityChoices = (Object.entries(entities) as Array<[ActivityEntity, string]>)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

export function entityLabel(entity: string): string {
  return entities[entity as ActivityEntity] ?? humanize(entity);
}

export function actionInfo(action: string): ActionInfo {
  return actions[action as ActivityAction] ?? { label: humanize(action), tone: 'stone' };
}

/** The Activity tab's filters; an empty string means "any". */
export type ActivityFilters = { actor: string; entity: ActivityEntity | ''; from: string; to: string };
export const NO_FILTERS: ActivityFilters = { actor: '', entity: '', from: '', to: '' };

export function hasFilters(filters: ActivityFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}
