/** The waitlist pages' card: the retreat's dark surface, a gold hairline, the grain above it. */
export const cardClass = 'relative isolate overflow-hidden border border-gold/30 bg-surface shadow-2xl shadow-black/40';
