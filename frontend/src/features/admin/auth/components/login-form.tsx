import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast-store';
import { useLogin } from '../api/login';
import { loginFailureText, loginSchema, type LoginValues } from '../login-schema';

export function LoginForm() {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const { control, handleSubmit } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const busy = loginMutation.isPending;

  const onSubmit = handleSubmit((values) => {
    loginMutation.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: ({ admin }) => {
          toast({ title: 'Login successful', description: `Welcome back, ${admin.name}!` });
          void navigate('/admin/dashboard', { replace: true });
        },
        onError: (error) => {
          toast({ title: 'Login failed', description: loginFailureText(error), variant: 'destructive' });
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Administrator login" className="grid gap-6">
      <FormField control={control} name="email" id="admin-email" label="Email">
        <Input type="email" autoComplete="username" required autoFocus />
      </FormField>
      <FormField control={control} name="password" id="admin-password" label="Password">
        <Input type="password" autoComplete="current-password" required />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Logging in...' : 'Login'}
      </Button>
      <Link
        to="/admin/forgot-password"
        className="justify-self-center text-xs uppercase tracking-wide-2 text-sand underline-offset-4 transition-colors hover:text-gold-light hover:underline"
      >
        Forgot password?
      </Link>
    </form>
  );
}
