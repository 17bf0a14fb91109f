import createClient, { type Middleware } from 'openapi-fetch';
import { ApiError } from './errors';
import type { paths } from './schema';

export const ADMIN_TOKEN_KEY = 'adminToken';

function storedToken(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Adds the admin bearer token (when one is stored) to every request. */
export const authMiddleware: Middleware = {
  onRequest({ request }) {
    const token = storedToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

/** Turns every non-OK answer into an ApiError ("<status>: <body or status text>"). */
export const errorMiddleware: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) {
      const body = await response.clone().text();
      throw new ApiError(response.status, response.statusText, body);
    }
    return response;
  },
};

// The server renderer (QuickJS) has no window: the client is created there
// too, at module load, but never called (the pages get their data up front).
export function createApiClient(baseUrl: string = globalThis.window?.location.origin ?? '') {
  const client = createClient<paths>({
    baseUrl,
    credentials: 'include',
    // Resolved at call time so test stubs of globalThis.fetch apply.
    fetch: (request) => globalThis.fetch(request),
  });
  client.use(authMiddleware, errorMiddleware);
  return client;
}

/** The one API client of the app. */
export const api = createApiClient();

/**
 * The data of a successful call. Failures never get here (the error
 * middleware throws), so a missing body is a contract breach.
 */
export function unwrap<T>(result: { data?: T }): T {
  if (result.data === undefined) throw new Error('The server sent an empty response');
  return result.data;
}
