import type { QueryKey } from '@tanstack/react-query';
import { blogKeys, giftCardOptionsKey, privacyTermsKey, productKeys, ratingKeys, serviceKeys } from './keys';

/*
 * The public catalogue's GET paths, written exactly as the browser app
 * requests them (openapi-fetch encodes path parameters with
 * encodeURIComponent), and the cache key each one's data lives under. The
 * server renderer is told which paths a page needs, gets their JSON from the
 * server and puts it under these keys, where the pages' hooks find it.
 */
export const cataloguePaths = {
  products: '/api/products',
  services: '/api/services',
  ratings: '/api/ratings',
  blogPosts: '/api/blog-posts',
  blogPost: (slug: string) => `/api/blog-posts/${encodeURIComponent(slug)}`,
  giftCardOptions: '/api/gift-cards/options',
  privacyTerms: '/api/privacy/terms',
} as const;

const BLOG_POST = /^\/api\/blog-posts\/([^/?#]+)$/;

/** The cache key of a catalogue path's data; undefined for a path that is not one. */
export function catalogueQueryKey(path: string): QueryKey | undefined {
  if (path === cataloguePaths.products) return productKeys.list();
  if (path === cataloguePaths.services) return serviceKeys.list();
  if (path === cataloguePaths.ratings) return ratingKeys.list();
  if (path === cataloguePaths.blogPosts) return blogKeys.list();
  if (path === cataloguePaths.giftCardOptions) return giftCardOptionsKey();
  if (path === cataloguePaths.privacyTerms) return privacyTermsKey();
  const post = BLOG_POST.exec(path);
  if (post?.[1]) return blogKeys.detail(decodeURIComponent(post[1]));
  return undefined;
}
