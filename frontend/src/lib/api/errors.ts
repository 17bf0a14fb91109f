import type { components } from './schema';

/** Why a request failed, for programs: every error body carries one (`invalid_link`, `already_cancelled`…). */
export type ApiErrorCode = components['schemas']['ErrorCode'];

/**
 * The error every failed API call rejects with. The message follows the
 * specification (§8): "<status>: <body text or status text>". The parsed JSON
 * `message` and per-field `errors` stay available so screens can prefer them;
 * `code` is what screens branch on (never the message's wording).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  readonly code: ApiErrorCode | undefined;
  readonly serverMessage: string | undefined;
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body !== '' ? body : statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const parsed = parseErrorBody(body);
    this.code = parsed.code;
    this.serverMessage = parsed.message;
    this.fieldErrors = parsed.errors;
  }
}

function parseErrorBody(body: string): { code?: ApiErrorCode; message?: string; errors: Record<string, string> } {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== 'object' || value === null) return { errors: {} };
    const record = value as Record<string, unknown>;
    // Taken as sent: a code newer than this build simply matches no branch.
    const code = typeof record.code === 'string' ? (record.code as ApiErrorCode) : undefined;
    const message = typeof record.message === 'string' ? record.message : undefined;
    const errors: Record<string, string> = {};
    if (typeof record.errors === 'object' && record.errors !== null) {
      for (const [key, text] of Object.entries(record.errors)) {
        if (typeof text === 'string') errors[key] = text;
      }
    }
    return { code, message, errors };
  } catch {
    return { errors: {} };
  }
}

/** The server's own message when it sent one, else the fallback text. */
export function preferServerMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** Whether the call failed with this error code. */
export function hasErrorCode(error: unknown, code: ApiErrorCode): boolean {
  return error instanceof ApiError && error.code === code;
}

/**
 * Whether a call made from a link in a guest's mail failed because the link
 * is dead: its signature or time is wrong (`invalid_link`), or what it names
 * is gone (404). Every such page then shows the same words.
 */
export function isDeadLink(error: unknown): boolean {
  return hasErrorCode(error, 'invalid_link') || (error instanceof ApiError && error.status === 404);
}
