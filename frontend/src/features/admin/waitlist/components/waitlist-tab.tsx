import { Clock, UserMinus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useServiceNames } from '@/lib/api/catalogue/get-services';
import { cn } from '@/lib/cn';
import { formatInstantDate } from '@/lib/dates';
import { wishWords } from '@/lib/waitlist/waitlist';
import type { AdminWaitlistEntry } from '../../shared/types';
import { Panel, PanelHeader, ToneBadge } from '../../shared/ui';
import { useRemoveFromWaitlist, useWaitlist } from '../api/waitlist';
import { entryStateInfo, offerStateInfo, offerWords, removeQuestion, splitWaitlist } from '../waitlist-words';

/**
 * The waitlist (issue 43, part 4): the guests waiting for a place, in the
 * order places are offered, each with her wishes and any place held for her;
 * then the ones whose wait ended lately. The front desk can take a guest off.
 */
export function WaitlistTab() {
  const waitlist = useWaitlist();
  const serviceName = useServiceNames();
  const remove = useRemoveFromWaitlist();
  const { waiting, ended } = splitWaitlist(waitlist.data ?? []);
  return (
    <Panel>
      <PanelHeader
        title="Waitlist"
        description="Guests waiting for a full day, in the order places are offered. When a place opens, the first guest it suits is mailed and it is held for her (Calendar → Schedule → Guests’ Visits says how long)."
      />
      {waitlist.isPending ? (
        <div className="flex min-h-40 items-center justify-center">
          <Spinner label="Loading the waitlist…" />
        </div>
      ) : waitlist.isError ? (
        <p role="alert" className="py-14 text-center text-danger">
          The waitlist could not be loaded. Please refresh the page.
        </p>
      ) : (
        <div className="grid gap-10">
          <section aria-labelledby="waitlist-waiting-heading">
            <h3 id="waitlist-waiting-heading" className="flex items-baseline gap-3 font-display text-2xl text-ivory">
              Waiting <span className="font-sans text-sm tabular-nums text-sand">{waiting.length}</span>
            </h3>
            {waiting.length === 0 ? (
              <p className="mt-4 border border-line/70 bg-ink/30 px-5 py-8 text-center font-display text-xl text-sand">
                No one is waiting for a place.
              </p>
            ) : (
              <ol className="mt-4 grid gap-4" aria-label="Guests waiting, first in line first">
                {waiting.map((entry, index) => (
                  <li key={entry.id}>
                    <WaitlistEntry
                      entry={entry}
                      position={index + 1}
                      service={serviceName(entry.service)}
                      removing={remove.isPending && remove.variables === entry.id}
                      onRemove={() => {
                        if (window.confirm(removeQuestion(entry))) remove.mutate(entry.id);
                      }}
                    />
                  </li>
                ))}
              </ol>
            )}
          </section>
          {ended.length > 0 ? (
            <section aria-labelledby="waitlist-ended-heading">
              <h3 id="waitlist-ended-heading" className="font-display text-2xl text-ivory">
                Recently ended
              </h3>
              <ul className="mt-4 grid gap-4" aria-label="Waits that ended lately">
                {ended.map((entry) => (
                  <li key={entry.id}>
                    <WaitlistEntry entry={entry} service={serviceName(entry.service)} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </Panel>
  );
}

function WaitlistEntry({
  entry,
  position,
  service,
  removing = false,
  onRemove,
}: {
  entry: AdminWaitlistEntry;
  /** Her place in line, while she waits. */
  position?: number;
  service: string;
  removing?: boolean;
  onRemove?: () => void;
}) {
  const headingId = `waitlist-entry-${entry.id}`;
  const state = entryStateInfo(entry.state);
  const stay = entry.service === 'accommodation';
  const held = entry.offer?.state === 'held';
  return (
    <article
      aria-labelledby={headingId}
      data-testid="waitlist-entry"
      data-state={entry.state}
      className={cn('border bg-ink/40 px-5 py-5 sm:px-6', held ? 'border-gold/50' : 'border-line', position === undefined && 'opacity-85')}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-4">
          {position !== undefined ? (
            <span
              aria-hidden
              className="flex size-8 shrink-0 items-center justify-center border border-gold/50 text-sm tabular-nums text-gold-light sm:size-10"
            >
              {position}
            </span>
          ) : null}
          <div className="min-w-0">
            <h4 id={headingId} className="font-display text-2xl text-ivory">
              {position !== undefined ? <span className="sr-only">{position}. </span> : null}
              {entry.firstName} {entry.lastName}
            </h4>
            <p className="mt-1 text-sm text-sand">
              <span className="text-gold">{service}</span>
              <span aria-hidden> · </span>
              <span className="sr-only">, </span>
              <a href={`mailto:${entry.email}`} className="break-all underline decoration-gold/40 underline-offset-4 hover:text-gold-light">
                {entry.email}
              </a>
              <span aria-hidden> · </span>
              <span className="sr-only">, </span>
              joined {formatInstantDate(entry.createdAt)}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 sm:justify-end">
          <ToneBadge tone={state.tone}>{state.label}</ToneBadge>
          {entry.offer ? (
            <ToneBadge tone={offerStateInfo(entry.offer.state).tone}>{offerStateInfo(entry.offer.state).label}</ToneBadge>
          ) : null}
        </div>
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <p id={`${headingId}-wishes`} className="text-[0.7rem] font-medium uppercase tracking-wide-2 text-muted">
            Wishes
          </p>
          <ul aria-labelledby={`${headingId}-wishes`} className="mt-2 grid gap-1.5" data-testid="waitlist-wishes">
            {entry.wishes.map((wish, index) => (
              <li key={index} className="text-sm text-ivory">
                {wishWords(wish, stay)}
              </li>
            ))}
          </ul>
        </div>
        {entry.offer ? (
          <div data-testid="waitlist-offer-line">
            <p className="text-[0.7rem] font-medium uppercase tracking-wide-2 text-muted">Offered</p>
            <p className={cn('mt-2 flex items-start gap-2 text-sm', held ? 'text-gold-light' : 'text-sand')}>
              {held ? <Clock aria-hidden className="mt-0.5 size-3.5 shrink-0" strokeWidth={1.75} /> : null}
              {offerWords(entry.offer)}
            </p>
          </div>
        ) : null}
      </div>

      {onRemove ? (
        <div className="mt-5 flex flex-wrap justify-end gap-3 border-t border-line/70 pt-4">
          <Button
            variant="destructive"
            size="sm"
            disabled={removing}
            aria-label={`Remove ${entry.firstName} ${entry.lastName} from the waitlist`}
            onClick={onRemove}
          >
            <UserMinus aria-hidden className="size-4" />
            {removing ? 'Removing...' : 'Remove'}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
