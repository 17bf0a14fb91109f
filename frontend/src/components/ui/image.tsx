import { useCallback, useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { imageAttributes, type ResponsiveImage } from '@/lib/responsive-image';

type ImageProps = Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'loading' | 'fetchPriority'> & {
  alt: string;
  /** The picture (mediaImage() for the API's, artwork() for the site's own); none: the gradient. */
  image: ResponsiveImage | undefined;
  /** How wide the picture is drawn, per layout (the `sizes` attribute). */
  sizes: string;
  /** The largest picture of the page's first screen: fetched first. Every other one is lazy. */
  priority?: boolean;
};

/**
 * An <img> that gives way to a warm gradient when the file cannot be loaded,
 * so a missing picture never shows a broken-image icon and its alt text.
 */
export function Image({ image, sizes, priority, className, alt, onError, ...props }: ImageProps) {
  const [failed, setFailed] = useState(false);
  // A server-rendered <img> may fail before React hydrates it and listens for
  // its error event: check once it is attached (complete with no pixels = failed).
  const checkAlreadyFailed = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) setFailed(true);
  }, []);
  if (failed || !image?.src) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={cn('bg-[radial-gradient(ellipse_at_35%_30%,#4a3a22,#1d1a14_70%)]', className)}
      />
    );
  }
  return (
    <img
      ref={checkAlreadyFailed}
      alt={alt}
      className={className}
      onError={(event) => {
        setFailed(true);
        onError?.(event);
      }}
      {...imageAttributes(image, { sizes, priority })}
      {...props}
    />
  );
}
