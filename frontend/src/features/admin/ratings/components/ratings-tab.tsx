import { Eye, EyeOff, MessageSquareReply } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Stars } from '@/components/ui/stars';
import { ApiError } from '@/lib/api/errors';
import { useServiceNames } from '@/lib/api/catalogue/get-services';
import { formatCalendarDate, formatInstantDate, formatInstantDateTime } from '@/lib/dates';
import { starsLabel } from '@/lib/ratings';
import { Panel, PanelHeader, ToneBadge } from '../../shared/ui';
import type { AdminRating, HideRule, HideRuleKey } from '../../shared/types';
import { useAdminRatings } from '../api/get-ratings';
import { useReplyToRating } from '../api/reply-to-rating';
import { useSetRatingHidden } from '../api/set-rating-hidden';
import { TakeDownDialog } from './take-down-dialog';

/** The longest reply, as the server counts it. */
const REPLY_MAX = 1000;

/**
 * Ratings (the owner's, issue 43): every guest's stars and comment, newest
 * first, with who wrote it; a public reply under it; taking one down under a
 * written rule, and showing it again.
 */
export function RatingsTab() {
  const ratings = useAdminRatings();
  const serviceName = useServiceNames();
  const list = ratings.data?.ratings ?? [];
  return (
    <Panel>
      <PanelHeader
        title="Ratings"
        description="What guests thought of their visits. Comments they let us quote show on the services page with your reply, unless taken down."
      />
      {ratings.isPending ? (
        <div className="flex min-h-40 items-center justify-center">
          <Spinner label="Loading ratings…" />
        </div>
      ) : ratings.isError ? (
        <p role="alert" className="py-14 text-center text-danger">
          The ratings could not be loaded. Please refresh the page.
        </p>
      ) : list.length === 0 ? (
        <p className="py-14 text-center font-display text-xl text-sand">No ratings yet.</p>
      ) : (
        <ul className="grid gap-5" aria-label="Ratings, newest first">
          {list.map((rating) => (
            <li key={rating.id}>
              <RatingItem rating={rating} service={serviceName(rating.serviceKey)} rules={ratings.data.hideRules} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function ruleWording(rules: readonly HideRule[], rule: string): string {
  return rules.find((choice) => choice.rule === rule)?.wording ?? rule;
}

function RatingItem({ rating, service, rules }: { rating: AdminRating; service: string; rules: readonly HideRule[] }) {
  const headingId = `rating-${rating.id}`;
  const setHidden = useSetRatingHidden();
  const [takingDown, setTakingDown] = useState(false);
  const [replying, setReplying] = useState(false);
  const pending = setHidden.isPending;

  const takeDown = (rule: HideRuleKey) => setHidden.mutate({ id: rating.id, rule }, { onSuccess: () => setTakingDown(false) });

  return (
    <article
      aria-labelledby={headingId}
      data-testid="admin-rating"
      className="border border-line bg-ink/40 px-5 py-5 sm:px-6"
      data-hidden={rating.hidden ? 'true' : undefined}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="flex items-center gap-3">
            <Stars filled={rating.stars} starClassName="size-4" />
            <span className="sr-only">{starsLabel(rating.stars)}</span>
            <span aria-hidden className="text-sm tabular-nums text-sand">
              {rating.stars}/5
            </span>
          </p>
          <h3 id={headingId} className="mt-2 font-display text-2xl text-ivory">
            {service}
            <span className="sr-only">, {rating.author}</span>
          </h3>
        </div>
        <div className="flex flex-wrap gap-2">
          {rating.mayQuote && rating.comment ? <ToneBadge tone="gold">May quote</ToneBadge> : null}
          {rating.hidden ? <ToneBadge tone="red">Taken down</ToneBadge> : null}
        </div>
      </div>

      <p className="mt-3 text-sm text-sand">
        <span className="text-ivory">{rating.author}</span>
        <span aria-hidden> · </span>
        <a href={`mailto:${rating.email}`} className="break-all underline decoration-gold/40 underline-offset-4 hover:text-gold-light">
          {rating.email}
        </a>
        <span aria-hidden> · </span>
        <span className="sr-only">, </span>
        visited {formatCalendarDate(rating.visitedOn)}
        <span aria-hidden> · </span>
        <span className="sr-only">, </span>
        rated {formatInstantDate(rating.createdAt)}
        {rating.updatedAt !== rating.createdAt ? <>, changed {formatInstantDate(rating.updatedAt)}</> : null}
      </p>

      {rating.comment ? (
        <blockquote className="mt-4 border-l border-gold/40 pl-4 whitespace-pre-line text-ivory" data-testid="admin-rating-comment">
          {rating.comment}
        </blockquote>
      ) : (
        <p className="mt-4 text-sm text-muted">Stars only, no comment.</p>
      )}

      {rating.hidden ? (
        <p className="mt-4 border border-rose-300/30 bg-rose-300/5 px-4 py-3 text-sm text-sand" data-testid="admin-rating-hidden">
          Taken down {formatInstantDateTime(rating.hidden.at)} under the rule:{' '}
          <span className="text-ivory">{ruleWording(rules, rating.hidden.rule)}</span>
        </p>
      ) : null}

      {rating.reply && !replying ? (
        <div className="mt-4 bg-gold/5 px-4 py-3" data-testid="admin-rating-reply">
          <p className="text-[0.7rem] uppercase tracking-luxe text-gold">
            Your reply <span className="text-muted">· {formatInstantDateTime(rating.reply.at)}</span>
          </p>
          <p className="mt-1 whitespace-pre-line text-sm text-sand">{rating.reply.text}</p>
        </div>
      ) : null}

      {replying ? <ReplyForm rating={rating} onDone={() => setReplying(false)} /> : null}

      <div className="mt-5 flex flex-wrap gap-3 border-t border-line/70 pt-4">
        {replying ? null : (
          <Button variant="subtle" size="sm" onClick={() => setReplying(true)}>
            <MessageSquareReply aria-hidden className="size-4" />
            {rating.reply ? 'Edit reply' : 'Reply'}
          </Button>
        )}
        {rating.hidden ? (
          <Button variant="subtle" size="sm" disabled={pending} onClick={() => setHidden.mutate({ id: rating.id, rule: null })}>
            <Eye aria-hidden className="size-4" />
            Show again
          </Button>
        ) : (
          <Button variant="destructive" size="sm" disabled={pending} onClick={() => setTakingDown(true)}>
            <EyeOff aria-hidden className="size-4" />
            Take down
          </Button>
        )}
      </div>

      <TakeDownDialog
        open={takingDown}
        onOpenChange={(open) => {
          if (!pending) setTakingDown(open);
        }}
        rules={rules}
        author={rating.author}
        busy={pending}
        onConfirm={takeDown}
      />
    </article>
  );
}

/** The public reply under a rating: saved, changed, or removed. */
function ReplyForm({ rating, onDone }: { rating: AdminRating; onDone: () => void }) {
  const reply = useReplyToRating();
  const [text, setText] = useState(rating.reply?.text ?? '');
  const [error, setError] = useState<string | undefined>();
  const id = `rating-reply-${rating.id}`;

  const send = (value: string | null) =>
    reply.mutate(
      { id: rating.id, reply: value },
      {
        onSuccess: onDone,
        onError: (failure) => setError(failure instanceof ApiError ? failure.fieldErrors.reply : undefined),
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError('Please write your reply');
      return;
    }
    setError(undefined);
    send(text.trim());
  };

  return (
    <form noValidate onSubmit={submit} aria-label={`Reply to ${rating.author}`} className="mt-4 grid gap-3">
      <Field
        id={id}
        label="Your reply"
        error={error}
        hint={`Shown under the comment where it is quoted, and on the guest's rating page. ${text.length} of 1,000 characters.`}
      >
        <Textarea rows={3} maxLength={REPLY_MAX} value={text} onChange={(event) => setText(event.target.value)} />
      </Field>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        {rating.reply ? (
          <Button variant="outline" size="sm" disabled={reply.isPending} onClick={() => send(null)}>
            Remove reply
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {reply.isPending ? 'Saving...' : 'Save reply'}
        </Button>
      </div>
    </form>
  );
}
