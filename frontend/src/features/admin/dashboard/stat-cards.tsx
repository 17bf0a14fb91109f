import { CalendarCheck, Mail, ShoppingBag, Wallet, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useBookings } from '../bookings/api/get-bookings';
import { useMessages } from '../messages/api/get-messages';
import { useOrders } from '../orders/api/get-orders';
import { totalRevenue } from './stats';

function StatCard({ label, value, icon: Icon, note }: { label: string; value: string | undefined; icon: LucideIcon; note: string }) {
  return (
    <div className="group relative overflow-hidden border border-line bg-surface/80 p-6 transition-colors duration-300 hover:border-gold/40">
      <span aria-hidden className="absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-gold/60 to-transparent" />
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-[0.68rem] font-medium uppercase tracking-luxe text-sand">{label}</p>
          <p
            className="mt-3 font-display text-4xl tabular-nums text-ivory"
            data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
          >
            {value ?? <span className="text-muted">—</span>}
          </p>
        </div>
        <span className="flex size-11 shrink-0 items-center justify-center border border-gold/40 bg-gold/10 text-gold">
          <Icon aria-hidden className="size-5" />
        </span>
      </div>
      <p className="mt-3 text-xs text-muted">{note}</p>
    </div>
  );
}

/** Spec §2/§7: revenue and counts from the lists; a failed load is only logged. */
export function StatCards() {
  const orders = useOrders();
  const bookings = useBookings();
  const messages = useMessages();

  useEffect(() => {
    if (orders.error) console.error('Loading orders for the dashboard stats failed', orders.error);
  }, [orders.error]);
  useEffect(() => {
    if (bookings.error) console.error('Loading bookings for the dashboard stats failed', bookings.error);
  }, [bookings.error]);
  useEffect(() => {
    if (messages.error) console.error('Loading messages for the dashboard stats failed', messages.error);
  }, [messages.error]);

  return (
    <section aria-label="Overview" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Total Revenue"
        icon={Wallet}
        value={orders.data ? totalRevenue(orders.data) : undefined}
        note="Sum of all order totals"
      />
      <StatCard
        label="Total Orders"
        icon={ShoppingBag}
        value={orders.data ? String(orders.data.length) : undefined}
        note="Placed in the online shop"
      />
      <StatCard
        label="Total Bookings"
        icon={CalendarCheck}
        value={bookings.data ? String(bookings.data.length) : undefined}
        note="Requests from the booking form"
      />
      <StatCard
        label="New Messages"
        icon={Mail}
        value={messages.data ? String(messages.data.length) : undefined}
        note="Received through the contact form"
      />
    </section>
  );
}
