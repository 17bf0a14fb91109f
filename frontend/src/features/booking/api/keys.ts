export const bookingKeys = {
  all: ['bookings'] as const,
  availability: (date: string, service: string) => [...bookingKeys.all, 'availability', date, service] as const,
  month: (service: string, month: string) => [...bookingKeys.all, 'month', service, month] as const,
};
