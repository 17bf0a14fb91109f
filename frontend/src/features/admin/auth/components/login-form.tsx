import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast-store';
import { passkeyCancelled, passkeyFailureText, usePasskeysSupported } from '../../shared/webauthn';
import { useLogin } from '../api/login';
import { secondFactorStep, useLoginWithPasskey, type SecondFactorStep } from '../api/second-factor';
import { loginFailureText, loginSchema, type LoginValues } from '../login-schema';
import { useSignedIn } from '../use-signed-in';

export function LoginForm({
  notice,
  onSecondStep,
}: {
  /** Why the member is back here (the second step ran out). */
  notice?: string;
  onSecondStep: (step: SecondFactorStep) => void;
}) {
  const signedIn = useSignedIn();
  const loginMutation = useLogin();
  const passkeyLogin = useLoginWithPasskey();
  const passkeys = usePasskeysSupported();
  const [problem, setProblem] = useState<{ text: string; calm: boolean } | undefined>(notice ? { text: notice, calm: false } : undefined);
  const { control, handleSubmit } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const busy = loginMutation.isPending || passkeyLogin.isPending;

  const onSubmit = handleSubmit((values) => {
    setProblem(undefined);
    loginMutation.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: signedIn,
        onError: (error) => {
          const step = secondFactorStep(error);
          if (step) onSecondStep(step);
          else toast({ title: 'Login failed', description: loginFailureText(error), variant: 'destructive' });
        },
      },
    );
  });

  const withPasskey = () => {
    setProblem(undefined);
    passkeyLogin.mutate(undefined, {
      onSuccess: signedIn,
      onError: (error) =>
        setProblem({ text: passkeyFailureText(error, 'That passkey did not sign you in.'), calm: passkeyCancelled(error) }),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Administrator login" className="grid gap-6">
      {problem ? (
        <p role="alert" className={problem.calm ? 'text-sm text-sand' : 'text-sm text-danger'}>
          {problem.text}
        </p>
      ) : null}
      <FormField control={control} name="email" id="admin-email" label="Email">
        <Input type="email" autoComplete="username" required autoFocus />
      </FormField>
      <FormField control={control} name="password" id="admin-password" label="Password">
        <Input type="password" autoComplete="current-password" required />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy} aria-busy={loginMutation.isPending || undefined}>
        {loginMutation.isPending ? 'Logging in...' : 'Login'}
      </Button>
      {passkeys ? (
        <Button
          variant="subtle"
          size="lg"
          className="w-full"
          disabled={busy}
          aria-busy={passkeyLogin.isPending || undefined}
          onClick={withPasskey}
        >
          <KeyRound aria-hidden className="size-4 text-gold" />
          {passkeyLogin.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
        </Button>
      ) : null}
      <Link
        to="/admin/forgot-password"
        className="justify-self-center text-xs uppercase tracking-wide-2 text-sand underline-offset-4 transition-colors hover:text-gold-light hover:underline"
      >
        Forgot password?
      </Link>
    </form>
  );
}
