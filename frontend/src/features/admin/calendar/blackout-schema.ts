import { z } from '@/lib/zod';

/* Spec §5: both dates needed (the button stays disabled until then); reason optional. */
export const blackoutSchema = z.object({
  startDate: z.string().min(1, 'Start date is required'),
  endDate: z.string().min(1, 'End date is required'),
  type: z.enum(['all', 'services', 'tiny_home', 'retreat']),
  reason: z.string(),
});
export type BlackoutFormValues = z.input<typeof blackoutSchema>;
export const emptyBlackout: BlackoutFormValues = { startDate: '', endDate: '', type: 'all', reason: '' };
