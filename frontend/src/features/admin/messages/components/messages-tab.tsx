import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatInstantDate } from '@/lib/dates';
import { useLinkedRecord } from '../../shared/linked-records';
import { ExportButton } from '../../shared/export-button';
import { DeleteAction, IconAction, Panel, PanelHeader, TableStateRow, ToneBadge } from '../../shared/ui';
import { useDeleteMessage } from '../api/delete-message';
import { useMessages } from '../api/get-messages';
import { interestLabel, interestTone } from '../interests';
import { MessageDetailsDialog } from './message-details-dialog';

export function MessagesTab() {
  const messages = useMessages();
  const remove = useDeleteMessage();
  const [viewingId, setViewingId] = useState<string | undefined>();
  // A mail link (?tab=messages&message=<id>) opens that message.
  const [linkedId, forgetLinked] = useLinkedRecord('message');
  const rows = [...(messages.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const openId = viewingId ?? linkedId;
  const viewing = openId ? rows.find((message) => message.id === openId) : undefined;

  return (
    <Panel>
      <PanelHeader title="Messages" description="Notes from the contact form, newest first.">
        <ExportButton name="contact-messages" />
        <ExportButton name="newsletter-subscriptions" label="Subscribers CSV" />
      </PanelHeader>
      <Table aria-label="Messages">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>From</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Interest</TableHead>
            <TableHead>Date</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableStateRow colSpan={5} loading={messages.isPending} error={messages.isError} empty="No messages yet." what="messages" />
          ) : (
            rows.map((message) => {
              const from = `${message.firstName} ${message.lastName}`;
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
