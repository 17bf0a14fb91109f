import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { PAGE_SIZES, pagerText, type PageSize } from './list-view';
import type { ListViewControls } from './use-list-view';

/** What the pager needs of a page the server answered. */
export type PageAnswer = { items: readonly unknown[]; next?: string | null; previous?: string | null; total: number; totalExact: boolean };

/**
 * Under a list: where the page sits ("51–100 of 1,234"), the page size, and
 * Newer / Older (keyset pages: Older follows the page's `next`, Newer its
 * `previous`). While the next page loads the buttons wait, so a second click
 * cannot follow the old page's links.
 */
export function ListPager<Status extends string, Service extends string>({
  label,
  controls,
  page,
  loading,
}: {
  /** Names the pager: "Orders pages". */
  label: string;
  controls: ListViewControls<Status, Service>;
  page: PageAnswer | undefined;
  loading: boolean;
}) {
  const sizeId = useId();
  const { view, older, newer, setSize } = controls;
  const next = page?.next;
  const previous = page?.previous;
  return (
    <nav
      aria-label={label}
      className="mt-6 flex flex-col gap-4 border-t border-line/70 pt-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <p aria-live="polite" className="text-sm tabular-nums text-sand" data-testid="pager-text">
        {page
          ? pagerText({ page: view.page, size: view.size, count: page.items.length, total: page.total, totalExact: page.totalExact })
          : ' '}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-3">
          <Label htmlFor={sizeId} className="mb-0 whitespace-nowrap">
            Rows per page
          </Label>
          <Select value={String(view.size)} onValueChange={(value) => setSize(Number(value) as PageSize)}>
            <SelectTrigger id={sizeId} className="h-9! w-20! px-3! text-sm!">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PAGE_SIZES.map((size) => (
                <SelectItem key={size} value={String(size)} className="py-2 text-sm">
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="subtle" size="sm" disabled={loading || !previous} onClick={() => previous && newer(previous)}>
            <ChevronLeft aria-hidden className="size-4" />
            Newer
          </Button>
          <Button variant="subtle" size="sm" disabled={loading || !next} onClick={() => next && older(next)}>
            Older
            <ChevronRight aria-hidden className="size-4" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
