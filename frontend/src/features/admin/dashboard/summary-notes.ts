import { displayMoney } from '@/lib/money';
import type { DashboardSummary } from '../shared/types';

const count = (n: number) => n.toLocaleString('en-US');

/** The line under each stat card: the figures a retreat watches besides the total. */
export function summaryNotes(summary: DashboardSummary) {
  return {
    revenue: `This month ${displayMoney(summary.revenueThisMonth)} · last month ${displayMoney(summary.revenueLastMonth)}`,
    orders: `${count(summary.ordersPending)} pending`,
    bookings: `${count(summary.bookingsThisWeek)} this week · ${count(summary.bookingsPending)} awaiting an answer`,
    messages: `${count(summary.messagesUnanswered)} not yet answered`,
  };
}
