import { HONEYPOT_NAME } from '@/lib/honeypot';

/**
 * A field people never see or reach (off-screen, hidden from assistive
 * technology, out of the tab order) and form-filling robots do fill.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_NAME} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
