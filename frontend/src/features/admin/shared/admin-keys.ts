/*
 * Query keys of the admin-only reads. The catalogue reads the dashboard shares
 * with the public site (products, media, services, posts) keep the public
 * features' keys, so an admin change also refreshes what visitors' screens
 * cached in this tab.
 */
export const adminKeys = {
  all: ['admin'] as const,
  // The stat cards' figures: asked again after every admin write (dashboard/stat-cards.tsx).
  summary: () => [...adminKeys.all, 'summary'] as const,
  orders: () => [...adminKeys.all, 'orders'] as const,
  // Pages and single records sit under their list's key, so a change to one refreshes the others.
  orderPage: (view: object) => [...adminKeys.orders(), 'page', view] as const,
  order: (id: string) => [...adminKeys.orders(), 'by-id', id] as const,
  bookings: () => [...adminKeys.all, 'bookings'] as const,
  bookingPage: (view: object) => [...adminKeys.bookings(), 'page', view] as const,
  bookingMonth: (first: string, last: string) => [...adminKeys.bookings(), 'month', first, last] as const,
  booking: (id: string) => [...adminKeys.bookings(), 'by-id', id] as const,
  // Under bookings: a booking changed, moved or cancelled refreshes the coming visits and its reminders.
  comingVisits: () => [...adminKeys.bookings(), 'coming'] as const,
  bookingReminders: (id: string) => [...adminKeys.bookings(), 'reminders', id] as const,
  // Under bookings too: a booking cancelled or deleted may offer its place to the waitlist (issue 43, part 4).
  waitlist: () => [...adminKeys.bookings(), 'waitlist'] as const,
  messages: () => [...adminKeys.all, 'contact-messages'] as const,
  messagePage: (view: object) => [...adminKeys.messages(), 'page', view] as const,
  message: (id: string) => [...adminKeys.messages(), 'by-id', id] as const,
  blackouts: () => [...adminKeys.all, 'blackout-dates'] as const,
  availabilityAll: () => [...adminKeys.all, 'availability'] as const,
  availability: (start: string, end: string) => [...adminKeys.availabilityAll(), start, end] as const,
  // Under availability: whatever changes a day's entries, bookings or blackouts refreshes what is taken too.
  capacityAll: () => [...adminKeys.availabilityAll(), 'capacity'] as const,
  capacity: (start: string, end: string) => [...adminKeys.capacityAll(), start, end] as const,
  schedule: () => [...adminKeys.all, 'schedule'] as const,
  emails: () => [...adminKeys.all, 'emails'] as const,
  email: (id: string) => [...adminKeys.emails(), id] as const,
  emailPreviews: () => [...adminKeys.all, 'email-previews'] as const,
  mailSettings: () => [...adminKeys.all, 'mail-settings'] as const,
  promoCodes: () => [...adminKeys.all, 'promo-codes'] as const,
  giftCards: () => [...adminKeys.all, 'gift-cards'] as const,
  giftCardLedger: (id: string) => [...adminKeys.giftCards(), id, 'ledger'] as const,
  activity: (filters: object) => [...adminKeys.all, 'activity', filters] as const,
  team: () => [...adminKeys.all, 'team'] as const,
  sessions: () => [...adminKeys.all, 'sessions'] as const,
  calendarFeed: () => [...adminKeys.all, 'calendar-feed'] as const,
  // The member's own second factors and the team's rule (Security, Team, and the dashboard's gate).
  twoFactor: () => [...adminKeys.all, 'two-factor'] as const,
  mediaLibrary: () => [...adminKeys.all, 'media-library'] as const,
  // Guests' ratings with their authors (issue 43); the public summaries keep their catalogue key.
  ratings: () => [...adminKeys.all, 'ratings'] as const,
  // Each service's words after a visit and when its guests are invited back.
  serviceFollowUps: () => [...adminKeys.all, 'service-follow-ups'] as const,
  // A guest's data (issue 45, part 4): the requests guests confirmed, and what is held about an address.
  privacyRequests: () => [...adminKeys.all, 'privacy-requests'] as const,
  guestData: (email: string) => [...adminKeys.all, 'guest-data', email] as const,
  // The signed-in member as the server has her now (a permission given since her sign-in).
  me: () => [...adminKeys.all, 'me'] as const,
  // Intake forms (issue 45): the owner's forms and settings, and a booking's answers (each reading audited).
  intakeForms: () => [...adminKeys.all, 'intake-forms'] as const,
  intakeAnswers: (bookingId: string) => [...adminKeys.all, 'intake-answers', bookingId] as const,
};
