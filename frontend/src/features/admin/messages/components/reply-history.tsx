import { formatInstantDateTime } from '@/lib/dates';
import { stateInfo } from '../../emails/email-labels';
import { ToneBadge } from '../../shared/ui';
import type { MessageReply } from '../api/get-message-thread';

/** The answers sent so far, oldest first, each with where its mail stands. */
export function ReplyHistory({ replies, loading }: { replies: MessageReply[] | undefined; loading: boolean }) {
  if (!replies) {
    return <p className="text-sm text-sand">{loading ? 'Loading replies…' : 'The replies could not be loaded.'}</p>;
  }
  if (replies.length === 0) return <p className="text-sm text-sand">No replies yet.</p>;
  return (
    <ol className="grid gap-4" aria-label="Replies">
      {replies.map((reply) => (
        <li key={reply.id} data-testid="message-reply" className="border border-line/70 bg-ink/30 p-5">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-xs text-sand">
            <span>
              <span className="text-ivory">{reply.sentBy}</span> · {formatInstantDateTime(reply.createdAt)}
            </span>
            <MailBadge state={reply.emailState} />
          </div>
          {/* Text, never markup; line breaks as the owner wrote them. */}
          <p className="whitespace-pre-wrap break-words leading-relaxed text-ivory">{reply.message}</p>
        </li>
      ))}
    </ol>
  );
}

function MailBadge({ state }: { state: MessageReply['emailState'] }) {
  const info = state ? stateInfo(state) : { label: 'Not in the mail log', tone: 'stone' as const };
  return (
    <ToneBadge tone={info.tone}>
      <span className="sr-only">Mail: </span>
      {info.label}
    </ToneBadge>
  );
}
