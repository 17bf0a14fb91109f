import type { Tone } from '../shared/statuses';
import type { IntakeStatus } from '../shared/types';

/*
 * What the team is told of a booking's form (docs/decisions.md §22), in the
 * owner's words. Keyed by the generated schema's statuses, so a new one
 * fails the type check until it has words here.
 */
export const intakeStatuses: Record<IntakeStatus, { label: string; tone: Tone; detail: string }> = {
  complete: { label: 'Complete', tone: 'green', detail: 'The guest filled in and signed the form; nothing she answered was flagged.' },
  needs_review: {
    label: 'Needs review',
    tone: 'orange',
    detail: 'The guest signed the form, and an answer the owner flagged needs a look before the visit.',
  },
  missing: {
    label: 'Missing',
    tone: 'stone',
    detail: 'The guest has not filled in the form yet. Her booking’s page asks her for it until it locks before the visit.',
  },
};

export function intakeStatus(status: string): { label: string; tone: Tone; detail: string } {
  return intakeStatuses[status as IntakeStatus] ?? { label: status, tone: 'stone', detail: '' };
}
