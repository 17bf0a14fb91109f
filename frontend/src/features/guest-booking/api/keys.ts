export const guestBookingKeys = {
  all: ['guest-booking'] as const,
  detail: (token: string) => [...guestBookingKeys.all, token] as const,
  // Under the booking: a cancellation (or any refusal that asks the booking again) asks her form again too.
  intake: (token: string) => [...guestBookingKeys.detail(token), 'intake'] as const,
};
