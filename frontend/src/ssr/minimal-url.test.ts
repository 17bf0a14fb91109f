import { describe, expect, it } from 'vitest';
import { MinimalURL } from './minimal-url';

/* The server renderer's URL (QuickJS has none) must agree with the real one on what React Router asks of it. */
const parts = (url: URL | MinimalURL) => ({
  href: url.href,
  origin: url.origin,
  protocol: url.protocol,
  host: url.host,
  hostname: url.hostname,
  port: url.port,
  pathname: url.pathname,
  search: url.search,
  hash: url.hash,
});

describe('MinimalURL', () => {
  it.each([
    'http://localhost',
    'http://localhost/',
    'https://Example.COM:443/a/b?x=1#top',
    'http://127.0.0.1:8080/blog/forest-bathing?utm=1',
    'http://localhost/a/./b/../c',
    'server://singlefetch/',
  ])('parses %s as URL does', (input) => {
    expect(parts(new MinimalURL(input))).toEqual(parts(new URL(input)));
  });

  it.each([
    ['/', 'http://localhost'],
    ['/services', 'http://localhost'],
    ['/blog/forest-bathing?x=1#end', 'http://localhost/products'],
    ['post', 'http://localhost/blog/'],
    ['post', 'http://localhost/blog/other'],
    ['../contact', 'http://localhost/blog/post'],
    ['./', 'http://localhost/blog/post'],
    ['..', 'http://localhost/a/b/c'],
    ['?q=1', 'http://localhost/blog?x=2#h'],
    ['#h', 'http://localhost/blog?x=2'],
    ['', 'http://localhost/blog?x=2#h'],
    ['//other.example/x', 'https://localhost/blog'],
    ['https://example.com/y', 'http://localhost/blog'],
  ])('resolves %s against %s as URL does', (input, base) => {
    expect(parts(new MinimalURL(input, base))).toEqual(parts(new URL(input, base)));
    expect(String(new MinimalURL(input, new MinimalURL(base)))).toBe(String(new URL(input, base)));
  });

  it('refuses a relative reference without a base, as URL does', () => {
    expect(() => new URL('/services')).toThrow(TypeError);
    expect(() => new MinimalURL('/services')).toThrow(TypeError);
  });
});
