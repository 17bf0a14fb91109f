import { SectionHeading } from '@/components/layout/page-hero';
import { useBooking } from '@/features/booking/booking-context';
import { ServicesGrid } from '@/features/services/components/services-grid';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';
import { About } from './about';
import { FeaturedProducts } from './featured-products';
import { GiftCardsTeaser } from './gift-cards-teaser';
import { Hero } from './hero';
import { LatestPosts } from './latest-posts';
import { QuizCta } from './quiz-cta';
import { Testimonial } from './testimonial';
import { TinyHome } from './tiny-home';

export function HomeRoute() {
  useDocumentTitle(pageTitles.home);
  const { openBooking } = useBooking();
  return (
    <>
      <Hero />
      <QuizCta />
      <About />
      <section id="services" aria-labelledby="home-services-heading" className="border-t border-line/60 bg-surface/50">
        <div className="mx-auto max-w-7xl px-5 py-24 sm:px-8 lg:py-32">
          <SectionHeading id="home-services-heading" eyebrow="Rituals & Treatments" title="Our Services">
            Each experience is shaped around you — the pressure, the scent, the pace.
          </SectionHeading>
          <ServicesGrid placeholders={3} onBook={openBooking} compact className="mt-14" />
        </div>
      </section>
      <TinyHome />
      <FeaturedProducts />
      <GiftCardsTeaser />
      <LatestPosts />
      <Testimonial />
    </>
  );
}
