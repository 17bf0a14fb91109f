import { useState, type FormEvent } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { RadioGroup, RadioTile } from '@/components/ui/radio-group';
import { useReturnFocus } from '@/lib/use-return-focus';
import { FormActions } from '../../shared/ui';
import type { HideRule, HideRuleKey } from '../../shared/types';

/**
 * "Take down": a rating leaves the site only under one of the written rules
 * (docs/decisions.md §9), chosen here; its author is told which by mail.
 */
export function TakeDownDialog({
  open,
  onOpenChange,
  rules,
  author,
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rules: readonly HideRule[];
  author: string;
  busy: boolean;
  onConfirm: (rule: HideRuleKey) => void;
}) {
  const { onCloseAutoFocus } = useReturnFocus(open);
  const [rule, setRule] = useState<HideRuleKey | ''>('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rule === '') {
      setMissing(true);
      return;
    }
    onConfirm(rule);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setRule('');
          setMissing(false);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent size="lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <p className="eyebrow mb-3">Ratings</p>
          <DialogTitle>Take Down This Rating</DialogTitle>
          <DialogDescription>
            {author}&rsquo;s rating leaves the site at once. Its author is told by mail which rule it broke.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} aria-label="Take down the rating" className="grid gap-6">
          <fieldset className="grid gap-3">
            <legend id="take-down-rule-label" className="mb-3 text-xs uppercase tracking-wide-2 text-sand">
              The rule it broke
            </legend>
            <RadioGroup
              aria-labelledby="take-down-rule-label"
              aria-describedby={missing ? 'take-down-rule-error' : undefined}
              aria-invalid={missing || undefined}
              value={rule}
              onValueChange={(value) => {
                setRule(value as HideRuleKey);
                setMissing(false);
              }}
            >
              {rules.map((choice) => (
                <RadioTile key={choice.rule} value={choice.rule} className="h-auto min-h-14 justify-start px-4 py-3 text-left">
                  {choice.wording}
                </RadioTile>
              ))}
            </RadioGroup>
            {missing ? (
              <p id="take-down-rule-error" role="alert" className="text-sm text-danger">
                Choose the rule it broke
              </p>
            ) : null}
          </fieldset>
          <FormActions busy={busy} submitLabel="Take it down" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
