import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IntakeForm } from '@/lib/intake/intake';
import { createQueryClient } from '@/lib/query-client';
import { clearSession, saveSession } from '../session/admin-session';
import type { IntakeForms } from '../shared/types';
import { IntakeFormsTab } from './components/intake-forms-tab';

const massage: IntakeForm = {
  service: 'massage',
  title: 'Massage intake',
  introduction: 'A few questions before your massage.',
  version: 2,
  updatedAt: '2026-11-01T18:00:00Z',
  questions: [
    { id: 'pressure', kind: 'choice', prompt: 'What pressure do you prefer?', required: true, options: ['Light', 'Firm'] },
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

const forms: IntakeForms = { forms: [massage], settings: { lockHours: 12, keepMonths: 24 } };

type Call = { method: string; url: URL; body: unknown };
type Route = (call: Call) => Response | undefined;

/** Answers each request with the first route that knows it; records them. */
function stubFetch(...routes: Route[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const text = await request.clone().text();
      const call = { method: request.method, url: new URL(request.url), body: text ? (JSON.parse(text) as unknown) : undefined };
      calls.push(call);
      for (const route of routes) {
        const answer = route(call);
        if (answer) return answer;
      }
      return Response.json([]);
    }),
  );
  return calls;
}

const at =
  (method: string, path: string, answer: (call: Call) => Response): Route =>
  (call) =>
    call.method === method && call.url.pathname === path ? answer(call) : undefined;
const list = at('GET', '/api/admin/intake-forms', () => Response.json(forms));

function signIn(role: 'owner' | 'staff') {
  saveSession({
    token: `${role}-token`,
    expiresAt: '2030-01-01T08:00:00Z',
    admin: {
      id: 'a1',
      email: 'w@b.co',
      name: 'Willow',
      isActive: true,
      createdAt: '2026-01-01T00:00:00Z',
      role,
      twoFactor: false,
      canReadIntake: false,
    },
  });
}

function renderTab() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <IntakeFormsTab />
    </QueryClientProvider>,
  );
}

async function openEditor() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit the Massage Therapy form' }));
  return screen.findByRole('form', { name: 'Intake form: Massage Therapy' });
}

const cards = () => screen.getAllByTestId('intake-question-editor');
const promptOf = (card: HTMLElement) =>
  within(card).getByRole('textbox', { name: /^(Question|The statement she signs)$/ }) as HTMLTextAreaElement;

// Radix's select and checkbox measure themselves; jsdom has no ResizeObserver (and frames run as timers).
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
  clearSession();
  vi.unstubAllGlobals();
});

describe('Intake forms, as the owner sees them', () => {
  it('lists a form per service, with its questions, flags and version, and the services without one', async () => {
    signIn('owner');
    stubFetch(list);
    renderTab();
    const massageCard = (await screen.findAllByTestId('intake-form-card')).find((card) => card.dataset.service === 'massage')!;
    expect(massageCard.textContent).toContain('Massage intake');
    expect(massageCard.textContent).toContain('3 questions, signed with her name · version 2');
    expect(massageCard.textContent).toContain('1 flagged for review');
    expect(massageCard.textContent).toContain('1 asked before booking');
    const stay = screen.getAllByTestId('intake-form-card').find((card) => card.dataset.service === 'accommodation')!;
    expect(stay.textContent).toContain('No form');
    expect(within(stay).getByRole('button', { name: 'Create a form for Tiny Home Retreat' })).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Intake settings' }).parentElement!.textContent).toContain(
      'Forms lock 12 hours before the visit',
    );
  });

  it('edits a form: a question added before the consent, moved, and saved with only what belongs to its kind', async () => {
    signIn('owner');
    const calls = stubFetch(
      list,
      at('PUT', '/api/admin/intake-forms/massage', (call) => Response.json({ ...massage, ...(call.body as object), version: 3 })),
    );
    renderTab();
    const form = await openEditor();
    expect(cards()).toHaveLength(3);
    expect(promptOf(cards()[1]!).value).toBe('Are you pregnant?');
    expect(within(cards()[1]!).getByRole('combobox', { name: 'Not advised when' }).textContent).toBe('The answer is “Yes”');
    expect(within(cards()[1]!).getByRole('textbox', { name: 'What she is told' })).toBeDefined();

    fireEvent.click(within(form).getByRole('button', { name: 'Add a question' }));
    // The consent stays last: the new question comes before it, and takes the focus.
    expect(cards()).toHaveLength(4);
    expect(promptOf(cards()[3]!).value).toBe('I have answered truthfully.');
    await waitFor(() => expect(document.activeElement).toBe(promptOf(cards()[2]!)));
    fireEvent.change(promptOf(cards()[2]!), { target: { value: 'Do you take blood thinners?' } });
    fireEvent.change(within(cards()[2]!).getByRole('textbox', { name: /Follow-up, asked after a yes/ }), {
      target: { value: 'Which medication?' },
    });
    fireEvent.click(within(cards()[2]!).getByRole('button', { name: 'Move question 3 up' }));
    expect(promptOf(cards()[1]!).value).toBe('Do you take blood thinners?');

    fireEvent.click(within(form).getByRole('button', { name: 'Save the form' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const body = calls.find((call) => call.method === 'PUT')!.body as { title: string; questions: Record<string, unknown>[] };
    expect(body.title).toBe('Massage intake');
    expect(body.questions.map((question) => question.id)).toEqual(['pressure', 'q4', 'pregnant', 'consent']);
    expect(body.questions[1]).toEqual({
      id: 'q4',
      kind: 'yes_no',
      prompt: 'Do you take blood thinners?',
      required: true,
      followUp: 'Which medication?',
      options: [],
      reviewWhen: null,
      unwiseWhen: null,
      unwiseReason: null,
      unwiseSuggest: null,
      prefill: null,
    });
    expect(body.questions[0]).toMatchObject({ kind: 'choice', options: ['Light', 'Firm'], followUp: null });
    expect(body.questions[2]).toMatchObject({
      reviewWhen: 'yes',
      unwiseWhen: 'yes',
      unwiseReason: 'Not during pregnancy.',
      unwiseSuggest: 'spa',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Intake form: Massage Therapy' })).toBeNull());
  });

  it('checks what it can before sending, beside the field', async () => {
    signIn('owner');
    const calls = stubFetch(list);
    renderTab();
    const form = await openEditor();
    fireEvent.change(promptOf(cards()[0]!), { target: { value: '  ' } });
    fireEvent.change(within(cards()[1]!).getByRole('textbox', { name: 'What she is told' }), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save the form' }));
    expect(await within(cards()[0]!).findByText('Each question needs its words.')).toBeDefined();
    expect(within(cards()[1]!).getByText('Say what the guest is told when this service may not suit her.')).toBeDefined();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal at the question it names, and brings that question into view", async () => {
    signIn('owner');
    stubFetch(
      list,
      at('PUT', '/api/admin/intake-forms/massage', () =>
        Response.json(
          { code: 'validation_failed', message: 'Invalid', errors: { 'questions[1]': 'A flag names an answer the question cannot have.' } },
          { status: 400 },
        ),
      ),
    );
    renderTab();
    const form = await openEditor();
    fireEvent.click(within(form).getByRole('button', { name: 'Save the form' }));
    const problem = await within(cards()[1]!).findByTestId('intake-question-problem');
    expect(problem.textContent).toBe('A flag names an answer the question cannot have.');
    await waitFor(() => expect(document.activeElement).toBe(cards()[1]));
    expect(within(cards()[0]!).queryByTestId('intake-question-problem')).toBeNull();
    // Still open, everything as typed.
    expect(screen.getByRole('form', { name: 'Intake form: Massage Therapy' })).toBeDefined();
  });

  it('removes a form after one question', async () => {
    signIn('owner');
    const calls = stubFetch(
      list,
      at('DELETE', '/api/admin/intake-forms/massage', () => new Response(null, { status: 204 })),
    );
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the Massage Therapy form' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the Massage Therapy form?' });
    expect(dialog.textContent).toContain('Answers already signed stay as they were signed');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the form' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it("saves the settings, and shows the server's word beside a field", async () => {
    signIn('owner');
    let answer = () => Response.json({ lockHours: 24, keepMonths: 36 });
    const calls = stubFetch(
      list,
      at('PUT', '/api/admin/intake-settings', () => answer()),
    );
    renderTab();
    const settings = await screen.findByRole('form', { name: 'Intake settings' });
    fireEvent.change(within(settings).getByLabelText('Lock before the visit (hours)'), { target: { value: '200' } });
    fireEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));
    expect(await within(settings).findByText('Between 0 and 168 hours.')).toBeDefined();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(within(settings).getByLabelText('Lock before the visit (hours)'), { target: { value: '24' } });
    fireEvent.change(within(settings).getByLabelText('Keep answers after the last visit (months)'), { target: { value: '36' } });
    answer = () =>
      Response.json(
        { code: 'validation_failed', message: 'Invalid', errors: { keepMonths: 'Between 1 and 120 months.' } },
        { status: 400 },
      );
    fireEvent.click(within(settings).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ lockHours: 24, keepMonths: 36 }));
    expect(await within(settings).findByText('Between 1 and 120 months.')).toBeDefined();
  });
});

describe('Intake forms, as staff see them', () => {
  it('reads the forms and settings, changes nothing', async () => {
    signIn('staff');
    stubFetch(list);
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'View the Massage Therapy form' }));
    const preview = await screen.findByTestId('intake-form-preview');
    expect(within(preview).getByRole('heading', { name: 'Massage intake' })).toBeDefined();
    expect(preview.textContent).toContain('Light · Firm');
    expect(preview.textContent).toContain('After a yes: How many weeks?');
    expect(preview.textContent).toContain('Needs review when the answer is “Yes”');
    expect(preview.textContent).toContain(
      'Not advised when the answer is “Yes”: Not during pregnancy. She is offered Rustic Spa Treatments instead.',
    );
    expect(screen.queryByRole('button', { name: /^Edit the/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove the/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Create a form/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Intake settings' })).toBeNull();
  });
});
