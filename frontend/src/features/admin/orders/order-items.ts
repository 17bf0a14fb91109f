/*
 * orders.items is JSON text (spec §3): a list of {productId, productName,
 * price, quantity}. The admin view reads quantity, name and price; anything
 * unreadable is skipped rather than breaking the dialog.
 */
export type OrderLine = { productName: string; price: string; quantity: number };

export function parseOrderItems(items: string): OrderLine[] {
  let value: unknown;
  try {
    value = JSON.parse(items);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const lines: OrderLine[] = [];
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const quantity = Number(record.quantity);
    const price = typeof record.price === 'number' ? record.price.toFixed(2) : String(record.price ?? '');
    const productName =
      typeof record.productName === 'string' ? record.productName : typeof record.name === 'string' ? record.name : 'Item';
    if (!Number.isFinite(quantity)) continue;
    lines.push({ productName, price, quantity });
  }
  return lines;
}

/** The id as the table shows it: its first 8 characters and an ellipsis. */
export function shortOrderId(id: string): string {
  return `${id.slice(0, 8)}…`;
}
