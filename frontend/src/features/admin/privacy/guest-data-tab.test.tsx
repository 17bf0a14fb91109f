import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { clearSession, saveSession } from '../session/admin-session';
import type { GuestData, PrivacyRequest } from '../shared/types';
import { GuestDataTab } from './components/guest-data-tab';

const openErasure: PrivacyRequest = {
  id: 'r1',
  email: 'ada@example.test',
  kind: 'erasure',
  state: 'open',
  createdAt: '2026-12-10T18:00:00Z',
  confirmedAt: '2026-12-10T18:05:00Z',
  doneAt: null,
  doneBy: null,
};
const openCopy: PrivacyRequest = { ...openErasure, id: 'r2', email: 'bea@example.test', kind: 'copy' };
const doneCopy: PrivacyRequest = {
  ...openCopy,
  id: 'r3',
  email: 'cleo@example.test',
  state: 'done',
  doneAt: '2026-12-11T17:00:00Z',
  doneBy: 'Willow',
};

const nothing: GuestData = {
  email: 'ada@example.test',
  gatheredAt: '2026-12-14T18:00:00Z',
  bookings: [],
  orders: [],
  giftCards: [],
  intakeForms: [],
  intakeFormsWithheld: 0,
  messages: [],
  newsletter: null,
  ratings: [],
  waitlist: [],
  mail: [],
  followUpsStopped: false,
  privacyRequests: [],
};

const ada: GuestData = {
  ...nothing,
  bookings: [
    {
      id: 'b1',
      service: 'massage',
      serviceName: 'Massage Therapy',
      date: '2026-11-20',
      checkOut: null,
      time: '13:00',
      status: 'completed',
      firstName: 'Ada',
      lastName: 'Pine',
      notes: 'Gentle on the left shoulder',
      createdAt: '2026-11-01T18:00:00Z',
      depositAmount: '45.00',
      depositRefunded: '0.00',
      discount: '0.00',
      giftCardAmount: '0.00',
      promoCode: null,
    },
  ],
  orders: [
    {
      id: '0a1b2c3d-0000-4000-8000-000000000000',
      reference: '#0a1b2c3d',
      createdAt: '2026-11-02T18:00:00Z',
      status: 'delivered',
      paymentState: 'paid',
      firstName: 'Ada',
      lastName: 'Pine',
      phone: '951 555 0100',
      address: '1 Forest Lane',
      city: 'Idyllwild',
      state: 'CA',
      zip: '92549',
      items: [{ name: 'Cedar Candle', quantity: 2, price: '28.00' }],
      subtotal: '56.00',
      tax: '4.48',
      shipping: '15.00',
      discount: '0.00',
      total: '75.48',
      refunded: '0.00',
    },
  ],
  messages: [
    {
      id: 'm1',
      createdAt: '2026-10-01T18:00:00Z',
      firstName: 'Ada',
      lastName: 'Pine',
      interest: 'massage',
      message: 'Is the sauna open in winter?',
      replies: [{ body: 'It is, every day.', createdAt: '2026-10-02T18:00:00Z' }],
    },
  ],
  intakeForms: [
    {
      form: {
        title: 'Massage intake',
        introduction: 'A few questions before your massage.',
        service: 'massage',
        updatedAt: '2026-10-01T18:00:00Z',
        version: 1,
        questions: [
          { id: 'injury', kind: 'yes_no', prompt: 'Any injury we should know of?', followUp: 'Where?' },
          { id: 'pressure', kind: 'choice', prompt: 'Pressure', options: ['Light', 'Medium', 'Firm'] },
          { id: 'consent', kind: 'consent', prompt: 'I agree to the treatment.' },
        ],
      },
      answers: { injury: { value: 'yes', followUp: 'The left shoulder' }, pressure: { value: 'Light' }, consent: { value: 'agreed' } },
      needsReview: true,
      signature: 'Ada Pine',
      signedAt: '2026-11-19T18:00:00Z',
      unchanged: false,
    },
  ],
  newsletter: { subscribedAt: '2026-09-01T18:00:00Z' },
  mail: [
    {
      id: 'e1',
      template: 'booking_requested',
      subject: 'We received your booking request',
      state: 'sent',
      createdAt: '2026-11-01T18:00:00Z',
      sentAt: '2026-11-01T18:00:01Z',
    },
  ],
};

const summary = {
  pseudonym: 'Guest 7F3A',
  bookings: 1,
  orders: 1,
  giftCards: 0,
  ratings: 0,
  intakeFormsDeleted: 1,
  messagesDeleted: 1,
  waitlistEntriesDeleted: 0,
  mailDeleted: 1,
  newsletterDeleted: true,
};

type Call = { method: string; url: URL; body: unknown; auth: string | null };
type Route = (call: Call) => Response | undefined;

/** Answers each request with the first route that knows it; records them. */
function stubFetch(...routes: Route[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = typeof input === 'string' ? new Request(new URL(input, 'http://localhost'), init) : input;
      const text = await request.clone().text();
      const call = {
        method: request.method,
        url: new URL(request.url),
        body: text ? (JSON.parse(text) as unknown) : undefined,
        auth: request.headers.get('Authorization'),
      };
      calls.push(call);
      for (const route of routes) {
        const answer = route(call);
        if (answer) return answer;
      }
      return new Response(JSON.stringify({ code: 'not_found', message: 'Not found' }), { status: 404 });
    }),
  );
  return calls;
}

const at =
  (method: string, path: string, answer: (call: Call) => Response): Route =>
  (call) =>
    call.method === method && call.url.pathname === path ? answer(call) : undefined;
const services: Route = at('GET', '/api/services', () => Response.json([]));

function renderTab() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <GuestDataTab />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  saveSession({
    token: 'owner-token',
    expiresAt: '2030-01-01T08:00:00Z',
    admin: {
      id: 'a1',
      email: 'o@b.co',
      name: 'Willow',
      isActive: true,
      createdAt: '2026-01-01T00:00:00Z',
      role: 'owner',
      twoFactor: false,
      canReadIntake: false,
    },
  });
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('Guest data: the requests guests confirmed', () => {
  it('lists them with their kind, address and dates; an open one is answered after one question', async () => {
    const calls = stubFetch(
      services,
      at('GET', '/api/admin/privacy-requests', () => Response.json({ requests: [openCopy, doneCopy] })),
      at('POST', '/api/admin/privacy-requests/r2/complete', () =>
        Response.json({ ...openCopy, state: 'done', doneAt: '2026-12-14T18:00:00Z', doneBy: 'Willow' }),
      ),
    );
    renderTab();
    const list = await screen.findByRole('list', { name: 'Guests’ requests' });
    const rows = within(list).getAllByTestId('privacy-request');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('bea@example.test');
    expect(rows[0]!.textContent).toContain('Copy');
    expect(rows[0]!.textContent).toContain('Open');
    expect(rows[1]!.textContent).toContain('Done');
    expect(rows[1]!.textContent).toContain('by Willow');
    // A done request has nothing left to press.
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Send copy: bea@example.test' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send the copy?' });
    expect(dialog.textContent).toContain('is mailed a link to a page with everything we hold about the address');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send copy' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url.pathname).toBe('/api/admin/privacy-requests/r2/complete');
  });

  it('an erasure the server refuses (a visit to come) says why under the request', async () => {
    const blocked = 'She has a visit to come on Dec 20, 2026: erase her after it.';
    stubFetch(
      services,
      at('GET', '/api/admin/privacy-requests', () => Response.json({ requests: [openErasure] })),
      at('POST', '/api/admin/privacy-requests/r1/complete', () =>
        Response.json({ code: 'erasure_blocked', message: blocked }, { status: 409 }),
      ),
    );
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Erase: ada@example.test' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Erase this guest?' });
    expect(dialog.textContent).toContain('seven years, as tax law asks');
    expect(dialog.textContent).toContain('Erased: her names, email and postal address, phone');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));
    const row = screen.getByTestId('privacy-request');
    expect(await within(row).findByText(blocked)).toBeDefined();
    expect(within(row).getByRole('alert').textContent).toContain('Not erased.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says when no guest has asked', async () => {
    stubFetch(
      services,
      at('GET', '/api/admin/privacy-requests', () => Response.json({ requests: [] })),
    );
    renderTab();
    expect(await screen.findByText('No requests from guests.')).toBeDefined();
  });
});

describe('Guest data: looking an address up', () => {
  const lookUp = (email: string) => {
    fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
  };

  it('shows what is held, grouped, and downloads it as JSON and as a readable page', async () => {
    const calls = stubFetch(
      services,
      at('GET', '/api/admin/privacy-requests', () => Response.json({ requests: [] })),
      (call) =>
        call.url.pathname === '/api/admin/guest-data' && call.url.searchParams.get('format') === 'html'
          ? new Response('<!doctype html><title>Ada</title>', { headers: { 'Content-Type': 'text/html' } })
          : undefined,
      at('GET', '/api/admin/guest-data', () => Response.json(ada)),
    );
    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:x'), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderTab();
    lookUp('  ada@example.test ');

    const view = await screen.findByTestId('guest-data');
    const read = calls.find((c) => c.url.pathname === '/api/admin/guest-data')!;
    expect(read.url.searchParams.get('email')).toBe('ada@example.test');
    expect(screen.getByRole('heading', { name: 'ada@example.test' })).toBeDefined();
    const bookings = within(view).getByTestId('guest-data-bookings');
    expect(bookings.textContent).toContain('Massage Therapy · Nov 20, 2026 at 1:00 PM');
    expect(bookings.textContent).toContain('Ada Pine');
    expect(bookings.textContent).toContain('Deposit $45.00');
    expect(bookings.textContent).toContain('Gentle on the left shoulder');
    const orders = within(view).getByTestId('guest-data-orders');
    expect(orders.textContent).toContain('Order #0a1b2c3d · $75.48');
    expect(orders.textContent).toContain('1 Forest Lane, Idyllwild, CA 92549 · 951 555 0100');
    expect(orders.textContent).toContain('2 × Cedar Candle ($28.00)');
    const intake = within(view).getByTestId('guest-data-intake');
    expect(intake.textContent).toContain('Massage intake · signed');
    expect(intake.textContent).toContain('Needs review');
    expect(intake.textContent).toContain('Any injury we should know of? Yes — The left shoulder');
    expect(intake.textContent).toContain('Pressure Light');
    expect(intake.textContent).toContain('I agree to the treatment. Agreed');
    expect(intake.textContent).toContain('Signed by Ada Pine');
    expect(within(view).getByTestId('guest-data-messages').textContent).toContain('It is, every day.');
    expect(within(view).getByTestId('guest-data-newsletter').textContent).toContain('Signed up on');
    expect(within(view).getByTestId('guest-data-mail').textContent).toContain('We received your booking request');
    expect(within(view).getByTestId('guest-data-gift-cards').textContent).toContain('None.');

    fireEvent.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(names).toEqual(['guest-data.json']);
    expect(JSON.parse(await blobs[0]!.text())).toEqual(ada);

    fireEvent.click(screen.getByRole('button', { name: 'Download readable page' }));
    await waitFor(() => expect(names).toEqual(['guest-data.json', 'guest-data.html']));
    const page = calls.find((c) => c.url.searchParams.get('format') === 'html')!;
    expect(page.url.searchParams.get('email')).toBe('ada@example.test');
    expect(page.auth).toBe('Bearer owner-token');
    expect(await blobs[1]!.text()).toContain('<title>Ada</title>');
    click.mockRestore();
  });

  it('erases after one question that says what stays and what goes, then shows what it did', async () => {
    let erased = false;
    const calls = stubFetch(
      services,
      at('GET', '/api/admin/privacy-requests', () => Response.json({ requests: [] })),
      at('GET', '/api/admin/guest-data', () => Response.json(erased ? nothing : ada)),
      at('POST', '/api/admin/guest-data/erase', () => {
        erased = true;
        return Response.json(summary);
      }),
    );
    renderTab();
    lookUp('ada@example.test');
    fireEvent.click(await screen.findByRole('button', { name: 'Erase this guest' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Erase this guest?' });
    expect(dialog.textContent).toContain('Kept under a pseudonym, for the accounts');
    expect(dialog.textContent).toContain('payments and refunds');
    expect(dialog.textContent).toContain('intake and health answers, messages and our replies, waitlist wishes');
    // Cancel is where the focus starts: Enter alone erases no one.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }));

    const done = await screen.findByTestId('erasure-summary');
    expect(done.textContent).toContain('Erased. The guest is now Guest 7F3A.');
    expect(done.textContent).toContain('Kept under the pseudonym: 1 booking, 1 order, 0 gift cards, 0 ratings.');
    expect(done.textContent).toContain('Deleted: 1 intake form, 1 message, 0 waitlist entries, 1 mail, the newsletter sign-up.');
    const erase = calls.find((c) => c.method === 'POST')!;
    expect(erase.url.pathname).toBe('/api/admin/guest-data/erase');
    expect(erase.body).toEqual({ email: 'ada@example.test' });
    // Read again: nothing is held any more.
    await waitFor(() => expect(screen.queryByTestId('guest-data')).toBeNull());
  });

  it("shows the server's refusal of an erasure clearly", async () => {
    const blocked = 'Ada has an order still open: erase her once it is delivered or cancelled.';
    stubFetch(
      services,
      at('GET', '/api/admin/privacy-requests', () => Response.json({ requests: [] })),
      at('GET', '/api/admin/guest-data', () => Response.json(ada)),
      at('POST', '/api/admin/guest-data/erase', () => Response.json({ code: 'erasure_blocked', message: blocked }, { status: 409 })),
    );
    renderTab();
    lookUp('ada@example.test');
    fireEvent.click(await screen.findByRole('button', { name: 'Erase this guest' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Erase' }));
    const alert = await screen.findByText(blocked);
    expect(alert.closest('[role="alert"]')?.textContent).toContain('Not erased.');
    expect(screen.getByTestId('guest-data')).toBeDefined();
  });

  it('says how many signed forms are held back from an owner who may not read intake answers', async () => {
    stubFetch(
      services,
      at('GET', '/api/admin/privacy-requests', () => Response.json({ requests: [] })),
      at('GET', '/api/admin/guest-data', () => Response.json({ ...nothing, intakeFormsWithheld: 2 })),
    );
    renderTab();
    lookUp('ada@example.test');
    const intake = within(await screen.findByTestId('guest-data')).getByTestId('guest-data-intake');
    expect(within(intake).getByRole('heading').textContent).toBe('Intake forms 2');
    expect(within(intake).getByTestId('guest-data-intake-withheld').textContent).toContain('2 signed forms are held back');
    expect(intake.textContent).not.toContain('None.');
    // Something is held: it may be downloaded and erased.
    expect(screen.getByRole('button', { name: 'Download JSON' })).toBeDefined();
  });

  it('says when nothing is held, with nothing to download or erase', async () => {
    stubFetch(
      services,
      at('GET', '/api/admin/privacy-requests', () => Response.json({ requests: [] })),
      at('GET', '/api/admin/guest-data', () => Response.json({ ...nothing, email: 'nobody@example.test' })),
    );
    renderTab();
    lookUp('nobody@example.test');
    expect(await screen.findByText('Nothing is held about this address.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Erase this guest' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download JSON' })).toBeNull();
  });

  it('checks the address before asking, and shows the server’s word on it under the field', async () => {
    const calls = stubFetch(
      services,
      at('GET', '/api/admin/privacy-requests', () => Response.json({ requests: [] })),
      at('GET', '/api/admin/guest-data', () =>
        Response.json({ code: 'validation_failed', message: 'x', errors: { email: 'Too long for an address' } }, { status: 400 }),
      ),
    );
    renderTab();
    lookUp('ada');
    expect(await screen.findByText('Please enter a valid email address')).toBeDefined();
    expect(calls.some((c) => c.url.pathname === '/api/admin/guest-data')).toBe(false);
    lookUp('ada@example.test');
    expect(await screen.findByText('Too long for an address')).toBeDefined();
    expect(screen.queryByTestId('guest-data')).toBeNull();
  });
});
