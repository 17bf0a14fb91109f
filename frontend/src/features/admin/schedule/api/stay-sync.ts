import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import type { RequestBodyOf, ResponseOf } from '@/lib/api/types';
import { adminKeys } from '../../shared/admin-keys';
import { notifyError, notifySuccess } from '../../shared/notify';

export type StaySync = ResponseOf<'/api/admin/stay-sync', 'get'>;
export type StayImport = StaySync['imports'][number];
export type DoubleBooking = StaySync['doubleBookings'][number];
export type StayImportInput = RequestBodyOf<'/api/admin/stay-imports', 'post'>;

/** The Tiny Home's calendars on other sites (Airbnb, VRBO…): the export, the imports, their schedule. */
export const staySyncKey = () => [...adminKeys.all, 'stay-sync'] as const;

export function useStaySync() {
  return useQuery({ queryKey: staySyncKey(), queryFn: async () => unwrap(await api.GET('/api/admin/stay-sync')) });
}

/**
 * Everything an import changes: the list, and the calendar's blackouts,
 * days and capacity (its nights are blocked as Tiny Home blackouts).
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: staySyncKey() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.blackouts() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.availabilityAll() }),
    ]);
}

async function syncNow(id: string) {
  return unwrap(await api.POST('/api/admin/stay-imports/{id}/sync', { params: { path: { id } } }));
}

function announce(synced: StayImport) {
  if (synced.lastError) notifyError(new Error(synced.lastError), `${synced.name}: ${synced.lastError}`);
  else notifySuccess(`${synced.name}: ${synced.nights === 1 ? '1 night' : `${synced.nights} nights`} blocked here`);
}

/** Adds an import and fetches it at once, so the owner sees what it takes. */
export function useAddStayImport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: StayImportInput) => {
      const added = unwrap(await api.POST('/api/admin/stay-imports', { body }));
      return syncNow(added.id);
    },
    onSuccess: announce,
    onSettled: refresh,
  });
}

export function useSyncStayImport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (item: StayImport) => syncNow(item.id),
    onSuccess: announce,
    onError: (error) => notifyError(error, 'The calendar could not be fetched'),
    onSettled: refresh,
  });
}

export function useRemoveStayImport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (item: StayImport) => {
      await api.DELETE('/api/admin/stay-imports/{id}', { params: { path: { id: item.id } } });
    },
    onSuccess: (_, item) => notifySuccess(`${item.name} is no longer imported; its nights are free here`),
    onError: (error) => notifyError(error, 'The import could not be removed'),
    onSettled: refresh,
  });
}

export function useSaveSyncEvery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (everyMinutes: number) => unwrap(await api.PUT('/api/admin/stay-sync', { body: { everyMinutes } })),
    onSuccess: (saved) => {
      queryClient.setQueryData(staySyncKey(), saved);
      notifySuccess(`Other sites' calendars are fetched every ${saved.everyMinutes} minutes`);
    },
    onError: (error) => notifyError(error, 'The schedule could not be saved'),
  });
}
