import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError } from '@/lib/api/errors';
import { useProducts } from '@/lib/api/catalogue/get-products';
import { useServices } from '@/lib/api/catalogue/get-services';
import { useReturnFocus } from '@/lib/use-return-focus';
import { FormActions } from '../../shared/ui';
import { useSavePromoCode, type PromoCode } from '../api/promo-codes';
import { emptyPromo, formToPromo, promoSchema, promoServerFields, promoToForm, scopeLabels, type PromoFormValues } from '../promo-schema';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; promo?: PromoCode };

/** "New Promo Code" / "Edit Promo Code". */
export function PromoCodeDialog({ open, onOpenChange, promo }: Props) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(open);
  const save = useSavePromoCode();
  const { handleSubmit, control, reset, setError } = useForm<PromoFormValues>({
    resolver: zodResolver(promoSchema),
    defaultValues: promo ? promoToForm(promo) : emptyPromo,
  });
  const kind = useWatch({ control, name: 'kind' });
  const scope = useWatch({ control, name: 'appliesTo' });
  const id = (name: string) => `${promo ? 'edit' : 'add'}-promo-${name}`;

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { id: promo?.id, body: formToPromo(values) },
      {
        onSuccess: () => {
          if (!promo) reset(emptyPromo);
          onOpenChange(false);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            const shownIn = promoServerFields[field as keyof typeof promoServerFields] as keyof PromoFormValues | undefined;
            if (shownIn) setError(shownIn, { message });
          }
          if (error.code === 'duplicate_promo_code') setError('code', { message: error.serverMessage ?? 'This code is taken' });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <p className="eyebrow mb-3">Promotions</p>
          <DialogTitle>{promo ? 'Edit Promo Code' : 'New Promo Code'}</DialogTitle>
          <DialogDescription>
            Guests type the code at checkout; the discount comes off before tax and shipping. A code stays in the list with its history —
            pause it instead of deleting it.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-5 sm:grid-cols-2"
          aria-label={promo ? 'Edit promo code' : 'New promo code'}
        >
          <FormField
            control={control}
            name="code"
            id={id('code')}
            label="Code"
            hint="Letters, digits and hyphens"
            className="sm:col-span-2"
          >
            <Input required autoComplete="off" spellCheck={false} className="uppercase" />
          </FormField>
          <FormField control={control} name="kind" id={id('kind')} label="Discount">
            {(field) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={id('kind')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="percent">Percent off</SelectItem>
                  <SelectItem value="amount">Amount off ($)</SelectItem>
                </SelectContent>
              </Select>
            )}
          </FormField>
          <FormField control={control} name="value" id={id('value')} label={kind === 'percent' ? 'Percent off' : 'Amount off ($)'}>
            <Input type="number" inputMode="decimal" step={kind === 'percent' ? '1' : '0.01'} min="0" required />
          </FormField>
          <FormField control={control} name="appliesTo" id={id('applies-to')} label="For">
            {(field) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger id={id('applies-to')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {(['shop', 'bookings', 'both'] as const).map((value) => (
                    <SelectItem key={value} value={value}>
                      {scopeLabels[value]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <FormField control={control} name="minSubtotal" id={id('min-subtotal')} label="Minimum subtotal ($)" optional>
            <Input type="number" inputMode="decimal" step="0.01" min="0" />
          </FormField>
          <FormField control={control} name="startsOn" id={id('starts-on')} label="Starts on" optional>
            <Input type="date" />
          </FormField>
          <FormField control={control} name="endsOn" id={id('ends-on')} label="Ends on" optional>
            <Input type="date" />
          </FormField>
          <FormField control={control} name="maxUses" id={id('max-uses')} label="Uses in all" optional hint="Empty: no limit">
            <Input type="number" inputMode="numeric" step="1" min="1" />
          </FormField>
          <FormField
            control={control}
            name="maxUsesPerGuest"
            id={id('max-uses-per-guest')}
            label="Uses per guest"
            optional
            hint="By e-mail address"
          >
            <Input type="number" inputMode="numeric" step="1" min="1" />
          </FormField>
          {scope !== 'bookings' ? <ItemChoice control={control} name="productIds" kind="products" /> : null}
          {scope !== 'shop' ? <ItemChoice control={control} name="serviceIds" kind="services" /> : null}
          <Controller
            control={control}
            name="active"
            render={({ field }) => (
              <label className="flex items-center gap-3 text-sm text-sand sm:col-span-2">
                <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
                Active: guests can use it now
              </label>
            )}
          />
          <FormActions
            busy={save.isPending}
            submitLabel={promo ? 'Save Promo Code' : 'Create Promo Code'}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Which products (or services) a code applies to; none ticked means all of them. */
function ItemChoice({
  control,
  name,
  kind,
}: {
  control: Control<PromoFormValues>;
  name: 'productIds' | 'serviceIds';
  kind: 'products' | 'services';
}) {
  const products = useProducts();
  const services = useServices();
  const items = (kind === 'products' ? products.data : services.data) ?? [];
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-xs uppercase tracking-luxe text-sand">
        Only these {kind} <span className="normal-case tracking-normal text-muted">(none ticked: every one)</span>
      </legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <div className="mt-3 grid max-h-40 gap-2 overflow-y-auto border border-line p-3 sm:grid-cols-2">
            {items.map((item) => (
              <label key={item.id} className="flex items-center gap-3 text-sm text-ivory">
                <Checkbox
                  checked={field.value.includes(item.id)}
                  onCheckedChange={(checked) =>
                    field.onChange(checked === true ? [...field.value, item.id] : field.value.filter((chosen) => chosen !== item.id))
                  }
                />
                <span className="truncate">{item.name}</span>
              </label>
            ))}
          </div>
        )}
      />
    </fieldset>
  );
}
