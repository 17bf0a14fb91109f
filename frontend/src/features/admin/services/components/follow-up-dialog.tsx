import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import type { Service } from '@/lib/api/types';
import { useReturnFocus } from '@/lib/use-return-focus';
import { applyFieldErrors } from '../../shared/form-errors';
import type { ServiceFollowUp } from '../../shared/types';
import { FormActions } from '../../shared/ui';
import { useServiceFollowUps, useUpdateServiceFollowUp } from '../api/service-follow-ups';
import {
  AFTERCARE_MAX,
  followUpFields,
  followUpSchema,
  followUpToForm,
  formToFollowUp,
  RETURN_AFTER_MAX_DAYS,
  type FollowUpFormValues,
} from '../follow-up-schema';

type Props = { service: Service; onOpenChange: (open: boolean) => void };

/**
 * "After the visit" of a service (issue 43): the aftercare words its
 * thank-you note carries the day after, and after how many days its guests
 * are invited to come back (none: never).
 */
export function FollowUpDialog({ service, onOpenChange }: Props) {
  const { onCloseAutoFocus } = useReturnFocus(true);
  const followUps = useServiceFollowUps();
  const current = followUps.data?.find((item) => item.serviceId === service.id);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <p className="eyebrow mb-3">{service.name}</p>
          <DialogTitle>After the Visit</DialogTitle>
          <DialogDescription>
            The day after a visit, the guest receives a thank-you note with these words and a link to rate it.
          </DialogDescription>
        </DialogHeader>
        {followUps.isPending ? (
          <div className="flex min-h-40 items-center justify-center">
            <Spinner label="Loading after the visit…" />
          </div>
        ) : followUps.isError ? (
          <p role="alert" className="text-danger">
            After the visit could not be loaded. Please refresh the page.
          </p>
        ) : (
          <FollowUpForm service={service} current={current} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function FollowUpForm({ service, current, onDone }: { service: Service; current?: ServiceFollowUp; onDone: () => void }) {
  const update = useUpdateServiceFollowUp();
  const { control, handleSubmit, setError } = useForm<FollowUpFormValues>({
    resolver: zodResolver(followUpSchema),
    defaultValues: followUpToForm(current),
  });
  const aftercare = useWatch({ control, name: 'aftercare' });
  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { id: service.id, body: formToFollowUp(values) },
      { onSuccess: onDone, onError: (error) => applyFieldErrors(error, setError, followUpFields) },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label={`After the visit: ${service.name}`} className="grid gap-5">
      <FormField
        control={control}
        name="aftercare"
        id="follow-up-aftercare"
        label="Aftercare words"
        optional
        hint={`In the thank-you note: how to care for yourself after this visit. ${aftercare.length} of 2,000 characters.`}
      >
        <Textarea rows={6} maxLength={AFTERCARE_MAX} placeholder="Drink plenty of water today and rest your shoulders…" />
      </FormField>
      <FormField
        control={control}
        name="returnAfterDays"
        id="follow-up-return-after"
        label="Invite back after (days)"
        optional
        hint="After a guest's latest visit of this service, a note inviting her back with a link to book. Empty: never."
        className="sm:max-w-xs"
      >
        <Input type="number" inputMode="numeric" step="1" min="1" max={RETURN_AFTER_MAX_DAYS} />
      </FormField>
      <FormActions busy={update.isPending} submitLabel="Save" onCancel={onDone} />
    </form>
  );
}
