import { z } from '@/lib/zod';

/** Spec §5: URL required with this exact message; title optional; image or video. */
export const mediaSchema = z.object({
  url: z.string().trim().min(1, 'Please provide a media URL'),
  title: z.string(),
  type: z.enum(['image', 'video']),
});

export type MediaFormValues = z.input<typeof mediaSchema>;
export const emptyMedia: MediaFormValues = { url: '', title: '', type: 'image' };

/** The neighbours whose sortOrder a move swaps, or none at either end. */
export function neighbourFor<T>(items: readonly T[], index: number, direction: 'up' | 'down'): [T, T] | undefined {
  const other = direction === 'up' ? index - 1 : index + 1;
  const a = items[index];
  const b = items[other];
  return a !== undefined && b !== undefined ? [a, b] : undefined;
}
