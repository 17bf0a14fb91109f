import { Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatInstantDateTime } from '@/lib/dates';
import type { ContactMessage } from '../../shared/types';
import { ToneBadge } from '../../shared/ui';
import { interestLabel, interestTone } from '../interests';
import { useReturnFocus } from '../../shared/use-return-focus';

export function MessageDetailsDialog({
  message,
  onOpenChange,
}: {
  message: ContactMessage | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const returnFocus = useReturnFocus(Boolean(message));
  return (
    <Dialog open={Boolean(message)} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={returnFocus}>
        {message ? <MessageDetails message={message} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MessageDetails({ message }: { message: ContactMessage }) {
  const from = `${message.firstName} ${message.lastName}`;
  const subject = 'Re: your message to Golden Pine Wellness Retreat';
  return (
    <>
      <DialogHeader>
        <p className="eyebrow mb-3">Contact form</p>
        <DialogTitle>Message Details</DialogTitle>
        <DialogDescription>Received {formatInstantDateTime(message.createdAt)}</DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[7rem_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">From</dt>
        <dd className="text-ivory">{from}</dd>
        <dt className="font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">Email</dt>
        <dd className="break-all text-sand">{message.email}</dd>
        {message.interest ? (
          <>
            <dt className="font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">Interest</dt>
            <dd>
              <ToneBadge tone={interestTone(message.interest)}>{interestLabel(message.interest)}</ToneBadge>
            </dd>
          </>
        ) : null}
        <dt className="font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">Date</dt>
        <dd className="text-sand">{formatInstantDateTime(message.createdAt)}</dd>
      </dl>
      <h3 className="mt-8 mb-3 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">Message</h3>
      {/* Text, never markup; line breaks as the guest wrote them. */}
      <p
        data-testid="message-body"
        className="whitespace-pre-wrap break-words border border-line/70 bg-ink/50 p-5 leading-relaxed text-ivory"
      >
        {message.message}
      </p>
      <div className="mt-8 flex justify-end">
        <Button asChild>
          <a href={`mailto:${message.email}?subject=${encodeURIComponent(subject)}`}>
            <Mail aria-hidden className="size-4" />
            Reply via Email
          </a>
        </Button>
      </div>
    </>
  );
}
