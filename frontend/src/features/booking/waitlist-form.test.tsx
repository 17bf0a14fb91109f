import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { WaitlistForm } from './components/waitlist-form';
import { WISH_TEXTS, type WaitlistFormValues } from './waitlist-schema';

const DAY = '2099-03-10';
const initial: WaitlistFormValues = {
  firstName: 'Hazel',
  lastName: 'Brook',
  email: 'hazel@example.test',
  wishes: [{ from: DAY, to: DAY, time: '' }],
};

/** Answers every call with `answer`; records the requests with their bodies. */
function stubFetch(answer: () => Response) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const text = await request.clone().text();
      calls.push({ method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined });
      return answer();
    }),
  );
  return calls;
}

function renderForm(props: Partial<Parameters<typeof WaitlistForm>[0]> = {}) {
  const handlers = { onBack: vi.fn(), onDone: vi.fn() };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WaitlistForm service="massage" serviceName="Massage Therapy" stay={false} initial={initial} {...handlers} {...props} />
    </QueryClientProvider>,
  );
  return handlers;
}

// Radix's select measures itself; jsdom has no ResizeObserver.
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

describe("the booking dialog's waitlist form", () => {
  it('opens on its heading with the first wish and her name filled in', () => {
    renderForm();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Tell me if it frees up' }));
    const first = screen.getByRole('group', { name: 'Your first choice' });
    expect(within(first).getByLabelText<HTMLInputElement>('From').value).toBe(DAY);
    expect(within(first).getByLabelText<HTMLInputElement>('To').value).toBe(DAY);
    expect(within(first).getByRole('combobox', { name: 'Time' }).textContent).toContain('Any time');
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Hazel');
  });

  it('adds ranges up to three, and removes them again', () => {
    renderForm();
    const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add another range' }));
    add();
    expect(screen.getByRole('group', { name: 'Your second choice' })).toBeDefined();
    add();
    expect(screen.getByRole('group', { name: 'Your third choice' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Add another range' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove your second choice' }));
    expect(screen.queryByRole('group', { name: 'Your third choice' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add another range' })).toBeDefined();
  });

  it('joins with her wishes, any time sent as null, and says she is on the list', async () => {
    const calls = stubFetch(() =>
      Response.json(
        {
          id: 'e1',
          service: 'massage',
          state: 'waiting',
          createdAt: '2099-01-01T00:00:00Z',
          wishes: [
            { from: DAY, to: DAY, time: null },
            { from: '2099-03-12', to: '2099-03-14', time: null },
          ],
        },
        { status: 201 },
      ),
    );
    const { onDone } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add another range' }));
    const second = screen.getByRole('group', { name: 'Your second choice' });
    fireEvent.change(within(second).getByLabelText('From'), { target: { value: '2099-03-12' } });
    fireEvent.change(within(second).getByLabelText('To'), { target: { value: '2099-03-14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));

    const heading = await screen.findByRole('heading', { name: 'You are on the waitlist' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/waitlist');
    expect(calls[0]!.body).toEqual({
      service: 'massage',
      firstName: 'Hazel',
      lastName: 'Brook',
      email: 'hazel@example.test',
      wishes: [
        { from: DAY, to: DAY, time: null },
        { from: '2099-03-12', to: '2099-03-14', time: null },
      ],
      website: '',
    });
    expect(screen.getByText('We will write to you the moment a place opens; it will be held for you for a while.')).toBeDefined();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Tue, Mar 10 · any time',
      'Thu, Mar 12 – Sat, Mar 14 · any time',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('refuses a range that runs backwards before anything is sent', async () => {
    const calls = stubFetch(() => Response.json({}));
    renderForm();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2099-03-09' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText(WISH_TEXTS.toBeforeFrom)).toBeDefined();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's field errors on their fields, and a refusal of the list as a whole above the buttons", async () => {
    stubFetch(() =>
      Response.json(
        {
          code: 'validation_failed',
          message: 'Validation failed',
          errors: { 'wishes[0].from': 'The first day must be today or later', wishes: 'Please choose one to three ranges of dates' },
        },
        { status: 400 },
      ),
    );
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('The first day must be today or later')).toBeDefined();
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('waitlist-problem').textContent).toBe('Please choose one to three ranges of dates');
  });

  it('says so when the list could not be joined at all', async () => {
    stubFetch(() => Response.json({ code: 'rate_limited', message: 'Too many requests, please wait a moment' }, { status: 429 }));
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect((await screen.findByTestId('waitlist-problem')).textContent).toBe('Too many requests, please wait a moment');
  });

  it('asks a stay for check-in and check-out, without a time', () => {
    renderForm({
      service: 'accommodation',
      serviceName: 'Tiny Home Retreat',
      stay: true,
      initial: { ...initial, wishes: [{ from: DAY, to: '2099-03-12', time: '' }] },
    });
    const first = screen.getByRole('group', { name: 'Your first choice' });
    expect(within(first).getByLabelText<HTMLInputElement>('Check-in').value).toBe(DAY);
    expect(within(first).getByLabelText<HTMLInputElement>('Check-out').value).toBe('2099-03-12');
    expect(within(first).queryByRole('combobox', { name: 'Time' })).toBeNull();
  });

  it('goes back to the booking form when asked', () => {
    const { onBack } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Back to booking' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});
