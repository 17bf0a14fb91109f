import { cardGridClass } from '@/components/layout/card-grid';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { SectionHeading } from '@/components/layout/page-hero';
import { EmptyState, LoadError } from '@/components/ui/state';
import { useBlogPosts } from '@/lib/api/catalogue/get-blog-posts';
import { PostCard, PostCardSkeleton } from '@/features/blog/components/post-card';

export const HOME_POST_LIMIT = 3;

export function LatestPosts() {
  const { data, isPending, isError } = useBlogPosts();
  return (
    <section aria-labelledby="home-posts-heading" className="border-t border-line/60 bg-surface/50">
      <div className="mx-auto max-w-7xl px-5 py-24 sm:px-8 lg:py-32">
        <SectionHeading id="home-posts-heading" eyebrow="The Wellness Journal" title="Notes from the Mountain">
          Seasonal rituals, recipes from our tea bar and quiet wisdom from our therapists.
        </SectionHeading>
        <div className="mt-14">
          {isPending ? (
            <div className={cardGridClass} aria-busy="true" aria-label="Loading posts">
              {Array.from({ length: HOME_POST_LIMIT }, (_, i) => (
                <PostCardSkeleton key={i} />
              ))}
            </div>
          ) : isError ? (
            <LoadError what="journal" />
          ) : data.length === 0 ? (
            <EmptyState title="Coming Soon">New stories from the mountain are on their way.</EmptyState>
          ) : (
            <div className={cardGridClass}>
              {data.slice(0, HOME_POST_LIMIT).map((post) => (
                <PostCard key={post.id} post={post} />
              ))}
            </div>
          )}
        </div>
        <div className="mt-12 text-center">
          <Link
            to="/blog"
            className="inline-flex items-center gap-3 text-[0.8rem] font-medium uppercase tracking-luxe text-gold transition-colors hover:text-gold-light"
          >
            Read the journal
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}
