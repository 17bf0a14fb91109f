import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { CheckoutForm } from './components/checkout-form';
import type { CheckoutLine } from './order-payload';

/*
 * The checkout's PLACE ORDER press, with the server stubbed: a press is never
 * lost, whatever the summary's figures are doing when it lands.
 */

const candle: CheckoutLine = {
  product: { id: '00000000-0000-4000-8000-000000000201', name: 'Cedar & Ember Candle', price: '40.00', image: '/media/candle.webp' },
  quantity: 2,
};
// Two candles, 15 % off: 80.00 − 12.00 = 68.00, tax 5.44, shipping 15.00.
const withCode = { subtotal: '80.00', discount: '12.00', tax: '5.44', shipping: '15.00', total: '88.44', promoCode: 'SPRING' };
const placedOrder = { id: '3f9a61c4-0000-4000-8000-000000000001', payment: { amount: '0.00', refunded: '0.00', state: 'unpaid' } };

type Sent = { path: string; body: Record<string, unknown> };

/**
 * The server, by method and path; the quote answers when the test says so
 * (`answerQuote`), as a quote still on its way when the guest presses.
 */
function stubServer(quote: () => Response) {
  const sent: Sent[] = [];
  let answerQuote: () => void = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'GET' && path === '/api/payments/config') {
        return Response.json({ enabled: false, cancellationFreeHours: 48, cancellationPolicy: 'Free until 48 hours before.' });
      }
      if (request.method === 'POST') sent.push({ path, body: (await request.json()) as Record<string, unknown> });
      if (path === '/api/checkout/quote') {
        await new Promise<void>((resolve) => (answerQuote = resolve));
        return quote();
      }
      if (path === '/api/orders') return Response.json(placedOrder, { status: 201 });
      return new Response('{}', { status: 404 });
    }),
  );
  return { sent, answerQuote: () => act(() => answerQuote()) };
}

function renderCheckout(onPlaced = vi.fn()) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
  render(<CheckoutForm items={[candle]} onPlaced={onPlaced} />, { wrapper });
  return onPlaced;
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillTheForm() {
  type('First name', 'Ada');
  type('Last name', 'Pine');
  type('Email', 'ada@example.com');
  type('Address', '1 Forest Lane');
  type('City', 'Idyllwild');
  type('State', 'CA');
  type('ZIP code', '92549');
  // The demo store's card fields arrive with the payments' configuration.
  fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
  type('Expiry', '12/30');
  type('CVC', '123');
}

function applyCode(code: string) {
  type(/^Promo code/, code);
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
}

const placeOrderButton = () => screen.getByRole('button', { name: /^(PLACE ORDER|PROCESSING\.\.\.)$/ });
const orders = (sent: Sent[]) => sent.filter((request) => request.path === '/api/orders');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('PLACE ORDER', () => {
  it('pressed while the quote for a code just applied is on its way, places the order with that quote', async () => {
    const server = stubServer(() => Response.json(withCode));
    const onPlaced = renderCheckout();
    await fillTheForm();
    applyCode('spring');
    await waitFor(() => expect(server.sent.map((request) => request.path)).toEqual(['/api/checkout/quote']));

    // The button takes the press (it is not disabled while the figures refresh) and waits for them.
    expect(placeOrderButton()).toHaveProperty('disabled', false);
    fireEvent.click(placeOrderButton());
    await waitFor(() => expect(placeOrderButton().textContent).toBe('PROCESSING...'));
    expect(orders(server.sent)).toEqual([]);

    server.answerQuote();
    await waitFor(() => expect(orders(server.sent)).toHaveLength(1));
    expect(orders(server.sent)[0]!.body).toMatchObject({
      promoCode: 'SPRING',
      discount: '12.00',
      total: '88.44',
      email: 'ada@example.com',
    });
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith('3f9a61c4', false, null));
  });

  it('pressed while a code is being checked that the server then refuses, places nothing and says why', async () => {
    const server = stubServer(() =>
      Response.json({ code: 'promo_code_refused', message: "We don't recognise this promo code" }, { status: 409 }),
    );
    const onPlaced = renderCheckout();
    await fillTheForm();
    applyCode('NOT-A-CODE');
    await waitFor(() => expect(server.sent).toHaveLength(1));
    fireEvent.click(placeOrderButton());
    server.answerQuote();

    expect((await screen.findByRole('alert')).textContent).toBe("We don't recognise this promo code");
    await waitFor(() => expect(placeOrderButton().textContent).toBe('PLACE ORDER'));
    expect(orders(server.sent)).toEqual([]);
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('sends the order even when the browser says it is offline: a press is never held in silence', async () => {
    const server = stubServer(() => Response.json(withCode));
    const onPlaced = renderCheckout();
    await fillTheForm();
    // Browsers report "offline" on a network change that may not have cut anything.
    act(() => onlineManager.setOnline(false));
    fireEvent.click(placeOrderButton());
    await waitFor(() => expect(orders(server.sent)).toHaveLength(1));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
  });
});
