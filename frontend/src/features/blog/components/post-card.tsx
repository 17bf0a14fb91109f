import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { BlogPost } from '@/lib/api/types';
import { formatLongDate } from '@/lib/dates';
import { cardGridImageSizes } from '@/components/layout/card-grid';
import { Image } from '@/components/ui/image';
import { mediaImage } from '@/lib/responsive-image';

/** `priority`: the card's picture is the largest of the page's first screen (the first card of the journal). */
export function PostCard({ post, priority = false }: { post: BlogPost; priority?: boolean }) {
  return (
    <article
      className="group flex flex-col border border-line bg-surface transition-colors duration-500 hover:border-gold/50"
      data-testid="post-card"
    >
      <Link to={`/blog/${post.slug}`} className="flex flex-1 flex-col" aria-label={post.title}>
        <div className="aspect-[16/10] overflow-hidden bg-surface-3">
          <Image
            image={mediaImage(post.image, post.imageSize)}
            sizes={cardGridImageSizes}
            priority={priority}
            alt=""
            className="size-full object-cover transition-transform duration-[1200ms] ease-calm group-hover:scale-105"
          />
        </div>
        <div className="flex flex-1 flex-col p-6 sm:p-7">
          <time dateTime={post.publishedAt} className="text-[0.68rem] uppercase tracking-luxe text-gold">
            {formatLongDate(post.publishedAt)}
          </time>
          <h3 className="mt-3 font-display text-2xl leading-snug text-ivory transition-colors group-hover:text-gold-light sm:text-[1.7rem]">
            {post.title}
          </h3>
          <p className="mt-3 line-clamp-3 flex-1 text-sand">{post.excerpt}</p>
          <span className="mt-6 inline-flex items-center gap-2 text-[0.7rem] font-medium uppercase tracking-luxe text-gold">
            Read the story
            <ArrowRight aria-hidden className="size-3.5 transition-transform duration-500 group-hover:translate-x-1" />
          </span>
        </div>
      </Link>
    </article>
  );
}

export function PostCardSkeleton() {
  return (
    <div className="border border-line bg-surface" data-testid="post-skeleton">
      <div className="aspect-[16/10] animate-pulse bg-surface-3" />
      <div className="space-y-3 p-7">
        <div className="h-3 w-1/3 animate-pulse bg-surface-3" />
        <div className="h-7 w-4/5 animate-pulse bg-surface-3" />
        <div className="h-14 w-full animate-pulse bg-surface-3" />
      </div>
    </div>
  );
}
