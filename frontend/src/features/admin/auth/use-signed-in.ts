import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import type { LoginResponse } from '../session/admin-session';
import { returnTo } from './return-to';

/**
 * What every way of signing in ends with (the session is stored by then): a
 * greeting and the dashboard, at the view the member was sent here from.
 */
export function useSignedIn() {
  const navigate = useNavigate();
  const { state } = useLocation();
  return ({ admin }: LoginResponse) => {
    toast({ title: 'Login successful', description: `Welcome back, ${admin.name}!` });
    void navigate(returnTo(state), { replace: true });
  };
}
