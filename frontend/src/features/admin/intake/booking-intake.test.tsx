import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IntakeAnswers } from '@/lib/intake/intake';
import { createQueryClient } from '@/lib/query-client';
import { clearSession, saveSession } from '../session/admin-session';
import type { AdminBooking } from '../shared/types';
import { TeamTab } from '../team/components/team-tab';
import { BookingIntakeDialog } from './components/booking-intake-dialog';

const booking = {
  id: 'b1',
  firstName: 'Iris',
  lastName: 'Vale',
  email: 'iris@example.test',
  service: 'massage',
  date: '2027-03-10',
  time: '11:00',
  status: 'confirmed',
  intake: 'needs_review',
} as AdminBooking;

const answers: IntakeAnswers = {
  form: {
    service: 'massage',
    title: 'Massage intake',
    introduction: '',
    version: 4,
    updatedAt: '2026-11-01T18:00:00Z',
    questions: [
      { id: 'pressure', kind: 'choice', prompt: 'What pressure do you prefer?', options: ['Light', 'Firm'] },
      { id: 'pregnant', kind: 'yes_no', prompt: 'Are you pregnant?', followUp: 'How many weeks?', reviewWhen: 'yes', unwiseWhen: 'yes' },
      { id: 'consent', kind: 'consent', prompt: 'I have answered truthfully.' },
    ],
  },
  answers: { pressure: { value: 'Firm' }, pregnant: { value: 'yes', followUp: '20 weeks' }, consent: { value: 'agreed' } },
  signature: 'Iris Vale',
  signedAt: '2026-12-01T18:30:00Z',
  needsReview: true,
  unchanged: false,
};

const member = (over: Partial<{ id: string; name: string; email: string; canReadIntake: boolean }> = {}) => ({
  id: 'a1',
  email: 'willow@b.co',
  name: 'Willow',
  isActive: true,
  createdAt: '2026-01-01T00:00:00Z',
  role: 'owner' as const,
  twoFactor: false,
  canReadIntake: false,
  lastLogin: null,
  ...over,
});

type Call = { method: string; url: URL; body: unknown };

/** Answers each request by its method and path; records them. */
function stubFetch(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const text = await request.clone().text();
      const call = { method: request.method, url: new URL(request.url), body: text ? (JSON.parse(text) as unknown) : undefined };
      calls.push(call);
      const route = routes[`${call.method} ${call.url.pathname}`];
      return route ? route(call) : Response.json([]);
    }),
  );
  return calls;
}

function signIn(canReadIntake: boolean) {
  saveSession({ token: 'token', expiresAt: '2030-01-01T08:00:00Z', admin: member({ canReadIntake }) });
}

function renderWith(node: React.ReactNode) {
  return render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
}

// Radix's dialog and switch measure themselves; jsdom has no ResizeObserver.
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
  clearSession();
  vi.unstubAllGlobals();
});

describe("a booking's intake in the dashboard", () => {
  it('opens her answers, as signed, for a member allowed to read them; only on request', async () => {
    signIn(false);
    const calls = stubFetch({
      // Allowed since she signed in: the server's word counts.
      'GET /api/admin/me': () => Response.json(member({ canReadIntake: true })),
      'GET /api/admin/bookings/b1/intake': () => Response.json(answers),
    });
    renderWith(<BookingIntakeDialog booking={booking} onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Intake of Iris Vale' });
    expect(within(dialog).getByTestId('intake-status').textContent).toContain('Intake: Needs review');
    const open = await within(dialog).findByRole('button', { name: 'Open intake answers' });
    expect(calls.some((call) => call.url.pathname.endsWith('/intake'))).toBe(false);

    fireEvent.click(open);
    const view = await within(dialog).findByTestId('intake-answers-view');
    expect(calls.filter((call) => call.url.pathname === '/api/admin/bookings/b1/intake')).toHaveLength(1);
    const rows = within(view).getByTestId('intake-answers').children;
    expect(rows[0]!.textContent).toBe('What pressure do you prefer?Firm');
    expect(rows[0]!.getAttribute('data-flagged')).toBeNull();
    // The flagged answer stands out, with its follow-up.
    expect(rows[1]!.getAttribute('data-flagged')).toBe('true');
    expect(rows[1]!.textContent).toContain('YesNeeds review · not advised');
    expect(rows[1]!.textContent).toContain('How many weeks? 20 weeks');
    expect(rows[2]!.textContent).toBe('I have answered truthfully.Agreed');
    expect(within(view).getByTestId('intake-signature').textContent).toBe('Signed Iris Vale on Dec 1, 2026 at 10:30 AM');
  });

  it('says who may open the answers to a member without leave, and never asks for them', async () => {
    signIn(true);
    const calls = stubFetch({ 'GET /api/admin/me': () => Response.json(member({ canReadIntake: false })) });
    renderWith(<BookingIntakeDialog booking={booking} onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Intake of Iris Vale' });
    expect((await within(dialog).findByTestId('intake-no-access')).textContent).toContain(
      'Only members an owner allowed to read intake answers can open them (Team → May read intake answers).',
    );
    expect(within(dialog).queryByRole('button', { name: 'Open intake answers' })).toBeNull();
    expect(calls.some((call) => call.url.pathname.endsWith('/intake'))).toBe(false);
  });

  it('has nothing to open while the form is missing', async () => {
    signIn(true);
    stubFetch({ 'GET /api/admin/me': () => Response.json(member({ canReadIntake: true })) });
    renderWith(<BookingIntakeDialog booking={{ ...booking, intake: 'missing' }} onOpenChange={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Intake of Iris Vale' });
    expect(within(dialog).getByTestId('intake-status').textContent).toContain('The guest has not filled in the form yet.');
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Open intake answers' })).toBeNull());
  });
});

describe('Team: "May read intake answers"', () => {
  it('gives a member leave to read intake answers, the owner herself too', async () => {
    signIn(false);
    let me = member();
    const calls = stubFetch({
      'GET /api/admin/team': () =>
        Response.json({ members: [me, member({ id: 'a2', name: 'Fern', email: 'fern@b.co' })], invitations: [] }),
      'PUT /api/admin/team/a1/intake-access': (call) => {
        me = member({ canReadIntake: (call.body as { canReadIntake: boolean }).canReadIntake });
        return Response.json(me);
      },
    });
    renderWith(<TeamTab />);
    const mine = await screen.findByRole('switch', { name: 'May read intake answers: Willow' });
    expect(mine.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'May read intake answers: Fern' }).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(mine);
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ canReadIntake: true }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'May read intake answers: Willow' }).getAttribute('aria-checked')).toBe('true'),
    );
    // The team is asked again: the switch shows what the server kept.
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/admin/team').length).toBe(2));
  });
});
