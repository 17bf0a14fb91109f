import { useState } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { Tone } from './statuses';

/**
 * A compact status dropdown for a table row.
 *
 * Its options are rendered only while it is open: a closed Radix select
 * still renders every option out of sight (to name the chosen one), and a
 * page of 50 orders held 250 of them, most of the time the Orders tab took
 * to show its rows. Closed, the button names the status itself.
 */
export function StatusSelect<T extends string>({
  value,
  options,
  onChange,
  label,
  disabled,
}: {
  value: T;
  options: ReadonlyArray<{ value: T; label: string; tone: Tone }>;
  onChange: (value: T) => void;
  label: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const chosen = options.find((option) => option.value === value);
  return (
    <Select value={value} onValueChange={(next) => onChange(next as T)} disabled={disabled} open={open} onOpenChange={setOpen}>
      <SelectTrigger aria-label={label} className="h-9! w-36! px-3! text-sm!">
        <SelectValue>{chosen?.label ?? value}</SelectValue>
      </SelectTrigger>
      {open ? (
        <SelectContent className="w-40">
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value} className="py-2 text-sm">
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      ) : null}
    </Select>
  );
}
