export const blogKeys = {
  all: ['blog-posts'] as const,
  list: () => [...blogKeys.all, 'list'] as const,
  detail: (slug: string) => [...blogKeys.all, 'detail', slug] as const,
};
