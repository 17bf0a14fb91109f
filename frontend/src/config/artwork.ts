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
 * so a phone downloads a phone-sized file: 800 covers a full-width picture on
 * a 412 px screen at 1.75 dppx (721 px) or a 390 px one at 2, 1200 the
 * 360–393 px screens at 2.6–3 dppx (up to 1180 px). Quality 78: no loss that shows
 * under the site's gradients and overlays, at about half the delivered bytes
 * at full width. `as=img` gives the largest file's URL and size, and the
 * srcset of them all.
 */
type BuiltPicture = { src: string; w: number; h: number; srcset?: string };
const pictures = import.meta.glob<BuiltPicture>('../assets/*.webp', {
  eager: true,
  query: '?w=480;800;1200;1600;2000;2400&format=webp&quality=78&as=img',
  import: 'default',
});
/*
 * The home page's picture as a phone held upright shows it (art direction):
 * the 3:4 part a portrait screen sees at the picture's object position
 * (72 % across, src/app/routes/home/hero.tsx), cut out before resizing
 * (build/crop-directive.ts), so a phone downloads what it shows instead of a
 * landscape file almost four times as wide. In AVIF at quality 35: the night
 * sky's stars and the peaks' light under the hero's dark gradient look as in
 * the WebP at 70, at half its bytes (20 KB instead of 41 at 1050 px wide, the
 * first screen's largest file on a phone). Every browser the site supports
 * decodes AVIF; one that does not skips the cut (its <source> says its type)
 * and takes the whole picture.
 */
const portraits = import.meta.glob<BuiltPicture>('../assets/hero.webp', {
  eager: true,
  query: '?crop=40.5,0,43.75,100&w=480;720;1050&format=avif&quality=35&as=img',
  import: 'default',
});
const brandMark = import.meta.glob<string>('../assets/brand-mark.svg', { eager: true, query: '?url', import: 'default' });

export type ArtworkName = 'hero.webp' | 'about.webp' | 'tiny-home.webp' | 'quiz.webp' | 'testimonial.webp';

export function artwork(name: ArtworkName): ResponsiveImage | undefined {
  const picture = pictures[`../assets/${name}`];
  return picture && responsive(picture);
}

/** The home page's picture for screens at most 3:4 wide (see `portraits`). */
export function heroPortrait(): ResponsiveImage | undefined {
  const picture = portraits['../assets/hero.webp'];
  return picture && responsive(picture);
}

function responsive(picture: BuiltPicture): ResponsiveImage {
  return { src: picture.src, srcSet: picture.srcset, width: picture.w, height: picture.h };
}

/** The brand mark, drawn as is (SVG). */
export const brandMarkUrl: string | undefined = brandMark['../assets/brand-mark.svg'];
