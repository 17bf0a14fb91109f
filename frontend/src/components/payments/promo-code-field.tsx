import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

type CodeFieldProps = {
  /** Names the field's id: `${idPrefix}-promo-code` (or `-gift-card`). */
  idPrefix: string;
  /** Why the code given does not apply, in the server's words. */
  error: string | null;
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/**
 * A code the guest types and the server prices (a promo code, a gift card):
 * typed, applied, removed. It sits inside the checkout's (or the booking
 * dialog's) form: Enter in it applies the code instead of sending the form.
 */
function CodeField({
  id,
  label,
  applyLabel,
  applied,
  removeLabel,
  error,
  checking,
  onApply,
  onRemove,
}: Omit<CodeFieldProps, 'idPrefix'> & {
  id: string;
  label: string;
  applyLabel: string;
  /** What the server accepted, in words; null until then. */
  applied: ReactNode;
  /** The remove button's accessible name. */
  removeLabel: string;
}) {
  const [text, setText] = useState('');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const code = text.trim();
    if (code !== '') onApply(code);
  };
  if (applied) {
    return (
      <div className="mt-6 flex items-center justify-between gap-4 border border-gold/30 px-4 py-3 text-sm">
        <p className="text-sand">{applied}</p>
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel === 'Remove' ? undefined : removeLabel}
          className="text-xs uppercase tracking-luxe text-gold hover:text-gold-light"
        >
          Remove
        </button>
      </div>
    );
  }
  return (
    <div className="mt-6">
      <Field id={id} label={label} optional error={error ?? undefined}>
        <div className="flex gap-3">
          <Input
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') apply(event);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="uppercase"
          />
          <Button type="button" variant="outline" onClick={apply} disabled={checking || text.trim() === ''}>
            {checking ? 'Checking…' : applyLabel}
          </Button>
        </div>
      </Field>
    </div>
  );
}

/** The guest's promo code (docs/decisions.md §15). */
export function PromoCodeField({
  idPrefix,
  applied,
  ...props
}: CodeFieldProps & {
  /** The code the server accepted (in capitals), if any. */
  applied: string | null;
}) {
  return (
    <CodeField
      id={`${idPrefix}-promo-code`}
      label="Promo code"
      applyLabel="Apply"
      removeLabel="Remove"
      applied={
        applied ? (
          <>
            Promo code <span className="font-medium tracking-wide text-gold-light">{applied}</span> applied
          </>
        ) : null
      }
      {...props}
    />
  );
}

/**
 * The guest's gift card (docs/decisions.md §16): the server says how much of
 * it pays the order; only its last four characters are shown back.
 */
export function GiftCardField({
  idPrefix,
  appliedLastFour,
  ...props
}: CodeFieldProps & {
  /** The last four characters of the card the server accepted, if any. */
  appliedLastFour: string | null;
}) {
  return (
    <CodeField
      id={`${idPrefix}-gift-card`}
      label="Gift card"
      applyLabel="Redeem"
      removeLabel="Remove gift card"
      applied={
        appliedLastFour ? (
          <>
            Gift card <span className="font-medium tracking-wide text-gold-light">••••{appliedLastFour}</span> applied
          </>
        ) : null
      }
      {...props}
    />
  );
}
