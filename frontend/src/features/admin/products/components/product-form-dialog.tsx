import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { MediaUrlField } from '../../media/components/media-url-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { Product } from '@/lib/api/types';
import { applyFieldErrors } from '../../shared/form-errors';
import { useReturnFocus } from '@/lib/use-return-focus';
import { FormActions } from '../../shared/ui';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import {
  emptyProduct,
  formToProduct,
  productCategories,
  productFields,
  productSchema,
  productToForm,
  type ProductFormValues,
} from '../product-schema';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product being edited; none for Add Product. */
  product?: Product;
};

/** Add Product and Edit Product share one form (spec §5). */
export function ProductFormDialog({ open, onOpenChange, product }: Props) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(open);
  const editing = Boolean(product);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const { control, handleSubmit, reset, setError } = useForm<ProductFormValues>({
    resolver: zodResolver(productSchema),
    defaultValues: product ? productToForm(product) : emptyProduct,
  });
  const busy = create.isPending || update.isPending;
  const idPrefix = editing ? 'edit-product' : 'add-product';

  const onSubmit = handleSubmit((values) => {
    const body = formToProduct(values);
    const onError = (error: unknown) => applyFieldErrors(error, setError, productFields);
    if (product) {
      update.mutate({ id: product.id, body }, { onSuccess: () => onOpenChange(false), onError });
    } else {
      create.mutate(body, {
        onSuccess: () => {
          reset(emptyProduct);
          onOpenChange(false);
        },
        onError,
      });
    }
  });

  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <p className="eyebrow mb-3">Shop</p>
          <DialogTitle>{editing ? 'Edit Product' : 'Add Product'}</DialogTitle>
          <DialogDescription>
            {editing ? 'Update the details guests see in the shop.' : 'A new product appears in the shop as soon as it is saved.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2" aria-label={editing ? 'Edit product' : 'Add product'}>
          <FormField control={control} name="name" id={id('name')} label="Name" className="sm:col-span-2">
            <Input required />
          </FormField>
          <FormField control={control} name="category" id={id('category')} label="Category">
            {(field) => (
              <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                  <SelectValue placeholder="Choose a category" />
                </SelectTrigger>
                <SelectContent>
                  {productCategories.map((c) => (
                    <SelectItem key={c.value} value={c.value}>
                      {c.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <FormField control={control} name="price" id={id('price')} label="Price ($)">
            <Input type="number" inputMode="decimal" step="0.01" min="0" required />
          </FormField>
          <FormField control={control} name="stock" id={id('stock')} label="Stock" optional>
            <Input type="number" inputMode="numeric" step="1" min="0" max="100000" placeholder="Unlimited" />
          </FormField>
          <FormField control={control} name="description" id={id('description')} label="Description" className="sm:col-span-2">
            <Textarea rows={4} required />
          </FormField>
          <FormField control={control} name="image" id={id('image')} label="Image URL" className="sm:col-span-2">
            {(field) => (
              <MediaUrlField
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                placeholder="/media/products/… or https://…"
              />
            )}
          </FormField>
          <FormActions busy={busy} submitLabel={editing ? 'Update Product' : 'Create Product'} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
