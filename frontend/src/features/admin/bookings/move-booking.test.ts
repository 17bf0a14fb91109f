import { describe, expect, it } from 'vitest';
import {
  canMove,
  moveDefaults,
  movedCheckOut,
  movedDescription,
  movesLabel,
  stayKeepsWords,
  stayNightCount,
  toMoveInput,
  type MovedBooking,
} from './move-booking';

const booked = (fields: Partial<MovedBooking['booking']>) => ({ firstName: 'Ada', lastName: 'Pine', ...fields }) as MovedBooking['booking'];

describe('moving a booking', () => {
  it('moves only what is still ahead of its guest', () => {
    expect(canMove({ status: 'pending' })).toBe(true);
    expect(canMove({ status: 'confirmed' })).toBe(true);
    expect(canMove({ status: 'completed' })).toBe(false);
    expect(canMove({ status: 'cancelled' })).toBe(false);
  });

  it('keeps a stay’s nights', () => {
    expect(stayNightCount({ date: '2030-05-15', checkOut: '2030-05-17', nights: null })).toBe(2);
    expect(stayNightCount({ date: '2030-05-15', checkOut: null, nights: null })).toBeUndefined();
    expect(movedCheckOut('2030-05-30', 3)).toBe('2030-06-02');
    expect(movedCheckOut('2030-05', 3)).toBeUndefined();
    expect(stayKeepsWords('', 2)).toBe('The stay keeps its 2 nights and its 3:00 PM check-in; choose the new check-in day.');
    expect(stayKeepsWords('2030-05-20', 1)).toBe(
      'The stay keeps its 1 night and its 3:00 PM check-in: check-out Tuesday, May 21, 2030 at 11:00 AM.',
    );
  });

  it('sends a treatment’s time, a stay’s treatments', () => {
    const values = { ...moveDefaults({ time: '11:00' }), date: ' 2030-05-20 ' };
    expect(values.time).toBe('11:00');
    expect(toMoveInput(values, false)).toEqual({ date: '2030-05-20', time: '11:00' });
    expect(toMoveInput({ ...values, withTreatments: false }, true)).toEqual({ date: '2030-05-20', withTreatments: false });
  });

  it('names where the booking went', () => {
    expect(movedDescription({ booking: booked({ date: '2030-05-20', time: '15:00', checkOut: null }), movedAlong: [] })).toBe(
      'Ada Pine: now Monday, May 20, 2030 at 3:00 PM. The guest is mailed.',
    );
    const along = [booked({}), booked({})];
    expect(movedDescription({ booking: booked({ date: '2030-05-20', time: '15:00', checkOut: '2030-05-22' }), movedAlong: along })).toBe(
      'Ada Pine: now a stay from Monday, May 20, 2030 to Wednesday, May 22, 2030, with 2 treatments along. The guest is mailed.',
    );
  });

  it('says how often it moved', () => {
    expect(movesLabel(0)).toBeUndefined();
    expect(movesLabel(undefined)).toBeUndefined();
    expect(movesLabel(1)).toEqual({ shown: 'Moved 1×', spoken: 'Moved once' });
    expect(movesLabel(3)).toEqual({ shown: 'Moved 3×', spoken: 'Moved 3 times' });
  });
});
