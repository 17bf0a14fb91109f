import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/toast-store';
import { isUnauthorized } from '../shared/notify';
import { clearSession } from './admin-session';

export const SESSION_ENDED_TITLE = 'Session ended';
export const SESSION_ENDED_TEXT = 'Please log in again.';

/**
 * Ends the session the first time any admin call (query or mutation) is
 * answered 401: a missing, expired or revoked token. Clearing the session
 * makes the dashboard send the user to /admin/login.
 */
export function useSessionGuard() {
  const queryClient = useQueryClient();
  const ended = useRef(false);

  useEffect(() => {
    ended.current = false;
    const end = (error: unknown) => {
      if (ended.current || !isUnauthorized(error)) return;
      ended.current = true;
      clearSession();
      toast({ title: SESSION_ENDED_TITLE, description: SESSION_ENDED_TEXT, variant: 'destructive' });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') end(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') end(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}
