/** From this many down, the shop tells guests how many are left. */
export const LOW_STOCK = 5;

/** What the shop says about a product's stock ("Only 3 left", "Sold out"), or nothing. */
export function stockNotice(stock: number | null | undefined): string | null {
  if (stock === null || stock === undefined || stock > LOW_STOCK) return null;
  return stock <= 0 ? 'Sold out' : `Only ${stock} left`;
}

export function isSoldOut(stock: number | null | undefined): boolean {
  return stock !== null && stock !== undefined && stock <= 0;
}
