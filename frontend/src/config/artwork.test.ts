import { describe, expect, it } from 'vitest';
import { artwork, heroPortrait, type ArtworkName } from './artwork';

/** The width descriptors of a srcset. */
function widths(srcSet: string | undefined): number[] {
  return (srcSet ?? '').split(', ').map((candidate) => parseInt(candidate.split(' ')[1] ?? '', 10));
}

describe('artwork', () => {
  it.each([
    ['hero.webp', [2400, 1400], [480, 800, 1200, 1600, 2000, 2400]],
    ['about.webp', [1200, 1500], [480, 800, 1200]],
    ['quiz.webp', [1200, 800], [480, 800, 1200]],
    ['testimonial.webp', [1600, 900], [480, 800, 1200, 1600]],
    ['tiny-home.webp', [1600, 1000], [480, 800, 1200, 1600]],
  ] as [ArtworkName, number[], number[]][])('%s comes in widths up to its own, with its size', (name, [width, height], expected) => {
    const picture = artwork(name);
    expect(picture).toMatchObject({ width, height });
    expect(widths(picture?.srcSet)).toEqual(expected);
    // The plain URL is the widest file.
    expect(picture?.srcSet).toContain(`${picture?.src} ${width}w`);
  });

  it("cuts the home page's picture for a phone held upright", () => {
    const portrait = heroPortrait();
    // 43.75 % of 2400 px wide, the whole 1400 px high: 3:4.
    expect(portrait).toMatchObject({ width: 1050, height: 1400 });
    expect(widths(portrait?.srcSet)).toEqual([480, 720, 1050]);
  });
});
