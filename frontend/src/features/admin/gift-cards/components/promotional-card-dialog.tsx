import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api/errors';
import { businessToday } from '@/lib/dates';
import { FormActions } from '../../shared/ui';
import { useReturnFocus } from '@/lib/use-return-focus';
import { useGivePromotionalCard } from '../api/gift-cards';
import {
  emptyPromotionalCard,
  formToPromotionalCard,
  promotionalCardSchema,
  promotionalServerFields,
  type PromotionalCardValues,
} from '../promotional-card-schema';

/** "Give a promotional card": a free card for a guest (a raffle, an apology, a friend of the retreat). */
export function PromotionalCardDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(open);
  const give = useGivePromotionalCard();
  const today = businessToday();
  const fresh = () => ({ ...emptyPromotionalCard, deliverOn: businessToday() });
  const { handleSubmit, control, reset, setError } = useForm<PromotionalCardValues>({
    resolver: zodResolver(promotionalCardSchema),
    defaultValues: fresh(),
  });

  const onSubmit = handleSubmit((values) => {
    give.mutate(formToPromotionalCard(values), {
      onSuccess: () => {
        reset(fresh());
        onOpenChange(false);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          const shownIn = promotionalServerFields[field as keyof typeof promotionalServerFields] as keyof PromotionalCardValues | undefined;
          if (shownIn) setError(shownIn, { message });
        }
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <p className="eyebrow mb-3">Gift cards</p>
          <DialogTitle>Give a Promotional Card</DialogTitle>
          <DialogDescription>
            A card given away free, mailed to its recipient on the day you choose. Unlike a card sold, it may expire — only on the date
            written on it.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2" aria-label="Give a promotional card">
          <FormField control={control} name="amount" id="promo-card-amount" label="Amount ($)" hint="From $25 to $1,000, in whole dollars">
            <Input type="number" inputMode="numeric" step="1" min="25" max="1000" required />
          </FormField>
          <div className="hidden sm:block" />
          <FormField control={control} name="recipientName" id="promo-card-recipient-name" label="Recipient's name">
            <Input required autoComplete="off" />
          </FormField>
          <FormField control={control} name="recipientEmail" id="promo-card-recipient-email" label="Recipient's email">
            <Input type="email" required autoComplete="off" />
          </FormField>
          <FormField control={control} name="message" id="promo-card-message" label="Message" optional className="sm:col-span-2">
            <Textarea rows={3} maxLength={500} />
          </FormField>
          <FormField control={control} name="deliverOn" id="promo-card-deliver-on" label="Delivery date">
            <Input type="date" min={today} required />
          </FormField>
          <FormField control={control} name="expiresOn" id="promo-card-expires-on" label="Expires on" optional hint="Empty: never expires">
            <Input type="date" min={today} />
          </FormField>
          <FormActions busy={give.isPending} submitLabel="Give Card" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
