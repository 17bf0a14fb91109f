import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarSync } from 'lucide-react';
import { useForm, useFormState, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/state';
import { useIsOwner } from '../../session/role';
import { applyFieldErrors } from '../../shared/form-errors';
import { Panel } from '../../shared/ui';
import { useSaveVisitSettings, useVisitSettings } from '../api/visit-settings';
import {
  freeMovesMeaning,
  toVisitSettingsForm,
  toVisitSettingsInput,
  visitSettingsSchema,
  type VisitSettingsFormValues,
} from '../visit-settings-schema';

/**
 * Guests' visits: what a guest may change herself through her booking's link.
 * Its own small form beside the standing schedule; staff read it, an owner
 * changes it (docs/decisions.md §18).
 */
export function VisitSettingsPanel() {
  const settings = useVisitSettings();
  return (
    <Panel aria-labelledby="visit-settings-heading" role="region">
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start lg:justify-between lg:gap-10">
        <div className="max-w-xl">
          <h2 id="visit-settings-heading" className="flex items-center gap-3 font-display text-3xl text-ivory">
            <span className="flex size-8 shrink-0 items-center justify-center border border-gold/40 bg-gold/10 text-gold">
              <CalendarSync aria-hidden className="size-4" />
            </span>
            Guests’ Visits
          </h2>
          <p className="mt-2 text-sm text-sand">
            What guests may change themselves through the link in their booking’s mail. A move the retreat makes from the Bookings tab is
            never counted.
          </p>
        </div>
        {settings.isPending ? (
          <Spinner label="Loading the visit settings…" />
        ) : settings.isError ? (
          <LoadError what="visit settings" />
        ) : (
          <VisitSettingsForm freeMoves={settings.data.freeMoves} />
        )}
      </div>
    </Panel>
  );
}

function VisitSettingsForm({ freeMoves }: { freeMoves: number }) {
  const save = useSaveVisitSettings();
  const owner = useIsOwner();
  const { control, handleSubmit, reset, setError } = useForm<VisitSettingsFormValues>({
    resolver: zodResolver(visitSettingsSchema),
    defaultValues: toVisitSettingsForm({ freeMoves }),
  });
  const { isDirty } = useFormState({ control });
  const value = useWatch({ control, name: 'freeMoves' });

  const onSubmit = handleSubmit((values) => {
    save.mutate(toVisitSettingsInput(values), {
      onSuccess: (saved) => reset(toVisitSettingsForm(saved)),
      onError: (error) => applyFieldErrors(error, setError, ['freeMoves']),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Guests’ visits" className="grid w-full gap-4 lg:max-w-md">
      <FormField control={control} name="freeMoves" id="visit-free-moves" label="Free moves per booking" hint={freeMovesMeaning(value)}>
        <Input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          readOnly={!owner}
          aria-readonly={!owner || undefined}
          className="max-w-40 tabular-nums"
        />
      </FormField>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" className="min-h-5 text-sm text-muted" data-testid="visit-settings-state">
          {!owner ? 'Only an owner can change this.' : save.isPending ? 'Saving…' : isDirty ? 'You have unsaved changes.' : 'Saved.'}
        </p>
        {owner ? (
          <Button type="submit" size="sm" disabled={save.isPending || !isDirty}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
