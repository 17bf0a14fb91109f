/*
 * Enough of WHATWG URL for the server renderer (QuickJS has none): parsing an
 * absolute http(s) URL, and resolving a site-relative reference ("/blog?x#y",
 * "post", "../a", "?q", "#h") against one. No percent-encoding, IDNA or
 * searchParams: React Router only needs the parts below while rendering.
 * minimal-url.test.ts checks it against Node's URL.
 */

const ABSOLUTE = /^([a-zA-Z][a-zA-Z\d+.-]*:)\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/;
const REFERENCE = /^([^?#]*)(\?[^#]*)?(#.*)?$/;
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

type Parts = { protocol: string; host: string; pathname: string; search: string; hash: string };

/** Resolves "." and ".." segments, as the URL parser does. */
function removeDotSegments(path: string): string {
  const output: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '..') {
      if (output.length > 0) output.pop();
      if (last) output.push('');
    } else if (segment === '.') {
      if (last) output.push('');
    } else {
      output.push(segment);
    }
  });
  return `/${output.join('/')}`;
}

function parseAbsolute(input: string): Parts | undefined {
  const match = ABSOLUTE.exec(input);
  if (!match) return undefined;
  const protocol = match[1]!.toLowerCase();
  let host = match[2]!.toLowerCase();
  const port = host.split(':')[1];
  if (port !== undefined && port === DEFAULT_PORTS[protocol]) host = host.split(':')[0]!;
  return {
    protocol,
    host,
    pathname: removeDotSegments(match[3] || '/'),
    search: match[4] && match[4] !== '?' ? match[4] : '',
    hash: match[5] && match[5] !== '#' ? match[5] : '',
  };
}

function resolve(reference: string, base: Parts): Parts {
  if (reference.startsWith('//')) return parseAbsolute(`${base.protocol}${reference}`) ?? invalid(reference);
  const [, path = '', query, fragment] = REFERENCE.exec(reference) ?? [];
  const search = query && query !== '?' ? query : '';
  const hash = fragment && fragment !== '#' ? fragment : '';
  if (path === '') {
    return query === undefined ? { ...base, hash } : { ...base, search, hash };
  }
  const directory = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1);
  const pathname = removeDotSegments(path.startsWith('/') ? path : `${directory}${path}`);
  return { ...base, pathname, search, hash };
}

function invalid(input: string): never {
  throw new TypeError(`Invalid URL: ${input}`);
}

export class MinimalURL {
  protocol: string;
  host: string;
  pathname: string;
  search: string;
  hash: string;
  readonly username = '';
  readonly password = '';

  constructor(input: string | { href: string }, base?: string | { href: string }) {
    const text = String(typeof input === 'string' ? input : input.href).trim();
    const parts =
      parseAbsolute(text) ??
      (base === undefined
        ? invalid(text)
        : resolve(text, parseAbsolute(typeof base === 'string' ? base : base.href) ?? invalid(String(base))));
    this.protocol = parts.protocol;
    this.host = parts.host;
    this.pathname = parts.pathname;
    this.search = parts.search;
    this.hash = parts.hash;
  }

  get hostname(): string {
    return this.host.split(':')[0]!;
  }

  get port(): string {
    return this.host.split(':')[1] ?? '';
  }

  /** Only http(s) URLs have an origin of their own ("null" for the others, as in URL). */
  get origin(): string {
    return this.protocol in DEFAULT_PORTS ? `${this.protocol}//${this.host}` : 'null';
  }

  private get prefix(): string {
    return `${this.protocol}//${this.host}`;
  }

  get href(): string {
    return `${this.prefix}${this.pathname}${this.search}${this.hash}`;
  }

  toString(): string {
    return this.href;
  }

  toJSON(): string {
    return this.href;
  }
}
