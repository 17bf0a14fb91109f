/** The id as the table shows it: its first 8 characters and an ellipsis. */
export function shortOrderId(id: string): string {
  return `${id.slice(0, 8)}…`;
}
