import { CheckCheck, Mail, MailOpen } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatInstantDateTime } from '@/lib/dates';
import type { ContactMessage } from '../../shared/types';
import { notifySuccess } from '../../shared/notify';
import { ToneBadge } from '../../shared/ui';
import { useMessageThread } from '../api/get-message-thread';
import { useSetMessageState } from '../api/set-message-state';
import { interestLabel, interestTone } from '../interests';
import { messageStateInfo } from '../message-states';
import { useReturnFocus } from '@/lib/use-return-focus';
import { ReplyForm } from './reply-form';
import { ReplyHistory } from './reply-history';

export function MessageDetailsDialog({
  message,
  onOpenChange,
}: {
  message: ContactMessage | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(Boolean(message));
  return (
    <Dialog open={Boolean(message)} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={returnFocus}>
        {message ? <MessageDetails key={message.id} message={message} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const termClass = 'font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold';
const headingClass = 'mt-8 mb-3 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold';

function MessageDetails({ message, onDone }: { message: ContactMessage; onDone: () => void }) {
  const thread = useMessageThread(message.id);
  const { mutate: setState, isPending: marking } = useSetMessageState();
  // The list may be older than the message: the thread, once here, says where it stands.
  const state = thread.data?.state ?? message.state;
  const stateInfo = messageStateInfo(state);
  const from = `${message.firstName} ${message.lastName}`;
  const subject = 'Re: your message to Golden Pine Wellness Retreat';

  // Opening a new message reads it: once per opening, whatever the list still says.
  const markedOnOpen = useRef(false);
  useEffect(() => {
    if (markedOnOpen.current) return;
    markedOnOpen.current = true;
    if (message.state === 'new') setState({ id: message.id, state: 'read' });
  }, [message.id, message.state, setState]);

  return (
    <>
      <DialogHeader>
        <p className="eyebrow mb-3">Contact form</p>
        <DialogTitle>Message Details</DialogTitle>
        <DialogDescription>Received {formatInstantDateTime(message.createdAt)}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[7rem_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className={termClass}>From</dt>
        <dd className="text-ivory">{from}</dd>
        <dt className={termClass}>Email</dt>
        <dd className="break-all text-sand">{message.email}</dd>
        {message.interest ? (
          <>
            <dt className={termClass}>Interest</dt>
            <dd>
              <ToneBadge tone={interestTone(message.interest)}>{interestLabel(message.interest)}</ToneBadge>
            </dd>
          </>
        ) : null}
        <dt className={termClass}>Date</dt>
        <dd className="text-sand">{formatInstantDateTime(message.createdAt)}</dd>
        <dt className={termClass}>State</dt>
        <dd data-testid="message-state">
          <ToneBadge tone={stateInfo.tone}>{stateInfo.label}</ToneBadge>
        </dd>
      </dl>
      <h3 className={headingClass}>Message</h3>
      {/* Text, never markup; line breaks as the guest wrote them. */}
      <p
        data-testid="message-body"
        className="whitespace-pre-wrap break-words border border-line/70 bg-ink/50 p-5 leading-relaxed text-ivory"
      >
        {message.message}
      </p>
      <h3 className={headingClass}>Replies</h3>
      <ReplyHistory replies={thread.data?.replies} loading={thread.isPending} />
      <div className="mt-6">
        <ReplyForm messageId={message.id} guestEmail={message.email} />
      </div>
      <div className="mt-8 flex flex-col-reverse gap-3 border-t border-line/70 pt-6 sm:flex-row sm:flex-wrap sm:justify-end">
        <Button
          variant="subtle"
          disabled={marking || state === 'new'}
          onClick={() =>
            setState(
              { id: message.id, state: 'new' },
              {
                onSuccess: () => {
                  notifySuccess('Marked as unread');
                  onDone();
                },
              },
            )
          }
        >
          <MailOpen aria-hidden className="size-4" />
          Mark as unread
        </Button>
        <Button
          variant="subtle"
          disabled={marking || state === 'answered'}
          onClick={() => setState({ id: message.id, state: 'answered' }, { onSuccess: () => notifySuccess('Marked as answered') })}
        >
          <CheckCheck aria-hidden className="size-4" />
          Mark as answered
        </Button>
        <Button asChild variant="outline">
          <a href={`mailto:${message.email}?subject=${encodeURIComponent(subject)}`}>
            <Mail aria-hidden className="size-4" />
            Reply via Email
          </a>
        </Button>
      </div>
    </>
  );
}
