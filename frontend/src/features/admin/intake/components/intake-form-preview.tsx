import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatInstantDateTime } from '@/lib/dates';
import { answerValueWords, kindLabels, prefillLabels, type IntakeForm } from '@/lib/intake/intake';
import { useReturnFocus } from '@/lib/use-return-focus';
import { ToneBadge } from '../../shared/ui';

/**
 * A service's intake form as the team reads it (staff cannot change it):
 * each question with its kind, options and follow-up, and what the owner
 * flagged.
 */
export function IntakeFormPreviewDialog({
  serviceName,
  form,
  suggestName,
  onOpenChange,
}: {
  serviceName: string;
  form: IntakeForm;
  suggestName: (key: string) => string;
  onOpenChange: (open: boolean) => void;
}) {
  const { onCloseAutoFocus } = useReturnFocus(true);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent size="lg" onCloseAutoFocus={onCloseAutoFocus} data-testid="intake-form-preview">
        <DialogHeader>
          <p className="eyebrow mb-3">{serviceName}</p>
          <DialogTitle>{form.title}</DialogTitle>
          <DialogDescription>
            Version {form.version}, saved {formatInstantDateTime(form.updatedAt)}. Only an owner changes it.
          </DialogDescription>
        </DialogHeader>
        {form.introduction ? <p className="mb-6 text-sand">{form.introduction}</p> : null}
        <ol className="divide-y divide-line/70 border-y border-line/70">
          {form.questions.map((question, index) => (
            <li key={question.id} className="grid gap-2 py-4">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-display text-xl leading-none text-gold tabular-nums">{index + 1}</span>
                <ToneBadge tone="stone">{kindLabels[question.kind]}</ToneBadge>
                {question.kind !== 'consent' && !question.required ? <ToneBadge tone="stone">Optional</ToneBadge> : null}
              </div>
              <p className="text-ivory">{question.prompt}</p>
              {question.options && question.options.length > 0 ? <p className="text-sm text-sand">{question.options.join(' · ')}</p> : null}
              {question.followUp ? <p className="text-sm text-sand">After a yes: {question.followUp}</p> : null}
              {question.reviewWhen ? (
                <p className="text-sm text-orange-200">
                  Needs review when the answer is “{answerValueWords(question.kind, question.reviewWhen)}”
                </p>
              ) : null}
              {question.unwiseWhen ? (
                <p className="text-sm text-amber-200">
                  Not advised when the answer is “{answerValueWords(question.kind, question.unwiseWhen)}”: {question.unwiseReason}
                  {question.unwiseSuggest ? ` She is offered ${suggestName(question.unwiseSuggest)} instead.` : ''}
                </p>
              ) : null}
              {question.prefill ? <p className="text-sm text-muted">Filled in from her quiz: {prefillLabels[question.prefill]}</p> : null}
            </li>
          ))}
        </ol>
      </DialogContent>
    </Dialog>
  );
}
