import { AlertCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Alert({ className, children, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="alert"
      className={cn('flex items-start gap-3 border border-danger/60 bg-danger-bg/70 px-4 py-3 text-sm text-ivory', className)}
      {...props}
    >
      <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
      <div>{children}</div>
    </div>
  );
}
