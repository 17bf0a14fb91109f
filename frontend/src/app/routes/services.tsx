import { PageHero } from '@/components/layout/page-hero';
import { Button } from '@/components/ui/button';
import { useBooking } from '@/features/booking/booking-context';
import { ServicesGrid } from '@/features/services/components/services-grid';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

export default function ServicesRoute() {
  useDocumentTitle(pageTitles.services);
  const { openBooking } = useBooking();
  return (
    <>
      <PageHero eyebrow="Rituals & Treatments" title="Our Services">
        Massage, rustic spa rituals, a night in the pines or a complete retreat — every experience is unhurried and shaped around you.
      </PageHero>
      <section aria-labelledby="all-services-heading" className="mx-auto max-w-7xl px-5 py-20 sm:px-8 lg:py-28">
        {/* Named by a heading, not a label: the cards' headings (h3) then follow an h2, as on the home page. */}
        <h2 id="all-services-heading" className="sr-only">
          All services
        </h2>
        <ServicesGrid placeholders={4} onBook={openBooking} priorityFirst />
      </section>
      <section aria-labelledby="services-cta-heading" className="border-t border-gold/20 bg-surface">
        <div className="grain">
          <div className="mx-auto max-w-3xl px-5 py-20 text-center sm:px-8 lg:py-24">
            <p className="eyebrow">Reservations</p>
            <h2 id="services-cta-heading" className="mt-4 font-display text-4xl text-ivory sm:text-5xl">
              Ready to slow down?
            </h2>
            <p className="mt-5 text-lg text-sand">
              Tell us when you would like to visit and we will prepare everything — tea warming, oils blended, the fire lit.
            </p>
            <Button size="lg" className="mt-9" onClick={() => openBooking()}>
              Book Your Experience
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
