/*
 * The slice of Stripe.js the site uses (docs/decisions.md §14): three card
 * fields, a payment method made from them, and the bank's 3-D Secure step.
 * Stripe.js is loaded only when payments are on, from the address the server
 * gives (`GET /api/payments/config`), and only on the pages that take a card,
 * so the first visit of the shop carries none of it.
 */

export type StripeElementKind = 'cardNumber' | 'cardExpiry' | 'cardCvc';

export type StripeError = { message?: string; code?: string };

export type StripeElementChange = { complete: boolean; empty: boolean; error?: StripeError };

export interface StripeElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (change: StripeElementChange) => void): void;
  focus(): void;
}

export interface StripeElements {
  create(kind: StripeElementKind, options?: Record<string, unknown>): StripeElement;
}

export type BillingDetails = { name?: string; email?: string };

export interface Stripe {
  elements(options?: Record<string, unknown>): StripeElements;
  createPaymentMethod(data: {
    type: 'card';
    card: StripeElement;
    billing_details?: BillingDetails;
  }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  confirmCardPayment(clientSecret: string): Promise<{ paymentIntent?: { status: string }; error?: StripeError }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => Stripe;
  }
}

const scripts = new Map<string, Promise<void>>();

function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        // A later visit of the page may try again (a flaky connection).
        scripts.delete(url);
        script.remove();
        reject(new Error('The card form could not be loaded.'));
      });
      document.head.appendChild(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

/** Stripe.js from `scriptUrl`, set up with the publishable key. */
export async function loadStripe(scriptUrl: string, publishableKey: string): Promise<Stripe> {
  await loadScript(scriptUrl);
  if (!window.Stripe) throw new Error('The card form could not be loaded.');
  return window.Stripe(publishableKey);
}

/** The fields drawn in the site's own colours and type (Stripe draws them in its frames). */
export const cardFieldStyle = {
  style: {
    base: {
      color: '#f3ede2',
      fontFamily: 'Jost, system-ui, sans-serif',
      fontSize: '16px',
      iconColor: '#c9a45c',
      '::placeholder': { color: '#a89f8e' },
    },
    invalid: { color: '#e8806f', iconColor: '#e8806f' },
  },
};

/**
 * Finishes a charge the bank wants the guest to confirm (3-D Secure), in the
 * provider's own window; rejects with the bank's words when it is not confirmed.
 */
export async function confirmWithBank(scriptUrl: string, publishableKey: string, clientSecret: string): Promise<void> {
  const stripe = await loadStripe(scriptUrl, publishableKey);
  const result = await stripe.confirmCardPayment(clientSecret);
  if (result.error) throw new Error(result.error.message ?? 'Your bank did not confirm the payment.');
}
