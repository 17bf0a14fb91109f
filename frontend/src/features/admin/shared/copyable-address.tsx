import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';

/**
 * An address to paste elsewhere (a calendar feed's, the Tiny Home's
 * export): read-only, selected whole when focused, with a Copy button.
 */
export function CopyableAddress({ id, label, hint, address }: { id: string; label: string; hint: string; address: string }) {
  const copy = () => {
    void navigator.clipboard?.writeText(address).then(
      () => toast({ title: 'Copied', description: `The ${label} address is on the clipboard` }),
      () => toast({ title: 'Error', description: 'The address could not be copied: select it and copy it', variant: 'destructive' }),
    );
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field id={id} label={label} hint={hint} className="min-w-0 flex-1">
        <Input readOnly value={address} className="font-mono text-sm" onFocus={(event) => event.currentTarget.select()} />
      </Field>
      {/* Level with the field: below its label. */}
      <Button variant="outline" className="shrink-0 sm:mt-[1.6rem]" onClick={copy} aria-label={`Copy the ${label} address`}>
        <Copy aria-hidden className="size-4" />
        Copy
      </Button>
    </div>
  );
}
