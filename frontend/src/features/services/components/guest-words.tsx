import { Quote } from 'lucide-react';
import { SectionHeading } from '@/components/layout/page-hero';
import { Stars } from '@/components/ui/stars';
import type { QuotedRating, RatingSummary } from '@/lib/api/types';
import { formatLongDate } from '@/lib/dates';
import { filledStars, formatAverage, ratingsCount, ratingSummaryLabel, starsLabel } from '@/lib/ratings';

/**
 * "What guests say": the comments guests let us quote, by service, each with
 * its stars and the day it was written, low ones as well as high ones, and
 * the retreat's reply beneath. Nothing at all while no comment may be quoted.
 */
export function GuestWords({ ratings, serviceName }: { ratings: readonly RatingSummary[]; serviceName: (key: string) => string }) {
  const quoted = ratings.filter((rating) => rating.quoted.length > 0);
  if (quoted.length === 0) return null;
  return (
    <section aria-labelledby="guest-words-heading" className="border-t border-gold/15" data-testid="guest-words">
      <div className="mx-auto max-w-7xl px-5 py-20 sm:px-8 lg:py-28">
        <SectionHeading eyebrow="In their words" title="What guests say" id="guest-words-heading">
          Every rating is shown with the day it was given, as guests wrote it.
        </SectionHeading>
        <div className="mt-14 space-y-16">
          {quoted.map((rating) => (
            <ServiceWords key={rating.serviceKey} rating={rating} name={serviceName(rating.serviceKey)} />
          ))}
        </div>
      </div>
    </section>
  );
}

function ServiceWords({ rating, name }: { rating: RatingSummary; name: string }) {
  const headingId = `guest-words-${rating.serviceKey}`;
  return (
    <section aria-labelledby={headingId} data-testid="guest-words-service">
      <div className="flex flex-col gap-2 border-b border-line pb-5 sm:flex-row sm:items-end sm:justify-between">
        <h3 id={headingId} className="font-display text-3xl text-ivory sm:text-4xl">
          {name}
        </h3>
        <p className="flex items-center gap-3 text-sm text-sand">
          <Stars filled={filledStars(rating.average)} />
          <span aria-hidden>
            <span className="font-display text-2xl text-gold-light">{formatAverage(rating.average)}</span>
            <span className="ml-2 text-xs uppercase tracking-luxe">{ratingsCount(rating.count)}</span>
          </span>
          <span className="sr-only">{ratingSummaryLabel(rating.average, rating.count)}</span>
        </p>
      </div>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {rating.quoted.map((quote) => (
          <li key={quote.id}>
            <GuestQuote quote={quote} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function GuestQuote({ quote }: { quote: QuotedRating }) {
  return (
    <figure
      className="relative isolate flex h-full flex-col overflow-hidden border border-line bg-surface px-6 py-7 sm:px-8"
      data-testid="guest-quote"
    >
      <Quote aria-hidden className="absolute right-5 top-5 -z-10 size-12 text-gold/10" strokeWidth={1} />
      <p className="flex items-center gap-3">
        <Stars filled={quote.stars} />
        <span className="sr-only">{starsLabel(quote.stars)}</span>
      </p>
      <blockquote className="mt-4 flex-1 font-display text-xl leading-snug whitespace-pre-line text-ivory sm:text-2xl">
        <p>{quote.comment}</p>
      </blockquote>
      <figcaption className="mt-5 text-xs uppercase tracking-luxe text-muted">
        <span className="text-sand">{quote.author}</span>
        <span aria-hidden> · </span>
        <span className="sr-only">, </span>
        <time dateTime={quote.date}>{formatLongDate(quote.date)}</time>
      </figcaption>
      {quote.reply ? (
        <div className="mt-6 border-l border-gold/50 pl-5" data-testid="guest-quote-reply">
          <p className="text-[0.7rem] uppercase tracking-luxe text-gold">
            Reply from Golden Pine
            <span aria-hidden> · </span>
            <span className="sr-only">, </span>
            <time dateTime={quote.reply.date} className="text-muted">
              {formatLongDate(quote.reply.date)}
            </time>
          </p>
          <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-sand">{quote.reply.text}</p>
        </div>
      ) : null}
    </figure>
  );
}
