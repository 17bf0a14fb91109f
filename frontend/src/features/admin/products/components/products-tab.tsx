import { Images, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Image } from '@/components/ui/image';
import { mediaImage } from '@/lib/responsive-image';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { displayMoney } from '@/lib/money';
import { useProducts } from '@/lib/api/catalogue/get-products';
import type { Product } from '@/lib/api/types';
import { DeleteAction, EditAction, IconAction, Panel, PanelHeader, TableStateRow } from '../../shared/ui';
import { useDeleteProduct } from '../api/delete-product';
import { productCategories } from '../product-schema';
import { ProductFormDialog } from './product-form-dialog';
import { ProductMediaDialog } from './product-media-dialog';

const categoryLabel = (value: string) => productCategories.find((c) => c.value === value)?.label ?? value;

export function ProductsTab() {
  const products = useProducts();
  const remove = useDeleteProduct();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Product | undefined>();
  const [mediaFor, setMediaFor] = useState<Product | undefined>();
  const rows = products.data ?? [];

  return (
    <Panel>
      <PanelHeader title="Products" description="The botanicals, candles and teas of the shop.">
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden className="size-4" />
          Add Product
        </Button>
      </PanelHeader>

      <Table aria-label="Products">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Name</TableHead>
            <TableHead>Category</TableHead>
            <TableHead className="text-right">Price</TableHead>
            <TableHead>Stock</TableHead>
            <TableHead>Description</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableStateRow colSpan={6} loading={products.isPending} error={products.isError} empty="No products yet." what="products" />
          ) : (
            rows.map((product) => (
              <TableRow key={product.id} data-testid="product-row">
                <TableCell className="min-w-52">
                  <div className="flex items-center gap-3">
                    <Image
                      image={mediaImage(product.image, product.imageSize)}
                      sizes="2.75rem"
                      alt=""
                      className="size-11 shrink-0 object-cover"
                    />
                    <span className="font-medium text-ivory">{product.name}</span>
                  </div>
                </TableCell>
                <TableCell className="capitalize">{categoryLabel(product.category)}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums text-ivory">{displayMoney(product.price)}</TableCell>
                <TableCell className="whitespace-nowrap tabular-nums" data-testid="product-stock">
                  <StockLevel stock={product.stock} />
                </TableCell>
                <TableCell className="max-w-md">
                  <p className="line-clamp-2" title={product.description}>
                    {product.description}
                  </p>
                </TableCell>
                <TableCell>
                  <div className="flex justify-end">
                    <IconAction label={`Manage media for ${product.name}`} hint="Media gallery" onClick={() => setMediaFor(product)}>
                      <Images aria-hidden className="size-4" />
                    </IconAction>
                    <EditAction label={`Edit ${product.name}`} onClick={() => setEditing(product)} />
                    <DeleteAction
                      label={`Delete ${product.name}`}
                      what="product"
                      pending={remove.isPending && remove.variables === product.id}
                      onConfirmed={() => remove.mutate(product.id)}
                    />
                  </div>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>

      <ProductFormDialog open={adding} onOpenChange={setAdding} />
      {editing ? (
        <ProductFormDialog
          key={editing.id}
          open
          product={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(undefined);
          }}
        />
      ) : null}
      <ProductMediaDialog
        product={mediaFor}
        onOpenChange={(open) => {
          if (!open) setMediaFor(undefined);
        }}
      />
    </Panel>
  );
}

/** Unlimited, a count, and a warning from 5 down ("Low") or at 0 ("Sold out"). */
function StockLevel({ stock }: { stock: number | null | undefined }) {
  if (stock === null || stock === undefined) return <span className="text-muted">Unlimited</span>;
  if (stock <= 0) return <Badge className="border-danger/60 text-danger">Sold out</Badge>;
  return (
    <span className="flex items-center gap-2 text-ivory">
      {stock}
      {stock <= 5 && <Badge>Low</Badge>}
    </span>
  );
}
