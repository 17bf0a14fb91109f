import { useSearchParams } from 'react-router';
import { PageHero } from '@/components/layout/page-hero';
import { ConfirmRequestPanel } from '@/features/privacy/components/confirm-request-panel';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

/** /privacy/confirm?token=…, the link in the mail that answers a request made on the Privacy page. */
export default function PrivacyConfirmRoute() {
  useDocumentTitle(pageTitles.of('/privacy/confirm'));
  const [params] = useSearchParams();
  return (
    <>
      <PageHero eyebrow="Your data" title="Privacy" />
      <div className="mx-auto max-w-2xl px-5 py-16 sm:px-8 lg:py-24">
        <ConfirmRequestPanel token={params.get('token')?.trim() || null} />
      </div>
    </>
  );
}
