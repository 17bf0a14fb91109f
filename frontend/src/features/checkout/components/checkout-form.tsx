import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { fieldAria } from '@/components/ui/field-styles';
import { toast } from '@/components/ui/toast-store';
import { useCart } from '@/features/cart/cart-context';
import { useProducts } from '@/features/products/api/get-products';
import { useCreateOrder } from '../api/create-order';
import { buildOrderPayload, type ShippingDetails } from '../order-payload';
import { OrderSummary } from './order-summary';

const required = (label: string) => z.string().trim().min(1, `${label} is required`);
const shippingSchema = z.object({
  firstName: required('First name'),
  lastName: required('Last name'),
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
  phone: z.string(),
  address: required('Address'),
  city: required('City'),
  state: required('State'),
  zip: required('ZIP code'),
});
const emptyShipping: ShippingDetails = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip: '',
};

export function CheckoutForm({ onPlaced }: { onPlaced: (shortOrderId: string) => void }) {
  const { items, clearCart, syncProducts } = useCart();
  const products = useProducts();
  const createOrder = useCreateOrder();
  const { register, handleSubmit, formState } = useForm<ShippingDetails>({
    resolver: zodResolver(shippingSchema),
    defaultValues: emptyShipping,
  });
  const { errors } = formState;

  // A cart saved days ago may hold old names or prices: align it with the catalogue.
  useEffect(() => {
    if (products.data) syncProducts(products.data);
  }, [products.data, syncProducts]);

  const onSubmit = handleSubmit(async (shipping) => {
    try {
      const order = await createOrder.mutateAsync(buildOrderPayload(shipping, items));
      const shortId = order.id.slice(0, 8);
      toast({
        title: 'Order Placed Successfully!',
        description: `Order #${shortId} confirmed. You will receive a confirmation email shortly.`,
      });
      clearCart({ silent: true });
      onPlaced(shortId);
    } catch {
      toast({
        title: 'Order Failed',
        description: 'There was an error processing your order. Please try again.',
        variant: 'destructive',
      });
    }
  });

  const busy = formState.isSubmitting || createOrder.isPending;
  return (
    <form onSubmit={onSubmit} className="grid gap-10 lg:grid-cols-[1.5fr_1fr] lg:gap-14" aria-label="Checkout">
      <div className="space-y-10">
        <section aria-labelledby="shipping-heading" className="border border-line bg-surface p-6 sm:p-8">
          <h2 id="shipping-heading" className="font-display text-3xl text-ivory">
            Shipping Information
          </h2>
          <span className="gold-rule mt-4 bg-gold" />
          <div className="mt-8 grid gap-5 sm:grid-cols-2">
            <Field id="checkout-first-name" label="First name" error={errors.firstName?.message}>
              <Input required autoComplete="given-name" {...fieldAria('checkout-first-name', errors.firstName?.message)} {...register('firstName')} />
            </Field>
            <Field id="checkout-last-name" label="Last name" error={errors.lastName?.message}>
              <Input required autoComplete="family-name" {...fieldAria('checkout-last-name', errors.lastName?.message)} {...register('lastName')} />
            </Field>
            <Field id="checkout-email" label="Email" error={errors.email?.message}>
              <Input required type="email" autoComplete="email" {...fieldAria('checkout-email', errors.email?.message)} {...register('email')} />
            </Field>
            <Field id="checkout-phone" label="Phone" optional>
              <Input id="checkout-phone" type="tel" autoComplete="tel" {...register('phone')} />
            </Field>
            <Field id="checkout-address" label="Address" error={errors.address?.message} className="sm:col-span-2">
              <Input required autoComplete="street-address" {...fieldAria('checkout-address', errors.address?.message)} {...register('address')} />
            </Field>
            <Field id="checkout-city" label="City" error={errors.city?.message}>
              <Input required autoComplete="address-level2" {...fieldAria('checkout-city', errors.city?.message)} {...register('city')} />
            </Field>
            <div className="grid grid-cols-2 gap-5">
              <Field id="checkout-state" label="State" error={errors.state?.message}>
                <Input required autoComplete="address-level1" {...fieldAria('checkout-state', errors.state?.message)} {...register('state')} />
              </Field>
              <Field id="checkout-zip" label="ZIP code" error={errors.zip?.message}>
                <Input required autoComplete="postal-code" inputMode="numeric" {...fieldAria('checkout-zip', errors.zip?.message)} {...register('zip')} />
              </Field>
            </div>
          </div>
        </section>

        <section aria-labelledby="payment-heading" className="border border-line bg-surface p-6 sm:p-8">
          <h2 id="payment-heading" className="font-display text-3xl text-ivory">
            Payment Information
          </h2>
          <span className="gold-rule mt-4 bg-gold" />
          <p className="mt-5 flex items-center gap-2 text-sm text-sand">
            <Lock aria-hidden className="size-4 text-gold" />
            Card details are checked in your browser only; they are never sent or stored.
          </p>
          {/* Deliberately unnamed and unregistered: these values cannot reach a request. */}
          <div className="mt-6 grid gap-5 sm:grid-cols-2">
            <Field id="checkout-card-number" label="Card number" className="sm:col-span-2">
              <Input id="checkout-card-number" required inputMode="numeric" autoComplete="cc-number" placeholder="1234 5678 9012 3456" />
            </Field>
            <Field id="checkout-card-expiry" label="Expiry">
              <Input id="checkout-card-expiry" required autoComplete="cc-exp" placeholder="MM/YY" />
            </Field>
            <Field id="checkout-card-cvc" label="CVC">
              <Input id="checkout-card-cvc" required inputMode="numeric" autoComplete="cc-csc" placeholder="123" />
            </Field>
          </div>
        </section>
      </div>

      <div className="lg:sticky lg:top-28 lg:self-start">
        <OrderSummary items={items}>
          <Button type="submit" size="lg" className="mt-8 w-full" disabled={busy || items.length === 0}>
            {busy ? 'PROCESSING...' : 'PLACE ORDER'}
          </Button>
          <Link
            to="/products"
            className="mt-4 block text-center text-xs uppercase tracking-luxe text-gold hover:text-gold-light"
          >
            continue shopping
          </Link>
        </OrderSummary>
      </div>
    </form>
  );
}
