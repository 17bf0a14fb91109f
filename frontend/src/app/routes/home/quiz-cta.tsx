import { ArrowRight, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { artwork } from '@/config/artwork';
import { imageAttributes } from '@/lib/responsive-image';

export function QuizCta() {
  const image = artwork('quiz.webp');
  return (
    <section aria-labelledby="quiz-cta-heading" className="relative isolate overflow-hidden border-y border-gold/20 bg-surface">
      {image ? (
        <img
          {...imageAttributes(image, { sizes: '100vw' })}
          alt=""
          aria-hidden
          className="absolute inset-0 -z-20 size-full object-cover opacity-40"
        />
      ) : null}
      <div aria-hidden className="grain absolute inset-0 -z-10" />
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-r from-surface via-surface/85 to-surface/40" />
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-8 px-5 py-16 sm:px-8 md:flex-row md:items-center md:justify-between lg:py-20">
        <div className="max-w-2xl">
          <p className="eyebrow flex items-center gap-2">
            <Sparkles aria-hidden className="size-3.5" /> Five questions · Two minutes
          </p>
          <h2 id="quiz-cta-heading" className="mt-4 font-display text-4xl text-ivory sm:text-5xl">
            Not sure where to begin?
          </h2>
          <p className="mt-4 text-lg text-sand">
            Take our wellness quiz and receive a ritual, a stay and a few botanicals chosen for how you feel today.
          </p>
        </div>
        <Link
          to="/wellness-quiz"
          className="inline-flex h-13 shrink-0 items-center gap-3 border border-gold bg-gold px-8 text-[0.8rem] font-medium uppercase tracking-wide-2 text-ink transition-colors duration-300 hover:border-gold-light hover:bg-gold-light"
        >
          Take the Wellness Quiz
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
    </section>
  );
}
