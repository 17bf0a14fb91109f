import { Eye, Gift } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { businessToday, formatCalendarDate } from '@/lib/dates';
import { displayMoney } from '@/lib/money';
import { ExportButton } from '../../shared/export-button';
import { useLinkedRecord } from '../../shared/linked-records';
import { IconAction, Panel, PanelHeader, TableStateRow, ToneBadge } from '../../shared/ui';
import { useGiftCards } from '../api/gift-cards';
import { deliveryWords, giftCardKind, giftCardState, maskedCode } from '../gift-card-labels';
import { GiftCardDetailsDialog } from './gift-card-details-dialog';
import { PromotionalCardDialog } from './promotional-card-dialog';

/**
 * The Gift cards tab (docs/decisions.md §16): every card sold or given, its
 * balance and delivery; a card's details hold its ledger and the owner's
 * actions (resend, redeem at the retreat, cash out, void).
 */
export function GiftCardsTab() {
  const cards = useGiftCards();
  const [giving, setGiving] = useState(false);
  const [shownId, setShownId] = useState<string | undefined>();
  // A mail link (?tab=gift-cards&giftCard=<id>) opens that card's details.
  const [linkedId, forgetLinked] = useLinkedRecord('giftCard');
  const rows = [...(cards.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const openId = shownId ?? linkedId;
  const viewing = openId ? rows.find((card) => card.id === openId) : undefined;
  const today = businessToday();

  return (
    <Panel>
      <PanelHeader
        title="Gift Cards"
        description="Cards sold on the site and given away, with what is left on each. Open one for its history."
      >
        <ExportButton name="gift-cards" />
        <Button onClick={() => setGiving(true)}>
          <Gift aria-hidden className="size-4" />
          Give a promotional card
        </Button>
      </PanelHeader>
      <Table aria-label="Gift cards">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Card</TableHead>
            <TableHead>Recipient</TableHead>
            <TableHead>From</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead className="text-right">Balance</TableHead>
            <TableHead>State</TableHead>
            <TableHead>Delivery</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableStateRow colSpan={8} loading={cards.isPending} error={cards.isError} empty="No gift cards yet." what="gift cards" />
          ) : (
            rows.map((card) => {
              const state = giftCardState(card.state);
              return (
                <TableRow
                  key={card.id}
                  data-testid="gift-card-row"
                  data-gift-card-id={card.id}
                  className="cursor-pointer"
                  onClick={() => setShownId(card.id)}
                >
                  <TableCell className="whitespace-nowrap">
                    <p className="font-mono text-gold-light">{maskedCode(card.lastFour)}</p>
                    <p className="text-xs text-muted">{giftCardKind(card.kind)}</p>
                  </TableCell>
                  <TableCell>
                    <p className="text-ivory">{card.recipientName}</p>
                    <p className="text-xs text-muted">{card.recipientEmail}</p>
                  </TableCell>
                  <TableCell>
                    <p className="text-ivory">{card.fromName}</p>
                    {card.buyerEmail ? <p className="text-xs text-muted">{card.buyerEmail}</p> : null}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">
                    {displayMoney(card.amount)}
                    {card.label ? <span className="block text-xs text-muted">{card.label}</span> : null}
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums text-ivory" data-testid="gift-card-balance">
                    {displayMoney(card.balance)}
                  </TableCell>
                  <TableCell>
                    <ToneBadge tone={state.tone} data-testid="gift-card-state">
                      {state.label}
                    </ToneBadge>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {formatCalendarDate(card.deliverOn)}
                    <span className="block text-xs text-muted">{deliveryWords(card, today)}</span>
                  </TableCell>
                  <TableCell>
                    <div className="flex items-center justify-end">
                      <IconAction
                        label={`View gift card ${maskedCode(card.lastFour)}`}
                        hint="View details"
                        onClick={(event) => {
                          // The row opens it too: once is enough.
                          event.stopPropagation();
                          setShownId(card.id);
                        }}
                      >
                        <Eye aria-hidden className="size-4" />
                      </IconAction>
                    </div>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
      <GiftCardDetailsDialog
        card={viewing}
        onOpenChange={(open) => {
          if (open) return;
          setShownId(undefined);
          if (linkedId) forgetLinked();
        }}
      />
      <PromotionalCardDialog open={giving} onOpenChange={setGiving} />
    </Panel>
  );
}
