/**
 * One key per checkout or booking attempt (docs/decisions.md §2): sent as
 * `Idempotency-Key`, kept while an attempt's answer is unknown (the network
 * failed), so pressing the button again cannot create a second order, and
 * renewed once the server has answered.
 */
export function newIdempotencyKey(): string {
  // getRandomValues works on plain http too (randomUUID needs a secure context).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Holds the current attempt's key, made when it is first read: a form
 * rendered on the server (which has no `crypto`) never makes one.
 */
export class AttemptKey {
  private key: string | undefined;

  get current(): string {
    this.key ??= newIdempotencyKey();
    return this.key;
  }

  /** After the server answered (success or refusal): the next attempt is a new one. */
  settle(): void {
    this.key = undefined;
  }
}
