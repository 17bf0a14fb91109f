import { describe, expect, it } from 'vitest';
import {
  FREE_MOVES_MESSAGE,
  freeMovesMeaning,
  hourLabel,
  OFFER_HOLD_MESSAGE,
  offerHoldMeaning,
  QUIET_HOURS_MESSAGE,
  quietHoursMeaning,
  REMINDER_DEFAULTS,
  STAY_FIRST_DAYS_MESSAGE,
  STAY_SECOND_DAYS_MESSAGE,
  stayDaysMeaning,
  toVisitSettingsForm,
  toVisitSettingsInput,
  TREATMENT_FIRST_HOURS_MESSAGE,
  treatmentFirstMeaning,
  visitSettingsSchema,
  type RemindersFormValues,
  type VisitSettingsFormValues,
} from './visit-settings-schema';

/** The form as the defaults fill it, with some fields changed. */
function form(
  changes: { freeMoves?: string; offerHoldMinutes?: string; reminders?: Partial<RemindersFormValues> } = {},
): VisitSettingsFormValues {
  const start = toVisitSettingsForm({ freeMoves: 1, offerHoldMinutes: 120, reminders: REMINDER_DEFAULTS });
  return {
    freeMoves: changes.freeMoves ?? start.freeMoves,
    offerHoldMinutes: changes.offerHoldMinutes ?? start.offerHoldMinutes,
    reminders: { ...start.reminders, ...changes.reminders },
  };
}

/** The messages of a refused form, by field path. */
function errors(values: VisitSettingsFormValues): Record<string, string> {
  const result = visitSettingsSchema.safeParse(values);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('visit settings form', () => {
  it('takes 0 to 10, trimmed', () => {
    for (const value of ['0', '1', ' 10 ', '07']) expect(visitSettingsSchema.safeParse(form({ freeMoves: value })).success).toBe(true);
    expect(toVisitSettingsInput(form({ freeMoves: ' 3 ' })).freeMoves).toBe(3);
    expect(toVisitSettingsForm({ freeMoves: 1, offerHoldMinutes: 120, reminders: REMINDER_DEFAULTS }).freeMoves).toBe('1');
  });

  it('refuses anything else in the server’s words', () => {
    for (const value of ['', '11', '-1', '1.5', 'two', '100']) {
      const result = visitSettingsSchema.safeParse(form({ freeMoves: value }));
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(FREE_MOVES_MESSAGE);
    }
  });

  it('says what the number means for a guest', () => {
    expect(freeMovesMeaning('0')).toMatch(/cannot move/);
    expect(freeMovesMeaning('1')).toMatch(/once/);
    expect(freeMovesMeaning('3')).toMatch(/3 times/);
    expect(freeMovesMeaning('x')).toBe('0 to 10.');
  });
});

describe('reminder settings form', () => {
  it('reads the server’s settings as text and sends the whole form back as numbers', () => {
    expect(form().reminders).toEqual({
      on: true,
      treatmentFirstHours: '48',
      treatmentMorningOf: true,
      stayFirstDays: '7',
      staySecondDays: '1',
      quietFromHour: '21',
      quietUntilHour: '8',
    });
    expect(visitSettingsSchema.safeParse(form()).success).toBe(true);
    const changed = form({
      freeMoves: '2',
      reminders: {
        on: false,
        treatmentFirstHours: ' 24 ',
        treatmentMorningOf: false,
        stayFirstDays: '10',
        staySecondDays: '2 ',
        quietFromHour: '22',
        quietUntilHour: '7',
      },
    });
    expect(toVisitSettingsInput(changed)).toEqual({
      freeMoves: 2,
      offerHoldMinutes: 120,
      reminders: {
        on: false,
        treatmentFirstHours: 24,
        treatmentMorningOf: false,
        stayFirstDays: 10,
        staySecondDays: 2,
        quietFromHour: 22,
        quietUntilHour: 7,
      },
    });
  });

  it('takes the treatments’ hours from 1 to 336', () => {
    for (const value of ['1', '48', ' 336 ']) expect(errors(form({ reminders: { treatmentFirstHours: value } }))).toEqual({});
    for (const value of ['', '0', '337', '1000', '-1', '2.5', 'two']) {
      expect(errors(form({ reminders: { treatmentFirstHours: value } }))).toEqual({
        'reminders.treatmentFirstHours': TREATMENT_FIRST_HOURS_MESSAGE,
      });
    }
  });

  it('takes the stays’ first reminder from 1 to 30 days', () => {
    for (const value of ['2', '7', '30']) expect(errors(form({ reminders: { stayFirstDays: value } }))).toEqual({});
    for (const value of ['', '0', '31', '1.5']) {
      // The second (1 day) is not judged against a first that is not a number of days.
      expect(errors(form({ reminders: { stayFirstDays: value } }))).toEqual({ 'reminders.stayFirstDays': STAY_FIRST_DAYS_MESSAGE });
    }
  });

  it('puts the stays’ second after the first: 0 up to one day less', () => {
    for (const second of ['0', '1', '6']) expect(errors(form({ reminders: { stayFirstDays: '7', staySecondDays: second } }))).toEqual({});
    for (const [first, second] of [
      ['7', '7'],
      ['3', '5'],
      ['1', '1'],
      ['30', '30'],
    ]) {
      expect(errors(form({ reminders: { stayFirstDays: first, staySecondDays: second } }))).toEqual({
        'reminders.staySecondDays': STAY_SECOND_DAYS_MESSAGE,
      });
    }
    for (const second of ['', '-1', 'x', '1.5']) {
      expect(errors(form({ reminders: { staySecondDays: second } }))).toEqual({ 'reminders.staySecondDays': STAY_SECOND_DAYS_MESSAGE });
    }
  });

  it('takes quiet hours 0 to 23, equal hours too', () => {
    for (const [from, until] of [
      ['0', '23'],
      ['22', '7'],
      ['8', '8'],
    ]) {
      expect(errors(form({ reminders: { quietFromHour: from, quietUntilHour: until } }))).toEqual({});
    }
    expect(errors(form({ reminders: { quietFromHour: '24', quietUntilHour: '' } }))).toEqual({
      'reminders.quietFromHour': QUIET_HOURS_MESSAGE,
      'reminders.quietUntilHour': QUIET_HOURS_MESSAGE,
    });
  });

  it('still checks the times when reminders are off: the server keeps them', () => {
    expect(errors(form({ reminders: { on: false, stayFirstDays: '2', staySecondDays: '2' } }))).toEqual({
      'reminders.staySecondDays': STAY_SECOND_DAYS_MESSAGE,
    });
  });

  it('says the times as the site writes them', () => {
    expect(hourLabel('0')).toBe('12:00 AM');
    expect(hourLabel('8')).toBe('8:00 AM');
    expect(hourLabel('12')).toBe('12:00 PM');
    expect(hourLabel(21)).toBe('9:00 PM');
    expect(quietHoursMeaning('21', '8')).toBe(
      'Nothing leaves from 9:00 PM until 8:00 AM, retreat time; what falls due then goes at 8:00 AM.',
    );
    expect(quietHoursMeaning('8', '8')).toMatch(/no quiet hours/);
    expect(treatmentFirstMeaning('48')).toBe('48 hours (2 days) before the first treatment; it asks “Will you be with us?”');
    expect(treatmentFirstMeaning('1')).toMatch(/^1 hour before/);
    expect(treatmentFirstMeaning('0')).toBe('Hours before the visit, 1 to 336.');
    expect(stayDaysMeaning('7', 'first')).toBe('7 days before arrival.');
    expect(stayDaysMeaning('1', 'second')).toBe('The day before arrival.');
    expect(stayDaysMeaning('0', 'second')).toBe('On the day of arrival.');
    expect(stayDaysMeaning('0', 'first')).toBe('Days before arrival, 1 to 30.');
  });
});

describe('the waitlist hold', () => {
  it('takes 15 to 1440 minutes, sent as a number', () => {
    for (const value of ['15', '120', ' 1440 ']) expect(errors(form({ offerHoldMinutes: value }))).toEqual({});
    expect(toVisitSettingsInput(form({ offerHoldMinutes: ' 90 ' })).offerHoldMinutes).toBe(90);
    for (const value of ['', '14', '1441', '10000', '-20', '1.5', 'two hours']) {
      expect(errors(form({ offerHoldMinutes: value }))).toEqual({ offerHoldMinutes: OFFER_HOLD_MESSAGE });
    }
  });

  it('says how long that is', () => {
    expect(offerHoldMeaning('120')).toBe(
      'Minutes. A place offered from the waitlist is kept 2 hours for its guest, then goes to the next guest waiting.',
    );
    expect(offerHoldMeaning('90')).toMatch(/kept 1 hour 30 minutes for its guest/);
    expect(offerHoldMeaning('15')).toMatch(/kept 15 minutes for its guest/);
    expect(offerHoldMeaning('1440')).toMatch(/kept 24 hours for its guest/);
    expect(offerHoldMeaning('9')).toBe('Minutes, 15 to 1,440 (a day).');
  });
});
