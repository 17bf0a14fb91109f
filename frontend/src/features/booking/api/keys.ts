export const bookingKeys = {
  all: ['bookings'] as const,
  // A waitlist offer's token changes the answer (its held place reads as open to her alone).
  availability: (date: string, service: string, offer?: string) =>
    [...bookingKeys.all, 'availability', date, service, offer ?? null] as const,
  month: (service: string, month: string, offer?: string) => [...bookingKeys.all, 'month', service, month, offer ?? null] as const,
  // Not under `all`: a booking sent refreshes the availability, not the owner's questions.
  screening: (service: string) => ['intake-screening', service] as const,
};
