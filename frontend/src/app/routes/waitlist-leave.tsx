import { useSearchParams } from 'react-router';
import { PageHero } from '@/components/layout/page-hero';
import { LeaveWaitlistPanel } from '@/features/waitlist/components/leave-waitlist-panel';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

/** /waitlist/leave?token=…, the link at the foot of the waitlist's mails (issue 43, part 4). */
export default function WaitlistLeaveRoute() {
  useDocumentTitle(pageTitles.of('/waitlist/leave'));
  const [params] = useSearchParams();
  return (
    <>
      <PageHero eyebrow="Waiting for a place" title="The Waitlist" />
      <div className="mx-auto max-w-2xl px-5 py-16 sm:px-8 lg:py-24">
        <LeaveWaitlistPanel token={params.get('token')?.trim() || null} />
      </div>
    </>
  );
}
