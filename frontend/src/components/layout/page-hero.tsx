import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { imageAttributes, type ResponsiveImage } from '@/lib/responsive-image';

/** The dark title band that opens every inner page, under the transparent header. */
export function PageHero({
  eyebrow,
  title,
  children,
  image,
  className,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
  image?: ResponsiveImage;
  className?: string;
}) {
  return (
    <section className={cn('relative isolate overflow-hidden border-b border-gold/15 bg-surface', className)}>
      {/* At the top of the page and full-bleed, the band's picture is the largest of the first screen. Faded (opacity)
          under a gradient, it is taken at the screen's width even where it covers a taller box: the softness does not show. */}
      {image ? (
        <img
          {...imageAttributes(image, { sizes: '100vw', priority: true })}
          alt=""
          aria-hidden
          className="absolute inset-0 -z-20 size-full object-cover opacity-35"
        />
      ) : null}
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-b from-ink/80 via-ink/60 to-surface" />
      <div className="mx-auto max-w-4xl px-5 pb-16 pt-36 text-center sm:px-8 sm:pb-20 sm:pt-44">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-5 font-display text-5xl text-ivory sm:text-6xl lg:text-7xl">{title}</h1>
        <span className="gold-rule mx-auto mt-8" />
        {children ? <div className="mx-auto mt-7 max-w-2xl text-lg text-sand">{children}</div> : null}
      </div>
    </section>
  );
}

export function SectionHeading({
  eyebrow,
  title,
  children,
  align = 'center',
  as: Tag = 'h2',
  id,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
  as?: 'h2' | 'h3';
  id?: string;
}) {
  return (
    <div className={cn('max-w-2xl', align === 'center' ? 'mx-auto text-center' : 'text-left')}>
      <p className="eyebrow">{eyebrow}</p>
      <Tag id={id} className="mt-4 font-display text-4xl text-ivory sm:text-5xl">
        {title}
      </Tag>
      <span className={cn('gold-rule mt-6', align === 'center' ? 'mx-auto' : 'bg-gold')} />
      {children ? <div className="mt-6 text-lg text-sand">{children}</div> : null}
    </div>
  );
}
