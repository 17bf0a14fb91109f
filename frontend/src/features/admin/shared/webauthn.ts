import { useSyncExternalStore } from 'react';
import { ApiError, preferServerMessage } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

/*
 * The browser's half of a passkey ceremony (WebAuthn). The server sends the
 * options as JSON (`publicKey`); the browser's own parsers turn them into
 * what navigator.credentials takes, and the answer goes back as its toJSON().
 */

export type PasskeyOptions = components['schemas']['PasskeyOptions'];
export type WebauthnCredential = components['schemas']['WebauthnCredential'];

export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

const never = () => () => undefined;

/** Whether this browser can use passkeys (false while rendered on the server). */
export function usePasskeysSupported(): boolean {
  return useSyncExternalStore(never, passkeysSupported, () => false);
}

/** Signs in with a passkey: the browser asks the member to choose one and confirm it is them. */
export async function getPasskey(publicKey: PasskeyOptions['publicKey']): Promise<WebauthnCredential> {
  const options = PublicKeyCredential.parseRequestOptionsFromJSON(publicKey as unknown as PublicKeyCredentialRequestOptionsJSON);
  const credential = await navigator.credentials.get({ publicKey: options });
  if (!(credential instanceof PublicKeyCredential)) throw new DOMException('No passkey was chosen', 'NotAllowedError');
  return credential.toJSON() as WebauthnCredential;
}

/** Makes a new passkey on this device (or a phone, or a security key). */
export async function createPasskey(publicKey: PasskeyOptions['publicKey']): Promise<WebauthnCredential> {
  const options = PublicKeyCredential.parseCreationOptionsFromJSON(publicKey as unknown as PublicKeyCredentialCreationOptionsJSON);
  const credential = await navigator.credentials.create({ publicKey: options });
  if (!(credential instanceof PublicKeyCredential)) throw new DOMException('No passkey was made', 'NotAllowedError');
  return credential.toJSON() as WebauthnCredential;
}

export const PASSKEY_CANCELLED = 'No passkey was used. You can try again whenever you are ready.';

/** Whether the member closed the browser's passkey prompt (or it timed out): nothing went wrong. */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** What to say when a passkey ceremony did not finish. */
export function passkeyFailureText(error: unknown, fallback: string): string {
  if (passkeyCancelled(error)) return PASSKEY_CANCELLED;
  if (error instanceof DOMException && error.name === 'InvalidStateError') return 'This passkey is already registered to your account.';
  if (error instanceof DOMException && error.name === 'SecurityError') return 'Passkeys do not work on this address of the site.';
  // A refused answer says why: 409 `code_refused` in Security, 401 `invalid_code` at sign-in (a field error, if any, first).
  const field = error instanceof ApiError ? Object.values(error.fieldErrors)[0] : undefined;
  return field ?? preferServerMessage(error, fallback);
}
