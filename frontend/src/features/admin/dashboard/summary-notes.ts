import { displayMoney } from '@/lib/money';
import type { DashboardSummary } from '../shared/types';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The line under each stat card: the figures a retreat watches besides the
 * total. With payments on, the revenue line says what it counts (money
 * received less refunds, by what it was for) and the orders line how many
 * were never paid (counted nowhere).
 */
export function summaryNotes(summary: DashboardSummary) {
  const months = `This month ${displayMoney(summary.revenueThisMonth)} · last month ${displayMoney(summary.revenueLastMonth)}`;
  const sources = summary.revenueSources?.thisMonth;
  const received = sources
    ? `${months}. Received less refunds — this month: shop ${displayMoney(sources.shop)} · deposits ${displayMoney(
        sources.deposits,
      )} · gift cards sold ${displayMoney(sources.giftCards)}`
    : months;
  const neverPaid = summary.ordersNeverPaid > 0 ? ` · ${count(summary.ordersNeverPaid)} never paid, not counted` : '';
  return {
    revenue: received,
    orders: `${count(summary.ordersPending)} pending${neverPaid}`,
    bookings: `${count(summary.bookingsThisWeek)} this week · ${count(summary.bookingsPending)} awaiting an answer`,
    messages: `${count(summary.messagesUnanswered)} not yet answered`,
  };
}
