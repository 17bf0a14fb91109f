import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { ApiError, preferServerMessage } from '@/lib/api/errors';
import { MIN_PASSWORD_CHARS, passwordProblem } from './api';

/** Choose a password, twice; the server checks the policy again. */
export function NewPasswordForm({
  label,
  submitLabel,
  busy,
  email,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  /** The account's address, for password managers. */
  email?: string;
  onSubmit: (password: string) => Promise<unknown>;
}) {
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeated?: string; form?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordProblem(password, repeated);
    setErrors(problem);
    if (problem.password || problem.repeated) return;
    onSubmit(password).catch((failure: unknown) => {
      const field = failure instanceof ApiError ? failure.fieldErrors.password : undefined;
      setErrors(field ? { password: field } : { form: preferServerMessage(failure, 'That did not work. Please try again.') });
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={label} className="grid gap-6">
      {email ? <input type="email" autoComplete="username" value={email} readOnly hidden /> : null}
      <Field id="new-password" label="New password" error={errors.password} hint={`At least ${MIN_PASSWORD_CHARS} characters.`}>
        <Input
          type="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <Field id="repeat-password" label="Repeat the password" error={errors.repeated}>
        <Input type="password" autoComplete="new-password" value={repeated} onChange={(event) => setRepeated(event.target.value)} />
      </Field>
      {errors.form ? (
        <p role="alert" className="text-sm text-danger">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}
