import { HeartPulse } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';
import type { ServiceKey } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { NO, YES, type ScreeningQuestion } from '@/lib/intake/intake';
import { unwiseAnswer, type ScreeningAnswers } from '../screening';

type Props = {
  questions: readonly ScreeningQuestion[];
  answers: ScreeningAnswers;
  onAnswer: (id: string, value: string) => void;
  /** She chose to go on with this service after being told why it may not suit her. */
  continued: boolean;
  /** The name of a service she could book instead. */
  serviceName: (key: ServiceKey) => string;
  /** "Book … instead": the dialog switches to the service that suits. */
  onSwitch: (service: ServiceKey) => void;
  /** "Continue anyway": on to her day and time. */
  onContinue: () => void;
  className?: string;
};

/**
 * "A few questions first" (issue 45): a service's screening questions in the
 * booking dialog, before her day and time. An answer that makes the service
 * unwise says why, and offers the service that suits, or to go on anyway.
 * The answers stay here; the full form comes on her booking's page.
 */
export function ScreeningQuestions({ questions, answers, onAnswer, continued, serviceName, onSwitch, onContinue, className }: Props) {
  const id = useId();
  const unwise = unwiseAnswer(questions, answers);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-testid="booking-screening"
      className={cn('grid gap-5 border border-gold/30 bg-gold/[0.04] p-5 sm:p-6', className)}
    >
      <div>
        <h3 id={`${id}-heading`} className="flex items-center gap-2.5 font-display text-2xl text-ivory">
          <HeartPulse aria-hidden className="size-5 shrink-0 text-gold" strokeWidth={1.5} />A few questions first
        </h3>
        <p className="mt-1.5 text-sm text-sand">
          So that we suggest the treatment that suits you. Your answers stay on this page; your therapist&apos;s full questions come with
          your booking.
        </p>
      </div>
      {questions.map((question, index) => {
        const choices = question.kind === 'yes_no' ? [YES, NO] : question.options;
        const promptId = `${id}-${index}`;
        return (
          <div key={question.id} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-6">
            <p id={promptId} className="text-ivory">
              {question.prompt}
            </p>
            <RadioGroup
              aria-labelledby={promptId}
              value={answers[question.id] ?? ''}
              onValueChange={(value) => onAnswer(question.id, value)}
              className={cn('gap-2', question.kind === 'yes_no' ? 'grid-cols-2 sm:w-44' : 'sm:auto-cols-fr sm:grid-flow-col')}
            >
              {choices.map((choice) => (
                <RadioTile key={choice} value={choice} className="px-4 text-sm">
                  {question.kind === 'yes_no' ? (choice === YES ? 'Yes' : 'No') : choice}
                </RadioTile>
              ))}
            </RadioGroup>
          </div>
        );
      })}
      <div role="status" data-testid="screening-advice">
        {unwise && !continued ? (
          <div className="grid gap-4 border border-amber-300/40 bg-amber-300/[0.07] px-4 py-4 sm:px-5">
            <p className="text-ivory">{unwise.reason}</p>
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
              {unwise.suggest ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="h-auto! min-h-9 whitespace-normal! py-2"
                  onClick={() => onSwitch(unwise.suggest!)}
                >
                  Book {serviceName(unwise.suggest)} instead
                </Button>
              ) : null}
              <Button variant="ghost" size="sm" className="sm:px-2" onClick={onContinue}>
                Continue anyway
              </Button>
            </div>
          </div>
        ) : unwise ? (
          <p className="text-sm text-sand">
            Please tell your therapist about it when you arrive, and in the form on your booking&apos;s page.
          </p>
        ) : null}
      </div>
    </section>
  );
}
