import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from './api-client';
import { blogKeys } from './keys';

/** Newest first (the server's order). */
export async function getBlogPosts() {
  const { api, unwrap } = await apiClient();
  return unwrap(await api.GET('/api/blog-posts'));
}

export const blogPostsQueryOptions = () => queryOptions({ queryKey: blogKeys.list(), queryFn: getBlogPosts });

export function useBlogPosts() {
  return useQuery(blogPostsQueryOptions());
}
