import { zodResolver } from '@hookform/resolvers/zod';
import type { ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/field';
import { FormField } from '@/components/ui/form-field';
import { MediaUrlField } from '../../media/components/media-url-field';
import type { BlogPost } from '@/lib/api/types';
import { applyFieldErrors } from '../../shared/form-errors';
import { useCreateBlogPost } from '../api/create-blog-post';
import { useUpdateBlogPost } from '../api/update-blog-post';
import { emptyPost, formToPost, postFields, postSchema, postToForm, slugify, type PostFormValues } from '../post-schema';
import { useReturnFocus } from '@/lib/use-return-focus';
import { FormActions } from '../../shared/ui';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; post?: BlogPost };

export function PostFormDialog({ open, onOpenChange, post }: Props) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(open);
  const editing = Boolean(post);
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const { register, control, handleSubmit, reset, setError } = useForm<PostFormValues>({
    resolver: zodResolver(postSchema),
    defaultValues: post ? postToForm(post) : emptyPost,
  });
  const busy = create.isPending || update.isPending;
  const id = (name: string) => `${editing ? 'edit' : 'add'}-post-${name}`;

  const slugField = register('slug');
  // Spec §5: rewritten as the user types, keeping the cursor where it was.
  const onSlugChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const next = slugify(input.value);
    if (next !== input.value) {
      const cursor = input.selectionStart;
      input.value = next;
      if (cursor !== null) input.setSelectionRange(cursor, cursor);
    }
    return slugField.onChange(event);
  };

  const onSubmit = handleSubmit((values) => {
    const body = formToPost(values);
    const onError = (error: unknown) => applyFieldErrors(error, setError, postFields);
    if (post) {
      update.mutate({ id: post.id, body }, { onSuccess: () => onOpenChange(false), onError });
    } else {
      create.mutate(body, {
        onSuccess: () => {
          reset(emptyPost);
          onOpenChange(false);
        },
        onError,
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="xl" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <p className="eyebrow mb-3">Wellness Journal</p>
          <DialogTitle>{editing ? 'Edit Blog Post' : 'Add Blog Post'}</DialogTitle>
          <DialogDescription>Separate paragraphs with a blank line; start a line with “## ” for a subheading.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-5 sm:grid-cols-2"
          aria-label={editing ? 'Edit blog post' : 'Add blog post'}
        >
          <FormField control={control} name="title" id={id('title')} label="Title">
            <Input required />
          </FormField>
          <FormField control={control} name="slug" id={id('slug')} label="Slug" hint="Lowercase; spaces become hyphens.">
            <Input required autoCapitalize="none" autoCorrect="off" spellCheck={false} onChange={onSlugChange} />
          </FormField>
          <FormField control={control} name="excerpt" id={id('excerpt')} label="Excerpt" className="sm:col-span-2">
            <Textarea rows={2} className="min-h-0!" required />
          </FormField>
          <FormField control={control} name="content" id={id('content')} label="Content" className="sm:col-span-2">
            <Textarea rows={6} className="min-h-0!" required />
          </FormField>
          <FormField control={control} name="image" id={id('image')} label="Image URL" className="sm:col-span-2">
            {(field) => (
              <MediaUrlField
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                placeholder="/media/blog/… or https://…"
              />
            )}
          </FormField>
          <FormActions busy={busy} submitLabel={editing ? 'Update Post' : 'Create Post'} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
