import { cardGridClass } from '@/components/layout/card-grid';
import { PageHero } from '@/components/layout/page-hero';
import { EmptyState, LoadError } from '@/components/ui/state';
import { useBlogPosts } from '@/lib/api/catalogue/get-blog-posts';
import { PostCard, PostCardSkeleton } from '@/features/blog/components/post-card';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

export default function BlogRoute() {
  useDocumentTitle(pageTitles.of('/blog'));
  const { data, isPending, isError } = useBlogPosts();
  return (
    <>
      <PageHero eyebrow="The Wellness Journal" title="Notes from the Mountain">
        Seasonal rituals, recipes from our tea bar and quiet wisdom from our therapists.
      </PageHero>
      <section aria-labelledby="journal-posts-heading" className="mx-auto max-w-7xl px-5 py-16 sm:px-8 lg:py-24">
        {/* Named by a heading, not a label: the cards' headings (h3) then follow an h2, as on the home page. */}
        <h2 id="journal-posts-heading" className="sr-only">
          Journal posts
        </h2>
        {isPending ? (
          <div className={cardGridClass} aria-busy="true" aria-label="Loading posts">
            {Array.from({ length: 6 }, (_, i) => (
              <PostCardSkeleton key={i} />
            ))}
          </div>
        ) : isError ? (
          <LoadError what="journal" />
        ) : data.length === 0 ? (
          <EmptyState title="Coming Soon">New stories from the mountain are on their way.</EmptyState>
        ) : (
          <div className={cardGridClass}>
            {data.map((post, i) => (
              <PostCard key={post.id} post={post} priority={i === 0} />
            ))}
          </div>
        )}
      </section>
      <div className="mx-auto max-w-4xl px-5 pb-24 sm:px-8">
        <NewsletterForm />
      </div>
    </>
  );
}
