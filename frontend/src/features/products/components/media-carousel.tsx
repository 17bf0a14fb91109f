import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Play } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { mediaImage } from '@/lib/responsive-image';
import { type CarouselItem, wrapIndex } from './media-carousel-logic';
import { Image } from '@/components/ui/image';

/**
 * The product's pictures and videos (spec §2), one at a time: the arrows,
 * the thumbnails, the keyboard's arrows, and a swipe on a phone (Embla moves
 * the track; it wraps around at both ends).
 */
export function MediaCarousel({ items, loading }: { items: CarouselItem[]; loading?: boolean }) {
  const total = items.length;
  const [viewport, embla] = useEmblaCarousel({ loop: total > 1, duration: 20 });
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState<string | null>(null);
  const videos = useRef(new Map<string, HTMLVideoElement>());
  const current = items[wrapIndex(index, total)];

  // Another slide shown: a video playing on the one left stops.
  const onSelect = useCallback(() => {
    if (!embla) return;
    setIndex(embla.selectedScrollSnap());
    setPlaying(null);
    for (const video of videos.current.values()) video.pause();
  }, [embla]);
  useEffect(() => {
    if (!embla) return;
    embla.on('select', onSelect);
    embla.on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect);
      embla.off('reInit', onSelect);
    };
  }, [embla, onSelect]);

  const go = (next: number) => {
    if (!embla) return;
    const target = wrapIndex(next, total);
    if (target === wrapIndex(index - 1, total) && total > 2) embla.scrollPrev();
    else if (target === wrapIndex(index + 1, total) && total > 2) embla.scrollNext();
    else embla.scrollTo(target);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (total < 2) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1);
    }
  };

  if (!current) {
    return (
      <div className="flex aspect-square w-full items-center justify-center border border-line bg-surface-2 text-sand">
        {loading ? (
          <span className="size-8 animate-spin rounded-full border border-gold/20 border-t-gold" aria-label="Loading media" />
        ) : (
          'No media available'
        )}
      </div>
    );
  }

  return (
    <section aria-roledescription="carousel" aria-label="Product media" onKeyDown={onKeyDown} className="w-full">
      <div className="group relative aspect-square w-full overflow-hidden border border-line bg-surface-2">
        <div ref={viewport} className="size-full overflow-hidden">
          <div className="flex size-full touch-pan-y">
            {items.map((item, i) => {
              const shown = i === wrapIndex(index, total);
              return (
                <div
                  key={item.key}
                  className="size-full min-w-0 shrink-0 grow-0 basis-full"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${total}`}
                  aria-hidden={shown ? undefined : true}
                  inert={!shown}
                >
                  {item.type === 'video' ? (
                    <div className="relative size-full">
                      <video
                        ref={(node) => {
                          if (node) videos.current.set(item.key, node);
                          else videos.current.delete(item.key);
                        }}
                        src={item.url}
                        className="size-full bg-black object-contain"
                        controls={playing === item.key}
                        playsInline
                        preload="metadata"
                        aria-label={item.title}
                        onPlay={() => setPlaying(item.key)}
                        data-testid="carousel-video"
                      />
                      {playing === item.key ? null : (
                        <button
                          type="button"
                          onClick={() => {
                            setPlaying(item.key);
                            void videos.current
                              .get(item.key)
                              ?.play()
                              .catch(() => undefined);
                          }}
                          className="absolute inset-0 flex cursor-pointer items-center justify-center bg-ink/40 transition-colors hover:bg-ink/25"
                          aria-label={`Play video: ${item.title}`}
                          data-testid="video-play-overlay"
                        >
                          <span className="flex size-20 items-center justify-center rounded-full border border-gold/80 bg-ink/60 text-gold backdrop-blur-sm transition-transform duration-500 group-hover:scale-105">
                            <Play aria-hidden className="ml-1 size-8" fill="currentColor" />
                          </span>
                        </button>
                      )}
                    </div>
                  ) : (
                    // The dialog's first picture, on screen as soon as it opens: fetched first. Its column
                    // is half the dialog (at most 64rem wide, padded) from `md`, the dialog's width below.
                    <Image
                      image={mediaImage(item.url, item.size)}
                      sizes="(min-width: 768px) 28rem, 100vw"
                      priority={i === 0}
                      alt={item.title}
                      className="size-full object-cover"
                    />
                  )}
                </div>
              );
            })}
          </div>
        </div>

        {total > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label="Previous media"
              className="absolute left-3 top-1/2 z-10 flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full border border-gold/40 bg-ink/70 text-gold backdrop-blur-sm transition-colors hover:bg-gold hover:text-ink"
            >
              <ChevronLeft aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label="Next media"
              className="absolute right-3 top-1/2 z-10 flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full border border-gold/40 bg-ink/70 text-gold backdrop-blur-sm transition-colors hover:bg-gold hover:text-ink"
            >
              <ChevronRight aria-hidden className="size-5" />
            </button>
          </>
        ) : null}
        <p
          className="absolute bottom-3 right-3 z-10 bg-ink/75 px-2.5 py-1 text-xs tracking-wide-2 text-ivory tabular-nums"
          data-testid="carousel-counter"
          aria-live="polite"
        >
          {wrapIndex(index, total) + 1} / {total}
        </p>
      </div>

      {total > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label="Media thumbnails">
          {items.map((item, i) => {
            const active = i === wrapIndex(index, total);
            return (
              <li key={item.key} className="shrink-0">
                <button
                  type="button"
                  onClick={() => go(i)}
                  aria-label={`Show ${item.type} ${i + 1}: ${item.title}`}
                  aria-current={active ? 'true' : undefined}
                  className={cn(
                    'relative block size-16 cursor-pointer overflow-hidden border transition-all',
                    active ? 'border-gold opacity-100' : 'border-line opacity-60 hover:opacity-100',
                  )}
                  data-testid="carousel-thumbnail"
                >
                  {item.type === 'video' ? (
                    <span className="flex size-full items-center justify-center bg-surface-3 text-gold">
                      <Play aria-hidden className="size-5" fill="currentColor" />
                    </span>
                  ) : (
                    <Image image={mediaImage(item.url, item.size)} sizes="4rem" alt="" className="size-full object-cover" />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
