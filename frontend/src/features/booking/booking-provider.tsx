import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { BookingServiceKey } from '@/config/site';
import { useReturnFocus } from '@/lib/use-return-focus';
import { BookingContext, type BookingMoment } from './booking-context';

// The form (react-hook-form, zod, the select) loads on the first open, not with every page.
const BookingDialog = lazy(() => import('./components/booking-dialog'));

export function BookingProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const [preset, setPreset] = useState<BookingServiceKey | undefined>();
  const [moment, setMoment] = useState<BookingMoment | undefined>();
  // Bumped on every open so the form starts from the chosen service each time.
  const [session, setSession] = useState(0);

  const { remember, onCloseAutoFocus } = useReturnFocus();

  const openBooking = useCallback(
    (service?: BookingServiceKey, chosen?: BookingMoment) => {
      remember();
      setPreset(service);
      setMoment(chosen);
      setSession((n) => n + 1);
      setRequested(true);
      setOpen(true);
    },
    [remember],
  );

  const value = useMemo(() => ({ openBooking }), [openBooking]);

  return (
    <BookingContext.Provider value={value}>
      {children}
      {requested ? (
        <Suspense fallback={null}>
          <BookingDialog
            open={open}
            onOpenChange={setOpen}
            presetService={preset}
            presetMoment={moment}
            session={session}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        </Suspense>
      ) : null}
    </BookingContext.Provider>
  );
}
