import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useEffect, useReducer, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/cn';
import { rememberQuizAnswers } from '@/lib/intake/intake';
import { useRecommendation } from '../api/get-recommendation';
import { QUIZ_LENGTH, quizQuestions } from '../questions';
import {
  canGoNext,
  canGoPrevious,
  completedAnswers,
  currentAnswer,
  initialQuizState,
  isLastQuestion,
  progressPercent,
  quizReducer,
} from '../quiz-machine';
import { QuizResults, type BookTime } from './quiz-results';

export function WellnessQuiz({ onBookTime }: { onBookTime?: BookTime }) {
  const [state, dispatch] = useReducer(quizReducer, initialQuizState);
  const recommendation = useRecommendation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const question = quizQuestions[state.step];
  const answer = currentAnswer(state);

  // Move focus to the new question so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [state.step, state.finished]);

  const next = () => {
    if (!canGoNext(state)) return;
    if (isLastQuestion(state)) {
      const answers = completedAnswers(state);
      if (answers) {
        // Kept in this browser: her intake form before a visit fills in what the quiz already asked.
        rememberQuizAnswers(answers);
        recommendation.mutate(answers);
      }
    }
    dispatch({ type: 'next' });
  };

  const retake = () => {
    recommendation.reset();
    dispatch({ type: 'retake' });
  };

  if (state.finished) {
    return (
      <QuizResults
        headingRef={headingRef}
        status={recommendation.status}
        data={recommendation.data}
        onRetake={retake}
        onBookTime={onBookTime}
        onRetry={() => {
          const answers = completedAnswers(state);
          if (answers) recommendation.mutate(answers);
        }}
      />
    );
  }

  if (!question) return null;
  const percent = progressPercent(state);

  return (
    <div className="mx-auto max-w-3xl">
      <div className="mb-10" data-testid="quiz-progress">
        <div className="mb-3 flex items-center justify-between text-xs uppercase tracking-luxe">
          <span className="text-sand">
            Question {state.step + 1} of {QUIZ_LENGTH}
          </span>
          <span className="text-gold">{percent}% Complete</span>
        </div>
        <Progress value={percent} aria-label={`Question ${state.step + 1} of ${QUIZ_LENGTH}`} />
      </div>

      <form
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
        key={question.key}
        className="animate-fade-up"
      >
        <fieldset>
          <legend className="w-full">
            <h2 ref={headingRef} tabIndex={-1} className="font-display text-4xl text-ivory outline-none sm:text-5xl">
              {question.question}
            </h2>
            <p className="mt-3 text-sand">{question.hint}</p>
          </legend>
          <div className="mt-8 grid gap-4 sm:grid-cols-2">
            {question.options.map((option) => {
              const checked = answer === option.value;
              const id = `${question.key}-${option.value}`;
              return (
                <label
                  key={option.value}
                  htmlFor={id}
                  className={cn(
                    'relative flex cursor-pointer flex-col border p-5 transition-colors duration-300 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-gold-light sm:p-6',
                    checked ? 'border-gold bg-gold/10' : 'border-line bg-surface hover:border-gold/50',
                  )}
                >
                  <input
                    id={id}
                    type="radio"
                    name={question.key}
                    value={option.value}
                    checked={checked}
                    onChange={() => dispatch({ type: 'answer', value: option.value })}
                    className="sr-only"
                  />
                  <span className="pr-8 font-display text-2xl text-ivory">{option.label}</span>
                  <span className="mt-1 text-sm text-sand">{option.description}</span>
                  <span
                    aria-hidden
                    className={cn(
                      'absolute right-5 top-5 flex size-6 items-center justify-center rounded-full border transition-colors',
                      checked ? 'border-gold bg-gold text-ink' : 'border-line',
                    )}
                  >
                    {checked ? <Check className="size-3.5" strokeWidth={2.5} /> : null}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <div className="mt-10 flex items-center justify-between gap-4">
          <Button variant="outline" onClick={() => dispatch({ type: 'previous' })} disabled={!canGoPrevious(state)}>
            <ArrowLeft aria-hidden className="size-4" />
            PREVIOUS
          </Button>
          <Button type="submit" disabled={!canGoNext(state)}>
            {isLastQuestion(state) ? 'GET RESULTS' : 'NEXT'}
            <ArrowRight aria-hidden className="size-4" />
          </Button>
        </div>
      </form>
    </div>
  );
}
