import { describe, expect, it } from 'vitest';
import { artwork, type ArtworkName } from './artwork';

/** The width descriptors of a srcset. */
function widths(srcSet: string | undefined): number[] {
  return (srcSet ?? '').split(', ').map((candidate) => parseInt(candidate.split(' ')[1] ?? '', 10));
}

describe('artwork', () => {
  it.each([
    ['hero.webp', [2400, 1400], [480, 960, 1440, 1920, 2400]],
    ['about.webp', [1200, 1500], [480, 960, 1200]],
    ['quiz.webp', [1200, 800], [480, 960, 1200]],
    ['testimonial.webp', [1600, 900], [480, 960, 1440, 1600]],
    ['tiny-home.webp', [1600, 1000], [480, 960, 1440, 1600]],
  ] as [ArtworkName, number[], number[]][])('%s comes in widths up to its own, with its size', (name, [width, height], expected) => {
    const picture = artwork(name);
    expect(picture).toMatchObject({ width, height });
    expect(widths(picture?.srcSet)).toEqual(expected);
    // The plain URL is the widest file.
    expect(picture?.srcSet).toContain(`${picture?.src} ${width}w`);
  });
});
