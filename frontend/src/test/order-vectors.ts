import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The shared order-total cases that the Rust domain tests read too (DECISIONS §4). */
export type OrderVector = {
  name: string;
  lines: { price: string; quantity: number }[];
  subtotal: string;
  tax: string;
  shipping: string;
  total: string;
};

// Vitest runs from frontend/.
const path = resolve(process.cwd(), '../crates/domain/tests/vectors/order_totals.json');

export const sharedVectorsExist = existsSync(path);

export function loadOrderVectors(): OrderVector[] {
  return JSON.parse(readFileSync(path, 'utf8')) as OrderVector[];
}
