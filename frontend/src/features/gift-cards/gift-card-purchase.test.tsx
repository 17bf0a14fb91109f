import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessToday, formatLongDate } from '@/lib/dates';
import { createQueryClient } from '@/lib/query-client';
import { GiftCardPurchase } from './components/gift-card-purchase';

// Radix's radio measures itself; jsdom has no ResizeObserver.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
});

const massage = { id: '00000000-0000-4000-8000-000000000101', name: 'Massage Therapy', price: '120.00' };
const options = { presets: ['50.00', '100.00', '150.00', '250.00'], min: '25.00', max: '1000.00', services: [massage] };

/** The server, by method and path; records what the page sent. */
function stubServer(purchase: () => Response) {
  const sent: { path: string; body: unknown; key: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'GET' && path === '/api/gift-cards/options') return Response.json(options);
      if (request.method === 'GET' && path === '/api/payments/config') {
        return Response.json({ enabled: false, cancellationFreeHours: 48, cancellationPolicy: 'Free until 48 hours before.' });
      }
      if (request.method === 'POST' && path === '/api/gift-cards') {
        sent.push({ path, body: await request.json(), key: request.headers.get('Idempotency-Key') });
        return purchase();
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return sent;
}

function renderPage() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
  return render(<GiftCardPurchase />, { wrapper });
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillPeople() {
  type("Recipient's name", 'Mara Cedar');
  type("Recipient's email", 'mara@example.com');
  type(/^Message/, 'Happy birthday!\nSee you on the mountain.');
  type('First name', 'Ada');
  type('Last name', 'Pine');
  type('Your email', 'ada@example.com');
}

const unpaidOrder = { id: '3f9a61c4-0000-4000-8000-000000000001', payment: { amount: '150.00', refunded: '0.00', state: 'unpaid' } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the gift card page', () => {
  it('shows the presets with the second one chosen, and the card follows the form', async () => {
    stubServer(() => Response.json(unpaidOrder, { status: 201 }));
    renderPage();
    const amounts = await screen.findByRole('radiogroup', { name: 'Choose an amount' });
    expect(
      within(amounts)
        .getAllByRole('radio')
        .map((radio) => radio.textContent),
    ).toEqual(['$50', '$100', '$150', '$250', 'Other amount', 'A treatment']);
    // The limits and the treatments are said beside them, and describe the group.
    expect(screen.getByTestId('gift-card-choices').textContent).toBe(
      'Any amount from $25 to $1,000, or the gift of a treatment: Massage Therapy.',
    );
    expect(amounts.getAttribute('aria-describedby')).toBe('gift-amount-choices');
    expect(within(amounts).getByRole('radio', { name: '$100' }).getAttribute('aria-checked')).toBe('true');
    const preview = screen.getByRole('region', { name: 'Your card' });
    expect(within(preview).getByTestId('gift-card-value').textContent).toBe('$100');
    fireEvent.click(within(amounts).getByRole('radio', { name: '$250' }));
    type("Recipient's name", 'Mara Cedar');
    expect(within(preview).getByTestId('gift-card-value').textContent).toBe('$250');
    expect(preview.textContent).toContain('Mara Cedar');
    // The delivery date starts at the retreat's today, and no earlier day can be chosen.
    const date = screen.getByLabelText('Delivery date') as HTMLInputElement;
    expect(date.value).toBe(businessToday());
    expect(date.min).toBe(businessToday());
  });

  it('with payments off, places the card once; it waits for the retreat to confirm the order', async () => {
    const sent = stubServer(() => Response.json(unpaidOrder, { status: 201 }));
    renderPage();
    const amounts = await screen.findByRole('radiogroup', { name: 'Choose an amount' });
    fireEvent.click(within(amounts).getByRole('radio', { name: '$150' }));
    fillPeople();
    await screen.findByTestId('demo-store-notice');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const today = businessToday();
    await screen.findByRole('heading', { name: 'Your gift card for Mara Cedar is reserved' });
    expect(screen.getByRole('status').textContent).toContain(
      `No card was charged. Once the retreat has confirmed your order, we will e-mail it to mara@example.com on ${formatLongDate(today)}`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[0]!.body).toEqual({
      amount: 150,
      recipientName: 'Mara Cedar',
      recipientEmail: 'mara@example.com',
      message: 'Happy birthday!\nSee you on the mountain.',
      deliverOn: today,
      firstName: 'Ada',
      lastName: 'Pine',
      email: 'ada@example.com',
    });
  });

  it('an order paid at once (nothing left for a card) is on its way', async () => {
    stubServer(() => Response.json({ ...unpaidOrder, payment: { amount: '0.00', refunded: '0.00', state: 'paid' } }, { status: 201 }));
    renderPage();
    await screen.findByRole('radiogroup', { name: 'Choose an amount' });
    fillPeople();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', {
      name: `Your gift card for Mara Cedar is on its way — it will arrive on ${formatLongDate(businessToday())}`,
    });
  });

  it('checks an amount of one’s own, and shows the server’s field messages where they belong', async () => {
    const sent = stubServer(
      () =>
        new Response(
          JSON.stringify({
            code: 'validation_failed',
            message: 'Invalid fields',
            errors: { recipientEmail: 'Please enter a valid email address', amount: 'A gift card is from $25 to $1,000, in whole dollars' },
          }),
          { status: 400 },
        ),
    );
    renderPage();
    const amounts = await screen.findByRole('radiogroup', { name: 'Choose an amount' });
    fireEvent.click(within(amounts).getByRole('radio', { name: 'Other amount' }));
    fillPeople();
    type('Amount ($)', '10.50');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect((await screen.findAllByText('A gift card is from $25 to $1,000, in whole dollars')).length).toBeGreaterThan(0);
    expect(sent).toHaveLength(0);

    type('Amount ($)', '80');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByText('Please check the highlighted fields.');
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as { amount: number }).amount).toBe(80);
    expect(screen.getByLabelText("Recipient's email").getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Amount ($)').getAttribute('aria-invalid')).toBe('true');
  });
});
