import { keepPreviousData } from '@tanstack/react-query';

/*
 * What every paged list's query shares. The last page stays on screen while
 * the next one loads (no blank table between pages or while a search is
 * typed), and a page nobody shows is dropped after two minutes, so paging
 * through thousands of rows keeps only the last few pages in memory.
 * Each query passes TanStack's AbortSignal to fetch: a search overtaken by
 * the next letters is cancelled rather than answered.
 */
export const pagedListOptions = {
  placeholderData: keepPreviousData,
  gcTime: 2 * 60_000,
} as const;
