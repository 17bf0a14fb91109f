import { Eye } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatInstantDate } from '@/lib/dates';
import { useLinkedRecord } from '../../shared/linked-records';
import { ExportButton } from '../../shared/export-button';
import { DeleteAction, IconAction, Panel, PanelHeader, TableStateRow, ToneBadge } from '../../shared/ui';
import { useDeleteMessage } from '../api/delete-message';
import { ListFilterBar } from '../../shared/list-view/list-filters';
import { hasFilters } from '../../shared/list-view/list-view';
import { ListPager } from '../../shared/list-view/list-pager';
import { useListView } from '../../shared/list-view/use-list-view';
import { messageFilters, useMessagePage } from '../api/get-message-page';
import { messageStateInfo, messageStates } from '../message-states';
import { messageThreadQueryOptions, type MessageState } from '../api/get-message-thread';
import { interestLabel, interestTone } from '../interests';
import { MessageDetailsDialog } from './message-details-dialog';

const messageRules = { statuses: messageStates.map((state) => state.value) };

/** The contact form's messages a page at a time (newest first), searched and filtered by state; the view lives in the address. */
export function MessagesTab() {
  const list = useListView<MessageState>(messageRules);
  const messages = useMessagePage(list.view);
  const remove = useDeleteMessage();
  const [viewingId, setViewingId] = useState<string | undefined>();
  // A mail link (?tab=messages&message=<id>) opens that message: read from the page when it is
  // there, else on its own (its thread, which the details dialog reads anyway).
  const [linkedId, forgetLinked] = useLinkedRecord('message');
  const rows = messages.data?.items ?? [];
  const openId = viewingId ?? linkedId ?? undefined;
  const onPage = openId ? rows.find((message) => message.id === openId) : undefined;
  const byId = useQuery({ ...messageThreadQueryOptions(openId ?? ''), enabled: Boolean(openId && !onPage) });
  const viewing = onPage ?? (byId.data?.id === openId ? byId.data : undefined);

  return (
    <Panel>
      <PanelHeader title="Messages" description="Notes from the contact form, newest first.">
        <ExportButton name="contact-messages" filters={messageFilters(list.view)} />
        <ExportButton name="newsletter-subscriptions" label="Subscribers CSV" />
      </PanelHeader>
      <ListFilterBar
        label="Filter the messages"
        controls={list}
        search={{ label: 'Search messages', placeholder: 'Name, e-mail or words of the message' }}
        statuses={{ label: 'State', any: 'All', choices: messageStates }}
        dates={{ from: 'Received from', to: 'Received to' }}
      />
      <Table
        aria-label="Messages"
        scrollLabel="Messages, scrollable"
        aria-busy={messages.isFetching}
        className={messages.isPlaceholderData ? 'opacity-60' : undefined}
      >
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>From</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Interest</TableHead>
            <TableHead>Date</TableHead>
            <TableHead>State</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableStateRow
              colSpan={6}
              loading={messages.isPending}
              error={messages.isError}
              empty={hasFilters(list.view) ? 'No messages match these filters.' : 'No messages yet.'}
              what="messages"
            />
          ) : (
            rows.map((message) => {
              const from = `${message.firstName} ${message.lastName}`;
              const state = messageStateInfo(message.state);
              return (
                <TableRow key={message.id} data-testid="message-row" data-message-id={message.id}>
                  <TableCell className="font-medium text-ivory">{from}</TableCell>
                  <TableCell className="break-all">{message.email}</TableCell>
                  <TableCell>
                    {message.interest ? (
                      <ToneBadge tone={interestTone(message.interest)}>{interestLabel(message.interest)}</ToneBadge>
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatInstantDate(message.createdAt)}</TableCell>
                  <TableCell>
                    <ToneBadge tone={state.tone} data-testid="message-state">
                      {state.label}
                    </ToneBadge>
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end">
                      <IconAction label={`View the message from ${from}`} hint="View" onClick={() => setViewingId(message.id)}>
                        <Eye aria-hidden className="size-4" />
                      </IconAction>
                      <DeleteAction
                        label={`Delete the message from ${from}`}
                        what="message"
                        pending={remove.isPending && remove.variables === message.id}
                        onConfirmed={() => remove.mutate(message.id)}
                      />
                    </div>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
      <ListPager label="Messages pages" controls={list} page={messages.data} loading={messages.isPlaceholderData} />
      <MessageDetailsDialog
        message={viewing}
        onOpenChange={(open) => {
          if (open) return;
          setViewingId(undefined);
          if (linkedId) forgetLinked();
        }}
      />
    </Panel>
  );
}
