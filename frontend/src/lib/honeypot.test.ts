import { describe, expect, it } from 'vitest';
import { honeypotValue } from './honeypot';
import { AttemptKey, newIdempotencyKey } from './idempotency';

function formWith(value: string) {
  const form = document.createElement('form');
  const input = document.createElement('input');
  input.name = 'website';
  input.value = value;
  form.append(input);
  return form;
}

describe('honeypot', () => {
  it('sends nothing for an empty field and the value for a filled one', () => {
    expect(honeypotValue({ target: formWith('') })).toBeUndefined();
    expect(honeypotValue({ target: formWith('spam.example') })).toBe('spam.example');
    expect(honeypotValue(undefined)).toBeUndefined();
    expect(honeypotValue({ target: document.createElement('div') })).toBeUndefined();
  });
});

describe('idempotency keys', () => {
  it('are 32 hex characters and differ', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('stay the same until the attempt is settled', () => {
    const attempt = new AttemptKey();
    const first = attempt.current;
    expect(attempt.current).toBe(first);
    attempt.settle();
    expect(attempt.current).not.toBe(first);
  });
});
