/** Spec §5: deletions ask the browser for confirmation with these exact texts. */
export const confirmTexts = {
  product: 'Are you sure you want to delete this product?',
  booking: 'Are you sure you want to delete this booking?',
  blogPost: 'Are you sure you want to delete this blog post?',
  message: 'Are you sure you want to delete this message?',
  service: 'Are you sure you want to delete this service?',
  passkey: 'Are you sure you want to remove this passkey? It will no longer sign you in.',
  authenticator: 'Are you sure you want to remove the authenticator app? Its codes will no longer sign you in.',
  recoveryCodes: 'Make new recovery codes? The ones you have now stop working.',
  calendarFeedAddress: 'Give your calendar feed a new address? Calendars subscribed to the old one stop updating.',
  calendarFeedOff: 'Turn off your calendar feed? Calendars subscribed to it stop updating.',
  stayImport: 'Stop importing this calendar? The nights it blocked here become free.',
  resetTwoStep:
    'Reset this member’s two-step sign-in? Their passkeys, authenticator app and recovery codes stop working and they are signed out everywhere.',
} as const;

export function confirmDelete(what: keyof typeof confirmTexts): boolean {
  return window.confirm(confirmTexts[what]);
}
