import { ChevronLeft, ChevronRight, RefreshCw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatInstantDate, formatInstantTime } from '@/lib/dates';
import { Panel, PanelHeader, TableStateRow, ToneBadge } from '../../shared/ui';
import type { ActivityEntity } from '../../shared/types';
import { useActivity, type ActivityStart } from '../api/get-activity';
import { actionInfo, entityChoices, entityLabel, hasFilters, NO_FILTERS, type ActivityFilters } from '../activity-labels';

const COLUMNS = 5;
/** Radix Select items cannot be empty: this stands for "any". */
const ANY = 'any';

/** The audit trail, read-only: who changed what and when, newest first. */
export function ActivityTab() {
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  // Pages follow the records (keyset): Older reads after the page's last one, Newer before its first.
  const [start, setStart] = useState<ActivityStart>({});
  const activity = useActivity(filters, start);
  const ids = { actor: useId(), entity: useId(), from: useId(), to: useId() };
  const set = (change: Partial<ActivityFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setStart({});
  };
  const next = activity.data?.next;
  const previous = activity.data?.previous;
  const entries = activity.data?.entries ?? [];
  const actors = activity.data?.actors ?? [];

  return (
    <Panel>
      <PanelHeader
        title="Activity"
        description="Every change made in this dashboard and every sign-in, newest first. Records cannot be edited or removed."
      >
        <Button variant="subtle" size="sm" onClick={() => void activity.refetch()} disabled={activity.isFetching}>
          <RefreshCw aria-hidden className={cn('size-4', activity.isFetching && 'animate-spin')} />
          Refresh
        </Button>
      </PanelHeader>

      <div
        role="group"
        aria-label="Filter the activity"
        className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_11rem_11rem_auto] lg:items-end"
      >
        <div>
          <Label htmlFor={ids.actor}>Admin</Label>
          <Select value={filters.actor || ANY} onValueChange={(value) => set({ actor: value === ANY ? '' : value })}>
            <SelectTrigger id={ids.actor}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Everyone</SelectItem>
              {actors.map((actor) => (
                <SelectItem key={actor} value={actor}>
                  {actor}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div>
          <Label htmlFor={ids.entity}>Kind</Label>
          <Select value={filters.entity || ANY} onValueChange={(value) => set({ entity: value === ANY ? '' : (value as ActivityEntity) })}>
            <SelectTrigger id={ids.entity}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>Everything</SelectItem>
              {entityChoices.map(({ value, label }) => (
                <SelectItem key={value} value={value}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div>
          <Label htmlFor={ids.from}>From</Label>
          <Input
            id={ids.from}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => set({ from: e.target.value })}
          />
        </div>
        <div>
          <Label htmlFor={ids.to}>To</Label>
          <Input id={ids.to} type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} />
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="h-12"
          disabled={!hasFilters(filters)}
          onClick={() => {
            setFilters(NO_FILTERS);
            setStart({});
          }}
        >
          <X aria-hidden className="size-4" />
          Clear filters
        </Button>
      </div>

      {/* Wide on purpose: on a narrow screen the table scrolls sideways rather than squeezing the summaries. */}
      <Table aria-label="Activity" className="min-w-[60rem]">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>When</TableHead>
            <TableHead>Admin</TableHead>
            <TableHead>Kind</TableHead>
            <TableHead>Action</TableHead>
            <TableHead>What changed</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.length === 0 ? (
            <TableStateRow
              colSpan={COLUMNS}
              loading={activity.isPending}
              error={activity.isError}
              empty={hasFilters(filters) ? 'No activity matches these filters.' : 'No activity yet.'}
              what="the activity"
            />
          ) : (
            entries.map((entry) => {
              const action = actionInfo(entry.action);
              return (
                <TableRow key={entry.id} data-testid="activity-row">
                  <TableCell className="whitespace-nowrap">
                    <time dateTime={entry.at}>
                      {formatInstantDate(entry.at)}
                      <span className="block text-xs text-muted">{formatInstantTime(entry.at)}</span>
                    </time>
                  </TableCell>
                  <TableCell className="min-w-52 max-w-64 text-ivory [overflow-wrap:anywhere]">{entry.actor}</TableCell>
                  <TableCell className="whitespace-nowrap">{entityLabel(entry.entity)}</TableCell>
                  <TableCell>
                    <ToneBadge tone={action.tone}>{action.label}</ToneBadge>
                  </TableCell>
                  <TableCell className="min-w-80 text-ivory [overflow-wrap:anywhere]">{entry.summary}</TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
      <nav aria-label="Activity pages" className="mt-6 flex justify-end gap-2 border-t border-line/70 pt-5">
        <Button
          variant="outline"
          size="sm"
          disabled={!previous || activity.isFetching}
          onClick={() => previous && setStart({ before: previous })}
        >
          <ChevronLeft aria-hidden className="size-4" />
          Newer
        </Button>
        <Button variant="outline" size="sm" disabled={!next || activity.isFetching} onClick={() => next && setStart({ after: next })}>
          Older
          <ChevronRight aria-hidden className="size-4" />
        </Button>
      </nav>
    </Panel>
  );
}
