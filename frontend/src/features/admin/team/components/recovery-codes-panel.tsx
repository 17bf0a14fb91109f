import { Copy } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';

/** New recovery codes, shown this once (the server keeps only their hashes). */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const panel = useRef<HTMLElement>(null);
  // The codes appear where the member acted; bring them to their eyes (and screen reader).
  useEffect(() => {
    panel.current?.focus();
  }, [codes]);

  const copy = () => {
    void navigator.clipboard?.writeText(codes.join('\n')).then(
      () => toast({ title: 'Copied', description: 'Your recovery codes are on the clipboard' }),
      () => toast({ title: 'Error', description: 'The codes could not be copied: please write them down', variant: 'destructive' }),
    );
  };

  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-label="Recovery codes"
      className="border border-gold/50 bg-gold/[0.06] px-5 py-5 outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-light sm:px-6"
    >
      <p className="eyebrow">Shown this once</p>
      <h3 className="mt-2 font-display text-2xl text-ivory">Your recovery codes</h3>
      <p className="mt-2 text-sm text-sand">Keep these somewhere safe. Each works once, in place of a code or passkey.</p>
      <ol className="mt-5 grid grid-cols-1 gap-2 font-mono text-base text-gold-light min-[420px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="border border-line/70 bg-ink/60 px-3 py-2 text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden className="size-4" />
          Copy
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </section>
  );
}
