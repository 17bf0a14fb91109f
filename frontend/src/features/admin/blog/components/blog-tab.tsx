import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useBlogPosts } from '@/lib/api/catalogue/get-blog-posts';
import type { BlogPost } from '@/lib/api/types';
import { formatInstantDate } from '@/lib/dates';
import { DeleteAction, EditAction, Panel, PanelHeader, TableStateRow } from '../../shared/ui';
import { useDeleteBlogPost } from '../api/delete-blog-post';
import { PostFormDialog } from './post-form-dialog';

export function BlogTab() {
  const posts = useBlogPosts();
  const remove = useDeleteBlogPost();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<BlogPost | undefined>();
  const rows = posts.data ?? [];

  return (
    <Panel>
      <PanelHeader title="Wellness Journal" description="Posts of the blog, newest first.">
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden className="size-4" />
          Add Post
        </Button>
      </PanelHeader>
      <Table aria-label="Blog posts">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Title</TableHead>
            <TableHead>Slug</TableHead>
            <TableHead>Excerpt</TableHead>
            <TableHead>Published</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableStateRow colSpan={5} loading={posts.isPending} error={posts.isError} empty="No posts yet." what="posts" />
          ) : (
            rows.map((post) => (
              <TableRow key={post.id} data-testid="post-row">
                <TableCell className="min-w-48 font-medium text-ivory">{post.title}</TableCell>
                <TableCell className="font-mono text-xs text-gold-light">{post.slug}</TableCell>
                <TableCell className="max-w-sm">
                  <p className="line-clamp-2" title={post.excerpt}>
                    {post.excerpt}
                  </p>
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatInstantDate(post.publishedAt)}</TableCell>
                <TableCell>
                  <div className="flex justify-end">
                    <EditAction label={`Edit ${post.title}`} onClick={() => setEditing(post)} />
                    <DeleteAction
                      label={`Delete ${post.title}`}
                      what="blogPost"
                      pending={remove.isPending && remove.variables === post.id}
                      onConfirmed={() => remove.mutate(post.id)}
                    />
                  </div>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <PostFormDialog open={adding} onOpenChange={setAdding} />
      {editing ? (
        <PostFormDialog
          key={editing.id}
          open
          post={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(undefined);
          }}
        />
      ) : null}
    </Panel>
  );
}
