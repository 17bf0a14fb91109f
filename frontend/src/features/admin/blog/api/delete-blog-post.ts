import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blogKeys } from '@/lib/api/catalogue/keys';
import { api } from '@/lib/api/client';
import { notifyError, notifySuccess } from '../../shared/notify';

export async function deleteBlogPost(id: string) {
  await api.DELETE('/api/admin/blog-posts/{id}', { params: { path: { id } } });
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogPost,
    onSuccess: () => notifySuccess('Blog post deleted successfully'),
    onError: (error) => notifyError(error, 'Failed to delete blog post'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
