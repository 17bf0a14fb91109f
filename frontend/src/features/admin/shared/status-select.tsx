import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { Tone } from './statuses';

/** A compact status dropdown for a table row. */
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
  return (
    <Select value={value} onValueChange={(next) => onChange(next as T)} disabled={disabled}>
      <SelectTrigger aria-label={label} className="h-9! w-36! px-3! text-sm!">
        <SelectValue />
      </SelectTrigger>
      <SelectContent className="w-40">
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value} className="py-2 text-sm">
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
