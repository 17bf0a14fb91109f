import { cn } from '@/lib/cn';

/** A quiet gold ring that turns while something loads; announced once to screen readers. */
export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-3 text-sm text-muted', className)}>
      <span aria-hidden className="size-6 animate-spin rounded-full border border-gold/20 border-t-gold" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
