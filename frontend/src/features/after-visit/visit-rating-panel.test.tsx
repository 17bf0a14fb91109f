import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { FollowUpUnsubscribePanel } from './components/follow-up-unsubscribe-panel';
import { VisitRatingPanel } from './components/visit-rating-panel';

const visit = {
  serviceName: 'Massage Therapy',
  date: '2026-11-20',
  firstName: 'Ada',
  canRate: true,
  reason: null,
  rating: null,
};

const saved = {
  stars: 2,
  comment: 'The room was cold.',
  mayQuote: true,
  changeableUntil: '2026-12-29T08:00:00Z',
  hidden: false,
  reply: null,
};

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

function renderWith(node: ReactNode) {
  const client = createQueryClient();
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </MemoryRouter>,
  );
}

// Radix's radio and checkbox measure themselves; jsdom has no ResizeObserver.
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

describe('the rating page', () => {
  it('rates the visit: stars, a comment and leave to quote it, then says until when it can be changed', async () => {
    const calls = stubFetch(
      () => Response.json(visit),
      () => Response.json({ ...visit, rating: saved }),
    );
    renderWith(<VisitRatingPanel token="tok.en" />);
    expect(await screen.findByText('Thank you, Ada')).toBeDefined();
    expect(screen.getByText('Massage Therapy')).toBeDefined();
    expect(calls[0]!.url.pathname).toBe('/api/visit-ratings');
    expect(calls[0]!.url.searchParams.get('token')).toBe('tok.en');
    for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) expect(screen.getByRole('radio', { name })).toBeDefined();

    // Nothing is sent without stars.
    fireEvent.click(screen.getByRole('button', { name: 'Send my rating' }));
    expect(await screen.findByText('Please choose from 1 to 5 stars')).toBeDefined();
    expect(calls).toHaveLength(1);

    fireEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Your comment/ }), { target: { value: ' The room was cold. ' } });
    expect(screen.getByText('20 of 1,000 characters.')).toBeDefined();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Golden Pine may quote my comment on the site with my first name and initial' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send my rating' }));

    expect(await screen.findByText('Thank you: your rating is saved.')).toBeDefined();
    expect(calls[1]!.method).toBe('PUT');
    expect(calls[1]!.url.searchParams.get('token')).toBe('tok.en');
    expect(calls[1]!.body).toEqual({ stars: 2, comment: 'The room was cold.', mayQuote: true });
    expect(screen.getByTestId('changeable-until').textContent).toMatch(/^You can change it until Dec 2[89], 2026\.$/);
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDefined();
  });

  it('opens with her rating so far, to change it', async () => {
    stubFetch(() => Response.json({ ...visit, rating: saved }));
    renderWith(<VisitRatingPanel token="tok" />);
    const two = await screen.findByRole('radio', { name: '2 stars' });
    expect(two.getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('textbox', { name: /Your comment/ }) as HTMLTextAreaElement).value).toBe('The room was cold.');
    expect(screen.getByRole('checkbox').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDefined();
  });

  it('says why a visit cannot be rated, with no form', async () => {
    const reason = 'A rating can be changed for 30 days; this one can no longer be changed';
    stubFetch(() =>
      Response.json({ ...visit, canRate: false, reason, rating: { ...saved, reply: { text: 'Thank you, Ada.', date: '2026-11-22' } } }),
    );
    renderWith(<VisitRatingPanel token="tok" />);
    expect(await screen.findByText(reason)).toBeDefined();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('Thank you, Ada.')).toBeDefined();
    expect(screen.getByText('2 out of 5 stars')).toBeDefined();
  });

  it('shows the server field errors under their fields', async () => {
    stubFetch(
      () => Response.json(visit),
      () =>
        new Response(
          JSON.stringify({ code: 'validation_failed', message: 'x', errors: { comment: 'A comment is at most 1,000 characters' } }),
          {
            status: 400,
          },
        ),
    );
    renderWith(<VisitRatingPanel token="tok" />);
    fireEvent.click(await screen.findByRole('radio', { name: '5 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send my rating' }));
    expect(await screen.findByText('A comment is at most 1,000 characters')).toBeDefined();
  });

  it('a link that names no visit shows the friendly notice', async () => {
    stubFetch(() => new Response(JSON.stringify({ code: 'not_found', message: 'x' }), { status: 404 }));
    renderWith(<VisitRatingPanel token="tampered" />);
    expect(await screen.findByRole('heading', { name: 'This link is not valid or has expired' })).toBeDefined();
  });

  it('without a token asks nothing', () => {
    const calls = stubFetch(() => Response.json(visit));
    renderWith(<VisitRatingPanel token={null} />);
    expect(screen.getByRole('heading', { name: 'This link is not valid or has expired' })).toBeDefined();
    expect(calls).toHaveLength(0);
  });
});

describe('the notes after a visit: unsubscribe', () => {
  it('does nothing until the button is pressed, then POSTs the token once', async () => {
    const calls = stubFetch(() => Response.json({ unsubscribed: true }));
    renderWith(<FollowUpUnsubscribePanel token="tok.en" />);
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const done = await screen.findByRole('heading', { name: 'You have been unsubscribed' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(
      screen.getByText('You will receive no more thank-you notes or invitations from us. Booking mail still reaches you.'),
    ).toBeDefined();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/follow-ups/unsubscribe');
    expect(calls[0]!.url.searchParams.get('token')).toBe('tok.en');
  });

  it('a bad link shows the friendly notice', async () => {
    stubFetch(() => new Response(JSON.stringify({ code: 'not_found', message: 'x' }), { status: 404 }));
    renderWith(<FollowUpUnsubscribePanel token="bad" />);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'This link is not valid or has expired' })).toBeDefined();
  });
});
