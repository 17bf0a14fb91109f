import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { LeaveWaitlistPanel } from './components/leave-waitlist-panel';
import { WaitlistOfferPanel } from './components/waitlist-offer-panel';

const offer = {
  service: 'massage',
  serviceName: 'Massage Therapy',
  date: '2099-03-10',
  checkOut: null,
  time: '11:00',
  heldUntil: '2099-03-01T20:30:00Z',
  state: 'held',
  firstName: 'Iris',
  bookUrl: '/services?book=massage&date=2099-03-10&time=11%3A00&offer=tok.en',
};

/** Answers each call in turn; records the requests. */
function stubFetch(...answers: Array<() => Response>) {
  const calls: { method: string; url: URL }[] = [];
  let next = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      calls.push({ method: request.method, url: new URL(request.url) });
      const answer = answers[Math.min(next, answers.length - 1)]!;
      next += 1;
      return answer();
    }),
  );
  return calls;
}

function renderWith(node: ReactNode) {
  return render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the offer's page", () => {
  it('shows the place held for her, a link that books it, and lets it go on a press', async () => {
    const calls = stubFetch(
      () => Response.json(offer),
      () => Response.json({ ...offer, state: 'declined' }),
    );
    renderWith(<WaitlistOfferPanel token="tok.en" />);
    expect(await screen.findByRole('heading', { name: 'A place has opened for you' })).toBeDefined();
    expect(screen.getByText('Good news, Iris')).toBeDefined();
    expect(screen.getByTestId('offer-place').textContent).toContain('Tuesday, March 10, 2099 at 11:00 AM');
    expect(screen.getByTestId('offer-held-until').textContent).toContain('Held for you until');
    expect(screen.getByRole('link', { name: 'Book this time' }).getAttribute('href')).toBe(offer.bookUrl);
    expect(calls[0]!.url.pathname).toBe('/api/waitlist/offer');
    expect(calls[0]!.url.searchParams.get('token')).toBe('tok.en');

    fireEvent.click(screen.getByRole('button', { name: 'No, thank you' }));
    const heading = await screen.findByRole('heading', { name: 'We have offered it to the next guest' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(calls[1]).toMatchObject({ method: 'POST' });
    expect(calls[1]!.url.pathname).toBe('/api/waitlist/offer/decline');
    expect(screen.queryByRole('link', { name: 'Book this time' })).toBeNull();
  });

  it('says what became of a place no longer held', async () => {
    stubFetch(() => Response.json({ ...offer, state: 'lapsed' }));
    renderWith(<WaitlistOfferPanel token="tok.en" />);
    expect(await screen.findByRole('heading', { name: 'This hold has ended' })).toBeDefined();
    expect(screen.getByTestId('offer-outcome').textContent).toContain('has gone to the next guest on the list');
    expect(screen.getByRole('link', { name: 'See open times' }).getAttribute('href')).toBe('/services?book=massage');
  });

  it('tells a stay by its check-in and check-out', async () => {
    stubFetch(() =>
      Response.json({ ...offer, service: 'accommodation', serviceName: 'Tiny Home Retreat', checkOut: '2099-03-12', time: '15:00' }),
    );
    renderWith(<WaitlistOfferPanel token="tok.en" />);
    const place = await screen.findByTestId('offer-place');
    expect(place.textContent).toContain('Tuesday, March 10, 2099, from 3:00 PM');
    expect(place.textContent).toContain('Thursday, March 12, 2099, by 11:00 AM');
    expect(place.textContent).toContain('2 nights');
  });

  it('reads a link that names no offer as dead', async () => {
    stubFetch(() => Response.json({ code: 'invalid_link', message: 'This link is not valid' }, { status: 404 }));
    renderWith(<WaitlistOfferPanel token="nope" />);
    expect(await screen.findByRole('heading', { name: 'This link is not valid or has expired' })).toBeDefined();
  });
});

describe('leaving the waitlist', () => {
  it('waits for the press, then says she is off the list', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    renderWith(<LeaveWaitlistPanel token="tok.en" />);
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    const heading = await screen.findByRole('heading', { name: 'You have left the waitlist' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(calls[0]!.url.pathname).toBe('/api/waitlist/leave');
    expect(calls[0]!.url.searchParams.get('token')).toBe('tok.en');
  });

  it('reads a link without a token as dead', () => {
    renderWith(<LeaveWaitlistPanel token={null} />);
    expect(screen.getByRole('heading', { name: 'This link is not valid or has expired' })).toBeDefined();
  });
});
