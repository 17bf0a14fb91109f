import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardList, Eye, FilePlus2, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { bookingServices } from '@/config/site';
import { useServiceNames } from '@/lib/api/catalogue/get-services';
import type { ServiceKey } from '@/lib/api/types';
import { formatInstantDate } from '@/lib/dates';
import type { IntakeForm } from '@/lib/intake/intake';
import { useIsOwner } from '../../session/role';
import { applyFieldErrors } from '../../shared/form-errors';
import type { IntakeSettings } from '../../shared/types';
import { Panel, PanelHeader, ToneBadge } from '../../shared/ui';
import { useIntakeForms, useRemoveIntakeForm, useSaveIntakeSettings } from '../api/intake';
import {
  intakeSettingsFields,
  intakeSettingsSchema,
  KEEP_MONTHS_MAX,
  LOCK_HOURS_MAX,
  type IntakeSettingsValues,
} from '../intake-form-schema';
import { IntakeFormDialog } from './intake-form-dialog';
import { IntakeFormPreviewDialog } from './intake-form-preview';

type ServiceChoice = { value: ServiceKey; label: string };

/**
 * Intake forms (issue 45, docs/decisions.md §22): a form per service that
 * guests fill in and sign before the visit, and when forms lock and how long
 * answers are kept. The owner writes them; the team reads them.
 */
export function IntakeFormsTab() {
  const owner = useIsOwner();
  const intake = useIntakeForms();
  const serviceLabel = useServiceNames();
  const remove = useRemoveIntakeForm();
  // The services' names as their records give them (a renamed service reads as renamed), the booking form's until they load.
  const services: ServiceChoice[] = bookingServices.map(({ value, label }) => ({
    value,
    label: serviceLabel(value) === value ? label : serviceLabel(value),
  }));
  const [editing, setEditing] = useState<ServiceChoice>();
  const [viewing, setViewing] = useState<ServiceChoice>();
  const [removing, setRemoving] = useState<ServiceChoice>();
  const formOf = (service: ServiceKey | undefined) => intake.data?.forms.find((form) => form.service === service);
  const nameOf = (key: string) => services.find((choice) => choice.value === key)?.label ?? key;

  return (
    <div className="grid grid-cols-1 gap-8">
      <Panel>
        <PanelHeader
          title="Intake forms"
          description={
            owner
              ? 'A form per service that guests fill in and sign on their booking’s page before the visit. Answers are kept apart from bookings; only members you allow in Team read them.'
              : 'The forms guests fill in and sign before their visit. Only an owner changes them; members an owner allowed read the answers from Bookings.'
          }
        />
        {intake.isPending ? (
          <div className="flex min-h-40 items-center justify-center">
            <Spinner label="Loading the intake forms…" />
          </div>
        ) : intake.isError ? (
          <p role="alert" className="py-10 text-center text-danger">
            The intake forms could not be loaded. Please refresh the page.
          </p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2" aria-label="Intake forms by service">
            {services.map((service) => (
              <FormCard
                key={service.value}
                service={service}
                form={formOf(service.value)}
                owner={owner}
                onEdit={() => setEditing(service)}
                onView={() => setViewing(service)}
                onRemove={() => setRemoving(service)}
              />
            ))}
          </ul>
        )}
      </Panel>
      {intake.data ? <SettingsPanel key={JSON.stringify(intake.data.settings)} settings={intake.data.settings} owner={owner} /> : null}

      {editing ? (
        <IntakeFormDialog
          key={editing.value}
          service={editing}
          form={formOf(editing.value)}
          services={services}
          onOpenChange={(open) => {
            if (!open) setEditing(undefined);
          }}
        />
      ) : null}
      {viewing && formOf(viewing.value) ? (
        <IntakeFormPreviewDialog
          serviceName={viewing.label}
          form={formOf(viewing.value)!}
          suggestName={nameOf}
          onOpenChange={(open) => {
            if (!open) setViewing(undefined);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(open) => {
          if (!open) setRemoving(undefined);
        }}
        eyebrow="Intake forms"
        title={`Remove the ${removing?.label ?? ''} form?`}
        confirmLabel="Remove the form"
        pendingLabel="Removing…"
        pending={remove.isPending}
        destructive
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.value, { onSettled: () => setRemoving(undefined) });
        }}
      >
        <p>Guests who book {removing?.label} are no longer asked to fill in a form, and the booking dialog asks nothing first.</p>
        <p>Answers already signed stay as they were signed, until they are deleted on time.</p>
      </ConfirmDialog>
    </div>
  );
}

/** One service: its form at a glance (questions, flags, version), and what may be done with it. */
function FormCard({
  service,
  form,
  owner,
  onEdit,
  onView,
  onRemove,
}: {
  service: ServiceChoice;
  form: IntakeForm | undefined;
  owner: boolean;
  onEdit: () => void;
  onView: () => void;
  onRemove: () => void;
}) {
  const review = form?.questions.filter((question) => question.reviewWhen).length ?? 0;
  const unwise = form?.questions.filter((question) => question.unwiseWhen).length ?? 0;
  const signed = form?.questions.some((question) => question.kind === 'consent') ?? false;
  return (
    <li
      data-testid="intake-form-card"
      data-service={service.value}
      className="flex flex-col justify-between gap-5 border border-line bg-ink/40 px-5 py-5 sm:px-6"
    >
      <div>
        <p className="eyebrow">{service.label}</p>
        {form ? (
          <>
            <h3 className="mt-2 flex items-center gap-2.5 font-display text-2xl text-ivory">
              <ClipboardList aria-hidden className="size-5 shrink-0 text-gold" strokeWidth={1.5} />
              {form.title}
            </h3>
            <p className="mt-2 text-sm text-sand">
              {form.questions.length === 1 ? '1 question' : `${form.questions.length} questions`}
              {signed ? ', signed with her name' : ''} · version {form.version}, saved {formatInstantDate(form.updatedAt)}
            </p>
            {review > 0 || unwise > 0 ? (
              <div className="mt-3 flex flex-wrap gap-2">
                {review > 0 ? <ToneBadge tone="orange">{review} flagged for review</ToneBadge> : null}
                {unwise > 0 ? <ToneBadge tone="yellow">{unwise} asked before booking</ToneBadge> : null}
              </div>
            ) : null}
          </>
        ) : (
          <>
            <h3 className="mt-2 font-display text-2xl text-muted">No form</h3>
            <p className="mt-2 text-sm text-sand">Guests who book it are asked nothing before the visit.</p>
          </>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {owner ? (
          form ? (
            <>
              <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit the ${service.label} form`}>
                <Pencil aria-hidden className="size-4" />
                Edit
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="hover:text-danger"
                onClick={onRemove}
                aria-label={`Remove the ${service.label} form`}
              >
                <Trash2 aria-hidden className="size-4" />
                Remove
              </Button>
            </>
          ) : (
            <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Create a form for ${service.label}`}>
              <FilePlus2 aria-hidden className="size-4" />
              Create a form
            </Button>
          )
        ) : form ? (
          <Button variant="outline" size="sm" onClick={onView} aria-label={`View the ${service.label} form`}>
            <Eye aria-hidden className="size-4" />
            View
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** When forms lock before a visit, and how long answers are kept: the owner's to change. */
function SettingsPanel({ settings, owner }: { settings: IntakeSettings; owner: boolean }) {
  const save = useSaveIntakeSettings();
  const { control, handleSubmit, setError, formState } = useForm<IntakeSettingsValues>({
    resolver: zodResolver(intakeSettingsSchema),
    defaultValues: { lockHours: String(settings.lockHours), keepMonths: String(settings.keepMonths) },
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { lockHours: Number(values.lockHours), keepMonths: Number(values.keepMonths) },
      { onError: (error) => applyFieldErrors(error, setError, intakeSettingsFields) },
    ),
  );
  const lock = `${settings.lockHours} ${settings.lockHours === 1 ? 'hour' : 'hours'}`;
  const keep = `${settings.keepMonths} ${settings.keepMonths === 1 ? 'month' : 'months'}`;
  return (
    <Panel>
      <PanelHeader
        title="Intake settings"
        description={`Forms lock ${lock} before the visit; after that, guests tell their therapist of any change. Answers are deleted ${keep} after the guest’s last visit.`}
      />
      {owner ? (
        <form noValidate onSubmit={onSubmit} aria-label="Intake settings" className="grid gap-5 md:grid-cols-[1fr_1fr_auto] md:items-start">
          <FormField
            control={control}
            name="lockHours"
            id="intake-lock-hours"
            label="Lock before the visit (hours)"
            hint="0 to 168. The form closes this long before the visit begins."
          >
            <Input type="number" inputMode="numeric" step="1" min="0" max={LOCK_HOURS_MAX} />
          </FormField>
          <FormField
            control={control}
            name="keepMonths"
            id="intake-keep-months"
            label="Keep answers after the last visit (months)"
            hint="1 to 120. Long enough for a question about a treatment; no longer."
          >
            <Input type="number" inputMode="numeric" step="1" min="1" max={KEEP_MONTHS_MAX} />
          </FormField>
          <Button type="submit" className="md:mt-6" disabled={save.isPending || !formState.isDirty}>
            {save.isPending ? 'Saving...' : 'Save settings'}
          </Button>
        </form>
      ) : null}
    </Panel>
  );
}
