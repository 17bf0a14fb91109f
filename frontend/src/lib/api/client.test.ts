import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN_KEY, createApiClient } from './client';
import { ApiError, hasErrorCode, preferServerMessage } from './errors';

function stubFetch(response: Response) {
  const calls: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      calls.push(request);
      return response;
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('api client', () => {
  it('returns data on success and sends credentials', async () => {
    const calls = stubFetch(Response.json([{ id: 's1' }]));
    const api = createApiClient('http://retreat.test');
    const { data } = await api.GET('/api/services');
    expect(data).toEqual([{ id: 's1' }]);
    expect(calls[0]!.url).toBe('http://retreat.test/api/services');
    expect(calls[0]!.credentials).toBe('include');
    expect(calls[0]!.headers.get('Authorization')).toBeNull();
  });

  it('adds the stored admin token as a bearer header', async () => {
    window.localStorage.setItem(ADMIN_TOKEN_KEY, 'tok-123');
    const calls = stubFetch(Response.json([]));
    await createApiClient('http://retreat.test').GET('/api/services');
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const calls = stubFetch(Response.json({ id: 'n1', email: 'a@b.co', createdAt: 'x' }, { status: 201 }));
    await createApiClient('http://retreat.test').POST('/api/newsletter-subscriptions', { body: { email: 'a@b.co' } });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.get('Content-Type')).toContain('application/json');
    expect(await calls[0]!.json()).toEqual({ email: 'a@b.co' });
  });

  it('fails with "<status>: <body text>" and keeps the JSON message', async () => {
    const body = JSON.stringify({ message: 'Prices have changed, please review your cart' });
    stubFetch(new Response(body, { status: 409, statusText: 'Conflict', headers: { 'Content-Type': 'application/json' } }));
    const error = await createApiClient('http://retreat.test')
      .GET('/api/services')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`409: ${body}`);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).serverMessage).toBe('Prices have changed, please review your cart');
    expect(preferServerMessage(error, 'fallback')).toBe('Prices have changed, please review your cart');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const error = await createApiClient('http://retreat.test')
      .GET('/api/products')
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('503: Service Unavailable');
    expect(preferServerMessage(error, 'Failed to create product')).toBe('Failed to create product');
  });

  it('keeps per-field validation errors', async () => {
    const body = JSON.stringify({ message: 'Invalid booking', errors: { firstName: 'First name is required' } });
    stubFetch(new Response(body, { status: 400, statusText: 'Bad Request' }));
    const error = (await createApiClient('http://retreat.test')
      .GET('/api/services')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(`400: ${body}`);
    expect(error.fieldErrors).toEqual({ firstName: 'First name is required' });
  });

  it('tolerates a non-JSON error body', () => {
    const error = new ApiError(500, 'Internal Server Error', '<html>oops</html>');
    expect(error.message).toBe('500: <html>oops</html>');
    expect(error.serverMessage).toBeUndefined();
    expect(error.code).toBeUndefined();
  });

  it('keeps the machine-readable error code for screens to branch on', async () => {
    const body = JSON.stringify({ code: 'invalid_link', message: 'This link is not valid or has expired.' });
    stubFetch(new Response(body, { status: 404, statusText: 'Not Found', headers: { 'Content-Type': 'application/json' } }));
    const error = await createApiClient('http://retreat.test')
      .GET('/api/guest/bookings/{token}', { params: { path: { token: 'tampered' } } })
      .catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('invalid_link');
    expect(hasErrorCode(error, 'invalid_link')).toBe(true);
    expect(hasErrorCode(error, 'already_cancelled')).toBe(false);
    expect(hasErrorCode(new Error('offline'), 'invalid_link')).toBe(false);
  });
});
