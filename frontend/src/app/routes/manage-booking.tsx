import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { PageHero } from '@/components/layout/page-hero';
import { useBooking } from '@/features/booking/booking-context';
import { ManageBooking, type MoveDialogSlot } from '@/features/guest-booking/components/manage-booking';
import { serviceName } from '@/features/guest-booking/booking-words';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

// The calendars load when the guest asks to move her visit, not with the page.
const MoveVisitDialog = lazy(() => import('@/features/booking/components/move-visit-dialog'));

/** The booking feature's calendars, for the guest's page to move her visit with. */
const moveDialog: MoveDialogSlot = ({ booking, open, ...rest }) => (
  <Suspense fallback={null}>
    <MoveVisitDialog
      open={open}
      {...rest}
      visit={{
        service: booking.service,
        serviceName: serviceName(booking),
        date: booking.date,
        time: booking.time,
        checkOut: booking.checkOut,
        treatmentsInside: booking.treatmentsInside,
        freeMovesLeft: booking.freeMovesLeft,
      }}
    />
  </Suspense>
);

/** /bookings/manage/:token, opened from the links in a guest's booking mails. */
export default function ManageBookingRoute() {
  useDocumentTitle(pageTitles.of('/bookings/manage'));
  const { token = '' } = useParams();
  const { openBooking } = useBooking();
  return (
    <>
      <PageHero eyebrow="Your Visit" title="Your Booking">
        The details of your time with us, and a simple way to change or cancel it if your plans change.
      </PageHero>
      <div className="mx-auto max-w-3xl px-5 py-16 sm:px-8 lg:py-24">
        <ManageBooking token={token} onBookAgain={() => openBooking()} moveDialog={moveDialog} />
      </div>
    </>
  );
}
