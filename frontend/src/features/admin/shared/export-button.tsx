import { Download } from 'lucide-react';
import { useState } from 'react';
import { useIsOwner } from '../session/role';
import { Button } from '@/components/ui/button';
import { ADMIN_TOKEN_KEY } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { notifyError } from './notify';

/** The CSV exports the server offers (docs/decisions.md §9). */
export type ExportName = 'orders' | 'bookings' | 'contact-messages' | 'newsletter-subscriptions' | 'promo-codes' | 'gift-cards';

/** The filters an export takes (orders and bookings): those of the list on screen; unset ones are left out. */
export type ExportFilters = Record<string, string | undefined>;

/**
 * Downloads an export as a file. A plain link cannot carry the bearer token,
 * so the file is fetched with it and handed to the browser as a download.
 */
async function downloadExport(name: ExportName, filters: ExportFilters = {}): Promise<void> {
  const token = window.localStorage.getItem(ADMIN_TOKEN_KEY) ?? '';
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const search = query.toString() ? `?${query.toString()}` : '';
  const response = await fetch(`/api/admin/exports/${name}.csv${search}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `golden-pine-${name}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Given `filters`, the file holds what the list shows (every page of it), not the whole table. */
/** Exports are the owner's (docs/decisions.md §18): staff do not see the button. */
export function ExportButton({ name, label = 'Export CSV', filters }: { name: ExportName; label?: string; filters?: ExportFilters }) {
  const [busy, setBusy] = useState(false);
  if (!useIsOwner()) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadExport(name, filters)
          .catch((error: unknown) => notifyError(error, 'The export could not be downloaded. Please try again.'))
          .finally(() => setBusy(false));
      }}
    >
      <Download aria-hidden className="size-3.5" />
      {busy ? 'Preparing...' : label}
    </Button>
  );
}
