import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatInstantDate } from '@/lib/dates';
import { orderStatuses } from '../../shared/statuses';
import { useLinkedRecord } from '../../shared/linked-records';
import { StatusSelect } from '../../shared/status-select';
import { ExportButton } from '../../shared/export-button';
import { IconAction, Panel, PanelHeader, TableStateRow, ToneBadge } from '../../shared/ui';
import { filterQuery, hasFilters } from '../../shared/list-view/list-view';
import { ListFilterBar } from '../../shared/list-view/list-filters';
import { ListPager } from '../../shared/list-view/list-pager';
import { useListView } from '../../shared/list-view/use-list-view';
import type { AdminOrder, OrderStatus } from '../../shared/types';
import { orderPaymentQuery, useOrder, useOrderPage } from '../api/get-order-page';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { shortOrderId } from '../order-items';
import { displayMoney } from '@/lib/money';
import { usePaymentsConfig } from '@/lib/payments/config';
import { paymentRefundable, paymentState } from '../payment-labels';
import { OrderDetailsDialog } from './order-details-dialog';
import { ReconciliationButton } from './reconciliation-dialog';
import { CancelPaidOrderDialog } from './cancel-paid-order-dialog';

const orderRules = { statuses: orderStatuses.map((status) => status.value), payments: true };

const paymentViews = [
  { value: 'never_paid', label: 'Never paid' },
  { value: 'all', label: 'All orders' },
] as const;

/** A gift card's order is delivered by mail, never shipped (docs/decisions.md §16). */
const giftCardStatuses = orderStatuses.filter((status) => status.value !== 'shipped');

/** The shop's orders a page at a time (newest first), searched and filtered; the view lives in the address. */
export function OrdersTab() {
  const list = useListView<OrderStatus>(orderRules);
  const payments = usePaymentsConfig();
  // Known once the config is read (a failed read shows every order).
  const paymentsOn = payments.isError ? false : payments.data?.enabled;
  const orders = useOrderPage(list.view, paymentsOn);
  const updateStatus = useUpdateOrderStatus();
  const [shownId, setViewing] = useState<string | undefined>();
  const [cancelling, setCancelling] = useState<AdminOrder | undefined>();
  // A mail link (?tab=orders&order=<id>) opens that order's details.
  const [linkedId, forgetLinked] = useLinkedRecord('order');
  const rows = orders.data?.items ?? [];
  const openId = shownId ?? linkedId ?? undefined;
  // The order shown is read from the page when it is there, else on its own (a link, or a filter it no longer matches).
  const onPage = openId ? rows.find((order) => order.id === openId) : undefined;
  const byId = useOrder(openId && !onPage ? openId : undefined);
  const viewing = onPage ?? byId.data ?? undefined;

  return (
    <Panel>
      <PanelHeader
        title="Orders"
        description={
          paymentsOn
            ? 'Shop orders, newest first: those paid unless you choose otherwise. Set a status as each parcel moves along.'
            : 'Shop orders, newest first. Set a status as each parcel moves along.'
        }
      >
        {paymentsOn ? <ReconciliationButton /> : null}
        <ExportButton name="orders" filters={{ ...filterQuery(list.view), payment: orderPaymentQuery(list.view, Boolean(paymentsOn)) }} />
      </PanelHeader>
      <ListFilterBar
        label="Filter the orders"
        controls={list}
        search={{ label: 'Search orders', placeholder: 'Name, e-mail or order number' }}
        statuses={{ label: 'Status', any: 'All statuses', choices: orderStatuses }}
        payments={paymentsOn ? { label: 'Payment', any: 'Paid orders', choices: paymentViews } : undefined}
        dates={{ from: 'Placed from', to: 'Placed to' }}
      />
      <Table
        aria-label="Orders"
        scrollLabel="Orders, scrollable"
        aria-busy={orders.isFetching}
        className={orders.isPlaceholderData ? 'opacity-60' : undefined}
      >
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Order</TableHead>
            <TableHead>Customer</TableHead>
            <TableHead>Date</TableHead>
            <TableHead className="text-right">Total</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableStateRow
              colSpan={6}
              loading={orders.isPending}
              error={orders.isError}
              empty={hasFilters(list.view) ? 'No orders match these filters.' : 'No orders yet.'}
              what="orders"
            />
          ) : (
            rows.map((order) => {
              const status = orderStatuses.find((s) => s.value === order.status);
              const short = shortOrderId(order.id);
              return (
                <TableRow key={order.id} data-testid="order-row" data-order-id={order.id}>
                  <TableCell className="font-mono text-xs text-gold-light">{short}</TableCell>
                  <TableCell>
                    <p className="text-ivory">
                      {order.firstName} {order.lastName}
                    </p>
                    <p className="text-xs text-muted">{order.email}</p>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatInstantDate(order.createdAt)}</TableCell>
                  <TableCell className="whitespace-nowrap text-right">
                    <p className="tabular-nums text-ivory">{displayMoney(order.total)}</p>
                    <ToneBadge className="mt-1" tone={paymentState(order.payment.state).tone} data-testid="payment-badge">
                      {paymentState(order.payment.state).label}
                    </ToneBadge>
                  </TableCell>
                  <TableCell>
                    {status ? (
                      <ToneBadge data-testid="status-badge" tone={status.tone}>
                        {status.label}
                      </ToneBadge>
                    ) : (
                      order.status
                    )}
                  </TableCell>
                  <TableCell>
                    <div className="flex items-center justify-end gap-2">
                      <IconAction label={`View details of order ${short}`} hint="View details" onClick={() => setViewing(order.id)}>
                        <Eye aria-hidden className="size-4" />
                      </IconAction>
                      <StatusSelect
                        value={order.status}
                        options={order.kind === 'gift_card' ? giftCardStatuses : orderStatuses}
                        label={`Status of order ${short}`}
                        disabled={updateStatus.isPending && updateStatus.variables?.id === order.id}
                        onChange={(next) => {
                          if (next === order.status) return;
                          // Cancelling an order paid by card asks first what becomes of the payment.
                          if (next === 'cancelled' && paymentsOn && paymentRefundable(order.payment)) {
                            setCancelling(order);
                            return;
                          }
                          updateStatus.mutate({ id: order.id, status: next });
                        }}
                      />
                    </div>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
      <ListPager label="Orders pages" controls={list} page={orders.data} loading={orders.isPlaceholderData} />
      <OrderDetailsDialog
        order={viewing}
        onOpenChange={(open) => {
          if (open) return;
          setViewing(undefined);
          if (linkedId) forgetLinked();
        }}
      />
      <CancelPaidOrderDialog
        order={cancelling}
        pending={updateStatus.isPending}
        onOpenChange={(open) => {
          if (!open) setCancelling(undefined);
        }}
        onChoose={(payment) => {
          if (!cancelling) return;
          updateStatus.mutate({ id: cancelling.id, status: 'cancelled', payment }, { onSuccess: () => setCancelling(undefined) });
        }}
      />
    </Panel>
  );
}
