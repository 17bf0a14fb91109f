import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { UnsubscribePanel } from './components/unsubscribe-panel';

function stubFetch(response: () => Response) {
  const calls: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      calls.push(request);
      return response();
    }),
  );
  return calls;
}

function renderPanel(token: string | null) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
  return render(<UnsubscribePanel token={token} />, { wrapper });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('unsubscribe page', () => {
  it('does nothing until the button is pressed, then POSTs the token once', async () => {
    const calls = stubFetch(() => Response.json({ unsubscribed: true }));
    renderPanel('tok.en');
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const done = await screen.findByRole('heading', { name: 'You have been unsubscribed' });
    expect(document.activeElement).toBe(done);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(new URL(calls[0]!.url).pathname).toBe('/api/newsletter/unsubscribe');
    expect(new URL(calls[0]!.url).searchParams.get('token')).toBe('tok.en');
  });

  it('an invalid_link answer shows the friendly notice with the retreat contact', async () => {
    stubFetch(() => new Response(JSON.stringify({ code: 'invalid_link', message: 'whatever the words' }), { status: 404 }));
    renderPanel('tampered');
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'This link is not valid or has expired' })).toBeDefined();
    expect(screen.getByRole('link', { name: /stay@goldenpineretreat\.com/ })).toBeDefined();
  });

  it('another failure keeps the button and says so', async () => {
    stubFetch(() => new Response(JSON.stringify({ code: 'temporarily_unavailable', message: 'x' }), { status: 503 }));
    renderPanel('tok');
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not unsubscribe you');
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeDefined();
  });

  it('without a token there is nothing to press', () => {
    const calls = stubFetch(() => Response.json({}));
    renderPanel(null);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'This link is not valid or has expired' })).toBeDefined();
    expect(calls).toHaveLength(0);
  });
});
