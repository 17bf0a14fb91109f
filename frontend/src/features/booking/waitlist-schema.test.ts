import { describe, expect, it } from 'vitest';
import {
  firstWish,
  MAX_WISHES,
  toWaitlistRequest,
  waitlistFormField,
  waitlistSchema,
  WISH_TEXTS,
  type WaitlistFormValues,
  type WishFormValues,
} from './waitlist-schema';

// Far enough ahead to be "today or later" whenever the tests run.
const DAY = '2099-03-10';

const person = { firstName: ' Hazel ', lastName: ' Brook ', email: ' hazel@example.test ' };
const form = (...wishes: WishFormValues[]): WaitlistFormValues => ({ ...person, wishes });

/** The form's messages by field ("wishes.0.to"), as react-hook-form would show them. */
function problems(stay: boolean, values: WaitlistFormValues): Record<string, string> {
  const result = waitlistSchema(stay).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe("the waitlist form's rules for a treatment", () => {
  it('takes a day, a run of days, at a time or any time', () => {
    expect(problems(false, form({ from: DAY, to: DAY, time: '11:00' }))).toEqual({});
    expect(problems(false, form({ from: DAY, to: '2099-03-12', time: '' }))).toEqual({});
    expect(
      problems(
        false,
        form(
          { from: DAY, to: DAY, time: '' },
          { from: '2099-04-01', to: '2099-04-03', time: '17:00' },
          { from: DAY, to: DAY, time: '9:00' },
        ),
      ),
    ).toEqual({});
  });

  it('asks for both days, from today on, in order', () => {
    expect(problems(false, form({ from: '', to: '', time: '' }))).toEqual({
      'wishes.0.from': WISH_TEXTS.fromMissing,
      'wishes.0.to': WISH_TEXTS.toMissing,
    });
    expect(problems(false, form({ from: '2001-01-01', to: '2001-01-02', time: '' }))['wishes.0.from']).toBe(WISH_TEXTS.fromPast);
    expect(problems(false, form({ from: DAY, to: '2099-03-09', time: '' }))).toEqual({ 'wishes.0.to': WISH_TEXTS.toBeforeFrom });
  });

  it('covers at most 31 days, both ends counted', () => {
    expect(problems(false, form({ from: '2099-03-01', to: '2099-03-31', time: '' }))).toEqual({});
    expect(problems(false, form({ from: '2099-03-01', to: '2099-04-01', time: '' }))).toEqual({ 'wishes.0.to': WISH_TEXTS.tooLong });
  });

  it('names the wish a problem is in', () => {
    expect(problems(false, form({ from: DAY, to: DAY, time: '' }, { from: DAY, to: '', time: '' }))).toEqual({
      'wishes.1.to': WISH_TEXTS.toMissing,
    });
  });

  it('refuses a time that is not one of the slots', () => {
    expect(problems(false, form({ from: DAY, to: DAY, time: '10:30' }))).toEqual({ 'wishes.0.time': WISH_TEXTS.time });
  });

  it('asks for her name and a valid address, in the booking form’s words', () => {
    const result = problems(false, { firstName: ' ', lastName: '', email: 'nope', wishes: [{ from: DAY, to: DAY, time: '' }] });
    expect(result).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
    });
  });

  it('takes one to three wishes', () => {
    expect(problems(false, form())).toHaveProperty('wishes');
    const wish = { from: DAY, to: DAY, time: '' };
    expect(problems(false, form(...Array.from({ length: MAX_WISHES + 1 }, () => wish)))).toHaveProperty('wishes');
  });
});

describe("the waitlist form's rules for a stay", () => {
  it('takes 1 to 14 nights', () => {
    expect(problems(true, form({ from: DAY, to: '2099-03-11', time: '' }))).toEqual({});
    expect(problems(true, form({ from: DAY, to: '2099-03-24', time: '' }))).toEqual({});
    expect(problems(true, form({ from: DAY, to: '2099-03-25', time: '' }))).toEqual({ 'wishes.0.to': WISH_TEXTS.stayLength });
    expect(problems(true, form({ from: DAY, to: DAY, time: '' }))).toEqual({ 'wishes.0.to': WISH_TEXTS.stayLength });
  });

  it('asks for check-in and check-out in a stay’s words', () => {
    expect(problems(true, form({ from: '', to: '', time: '' }))).toEqual({
      'wishes.0.from': WISH_TEXTS.checkInMissing,
      'wishes.0.to': WISH_TEXTS.checkOutMissing,
    });
  });
});

describe('the first wish, from what she chose in the booking dialog', () => {
  it('is her day and time for a treatment', () => {
    expect(firstWish(false, { date: DAY, time: '13:00' })).toEqual({ from: DAY, to: DAY, time: '13:00' });
    expect(firstWish(false, { date: DAY, time: '' })).toEqual({ from: DAY, to: DAY, time: '' });
    expect(firstWish(false, {})).toEqual({ from: '', to: '', time: '' });
    expect(firstWish(false, { date: '20', time: 'soon' })).toEqual({ from: '', to: '', time: '' });
  });

  it('is her stay, or one night from a check-in alone', () => {
    expect(firstWish(true, { date: DAY, checkOut: '2099-03-13' })).toEqual({ from: DAY, to: '2099-03-13', time: '' });
    expect(firstWish(true, { date: DAY, checkOut: '' })).toEqual({ from: DAY, to: '2099-03-11', time: '' });
    expect(firstWish(true, { date: '' })).toEqual({ from: '', to: '', time: '' });
  });
});

describe('what is sent', () => {
  it('trims her name and address; any time is null', () => {
    const values = form({ from: DAY, to: '2099-03-12', time: '' }, { from: '2099-04-01', to: '2099-04-01', time: '9:00' });
    expect(toWaitlistRequest(values, 'massage', false, undefined)).toEqual({
      service: 'massage',
      firstName: 'Hazel',
      lastName: 'Brook',
      email: 'hazel@example.test',
      wishes: [
        { from: DAY, to: '2099-03-12', time: null },
        { from: '2099-04-01', to: '2099-04-01', time: '9:00' },
      ],
      website: '',
    });
  });

  it('sends a stay without a time, and what a robot typed into the hidden field', () => {
    const request = toWaitlistRequest(form({ from: DAY, to: '2099-03-12', time: '15:00' }), 'accommodation', true, 'http://spam');
    expect(request.wishes).toEqual([{ from: DAY, to: '2099-03-12', time: null }]);
    expect(request.website).toBe('http://spam');
  });
});

describe("the server's field names", () => {
  it('land on the form’s fields', () => {
    expect(waitlistFormField('email')).toBe('email');
    expect(waitlistFormField('wishes[0].to')).toBe('wishes.0.to');
    expect(waitlistFormField('wishes[2].time')).toBe('wishes.2.time');
  });

  it('are none for what the form does not have', () => {
    expect(waitlistFormField('wishes')).toBeNull();
    expect(waitlistFormField('wishes[3].from')).toBeNull();
    expect(waitlistFormField('service')).toBeNull();
  });
});
