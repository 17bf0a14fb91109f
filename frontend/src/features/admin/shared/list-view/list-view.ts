/*
 * What a paged list of the dashboard shows (its search, filters, page and
 * page size), read from and written to the address next to `tab=`, so a view
 * can be bookmarked and the browser's Back button walks back through searches
 * and pages:
 *   ?tab=orders&q=willow&status=pending&from=2026-11-01&to=2026-11-30&after=<cursor>&page=2&size=25
 * Only what differs from the default is written; a value that cannot be read
 * (an unknown status, a malformed day, a size the server does not offer) is
 * dropped rather than sent, so an edited or stale address still opens a list.
 */

// 10 for a quick look (and the browser tests, which page through a dozen rows); 100 is the server's most.
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 50;
/** The server searches from three characters on (a name, an e-mail, the start of an id). */
export const MIN_SEARCH_LENGTH = 3;
const MAX_SEARCH_LENGTH = 100;

/** The filters a list may carry; an empty string means "any". */
export type ListFilters<Status extends string = string, Service extends string = string> = {
  q: string;
  status: Status | '';
  service: Service | '';
  from: string;
  to: string;
  /**
   * Orders by their payment (payments on): '' is the default view (those
   * paid, which every figure counts), `never_paid` or `all` the others.
   */
  payment: PaymentView | '';
};

export const PAYMENT_VIEWS = ['never_paid', 'all'] as const;
export type PaymentView = (typeof PAYMENT_VIEWS)[number];

/**
 * A list's view. Pages are keyset pages: `after` is the `next` of the page
 * before (older rows), `before` the `previous` of the page after (newer
 * rows); never both. `page` is only for the words "51–100 of 1,234": it is
 * 1 on the first page and null when an address carries a cursor but no
 * number (the rows are still right, only their position is unknown).
 */
export type ListView<Status extends string = string, Service extends string = string> = ListFilters<Status, Service> & {
  after: string;
  before: string;
  page: number | null;
  size: PageSize;
};

/** Which statuses and services a list knows; anything else in the address is dropped. */
export type ListRules<Status extends string, Service extends string> = {
  statuses: readonly Status[];
  services?: readonly Service[];
  /** Whether the list reads `payment=` (the orders). */
  payments?: boolean;
};

/** The address's keys of a list view (every other key, `tab=` and linked records, is left alone). */
export const LIST_PARAMS = ['q', 'status', 'service', 'from', 'to', 'payment', 'after', 'before', 'page', 'size'] as const;

export const NO_FILTERS: ListFilters<never, never> = { q: '', status: '', service: '', from: '', to: '', payment: '' };

const oneOf = <T extends string>(choices: readonly T[] | undefined, value: string | null): T | '' =>
  choices?.find((choice) => choice === value) ?? '';

/** A real yyyy-MM-dd day (2026-02-30 is not one). */
export function isCalendarDay(value: string | null): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The server's cursors are short words of letters, digits, `_` and `-`; anything else is not one of them. */
const isCursor = (value: string | null): value is string => Boolean(value && /^[\w-]{1,64}$/.test(value));

/** A search as it is sent: trimmed, and empty while it is too short to search. */
export function searchTerm(text: string): string {
  const term = text.trim().slice(0, MAX_SEARCH_LENGTH);
  return term.length < MIN_SEARCH_LENGTH ? '' : term;
}

export function parseListView<Status extends string, Service extends string>(
  params: URLSearchParams,
  rules: ListRules<Status, Service>,
): ListView<Status, Service> {
  const after = isCursor(params.get('after')) ? params.get('after')! : '';
  const before = isCursor(params.get('before')) ? params.get('before')! : '';
  // Both at once names no page: start again from the first.
  const [afterKept, beforeKept] = after && before ? ['', ''] : [after, before];
  const number = Number(params.get('page'));
  const page = !afterKept && !beforeKept ? 1 : Number.isInteger(number) && number >= 2 ? number : null;
  const size = Number(params.get('size'));
  const from = isCalendarDay(params.get('from')) ? params.get('from')! : '';
  const to = isCalendarDay(params.get('to')) ? params.get('to')! : '';
  return {
    q: searchTerm(params.get('q') ?? ''),
    status: oneOf(rules.statuses, params.get('status')),
    service: oneOf(rules.services, params.get('service')),
    from,
    // A reversed range (an edited address) keeps its first day only.
    to: to && from && to < from ? '' : to,
    payment: rules.payments ? oneOf(PAYMENT_VIEWS, params.get('payment')) : '',
    after: afterKept,
    before: beforeKept,
    page,
    size: PAGE_SIZES.find((choice) => choice === size) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The address with this view written in place of the last one; other keys (the tab, a linked record) stay. */
export function writeListView(previous: URLSearchParams, view: ListView): URLSearchParams {
  const next = new URLSearchParams(previous);
  for (const key of LIST_PARAMS) next.delete(key);
  const set = (key: (typeof LIST_PARAMS)[number], value: string) => {
    if (value) next.set(key, value);
  };
  set('q', view.q);
  set('status', view.status);
  set('service', view.service);
  set('from', view.from);
  set('to', view.to);
  set('payment', view.payment);
  set('after', view.after);
  set('before', view.before);
  if ((view.after || view.before) && view.page) set('page', String(view.page));
  if (view.size !== DEFAULT_PAGE_SIZE) set('size', String(view.size));
  return next;
}

export function hasFilters(view: ListFilters): boolean {
  return Boolean(view.q || view.status || view.service || view.from || view.to || view.payment);
}

const FIRST_PAGE = { after: '', before: '', page: 1 } as const;

/**
 * New filters show their first page. A range is never reversed (the server
 * refuses one): a first day moved past the last takes the last along, and
 * a last day moved before the first takes the first.
 */
export function withFilters<V extends ListView>(view: V, change: Partial<ListFilters>): V {
  const next = { ...view, ...change, ...FIRST_PAGE };
  if (next.from && next.to && next.from > next.to) {
    if (change.from) next.to = next.from;
    else next.from = next.to;
  }
  return next;
}

export function withoutFilters<V extends ListView>(view: V): V {
  return { ...view, ...NO_FILTERS, ...FIRST_PAGE };
}

export function withSize<V extends ListView>(view: V, size: PageSize): V {
  return { ...view, size, ...FIRST_PAGE };
}

/** Older rows: the page after this one's `next`. */
export function olderPage<V extends ListView>(view: V, next: string): V {
  return { ...view, after: next, before: '', page: view.page === null ? null : view.page + 1 };
}

/**
 * Newer rows: the page before this one's `previous`. Back to page 1 the
 * address drops its cursor, so the first page is always the newest rows
 * (a bookmark of it shows what came in since).
 */
export function newerPage<V extends ListView>(view: V, previous: string): V {
  if (view.page === 2) return { ...view, ...FIRST_PAGE };
  return { ...view, after: '', before: previous, page: view.page === null ? null : view.page - 1 };
}

/** What the server is asked: the filters that are set, the cursor and the page size. */
export function listQuery<Status extends string, Service extends string>(view: ListView<Status, Service>) {
  return {
    ...filterQuery(view),
    after: view.after || undefined,
    before: view.before || undefined,
    limit: view.size,
  };
}

/** The filters alone (an export takes the same ones, without a page). */
export function filterQuery<Status extends string, Service extends string>(view: ListFilters<Status, Service>) {
  return {
    q: view.q || undefined,
    status: view.status || undefined,
    service: view.service || undefined,
    from: view.from || undefined,
    to: view.to || undefined,
  };
}

const number = (n: number) => n.toLocaleString('en-US');

/**
 * The pager's words: "1–50 of 1,234", "of 10,000+" when the server stopped
 * counting (a search stops at "100+"); "50 of 1,234" when the page's
 * position is not known. Past a capped count, "at least" is at least the
 * rows already shown ("1,001–1,050 of 1,050+").
 */
export function pagerText({
  page,
  size,
  count,
  total,
  totalExact,
}: {
  page: number | null;
  size: number;
  count: number;
  total: number;
  totalExact: boolean;
}): string {
  const first = page === null ? 1 : (page - 1) * size + 1;
  const last = first + count - 1;
  const of = totalExact ? `of ${number(total)}` : `of ${number(Math.max(total, last))}+`;
  if (count === 0) return `0 ${of}`;
  if (page === null) return `${number(count)} ${of}`;
  return `${number(first)}–${number(last)} ${of}`;
}
