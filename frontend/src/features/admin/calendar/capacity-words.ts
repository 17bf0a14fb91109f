import type { CapacityDay, CapacitySource, ServiceCapacity } from '../shared/types';

/*
 * How a day's capacity reads in the back office: "Tiny Home 1/1" (taken of
 * capacity), "Massage 5" (no limit), "Spa closed". The API sends the services
 * in this order; the labels are the front desk's words, not the booking keys.
 */

/** `capacity` null (or left out) is open, no limit; 0 when closed. */
type CapacityFigures = Pick<ServiceCapacity, 'taken' | 'capacity' | 'source'>;
/** The guests on the waitlist asking for the day (issue 43, part 4); left out where a figure has none. */
type Demand = Partial<Pick<ServiceCapacity, 'waiting'>>;
type ServiceKey = ServiceCapacity['service'];

export const capacityServices = [
  { key: 'massage', label: 'Massage' },
  { key: 'spa', label: 'Spa' },
  { key: 'package', label: 'Packages' },
  { key: 'accommodation', label: 'Tiny Home' },
] as const satisfies ReadonlyArray<{ key: ServiceKey; label: string }>;

export function serviceLabel(service: ServiceKey): string {
  return capacityServices.find((s) => s.key === service)?.label ?? service;
}

/** "5/15" taken of capacity, "5" with no limit, "closed". */
export function capacityFigure({ taken, capacity, source }: CapacityFigures): string {
  if (source === 'closed') return 'closed';
  if (capacity === null || capacity === undefined) return String(taken);
  return `${taken}/${capacity}`;
}

/** "Massage 5/15", "Massage 5" (no limit), "Massage closed". */
export function capacityLine(entry: Pick<ServiceCapacity, 'service'> & CapacityFigures): string {
  return `${serviceLabel(entry.service)} ${capacityFigure(entry)}`;
}

/** "2 waiting": the guests on the waitlist asking for the day; none when no one is. */
export function waitingWords({ waiting }: Demand): string | undefined {
  return waiting && waiting > 0 ? `${waiting} waiting` : undefined;
}

/**
 * For screen readers: "Tiny Home 1 of 1 taken", "Massage 5 taken, no limit", "Spa closed" (", 2 taken" when some were
 * booked before it closed), and ", 2 waiting" when guests on the waitlist ask for it.
 */
export function capacitySpoken(entry: Pick<ServiceCapacity, 'service'> & CapacityFigures & Demand): string {
  const label = serviceLabel(entry.service);
  const waiting = waitingWords(entry);
  const figures =
    entry.source === 'closed'
      ? entry.taken > 0
        ? `${label} closed, ${entry.taken} taken`
        : `${label} closed`
      : entry.capacity === null || entry.capacity === undefined
        ? `${label} ${entry.taken} taken, no limit`
        : `${label} ${entry.taken} of ${entry.capacity} taken`;
  return waiting ? `${figures}, ${waiting}` : figures;
}

/** A whole day for a screen reader, services in the API's order. */
export function dayCapacitySpoken(
  day: { services: ReadonlyArray<Pick<ServiceCapacity, 'service'> & CapacityFigures & Demand> } | undefined,
): string | undefined {
  if (!day || day.services.length === 0) return undefined;
  return day.services.map(capacitySpoken).join(', ');
}

/**
 * closed: takes no one; full: every place taken; busy: some taken; free:
 * nothing taken (or no limit and nothing taken).
 */
export type CapacityTone = 'closed' | 'full' | 'busy' | 'free';

export function capacityTone({ taken, capacity, source }: CapacityFigures): CapacityTone {
  if (source === 'closed') return 'closed';
  if (capacity !== null && capacity !== undefined && taken >= capacity) return 'full';
  return taken > 0 ? 'busy' : 'free';
}

/** How much of the capacity is taken, 0 to 1; undefined with no limit or closed. */
export function capacityShare({ taken, capacity, source }: CapacityFigures): number | undefined {
  if (source === 'closed' || capacity === null || capacity === undefined) return undefined;
  if (capacity <= 0) return 1;
  return Math.min(1, Math.max(0, taken / capacity));
}

/** Where the day's figure comes from, as the day panel says it. */
export function sourceLabel(source: CapacitySource): string {
  switch (source) {
    case 'standing':
      return 'Standing capacity';
    case 'entry':
      return 'Set for this day';
    case 'open':
      return 'No limit';
    case 'closed':
      return 'Closed';
  }
}

/** The day's figures from a range's answer. */
export function capacityOn<D extends Pick<CapacityDay, 'date'>>(days: readonly D[] | undefined, day: string): D | undefined {
  return days?.find((d) => d.date === day);
}
