import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blogKeys } from '@/lib/api/catalogue/keys';
import { api, unwrap } from '@/lib/api/client';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { BlogPostInput } from '../../shared/types';

export async function createBlogPost(body: BlogPostInput) {
  return unwrap(await api.POST('/api/blog-posts', { body }));
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlogPost,
    onSuccess: () => notifySuccess('Blog post created successfully'),
    onError: (error) => notifyError(error, 'Failed to create blog post'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
