import { toast } from '@/components/ui/toast-store';
import { ApiError, preferServerMessage } from '@/lib/api/errors';

/** Spec §8: admin successes. */
export function notifySuccess(description: string) {
  toast({ title: 'Success', description });
}

/**
 * Spec §8: admin failures, a destructive "Error" toast preferring the
 * server's message. A 401 is left to the session guard, which ends the
 * session with its own toast.
 */
export function notifyError(error: unknown, fallback: string) {
  if (isUnauthorized(error)) return;
  toast({ title: 'Error', description: preferServerMessage(error, fallback), variant: 'destructive' });
}

/**
 * A 401 that means the session is over. A refused second-factor code or
 * passkey (`invalid_code`, `sign_in_expired`) is a 401 too, but the member is
 * still signed in: it is shown where they typed it.
 */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code !== 'invalid_code' && error.code !== 'sign_in_expired';
}
