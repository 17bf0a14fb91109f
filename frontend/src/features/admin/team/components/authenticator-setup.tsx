import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { ApiError, preferServerMessage } from '@/lib/api/errors';
import { useConfirmAuthenticator, type AuthenticatorSetup } from '../api/two-factor';

/** The secret in groups of four, as apps ask for it when typed by hand. */
function groupedSecret(secret: string): string {
  return (
    secret
      .replace(/\s+/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? secret
  );
}

/** The QR code and the key for the app, then its first code to prove it works. */
export function AuthenticatorSetupForm({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: AuthenticatorSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmAuthenticator();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
      setError('Enter the 6-digit code your app shows');
      return;
    }
    setError(undefined);
    confirm.mutate(code.replace(/\s+/g, ''), {
      onSuccess: ({ codes }) => onConfirmed(codes),
      onError: (failure) =>
        setError(
          (failure instanceof ApiError ? failure.fieldErrors.code : undefined) ??
            preferServerMessage(failure, 'The code could not be checked. Please try again.'),
        ),
    });
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 border border-gold/40 bg-ivory p-2"
        />
        <div className="grid gap-3 text-sm text-sand">
          <p>Scan the code with your authenticator app (1Password, Google Authenticator, Authy…), or type this key into it:</p>
          <code
            data-testid="authenticator-secret"
            className="block break-words border border-line/70 bg-ink/60 px-3 py-2 font-mono text-base tracking-wider text-gold-light"
          >
            {groupedSecret(setup.secret)}
          </code>
          <p className="text-xs text-muted">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <form noValidate onSubmit={submit} aria-label="Confirm the authenticator app" className="grid gap-4">
        <Field id="authenticator-code" label="Code from the app" error={error}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            className="max-w-56 font-mono tracking-[0.3em]"
          />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={confirm.isPending} aria-busy={confirm.isPending || undefined}>
            {confirm.isPending ? 'Checking...' : 'Confirm'}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
