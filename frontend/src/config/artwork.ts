import type { ResponsiveImage } from '@/lib/responsive-image';

/*
 * Site artwork lives in src/assets (delivered separately). Looked up by file
 * name through a glob so the site renders with its CSS fallbacks while a file
 * is missing, and picks the picture up as soon as it lands.
 */
// favicon.svg and og-image.jpg keep fixed URLs instead (build/stable-artwork.ts).

/*
 * Each picture is made at build time (vite-imagetools) in several widths of
 * WebP, never wider than the delivered file (the plugin drops the wider ones),
 * so a phone downloads a phone-sized file. Quality 78: no loss that shows
 * under the site's gradients and overlays, at about half the delivered bytes
 * at full width. `as=img` gives the largest file's URL and size, and the
 * srcset of them all.
 */
type BuiltPicture = { src: string; w: number; h: number; srcset?: string };
const pictures = import.meta.glob<BuiltPicture>('../assets/*.webp', {
  eager: true,
  query: '?w=480;960;1440;1920;2400&format=webp&quality=78&as=img',
  import: 'default',
});
const brandMark = import.meta.glob<string>('../assets/brand-mark.svg', { eager: true, query: '?url', import: 'default' });

export type ArtworkName = 'hero.webp' | 'about.webp' | 'tiny-home.webp' | 'quiz.webp' | 'testimonial.webp';

export function artwork(name: ArtworkName): ResponsiveImage | undefined {
  const picture = pictures[`../assets/${name}`];
  if (!picture) return undefined;
  return { src: picture.src, srcSet: picture.srcset, width: picture.w, height: picture.h };
}

/** The brand mark, drawn as is (SVG). */
export const brandMarkUrl: string | undefined = brandMark['../assets/brand-mark.svg'];
