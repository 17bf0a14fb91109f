import type { Ref } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatPrice } from '@/lib/money';
import type { GiftCardService } from '../api/get-options';

/**
 * The treatment a card holds, chosen from the bookable services. Its code
 * (Radix Select) loads when the guest picks "A treatment", not with the page.
 */
export default function TreatmentSelect({
  value,
  onValueChange,
  onBlur,
  name,
  ref,
  services,
}: {
  value: string;
  onValueChange: (serviceId: string) => void;
  onBlur: () => void;
  name: string;
  /** The trigger, focused when the field has an error. */
  ref: Ref<HTMLButtonElement>;
  services: readonly GiftCardService[];
}) {
  return (
    <Select value={value} onValueChange={onValueChange} name={name}>
      <SelectTrigger onBlur={onBlur} ref={ref}>
        <SelectValue placeholder="Choose a treatment" />
      </SelectTrigger>
      <SelectContent>
        {services.map((service) => (
          <SelectItem key={service.id} value={service.id}>
            {service.name} — {formatPrice(service.price)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
