import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingServiceKey } from '@/config/site';
import { createQueryClient } from '@/lib/query-client';
import type { ScreeningQuestion } from '@/lib/intake/intake';
import BookingDialog from './components/booking-dialog';
import { unwiseAnswer } from './screening';

const massageScreening: ScreeningQuestion[] = [
  {
    id: 'pregnant',
    prompt: 'Are you pregnant?',
    kind: 'yes_no',
    options: [],
    unwiseWhen: 'yes',
    reason: 'Deep-tissue work is not advised during pregnancy.',
    suggest: 'spa',
  },
  {
    id: 'clots',
    prompt: 'Have you ever had a blood clot?',
    kind: 'yes_no',
    options: [],
    unwiseWhen: 'yes',
    reason: 'Massage is not advised where a clot has been.',
    suggest: null,
  },
];

type Call = { method: string; url: URL; body: string };

/** The dialog's reads, answered from the path; every request recorded with its body. */
function stubFetch() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      calls.push({ method: request.method, url, body: await request.clone().text() });
      switch (url.pathname) {
        case '/api/intake-screening':
          return Response.json(url.searchParams.get('service') === 'massage' ? massageScreening : []);
        case '/api/payments/config':
          return Response.json({ enabled: false });
        case '/api/availability/month':
          return Response.json({ days: [] });
        default:
          return Response.json([]);
      }
    }),
  );
  return calls;
}

function renderDialog(presetService?: BookingServiceKey) {
  return render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <BookingDialog open onOpenChange={() => {}} presetService={presetService} session={1} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const screening = () => screen.getByRole('region', { name: 'A few questions first' });
const answer = (question: string, value: string) =>
  fireEvent.click(within(screen.getByRole('radiogroup', { name: question })).getByRole('radio', { name: value }));

// Radix's select, radio and dialog measure themselves; jsdom has no ResizeObserver (and frames run as timers).
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the booking dialog asks a few questions first', () => {
  it("asks the service's screening questions before her day and time, and nothing for a service without them", async () => {
    const calls = stubFetch();
    renderDialog('massage');
    expect(await screen.findByRole('region', { name: 'A few questions first' })).toBeDefined();
    expect(within(screening()).getByRole('radiogroup', { name: 'Are you pregnant?' })).toBeDefined();
    expect(within(screening()).getByRole('radiogroup', { name: 'Have you ever had a blood clot?' })).toBeDefined();
    // Before the day and time.
    const date = screen.getByLabelText('Date');
    expect(screening().compareDocumentPosition(date) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(calls.find((call) => call.url.pathname === '/api/intake-screening')?.url.searchParams.get('service')).toBe('massage');

    cleanup();
    renderDialog('spa');
    await waitFor(() => expect(calls.some((call) => call.url.searchParams.get('service') === 'spa')).toBe(true));
    expect(screen.queryByRole('region', { name: 'A few questions first' })).toBeNull();
  });

  it('says why an answer makes the service unwise, and switches to the service that suits', async () => {
    stubFetch();
    renderDialog('massage');
    await screen.findByRole('region', { name: 'A few questions first' });
    answer('Are you pregnant?', 'No');
    expect(screen.queryByRole('button', { name: /instead$/ })).toBeNull();
    answer('Are you pregnant?', 'Yes');
    expect(within(screening()).getByText('Deep-tissue work is not advised during pregnancy.')).toBeDefined();
    fireEvent.click(within(screening()).getByRole('button', { name: 'Book Rustic Spa Treatments instead' }));

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Service' }).textContent).toContain('Rustic Spa Treatments'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'A few questions first' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Date')));
  });

  it('goes on with the service when she chooses to, and sends none of her answers anywhere', async () => {
    const calls = stubFetch();
    renderDialog('massage');
    await screen.findByRole('region', { name: 'A few questions first' });
    answer('Have you ever had a blood clot?', 'Yes');
    expect(within(screening()).getByText('Massage is not advised where a clot has been.')).toBeDefined();
    // No service to suggest: only going on.
    expect(within(screening()).queryByRole('button', { name: /instead$/ })).toBeNull();
    fireEvent.click(within(screening()).getByRole('button', { name: 'Continue anyway' }));

    expect(within(screening()).queryByText('Massage is not advised where a clot has been.')).toBeNull();
    expect(within(screening()).getByText(/Please tell your therapist about it/)).toBeDefined();
    expect(screen.getByRole('combobox', { name: 'Service' }).textContent).toContain('Massage Therapy');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Date')));
    // Changing an answer asks again.
    answer('Are you pregnant?', 'Yes');
    expect(within(screening()).getByText('Deep-tissue work is not advised during pregnancy.')).toBeDefined();
    expect(calls.every((call) => !call.body.includes('pregnant') && !call.url.search.includes('pregnant'))).toBe(true);
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});

describe('an unwise answer', () => {
  it('is the first answer given that equals its question’s unwiseWhen', () => {
    expect(unwiseAnswer(massageScreening, {})).toBeUndefined();
    expect(unwiseAnswer(massageScreening, { pregnant: 'no', clots: 'no' })).toBeUndefined();
    expect(unwiseAnswer(massageScreening, { pregnant: 'no', clots: 'yes' })?.id).toBe('clots');
    expect(unwiseAnswer(massageScreening, { pregnant: 'yes', clots: 'yes' })?.id).toBe('pregnant');
  });
});
