import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap font-sans font-medium uppercase tracking-wide-2 transition-colors duration-300 ease-calm focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-gold-light disabled:pointer-events-none disabled:opacity-50 cursor-pointer select-none';

const variants = {
  primary: 'bg-gold text-ink hover:bg-gold-light border border-gold hover:border-gold-light',
  outline: 'border border-gold/70 text-gold hover:bg-gold hover:text-ink hover:border-gold',
  ghost: 'text-sand hover:text-gold-light',
  subtle: 'border border-line bg-surface-2 text-ivory hover:border-gold/60 hover:text-gold-light',
  link: 'text-gold hover:text-gold-light underline-offset-8 decoration-gold/50 hover:underline px-0',
  destructive: 'bg-danger-bg text-ivory border border-danger/60 hover:border-danger',
} as const;

const sizes = {
  sm: 'h-9 px-4 text-[0.7rem]',
  md: 'h-11 px-6 text-xs',
  lg: 'h-13 px-8 text-[0.8rem]',
  icon: 'h-10 w-10 p-0',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
};

export function Button({ variant = 'primary', size = 'md', asChild = false, className, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(base, variants[variant], variant === 'link' ? 'h-auto' : sizes[size], className)}
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
    />
  );
}
