import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { PageHero } from '@/components/layout/page-hero';
import { PrintableGiftCard } from '@/features/gift-cards/components/printable-gift-card';
import { readPrintLink } from '@/features/gift-cards/print-link';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

/** /gift-cards/print?token=…#CODE, the link in the recipient's mail (rendered in the browser only). */
export default function GiftCardPrintRoute() {
  useDocumentTitle(pageTitles.of('/gift-cards/print'));
  const { search, hash } = useLocation();
  const link = useMemo(() => readPrintLink(search, hash), [search, hash]);
  return (
    <>
      {/* One person's card: never indexed (React puts this in the head). */}
      <meta name="robots" content="noindex, nofollow" />
      <PageHero eyebrow="A Gift for You" title="Your Gift Card" className="print:hidden">
        Print it to give by hand, or simply keep the e-mail: the code is all you need.
      </PageHero>
      <div className="mx-auto max-w-3xl px-5 py-14 sm:px-8 lg:py-20 print:max-w-none print:p-0">
        <PrintableGiftCard link={link} />
      </div>
    </>
  );
}
