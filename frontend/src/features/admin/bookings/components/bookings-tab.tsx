import { useEffect, useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatSlot } from '@/config/site';
import { useServiceNames } from '@/lib/api/catalogue/get-services';
import { cn } from '@/lib/cn';
import { formatCalendarDate } from '@/lib/dates';
import { formatStayRange } from '@/lib/stay-dates';
import { useLinkedRecord } from '../../shared/linked-records';
import { bookingStatuses } from '../../shared/statuses';
import { StatusSelect } from '../../shared/status-select';
import { ExportButton } from '../../shared/export-button';
import { DeleteAction, Panel, PanelHeader, TableStateRow, ToneBadge } from '../../shared/ui';
import { useBookings } from '../api/get-bookings';
import { useDeleteBooking } from '../api/delete-booking';
import { useUpdateBookingStatus } from '../api/update-booking-status';
import { depositState } from '../deposit-labels';
import type { AdminBooking } from '../../shared/types';
import { displayMoney } from '@/lib/money';
import { DepositDialog } from './deposit-dialog';

/** A stay's year ("2026"), or years when it runs into the next ("2026–2027"). */
const stayYears = (checkIn: string, checkOut: string) =>
  checkIn.slice(0, 4) === checkOut.slice(0, 4) ? checkIn.slice(0, 4) : `${checkIn.slice(0, 4)}–${checkOut.slice(0, 4)}`;

export function BookingsTab() {
  const bookings = useBookings();
  const serviceLabel = useServiceNames();
  const updateStatus = useUpdateBookingStatus();
  const remove = useDeleteBooking();
  // The deposit shown, and whether it opened because the owner cancelled a paid one.
  const [depositOf, setDepositOf] = useState<{ id: string; offerRefund: boolean }>();
  const depositBooking = bookings.data?.find((b) => b.id === depositOf?.id);
  // A mail link (?tab=bookings&booking=<id>) marks that booking and brings it into view.
  const [linkedId] = useLinkedRecord('booking');
  const linkedLoaded = Boolean(linkedId && bookings.data?.some((b) => b.id === linkedId));
  useEffect(() => {
    if (!linkedLoaded || !linkedId) return;
    document.querySelector(`[data-booking-id="${CSS.escape(linkedId)}"]`)?.scrollIntoView({ block: 'center' });
  }, [linkedId, linkedLoaded]);
  // Soonest appointment first; the same day by time of day.
  const rows = [...(bookings.data ?? [])].sort(
    (a, b) => a.date.localeCompare(b.date) || Number(a.time.split(':')[0]) - Number(b.time.split(':')[0]),
  );

  return (
    <Panel>
      <PanelHeader
        title="Bookings"
        description="Requests from the booking form. Confirm, complete or cancel them; cancelling returns the place to the calendar."
      >
        <ExportButton name="bookings" />
      </PanelHeader>
      <Table aria-label="Bookings">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Customer</TableHead>
            <TableHead>Service</TableHead>
            <TableHead>Date</TableHead>
            <TableHead>Time</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableStateRow colSpan={6} loading={bookings.isPending} error={bookings.isError} empty="No bookings yet." what="bookings" />
          ) : (
            rows.map((booking) => {
              const status = bookingStatuses.find((s) => s.value === booking.status);
              const who = `${booking.firstName} ${booking.lastName}`;
              return (
                <TableRow
                  key={booking.id}
                  data-testid="booking-row"
                  data-booking-id={booking.id}
                  aria-current={booking.id === linkedId ? true : undefined}
                  className={cn(booking.id === linkedId && 'bg-gold/[0.07] outline outline-1 -outline-offset-1 outline-gold/60')}
                >
                  <TableCell>
                    <p className="text-ivory">{who}</p>
                    <p className="text-xs text-muted">{booking.email}</p>
                  </TableCell>
                  <TableCell>
                    {serviceLabel(booking.service)}
                    {/* What the guest's code took off: the owner charges the rest at the retreat. */}
                    {booking.promoCode ? (
                      <p className="text-xs text-gold-light" data-testid="booking-promo">
                        Promo {booking.promoCode}: −{displayMoney(booking.discount)}
                      </p>
                    ) : null}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {booking.checkOut ? (
                      <>
                        <span data-testid="stay-dates">{formatStayRange(booking.date, booking.checkOut, booking.nights)}</span>{' '}
                        <span className="ml-1 text-xs text-muted">{stayYears(booking.date, booking.checkOut)}</span>
                      </>
                    ) : (
                      formatCalendarDate(booking.date)
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">{formatSlot(booking.time)}</TableCell>
                  <TableCell>
                    {status ? (
                      <ToneBadge data-testid="status-badge" tone={status.tone}>
                        {status.label}
                      </ToneBadge>
                    ) : (
                      booking.status
                    )}
                    {booking.deposit ? (
                      <DepositButton booking={booking} onOpen={() => setDepositOf({ id: booking.id, offerRefund: false })} />
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <div className="flex items-center justify-end gap-2">
                      <StatusSelect
                        value={booking.status}
                        options={bookingStatuses}
                        label={`Status of the booking of ${who} on ${formatCalendarDate(booking.date)}`}
                        disabled={updateStatus.isPending && updateStatus.variables?.id === booking.id}
                        onChange={(next) => {
                          if (next === booking.status) return;
                          updateStatus.mutate(
                            { id: booking.id, status: next },
                            {
                              // Cancelling a booking whose deposit was taken offers its refund.
                              onSuccess: (changed) => {
                                if (next === 'cancelled' && changed.deposit?.state === 'paid') {
                                  setDepositOf({ id: booking.id, offerRefund: true });
                                }
                              },
                            },
                          );
                        }}
                      />
                      <DeleteAction
                        label={`Delete the booking of ${who} on ${formatCalendarDate(booking.date)}`}
                        what="booking"
                        pending={remove.isPending && remove.variables === booking.id}
                        onConfirmed={() => remove.mutate(booking.id)}
                      />
                    </div>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
      <DepositDialog
        booking={depositBooking}
        offerRefund={depositOf?.offerRefund}
        onOpenChange={(open) => {
          if (!open) setDepositOf(undefined);
        }}
      />
    </Panel>
  );
}

/** The deposit's state under the booking's status; opens its details. */
function DepositButton({ booking, onOpen }: { booking: AdminBooking; onOpen: () => void }) {
  const deposit = booking.deposit;
  if (!deposit) return null;
  const state = depositState(deposit.state);
  const who = `${booking.firstName} ${booking.lastName}`;
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="deposit-button"
      aria-label={`Deposit of ${who}: ${displayMoney(deposit.amount)}, ${state.label}`}
      className="mt-2 block cursor-pointer text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-light"
    >
      <ToneBadge tone={state.tone}>
        {displayMoney(deposit.amount)} · {state.label}
      </ToneBadge>
    </button>
  );
}
