import { describe, expect, it } from 'vitest';
import { filledStars, formatAverage, ratingOfService, ratingsCount, ratingSummaryLabel, starsLabel, starsWord } from './ratings';

describe('ratings in words', () => {
  it('names the star choices as their radios do', () => {
    expect(starsWord(1)).toBe('1 star');
    expect(starsWord(2)).toBe('2 stars');
    expect(starsWord(5)).toBe('5 stars');
  });

  it('writes an average with one decimal, whole ones too', () => {
    expect(formatAverage(4.6)).toBe('4.6');
    expect(formatAverage(4)).toBe('4.0');
    expect(formatAverage(4.65)).toBe('4.7');
    expect(formatAverage(3.04)).toBe('3.0');
  });

  it('counts ratings and guests in the singular and the plural', () => {
    expect(ratingsCount(1)).toBe('1 rating');
    expect(ratingsCount(12)).toBe('12 ratings');
    expect(ratingSummaryLabel(4.6, 12)).toBe('Rated 4.6 out of 5 from 12 guests');
    expect(ratingSummaryLabel(2, 1)).toBe('Rated 2.0 out of 5 from 1 guest');
  });

  it("reads one guest's stars", () => {
    expect(starsLabel(1)).toBe('1 out of 5 stars');
    expect(starsLabel(2)).toBe('2 out of 5 stars');
  });

  it('draws an average as whole stars, never none', () => {
    expect(filledStars(4.6)).toBe(5);
    expect(filledStars(4.2)).toBe(4);
    expect(filledStars(1)).toBe(1);
    expect(filledStars(0.2)).toBe(1);
  });
});

describe("a service's ratings", () => {
  const ratings = [
    { serviceKey: 'massage' as const, average: 4.5, count: 2, quoted: [] },
    { serviceKey: 'spa' as const, average: 3, count: 1, quoted: [] },
  ];

  it('are found by its booking key', () => {
    expect(ratingOfService(ratings, { bookingKey: 'spa' })?.average).toBe(3);
    expect(ratingOfService(ratings, { bookingKey: 'package' })).toBeUndefined();
  });

  it('are none for a service guests cannot book, or before they are loaded', () => {
    expect(ratingOfService(ratings, { bookingKey: null })).toBeUndefined();
    expect(ratingOfService(ratings, {})).toBeUndefined();
    expect(ratingOfService(undefined, { bookingKey: 'massage' })).toBeUndefined();
  });
});
