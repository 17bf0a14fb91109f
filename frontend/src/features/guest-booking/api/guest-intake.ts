import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { IntakeInput } from '@/lib/intake/intake';
import { guestBookingKeys } from './keys';

/** Her booking's form (none when its service asks none), what she kept, her earlier answers, and when it locks. */
export async function getGuestIntake(token: string) {
  return unwrap(await api.GET('/api/guest/bookings/{token}/intake', { params: { path: { token } } }));
}

export function useGuestIntake(token: string) {
  return useQuery({ queryKey: guestBookingKeys.intake(token), queryFn: () => getGuestIntake(token) });
}

export async function submitIntake(token: string, body: IntakeInput) {
  return unwrap(await api.POST('/api/guest/bookings/{token}/intake', { params: { path: { token } }, body }));
}

/**
 * Signs and sends her answers, or keeps her earlier ones (`unchanged`): the
 * answer is what is kept, shown at once; a refusal of the form as a whole
 * (locked meanwhile, changed since her earlier answers) asks it again.
 */
export function useSubmitIntake(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IntakeInput) => submitIntake(token, body),
    onSuccess: (kept) =>
      queryClient.setQueryData(guestBookingKeys.intake(token), (view: Awaited<ReturnType<typeof getGuestIntake>> | undefined) =>
        view ? { ...view, answers: kept, previous: null } : view,
      ),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: guestBookingKeys.intake(token) });
      }
    },
  });
}
