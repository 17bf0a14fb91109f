import type { components } from '@/lib/api/schema';

/** An image file's intrinsic pixel size, as the API reports it. */
export type ImageSize = components['schemas']['ImageSize'];

/**
 * What an <img> needs to pick the right file: the plain URL, and when the
 * picture comes in several widths their `srcset` and the intrinsic size of
 * the largest (declared, so the browser reserves its box before it loads).
 */
export type ResponsiveImage = { src: string; srcSet?: string; width?: number; height?: number };

/**
 * The widths the server makes of an image under /media/ (`{url}?w=W`, WebP,
 * never wider than the file itself), made once on first request and cached.
 */
export const MEDIA_VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;

const VARIANT_SOURCE = /^\/media\/[^?#]+\.(?:webp|jpe?g|png)$/i;

/**
 * A media image (a product's, a service's, a post's) with the server's
 * variants, each described by the width the server answers it with (the
 * file's own width for a variant at least as wide as the file). Unknown size,
 * an external URL or a file the server does not resize: the plain URL alone.
 */
export function mediaImage(url: string, size: ImageSize | null | undefined): ResponsiveImage {
  if (!size || !VARIANT_SOURCE.test(url) || !(size.width > 0 && size.height > 0)) return { src: url };
  // Every variant narrower than the file, then the first one that is not (the
  // largest the server makes of this file: a file wider than every variant
  // ends at the widest).
  const narrower = MEDIA_VARIANT_WIDTHS.filter((w) => w < size.width);
  const last = MEDIA_VARIANT_WIDTHS[narrower.length];
  const candidates = narrower.map((w) => `${url}?w=${w} ${w}w`);
  if (last !== undefined) candidates.push(`${url}?w=${last} ${size.width}w`);
  const largest = last ?? narrower[narrower.length - 1]!;
  return { src: `${url}?w=${largest}`, srcSet: candidates.join(', '), width: size.width, height: size.height };
}

/**
 * The <img> attributes of a picture: its variants with the `sizes` of its
 * layout, its intrinsic size, and when to fetch it. The largest picture of
 * the first screen is the page's priority (fetched first, at high priority);
 * every other one waits until it is about to scroll into view.
 */
export function imageAttributes(image: ResponsiveImage, { sizes, priority = false }: { sizes: string; priority?: boolean }) {
  return {
    src: image.src,
    srcSet: image.srcSet,
    sizes: image.srcSet ? sizes : undefined,
    width: image.width,
    height: image.height,
    loading: priority ? undefined : ('lazy' as const),
    fetchPriority: priority ? ('high' as const) : undefined,
  };
}

/**
 * The <source> of a <picture> for screens matching `media` (art direction:
 * another cut of the picture), with its own variants, `sizes` and intrinsic
 * size, so the box is reserved in that cut's proportions; `type` is the
 * files' format, for one that not every browser decodes (a browser skips a
 * source of a type it does not know).
 */
export function sourceAttributes(image: ResponsiveImage, { media, sizes, type }: { media: string; sizes: string; type?: string }) {
  return {
    media,
    type,
    srcSet: image.srcSet ?? image.src,
    sizes: image.srcSet ? sizes : undefined,
    width: image.width,
    height: image.height,
  };
}
