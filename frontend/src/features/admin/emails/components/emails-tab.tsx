import { Eye, LayoutTemplate, RefreshCw, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatInstantDate, formatInstantTime } from '@/lib/dates';
import { useLinkedRecord } from '../../shared/linked-records';
import { IconAction, Panel, PanelHeader, TableStateRow, ToneBadge } from '../../shared/ui';
import { useEmails } from '../api/get-emails';
import { useMailSettings } from '../api/get-mail-settings';
import { useResendEmail } from '../api/resend-email';
import { isFailed, matchesFilter, stateFilters, stateInfo, templateInfo, type StateFilter } from '../email-labels';
import { EmailDetailsDialog } from './email-details-dialog';
import { EmailPreviewsDialog } from './email-previews-dialog';
import { MailSettingsNotice } from './mail-settings-notice';

const COLUMNS = 8;

export function EmailsTab() {
  const emails = useEmails();
  const settings = useMailSettings();
  const resend = useResendEmail();
  const [filter, setFilter] = useState<StateFilter>('all');
  const [viewingId, setViewingId] = useState<string | undefined>();
  const [previewsOpen, setPreviewsOpen] = useState(false);
  const [linkedId, forgetLinked] = useLinkedRecord('email');

  // Newest first, as the server sends them; sorted again so the order never depends on it.
  const all = [...(emails.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const rows = all.filter((email) => matchesFilter(email.state, filter));
  const count = (value: StateFilter) => all.filter((email) => matchesFilter(email.state, value)).length;
  // By id, so an open dialog follows the list as it refreshes (after a resend, say).
  const openId = viewingId ?? linkedId;
  const shown = openId ? all.find((email) => email.id === openId) : undefined;
  const emptyText = filter === 'all' ? 'No emails yet.' : `No ${stateInfo(filter).label.toLowerCase()} emails.`;

  return (
    <Panel>
      <PanelHeader
        title="Emails"
        description="Every message the retreat sends, newest first: what guests receive and the notes to the retreat."
      >
        <Button variant="subtle" size="sm" onClick={() => void emails.refetch()} disabled={emails.isFetching}>
          <RefreshCw aria-hidden className={cn('size-4', emails.isFetching && 'animate-spin')} />
          Refresh
        </Button>
        <Button variant="outline" size="sm" onClick={() => setPreviewsOpen(true)}>
          <LayoutTemplate aria-hidden className="size-4" />
          Previews
        </Button>
      </PanelHeader>

      <MailSettingsNotice settings={settings.data} />

      <div role="group" aria-label="Show emails by state" className="mb-4 flex flex-wrap gap-2">
        {stateFilters.map(({ value, label }) => {
          const active = filter === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={active}
              onClick={() => setFilter(value)}
              className={cn(
                'inline-flex h-9 cursor-pointer items-center gap-2 border px-4 text-[0.7rem] font-medium uppercase tracking-wide-2 transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-light',
                active ? 'border-gold bg-gold/15 text-gold-light' : 'border-line text-sand hover:border-gold/50 hover:text-gold-light',
              )}
            >
              {label}
              <span className={cn('tabular-nums', active ? 'text-gold-light' : 'text-muted')}>{emails.data ? count(value) : ''}</span>
            </button>
          );
        })}
      </div>

      {/* Wide on purpose: on a narrow screen the table scrolls sideways rather than squeezing addresses letter by letter. */}
      <Table aria-label="Emails" className="min-w-[72rem]">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Recipient</TableHead>
            <TableHead>Subject</TableHead>
            <TableHead>Message</TableHead>
            <TableHead>State</TableHead>
            <TableHead className="text-right">Attempts</TableHead>
            <TableHead>Last error</TableHead>
            <TableHead>Created</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableStateRow colSpan={COLUMNS} loading={emails.isPending} error={emails.isError} empty={emptyText} what="emails" />
          ) : (
            rows.map((email) => {
              const state = stateInfo(email.state);
              const template = templateInfo(email.template);
              const resending = resend.isPending && resend.variables === email.id;
              return (
                <TableRow key={email.id} data-testid="email-row" data-email-id={email.id}>
                  <TableCell className="max-w-64 text-ivory [overflow-wrap:anywhere]">{email.to}</TableCell>
                  <TableCell className="min-w-56 max-w-80 text-ivory">{email.subject}</TableCell>
                  <TableCell className="min-w-40">
                    <p>{template.label}</p>
                    <p className="text-xs text-muted">To the {template.audience === 'Guest' ? 'guest' : 'retreat'}</p>
                  </TableCell>
                  <TableCell>
                    <ToneBadge data-testid="email-state" tone={state.tone}>
                      {state.label}
                    </ToneBadge>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{email.attempts}</TableCell>
                  <TableCell className="min-w-40 max-w-64">
                    {email.lastError ? (
                      <p className="line-clamp-2 break-words text-xs text-danger" title={email.lastError}>
                        {email.lastError}
                      </p>
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={email.createdAt}>
                      {formatInstantDate(email.createdAt)}
                      <span className="block text-xs text-muted">{formatInstantTime(email.createdAt)}</span>
                    </time>
                  </TableCell>
                  <TableCell>
                    <div className="flex items-center justify-end gap-2">
                      {isFailed(email.state) ? (
                        <Button variant="outline" size="sm" disabled={resending} onClick={() => resend.mutate(email.id)}>
                          <RotateCw aria-hidden className={cn('size-3.5', resending && 'animate-spin')} />
                          {resending ? 'Resending...' : 'Resend'}
                          <span className="sr-only"> the email to {email.to}</span>
                        </Button>
                      ) : null}
                      <IconAction
                        label={`View the email to ${email.to}: ${email.subject}`}
                        hint="View"
                        onClick={() => setViewingId(email.id)}
                      >
                        <Eye aria-hidden className="size-4" />
                      </IconAction>
                    </div>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
      {emails.data && emails.data.length >= 500 ? <p className="mt-4 text-xs text-muted">Showing the 500 newest messages.</p> : null}

      <EmailDetailsDialog
        email={shown}
        onOpenChange={(open) => {
          if (open) return;
          setViewingId(undefined);
          if (linkedId) forgetLinked();
        }}
        onResend={(id) => resend.mutate(id)}
        resending={resend.isPending}
      />
      <EmailPreviewsDialog open={previewsOpen} onOpenChange={setPreviewsOpen} />
    </Panel>
  );
}
