import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { ResponseOf } from '@/lib/api/types';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export type CalendarFeed = ResponseOf<'/api/admin/calendar-feed', 'get'>;

/** The signed-in member's own calendar feed (Security). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: adminKeys.calendarFeed(),
    queryFn: async () => unwrap(await api.GET('/api/admin/calendar-feed')),
  });
}

/** Turns the feed on, or gives it a new address (the old one stops at once). */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (_renewing: boolean) => unwrap(await api.POST('/api/admin/calendar-feed')),
    onSuccess: (feed, renewing) => {
      queryClient.setQueryData(adminKeys.calendarFeed(), feed);
      notifySuccess(renewing ? 'Your calendar feed has a new address; the old one has stopped' : 'Your calendar feed is on');
    },
    onError: (error) => notifyError(error, 'The calendar feed could not be changed'),
  });
}

export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/admin/calendar-feed')),
    onSuccess: (feed) => {
      queryClient.setQueryData(adminKeys.calendarFeed(), feed);
      notifySuccess('Your calendar feed is off');
    },
    onError: (error) => notifyError(error, 'The calendar feed could not be turned off'),
  });
}
