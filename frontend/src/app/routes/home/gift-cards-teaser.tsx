import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

/** The home page's word about gift cards, with a card drawn beside it (no picture to load). */
export function GiftCardsTeaser() {
  return (
    <section aria-labelledby="gift-cards-teaser-heading" className="relative isolate overflow-hidden border-t border-gold/15 bg-surface">
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-5 py-20 sm:px-8 md:grid-cols-[1.2fr_1fr] lg:py-28">
        <div>
          <p className="eyebrow">Gift Cards</p>
          <h2 id="gift-cards-teaser-heading" className="mt-4 font-display text-4xl text-ivory sm:text-5xl">
            Give the gift of stillness
          </h2>
          <span className="gold-rule mt-6 bg-gold" />
          <p className="mt-6 max-w-xl text-lg text-sand">
            A massage, a night in the tiny home, or a little of everything: an e-gift card arrives on the day you choose, and it never
            expires.
          </p>
          <Link
            to="/gift-cards"
            className="mt-10 inline-flex h-13 items-center gap-3 border border-gold px-8 text-[0.8rem] font-medium uppercase tracking-wide-2 text-gold transition-colors duration-300 hover:bg-gold hover:text-ink"
          >
            Send a gift card
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        <div aria-hidden className="mx-auto w-full max-w-sm -rotate-3 border border-gold/80 bg-ink p-1.5 shadow-2xl shadow-black/60">
          <div className="border border-gold/35 px-7 py-9">
            <p className="eyebrow">Gift Card</p>
            <p className="mt-8 font-display text-5xl text-gold-light">Golden Pine</p>
            <span className="gold-rule mt-6" />
            <p className="mt-6 font-display text-xl italic text-sand">For slow mornings among the pines.</p>
          </div>
        </div>
      </div>
    </section>
  );
}
