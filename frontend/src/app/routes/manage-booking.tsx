import { useParams } from 'react-router';
import { PageHero } from '@/components/layout/page-hero';
import { useBooking } from '@/features/booking/booking-context';
import { ManageBooking } from '@/features/guest-booking/components/manage-booking';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

/** /bookings/manage/:token, opened from the links in a guest's booking mails. */
export default function ManageBookingRoute() {
  useDocumentTitle(pageTitles.manageBooking);
  const { token = '' } = useParams();
  const { openBooking } = useBooking();
  return (
    <>
      <PageHero eyebrow="Your Visit" title="Your Booking">
        The details of your time with us, and a simple way to cancel if your plans change.
      </PageHero>
      <div className="mx-auto max-w-3xl px-5 py-16 sm:px-8 lg:py-24">
        <ManageBooking token={token} onBookAgain={() => openBooking()} />
      </div>
    </>
  );
}
