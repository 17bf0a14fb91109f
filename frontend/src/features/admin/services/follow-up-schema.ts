import { z } from '@/lib/zod';
import type { ServiceFollowUp, ServiceFollowUpInput } from '../shared/types';

/** The longest aftercare words and "invite back after", as the server checks them (domain::after_visit). */
export const AFTERCARE_MAX = 2000;
export const RETURN_AFTER_MAX_DAYS = 730;

/*
 * A service's "after the visit": the aftercare words of its thank-you note
 * and after how many days its guests are invited back. Empty is none (no
 * aftercare; never invited back).
 */
export const followUpSchema = z.object({
  aftercare: z.string().max(AFTERCARE_MAX, 'Aftercare is at most 2,000 characters'),
  returnAfterDays: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= RETURN_AFTER_MAX_DAYS),
      'Invite back after a whole number of days from 1 to 730, or leave it empty for never',
    ),
});

export type FollowUpFormValues = z.input<typeof followUpSchema>;
export const followUpFields = ['aftercare', 'returnAfterDays'] as const;

export function followUpToForm(followUp: ServiceFollowUp | undefined): FollowUpFormValues {
  return {
    aftercare: followUp?.aftercare ?? '',
    returnAfterDays: followUp?.returnAfterDays == null ? '' : String(followUp.returnAfterDays),
  };
}

export function formToFollowUp(values: FollowUpFormValues): ServiceFollowUpInput {
  const aftercare = values.aftercare.trim();
  const days = values.returnAfterDays.trim();
  return { aftercare: aftercare === '' ? null : aftercare, returnAfterDays: days === '' ? null : Number(days) };
}
