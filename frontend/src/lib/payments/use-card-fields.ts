import { useCallback, useEffect, useRef, useState } from 'react';
import { cardFieldStyle, loadStripe, type BillingDetails, type Stripe, type StripeElement, type StripeElementKind } from './stripe';

export const cardFieldKinds: readonly StripeElementKind[] = ['cardNumber', 'cardExpiry', 'cardCvc'];

/** Why the card could not be used, in the provider's (or the bank's) words. */
export class CardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardError';
  }
}

export type CardFieldsState = {
  status: 'loading' | 'ready' | 'failed';
  /** Where each field is drawn. */
  mountPoints: Record<StripeElementKind, (node: HTMLDivElement | null) => void>;
  /** The provider's word on a field as the guest types ("Your card number is invalid."). */
  fieldErrors: Partial<Record<StripeElementKind, string>>;
  focus: (kind: StripeElementKind) => void;
  /** Gives the card to the provider; our server only ever gets the payment method's id. */
  createPaymentMethod: (billing: BillingDetails) => Promise<string>;
  /** The bank's own step (3-D Secure) for a payment that waits for it. */
  authenticate: (clientSecret: string) => Promise<void>;
};

const fallbackMessage = 'Your card could not be used. Please check it or try another card.';

/**
 * The provider's three card fields, when `provider` is set: Stripe.js is
 * loaded, the fields are drawn into the mount points and torn down when the
 * form goes away.
 */
export function useCardFields(provider: { scriptUrl: string; publishableKey: string } | null): CardFieldsState {
  const scriptUrl = provider?.scriptUrl;
  const publishableKey = provider?.publishableKey;
  const providerKey = scriptUrl && publishableKey ? `${scriptUrl} ${publishableKey}` : null;
  // How loading the provider's fields ended, for which provider (until then: loading).
  const [loaded, setLoaded] = useState<{ key: string; status: 'ready' | 'failed' } | null>(null);
  const status = loaded && loaded.key === providerKey ? loaded.status : 'loading';
  const [fieldErrors, setFieldErrors] = useState<CardFieldsState['fieldErrors']>({});
  const stripe = useRef<Stripe | null>(null);
  const elements = useRef<Partial<Record<StripeElementKind, StripeElement>>>({});
  const nodes = useRef<Partial<Record<StripeElementKind, HTMLDivElement>>>({});
  const [mountPoints] = useState(() => {
    const points = {} as CardFieldsState['mountPoints'];
    for (const kind of cardFieldKinds) {
      points[kind] = (node) => {
        if (node) nodes.current[kind] = node;
        else delete nodes.current[kind];
      };
    }
    return points;
  });

  useEffect(() => {
    if (!scriptUrl || !publishableKey) return;
    const key = `${scriptUrl} ${publishableKey}`;
    let gone = false;
    loadStripe(scriptUrl, publishableKey)
      .then((provided) => {
        if (gone) return;
        const fields = provided.elements();
        for (const kind of cardFieldKinds) {
          const element = fields.create(kind, cardFieldStyle);
          const node = nodes.current[kind];
          if (node) element.mount(node);
          element.on('change', (change) => setFieldErrors((current) => ({ ...current, [kind]: change.error?.message })));
          elements.current[kind] = element;
        }
        stripe.current = provided;
        setLoaded({ key, status: 'ready' });
      })
      .catch(() => {
        if (!gone) setLoaded({ key, status: 'failed' });
      });
    return () => {
      gone = true;
      for (const element of Object.values(elements.current)) element.destroy();
      elements.current = {};
      stripe.current = null;
    };
  }, [scriptUrl, publishableKey]);

  const focus = useCallback((kind: StripeElementKind) => elements.current[kind]?.focus(), []);

  const createPaymentMethod = useCallback(async (billing: BillingDetails) => {
    const card = elements.current.cardNumber;
    if (!stripe.current || !card) throw new CardError('The card form is still loading. Please try again in a moment.');
    const result = await stripe.current.createPaymentMethod({ type: 'card', card, billing_details: billing });
    if (!result.paymentMethod) throw new CardError(result.error?.message ?? fallbackMessage);
    return result.paymentMethod.id;
  }, []);

  const authenticate = useCallback(async (clientSecret: string) => {
    if (!stripe.current) throw new CardError('The card form is still loading. Please try again in a moment.');
    const result = await stripe.current.confirmCardPayment(clientSecret);
    if (result.error) throw new CardError(result.error.message ?? 'Your bank did not confirm the payment.');
  }, []);

  return { status, mountPoints, fieldErrors, focus, createPaymentMethod, authenticate };
}
