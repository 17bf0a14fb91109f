import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarDays, Check, Star } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { InvalidLinkNotice } from '@/components/layout/retreat-contact';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatFullDay } from '@/components/ui/calendar-dates';
import { Checkbox } from '@/components/ui/checkbox';
import { Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadError } from '@/components/ui/state';
import { Stars } from '@/components/ui/stars';
import { site } from '@/config/site';
import { ApiError, hasErrorCode, isDeadLink, preferServerMessage } from '@/lib/api/errors';
import type { VisitRating } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { formatInstantDate, formatLongDate } from '@/lib/dates';
import { STAR_CHOICES, starsLabel, starsWord } from '@/lib/ratings';
import { useVisitRating } from '../api/get-visit-rating';
import { useSaveVisitRating } from '../api/save-visit-rating';
import { COMMENT_MAX, formToRating, ratingFields, ratingSchema, ratingToForm, type RatingFormValues } from '../rating-schema';

const cardClass = 'relative isolate overflow-hidden border border-gold/30 bg-surface shadow-2xl shadow-black/40';

function DeadLink() {
  return (
    <InvalidLinkNotice>
      <p>Rating links work only exactly as we sent them. Please write to us: we would love to hear how your visit went.</p>
    </InvalidLinkNotice>
  );
}

/**
 * /visits/rate?token=…, from the thank-you note and her booking's page: her
 * visit, and its rating (1 to 5 stars, a comment if she likes, and whether
 * we may quote it), given once and changeable for 30 days.
 */
export function VisitRatingPanel({ token }: { token: string | null }) {
  if (!token) return <DeadLink />;
  return <VisitRatingLoader token={token} />;
}

function VisitRatingLoader({ token }: { token: string }) {
  const visit = useVisitRating(token);
  if (isDeadLink(visit.error)) return <DeadLink />;
  if (visit.data) return <VisitCard token={token} visit={visit.data} />;
  if (visit.isPending) return <VisitSkeleton />;
  return <LoadError what="visit" />;
}

function VisitCard({ token, visit }: { token: string; visit: VisitRating }) {
  const rating = visit.rating;
  return (
    <section aria-labelledby="rate-heading" data-testid="visit-rating" className={cardClass}>
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <div className="px-6 py-9 sm:px-10 sm:py-11">
        <p className="eyebrow">Thank you, {visit.firstName}</p>
        <h2 id="rate-heading" className="mt-3 font-display text-4xl text-ivory sm:text-5xl">
          How was your visit?
        </h2>
        <span className="gold-rule mt-7 bg-gold" />
        <p className="mt-7 flex items-start gap-3 text-lg text-ivory" data-testid="rated-visit">
          <CalendarDays aria-hidden className="mt-1 size-5 shrink-0 text-gold" strokeWidth={1.5} />
          <span>
            {visit.serviceName}
            <span className="block text-base text-sand">{formatFullDay(visit.date)}</span>
          </span>
        </p>
        {rating?.hidden ? (
          <p className="mt-6 border border-line bg-ink/30 px-4 py-3 text-sm text-sand" data-testid="rating-hidden">
            Your comment is not shown on the site: it broke one of our rules for comments, and we wrote to you which one.
          </p>
        ) : null}
      </div>
      <div className="border-t border-line bg-ink/30 px-6 py-8 sm:px-10">
        {visit.canRate ? (
          <RatingForm token={token} visit={visit} />
        ) : (
          <div data-testid="cannot-rate">
            {rating ? <SavedRating rating={rating} /> : null}
            <p className={cn('text-sand', rating && 'mt-6')}>{visit.reason ?? 'This visit cannot be rated online.'}</p>
          </div>
        )}
        {rating?.reply ? <OwnerReply reply={rating.reply} /> : null}
      </div>
    </section>
  );
}

/** Her rating as it stands, when it can no longer be changed. */
function SavedRating({ rating }: { rating: NonNullable<VisitRating['rating']> }) {
  return (
    <div>
      <h3 className="font-sans text-xs uppercase tracking-luxe text-muted">Your rating</h3>
      <p className="mt-2 flex items-center gap-3">
        <Stars filled={rating.stars} starClassName="size-5" />
        <span className="sr-only">{starsLabel(rating.stars)}</span>
      </p>
      {rating.comment ? <p className="mt-3 whitespace-pre-line text-ivory">{rating.comment}</p> : null}
    </div>
  );
}

function OwnerReply({ reply }: { reply: NonNullable<NonNullable<VisitRating['rating']>['reply']> }) {
  return (
    <div className="mt-8 border-l border-gold/50 pl-5" data-testid="owner-reply">
      <h3 className="font-sans text-[0.7rem] uppercase tracking-luxe text-gold">
        Reply from Golden Pine
        <span aria-hidden> · </span>
        <span className="sr-only">, </span>
        <span className="text-muted">{formatLongDate(reply.date)}</span>
      </h3>
      <p className="mt-2 whitespace-pre-line text-sand">{reply.text}</p>
    </div>
  );
}

function RatingForm({ token, visit }: { token: string; visit: VisitRating }) {
  const save = useSaveVisitRating(token);
  const visitQuery = useVisitRating(token);
  const rating = visit.rating;
  const { control, handleSubmit, reset, setError } = useForm<RatingFormValues>({
    resolver: zodResolver(ratingSchema),
    defaultValues: ratingToForm(rating),
  });
  const [stars, comment] = useWatch({ control, name: ['stars', 'comment'] });
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  // Saved: the words that say so take the focus (a screen reader hears them), the form stays to change it again.
  useEffect(() => {
    if (saved) confirmation.current?.focus();
  }, [saved]);

  const onSubmit = handleSubmit((values) => {
    setProblem(null);
    setSaved(false);
    save.mutate(formToRating(values), {
      onSuccess: (answer) => {
        reset(ratingToForm(answer.rating));
        setSaved(true);
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            if ((ratingFields as readonly string[]).includes(field)) setError(field as (typeof ratingFields)[number], { message });
          }
          return;
        }
        if (hasErrorCode(error, 'rating_closed') || hasErrorCode(error, 'visit_not_over')) {
          // The page then says why, from the visit as it is now.
          void visitQuery.refetch();
          setProblem(preferServerMessage(error, 'This visit can no longer be rated.'));
          return;
        }
        setProblem(preferServerMessage(error, `Your rating did not reach us. Please try again in a moment, or write to ${site.email}.`));
      },
    });
  });

  const chosen = Number(stars) || 0;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Rate your visit" className="grid gap-7">
      <Controller
        control={control}
        name="stars"
        render={({ field, fieldState }) => (
          <div>
            <p id="rating-stars-label" className="mb-3 block text-[0.7rem] font-medium uppercase tracking-wide-2 text-sand">
              Your stars
            </p>
            <RadioGroup
              ref={field.ref}
              aria-labelledby="rating-stars-label"
              aria-describedby={fieldState.error ? 'rating-stars-error' : undefined}
              aria-invalid={fieldState.error ? true : undefined}
              value={field.value}
              onValueChange={field.onChange}
              className="grid-cols-5 gap-2 sm:max-w-md sm:gap-3"
            >
              {STAR_CHOICES.map((n) => (
                <RadioTile key={n} value={String(n)} aria-label={starsWord(n)} className="h-16 flex-col gap-1">
                  <Star
                    aria-hidden
                    strokeWidth={1.5}
                    className={cn('size-6 transition-colors', n <= chosen ? 'fill-gold text-gold' : 'fill-transparent text-gold/60')}
                  />
                  <span aria-hidden className="text-xs tabular-nums text-sand">
                    {n}
                  </span>
                </RadioTile>
              ))}
            </RadioGroup>
            {fieldState.error ? (
              <p id="rating-stars-error" role="alert" className="mt-3 text-sm text-danger">
                {fieldState.error.message}
              </p>
            ) : null}
          </div>
        )}
      />
      <FormField
        control={control}
        name="comment"
        id="rating-comment"
        label="Your comment"
        optional
        hint={`${comment.length} of 1,000 characters.`}
      >
        <Textarea rows={5} maxLength={COMMENT_MAX} placeholder="What stayed with you?" />
      </FormField>
      <Controller
        control={control}
        name="mayQuote"
        render={({ field }) => (
          <div className="flex items-start gap-3">
            <Checkbox
              id="rating-may-quote"
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(on) => field.onChange(on === true)}
              onBlur={field.onBlur}
              aria-describedby="rating-may-quote-hint"
              className="mt-0.5"
            />
            <div>
              <label htmlFor="rating-may-quote" className="cursor-pointer text-ivory">
                Golden Pine may quote my comment on the site with my first name and initial
              </label>
              <p id="rating-may-quote-hint" className="mt-1 text-sm text-muted">
                Otherwise your comment stays between you and us; your stars count either way.
              </p>
            </div>
          </div>
        )}
      />
      {problem ? <Alert>{problem}</Alert> : null}
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
        <div role="status" className="text-sand">
          {saved ? (
            <p ref={confirmation} tabIndex={-1} className="flex items-center gap-2 text-ivory outline-none" data-testid="rating-saved">
              <Check aria-hidden className="size-4 shrink-0 text-gold" strokeWidth={2} />
              Thank you: your rating is saved.
            </p>
          ) : null}
          {rating ? (
            <p className={cn('text-sm', saved && 'mt-1')} data-testid="changeable-until">
              You can change it until <span className="text-ivory">{formatInstantDate(rating.changeableUntil)}</span>.
            </p>
          ) : null}
        </div>
        <Button type="submit" size="lg" className="shrink-0" disabled={save.isPending}>
          {save.isPending ? 'Sending…' : rating ? 'Save changes' : 'Send my rating'}
        </Button>
      </div>
    </form>
  );
}

/** The card's shape while the visit loads. */
function VisitSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Loading your visit…</span>
      <div className="border border-gold/30 bg-surface">
        <div className="px-6 py-9 sm:px-10 sm:py-11">
          <Skeleton className="my-0.5 h-4 w-36" />
          <Skeleton className="mt-3.5 h-10 w-64 sm:h-12 sm:w-80" />
          <Skeleton className="mt-7 h-px w-16" />
          <Skeleton className="mt-7 h-12 w-72" />
        </div>
        <div className="border-t border-line px-6 py-8 sm:px-10">
          <Skeleton className="h-16 w-full sm:max-w-md" />
          <Skeleton className="mt-7 h-36 w-full" />
        </div>
      </div>
    </div>
  );
}
