import { BellRing, CalendarSync, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useServiceNames } from '@/lib/api/catalogue/get-services';
import { cn } from '@/lib/cn';
import { formatCalendarDate } from '@/lib/dates';
import { formatStayRange } from '@/lib/stay-dates';
import { useLinkedRecord } from '../../shared/linked-records';
import { bookingStatuses } from '../../shared/statuses';
import { StatusSelect } from '../../shared/status-select';
import { ExportButton } from '../../shared/export-button';
import { DeleteAction, IconAction, Panel, PanelHeader, TableStateRow, ToneBadge } from '../../shared/ui';
import { bookingServices, formatSlot } from '@/config/site';
import type { ServiceKey } from '@/lib/api/types';
import { filterQuery, hasFilters } from '../../shared/list-view/list-view';
import { ListFilterBar } from '../../shared/list-view/list-filters';
import { ListPager } from '../../shared/list-view/list-pager';
import { useListView } from '../../shared/list-view/use-list-view';
import { useBooking, useBookingPage } from '../api/get-booking-page';
import { useDeleteBooking } from '../api/delete-booking';
import { useUpdateBookingStatus } from '../api/update-booking-status';
import { depositState } from '../deposit-labels';
import type { AdminBooking, BookingStatus } from '../../shared/types';
import { displayMoney } from '@/lib/money';
import { canMove, movesLabel } from '../move-booking';
import { attendanceWords } from '../reminders';
import { DepositDialog } from './deposit-dialog';
import { MoveBookingDialog } from './move-booking-dialog';
import { RemindersDialog } from './reminders-dialog';
import { BookingIntakeDialog } from '../../intake/components/booking-intake-dialog';
import { intakeStatus } from '../../intake/intake-labels';

/** A stay's year ("2026"), or years when it runs into the next ("2026–2027"). */
const stayYears = (checkIn: string, checkOut: string) =>
  checkIn.slice(0, 4) === checkOut.slice(0, 4) ? checkIn.slice(0, 4) : `${checkIn.slice(0, 4)}–${checkOut.slice(0, 4)}`;

const bookingRules = { statuses: bookingStatuses.map((status) => status.value), services: bookingServices.map((service) => service.value) };

/** The booking requests a page at a time (newest request first), searched and filtered; the view lives in the address. */
export function BookingsTab() {
  const list = useListView<BookingStatus, ServiceKey>(bookingRules);
  const bookings = useBookingPage(list.view);
  const serviceLabel = useServiceNames();
  const rows = bookings.data?.items ?? [];
  // The deposit shown, and whether it opened because the owner cancelled a paid one.
  const [depositOf, setDepositOf] = useState<{ id: string; offerRefund: boolean }>();
  // Read from the page, else on its own: a cancelled booking may have left a "Pending" page.
  const depositOnPage = rows.find((b) => b.id === depositOf?.id);
  const depositById = useBooking(depositOf && !depositOnPage ? depositOf.id : undefined);
  const depositBooking = depositOnPage ?? depositById.data ?? undefined;
  // A mail link (?tab=bookings&booking=<id>) marks that booking and brings it into view;
  // not on this page, it is read on its own and shown above the page's rows.
  const [linkedId] = useLinkedRecord('booking');
  const linkedOnPage = Boolean(linkedId && rows.some((b) => b.id === linkedId));
  const linkedById = useBooking(linkedId && bookings.data && !linkedOnPage ? linkedId : undefined);
  const pinned = linkedOnPage ? undefined : (linkedById.data ?? undefined);
  const linkedShown = linkedOnPage || Boolean(pinned);
  useEffect(() => {
    if (!linkedShown || !linkedId) return;
    document.querySelector(`[data-booking-id="${CSS.escape(linkedId)}"]`)?.scrollIntoView({ block: 'center' });
  }, [linkedId, linkedShown]);
  // The service records' names (a renamed service reads as renamed), the booking form's until they load.
  const serviceChoices = bookingServices.map(({ value, label }) => ({
    value,
    label: serviceLabel(value) === value ? label : serviceLabel(value),
  }));
  // Kept here, not in each row: a row the refetch takes off the page (a status filter) must not take its mutation's callbacks with it.
  const updateStatus = useUpdateBookingStatus();
  const remove = useDeleteBooking();
  // The booking being moved, as it was when its Move was pressed.
  const [moving, setMoving] = useState<AdminBooking>();
  // The booking whose reminders are shown (read when its dialog opens, not with the list).
  const [remindersOf, setRemindersOf] = useState<AdminBooking>();
  // The booking whose intake is shown (her answers are opened there, on request).
  const [intakeOf, setIntakeOf] = useState<AdminBooking>();
  const panel = useRef<HTMLDivElement>(null);
  const rowProps = {
    serviceLabel,
    linkedId,
    onDeposit: setDepositOf,
    onMove: setMoving,
    onReminders: setRemindersOf,
    onIntake: setIntakeOf,
    updateStatus,
    remove,
  };

  return (
    <Panel ref={panel}>
      <PanelHeader
        title="Bookings"
        description="Requests from the booking form, newest first. Confirm, complete or cancel them; cancelling returns the place to the calendar."
      >
        <ExportButton name="bookings" filters={filterQuery(list.view)} />
      </PanelHeader>
      <ListFilterBar
        label="Filter the bookings"
        controls={list}
        search={{ label: 'Search bookings', placeholder: 'Name, e-mail or booking number' }}
        statuses={{ label: 'Status', any: 'All statuses', choices: bookingStatuses }}
        services={{ label: 'Service', any: 'All services', choices: serviceChoices }}
        dates={{ from: 'Visit from', to: 'Visit to' }}
      />
      <Table
        aria-label="Bookings"
        scrollLabel="Bookings, scrollable"
        aria-busy={bookings.isFetching}
        className={bookings.isPlaceholderData ? 'opacity-60' : undefined}
      >
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
          {pinned ? <BookingRow booking={pinned} {...rowProps} /> : null}
          {rows.length === 0 && !pinned ? (
            <TableStateRow
              colSpan={6}
              loading={bookings.isPending}
              error={bookings.isError}
              empty={hasFilters(list.view) ? 'No bookings match these filters.' : 'No bookings yet.'}
              what="bookings"
            />
          ) : (
            rows.map((booking) => <BookingRow key={booking.id} booking={booking} {...rowProps} />)
          )}
        </TableBody>
      </Table>
      <ListPager label="Bookings pages" controls={list} page={bookings.data} loading={bookings.isPlaceholderData} />
      <DepositDialog
        booking={depositBooking}
        offerRefund={depositOf?.offerRefund}
        onOpenChange={(open) => {
          if (!open) setDepositOf(undefined);
        }}
      />
      <MoveBookingDialog
        booking={moving}
        // Moved out of the filtered dates, its row is gone: back to the table.
        fallbackFocus={() => panel.current?.querySelector<HTMLElement>('[role="region"][tabindex="0"]')}
        onOpenChange={(open) => {
          if (!open) setMoving(undefined);
        }}
      />
      <BookingIntakeDialog
        booking={rows.find((b) => b.id === intakeOf?.id) ?? intakeOf}
        onOpenChange={(open) => {
          if (!open) setIntakeOf(undefined);
        }}
      />
      <RemindersDialog
        // The row as the list reads it now (its status, its guest's answer), else as it was when opened.
        booking={rows.find((b) => b.id === remindersOf?.id) ?? remindersOf}
        onOpenChange={(open) => {
          if (!open) setRemindersOf(undefined);
        }}
      />
    </Panel>
  );
}

/** A booking's row: who, what, when, its status, deposit and guest's answer, and the owner's actions. */
function BookingRow({
  booking,
  serviceLabel,
  linkedId,
  onDeposit,
  onMove,
  onReminders,
  onIntake,
  updateStatus,
  remove,
}: {
  booking: AdminBooking;
  serviceLabel: (key: string) => string;
  linkedId: string | null;
  onDeposit: (deposit: { id: string; offerRefund: boolean }) => void;
  onMove: (booking: AdminBooking) => void;
  onReminders: (booking: AdminBooking) => void;
  onIntake: (booking: AdminBooking) => void;
  updateStatus: ReturnType<typeof useUpdateBookingStatus>;
  remove: ReturnType<typeof useDeleteBooking>;
}) {
  const status = bookingStatuses.find((s) => s.value === booking.status);
  const who = `${booking.firstName} ${booking.lastName}`;
  const moved = movesLabel(booking.moves);
  const attending = booking.attendanceConfirmedAt ? attendanceWords(booking.attendanceConfirmedAt) : undefined;
  return (
    <TableRow
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
        {moved ? (
          <p className="mt-1 text-xs text-muted" data-testid="booking-moves">
            <span aria-hidden>{moved.shown}</span>
            <span className="sr-only">{moved.spoken}</span>
          </p>
        ) : null}
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
        {booking.deposit ? <DepositButton booking={booking} onOpen={() => onDeposit({ id: booking.id, offerRefund: false })} /> : null}
        {/* Her intake form, where the service asks one: its state for all, her answers for those allowed. */}
        {booking.intake ? <IntakeButton booking={booking} onOpen={() => onIntake(booking)} /> : null}
        {/* The guest's answer to a reminder: she said she will be there. */}
        {attending ? (
          <p className="mt-2 flex items-center gap-1.5 whitespace-nowrap text-xs text-emerald-200" data-testid="booking-attendance">
            <CircleCheck aria-hidden className="size-3.5 shrink-0" />
            <span aria-hidden>{attending.shown}</span>
            <span className="sr-only">{attending.spoken}</span>
          </p>
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
                      onDeposit({ id: booking.id, offerRefund: true });
                    }
                  },
                },
              );
            }}
          />
          {canMove(booking) ? (
            <IconAction
              label={`Move the booking of ${who} on ${formatCalendarDate(booking.date)}`}
              hint="Move"
              onClick={() => onMove(booking)}
            >
              <CalendarSync aria-hidden className="size-4" />
            </IconAction>
          ) : (
            // Keeps the status selects in one column down the table.
            <span aria-hidden className="size-9 shrink-0" />
          )}
          <IconAction
            label={`Reminders of the booking of ${who} on ${formatCalendarDate(booking.date)}`}
            hint="Reminders"
            onClick={() => onReminders(booking)}
          >
            <BellRing aria-hidden className="size-4" />
          </IconAction>
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

/** The intake form's state under the booking's status (where the service asks one); opens the booking's intake. */
function IntakeButton({ booking, onOpen }: { booking: AdminBooking; onOpen: () => void }) {
  const status = intakeStatus(booking.intake ?? 'missing');
  const who = `${booking.firstName} ${booking.lastName}`;
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="intake-button"
      aria-label={`Intake of ${who}: ${status.label.toLowerCase()}`}
      className="mt-2 block cursor-pointer text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-light"
    >
      <ToneBadge tone={status.tone}>Intake: {status.label}</ToneBadge>
    </button>
  );
}
