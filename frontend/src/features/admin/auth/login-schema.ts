import { z } from '@/lib/zod';
import { ApiError } from '@/lib/api/errors';

/** Spec §5: both required; the email must look like one. */
export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')),
  password: z.string().min(1, 'Password is required'),
});

export type LoginValues = z.input<typeof loginSchema>;

/** Spec §8: the server's message, else "Invalid credentials"; "Login failed" when no answer came. */
export function loginFailureText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? 'Invalid credentials';
  return 'Login failed';
}
