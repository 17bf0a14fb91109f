import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { RequestBodyOf } from '@/lib/api/types';
import { saveSession } from '../../session/admin-session';
import { adminKeys } from '../../shared/admin-keys';

export type LoginInput = RequestBodyOf<'/api/admin/login', 'post'>;

export async function login(body: LoginInput) {
  return unwrap(await api.POST('/api/admin/login', { body }));
}

/** Stores the session on success; a new session starts with no admin data cached. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      queryClient.removeQueries({ queryKey: adminKeys.all });
      saveSession(answer);
    },
  });
}
