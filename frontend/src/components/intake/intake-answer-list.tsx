import { Flag } from 'lucide-react';
import { cn } from '@/lib/cn';
import { answerValueWords, isFlagged, type IntakeAnswer, type IntakeForm } from '@/lib/intake/intake';

/** "Needs review", "Not advised", or both, as the owner flagged the answer given. */
function flagWords(question: IntakeForm['questions'][number], answer: IntakeAnswer | undefined): string {
  const words = [
    question.reviewWhen === answer?.value ? 'Needs review' : null,
    question.unwiseWhen === answer?.value ? 'not advised' : null,
  ];
  const shown = words.filter(Boolean).join(' · ');
  return shown.charAt(0).toUpperCase() + shown.slice(1);
}

/**
 * Answers to an intake form, read as a person reads them: each question with
 * her answer, and after a yes the follow-up with hers. With `flags`, the
 * answers the owner flagged (needs review, not advised) stand out, for the
 * team.
 */
export function IntakeAnswerList({
  form,
  answers,
  flags = false,
  className,
}: {
  form: IntakeForm;
  answers: Record<string, IntakeAnswer>;
  flags?: boolean;
  className?: string;
}) {
  return (
    <dl className={cn('divide-y divide-line/70 border-y border-line/70', className)} data-testid="intake-answers">
      {form.questions.map((question) => {
        const answer = answers[question.id];
        const flagged = flags && isFlagged(question, answer);
        return (
          <div
            key={question.id}
            data-flagged={flagged ? true : undefined}
            className={cn(
              'grid gap-1 py-3.5 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)] sm:gap-6',
              flagged && '-mx-3 border-l-2 border-amber-300/70 bg-amber-300/[0.07] px-3',
            )}
          >
            <dt className={cn('text-sand', question.kind === 'consent' && 'text-sm leading-relaxed')}>{question.prompt}</dt>
            <dd className="text-ivory">
              <span className={cn(flagged && 'font-medium text-amber-100')}>{answerValueWords(question.kind, answer?.value)}</span>
              {flagged ? (
                <span className="ml-2 inline-flex items-center gap-1 align-middle text-[0.65rem] font-medium uppercase tracking-wide-2 text-amber-200">
                  <Flag aria-hidden className="size-3" />
                  {flagWords(question, answer)}
                </span>
              ) : null}
              {answer?.followUp ? (
                <span className="mt-1 block text-sm text-sand">
                  {question.followUp ? <span className="text-muted">{question.followUp} </span> : null}
                  <span className="whitespace-pre-line text-ivory/90">{answer.followUp}</span>
                </span>
              ) : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
