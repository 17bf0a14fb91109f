import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { ApiError, preferServerMessage } from '@/lib/api/errors';
import { AccountFrame } from './account/account-frame';
import { requestPasswordReset } from './account/api';
import { useAdminHead } from './shared/admin-head';

/** /admin/forgot-password: mails a reset link; the answer never says whether the address has an account. */
export default function AdminForgotPassword() {
  useAdminHead('Forgot Password');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Email is required');
      return;
    }
    setError(undefined);
    setBusy(true);
    requestPasswordReset(email.trim())
      .then(({ message }) => setSent(message))
      .catch((failure: unknown) =>
        setError(
          (failure instanceof ApiError ? failure.fieldErrors.email : undefined) ??
            preferServerMessage(failure, 'The link could not be sent. Please try again.'),
        ),
      )
      .finally(() => setBusy(false));
  };

  return (
    <AccountFrame
      title="Forgot Password"
      intro="Enter the address you sign in with; we will email you a link to choose a new password."
      back={{ to: '/admin/login', label: 'Back to login' }}
    >
      {sent ? (
        <p role="status" className="text-center text-ivory">
          {sent}
        </p>
      ) : (
        <form noValidate onSubmit={submit} aria-label="Forgot password" className="grid gap-6">
          <Field id="reset-email" label="Email" error={error}>
            <Input type="email" autoComplete="username" autoFocus value={email} onChange={(event) => setEmail(event.target.value)} />
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Sending...' : 'Email me a link'}
          </Button>
        </form>
      )}
    </AccountFrame>
  );
}
