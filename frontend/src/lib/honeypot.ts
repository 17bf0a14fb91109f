/** The hidden field robots fill and people never see (docs/decisions.md §2). */
export const HONEYPOT_NAME = 'website';

/** What the form's honeypot holds, when anything: sent only then, so the server refuses the robot. */
export function honeypotValue(event: { target: unknown } | undefined): string | undefined {
  const form = event?.target;
  if (!(form instanceof HTMLFormElement)) return undefined;
  const value = new FormData(form).get(HONEYPOT_NAME);
  return typeof value === 'string' && value !== '' ? value : undefined;
}
