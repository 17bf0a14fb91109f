export const giftCardKeys = {
  all: ['gift-cards'] as const,
  options: () => [...giftCardKeys.all, 'options'] as const,
  print: (token: string, code: string) => [...giftCardKeys.all, 'print', token, code] as const,
};
