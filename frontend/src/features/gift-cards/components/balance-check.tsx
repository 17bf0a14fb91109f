import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { ApiError, preferServerMessage } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { displayMoney } from '@/lib/money';
import { useCheckGiftCardBalance } from '@/lib/gift-cards/check-balance';
import { normaliseCode, stateNote, validityText } from '../card-words';

/** The code field's name in the form. */
const CODE_FIELD = 'code';

/**
 * Reads what is left on a card from its code (throttled by the server, per
 * address). The code is read from the field when the form is sent, not kept
 * in state: the field arrives in the server's page, and a code typed before
 * the page is live stays in it (React would empty a controlled field when it
 * hydrates), so the press on Check balance replayed then (lib/early-clicks.ts)
 * checks what the guest typed.
 */
export function BalanceCheck({ className }: { className?: string }) {
  const check = useCheckGiftCardBalance();
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = new FormData(event.currentTarget).get(CODE_FIELD);
    const typed = normaliseCode(typeof field === 'string' ? field : '');
    if (typed === '') {
      setError('Please enter the code printed on the card');
      return;
    }
    setError(undefined);
    check.mutate(typed, {
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.fieldErrors.code
            ? failure.fieldErrors.code
            : preferServerMessage(failure, 'The balance could not be checked just now. Please try again.'),
        ),
    });
  };

  const balance = check.isSuccess ? check.data : null;
  const note = balance ? stateNote(balance.state) : null;
  return (
    <section aria-labelledby="balance-heading" className={cn('border border-line bg-surface p-6 sm:p-8', className)}>
      <h2 id="balance-heading" className="font-display text-3xl text-ivory">
        Check a balance
      </h2>
      <span className="gold-rule mt-4 bg-gold" />
      <p className="mt-5 text-sm text-sand">Type the code printed on the card to see what is left on it.</p>
      <form onSubmit={submit} noValidate aria-label="Check a gift card balance" className="mt-5">
        <Field id="gift-card-balance-code" label="Gift card code" error={error}>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Input
              name={CODE_FIELD}
              defaultValue=""
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
              className="font-mono uppercase tracking-wider placeholder:tracking-normal"
            />
            <Button type="submit" variant="outline" className="h-12 shrink-0" disabled={check.isPending}>
              {check.isPending ? 'Checking…' : 'Check balance'}
            </Button>
          </div>
        </Field>
      </form>
      {balance && !error ? (
        <div role="status" className="mt-6 border border-gold/30 bg-gold/[0.04] p-5" data-testid="gift-card-balance">
          <p className="text-xs uppercase tracking-wide-2 text-muted">Card ••••{balance.lastFour}</p>
          <p className="mt-2 font-display text-4xl text-gold-light tabular-nums">{displayMoney(balance.balance)}</p>
          <p className="mt-1 text-sm text-sand">
            left of {displayMoney(balance.amount)}
            {balance.label ? ` · ${balance.label}` : ''}
          </p>
          <p className="mt-3 text-sm text-sand">{validityText(balance.expiresOn)}</p>
          {note ? <p className="mt-3 text-sm text-danger">{note}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
