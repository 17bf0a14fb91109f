import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { MediaUrlField } from '../../media/components/media-url-field';
import type { Service } from '@/lib/api/types';
import { applyFieldErrors } from '../../shared/form-errors';
import { useReturnFocus } from '@/lib/use-return-focus';
import { FormActions } from '../../shared/ui';
import { useCreateService } from '../api/create-service';
import { useUpdateService } from '../api/update-service';
import { emptyService, formToService, serviceFields, serviceSchema, serviceToForm, type ServiceFormValues } from '../service-schema';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; service?: Service };

/** "Add New Service" / "Edit Service" (spec §2). */
export function ServiceFormDialog({ open, onOpenChange, service }: Props) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(open);
  const editing = Boolean(service);
  const create = useCreateService();
  const update = useUpdateService();
  const { handleSubmit, control, reset, setError } = useForm<ServiceFormValues>({
    resolver: zodResolver(serviceSchema),
    defaultValues: service ? serviceToForm(service) : emptyService,
  });
  const busy = create.isPending || update.isPending;
  const id = (name: string) => `${editing ? 'edit' : 'add'}-service-${name}`;

  const onSubmit = handleSubmit((values) => {
    const body = formToService(values);
    const onError = (error: unknown) => applyFieldErrors(error, setError, serviceFields);
    if (service) {
      update.mutate({ id: service.id, body }, { onSuccess: () => onOpenChange(false), onError });
    } else {
      create.mutate(body, {
        onSuccess: () => {
          reset(emptyService);
          onOpenChange(false);
        },
        onError,
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <p className="eyebrow mb-3">Experiences</p>
          <DialogTitle>{editing ? 'Edit Service' : 'Add New Service'}</DialogTitle>
          <DialogDescription>
            {editing ? 'Changes show on the services page straight away.' : 'A new experience for the services page.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2" aria-label={editing ? 'Edit service' : 'Add service'}>
          <FormField control={control} name="name" id={id('name')} label="Name" className="sm:col-span-2">
            <Input required />
          </FormField>
          <FormField control={control} name="description" id={id('description')} label="Description" className="sm:col-span-2">
            <Textarea rows={4} required />
          </FormField>
          <FormField control={control} name="price" id={id('price')} label="Price">
            <Input type="number" inputMode="decimal" step="0.01" min="0" required />
          </FormField>
          <FormField control={control} name="duration" id={id('duration')} label="Duration (minutes)">
            <Input type="number" inputMode="numeric" step="1" min="1" required />
          </FormField>
          <FormField control={control} name="image" id={id('image')} label="Image URL" className="sm:col-span-2">
            {(field) => (
              <MediaUrlField
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                placeholder="/media/services/… or https://…"
              />
            )}
          </FormField>
          <fieldset className="grid gap-5 border-t border-line pt-5 sm:col-span-2 sm:grid-cols-2">
            <legend className="sr-only">Deposit</legend>
            <p className="text-sm text-muted sm:col-span-2">
              The deposit a booking asks for when cards are taken: an amount or a share of the price (of all the nights of a stay). Leave
              both empty for none.
            </p>
            <FormField control={control} name="depositAmount" id={id('deposit-amount')} label="Deposit amount ($)">
              <Input type="number" inputMode="decimal" step="0.01" min="0" />
            </FormField>
            <FormField control={control} name="depositPercent" id={id('deposit-percent')} label="Deposit (% of the booking)">
              <Input type="number" inputMode="numeric" step="1" min="0" max="100" />
            </FormField>
          </fieldset>
          <FormActions busy={busy} submitLabel={editing ? 'Update Service' : 'Create Service'} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
