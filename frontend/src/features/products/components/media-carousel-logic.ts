import type { ProductMedia } from '@/lib/api/types';

export type CarouselItem = { key: string; url: string; type: 'image' | 'video'; title: string };

/** Spec §2: the product's primary image first, then its media in (sortOrder) order. */
export function carouselItems(
  product: { id: string; name: string; image: string },
  media: readonly Pick<ProductMedia, 'id' | 'url' | 'type' | 'title'>[],
): CarouselItem[] {
  const items: CarouselItem[] = [];
  if (product.image) items.push({ key: `primary-${product.id}`, url: product.image, type: 'image', title: product.name });
  for (const m of media) {
    items.push({
      key: m.id,
      url: m.url,
      type: m.type === 'video' ? 'video' : 'image',
      title: m.title ?? product.name,
    });
  }
  return items;
}

/** Wraps around at both ends. */
export function wrapIndex(index: number, total: number): number {
  return total === 0 ? 0 : ((index % total) + total) % total;
}
