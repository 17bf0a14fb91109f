import { describe, expect, it } from 'vitest';
import { heldUntilWords, placeWords, wishWords } from './waitlist';

describe("a waitlist wish's words", () => {
  it('says a treatment’s days and time', () => {
    expect(wishWords({ from: '2026-12-04', to: '2026-12-04', time: '11:00' }, false)).toBe('Fri, Dec 4 · 11:00 AM');
    expect(wishWords({ from: '2026-12-04', to: '2026-12-06', time: null }, false)).toBe('Fri, Dec 4 – Sun, Dec 6 · any time');
  });

  it('says a stay’s nights', () => {
    expect(wishWords({ from: '2026-12-04', to: '2026-12-06', time: null }, true)).toBe('Dec 4 → Dec 6 · 2 nights');
  });
});

describe("a held place's words", () => {
  it('says a treatment’s day and time, or a stay’s nights', () => {
    expect(placeWords({ date: '2026-12-04', checkOut: null, time: '13:00' })).toBe('Fri, Dec 4 · 1:00 PM');
    expect(placeWords({ date: '2026-12-04', checkOut: '2026-12-05', time: '15:00' })).toBe('Dec 4 → Dec 5 · 1 night');
  });
});

describe('when a hold ends', () => {
  const now = new Date('2026-12-04T18:00:00Z'); // 10:00 AM in Idyllwild
  it('is a time today, in the retreat’s time', () => {
    expect(heldUntilWords('2026-12-04T20:30:00Z', now)).toBe('12:30 PM today');
  });

  it('names the day when it is another', () => {
    expect(heldUntilWords('2026-12-05T17:00:00Z', now)).toBe('Dec 5, 2026 at 9:00 AM');
  });
});
