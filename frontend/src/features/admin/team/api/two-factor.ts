import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';
import { createPasskey } from '../../shared/webauthn';

export type TwoFactorStatus = ResponseOf<'/api/admin/two-factor', 'get'>;
export type Passkey = TwoFactorStatus['passkeys'][number];
export type AuthenticatorSetup = ResponseOf<'/api/admin/two-factor/authenticator', 'post'>;

/** The signed-in member's second factors, and whether the owner requires one (and they still owe it). */
export const twoFactorQuery = {
  queryKey: adminKeys.twoFactor(),
  queryFn: async () => unwrap(await api.GET('/api/admin/two-factor')),
};

export function useTwoFactor() {
  return useQuery(twoFactorQuery);
}

/**
 * After a factor is added or removed: the member's status, and everything
 * else, since a member the owner's rule held back may now use the rest.
 * Not awaited: the caller's own onSuccess (the recovery codes, shown once)
 * must run before the refreshed status re-renders the form that asked.
 */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  };
}

/** Starts setting up an authenticator app: a new secret, as a QR code and as text. */
export function useBeginAuthenticator() {
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/admin/two-factor/authenticator')),
    onError: (error) => notifyError(error, 'The authenticator app could not be set up'),
  });
}

/** The app's first code confirms it; with the member's first factor come their recovery codes. */
export function useConfirmAuthenticator() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (code: string) => unwrap(await api.POST('/api/admin/two-factor/authenticator/confirm', { body: { code } })),
    onSuccess: () => {
      notifySuccess('Your authenticator app is set up');
      refresh();
    },
  });
}

export function useRemoveAuthenticator() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    // 204: errors are thrown by the client itself.
    mutationFn: async () => {
      await api.DELETE('/api/admin/two-factor/authenticator');
    },
    onSuccess: () => notifySuccess('The authenticator app is removed'),
    onError: (error) => notifyError(error, 'The authenticator app could not be removed'),
    onSettled: refresh,
  });
}

/** A new set of recovery codes; the old ones stop working. */
export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/admin/two-factor/recovery-codes')),
    onError: (error) => notifyError(error, 'New recovery codes could not be made'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.twoFactor() }),
  });
}

/** Makes a passkey with the browser and registers it; with the member's first factor come their recovery codes. */
export function useAddPasskey() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = unwrap(await api.POST('/api/admin/passkeys/options'));
      const credential = await createPasskey(options.publicKey);
      return unwrap(await api.POST('/api/admin/passkeys', { body: { challenge: options.challenge, name: name || undefined, credential } }));
    },
    onSuccess: ({ passkey }) => {
      notifySuccess(`${passkey.name} now signs you in`);
      refresh();
    },
  });
}

export function useRemovePasskey() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: async (passkey: Passkey) => {
      await api.DELETE('/api/admin/passkeys/{id}', { params: { path: { id: passkey.id } } });
    },
    onSuccess: (_, passkey) => notifySuccess(`${passkey.name} no longer signs you in`),
    onError: (error) => notifyError(error, 'The passkey could not be removed'),
    onSettled: refresh,
  });
}

/** The owner's rule: every member signs in with a second step. */
export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (required: boolean) => unwrap(await api.PUT('/api/admin/two-factor/policy', { body: { required } })),
    onSuccess: ({ required }) =>
      notifySuccess(required ? 'Every member now signs in with a second step' : 'A second step is now up to each member'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.twoFactor() }),
  });
}
