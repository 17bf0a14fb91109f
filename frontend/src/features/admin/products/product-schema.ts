import { z } from '@/lib/zod';
import type { Product } from '@/lib/api/types';
import { toMoneyString } from '@/lib/money';
import { moneyField } from '@/lib/money-field';
import type { ProductInput } from '../shared/types';

export const productCategories = [
  { value: 'skincare', label: 'Skincare' },
  { value: 'candles', label: 'Candles' },
  { value: 'teas', label: 'Teas' },
] as const;

export const MAX_STOCK = 100_000;
export const STOCK_MESSAGE = 'Stock must be a whole number from 0 to 100000, or empty for unlimited';

/** Spec §5: every field required; category defaults to skincare; price to the cent. */
export const productSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  category: z.enum(['skincare', 'candles', 'teas'], 'Please choose a category'),
  price: moneyField('Price'),
  description: z.string().trim().min(1, 'Description is required'),
  image: z.string().trim().min(1, 'Image URL is required'),
  /** Empty is unlimited (docs/decisions.md §9). */
  stock: z
    .string()
    .trim()
    .refine((value) => value === '' || (/^\d{1,6}$/.test(value) && Number(value) <= MAX_STOCK), STOCK_MESSAGE),
});

export type ProductFormValues = z.input<typeof productSchema>;
export const productFields = ['name', 'category', 'price', 'description', 'image', 'stock'] as const;

export const emptyProduct: ProductFormValues = {
  name: '',
  category: 'skincare',
  price: '',
  description: '',
  image: '',
  stock: '',
};

export function productToForm(product: Product): ProductFormValues {
  return {
    name: product.name,
    category: product.category,
    price: product.price,
    description: product.description,
    image: product.image,
    stock: product.stock === null || product.stock === undefined ? '' : String(product.stock),
  };
}

export function formToProduct(values: ProductFormValues): ProductInput {
  return {
    name: values.name.trim(),
    category: values.category,
    price: toMoneyString(values.price),
    description: values.description.trim(),
    image: values.image.trim(),
    stock: values.stock.trim() === '' ? null : Number(values.stock.trim()),
  };
}
