/** "gift_card_issued" → "Gift card issued": words for a value this build has no label for. */
export function humanize(value: string): string {
  const words = value
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
