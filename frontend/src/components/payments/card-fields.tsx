import { Lock } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { StripeElementKind } from '@/lib/payments/stripe';
import type { CardFieldsState } from '@/lib/payments/use-card-fields';

const labels: Record<StripeElementKind, string> = { cardNumber: 'Card number', cardExpiry: 'Expiry', cardCvc: 'CVC' };

/**
 * The card number, expiry and CVC as the provider draws them (in its own
 * frames: the card never passes through this site's pages or server).
 */
export function CardFields({ idPrefix, fields, className }: { idPrefix: string; fields: CardFieldsState; className?: string }) {
  if (fields.status === 'failed') {
    return <Alert className={className}>The secure card form could not be loaded. Please check your connection and reload the page.</Alert>;
  }
  return (
    <div className={cn('grid gap-5 sm:grid-cols-2', className)} aria-busy={fields.status === 'loading'}>
      <p className="flex items-center gap-2 text-sm text-sand sm:col-span-2">
        <Lock aria-hidden className="size-4 shrink-0 text-gold" />
        Your card goes straight to our payment processor, Stripe; it never reaches our servers.
      </p>
      {(['cardNumber', 'cardExpiry', 'cardCvc'] as const).map((kind) => {
        const id = `${idPrefix}-${kind}`;
        const error = fields.fieldErrors[kind];
        return (
          <div key={kind} className={cn('flex flex-col', kind === 'cardNumber' && 'sm:col-span-2')}>
            {/* A frame cannot be a <label>'s control: the label names the group and focuses the field. */}
            <span
              id={`${id}-label`}
              className="mb-2 block text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand"
              onClick={() => fields.focus(kind)}
            >
              {labels[kind]}
            </span>
            <div
              ref={fields.mountPoints[kind]}
              role="group"
              aria-labelledby={`${id}-label`}
              aria-describedby={error ? `${id}-error` : undefined}
              data-testid={`card-field-${kind}`}
              className={cn(
                'flex h-12 flex-col justify-center border bg-ink/60 px-4 transition-colors duration-300 focus-within:border-gold',
                error ? 'border-danger' : 'border-line hover:border-gold/50',
              )}
            />
            {error ? (
              <p id={`${id}-error`} className="mt-2 text-sm text-danger">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {fields.status === 'loading' ? <Spinner label="Loading the secure card form…" className="sm:col-span-2" /> : null}
    </div>
  );
}
