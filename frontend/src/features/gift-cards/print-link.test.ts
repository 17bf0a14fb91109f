import { describe, expect, it } from 'vitest';
import { readPrintLink } from './print-link';

describe('readPrintLink', () => {
  it('takes the token from the query and the code from the fragment', () => {
    expect(readPrintLink('?token=abc.def', '#K7QM-R2XD-9HPT-WV3A-BC4E')).toEqual({ token: 'abc.def', code: 'K7QM-R2XD-9HPT-WV3A-BC4E' });
  });

  it('decodes an escaped fragment', () => {
    expect(readPrintLink('?token=t', '#K7QM%2DR2XD')).toEqual({ token: 't', code: 'K7QM-R2XD' });
    expect(readPrintLink('?token=t', '#%E0%A4%A')).toEqual({ token: 't', code: '%E0%A4%A' });
  });

  it('is nothing without either half', () => {
    expect(readPrintLink('', '#K7QM')).toBeNull();
    expect(readPrintLink('?token=t', '')).toBeNull();
    expect(readPrintLink('?token=t', '#')).toBeNull();
    expect(readPrintLink('?token=%20', '#K7QM')).toBeNull();
  });
});
