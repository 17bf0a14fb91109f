import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';
import { adminKeys } from '../../shared/admin-keys';
import { listQuery, type ListView } from '../../shared/list-view/list-view';
import { pagedListOptions } from '../../shared/list-view/paged-query';
import type { OrderStatus } from '../../shared/types';

export type OrderListView = ListView<OrderStatus, never>;

/**
 * The orders' payment filter as the server takes it: with payments on the
 * tab shows the orders paid by default (those every figure counts), and
 * "Never paid" or "All orders" on request; with payments off, every order.
 */
export function orderPaymentQuery(view: Pick<OrderListView, 'payment'>, paymentsOn: boolean) {
  if (view.payment === 'never_paid') return 'never_paid' as const;
  if (view.payment === 'all' || !paymentsOn) return undefined;
  return 'counted' as const;
}

export async function getOrderPage(view: OrderListView, paymentsOn: boolean, signal?: AbortSignal) {
  const query = { ...listQuery(view), payment: orderPaymentQuery(view, paymentsOn) };
  return unwrap(await api.GET('/api/admin/orders', { params: { query }, signal }));
}

/** One page of the Orders tab, newest first; the key is what is asked, so pages that only differ in their number share it. */
export function useOrderPage(view: OrderListView, paymentsOn: boolean | undefined) {
  const query = { ...listQuery(view), payment: orderPaymentQuery(view, Boolean(paymentsOn)) };
  return useQuery({
    queryKey: adminKeys.orderPage(query),
    queryFn: ({ signal }) => getOrderPage(view, Boolean(paymentsOn), signal),
    // Asked once it is known whether payments are on: the default view differs.
    enabled: paymentsOn !== undefined,
    ...pagedListOptions,
  });
}

/**
 * One order by its id, whatever page the list shows: a mail link
 * (?tab=orders&order=<id>) or the refund offered after cancelling must
 * open it even when it is not, or no longer, on the page. The full id
 * searched finds exactly that order.
 */
export function useOrder(id: string | undefined) {
  return useQuery({
    queryKey: adminKeys.order(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => {
      const page = unwrap(await api.GET('/api/admin/orders', { params: { query: { q: id, limit: 1 } }, signal }));
      return page.items.find((order) => order.id === id) ?? null;
    },
  });
}
