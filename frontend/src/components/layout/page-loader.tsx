export function PageLoader() {
  return (
    <div className="flex min-h-[70vh] items-center justify-center" role="status">
      <span className="sr-only">Loading…</span>
      <span aria-hidden className="size-10 animate-spin rounded-full border border-gold/20 border-t-gold" />
    </div>
  );
}
