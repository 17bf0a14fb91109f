/*
 * The grid of cards (products, journal posts) in the page's 80rem column: one
 * card a row on phones, two from `sm`, three from `lg`. Its pictures' `sizes`
 * follow from it: a column's width, the page's padding (1.25rem, 2rem from
 * `sm`) and the gaps (1.5rem, 2rem from `lg`) taken out.
 */
export const cardGridClass = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8';

export const cardGridImageSizes =
  '(min-width: 1280px) 384px, (min-width: 1024px) calc(33.3vw - 43px), (min-width: 640px) calc(50vw - 44px), calc(100vw - 40px)';
