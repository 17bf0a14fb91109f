import { z } from '@/lib/zod';

/*
 * Only what the browser can tell at once: something is written. How long a
 * reply may be is the server's rule (5,000 characters as sent); its field error
 * shows under the field like any other.
 */
export const replySchema = z.object({
  message: z.string().trim().min(1, 'Please write your reply'),
});

export type ReplyFormValues = z.input<typeof replySchema>;
export const replyFields = ['message'] as const;
