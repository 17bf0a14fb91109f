import { useSearchParams } from 'react-router';
import { PageHero } from '@/components/layout/page-hero';
import { UnsubscribePanel } from '@/features/newsletter/components/unsubscribe-panel';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

/** /newsletter/unsubscribe?token=…, the link at the foot of every newsletter. */
export default function NewsletterUnsubscribeRoute() {
  useDocumentTitle(pageTitles.of('/newsletter/unsubscribe'));
  const [params] = useSearchParams();
  return (
    <>
      <PageHero eyebrow="The Journal, by letter" title="Newsletter" />
      <div className="mx-auto max-w-2xl px-5 py-16 sm:px-8 lg:py-24">
        <UnsubscribePanel token={params.get('token')?.trim() || null} />
      </div>
    </>
  );
}
