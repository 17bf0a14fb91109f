import type { Product, ProductMedia } from '@/lib/api/types';
import type { ImageSize } from '@/lib/responsive-image';

/** `size`: an image's intrinsic size, when the server knows it (never for a video). */
export type CarouselItem = { key: string; url: string; type: 'image' | 'video'; title: string; size: ImageSize | null };

/** Spec §2: the product's primary image first, then its media in (sortOrder) order. */
export function carouselItems(
  product: Pick<Product, 'id' | 'name' | 'image' | 'imageSize'>,
  media: readonly Pick<ProductMedia, 'id' | 'url' | 'type' | 'title' | 'size'>[],
): CarouselItem[] {
  const items: CarouselItem[] = [];
  if (product.image) {
    items.push({ key: `primary-${product.id}`, url: product.image, type: 'image', title: product.name, size: product.imageSize ?? null });
  }
  for (const m of media) {
    items.push({
      key: m.id,
      url: m.url,
      type: m.type === 'video' ? 'video' : 'image',
      title: m.title ?? product.name,
      size: m.size ?? null,
    });
  }
  return items;
}

/** Wraps around at both ends. */
export function wrapIndex(index: number, total: number): number {
  return total === 0 ? 0 : ((index % total) + total) % total;
}
