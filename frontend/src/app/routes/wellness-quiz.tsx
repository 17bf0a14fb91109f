import { PageHero } from '@/components/layout/page-hero';
import { artwork } from '@/config/artwork';
import { useBooking } from '@/features/booking/booking-context';
import { WellnessQuiz } from '@/features/quiz/components/wellness-quiz';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

export default function WellnessQuizRoute() {
  useDocumentTitle(pageTitles.of('/wellness-quiz'));
  const { openBooking } = useBooking();
  return (
    <>
      <PageHero eyebrow="Discover Your Path" title="Wellness Quiz" image={artwork('quiz.webp')}>
        Five gentle questions. A ritual, a stay and a few botanicals chosen for how you feel today.
      </PageHero>
      <section aria-label="Quiz" className="px-5 py-16 sm:px-8 lg:py-24">
        <WellnessQuiz onBookTime={(service, time) => openBooking(service, time)} />
      </section>
    </>
  );
}
