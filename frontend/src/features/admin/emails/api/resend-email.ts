import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export async function resendEmail(id: string) {
  return unwrap(await api.POST('/api/admin/emails/{id}/resend', { params: { path: { id } } }));
}

export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmail,
    onSuccess: () => notifySuccess('Email queued to be sent again'),
    onError: (error) => notifyError(error, 'Failed to resend email'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.emails() }),
  });
}
