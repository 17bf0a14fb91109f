import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { ConfirmRequestPanel } from './components/confirm-request-panel';
import { PrivacyRequestForm } from './components/privacy-request-form';

/** Answers each call in turn; records the requests with their bodies. */
function stubFetch(...answers: Array<() => Response>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  let next = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const text = await request.clone().text();
      calls.push({ method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined });
      const answer = answers[Math.min(next, answers.length - 1)]!;
      next += 1;
      return answer();
    }),
  );
  return calls;
}

const failure = (status: number, body: object) => () => new Response(JSON.stringify(body), { status });

function renderWith(node: ReactNode) {
  return render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>
    </MemoryRouter>,
  );
}

// Radix's radio group measures itself; jsdom has no ResizeObserver.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const emailField = () => screen.getByRole('textbox', { name: /Your email/ });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send my request' }));

describe('the Privacy page: a request for a copy or an erasure', () => {
  it('asks for a choice and a valid address before sending anything', async () => {
    const calls = stubFetch(() => Response.json({ kind: 'copy' }, { status: 202 }));
    renderWith(<PrivacyRequestForm />);
    expect(screen.getByRole('radio', { name: 'A copy of my data' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('radio', { name: 'Erase my data' }).getAttribute('aria-checked')).toBe('false');

    fireEvent.change(emailField(), { target: { value: 'not an address' } });
    send();
    expect(await screen.findByText('Please enter a valid email address')).toBeDefined();
    expect(screen.getByText('Please choose a copy or an erasure')).toBeDefined();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('sends the choice and the address (no honeypot), then tells her to check her inbox', async () => {
    const calls = stubFetch(() => Response.json({ kind: 'erasure' }, { status: 202 }));
    renderWith(<PrivacyRequestForm />);
    fireEvent.click(screen.getByRole('radio', { name: 'Erase my data' }));
    fireEvent.change(emailField(), { target: { value: '  ada@example.test ' } });
    send();

    const heading = await screen.findByRole('heading', { name: 'One more step' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Check your inbox: we sent a link to confirm the request.')).toBeDefined();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/privacy/requests');
    expect(calls[0]!.body).toEqual({ kind: 'erasure', email: 'ada@example.test' });
  });

  it('sends what a robot typed into the honeypot, for the server to refuse', async () => {
    const calls = stubFetch(() => Response.json({ kind: 'copy' }, { status: 202 }));
    const { container } = renderWith(<PrivacyRequestForm />);
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    fireEvent.change(honeypot, { target: { value: 'https://spam.example' } });
    fireEvent.click(screen.getByRole('radio', { name: 'A copy of my data' }));
    fireEvent.change(emailField(), { target: { value: 'ada@example.test' } });
    send();
    await screen.findByRole('heading', { name: 'One more step' });
    expect(calls[0]!.body).toEqual({ kind: 'copy', email: 'ada@example.test', website: 'https://spam.example' });
  });

  it("shows the server's field errors under their fields", async () => {
    stubFetch(failure(400, { code: 'validation_failed', message: 'x', errors: { email: 'This address cannot receive mail' } }));
    renderWith(<PrivacyRequestForm />);
    fireEvent.click(screen.getByRole('radio', { name: 'A copy of my data' }));
    fireEvent.change(emailField(), { target: { value: 'ada@example.test' } });
    send();
    expect(await screen.findByText('This address cannot receive mail')).toBeDefined();
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'One more step' })).toBeNull();
  });

  it("says so when too many requests came (the server's words), and keeps what she typed", async () => {
    stubFetch(failure(429, { code: 'rate_limited', message: 'Too many requests. Please wait a minute and try again.' }));
    renderWith(<PrivacyRequestForm />);
    fireEvent.click(screen.getByRole('radio', { name: 'A copy of my data' }));
    fireEvent.change(emailField(), { target: { value: 'ada@example.test' } });
    send();
    expect(await screen.findByText('Too many requests. Please wait a minute and try again.')).toBeDefined();
    expect((emailField() as HTMLInputElement).value).toBe('ada@example.test');
  });
});

describe('the Privacy page: confirming from the mail', () => {
  it('does nothing until she presses the button, then says what happens to her copy', async () => {
    const calls = stubFetch(() => Response.json({ kind: 'copy', state: 'open', confirmedAt: '2026-12-14T10:00:00Z' }));
    renderWith(<ConfirmRequestPanel token="tok.en" />);
    expect(screen.getByRole('heading', { name: 'Confirm your request' })).toBeDefined();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm my request' }));
    const done = await screen.findByRole('heading', { name: 'Your request is confirmed' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getByText('We will mail you a link to your copy within 30 days, usually much sooner.')).toBeDefined();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/privacy/requests/confirm');
    expect(calls[0]!.body).toEqual({ token: 'tok.en' });
  });

  it('an erasure: the last she hears from us', async () => {
    stubFetch(() => Response.json({ kind: 'erasure', state: 'open', confirmedAt: '2026-12-14T10:00:00Z' }));
    renderWith(<ConfirmRequestPanel token="tok" />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm my request' }));
    expect(
      await screen.findByText(
        'We will erase your details within 30 days, usually much sooner. After that we no longer hold your address, so this is the last you hear from us.',
      ),
    ).toBeDefined();
  });

  it('a forged or expired link shows the dead-link notice', async () => {
    stubFetch(failure(404, { code: 'invalid_link', message: 'x' }));
    renderWith(<ConfirmRequestPanel token="forged" />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm my request' }));
    expect(await screen.findByRole('heading', { name: 'This link is not valid or has expired' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Privacy page' }).getAttribute('href')).toBe('/privacy#ask');
  });

  it('a failure of another kind lets her try again', async () => {
    stubFetch(failure(503, { code: 'temporarily_unavailable', message: 'x' }));
    renderWith(<ConfirmRequestPanel token="tok" />);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm my request' }));
    expect(await screen.findByText('We could not confirm your request just now. Please try again in a moment.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Confirm my request' })).toBeDefined();
  });

  it('without a token asks nothing', () => {
    const calls = stubFetch(() => Response.json({}));
    renderWith(<ConfirmRequestPanel token={null} />);
    expect(screen.getByRole('heading', { name: 'This link is not valid or has expired' })).toBeDefined();
    expect(calls).toHaveLength(0);
  });
});
