import { MailWarning, Send } from 'lucide-react';
import type { MailSettings } from '../../shared/types';

/**
 * How mail leaves the server. Without SMTP_URL nothing is sent: a banner says
 * so plainly; when mail is delivered only the addresses are shown, quietly.
 */
export function MailSettingsNotice({ settings }: { settings: MailSettings | undefined }) {
  if (!settings) return null;
  const addresses = (
    <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-[0.68rem] font-medium uppercase tracking-wide-2 text-gold">From</dt>
      <dd className="break-all text-ivory">{settings.from}</dd>
      <dt className="text-[0.68rem] font-medium uppercase tracking-wide-2 text-gold">Notifications to</dt>
      <dd className="break-all text-ivory">{settings.notify ?? <span className="text-sand">No one (NOTIFY_EMAIL is not set)</span>}</dd>
    </dl>
  );

  if (!settings.delivering) {
    return (
      <section
        aria-labelledby="mail-off-heading"
        data-testid="mail-settings-banner"
        className="mb-6 flex gap-4 border border-amber-300/40 bg-amber-300/[0.07] px-5 py-4"
      >
        <MailWarning aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-200" strokeWidth={1.5} />
        <div>
          <h3 id="mail-off-heading" className="font-sans text-sm font-medium text-amber-100">
            Mail is not being sent: SMTP_URL is not set. Messages stay queued here.
          </h3>
          {addresses}
        </div>
      </section>
    );
  }

  return (
    <div data-testid="mail-settings" className="mb-6 flex gap-4 border border-line/70 bg-ink/40 px-5 py-4">
      <Send aria-hidden className="mt-0.5 size-5 shrink-0 text-gold" strokeWidth={1.5} />
      <div>
        <p className="text-sm text-sand">Mail is being delivered.</p>
        {addresses}
      </div>
    </div>
  );
}
