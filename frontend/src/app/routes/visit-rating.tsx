import { useSearchParams } from 'react-router';
import { PageHero } from '@/components/layout/page-hero';
import { VisitRatingPanel } from '@/features/after-visit/components/visit-rating-panel';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

/** /visits/rate?token=…, the link in the thank-you note after a visit and on her booking's page. */
export default function VisitRatingRoute() {
  useDocumentTitle(pageTitles.of('/visits/rate'));
  const [params] = useSearchParams();
  return (
    <>
      <PageHero eyebrow="After your visit" title="Rate Your Visit">
        A few words on your time with us help us care for the guests who come after you.
      </PageHero>
      <div className="mx-auto max-w-3xl px-5 py-16 sm:px-8 lg:py-24">
        <VisitRatingPanel token={params.get('token')?.trim() || null} />
      </div>
    </>
  );
}
