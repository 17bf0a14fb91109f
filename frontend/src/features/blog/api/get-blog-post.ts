import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { blogKeys } from '@/lib/api/catalogue/keys';

export async function getBlogPost(slug: string) {
  return unwrap(await api.GET('/api/blog-posts/{slug}', { params: { path: { slug } } }));
}

export const blogPostQueryOptions = (slug: string) => queryOptions({ queryKey: blogKeys.detail(slug), queryFn: () => getBlogPost(slug) });

export function useBlogPost(slug: string) {
  return useQuery(blogPostQueryOptions(slug));
}
