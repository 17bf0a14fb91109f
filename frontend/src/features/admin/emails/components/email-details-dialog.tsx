import { ArrowRight, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatInstantDateTime } from '@/lib/dates';
import { linkToRecord } from '../../shared/linked-records';
import type { OutboxEmail } from '../../shared/types';
import { ToneBadge } from '../../shared/ui';
import { useReturnFocus } from '@/lib/use-return-focus';
import { useEmail } from '../api/get-email';
import { calendarLabel, isFailed, stateInfo, templateInfo, audienceWords } from '../email-labels';
import { EmailFrame, PlainText } from './email-frame';

const relatedWords = {
  booking: 'View the booking',
  order: 'View the order',
  message: 'View the message',
  email: 'View the email',
  giftCard: 'View the gift card',
} as const;

export function EmailDetailsDialog({
  email,
  onOpenChange,
  onResend,
  resending,
}: {
  email: OutboxEmail | undefined;
  onOpenChange: (open: boolean) => void;
  onResend: (id: string) => void;
  resending: boolean;
}) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(Boolean(email));
  return (
    <Dialog open={Boolean(email)} onOpenChange={onOpenChange}>
      <DialogContent size="xl" onCloseAutoFocus={returnFocus}>
        {email ? <EmailDetails email={email} onResend={onResend} resending={resending} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Term({ children }: { children: ReactNode }) {
  return <dt className="font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">{children}</dt>;
}

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="mb-3 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">
      {children}
    </h3>
  );
}

function EmailDetails({ email, onResend, resending }: { email: OutboxEmail; onResend: (id: string) => void; resending: boolean }) {
  // The row's summary shows at once; text, HTML and attempts arrive with the detail.
  const detail = useEmail(email.id);
  const template = templateInfo(email.template);
  const state = stateInfo(email.state);
  const calendar = calendarLabel(email.calendarMethod);
  const failed = isFailed(email.state);

  return (
    <>
      <DialogHeader>
        <p className="eyebrow mb-3">
          {template.label} · to the {audienceWords(template.audience)}
        </p>
        <DialogTitle>Email Details</DialogTitle>
        <DialogDescription>{email.subject}</DialogDescription>
      </DialogHeader>

      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[8rem_1fr]">
        <Term>To</Term>
        <dd className="break-all text-ivory">{email.to}</dd>
        <Term>State</Term>
        <dd className="flex flex-wrap items-center gap-3">
          <ToneBadge tone={state.tone}>{state.label}</ToneBadge>
          <span className="text-sand">{email.attempts === 1 ? '1 attempt' : `${email.attempts} attempts`}</span>
        </dd>
        <Term>Created</Term>
        <dd className="text-sand">{formatInstantDateTime(email.createdAt)}</dd>
        {email.sentAt ? (
          <>
            <Term>Sent</Term>
            <dd className="text-sand">{formatInstantDateTime(email.sentAt)}</dd>
          </>
        ) : null}
        {!email.sentAt && !failed ? (
          <>
            <Term>Next attempt</Term>
            <dd className="text-sand">{formatInstantDateTime(email.nextAttemptAt)}</dd>
          </>
        ) : null}
        {calendar ? (
          <>
            <Term>Calendar</Term>
            <dd className="text-sand">{calendar}</dd>
          </>
        ) : null}
        {email.lastError ? (
          <>
            <Term>Last error</Term>
            <dd className="whitespace-pre-wrap break-words text-danger">{email.lastError}</dd>
          </>
        ) : null}
      </dl>

      {template.related && email.relatedId ? (
        <Link
          to={linkToRecord(template.related, email.relatedId)}
          className="mt-5 inline-flex items-center gap-2 text-xs font-medium uppercase tracking-wide-2 text-gold hover:text-gold-light"
        >
          {relatedWords[template.related]}
          <ArrowRight aria-hidden className="size-3.5" />
        </Link>
      ) : null}

      {failed ? (
        <div className="mt-6">
          <Button variant="outline" size="sm" disabled={resending} onClick={() => onResend(email.id)}>
            <RotateCw aria-hidden className="size-3.5" />
            {resending ? 'Resending...' : 'Resend'}
          </Button>
        </div>
      ) : null}

      {detail.isPending ? (
        <div className="flex min-h-40 items-center justify-center">
          <Spinner label="Loading the message…" />
        </div>
      ) : detail.isError ? (
        <p role="alert" className="mt-8 text-danger">
          The message could not be loaded. Please close this window and try again.
        </p>
      ) : (
        <>
          <section aria-labelledby="email-attempts" className="mt-8">
            <SectionTitle id="email-attempts">Attempts</SectionTitle>
            {detail.data.attemptsMade.length === 0 ? (
              <p className="text-sm text-sand">No attempts yet.</p>
            ) : (
              <ol className="divide-y divide-line/70 border border-line/70" data-testid="email-attempts">
                {detail.data.attemptsMade.map((attempt, i) => (
                  <li key={`${attempt.at}-${i}`} className="grid gap-2 px-4 py-3 text-sm sm:grid-cols-[12rem_6rem_1fr] sm:items-start">
                    <time dateTime={attempt.at} className="text-sand">
                      {formatInstantDateTime(attempt.at)}
                    </time>
                    <span>
                      <ToneBadge tone={attempt.sent ? 'green' : 'red'}>{attempt.sent ? 'Sent' : 'Failed'}</ToneBadge>
                    </span>
                    <span className="break-words font-mono text-xs text-sand">{attempt.reply}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>

          <section aria-labelledby="email-html" className="mt-8">
            <SectionTitle id="email-html">HTML version</SectionTitle>
            <EmailFrame html={detail.data.html} title={`The HTML part of “${email.subject}”`} />
          </section>

          <section aria-labelledby="email-text" className="mt-8">
            <SectionTitle id="email-text">Plain-text version</SectionTitle>
            <PlainText text={detail.data.text} data-testid="email-text" aria-labelledby="email-text" />
          </section>
        </>
      )}
    </>
  );
}
