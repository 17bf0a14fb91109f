import type { CapacityTone } from './capacity-words';

/** The colour of a capacity figure: sand when free, gold when some is taken, orange when full, muted when closed. */
export const figureTone: Record<CapacityTone, string> = {
  free: 'text-sand',
  busy: 'text-gold-light',
  full: 'text-orange-300',
  closed: 'text-muted',
};

/** The phone's dot for a service: hollow when free, gold, orange when full, grey when closed. */
export const dotTone: Record<CapacityTone, string> = {
  free: 'border border-gold/70',
  busy: 'bg-gold',
  full: 'bg-orange-400',
  closed: 'bg-muted/45',
};
