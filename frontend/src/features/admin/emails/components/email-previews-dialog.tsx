import { Tabs as TabsPrimitive } from 'radix-ui';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useEmailPreviews } from '../api/get-email-previews';
import { calendarLabel, templateInfo, audienceWords } from '../email-labels';
import { useReturnFocus } from '@/lib/use-return-focus';
import type { EmailPreview } from '../../shared/types';
import { EmailFrame, PlainText } from './email-frame';

/** Every template the retreat sends, rendered with sample details: pick one on the left, read it on the right. */
export function EmailPreviewsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { onCloseAutoFocus: returnFocus } = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="xl" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <p className="eyebrow mb-3">Templates</p>
          <DialogTitle>Email Previews</DialogTitle>
          <DialogDescription>Every message the retreat can send, filled in with sample details.</DialogDescription>
        </DialogHeader>
        {open ? <Previews /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Previews() {
  const previews = useEmailPreviews(true);
  if (previews.isPending) {
    return (
      <div className="flex min-h-64 items-center justify-center">
        <Spinner label="Loading previews…" />
      </div>
    );
  }
  if (previews.isError) {
    return (
      <p role="alert" className="text-danger">
        The previews could not be loaded. Please close this window and try again.
      </p>
    );
  }
  const list = previews.data;
  if (list.length === 0) return <p className="font-display text-xl text-sand">No templates to preview.</p>;

  return (
    <TabsPrimitive.Root defaultValue={list[0]!.template} orientation="vertical" className="grid gap-6 lg:grid-cols-[17rem_1fr]">
      <TabsPrimitive.List
        aria-label="Templates"
        className="flex max-h-56 flex-col overflow-y-auto border border-line/70 lg:max-h-none lg:self-start"
      >
        {list.map((preview) => {
          const info = templateInfo(preview.template);
          return (
            <TabsPrimitive.Trigger
              key={preview.template}
              value={preview.template}
              className="group cursor-pointer border-b border-line/70 border-l-2 border-l-transparent px-4 py-3 text-left transition-colors duration-200 last:border-b-0 hover:bg-gold/[0.05] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-light data-[state=active]:border-l-gold data-[state=active]:bg-gold/10"
            >
              <span className="block text-sm text-ivory group-data-[state=active]:text-gold-light">{info.label}</span>
              <span className="block text-xs text-muted">To the {audienceWords(info.audience)}</span>
            </TabsPrimitive.Trigger>
          );
        })}
      </TabsPrimitive.List>
      {list.map((preview) => (
        <TabsPrimitive.Content key={preview.template} value={preview.template} className="min-w-0 focus-visible:outline-none">
          <PreviewPanel preview={preview} />
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}

function PreviewPanel({ preview }: { preview: EmailPreview }) {
  const info = templateInfo(preview.template);
  const calendar = calendarLabel(preview.calendarMethod);
  const htmlId = `preview-html-${preview.template}`;
  const textId = `preview-text-${preview.template}`;
  return (
    <article data-testid="email-preview" aria-label={info.label}>
      <p className="text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">Subject</p>
      <h3 className="mt-1 font-display text-2xl text-ivory">{preview.subject}</h3>
      <p className="mt-2 text-sm text-sand">
        To <span className="break-all text-ivory">{preview.to}</span>
        {calendar ? <span className="text-muted"> · {calendar}</span> : null}
        {preview.listUnsubscribe ? <span className="text-muted"> · One-click unsubscribe</span> : null}
      </p>
      <h4 id={htmlId} className="mb-3 mt-6 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">
        HTML version
      </h4>
      <EmailFrame html={preview.html} title={`Preview of “${preview.subject}”`} />
      <h4 id={textId} className="mb-3 mt-6 font-sans text-[0.7rem] font-medium uppercase tracking-wide-2 text-gold">
        Plain-text version
      </h4>
      <PlainText text={preview.text} aria-labelledby={textId} />
    </article>
  );
}
