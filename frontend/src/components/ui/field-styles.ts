export const controlClass =
  'w-full rounded-none border border-line bg-ink/60 px-4 text-base text-ivory placeholder:text-muted/80 transition-colors duration-300 hover:border-gold/50 focus-visible:border-gold focus-visible:outline-none focus-visible:ring-1 focus-visible:ring-gold aria-invalid:border-danger disabled:opacity-60';
