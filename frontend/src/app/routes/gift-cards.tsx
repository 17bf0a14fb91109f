import { PageHero } from '@/components/layout/page-hero';
import { GiftCardPurchase } from '@/features/gift-cards/components/gift-card-purchase';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

/** /gift-cards: an e-gift card for someone dear, and a balance check. */
export default function GiftCardsRoute() {
  useDocumentTitle(pageTitles.of('/gift-cards'));
  return (
    <>
      <PageHero eyebrow="The Gift of Stillness" title="Gift Cards">
        An hour of warm hands, a night beneath the pines, or simply time to breathe — sent by e-mail on the day you choose.
      </PageHero>
      <div className="mx-auto max-w-7xl px-5 py-14 sm:px-8 lg:py-20">
        <GiftCardPurchase />
      </div>
    </>
  );
}
