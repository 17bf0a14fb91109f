import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  filterQuery,
  listQuery,
  newerPage,
  olderPage,
  pagerText,
  parseListView,
  withFilters,
  withoutFilters,
  withSize,
  writeListView,
} from './list-view';

const rules = { statuses: ['pending', 'shipped'] as const, services: ['massage', 'accommodation'] as const };
const parse = (search: string) => parseListView(new URLSearchParams(search), rules);
const FIRST = parse('');

describe('list view in the address', () => {
  it('defaults: no filters, the first page, 50 rows', () => {
    expect(FIRST).toEqual({
      q: '',
      status: '',
      service: '',
      from: '',
      to: '',
      payment: '',
      after: '',
      before: '',
      page: 1,
      size: DEFAULT_PAGE_SIZE,
    });
  });

  it('reads every key it knows', () => {
    expect(
      parse('tab=orders&q=%20willow%20&status=shipped&service=massage&from=2026-11-01&to=2026-11-30&after=1764_ab12&page=3&size=25'),
    ).toEqual({
      q: 'willow',
      status: 'shipped',
      service: 'massage',
      from: '2026-11-01',
      to: '2026-11-30',
      payment: '',
      after: '1764_ab12',
      before: '',
      page: 3,
      size: 25,
    });
    expect(parse('before=1764_ab12&page=2')).toMatchObject({ before: '1764_ab12', after: '', page: 2 });
  });

  it('the orders read their payment view; other lists leave it out, and a default is not written', () => {
    const orders = (search: string) => parseListView(new URLSearchParams(search), { ...rules, payments: true });
    expect(orders('payment=never_paid').payment).toBe('never_paid');
    expect(orders('payment=all').payment).toBe('all');
    expect(orders('payment=counted').payment).toBe('');
    expect(parse('payment=never_paid').payment).toBe('');
    expect(writeListView(new URLSearchParams('tab=orders'), orders('payment=all')).toString()).toBe('tab=orders&payment=all');
    expect(writeListView(new URLSearchParams('tab=orders'), orders('')).toString()).toBe('tab=orders');
  });

  it('drops what it cannot read rather than sending it', () => {
    expect(parse('status=lost&service=sauna&size=30&from=2026-02-30&to=tomorrow')).toEqual(FIRST);
    expect(parse('size=1000').size).toBe(DEFAULT_PAGE_SIZE);
    expect(parse('from=26-11-01').from).toBe('');
    expect(parse('from=2026-11-30&to=2026-11-01')).toMatchObject({ from: '2026-11-30', to: '' });
    // A search too short to send is no search.
    expect(parse('q=ab').q).toBe('');
    expect(parse('q=abc').q).toBe('abc');
    // A cursor is a short word; both at once name no page: the first page.
    expect(parse('after=<script>').after).toBe('');
    expect(parse(`after=${'a'.repeat(65)}`).after).toBe('');
    expect(parse('after=1_a&before=2_b')).toMatchObject({ after: '', before: '', page: 1 });
  });

  it('the page number is only kept with a cursor; a cursor without one leaves the position unknown', () => {
    expect(parse('page=4').page).toBe(1);
    expect(parse('after=1_a').page).toBeNull();
    expect(parse('after=1_a&page=1').page).toBeNull();
    expect(parse('after=1_a&page=2.5').page).toBeNull();
  });

  it('writes only what differs from the default, and leaves the tab and linked records alone', () => {
    const view = { ...FIRST, q: 'willow', status: 'pending' as const, after: '1_a', page: 2, size: 100 as const };
    const written = writeListView(new URLSearchParams('tab=orders&order=42&q=old&from=2026-01-01'), view);
    expect(written.toString()).toBe('tab=orders&order=42&q=willow&status=pending&after=1_a&page=2&size=100');
    expect(writeListView(new URLSearchParams('tab=orders&size=25&page=3'), FIRST).toString()).toBe('tab=orders');
    // What is written reads back as the same view.
    expect(parseListView(written, rules)).toEqual(view);
  });

  it('filters, sizes and clearing start again from the first page', () => {
    const deep = { ...FIRST, after: '9_z', page: 7 };
    expect(withFilters(deep, { status: 'shipped' })).toMatchObject({ status: 'shipped', after: '', before: '', page: 1 });
    // A range never turns round: the other end follows the one moved.
    const range = { ...FIRST, from: '2026-11-10', to: '2026-11-20' };
    expect(withFilters(range, { from: '2026-11-25' })).toMatchObject({ from: '2026-11-25', to: '2026-11-25' });
    expect(withFilters(range, { to: '2026-11-05' })).toMatchObject({ from: '2026-11-05', to: '2026-11-05' });
    expect(withFilters(range, { to: '' })).toMatchObject({ from: '2026-11-10', to: '' });
    expect(withSize(deep, 25)).toMatchObject({ size: 25, after: '', page: 1 });
    expect(withoutFilters({ ...deep, q: 'willow', from: '2026-11-01', size: 25 })).toEqual({ ...FIRST, size: 25 });
  });

  it('Older follows `next`, Newer follows `previous`; back on page 1 the cursor goes', () => {
    const second = olderPage(FIRST, '5_e');
    expect(second).toMatchObject({ after: '5_e', before: '', page: 2 });
    const third = olderPage(second, '3_c');
    expect(third).toMatchObject({ after: '3_c', page: 3 });
    expect(newerPage(third, '2_b')).toMatchObject({ after: '', before: '2_b', page: 2 });
    expect(newerPage(second, '4_d')).toEqual(FIRST);
    expect(olderPage({ ...FIRST, after: '1_a', page: null }, '0_z').page).toBeNull();
  });

  it('asks the server for the set filters, the cursor and the size only', () => {
    expect(listQuery({ ...FIRST, q: 'willow', after: '1_a', page: 2 })).toEqual({
      q: 'willow',
      status: undefined,
      service: undefined,
      from: undefined,
      to: undefined,
      after: '1_a',
      before: undefined,
      limit: 50,
    });
    expect(filterQuery({ ...FIRST, status: 'pending', to: '2026-12-01' })).toEqual({
      q: undefined,
      status: 'pending',
      service: undefined,
      from: undefined,
      to: '2026-12-01',
    });
  });
});

describe('pager text', () => {
  it('says which rows of how many', () => {
    expect(pagerText({ page: 1, size: 50, count: 50, total: 1234, totalExact: true })).toBe('1–50 of 1,234');
    expect(pagerText({ page: 3, size: 50, count: 50, total: 1234, totalExact: true })).toBe('101–150 of 1,234');
    expect(pagerText({ page: 25, size: 50, count: 34, total: 1234, totalExact: true })).toBe('1,201–1,234 of 1,234');
  });

  it('a capped count reads "10,000+"', () => {
    expect(pagerText({ page: 2, size: 100, count: 100, total: 10_000, totalExact: false })).toBe('101–200 of 10,000+');
  });

  it('a search counted to "100+" never says fewer than it shows', () => {
    expect(pagerText({ page: 1, size: 50, count: 50, total: 100, totalExact: false })).toBe('1–50 of 100+');
    expect(pagerText({ page: 3, size: 50, count: 50, total: 100, totalExact: false })).toBe('101–150 of 150+');
    expect(pagerText({ page: 21, size: 50, count: 50, total: 100, totalExact: false })).toBe('1,001–1,050 of 1,050+');
    expect(pagerText({ page: null, size: 50, count: 50, total: 100, totalExact: false })).toBe('50 of 100+');
  });

  it('nothing found, or a page whose place is unknown', () => {
    expect(pagerText({ page: 1, size: 50, count: 0, total: 0, totalExact: true })).toBe('0 of 0');
    expect(pagerText({ page: null, size: 50, count: 50, total: 700, totalExact: true })).toBe('50 of 700');
  });
});
