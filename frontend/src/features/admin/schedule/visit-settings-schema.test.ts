import { describe, expect, it } from 'vitest';
import {
  FREE_MOVES_MESSAGE,
  freeMovesMeaning,
  toVisitSettingsForm,
  toVisitSettingsInput,
  visitSettingsSchema,
} from './visit-settings-schema';

describe('visit settings form', () => {
  it('takes 0 to 10, trimmed', () => {
    for (const value of ['0', '1', ' 10 ', '07']) expect(visitSettingsSchema.safeParse({ freeMoves: value }).success).toBe(true);
    expect(toVisitSettingsInput({ freeMoves: ' 3 ' })).toEqual({ freeMoves: 3 });
    expect(toVisitSettingsForm({ freeMoves: 1 })).toEqual({ freeMoves: '1' });
  });

  it('refuses anything else in the server’s words', () => {
    for (const value of ['', '11', '-1', '1.5', 'two', '100']) {
      const result = visitSettingsSchema.safeParse({ freeMoves: value });
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
