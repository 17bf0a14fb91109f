export const guestBookingKeys = {
  all: ['guest-booking'] as const,
  detail: (token: string) => [...guestBookingKeys.all, token] as const,
};
