import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Film, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { Image } from '@/components/ui/image';
import { mediaImage } from '@/lib/responsive-image';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useProductMedia } from '@/lib/api/catalogue/get-product-media';
import type { Product } from '@/lib/api/types';
import { IconAction, ToneBadge } from '../../shared/ui';
import { useAddProductMedia } from '../api/add-product-media';
import { useDeleteProductMedia } from '../api/delete-product-media';
import { useSwapMediaOrder } from '../api/update-product-media';
import { emptyMedia, mediaSchema, neighbourFor, type MediaFormValues } from '../media-schema';
import { useReturnFocus } from '@/lib/use-return-focus';
import { MediaUploader } from '../../media/components/media-uploader';
import { isVideoType } from '../../media/media-rules';

export const NO_MEDIA_TEXT = 'No additional media files. Click "Add Media" to add images or videos.';

export function ProductMediaDialog({ product, onOpenChange }: { product: Product | undefined; onOpenChange: (open: boolean) => void }) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(Boolean(product));
  return (
    <Dialog open={Boolean(product)} onOpenChange={onOpenChange}>
      <DialogContent size="xl" onCloseAutoFocus={returnFocus}>
        {product ? <MediaGallery product={product} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MediaGallery({ product }: { product: Product }) {
  const media = useProductMedia(product.id);
  const items = [...(media.data ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  const add = useAddProductMedia();
  const swap = useSwapMediaOrder();
  const remove = useDeleteProductMedia();
  // Uploads finished before the gallery is read again still go last, one after another.
  const uploadedHere = useRef(0);
  const seen = media.dataUpdatedAt;
  useEffect(() => {
    uploadedHere.current = 0;
  }, [seen]);
  const { control, handleSubmit, reset } = useForm<MediaFormValues>({
    resolver: zodResolver(mediaSchema),
    defaultValues: emptyMedia,
  });

  const onSubmit = handleSubmit((values) => {
    add.mutate(
      {
        productId: product.id,
        body: {
          url: values.url.trim(),
          title: values.title.trim() === '' ? null : values.title.trim(),
          type: values.type,
          // Spec §5: a new item goes last, its position the current count.
          sortOrder: items.length,
        },
      },
      { onSuccess: () => reset(emptyMedia) },
    );
  });

  const move = (index: number, direction: 'up' | 'down') => {
    const pair = neighbourFor(items, index, direction);
    if (pair) swap.mutate({ productId: product.id, first: pair[0], second: pair[1] });
  };

  return (
    <>
      <DialogHeader>
        <p className="eyebrow mb-3">Media Gallery</p>
        <DialogTitle>{product.name}</DialogTitle>
        <DialogDescription>Images and videos shown after the main photograph in the shop, in this order.</DialogDescription>
      </DialogHeader>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="media-list-heading">
          <h3 id="media-list-heading" className="mb-4 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">
            Current media
          </h3>
          {media.isPending ? (
            <div role="status" className="flex items-center gap-3 border border-line/70 px-5 py-10 text-sand">
              <span aria-hidden className="size-5 animate-spin rounded-full border border-gold/20 border-t-gold" />
              Loading media...
            </div>
          ) : media.isError ? (
            <p role="alert" className="border border-danger/50 px-5 py-6 text-danger">
              The media could not be loaded. Please close this window and try again.
            </p>
          ) : items.length === 0 ? (
            <p className="border border-dashed border-line px-5 py-10 text-center text-sand">{NO_MEDIA_TEXT}</p>
          ) : (
            <ol className="grid gap-3" aria-label={`Media of ${product.name}`}>
              {items.map((item, index) => {
                const name = item.title || `${item.type === 'video' ? 'Video' : 'Image'} ${index + 1}`;
                return (
                  <li key={item.id} data-testid="media-item" className="flex items-center gap-4 border border-line/70 bg-ink/40 p-3">
                    <span className="w-6 text-center font-display text-lg text-gold">{index + 1}</span>
                    {item.type === 'video' ? (
                      <span className="flex size-16 shrink-0 items-center justify-center border border-line bg-surface-3 text-gold">
                        <Film aria-hidden className="size-6" />
                      </span>
                    ) : (
                      <Image image={mediaImage(item.url, item.size)} sizes="4rem" alt="" className="size-16 shrink-0 object-cover" />
                    )}
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-ivory">{name}</p>
                      <p className="truncate text-xs text-muted">{item.url}</p>
                    </div>
                    <ToneBadge tone={item.type === 'video' ? 'purple' : 'gold'}>{item.type}</ToneBadge>
                    <div className="flex items-center">
                      <IconAction
                        label={`Move ${name} up`}
                        hint="Move up"
                        disabled={index === 0 || swap.isPending}
                        onClick={() => move(index, 'up')}
                      >
                        <ArrowUp aria-hidden className="size-4" />
                      </IconAction>
                      <IconAction
                        label={`Move ${name} down`}
                        hint="Move down"
                        disabled={index === items.length - 1 || swap.isPending}
                        onClick={() => move(index, 'down')}
                      >
                        <ArrowDown aria-hidden className="size-4" />
                      </IconAction>
                      <IconAction
                        label={`Delete ${name}`}
                        hint="Delete"
                        tone="danger"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate({ id: item.id, productId: product.id })}
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </IconAction>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </section>

        <section aria-labelledby="media-add-heading" className="border border-line/70 bg-ink/30 p-5">
          <h3 id="media-add-heading" className="mb-4 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">
            Add media
          </h3>
          <div className="mb-5 border-b border-line/70 pb-5">
            <MediaUploader
              accept="image-or-video"
              compact
              label="Upload media"
              onUploaded={(file) =>
                add.mutate({
                  productId: product.id,
                  body: {
                    url: file.url,
                    title: null,
                    type: isVideoType(file.contentType) ? 'video' : 'image',
                    // Each upload goes last, in the order they finish.
                    sortOrder: items.length + uploadedHere.current++,
                  },
                })
              }
            />
          </div>
          <p className="mb-3 text-xs uppercase tracking-wide-2 text-muted">Or add by address</p>
          <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Add media">
            <FormField control={control} name="url" id="media-url" label="Media URL">
              <Input type="text" inputMode="url" placeholder="https://… or /media/…" required />
            </FormField>
            <FormField control={control} name="title" id="media-title" label="Title" optional>
              <Input />
            </FormField>
            <FormField control={control} name="type" id="media-type" label="Type">
              {(field) => (
                <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                  <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="image">Image</SelectItem>
                    <SelectItem value="video">Video</SelectItem>
                  </SelectContent>
                </Select>
              )}
            </FormField>
            <Button type="submit" className="mt-1" disabled={add.isPending || media.isPending}>
              {add.isPending ? 'Saving...' : 'Add Media'}
            </Button>
          </form>
        </section>
      </div>
    </>
  );
}
