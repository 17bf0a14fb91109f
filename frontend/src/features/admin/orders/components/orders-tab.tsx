import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatInstantDate } from '@/lib/dates';
import { orderStatuses } from '../../shared/statuses';
import { useLinkedRecord } from '../../shared/linked-records';
import { StatusSelect } from '../../shared/status-select';
import { ExportButton } from '../../shared/export-button';
import { IconAction, Panel, PanelHeader, TableStateRow, ToneBadge } from '../../shared/ui';
import { useOrders } from '../api/get-orders';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { shortOrderId } from '../order-items';
import { displayMoney } from '@/lib/money';
import { OrderDetailsDialog } from './order-details-dialog';

export function OrdersTab() {
  const orders = useOrders();
  const updateStatus = useUpdateOrderStatus();
  const [viewingId, setViewingId] = useState<string | undefined>();
  // A mail link (?tab=orders&order=<id>) opens that order's details.
  const [linkedId, forgetLinked] = useLinkedRecord('order');
  const rows = [...(orders.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const openId = viewingId ?? linkedId;
  const viewing = openId ? rows.find((order) => order.id === openId) : undefined;

  return (
    <Panel>
      <PanelHeader title="Orders" description="Shop orders, newest first. Set a status as each parcel moves along.">
        <ExportButton name="orders" />
      </PanelHeader>
      <Table aria-label="Orders">
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
            <TableStateRow colSpan={6} loading={orders.isPending} error={orders.isError} empty="No orders yet." what="orders" />
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
                  <TableCell className="whitespace-nowrap text-right tabular-nums text-ivory">{displayMoney(order.total)}</TableCell>
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
                      <IconAction label={`View details of order ${short}`} hint="View details" onClick={() => setViewingId(order.id)}>
                        <Eye aria-hidden className="size-4" />
                      </IconAction>
                      <StatusSelect
                        value={order.status}
                        options={orderStatuses}
                        label={`Status of order ${short}`}
                        disabled={updateStatus.isPending && updateStatus.variables?.id === order.id}
                        onChange={(next) => {
                          if (next !== order.status) updateStatus.mutate({ id: order.id, status: next });
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
      <OrderDetailsDialog
        order={viewing}
        onOpenChange={(open) => {
          if (open) return;
          setViewingId(undefined);
          if (linkedId) forgetLinked();
        }}
      />
    </Panel>
  );
}
