import { X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { hasFilters, isCalendarDay, type PaymentView } from './list-view';
import type { ListViewControls } from './use-list-view';
import { ListSearch } from './list-search';

/** Radix Select items cannot be empty: this stands for "any". */
const ANY = 'any';

type Choice<T extends string> = { value: T; label: string };

/**
 * A list's search and filters above its table: the search box, a status
 * select, a service select (bookings), a date range and "Clear filters".
 * They wrap on a phone: the search and the selects take the whole width,
 * the two days share a line.
 */
export function ListFilterBar<Status extends string, Service extends string>({
  label,
  controls,
  search,
  statuses,
  services,
  payments,
  dates,
}: {
  /** Names the group for screen readers: "Filter the orders". */
  label: string;
  controls: ListViewControls<Status, Service>;
  search: { label: string; placeholder: string };
  statuses: { label: string; any: string; choices: ReadonlyArray<Choice<Status>> };
  services?: { label: string; any: string; choices: ReadonlyArray<Choice<Service>> };
  /** The orders' payment filter (payments on): its default shows the orders paid. */
  payments?: { label: string; any: string; choices: ReadonlyArray<Choice<PaymentView>> };
  dates: { from: string; to: string };
}) {
  const { view, filter, clearFilters } = controls;
  return (
    <div role="group" aria-label={label} className="mb-6 flex flex-wrap items-start gap-x-4 gap-y-2">
      <div className="w-full md:w-auto md:min-w-64 md:flex-[1.6]">
        <ListSearch
          label={search.label}
          placeholder={search.placeholder}
          value={view.q}
          onSearch={(q, options) => filter({ q }, options)}
        />
      </div>
      <ChoiceFilter
        label={statuses.label}
        any={statuses.any}
        value={view.status}
        choices={statuses.choices}
        onChange={(status) => filter({ status })}
      />
      {services ? (
        <ChoiceFilter
          label={services.label}
          any={services.any}
          value={view.service}
          choices={services.choices}
          onChange={(service) => filter({ service })}
        />
      ) : null}
      {payments ? (
        <ChoiceFilter
          label={payments.label}
          any={payments.any}
          value={view.payment}
          choices={payments.choices}
          onChange={(payment) => filter({ payment })}
        />
      ) : null}
      <div className="flex w-full gap-4 sm:w-auto">
        <DayFilter label={dates.from} value={view.from} max={view.to} onChange={(from) => filter({ from })} />
        <DayFilter label={dates.to} value={view.to} min={view.from} onChange={(to) => filter({ to })} />
      </div>
      <FilterSlot>
        <Button variant="ghost" size="sm" className="h-12" disabled={!hasFilters(view)} onClick={clearFilters}>
          <X aria-hidden className="size-4" />
          Clear filters
        </Button>
      </FilterSlot>
    </div>
  );
}

/** Lines a label-less control up with the labelled ones beside it (on a phone it simply follows them). */
function FilterSlot({ children }: { children: ReactNode }) {
  return <div className="sm:pt-[1.6rem]">{children}</div>;
}

function ChoiceFilter<T extends string>({
  label,
  any,
  value,
  choices,
  onChange,
}: {
  label: string;
  any: string;
  value: T | '';
  choices: ReadonlyArray<Choice<T>>;
  onChange: (value: T | '') => void;
}) {
  const id = useId();
  return (
    <div className="w-full sm:w-44">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value || ANY} onValueChange={(next) => onChange(next === ANY ? '' : (next as T))}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{any}</SelectItem>
          {choices.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * A day of the range. A date typed key by key passes through years like
 * 0002 and 0202 before 2026; those stay in the box and are not sent, so
 * neither the list nor the history fills with them.
 */
function DayFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  return (
    <div className="min-w-0 flex-1 sm:w-44 sm:flex-none">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        value={text}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => {
          const day = event.target.value;
          setText(day);
          if (day === '' || (isCalendarDay(day) && day >= '1900')) {
            if (day !== value) onChange(day);
          }
        }}
      />
    </div>
  );
}
