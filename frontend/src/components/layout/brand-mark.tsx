import { brandMarkUrl } from '@/config/artwork';
import { cn } from '@/lib/cn';

/**
 * The Golden Pine mark. The delivered brand-mark.svg draws in currentColor,
 * so it is used as a mask over the text colour (gold by default); until it
 * exists a simpler drawing stands in.
 */
export function BrandMark({ className }: { className?: string }) {
  if (brandMarkUrl) {
    return (
      <span
        aria-hidden
        className={cn('inline-block bg-current text-gold', className)}
        style={{
          maskImage: `url("${brandMarkUrl}")`,
          WebkitMaskImage: `url("${brandMarkUrl}")`,
          maskSize: 'contain',
          WebkitMaskSize: 'contain',
          maskRepeat: 'no-repeat',
          WebkitMaskRepeat: 'no-repeat',
          maskPosition: 'center',
          WebkitMaskPosition: 'center',
        }}
      />
    );
  }
  return (
    <svg viewBox="0 0 48 48" aria-hidden className={cn('text-gold', className)} fill="none">
      <circle cx="24" cy="24" r="22.5" stroke="currentColor" strokeWidth="1" />
      <path d="M24 9 L31 20 H27.5 L33 28 H28.5 L34.5 36 H13.5 L19.5 28 H15 L20.5 20 H17 Z" fill="currentColor" fillOpacity="0.9" />
      <path d="M24 36 V40" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

export function BrandLogo({ className }: { className?: string }) {
  return (
    <span className={cn('flex items-center gap-3', className)}>
      <BrandMark className="size-9 shrink-0" />
      <span className="flex flex-col leading-none">
        <span className="font-display text-[1.45rem] font-medium tracking-wide text-ivory">Golden Pine</span>
        <span className="mt-1 text-[0.58rem] font-medium uppercase tracking-luxe text-gold">Wellness Retreat</span>
      </span>
    </span>
  );
}
