export const visitRatingKeys = {
  all: ['visit-rating'] as const,
  detail: (token: string) => [...visitRatingKeys.all, token] as const,
};
