import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * An email's HTML as a mail client would show it, inside a frame with every
 * sandbox restriction (sandbox=""): no scripts, forms, pop-ups or navigation,
 * and an origin of its own, so nothing in a message reaches the dashboard.
 */
export function EmailFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={html}
      referrerPolicy="no-referrer"
      className={cn('block h-[34rem] w-full border border-line bg-ink', className)}
    />
  );
}

/** An email's plain-text part, as written: line breaks and spacing kept, never markup. */
export function PlainText({ text, className, ...props }: { text: string } & Omit<ComponentProps<'pre'>, 'children'>) {
  return (
    <pre
      tabIndex={0}
      className={cn(
        'max-h-[28rem] overflow-auto whitespace-pre-wrap break-words border border-line/70 bg-ink/50 p-5 font-mono text-[0.8rem] leading-relaxed text-sand',
        className,
      )}
      {...props}
    >
      {text}
    </pre>
  );
}
