import { z } from '@/lib/zod';
import type { BlogPost } from '@/lib/api/types';
import type { BlogPostInput } from '../shared/types';

/** Spec §5: lowercased, and spaces become hyphens, as the user types. */
export function slugify(typed: string): string {
  return typed.toLowerCase().replace(/\s/g, '-');
}

/** Spec §5: title, slug, excerpt, content and image URL are required. */
export const postSchema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  slug: z.string().trim().min(1, 'Slug is required'),
  excerpt: z.string().trim().min(1, 'Excerpt is required'),
  content: z.string().trim().min(1, 'Content is required'),
  image: z.string().trim().min(1, 'Image URL is required'),
});

export type PostFormValues = z.input<typeof postSchema>;
export const postFields = ['title', 'slug', 'excerpt', 'content', 'image'] as const;
export const emptyPost: PostFormValues = { title: '', slug: '', excerpt: '', content: '', image: '' };

export function postToForm(post: BlogPost): PostFormValues {
  return { title: post.title, slug: post.slug, excerpt: post.excerpt, content: post.content, image: post.image };
}

export function formToPost(values: PostFormValues): BlogPostInput {
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    excerpt: values.excerpt.trim(),
    // Paragraph breaks matter in the content; only the ends are trimmed.
    content: values.content.trim(),
    image: values.image.trim(),
  };
}
