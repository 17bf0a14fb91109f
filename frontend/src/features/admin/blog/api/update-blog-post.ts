import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blogKeys } from '@/lib/api/catalogue/keys';
import { api, unwrap } from '@/lib/api/client';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { BlogPostInput } from '../../shared/types';

export async function updateBlogPost({ id, body }: { id: string; body: BlogPostInput }) {
  return unwrap(await api.PUT('/api/admin/blog-posts/{id}', { params: { path: { id } }, body }));
}

export function useUpdateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlogPost,
    onSuccess: () => notifySuccess('Blog post updated successfully'),
    onError: (error) => notifyError(error, 'Failed to update blog post'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
