import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageHero } from '@/components/layout/page-hero';
import { Button } from '@/components/ui/button';
import { useBooking } from '@/features/booking/booking-context';
import { bookingPrefill, PREFILL_PARAMS } from '@/features/booking/prefill';
import { GuestWords } from '@/features/services/components/guest-words';
import { ServiceRating } from '@/features/services/components/service-rating';
import { ServicesGrid } from '@/features/services/components/services-grid';
import { useRatings } from '@/lib/api/catalogue/get-ratings';
import { useServiceNames } from '@/lib/api/catalogue/get-services';
import { businessToday } from '@/lib/dates';
import { ratingOfService } from '@/lib/ratings';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

export default function ServicesRoute() {
  useDocumentTitle(pageTitles.of('/services'));
  const { openBooking } = useBooking();
  useBookingLink(openBooking);
  // Rendered on the server with the page, as the services are; a failed read shows no ratings.
  const ratings = useRatings().data;
  const serviceName = useServiceNames();
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
        <ServicesGrid
          placeholders={4}
          onBook={openBooking}
          priorityFirst
          ratingOf={(service) => {
            const rating = ratingOfService(ratings, service);
            return rating ? <ServiceRating rating={rating} /> : null;
          }}
        />
      </section>
      {ratings ? <GuestWords ratings={ratings} serviceName={serviceName} /> : null}
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

/**
 * /services?book=massage&date=…&time=…, the invitation to return's link:
 * the booking dialog opens with what the link names, once; the address then
 * drops those parameters, so a reload shows the page as it is. Read in an
 * effect, in the browser only: the server renderer (QuickJS) has no
 * URLSearchParams, and the page it sends is the same for every link.
 */
function useBookingLink(openBooking: ReturnType<typeof useBooking>['openBooking']) {
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const prefill = bookingPrefill(params, businessToday());
    if (!prefill) return;
    openBooking(prefill.service, prefill.moment);
    for (const name of PREFILL_PARAMS) params.delete(name);
    const rest = params.toString();
    void navigate({ search: rest ? `?${rest}` : '' }, { replace: true, preventScrollReset: true });
  }, [search, openBooking, navigate]);
}
