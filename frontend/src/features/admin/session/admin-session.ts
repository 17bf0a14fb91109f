import { useSyncExternalStore } from 'react';
import { ADMIN_TOKEN_KEY } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';

/*
 * The admin session lives in local storage under adminToken and adminUser
 * (spec §3/§6). The API client reads the token itself; this module owns
 * writing, reading and clearing both keys, and lets screens re-render when
 * they change (logout, an expired session, another tab).
 */
export const ADMIN_USER_KEY = 'adminUser';

export type LoginResponse = ResponseOf<'/api/admin/login', 'post'>;
export type AdminUser = LoginResponse['admin'];
export type AdminSession = { token: string; user: AdminUser };

const listeners = new Set<() => void>();
let cachedRaw: [string | null, string | null] | undefined;
let cachedSession: AdminSession | null = null;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): AdminUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string') {
      return value as AdminUser;
    }
    return null;
  } catch {
    return null;
  }
}

/** Both keys present and the user record readable, else null. */
export function readSession(): AdminSession | null {
  const token = read(ADMIN_TOKEN_KEY);
  const rawUser = read(ADMIN_USER_KEY);
  // Same strings, same object: useSyncExternalStore needs a stable snapshot.
  if (cachedRaw && cachedRaw[0] === token && cachedRaw[1] === rawUser) return cachedSession;
  cachedRaw = [token, rawUser];
  const user = parseUser(rawUser);
  cachedSession = token && user ? { token, user } : null;
  return cachedSession;
}

function notify() {
  for (const listener of listeners) listener();
}

export function saveSession({ token, admin }: LoginResponse) {
  window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
  window.localStorage.setItem(ADMIN_USER_KEY, JSON.stringify(admin));
  notify();
}

export function clearSession() {
  try {
    window.localStorage.removeItem(ADMIN_TOKEN_KEY);
    window.localStorage.removeItem(ADMIN_USER_KEY);
  } finally {
    notify();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ADMIN_TOKEN_KEY || event.key === ADMIN_USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(subscribe, readSession, () => null);
}
