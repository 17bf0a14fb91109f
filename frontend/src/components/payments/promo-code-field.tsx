import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

/**
 * The guest's promo code: typed, applied (the server prices it), removed.
 * It sits inside the checkout's (or the booking dialog's) form: Enter in it
 * applies the code instead of sending the form.
 */
export function PromoCodeField({
  idPrefix,
  applied,
  error,
  checking,
  onApply,
  onRemove,
}: {
  /** Names the field's id: `${idPrefix}-promo-code`. */
  idPrefix: string;
  /** The code the server accepted (in capitals), if any. */
  applied: string | null;
  /** Why the code given does not apply, in the server's words. */
  error: string | null;
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
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
        <p className="text-sand">
          Promo code <span className="font-medium tracking-wide text-gold-light">{applied}</span> applied
        </p>
        <button type="button" onClick={onRemove} className="text-xs uppercase tracking-luxe text-gold hover:text-gold-light">
          Remove
        </button>
      </div>
    );
  }
  return (
    <div className="mt-6">
      <Field id={`${idPrefix}-promo-code`} label="Promo code" optional error={error ?? undefined}>
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
            {checking ? 'Checking…' : 'Apply'}
          </Button>
        </div>
      </Field>
    </div>
  );
}
