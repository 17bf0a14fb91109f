import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { EmptyState, LoadError } from '@/components/ui/state';
import { useBlogPost } from '@/features/blog/api/get-blog-post';
import { PostContent } from '@/features/blog/components/post-content';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';
import { ApiError } from '@/lib/api/errors';
import { formatLongDate } from '@/lib/dates';
import { imageAttributes, mediaImage } from '@/lib/responsive-image';
import { pageTitles, useDocumentTitle } from '@/lib/use-document-title';

export default function BlogPostRoute() {
  const { slug = '' } = useParams();
  const { data: post, isPending, isError, error } = useBlogPost(slug);
  const notFound = isError && error instanceof ApiError && error.status === 404;
  useDocumentTitle(post ? pageTitles.post(post.title) : notFound ? pageTitles.notFound : undefined);

  const back = (
    <Link to="/blog" className="inline-flex items-center gap-2 text-xs uppercase tracking-luxe text-gold hover:text-gold-light">
      <ArrowLeft aria-hidden className="size-4" /> Back to the journal
    </Link>
  );

  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <div className="mx-auto max-w-3xl px-5 pb-24 pt-40 sm:px-8">
        {notFound ? (
          <EmptyState title="This story has wandered off">
            <h1 className="sr-only">Story not found</h1>
            <p>We couldn't find the journal entry you were looking for. It may have been moved or renamed.</p>
            <div className="mt-8">{back}</div>
          </EmptyState>
        ) : (
          <LoadError what="story" />
        )}
      </div>
    );
  }

  return (
    <article>
      <header className="relative isolate overflow-hidden">
        {/* The cover, full-bleed behind the title: the largest picture of the first screen (faded, so the screen's width is enough). */}
        <img
          {...imageAttributes(mediaImage(post.image, post.imageSize), { sizes: '100vw', priority: true })}
          alt=""
          aria-hidden
          className="absolute inset-0 -z-20 size-full object-cover opacity-45"
        />
        <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-b from-ink/85 via-ink/60 to-ink" />
        <div className="mx-auto max-w-3xl px-5 pb-16 pt-40 text-center sm:px-8 sm:pb-20 sm:pt-48">
          <div className="mb-8">{back}</div>
          <time dateTime={post.publishedAt} className="eyebrow">
            {formatLongDate(post.publishedAt)}
          </time>
          <h1 className="mt-5 font-display text-4xl text-ivory sm:text-6xl">{post.title}</h1>
          <span className="gold-rule mx-auto mt-8" />
          <p className="mx-auto mt-7 max-w-2xl font-display text-xl italic text-sand sm:text-2xl">{post.excerpt}</p>
        </div>
      </header>
      <div className="mx-auto max-w-[42rem] px-5 py-14 sm:px-8 lg:py-20">
        <PostContent content={post.content} />
        <div className="mt-16 border-t border-line pt-8">{back}</div>
      </div>
      <div className="mx-auto max-w-4xl px-5 pb-24 sm:px-8">
        <NewsletterForm />
      </div>
    </article>
  );
}
