import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { ApiError, hasErrorCode, preferServerMessage } from '@/lib/api/errors';
import { passkeyCancelled, passkeyFailureText, usePasskeysSupported } from '../../shared/webauthn';
import { useLoginWithCode, useLoginWithPasskey, type SecondFactorStep } from '../api/second-factor';
import { useSignedIn } from '../use-signed-in';

/**
 * The second step of signing in, after a right password: the member's
 * passkey, or a code from their authenticator app (or a recovery code). When
 * the step is over (five minutes, five wrong codes) they start again with
 * their password.
 */
export function SecondStepForm({ step, onRestart }: { step: SecondFactorStep; onRestart: (message?: string) => void }) {
  const signedIn = useSignedIn();
  const byCode = useLoginWithCode();
  const byPasskey = useLoginWithPasskey();
  const passkeys = usePasskeysSupported() && step.passkey;
  const [code, setCode] = useState('');
  // Recovery codes have letters: a phone's number pad cannot type them.
  const [recovery, setRecovery] = useState(!step.authenticatorApp);
  const [errors, setErrors] = useState<{ code?: string; form?: string; calm?: boolean }>({});
  const busy = byCode.isPending || byPasskey.isPending;

  const refused = (error: unknown) => {
    if (hasErrorCode(error, 'sign_in_expired')) {
      onRestart(preferServerMessage(error, 'The sign-in took too long. Please enter your password again.'));
      return true;
    }
    return false;
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setErrors({ code: 'Enter the code' });
      return;
    }
    setErrors({});
    byCode.mutate(
      { challenge: step.challenge, code: code.trim() },
      {
        onSuccess: signedIn,
        onError: (error) => {
          if (refused(error)) return;
          if (error instanceof ApiError && error.serverMessage) setErrors({ code: error.serverMessage });
          else setErrors({ form: 'That did not work. Please try again.' });
        },
      },
    );
  };

  const withPasskey = () => {
    setErrors({});
    byPasskey.mutate(
      { challenge: step.challenge },
      {
        onSuccess: signedIn,
        onError: (error) => {
          if (refused(error)) return;
          setErrors({ form: passkeyFailureText(error, 'That passkey did not sign you in.'), calm: passkeyCancelled(error) });
        },
      },
    );
  };

  return (
    <div className="grid gap-6">
      {passkeys ? (
        <>
          <Button size="lg" className="w-full" disabled={busy} aria-busy={byPasskey.isPending || undefined} onClick={withPasskey}>
            <KeyRound aria-hidden className="size-4" />
            {byPasskey.isPending ? 'Waiting for your passkey...' : 'Use your passkey'}
          </Button>
          <p className="flex items-center gap-4 text-[0.68rem] uppercase tracking-wide-2 text-muted">
            <span aria-hidden className="h-px flex-1 bg-line" />
            or enter a code
            <span aria-hidden className="h-px flex-1 bg-line" />
          </p>
        </>
      ) : null}
      <form noValidate onSubmit={verify} aria-label="Second step" className="grid gap-6">
        <Field
          id="second-step-code"
          label="Code"
          error={errors.code}
          hint="The 6-digit code from your authenticator app, or a recovery code."
        >
          <Input
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus={!passkeys}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            className="font-mono tracking-[0.2em]"
          />
        </Field>
        {errors.form ? (
          <p role="alert" className={errors.calm ? 'text-sm text-sand' : 'text-sm text-danger'}>
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={byCode.isPending || undefined}>
          {byCode.isPending ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      <div className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2">
        {step.authenticatorApp && step.recoveryCode && !recovery ? (
          <Button variant="ghost" size="sm" onClick={() => setRecovery(true)}>
            Type a recovery code
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={() => onRestart()}>
          Start again
        </Button>
      </div>
    </div>
  );
}
