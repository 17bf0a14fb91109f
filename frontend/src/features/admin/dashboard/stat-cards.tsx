import { CalendarCheck, Mail, ShoppingBag, Wallet, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { displayMoney } from '@/lib/money';
import { useSummary } from './api/get-summary';
import { summaryNotes } from './summary-notes';

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

/**
 * Spec §2/§7: the four cards, from GET /api/admin/summary. "New Messages" is
 * the messages not yet opened; each note carries the figures behind the total.
 * A failed load is only logged (the cards show a dash).
 */
export function StatCards() {
  const summary = useSummary();
  const figures = summary.data;
  const notes = figures ? summaryNotes(figures) : undefined;

  useEffect(() => {
    if (summary.error) console.error('Loading the dashboard summary failed', summary.error);
  }, [summary.error]);

  return (
    <section aria-label="Overview" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Total Revenue"
        icon={Wallet}
        value={figures ? displayMoney(figures.revenue) : undefined}
        note={notes?.revenue ?? 'Sum of all order totals'}
      />
      <StatCard
        label="Total Orders"
        icon={ShoppingBag}
        value={figures ? String(figures.orders) : undefined}
        note={notes?.orders ?? 'Placed in the online shop'}
      />
      <StatCard
        label="Total Bookings"
        icon={CalendarCheck}
        value={figures ? String(figures.bookings) : undefined}
        note={notes?.bookings ?? 'Requests from the booking form'}
      />
      <StatCard
        label="New Messages"
        icon={Mail}
        value={figures ? String(figures.messagesNew) : undefined}
        note={notes?.messages ?? 'Not yet opened'}
      />
    </section>
  );
}
