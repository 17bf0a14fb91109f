import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast-store';
import type { LoginResponse } from '../session/admin-session';
import { twoFactorQuery } from '../team/api/two-factor';
import { returnTo } from './return-to';

/**
 * What every way of signing in ends with (the session is stored by then): a
 * greeting and the dashboard, at the view the member was sent here from.
 */
export function useSignedIn() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const queryClient = useQueryClient();
  return ({ admin }: LoginResponse) => {
    // The dashboard shows nothing until it knows whether the member still owes
    // a second factor: asked now, it is on its way while the dashboard renders.
    void queryClient.prefetchQuery(twoFactorQuery);
    toast({ title: 'Login successful', description: `Welcome back, ${admin.name}!` });
    void navigate(returnTo(state), { replace: true });
  };
}
