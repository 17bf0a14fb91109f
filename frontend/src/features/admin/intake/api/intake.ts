import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { privacyTermsKey } from '@/lib/api/catalogue/keys';
import { api, unwrap } from '@/lib/api/client';
import type { ServiceKey } from '@/lib/api/types';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { IntakeFormInput, IntakeSettingsInput } from '../../shared/types';

/** Every service's form and the settings (any member reads them; only an owner changes them). */
export function useIntakeForms() {
  return useQuery({
    queryKey: adminKeys.intakeForms(),
    queryFn: async () => unwrap(await api.GET('/api/admin/intake-forms')),
  });
}

/** Saves a service's form as a new version (answers kept stay with the form they answered). */
export function useSaveIntakeForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ service, body }: { service: ServiceKey; body: IntakeFormInput }) =>
      unwrap(await api.PUT('/api/admin/intake-forms/{service}', { params: { path: { service } }, body })),
    onSuccess: (form) => notifySuccess(`${form.title} saved`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.intakeForms() }),
  });
}

/** The service asks no form any more (answers kept stay as signed). */
export function useRemoveIntakeForm() {
  const queryClient = useQueryClient();
  return useMutation({
    // 204: errors are thrown by the client itself.
    mutationFn: async (service: ServiceKey) => {
      await api.DELETE('/api/admin/intake-forms/{service}', { params: { path: { service } } });
    },
    onError: (error) => notifyError(error, 'The form could not be removed'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.intakeForms() }),
  });
}

/** When forms lock before a visit, and how long answers are kept after the guest's last one. */
export function useSaveIntakeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: IntakeSettingsInput) => unwrap(await api.PUT('/api/admin/intake-settings', { body })),
    onSuccess: () => notifySuccess('Intake settings saved'),
    onSettled: async () => {
      // The privacy page states how long answers are kept.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.intakeForms() }),
        queryClient.invalidateQueries({ queryKey: privacyTermsKey() }),
      ]);
    },
  });
}

/** The signed-in member as the server has her now: a permission given since she signed in counts. */
export function useMe() {
  return useQuery({
    queryKey: adminKeys.me(),
    queryFn: async () => unwrap(await api.GET('/api/admin/me')),
  });
}

/**
 * A booking's latest answers, as signed; asked only when a permitted member
 * opens them, each opening a reading in the activity trail. Never kept once
 * the answers are closed: health data stays on screen no longer than read.
 */
export function useBookingIntake(bookingId: string, opened: boolean) {
  return useQuery({
    queryKey: adminKeys.intakeAnswers(bookingId),
    queryFn: async () => unwrap(await api.GET('/api/admin/bookings/{id}/intake', { params: { path: { id: bookingId } } })),
    enabled: opened,
    gcTime: 0,
    staleTime: 0,
  });
}

/** An owner lets a member (herself too) open guests' intake answers, or stops it. */
export function useSetIntakeAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, canReadIntake }: { id: string; canReadIntake: boolean }) =>
      unwrap(await api.PUT('/api/admin/team/{id}/intake-access', { params: { path: { id } }, body: { canReadIntake } })),
    onSuccess: (member) =>
      notifySuccess(
        member.canReadIntake ? `${member.name} may now read intake answers` : `${member.name} may no longer read intake answers`,
      ),
    onError: (error) => notifyError(error, 'The permission could not be changed'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.team() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.me() }),
      ]),
  });
}
