import { useSearchParams } from 'react-router';
import { PageHero } from '@/components/layout/page-hero';
import { FollowUpUnsubscribePanel } from '@/features/after-visit/components/follow-up-unsubscribe-panel';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

/** /visits/unsubscribe?token=…, the link at the foot of the thank-you notes and invitations to return. */
export default function FollowUpUnsubscribeRoute() {
  useDocumentTitle(pageTitles.of('/visits/unsubscribe'));
  const [params] = useSearchParams();
  return (
    <>
      <PageHero eyebrow="After your visit" title="Thank-you Notes" />
      <div className="mx-auto max-w-2xl px-5 py-16 sm:px-8 lg:py-24">
        <FollowUpUnsubscribePanel token={params.get('token')?.trim() || null} />
      </div>
    </>
  );
}
