import { AlertTriangle, Link2, RefreshCw, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/state';
import { toast } from '@/components/ui/toast-store';
import { ApiError, preferServerMessage } from '@/lib/api/errors';
import { formatStayRange } from '@/lib/stay-dates';
import { formatCalendarDate, formatInstantDateTime } from '@/lib/dates';
import { confirmDelete } from '../../shared/confirm';
import { CopyableAddress } from '../../shared/copyable-address';
import { Panel, ToneBadge } from '../../shared/ui';
import {
  useAddStayImport,
  useRemoveStayImport,
  useSaveSyncEvery,
  useStaySync,
  useSyncStayImport,
  type DoubleBooking,
  type StayImport,
  type StaySync,
} from '../api/stay-sync';
import { Suffixed } from './suffixed';

/**
 * The Tiny Home in step with its listings on Airbnb, VRBO or Booking.com
 * (docs/decisions.md §9 "Airbnb and other sites"): the address they import
 * from here, the calendars imported from them, how often, and the bookings
 * both sides took. The owner's.
 */
export function OtherSitesPanel() {
  const sync = useStaySync();
  return (
    <Panel aria-labelledby="other-sites-heading" role="region" data-testid="other-sites">
      <div className="max-w-2xl">
        <h2 id="other-sites-heading" className="flex items-center gap-3 font-display text-3xl text-ivory">
          <span className="flex size-8 shrink-0 items-center justify-center border border-gold/40 bg-gold/10 text-gold">
            <Link2 aria-hidden className="size-4" />
          </span>
          Airbnb and Other Sites
        </h2>
        <p className="mt-2 text-sm text-sand">
          Keep the Tiny Home in step with its listings elsewhere: nights taken there are blocked here, and they import the nights taken
          here, so the one home is never sold twice.
        </p>
      </div>
      {sync.isPending ? (
        <div className="flex min-h-24 items-center justify-center">
          <Spinner label="Loading the other sites' calendars…" />
        </div>
      ) : sync.isError ? (
        <LoadError what="the other sites' calendars" />
      ) : (
        <div className="mt-8 grid gap-10">
          {sync.data.doubleBookings.length > 0 ? <DoubleBookings items={sync.data.doubleBookings} /> : null}
          <ExportAddress url={sync.data.exportUrl} />
          <Imports data={sync.data} />
        </div>
      )}
    </Panel>
  );
}

function DoubleBookings({ items }: { items: DoubleBooking[] }) {
  return (
    <section aria-labelledby="double-bookings-heading" className="border border-rose-300/40 bg-rose-300/[0.06] px-5 py-4" role="alert">
      <h3 id="double-bookings-heading" className="flex items-center gap-2 font-display text-xl text-ivory">
        <AlertTriangle aria-hidden className="size-5 text-rose-200" />
        {items.length === 1 ? 'A double booking to settle' : `${items.length} double bookings to settle`}
      </h3>
      <p className="mt-1 text-sm text-sand">
        Booked here, and taken on another site too. Cancel or move it here, or free the night there; nothing is cancelled for you.
      </p>
      <ul className="mt-3 divide-y divide-line/60">
        {items.map(({ booking, importName, nights }) => (
          <li key={`${booking.id}-${importName}`} className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-ivory">
              {booking.firstName} {booking.lastName}
              <span className="text-sand">
                {' '}
                · {booking.checkOut ? formatStayRange(booking.date, booking.checkOut) : formatCalendarDate(booking.date)}
              </span>
              <span className="block text-xs text-rose-200">
                {importName} takes {nights.map(formatCalendarDate).join(', ')}
              </span>
            </p>
            <Link
              to={`/admin/dashboard?tab=bookings&booking=${booking.id}`}
              className="text-xs uppercase tracking-wide-2 text-gold underline-offset-4 hover:underline"
            >
              Open the booking
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ExportAddress({ url }: { url: string }) {
  return (
    <section aria-labelledby="export-heading">
      <h3 id="export-heading" className="eyebrow">
        For the other sites
      </h3>
      <div className="mt-3">
        <CopyableAddress
          id="stay-export-address"
          label="The Tiny Home's calendar"
          hint="Paste it where the site imports a calendar (Airbnb: Listing → Availability → Connect calendars → Import calendar). It holds the taken nights only, no names."
          address={url}
        />
      </div>
    </section>
  );
}

function Imports({ data }: { data: StaySync }) {
  return (
    <section aria-labelledby="imports-heading">
      <h3 id="imports-heading" className="eyebrow">
        Imported here
      </h3>
      {data.imports.length === 0 ? (
        <p className="mt-3 text-sm text-sand">No calendar is imported yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-line/70 border border-line/70" aria-label="Imported calendars">
          {data.imports.map((item) => (
            <ImportRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <AddImport />
      <SyncEvery minutes={data.everyMinutes} />
    </section>
  );
}

function ImportRow({ item }: { item: StayImport }) {
  const sync = useSyncStayImport();
  const remove = useRemoveStayImport();
  const busy = sync.isPending || remove.isPending;
  const host = (() => {
    try {
      return new URL(item.url).host;
    } catch {
      return item.url;
    }
  })();
  return (
    <li data-testid="stay-import" className="flex flex-col gap-3 px-4 py-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-ivory">
          {item.name}
          <span className="text-sm text-muted">{host}</span>
          {item.lastError ? (
            <ToneBadge tone="red">Not fetched</ToneBadge>
          ) : item.syncedAt ? (
            <ToneBadge tone="green">In step</ToneBadge>
          ) : (
            <ToneBadge tone="stone">Waiting</ToneBadge>
          )}
        </p>
        <p className="mt-1 text-sm text-sand">
          {item.nights === 1 ? '1 night blocked here' : `${item.nights} nights blocked here`}
          {item.syncedAt ? ` · fetched ${formatInstantDateTime(item.syncedAt)}` : ' · not fetched yet'}
        </p>
        {item.lastError ? (
          <p className="mt-1 text-sm text-rose-200">Last try: {item.lastError}. The nights of the last good fetch stay blocked.</p>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => sync.mutate(item)} aria-label={`Sync ${item.name} now`}>
          <RefreshCw aria-hidden className="size-4" />
          Sync now
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={() => confirmDelete('stayImport') && remove.mutate(item)}
          aria-label={`Remove ${item.name}`}
        >
          <Trash2 aria-hidden className="size-4" />
          Remove
        </Button>
      </div>
    </li>
  );
}

function AddImport() {
  const add = useAddStayImport();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    add.mutate(
      { name, url },
      {
        onSuccess: () => {
          setName('');
          setUrl('');
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
          else
            toast({
              title: 'Error',
              description: preferServerMessage(error, 'The calendar could not be imported'),
              variant: 'destructive',
            });
        },
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 grid gap-4 md:grid-cols-[12rem_1fr_auto] md:items-start"
      aria-label="Import a calendar"
    >
      <Field id="stay-import-name" label="Site" error={errors.name} hint="Airbnb, VRBO…">
        <Input value={name} onChange={(event) => setName(event.target.value)} maxLength={60} autoComplete="off" />
      </Field>
      <Field id="stay-import-url" label="Its calendar address" error={errors.url} hint="The site's export link (Airbnb: Export calendar).">
        <Input value={url} onChange={(event) => setUrl(event.target.value)} inputMode="url" autoComplete="off" spellCheck={false} />
      </Field>
      <Button type="submit" className="md:mt-[1.6rem]" disabled={add.isPending}>
        {add.isPending ? 'Importing…' : 'Import calendar'}
      </Button>
    </form>
  );
}

function SyncEvery({ minutes }: { minutes: number }) {
  const save = useSaveSyncEvery();
  const [value, setValue] = useState(String(minutes));
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 5 || parsed > 1440) {
      setError('Fetch every 5 to 1,440 minutes');
      return;
    }
    setError(undefined);
    save.mutate(parsed);
  };
  return (
    <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start" aria-label="How often">
      <Field
        id="stay-sync-every"
        label="Fetch them every"
        error={error}
        hint="5 to 1,440 minutes; Sync now fetches one at once."
        className="sm:w-64"
      >
        <Suffixed suffix="minutes">
          <Input value={value} onChange={(event) => setValue(event.target.value)} inputMode="numeric" className="pr-24" />
        </Suffixed>
      </Field>
      <Button type="submit" variant="outline" className="sm:mt-[1.6rem]" disabled={save.isPending}>
        Save
      </Button>
    </form>
  );
}
