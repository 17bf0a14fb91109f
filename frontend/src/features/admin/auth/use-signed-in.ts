import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import type { LoginResponse } from '../session/admin-session';

/** What every way of signing in ends with (the session is stored by then): a greeting and the dashboard. */
export function useSignedIn() {
  const navigate = useNavigate();
  return ({ admin }: LoginResponse) => {
    toast({ title: 'Login successful', description: `Welcome back, ${admin.name}!` });
    void navigate('/admin/dashboard', { replace: true });
  };
}
