import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { RequestBodyOf, ResponseOf } from '@/lib/api/types';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export type Team = ResponseOf<'/api/admin/team', 'get'>;
export type TeamMember = Team['members'][number];
export type Invitation = Team['invitations'][number];
export type InvitationInput = RequestBodyOf<'/api/admin/team/invitations', 'post'>;
export type MemberChange = RequestBodyOf<'/api/admin/team/{id}', 'put'>;
export type SignedInDevice = ResponseOf<'/api/admin/sessions', 'get'>[number];

export const roleLabels = { owner: 'Owner', staff: 'Staff' } as const satisfies Record<TeamMember['role'], string>;

export function useTeam() {
  return useQuery({
    queryKey: adminKeys.team(),
    queryFn: async () => unwrap(await api.GET('/api/admin/team')),
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: InvitationInput) => unwrap(await api.POST('/api/admin/team/invitations', { body })),
    onSuccess: (invitation) => notifySuccess(`Invitation sent to ${invitation.email}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.team() }),
  });
}

export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    // 204: errors are thrown by the client itself.
    mutationFn: async (invitation: Invitation) => {
      await api.DELETE('/api/admin/team/invitations/{id}', { params: { path: { id: invitation.id } } });
    },
    onSuccess: (_, invitation) => notifySuccess(`The invitation to ${invitation.email} is withdrawn`),
    onError: (error) => notifyError(error, 'The invitation could not be withdrawn'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.team() }),
  });
}

export function useChangeMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ member, body }: { member: TeamMember; body: MemberChange }) =>
      unwrap(await api.PUT('/api/admin/team/{id}', { params: { path: { id: member.id } }, body })),
    onSuccess: (saved) => notifySuccess(`${saved.name} is now ${saved.isActive ? roleLabels[saved.role].toLowerCase() : 'deactivated'}`),
    onError: (error) => notifyError(error, 'The change could not be saved'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.team() }),
  });
}

/** An owner resets a member's lost second factors (they sign in with their password and set up new ones). */
export function useResetTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (member: TeamMember) =>
      unwrap(await api.DELETE('/api/admin/team/{id}/two-factor', { params: { path: { id: member.id } } })),
    onSuccess: (saved) => notifySuccess(`${saved.name}’s two-step sign-in is reset; they are signed out`),
    onError: (error) => notifyError(error, 'The two-step sign-in could not be reset'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.team() }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: adminKeys.sessions(),
    queryFn: async () => unwrap(await api.GET('/api/admin/sessions')),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (device: SignedInDevice) => {
      await api.DELETE('/api/admin/sessions/{id}', { params: { path: { id: device.id } } });
    },
    onSuccess: (_, device) => notifySuccess(`${device.device} is signed out`),
    onError: (error) => notifyError(error, 'That device could not be signed out'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.sessions() }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/admin/sessions/end-others')),
    onSuccess: ({ ended }) => notifySuccess(ended === 1 ? 'One other device is signed out' : `${ended} other devices are signed out`),
    onError: (error) => notifyError(error, 'The other devices could not be signed out'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.sessions() }),
  });
}
