export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
  media: (productId: string) => [...productKeys.all, productId, 'media'] as const,
};
