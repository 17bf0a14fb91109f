import { Pencil, Trash2 } from 'lucide-react';
import { Tooltip } from '@/components/ui/tooltip';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { confirmDelete, type confirmTexts } from './confirm';
import { tones, type Tone } from './statuses';

/** A small coloured label (statuses, interests). */
export function ToneBadge({ tone, className, ...props }: ComponentProps<'span'> & { tone: Tone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap border px-2.5 py-0.5 text-[0.68rem] font-medium uppercase tracking-wide-2',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}

/** The heading row of a tab: title, a line of context, and its actions. */
export function PanelHeader({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 border-b border-line/70 pb-6 md:flex-row md:items-end md:justify-between">
      <div>
        <h2 className="font-display text-3xl text-ivory">{title}</h2>
        {description ? <p className="mt-2 text-sm text-sand">{description}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap items-center gap-3">{children}</div> : null}
    </div>
  );
}

/** The surface every tab's content sits on. */
export function Panel({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('border border-line bg-surface/80 p-5 shadow-xl shadow-black/30 sm:p-8', className)} {...props} />;
}

/** An icon-only action with a visible tooltip and an accessible name. */
export function IconAction({
  label,
  hint,
  tone = 'default',
  className,
  children,
  ...props
}: ComponentProps<'button'> & { label: string; hint: string; tone?: 'default' | 'danger' }) {
  return (
    <Tooltip content={hint}>
      <button
        type="button"
        aria-label={label}
        className={cn(
          'inline-flex size-9 cursor-pointer items-center justify-center border border-transparent text-sand transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-light disabled:pointer-events-none disabled:opacity-40',
          tone === 'danger'
            ? 'hover:border-danger/50 hover:bg-danger-bg/60 hover:text-danger'
            : 'hover:border-gold/40 hover:bg-gold/10 hover:text-gold-light',
          className,
        )}
        {...props}
      >
        {children}
      </button>
    </Tooltip>
  );
}

/** A row's edit button. */
export function EditAction({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconAction label={label} hint="Edit" onClick={onClick}>
      <Pencil aria-hidden className="size-4" />
    </IconAction>
  );
}

/** A row's delete button: asks the specification's confirmation first. */
export function DeleteAction({
  label,
  what,
  pending,
  onConfirmed,
}: {
  label: string;
  what: keyof typeof confirmTexts;
  pending: boolean;
  onConfirmed: () => void;
}) {
  return (
    <IconAction
      label={label}
      hint="Delete"
      tone="danger"
      disabled={pending}
      onClick={() => {
        if (confirmDelete(what)) onConfirmed();
      }}
    >
      <Trash2 aria-hidden className="size-4" />
    </IconAction>
  );
}

/** Loading, failed or empty: one full-width row in place of the data. */
export function TableStateRow({
  colSpan,
  loading,
  error,
  empty,
  what,
}: {
  colSpan: number;
  loading: boolean;
  error: boolean;
  empty: string;
  what: string;
}) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={colSpan} className="py-14 text-center">
        {loading ? (
          <Spinner label={`Loading ${what}…`} />
        ) : error ? (
          <p role="alert" className="text-danger">
            The {what} could not be loaded. Please refresh the page.
          </p>
        ) : (
          <p className="font-display text-xl text-sand">{empty}</p>
        )}
      </TableCell>
    </TableRow>
  );
}

/** A form dialog's Cancel and submit buttons; the submit reads "Saving..." and is disabled while busy. */
export function FormActions({
  busy,
  disabled = false,
  submitLabel,
  onCancel,
}: {
  busy: boolean;
  disabled?: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:col-span-2 sm:flex-row sm:justify-end">
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy || disabled}>
        {busy ? 'Saving...' : submitLabel}
      </Button>
    </div>
  );
}
