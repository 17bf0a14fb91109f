import { describe, expect, it } from 'vitest';
import { bookingPrefill } from './prefill';

const TODAY = '2026-11-29';
const prefill = (search: string) => bookingPrefill(new URLSearchParams(search), TODAY);

describe("the booking link's prefill", () => {
  it('is nothing without ?book=', () => {
    expect(prefill('')).toBeNull();
    expect(prefill('date=2026-12-20&time=11:00')).toBeNull();
  });

  it('takes a service, a day and a time slot', () => {
    expect(prefill('book=massage&date=2026-12-20&time=11:00')).toEqual({
      service: 'massage',
      moment: { date: '2026-12-20', time: '11:00' },
    });
    expect(prefill('book=accommodation&date=2026-11-29')).toEqual({
      service: 'accommodation',
      moment: { date: '2026-11-29', time: '' },
    });
  });

  it('opens empty for a bare ?book=', () => {
    expect(prefill('book=')).toEqual({});
    expect(prefill('book')).toEqual({});
  });

  it('leaves out an unknown service and keeps the rest', () => {
    expect(prefill('book=yoga&date=2026-12-20&time=9:00')).toEqual({ moment: { date: '2026-12-20', time: '9:00' } });
  });

  it('leaves out a past, malformed or impossible day, and its time with it', () => {
    expect(prefill('book=spa&date=2026-11-28&time=11:00')).toEqual({ service: 'spa' });
    expect(prefill('book=spa&date=2026-02-30&time=11:00')).toEqual({ service: 'spa' });
    expect(prefill('book=spa&date=20-12-2026')).toEqual({ service: 'spa' });
    expect(prefill('book=spa&time=11:00')).toEqual({ service: 'spa' });
  });

  it('leaves out a time that is not one of the slots', () => {
    expect(prefill('book=massage&date=2026-12-20&time=10:30')).toEqual({
      service: 'massage',
      moment: { date: '2026-12-20', time: '' },
    });
    expect(prefill('book=massage&date=2026-12-20&time=<script>')).toEqual({
      service: 'massage',
      moment: { date: '2026-12-20', time: '' },
    });
  });

  it("carries a waitlist offer's token, with a stay's check-out day", () => {
    const token = 'b2ZmZXI.abc-123_x~';
    expect(prefill(`book=massage&date=2026-12-20&time=11:00&offer=${token}`)).toEqual({
      service: 'massage',
      moment: { date: '2026-12-20', time: '11:00', offer: token },
    });
    expect(prefill(`book=accommodation&date=2026-12-20&time=15:00&checkOut=2026-12-23&offer=${token}`)).toEqual({
      service: 'accommodation',
      moment: { date: '2026-12-20', time: '15:00', checkOut: '2026-12-23', offer: token },
    });
  });

  it('leaves out a check-out that makes no stay, and a token that is no token', () => {
    expect(prefill('book=accommodation&date=2026-12-20&checkOut=2026-12-20')).toEqual({
      service: 'accommodation',
      moment: { date: '2026-12-20', time: '' },
    });
    expect(prefill('book=accommodation&date=2026-12-20&checkOut=2027-01-20')?.moment?.checkOut).toBeUndefined();
    expect(prefill('book=massage&date=2026-12-20&checkOut=2026-12-21')?.moment?.checkOut).toBeUndefined();
    expect(prefill('book=massage&date=2026-12-20&offer=<script>')?.moment?.offer).toBeUndefined();
    expect(prefill('book=massage&date=2026-12-20&offer=')?.moment?.offer).toBeUndefined();
  });
});
