import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';
import type { ScheduleInput } from '../../shared/types';

export async function updateSchedule(body: ScheduleInput) {
  return unwrap(await api.PUT('/api/admin/schedule', { body }));
}

export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSchedule,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.schedule(), saved);
      notifySuccess('Schedule saved');
    },
    onError: (error) => notifyError(error, 'Failed to save the schedule'),
    // Every day's capacity follows the standing figures and opening hours.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.capacityAll() }),
  });
}
