import { useSearchParams } from 'react-router';
import { PageHero } from '@/components/layout/page-hero';
import { WaitlistOfferPanel } from '@/features/waitlist/components/waitlist-offer-panel';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

/** /waitlist/offer?token=…, the link in the mail telling a guest on the waitlist that a place has opened (issue 43, part 4). */
export default function WaitlistOfferRoute() {
  useDocumentTitle(pageTitles.of('/waitlist/offer'));
  const [params] = useSearchParams();
  return (
    <>
      <PageHero eyebrow="The waitlist" title="A Place for You">
        You asked us to tell you when a time freed up. One has, and we are holding it for you.
      </PageHero>
      <div className="mx-auto max-w-3xl px-5 py-16 sm:px-8 lg:py-24">
        <WaitlistOfferPanel token={params.get('token')?.trim() || null} />
      </div>
    </>
  );
}
