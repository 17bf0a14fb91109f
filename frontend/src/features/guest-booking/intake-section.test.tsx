import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { QUIZ_MEMORY_KEY, type GuestIntake, type IntakeAnswers, type IntakeForm } from '@/lib/intake/intake';
import type { GuestBooking } from './booking-words';
import { IntakeSection } from './components/intake-section';

const form: IntakeForm = {
  service: 'massage',
  title: 'Massage intake',
  introduction: 'So your therapist can care for you safely.',
  version: 3,
  updatedAt: '2026-11-01T18:00:00Z',
  questions: [
    {
      id: 'goal',
      kind: 'choice',
      prompt: 'What would you most like from this visit?',
      options: ['Stress relief', 'Physical healing', 'Self-care'],
      prefill: 'wellness_goal',
    },
    { id: 'pressure', kind: 'choice', prompt: 'What pressure do you prefer?', required: true, options: ['Light', 'Medium', 'Firm'] },
    { id: 'focus', kind: 'text', prompt: 'Which areas should we focus on?' },
    {
      id: 'pregnant',
      kind: 'yes_no',
      prompt: 'Are you pregnant?',
      required: true,
      followUp: 'How many weeks?',
      reviewWhen: 'yes',
      unwiseWhen: 'yes',
      unwiseReason: 'Not during pregnancy.',
      unwiseSuggest: 'spa',
    },
    { id: 'consent', kind: 'consent', prompt: 'I have answered truthfully.', required: true },
  ],
};

const signed: IntakeAnswers = {
  form,
  answers: { pressure: { value: 'Light' }, pregnant: { value: 'no' }, consent: { value: 'agreed' } },
  signature: 'Hazel Brook',
  signedAt: '2026-11-20T18:00:00Z',
  needsReview: false,
  unchanged: false,
};

const booking = { status: 'confirmed', date: '2026-12-20', time: '13:00', timeZoneAbbreviation: 'PST' } as GuestBooking;

const view = (over: Partial<GuestIntake> = {}): GuestIntake => ({
  form,
  answers: null,
  previous: null,
  locksAt: '2026-12-20T01:00:00',
  locked: false,
  ...over,
});

type Call = { method: string; url: URL; body: unknown };

/** Answers each call in turn (the last one again after that); records the requests with their bodies. */
function stubFetch(...answers: Array<() => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const text = await request.clone().text();
      calls.push({ method: request.method, url: new URL(request.url), body: text ? (JSON.parse(text) as unknown) : undefined });
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
      return answer();
    }),
  );
  return calls;
}

function renderSection(status: GuestBooking['status'] = 'confirmed') {
  return render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <IntakeSection token="tok.en" booking={{ ...booking, status }} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const group = (name: string) => screen.getByRole('radiogroup', { name });
const choose = (question: string, answer: string) => fireEvent.click(within(group(question)).getByRole('radio', { name: answer }));

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
  localStorage.clear();
});

describe("the guest's intake form on her booking's page", () => {
  it('is not shown when the service asks no form', async () => {
    const calls = stubFetch(() => Response.json(view({ form: null, locksAt: null })));
    const { container } = renderSection();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.pathname).toBe('/api/guest/bookings/tok.en/intake');
    expect(container.textContent).toBe('');
  });

  it('places every error beside its question at once, and the focus on the first', async () => {
    const calls = stubFetch(() => Response.json(view()));
    renderSection();
    const section = await screen.findByRole('region', { name: 'Before your visit' });
    expect(section.id).toBe('intake');
    fireEvent.click(screen.getByRole('button', { name: 'Sign and send' }));

    await waitFor(() => expect(group('What pressure do you prefer?').getAttribute('aria-invalid')).toBe('true'));
    const errorOf = (name: string) => document.getElementById(group(name).getAttribute('aria-describedby')!)?.textContent;
    expect(errorOf('What pressure do you prefer?')).toBe('Please answer this question.');
    expect(errorOf('Are you pregnant?')).toBe('Please answer this question.');
    // Optional questions ask nothing.
    expect(group('What would you most like from this visit? (optional)').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('textbox', { name: /Which areas should we focus on\?/ }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Please tick “I agree” to sign.')).toBeDefined();
    const signature = screen.getByRole('textbox', { name: 'Type your full name to sign' });
    expect(signature.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please type your full name to sign.')).toBeDefined();
    // The first question that needs another look has the focus: its first answer.
    expect(document.activeElement).toBe(within(group('What pressure do you prefer?')).getByRole('radio', { name: 'Light' }));
    // Nothing was sent.
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('asks the follow-up after a yes only, and sends it with the yes', async () => {
    const calls = stubFetch(
      () => Response.json(view()),
      () => Response.json({ ...signed, needsReview: true }, { status: 201 }),
    );
    renderSection();
    await screen.findByRole('region', { name: 'Before your visit' });
    expect(screen.queryByRole('textbox', { name: /How many weeks\?/ })).toBeNull();
    choose('Are you pregnant?', 'Yes');
    const weeks = await screen.findByRole('textbox', { name: /How many weeks\?/ });
    fireEvent.change(weeks, { target: { value: '  20 weeks ' } });
    choose('Are you pregnant?', 'No');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /How many weeks\?/ })).toBeNull());
    choose('Are you pregnant?', 'Yes');
    fireEvent.change(await screen.findByRole('textbox', { name: /How many weeks\?/ }), { target: { value: '  20 weeks ' } });

    choose('What pressure do you prefer?', 'Firm');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Type your full name to sign' }), { target: { value: ' Hazel Brook ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign and send' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls[1]!.body).toEqual({
      answers: { pressure: { value: 'Firm' }, pregnant: { value: 'yes', followUp: '20 weeks' }, consent: { value: 'agreed' } },
      signature: 'Hazel Brook',
    });
    expect(await screen.findByText('Thank you: your answers are with us.')).toBeDefined();
    expect(screen.getByTestId('intake-signed').textContent).toBe('Signed on Nov 20, 2026 as Hazel Brook');
    expect(screen.getByText(/You can update your answers until/).textContent).toContain('Sunday, December 20, 2026 at 1:00 AM PST');
    expect(document.activeElement).toBe(screen.getByText('Thank you: your answers are with us.'));
  });

  it("shows the server's refusals beside their questions, and focuses the first", async () => {
    stubFetch(
      () => Response.json(view()),
      () =>
        Response.json(
          {
            code: 'validation_failed',
            message: 'Some answers need another look.',
            errors: { 'answers.pregnant': 'Please choose one of the answers offered.', signature: 'Please type your full name to sign.' },
          },
          { status: 400 },
        ),
    );
    renderSection();
    await screen.findByRole('region', { name: 'Before your visit' });
    choose('What pressure do you prefer?', 'Medium');
    choose('Are you pregnant?', 'No');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I agree' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Type your full name to sign' }), { target: { value: 'Hazel Brook' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign and send' }));

    expect(await screen.findByText('Please choose one of the answers offered.')).toBeDefined();
    expect(group('Are you pregnant?').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Type your full name to sign' }).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(group('Are you pregnant?')).getByRole('radio', { name: 'No' }));
  });

  it('fills a choice from the quiz answers this browser kept', async () => {
    localStorage.setItem(QUIZ_MEMORY_KEY, JSON.stringify({ wellnessGoal: 'stress-relief', stressLevel: 'high' }));
    stubFetch(() => Response.json(view()));
    renderSection();
    await screen.findByRole('region', { name: 'Before your visit' });
    expect(
      within(group('What would you most like from this visit? (optional)'))
        .getByRole('radio', { name: 'Stress relief' })
        .getAttribute('aria-checked'),
    ).toBe('true');
    // A question the owner did not link to the quiz is left to her.
    expect(
      within(group('What pressure do you prefer?'))
        .getAllByRole('radio')
        .some((radio) => radio.getAttribute('aria-checked') === 'true'),
    ).toBe(false);
  });

  it('shows a returning guest her last answers, and keeps them with "Nothing has changed"', async () => {
    const calls = stubFetch(
      () => Response.json(view({ previous: signed })),
      () => Response.json({ ...signed, unchanged: true, signedAt: '2026-12-01T18:00:00Z' }, { status: 201 }),
    );
    renderSection();
    const returning = await screen.findByTestId('intake-returning');
    expect(returning.textContent).toContain('These are your answers from your last visit, signed on Nov 20, 2026.');
    const answers = within(returning).getByTestId('intake-answers');
    expect(answers.textContent).toContain('What pressure do you prefer?Light');
    expect(answers.textContent).toContain('Are you pregnant?No');
    expect(answers.textContent).toContain('I have answered truthfully.Agreed');
    // Read-only: no form yet.
    expect(screen.queryByRole('radiogroup')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Nothing has changed' }));
    await waitFor(() => expect(calls[1]?.body).toEqual({ unchanged: true }));
    expect(await screen.findByText('Thank you: your answers are with us.')).toBeDefined();
    expect(screen.getByTestId('intake-signed').textContent).toBe('Signed on Dec 1, 2026 as Hazel Brook');
  });

  it('opens her last answers in the form when it changed since, to look them over', async () => {
    stubFetch(
      () => Response.json(view({ previous: signed })),
      () =>
        Response.json(
          { code: 'conflict', message: 'The form has changed since your last visit: please look over your answers.' },
          { status: 409 },
        ),
      () => Response.json(view({ previous: signed })),
    );
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Nothing has changed' }));
    expect(await screen.findByText('The form has changed since your last visit: please look over your answers.')).toBeDefined();
    // Her answers are in it; signing is hers to do again.
    expect(within(group('What pressure do you prefer?')).getByRole('radio', { name: 'Light' }).getAttribute('aria-checked')).toBe('true');
    expect(within(group('Are you pregnant?')).getByRole('radio', { name: 'No' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'I agree' }).getAttribute('aria-checked')).toBe('false');
    expect((screen.getByRole('textbox', { name: 'Type your full name to sign' }) as HTMLInputElement).value).toBe('');
  });

  it('lets her update answers she signed, until the form locks', async () => {
    stubFetch(() => Response.json(view({ answers: signed })));
    renderSection();
    expect((await screen.findByTestId('intake-signed')).textContent).toBe('Signed on Nov 20, 2026 as Hazel Brook');
    fireEvent.click(screen.getByRole('button', { name: 'Update my answers' }));
    expect(within(group('What pressure do you prefer?')).getByRole('radio', { name: 'Light' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Keep my answers as they were' }));
    expect(screen.getByTestId('intake-signed')).toBeDefined();
  });

  it('says, once locked, how long before the visit it closed', async () => {
    stubFetch(() => Response.json(view({ answers: signed, locked: true })));
    renderSection();
    const locked = await screen.findByTestId('intake-locked');
    expect(locked.textContent).toContain('Signed on Nov 20, 2026 as Hazel Brook');
    expect(locked.textContent).toContain('The form closed 12 hours before your visit; tell your therapist of any change.');
    expect(screen.queryByRole('button', { name: 'Update my answers' })).toBeNull();
  });

  it('is not shown for a cancelled booking', async () => {
    const calls = stubFetch(() => Response.json(view({ locked: true })));
    const { container } = renderSection('cancelled');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
