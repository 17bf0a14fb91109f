import { z } from '@/lib/zod';
import type { VisitSettingsInput } from './api/visit-settings';

/*
 * The owner's settings for guests' visits as a form: the free moves as text,
 * so a half-typed or emptied field is the form's to refuse, in the server's
 * own words.
 */

export const FREE_MOVES_MAX = 10;
export const FREE_MOVES_MESSAGE = `Free moves are a whole number from 0 to ${FREE_MOVES_MAX}`;

export const visitSettingsSchema = z.object({
  freeMoves: z
    .string()
    .trim()
    .refine((v) => /^\d{1,2}$/.test(v) && Number(v) <= FREE_MOVES_MAX, FREE_MOVES_MESSAGE),
});
export type VisitSettingsFormValues = z.input<typeof visitSettingsSchema>;

export function toVisitSettingsForm(settings: { freeMoves: number }): VisitSettingsFormValues {
  return { freeMoves: String(settings.freeMoves) };
}

export function toVisitSettingsInput(values: VisitSettingsFormValues): VisitSettingsInput {
  return { freeMoves: Number(values.freeMoves.trim()) };
}

/** What a number of free moves means for a guest, under the field. */
export function freeMovesMeaning(value: string): string {
  const text = value.trim();
  if (!/^\d{1,2}$/.test(text) || Number(text) > FREE_MOVES_MAX) return `0 to ${FREE_MOVES_MAX}.`;
  const moves = Number(text);
  if (moves === 0) return 'Guests cannot move a booking themselves; the retreat still can, from here.';
  return `A guest may move each booking ${moves === 1 ? 'once' : `${moves} times`} through her link, until its free-cancellation deadline.`;
}
