import { SectionHeading } from '@/components/layout/page-hero';
import { About } from '@/features/home/components/about';
import { FeaturedProducts } from '@/features/home/components/featured-products';
import { Hero } from '@/features/home/components/hero';
import { LatestPosts } from '@/features/home/components/latest-posts';
import { QuizCta } from '@/features/home/components/quiz-cta';
import { Testimonial } from '@/features/home/components/testimonial';
import { TinyHome } from '@/features/home/components/tiny-home';
import { ServicesGrid } from '@/features/services/components/services-grid';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

export function HomeRoute() {
  useDocumentTitle(pageTitles.home);
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
          <ServicesGrid placeholders={3} compact className="mt-14" />
        </div>
      </section>
      <TinyHome />
      <FeaturedProducts />
      <LatestPosts />
      <Testimonial />
    </>
  );
}
