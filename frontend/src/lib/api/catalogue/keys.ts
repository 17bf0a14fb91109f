/*
 * Cache keys of the public catalogue (services, products and their media,
 * journal posts, what a gift card may be bought for, what the privacy page
 * states that the owner sets). The public pages read
 * these lists and the admin changes them: both sides use these keys, so an
 * admin edit invalidates what the shop shows in the same tab.
 */
export const productKeys = {
  all: ['products'] as const,
  list: () => [...productKeys.all, 'list'] as const,
  media: (productId: string) => [...productKeys.all, productId, 'media'] as const,
};

export const serviceKeys = {
  all: ['services'] as const,
  list: () => [...serviceKeys.all, 'list'] as const,
};

/** Guests' ratings as the services page shows them: the owner's replies and take-downs refresh them. */
export const ratingKeys = {
  all: ['ratings'] as const,
  list: () => [...ratingKeys.all, 'list'] as const,
};

export const blogKeys = {
  all: ['blog-posts'] as const,
  list: () => [...blogKeys.all, 'list'] as const,
  detail: (slug: string) => [...blogKeys.all, 'detail', slug] as const,
};

/** What a gift card may be bought for (its treatments are service records), beside the cards' other keys. */
export const giftCardOptionsKey = () => ['gift-cards', 'options'] as const;

/** What the privacy page states that the owner sets (how long health answers are kept). */
export const privacyTermsKey = () => ['privacy', 'terms'] as const;
