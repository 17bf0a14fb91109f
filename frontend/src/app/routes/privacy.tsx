import type { ReactNode } from 'react';
import { PageHero } from '@/components/layout/page-hero';
import { RetreatContact } from '@/components/layout/retreat-contact';
import { usePrivacyTerms } from '@/features/privacy/api/get-terms';
import { PrivacyRequestForm } from '@/features/privacy/components/privacy-request-form';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

/** What we keep, in the order a guest meets it. */
const kept = [
  ['Your bookings', 'the visit, its day and time, your name and email address, and any note you left for us.'],
  ['Your orders', 'what you bought, the address we sent it to, your phone if you gave it, and what you paid.'],
  ['Gift cards', 'the ones you bought or were given: the names, addresses and message on them, and their balance.'],
  ['Messages', 'what you wrote to us through the site, and our replies.'],
  ['The newsletter', 'your address and the day you signed up, until you leave.'],
  ['Ratings', 'the stars and words you gave a visit, and our reply.'],
  ['The waitlist', 'the days you hoped a place would open.'],
  ['Mail we sent you', 'which letter it was and when it went.'],
  ['Your intake form', 'the health answers that let your therapist care for you safely, and the consent you signed.'],
] as const;

/** "24 months", "1 month". */
const months = (count: number) => `${count} ${count === 1 ? 'month' : 'months'}`;

/** How long each kind of record stays; health answers as long as the owner set (unknown: said without a figure). */
function periodsOf(intakeKeepMonths: number | undefined) {
  return [
    [
      'Order and payment amounts, dates and refunds',
      'Seven years, for the accounts, as tax law asks. They stay even after an erasure, under a pseudonym: no name, no address.',
    ],
    ['Your personal details', 'Until you ask us to erase them.'],
    [
      'Health and intake answers',
      intakeKeepMonths
        ? `${months(intakeKeepMonths)} after your last visit, then deleted automatically.`
        : 'A set time after your last visit, then deleted automatically.',
    ],
    ['The waitlist', 'Until the last day you wished for has passed.'],
    ['A request you never confirmed', '7 days.'],
  ] as const;
}

function Section({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-line pt-12 first:border-t-0 first:pt-0">
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id} className="mt-3 font-display text-4xl text-ivory">
        {title}
      </h2>
      <span className="gold-rule mt-5 bg-gold" />
      <div className="mt-7 space-y-5 text-sand">{children}</div>
    </section>
  );
}

/** /privacy: what the retreat keeps about a guest, in plain words, and her request for a copy or an erasure. */
export default function PrivacyRoute() {
  useDocumentTitle(pageTitles.of('/privacy'));
  const periods = periodsOf(usePrivacyTerms().data?.intakeKeepMonths);
  return (
    <>
      <PageHero eyebrow="Your data, in plain words" title="Privacy">
        What we keep about you, why, for how long and who sees it; and how to have a copy of it, or have it erased.
      </PageHero>
      <div className="mx-auto grid max-w-3xl gap-12 px-5 py-16 sm:px-8 lg:py-24">
        <Section id="privacy-kept" eyebrow="What we keep" title="Only what a visit needs">
          <p>We keep what you give us when you book, buy or write to us, and nothing more: the site has no advertising or tracking.</p>
          <ul className="space-y-3">
            {kept.map(([what, detail]) => (
              <li key={what} className="flex gap-3">
                <span aria-hidden className="mt-2.5 size-1.5 shrink-0 rotate-45 bg-gold" />
                <span>
                  <span className="text-ivory">{what}:</span> {detail}
                </span>
              </li>
            ))}
          </ul>
          <p>
            <span className="text-ivory">The wellness quiz</span>: we do not keep your answers. Your own browser remembers them, so your
            intake form can start from them; clearing this site's data in your browser forgets them.
          </p>
        </Section>
        <Section id="privacy-why" eyebrow="Why" title="To care for you">
          <p>
            <span className="text-ivory">To give you your visit</span>: to hold your place, remind you of it, send what you ordered and
            prepare your treatment.
          </p>
          <p>
            <span className="text-ivory">For the accounts</span>: tax law asks us to keep what was paid and refunded.
          </p>
          <p>
            <span className="text-ivory">To answer you</span>: when you write, we keep your message and our reply.
          </p>
        </Section>
        <Section id="privacy-how-long" eyebrow="For how long" title="No longer than needed">
          <dl className="divide-y divide-line/70 border-y border-line/70">
            {periods.map(([what, until]) => (
              <div key={what} className="grid gap-1 py-4 sm:grid-cols-[14rem_1fr] sm:gap-6">
                <dt className="text-ivory">{what}</dt>
                <dd>{until}</dd>
              </div>
            ))}
          </dl>
        </Section>
        <Section id="privacy-who" eyebrow="Who sees it" title="Our team, and no one else">
          <p>
            The retreat's small team, to look after your visit and your orders. Card payments go through Stripe, who handles the card
            itself: its number never reaches us.
          </p>
          <p>We never sell your data, and never share it for advertising.</p>
        </Section>
        <PrivacyRequestForm />
        <div className="text-center">
          <p className="text-sand">A question about your data? Call or write to us.</p>
          <RetreatContact className="mt-5 items-center justify-center" />
        </div>
      </div>
    </>
  );
}
