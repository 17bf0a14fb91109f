import { zodResolver } from '@hookform/resolvers/zod';
import { Download, FileText, Search, UserX } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api/errors';
import { formatInstantDate, formatInstantDateTime } from '@/lib/dates';
import { z } from '@/lib/zod';
import { notifyError } from '../../shared/notify';
import type { ErasureSummary, PrivacyRequest } from '../../shared/types';
import { Panel, PanelHeader, ToneBadge } from '../../shared/ui';
import {
  downloadJson,
  downloadReadablePage,
  guestDataQuery,
  useCompleteRequest,
  useEraseGuest,
  useGuestData,
  usePrivacyRequests,
} from '../api/guest-data';
import {
  actionLabel,
  ERASURE_KEEPS,
  ERASURE_TAKES,
  erasureLines,
  erasureRefusal,
  holdsAnything,
  kindInfo,
  stateInfo,
} from '../privacy-words';
import { GuestDataView } from './guest-data-view';

/**
 * A guest's data (issue 45, part 4), the owner's: the requests guests made
 * on the Privacy page and confirmed by mail, answered with one press each,
 * and a look-up of everything held about an address, to download or erase.
 */
export function GuestDataTab() {
  return (
    <div className="grid gap-8">
      <RequestsPanel />
      <LookUpPanel />
    </div>
  );
}

/** What an erasure keeps and takes, the same words wherever it is asked. */
function ErasureWords({ email }: { email: string }) {
  return (
    <>
      <p>
        Everything held about <span className="break-all text-ivory">{email}</span> is erased now. This cannot be undone.
      </p>
      <p>{ERASURE_KEEPS}</p>
      <p>{ERASURE_TAKES}</p>
    </>
  );
}

function RequestsPanel() {
  const requests = usePrivacyRequests();
  const complete = useCompleteRequest();
  const [asking, setAsking] = useState<PrivacyRequest>();
  // A refusal (a visit to come, an order still open), shown under its request.
  const [refused, setRefused] = useState<{ id: string; message: string }>();
  const list = requests.data ?? [];

  const answer = (request: PrivacyRequest) => {
    setRefused(undefined);
    complete.mutate(request, {
      onError: (error) => {
        const message = erasureRefusal(error);
        if (message) setRefused({ id: request.id, message });
        else notifyError(error, 'The request could not be answered. Please try again.');
      },
      onSettled: () => setAsking(undefined),
    });
  };

  return (
    <Panel>
      <PanelHeader
        title="Guests’ requests"
        description="Copies and erasures guests asked for on the Privacy page and confirmed from their mail, open ones first. Answer each within 30 days."
      />
      {requests.isPending ? (
        <div className="flex min-h-32 items-center justify-center">
          <Spinner label="Loading the requests…" />
        </div>
      ) : requests.isError ? (
        <p role="alert" className="py-10 text-center text-danger">
          The requests could not be loaded. Please refresh the page.
        </p>
      ) : list.length === 0 ? (
        <p className="border border-line/70 bg-ink/30 px-5 py-8 text-center font-display text-xl text-sand">No requests from guests.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Guests’ requests">
          {list.map((request) => (
            <li
              key={request.id}
              data-testid="privacy-request"
              data-request-id={request.id}
              className="border border-line bg-ink/40 px-5 py-4"
            >
              <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <ToneBadge tone={kindInfo[request.kind].tone}>{kindInfo[request.kind].label}</ToneBadge>
                    <ToneBadge tone={stateInfo[request.state].tone}>{stateInfo[request.state].label}</ToneBadge>
                  </div>
                  <p className="mt-2 break-all text-ivory">{request.email}</p>
                  <p className="mt-1 text-xs text-muted">
                    Asked {formatInstantDate(request.createdAt)}
                    {request.confirmedAt ? ` · confirmed ${formatInstantDateTime(request.confirmedAt)}` : ''}
                    {request.doneAt
                      ? ` · done ${formatInstantDateTime(request.doneAt)}${request.doneBy ? ` by ${request.doneBy}` : ''}`
                      : ''}
                  </p>
                </div>
                {request.state === 'open' ? (
                  <Button
                    variant={request.kind === 'erasure' ? 'destructive' : 'outline'}
                    size="sm"
                    className="self-start md:self-center"
                    disabled={complete.isPending}
                    aria-label={`${actionLabel(request)}: ${request.email}`}
                    onClick={() => setAsking(request)}
                  >
                    {request.kind === 'erasure' ? <UserX aria-hidden className="size-4" /> : <FileText aria-hidden className="size-4" />}
                    {actionLabel(request)}
                  </Button>
                ) : null}
              </div>
              {refused?.id === request.id ? (
                <Alert className="mt-4">
                  <p className="font-medium">Not erased.</p>
                  <p>{refused.message}</p>
                </Alert>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={Boolean(asking)}
        onOpenChange={(open) => (open ? undefined : setAsking(undefined))}
        eyebrow="A guest’s request"
        title={asking?.kind === 'copy' ? 'Send the copy?' : 'Erase this guest?'}
        confirmLabel={asking?.kind === 'copy' ? 'Send copy' : 'Erase'}
        pendingLabel={asking?.kind === 'copy' ? 'Sending...' : 'Erasing...'}
        destructive={asking?.kind === 'erasure'}
        pending={complete.isPending}
        onConfirm={() => (asking ? answer(asking) : undefined)}
      >
        {asking?.kind === 'copy' ? (
          <p>
            <span className="break-all text-ivory">{asking.email}</span> is mailed a link to a page with everything we hold about the
            address; the link works for 14 days. The request is then done.
          </p>
        ) : asking ? (
          <ErasureWords email={asking.email} />
        ) : null}
      </ConfirmDialog>
    </Panel>
  );
}

const lookUpSchema = z.object({ email: z.string().trim().pipe(z.email('Please enter a valid email address')) });
type LookUpValues = z.input<typeof lookUpSchema>;

function LookUpPanel() {
  const queryClient = useQueryClient();
  // The address looked up last, once what is held about it is in.
  const [email, setEmail] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<LookUpValues>({
    resolver: zodResolver(lookUpSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    const typed = values.email.trim();
    try {
      // Asked again on every look-up: it is read afresh, and the read is logged.
      await queryClient.fetchQuery({ ...guestDataQuery(typed), staleTime: 0 });
      setEmail(typed);
    } catch (error) {
      const refused = error instanceof ApiError ? error.fieldErrors.email : undefined;
      if (refused) setError('email', { message: refused });
      else notifyError(error, 'What is held could not be gathered. Please try again.');
    }
  });

  return (
    <Panel>
      <PanelHeader
        title="Look up a guest"
        description="Everything held about an email address: to answer a guest by hand, download it, or erase it. Each look-up is written in the activity log."
      />
      <form noValidate onSubmit={onSubmit} aria-label="Look up a guest" className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField control={control} name="email" id="guest-data-email" label="Email address" hideLabel className="flex-1">
          <Input type="email" autoComplete="off" placeholder="Guest’s email address" />
        </FormField>
        <Button type="submit" className="h-12 sm:self-start" disabled={formState.isSubmitting}>
          <Search aria-hidden className="size-4" />
          {formState.isSubmitting ? 'Looking...' : 'Look up'}
        </Button>
      </form>
      {email ? (
        <div className="mt-8">
          <GuestDataResult key={email} email={email} />
        </div>
      ) : null}
    </Panel>
  );
}

function GuestDataResult({ email }: { email: string }) {
  const guest = useGuestData(email);
  const erase = useEraseGuest();
  const [asking, setAsking] = useState(false);
  const [summary, setSummary] = useState<ErasureSummary>();
  const [refusal, setRefusal] = useState<string>();
  const [saving, setSaving] = useState(false);
  const data = guest.data;
  if (!data) return null;
  const held = holdsAnything(data);

  const onErase = () => {
    setRefusal(undefined);
    erase.mutate(email, {
      onSuccess: setSummary,
      onError: (error) => {
        const message = erasureRefusal(error);
        if (message) setRefusal(message);
        else notifyError(error, 'The guest could not be erased. Please try again.');
      },
      onSettled: () => setAsking(false),
    });
  };

  return (
    <section aria-labelledby="guest-data-heading" className="grid gap-8">
      <div className="flex flex-col gap-4 border-b border-line/70 pb-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <p className="eyebrow">Held about</p>
          <h3 id="guest-data-heading" className="mt-2 break-all font-display text-3xl text-ivory">
            {data.email}
          </h3>
          <p className="mt-1 text-xs text-muted">Gathered {formatInstantDateTime(data.gatheredAt)}</p>
        </div>
        {held ? (
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" size="sm" onClick={() => downloadJson(data)}>
              <Download aria-hidden className="size-3.5" />
              Download JSON
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={saving}
              onClick={() => {
                setSaving(true);
                downloadReadablePage(email)
                  .catch((error: unknown) => notifyError(error, 'The page could not be downloaded. Please try again.'))
                  .finally(() => setSaving(false));
              }}
            >
              <FileText aria-hidden className="size-3.5" />
              {saving ? 'Preparing...' : 'Download readable page'}
            </Button>
            <Button variant="destructive" size="sm" disabled={erase.isPending} onClick={() => setAsking(true)}>
              <UserX aria-hidden className="size-4" />
              Erase this guest
            </Button>
          </div>
        ) : null}
      </div>
      {summary ? <ErasureDone summary={summary} /> : null}
      {refusal ? (
        <Alert>
          <p className="font-medium">Not erased.</p>
          <p>{refusal}</p>
        </Alert>
      ) : null}
      {held ? (
        <GuestDataView data={data} />
      ) : summary ? null : (
        <p className="border border-line/70 bg-ink/30 px-5 py-8 text-center font-display text-xl text-sand">
          Nothing is held about this address.
        </p>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        eyebrow="Look up a guest"
        title="Erase this guest?"
        confirmLabel="Erase"
        pendingLabel="Erasing..."
        destructive
        pending={erase.isPending}
        onConfirm={onErase}
      >
        <ErasureWords email={data.email} />
      </ConfirmDialog>
    </section>
  );
}

/** What the erasure did: the pseudonym, what it kept under it and what it deleted. */
function ErasureDone({ summary }: { summary: ErasureSummary }) {
  const { kept, deleted } = erasureLines(summary);
  return (
    <div role="status" data-testid="erasure-summary" className="border border-gold/50 bg-gold/[0.06] px-5 py-4">
      <p className="text-ivory">
        Erased. The guest is now <span className="font-medium text-gold-light">{summary.pseudonym}</span>.
      </p>
      <p className="mt-2 text-sm text-sand">Kept under the pseudonym: {kept}.</p>
      <p className="mt-1 text-sm text-sand">Deleted: {deleted}.</p>
    </div>
  );
}
