import { contactInterests } from '@/config/site';
import type { Tone } from '../shared/statuses';

/*
 * Spec §3: badge colours exist for Massage Therapy, Spa Treatments, Wellness
 * Packages, Products and Other; every other interest (and any unknown value)
 * wears the Other colour.
 */
const interestTones: Record<string, Tone> = {
  massage: 'teal',
  spa: 'blue',
  package: 'purple',
  products: 'gold',
};
export const OTHER_TONE: Tone = 'stone';

export function interestLabel(value: string): string {
  return contactInterests.find((i) => i.value === value)?.label ?? 'Other';
}

export function interestTone(value: string): Tone {
  return interestTones[value] ?? OTHER_TONE;
}
