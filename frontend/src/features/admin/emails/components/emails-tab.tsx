import { Eye, LayoutTemplate, RefreshCw, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatInstantDate, formatInstantTime } from '@/lib/dates';
import { useLinkedRecord } from '../../shared/linked-records';
import { hasFilters } from '../../shared/list-view/list-view';
import { ListPager } from '../../shared/list-view/list-pager';
import { ListSearch } from '../../shared/list-view/list-search';
import { useListView } from '../../shared/list-view/use-list-view';
import type { EmailState } from '../../shared/types';
import { IconAction, Panel, PanelHeader, TableStateRow, ToneBadge } from '../../shared/ui';
import { useEmail } from '../api/get-email';
import { useEmailPage } from '../api/get-email-page';
import { useMailSettings } from '../api/get-mail-settings';
import { useResendEmail } from '../api/resend-email';
import { isFailed, stateFilters, stateInfo, templateInfo, audienceWords } from '../email-labels';
import { EmailDetailsDialog } from './email-details-dialog';
import { EmailPreviewsDialog } from './email-previews-dialog';
import { MailSettingsNotice } from './mail-settings-notice';

const COLUMNS = 8;
const emailRules = { statuses: stateFilters.flatMap(({ value }) => (value === 'all' ? [] : [value])) as EmailState[] };

/** The outbox a page at a time (newest first), by state and searched; the view lives in the address. */
export function EmailsTab() {
  const list = useListView<EmailState>(emailRules);
  const emails = useEmailPage(list.view);
  const settings = useMailSettings();
  const resend = useResendEmail();
  const [viewingId, setViewingId] = useState<string | undefined>();
  const [previewsOpen, setPreviewsOpen] = useState(false);
  const [linkedId, forgetLinked] = useLinkedRecord('email');

  const rows = emails.data?.items ?? [];
  const filter = list.view.status || 'all';
  // By id, so an open dialog follows the list as it refreshes (after a resend, say); one not on the page is read on its own.
  const openId = viewingId ?? linkedId ?? undefined;
  const onPage = openId ? rows.find((email) => email.id === openId) : undefined;
  const byId = useEmail(openId && !onPage ? openId : undefined);
  const shown = onPage ?? byId.data;
  const emptyText = hasFilters(list.view)
    ? filter === 'all'
      ? 'No emails match this search.'
      : `No ${stateInfo(filter).label.toLowerCase()} emails match.`
    : filter === 'all'
      ? 'No emails yet.'
      : `No ${stateInfo(filter).label.toLowerCase()} emails.`;
  const activeCount = emails.data ? `${emails.data.total.toLocaleString('en-US')}${emails.data.totalExact ? '' : '+'}` : '';

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

      <div className="mb-4 max-w-md">
        <ListSearch
          label="Search emails"
          placeholder="Recipient or subject"
          value={list.view.q}
          onSearch={(q, options) => list.filter({ q }, options)}
        />
      </div>
      <div role="group" aria-label="Show emails by state" className="mb-4 flex flex-wrap gap-2">
        {stateFilters.map(({ value, label }) => {
          const active = filter === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={active}
              onClick={() => list.filter({ status: value === 'all' ? '' : value })}
              className={cn(
                'inline-flex h-9 cursor-pointer items-center gap-2 border px-4 text-[0.7rem] font-medium uppercase tracking-wide-2 transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-light',
                active ? 'border-gold bg-gold/15 text-gold-light' : 'border-line text-sand hover:border-gold/50 hover:text-gold-light',
              )}
            >
              {label}
              {/* How many the state holds is counted for the state shown (a count per state would read the whole outbox). */}
              {active ? <span className="tabular-nums text-gold-light">{activeCount}</span> : null}
            </button>
          );
        })}
      </div>

      {/* Wide on purpose: on a narrow screen the table scrolls sideways rather than squeezing addresses letter by letter. */}
      <Table aria-label="Emails" className={cn('min-w-[72rem]', emails.isPlaceholderData && 'opacity-60')} aria-busy={emails.isFetching}>
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
                    <p className="text-xs text-muted">To the {audienceWords(template.audience)}</p>
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
      <ListPager label="Emails pages" controls={list} page={emails.data} loading={emails.isFetching} />

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
