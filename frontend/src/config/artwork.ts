/*
 * Site artwork lives in src/assets (delivered separately). Looked up by file
 * name through a glob so the site renders with its CSS fallbacks while a file
 * is missing, and picks the picture up as soon as it lands.
 */
// favicon.svg and og-image.jpg keep fixed URLs instead (build/stable-artwork.ts).
const files = import.meta.glob<string>(['../assets/*.webp', '../assets/brand-mark.svg'], {
  eager: true,
  query: '?url',
  import: 'default',
});

export type ArtworkName = 'hero.webp' | 'about.webp' | 'tiny-home.webp' | 'quiz.webp' | 'testimonial.webp' | 'brand-mark.svg';

export function artwork(name: ArtworkName): string | undefined {
  return files[`../assets/${name}`];
}
