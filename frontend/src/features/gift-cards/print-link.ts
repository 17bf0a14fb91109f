/**
 * What the recipient's link carries: `/gift-cards/print?token=<token>#<CODE>`.
 * The code is in the fragment, which browsers never send to a server (so it
 * reaches no log); the page posts both. Null when either is missing.
 */
export function readPrintLink(search: string, hash: string): { token: string; code: string } | null {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  let code = hash.replace(/^#/, '');
  try {
    code = decodeURIComponent(code);
  } catch {
    // A malformed escape: sent as it is, the server says it does not match.
  }
  code = code.trim();
  return token !== '' && code !== '' ? { token, code } : null;
}
