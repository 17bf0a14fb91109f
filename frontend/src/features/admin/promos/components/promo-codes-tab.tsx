import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { displayMoney } from '@/lib/money';
import { ExportButton } from '../../shared/export-button';
import { EditAction, Panel, PanelHeader, TableStateRow, ToneBadge } from '../../shared/ui';
import { usePromoCodes, useSavePromoCode, type PromoCode } from '../api/promo-codes';
import { formToPromo, promoToForm, promoValueLabel, scopeLabels } from '../promo-schema';
import { PromoCodeDialog } from './promo-code-dialog';

function dates(promo: PromoCode): string {
  if (promo.startsOn && promo.endsOn) return `${promo.startsOn} – ${promo.endsOn}`;
  if (promo.startsOn) return `From ${promo.startsOn}`;
  if (promo.endsOn) return `Until ${promo.endsOn}`;
  return 'Always';
}

export function PromoCodesTab() {
  const codes = usePromoCodes();
  const save = useSavePromoCode();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PromoCode | undefined>();
  const rows = codes.data ?? [];

  return (
    <Panel>
      <PanelHeader title="Promo Codes" description="Codes for the newsletter and friends of the retreat, with what each one brought.">
        <ExportButton name="promo-codes" />
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden className="size-4" />
          New Promo Code
        </Button>
      </PanelHeader>
      <Table aria-label="Promo codes">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Code</TableHead>
            <TableHead>Discount</TableHead>
            <TableHead>Dates</TableHead>
            <TableHead className="text-right">Uses</TableHead>
            <TableHead className="text-right">Discount given</TableHead>
            <TableHead className="text-right">Revenue</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableStateRow colSpan={8} loading={codes.isPending} error={codes.isError} empty="No promo codes yet." what="promo codes" />
          ) : (
            rows.map((promo) => (
              <TableRow key={promo.id} data-testid="promo-row">
                <TableCell className="font-medium tracking-wide text-ivory">{promo.code}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {promoValueLabel(promo)}
                  <span className="block text-xs text-muted">
                    {scopeLabels[promo.appliesTo]}
                    {promo.minSubtotal ? ` · over ${displayMoney(promo.minSubtotal)}` : ''}
                  </span>
                </TableCell>
                <TableCell className="whitespace-nowrap text-sm">{dates(promo)}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">
                  {promo.uses}
                  {promo.maxUses != null ? ` / ${promo.maxUses}` : ''}
                </TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">{displayMoney(promo.discountGiven)}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums text-ivory">{displayMoney(promo.revenue)}</TableCell>
                <TableCell>
                  <ToneBadge tone={promo.active ? 'green' : 'stone'}>{promo.active ? 'Active' : 'Paused'}</ToneBadge>
                </TableCell>
                <TableCell>
                  <div className="flex items-center justify-end gap-2">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={save.isPending}
                      onClick={() => save.mutate({ id: promo.id, body: formToPromo({ ...promoToForm(promo), active: !promo.active }) })}
                    >
                      {promo.active ? 'Pause' : 'Resume'}
                      <span className="sr-only"> {promo.code}</span>
                    </Button>
                    <EditAction label={`Edit ${promo.code}`} onClick={() => setEditing(promo)} />
                  </div>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <PromoCodeDialog open={adding} onOpenChange={setAdding} />
      {editing ? (
        <PromoCodeDialog
          key={editing.id}
          open
          promo={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(undefined);
          }}
        />
      ) : null}
    </Panel>
  );
}
