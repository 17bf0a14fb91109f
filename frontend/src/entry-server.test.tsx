// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { artwork } from './config/artwork';
import { render, routeData } from './entry-server';
import type { BlogPost, Product, RatingSummary, Service } from './lib/api/types';
import type { SiteInfo } from './lib/site-info';

/*
 * The server bundle's two functions, from source, in Node (no DOM). That the
 * built bundle also runs in QuickJS, which lacks Intl, URL and timers too, is
 * checked by scripts/ssr-smoke.mjs.
 */

const services: Service[] = [
  {
    id: '00000000-0000-4000-8000-000000000101',
    name: 'Massage Therapy',
    bookingKey: 'massage',
    price: '120.00',
    duration: 60,
    image: '/media/services/massage-therapy.webp',
    imageSize: { width: 1200, height: 800 },
    description: 'Warm cedar oil and long, unhurried strokes.',
  },
  {
    id: '00000000-0000-4000-8000-000000000102',
    name: 'Wellness Packages',
    bookingKey: 'package',
    price: '1180.00',
    duration: 480,
    image: '/media/services/wellness-packages.webp',
    imageSize: null,
    description: "A whole day: sauna, tea & the forest's quiet.",
  },
];
const products: Product[] = [
  {
    id: '00000000-0000-4000-8000-000000000201',
    name: 'Alpine Cedar Face Oil',
    category: 'skincare',
    price: '58.00',
    stock: 3,
    image: '/media/products/alpine-cedar-face-oil.webp',
    imageSize: { width: 800, height: 800 },
    description: 'Cold-pressed jojoba and cedarwood.',
  },
  {
    id: '00000000-0000-4000-8000-000000000202',
    name: 'Cedar & Ember Candle',
    category: 'candles',
    price: '1180.50',
    stock: null,
    image: '/media/products/cedar-ember-candle.webp',
    imageSize: { width: 800, height: 800 },
    description: 'Hand-poured soy wax.',
  },
];
const post: BlogPost = {
  id: '00000000-0000-4000-8000-000000000301',
  title: 'Forest Bathing in the San Jacinto Mountains',
  slug: 'forest-bathing-san-jacinto',
  excerpt: 'Shinrin-yoku is not a hike.',
  content: 'The first thing guests notice is the air.\n\n## Slow down\n\nVanilla, butterscotch, warm bread.',
  image: '/media/blog/forest-bathing-san-jacinto.webp',
  imageSize: { width: 1200, height: 800 },
  publishedAt: '2026-08-14T09:00:00Z',
};
const posts: BlogPost[] = [
  post,
  { ...post, id: '00000000-0000-4000-8000-000000000302', title: 'Herbal Tea Garden', slug: 'herbal-tea-garden' },
];

/** What a gift card may be bought for: the rules' amounts and the bookable services. */
const giftCardOptions = {
  presets: ['50.00', '100.00', '150.00', '250.00'],
  min: '25.00',
  max: '1000.00',
  services: services.map(({ id, name, price }) => ({ id, name, price })),
};

/** Guests' ratings: a low one quoted with the retreat's reply (quotes are never only the glowing ones). */
const ratings: RatingSummary[] = [
  {
    serviceKey: 'massage',
    average: 3.5,
    count: 2,
    quoted: [
      {
        id: '00000000-0000-4000-8000-000000000401',
        stars: 2,
        comment: 'The room was cold & the music loud.',
        author: 'Ada L.',
        date: '2026-05-03',
        reply: { text: 'Thank you, Ada: the heater is mended.', date: '2026-05-04' },
      },
    ],
  },
];

/** The server's answers, by API path. */
const api: Record<string, unknown> = {
  '/api/services': services,
  '/api/ratings': ratings,
  '/api/products': products,
  '/api/blog-posts': posts,
  [`/api/blog-posts/${post.slug}`]: post,
  '/api/gift-cards/options': giftCardOptions,
  '/api/privacy/terms': { intakeKeepMonths: 18 },
};

const siteInfo: SiteInfo = {
  name: 'Golden Pine Wellness Retreat',
  timeZone: 'America/Los_Angeles',
  pages: [{ path: '/services', title: 'Experiences | Golden Pine', description: 'd' }],
  postTitleSuffix: ' | Golden Pine Journal',
  notFoundTitle: 'Page Not Found | Golden Pine',
};

/** routeData, then render with the server's answers to exactly those paths. */
function renderPage(url: string) {
  const paths = routeData(url);
  const data = Object.fromEntries(paths.map((path) => [path, api[path]]));
  return { paths, ...render(url, data, siteInfo) };
}

type Dehydrated = { queries: { queryKey: unknown[]; state: { data: unknown; status: string } }[] };

describe('routeData', () => {
  it.each([
    ['/', ['/api/services', '/api/products', '/api/blog-posts']],
    ['/services', ['/api/services', '/api/ratings']],
    ['/services?book=massage&date=2026-12-20&time=11:00', ['/api/services', '/api/ratings']],
    ['/products?utm_source=mail', ['/api/products']],
    ['/blog', ['/api/blog-posts']],
    ['/blog/forest-bathing-san-jacinto', ['/api/blog-posts/forest-bathing-san-jacinto']],
    ['/blog/for%C3%AAt', ['/api/blog-posts/for%C3%AAt']],
    ['/checkout', ['/api/products']],
    ['/contact', []],
    ['/wellness-quiz', []],
    ['/gift-cards', ['/api/gift-cards/options']],
    ['/gift-cards/print?token=x', []],
    ['/privacy', ['/api/privacy/terms']],
    ['/privacy/confirm?token=x', []],
    ['/no-such-page', []],
    ['/admin/dashboard', []],
    ['/bookings/manage/abc', []],
    ['/newsletter/unsubscribe?token=x', []],
    ['/visits/rate?token=x', []],
    ['/visits/unsubscribe?token=x', []],
    ['/waitlist/offer?token=x', []],
    ['/waitlist/leave?token=x', []],
  ])('%s needs %j', (url, paths) => {
    expect(routeData(url)).toEqual(paths);
  });
});

describe('render', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [
      '/',
      ['Where the pines', 'Massage Therapy', 'Alpine Cedar Face Oil', 'Forest Bathing in the San Jacinto Mountains', 'August 14, 2026'],
    ],
    ['/services', ['Our Services', 'Massage Therapy', 'A whole day: sauna, tea &amp; the forest&#x27;s quiet.', '$1180', '8 hours']],
    ['/products', ['Wellness Products', 'Cedar &amp; Ember Candle', '$1180.50', '$58.00', 'Only 3 left']],
    ['/blog', ['Notes from the Mountain', 'Herbal Tea Garden', 'Shinrin-yoku is not a hike.', 'August 14, 2026']],
    [
      '/blog/forest-bathing-san-jacinto',
      ['Forest Bathing in the San Jacinto Mountains', 'The first thing guests notice is the air.', 'Slow down'],
    ],
    ['/contact', ['Contact Us', 'Send us a message', 'stay@goldenpineretreat.com']],
    ['/wellness-quiz', ['Wellness Quiz', 'Question 1 of 5']],
    ['/checkout', ['Checkout', 'Your Cart is Empty']],
    ['/no-such-page', ['404 Page Not Found', 'Return home']],
  ])('%s: the whole page, with the header and footer', (url, texts) => {
    const { html } = renderPage(url);
    for (const text of texts) expect(html).toContain(text);
    // The layout, with plain links; never the loading fallback.
    expect(html).toContain('href="/services"');
    expect(html).toContain('<footer');
    expect(html).not.toContain('Loading…');
    expect(html).not.toContain('aria-busy="true"');
  });

  it('hands the browser the data under the keys its hooks read', () => {
    const state = JSON.parse(renderPage('/').state) as Dehydrated;
    expect(state.queries.map((q) => [q.queryKey, q.state.status])).toEqual([
      [['services', 'list'], 'success'],
      [['products', 'list'], 'success'],
      [['blog-posts', 'list'], 'success'],
    ]);
    expect(state.queries[0]!.state.data).toEqual(services);

    const postState = JSON.parse(renderPage('/blog/forest-bathing-san-jacinto').state) as Dehydrated;
    expect(postState.queries.map((q) => q.queryKey)).toEqual([['blog-posts', 'detail', 'forest-bathing-san-jacinto']]);
    expect(postState.queries[0]!.state.data).toEqual(post);

    expect(JSON.parse(renderPage('/contact').state)).toEqual({ mutations: [], queries: [] });
  });

  it('renders the gift card page with its amounts, treatments, form and balance check', () => {
    const { html, state } = renderPage('/gift-cards');
    for (const text of ['Gift Cards', 'Choose an amount', 'Who is it for?', 'Check a balance', 'Continue to payment', 'Does not expire']) {
      expect(html).toContain(text);
    }
    // The presets as choices (the second one chosen, on the card too), the limits and the treatments by name.
    const amounts = [...html.matchAll(/role="radio"[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(amounts).toEqual(['$50', '$100', '$150', '$250', 'Other amount', 'A treatment']);
    expect(html).toMatch(/role="radio" aria-checked="true"[^>]*>\$100</);
    expect(html).toContain('Any amount from $25 to $1,000, or the gift of a treatment: Massage Therapy or Wellness Packages.');
    expect(html).not.toContain('aria-busy="true"');
    expect((JSON.parse(state) as Dehydrated).queries.map((q) => [q.queryKey, q.state.status, q.state.data])).toEqual([
      [['gift-cards', 'options'], 'success', giftCardOptions],
    ]);
    // The delivery date waits for the browser's today (the server renderer has no Intl).
    const date = /<input[^>]*type="date"[^>]*>/.exec(html)?.[0];
    expect(date).toBeDefined();
    expect(date).not.toMatch(/ (min|value)=/);
  });

  it("renders the privacy page with the owner's retention of health answers, and says none without it", () => {
    const { html, state } = renderPage('/privacy');
    expect(html).toContain('18 months after your last visit, then deleted automatically.');
    expect(html).toContain('The wellness quiz');
    expect((JSON.parse(state) as Dehydrated).queries.map((q) => [q.queryKey, q.state.status])).toEqual([[['privacy', 'terms'], 'success']]);
    // Not answered (the read failed): no figure at all rather than a wrong one.
    const bare = render('/privacy', {}, siteInfo).html;
    expect(bare).toContain('A set time after your last visit, then deleted automatically.');
    expect(bare).not.toMatch(/\d+ months? after your last visit/);
  });

  it('leaves a post the server does not have in its loading state, for the browser to ask', () => {
    const { html, state } = render('/blog/no-such-post', {}, siteInfo);
    expect(html).toContain('Loading…');
    expect((JSON.parse(state) as Dehydrated).queries).toEqual([]);
  });

  it('renders the services page without URLSearchParams, as in QuickJS, whatever its query', () => {
    const plain = renderPage('/services').html;
    vi.stubGlobal('URLSearchParams', undefined);
    expect(renderPage('/services?book=massage&date=2026-12-20&time=11:00').html).toBe(plain);
  });

  it('writes the same HTML without Intl, as in QuickJS', () => {
    const withIntl = renderPage('/').html;
    vi.stubGlobal('Intl', undefined);
    expect(renderPage('/').html).toBe(withIntl);
  });

  it.each([
    ['/', 'the hero', artwork('hero.webp')!.src],
    ['/services', 'the first card’s', '/media/services/massage-therapy.webp'],
    ['/products', 'the first card’s', '/media/products/alpine-cedar-face-oil.webp'],
    ['/blog', 'the first card’s', '/media/blog/forest-bathing-san-jacinto.webp'],
    ['/blog/forest-bathing-san-jacinto', 'the cover', '/media/blog/forest-bathing-san-jacinto.webp'],
    ['/wellness-quiz', 'the title band’s', artwork('quiz.webp')!.src],
  ])('%s: %s picture is fetched first, in the width the screen needs; every other one lazily', (url, _which, file) => {
    // HTML attribute names are case-insensitive (React writes srcSet, fetchPriority).
    const images = (renderPage(url).html.match(/<img [^>]*>/g) ?? []).map((img) =>
      img.replace(/ (\w+)=/g, (_, name: string) => ` ${name.toLowerCase()}=`),
    );
    const [first, ...others] = images.filter((img) => img.includes('fetchpriority="high"'));
    expect(others, 'a single picture comes first').toEqual([]);
    expect(first).toContain(file);
    expect(first).not.toContain('loading=');
    expect(first).toMatch(/ srcset="[^"]+ \d+w, [^"]+ \d+w/);
    expect(first).toMatch(/ sizes="[^"]+"/);
    expect(first).toMatch(/ width="\d+" height="\d+"/);
    for (const img of images.filter((i) => i !== first)) expect(img).toContain('loading="lazy"');
  });

  it("renders the services' ratings and what guests say, with the retreat's reply", () => {
    const { html, state } = renderPage('/services');
    for (const text of [
      'Rated 3.5 out of 5 from 2 guests',
      '3.5',
      '2 ratings',
      'What guests say',
      'The room was cold &amp; the music loud.',
      'Ada L.',
      'May 3, 2026',
      'Reply from Golden Pine',
      'Thank you, Ada: the heater is mended.',
      '2 out of 5 stars',
    ]) {
      expect(html).toContain(text);
    }
    expect((JSON.parse(state) as Dehydrated).queries.map((q) => q.queryKey)).toEqual([
      ['services', 'list'],
      ['ratings', 'list'],
    ]);
  });

  it('shows nothing of ratings while no service has one', () => {
    const { html } = render('/services', { '/api/services': services, '/api/ratings': [] }, siteInfo);
    expect(html).not.toContain('What guests say');
    expect(html).not.toContain('data-testid="service-rating"');
  });

  it('offers a media picture of unknown size as its plain file', () => {
    const card = renderPage('/services').html.match(/<img [^>]*wellness-packages[^>]*>/)?.[0];
    expect(card).toContain('src="/media/services/wellness-packages.webp"');
    expect(card).not.toMatch(/srcSet|sizes|width|height/);
  });

  it("renders a guest's booking page in its loading state, with nothing of the booking in it", () => {
    const { html, state } = renderPage('/bookings/manage/link');
    expect(html).toContain('Your Booking');
    expect(html).toContain('The details of your time with us');
    expect(html).toContain('Loading your booking');
    expect(html).not.toContain('/bookings/manage/link');
    expect((JSON.parse(state) as Dehydrated).queries).toEqual([]);
  });

  it('refuses the pages rendered in the browser only', () => {
    for (const url of [
      '/admin/login',
      '/admin/dashboard',
      '/newsletter/unsubscribe?token=x',
      '/gift-cards/print?token=x',
      '/visits/rate?token=x',
      '/visits/unsubscribe?token=x',
      '/waitlist/offer?token=x',
      '/waitlist/leave?token=x',
    ]) {
      expect(() => render(url, {}, siteInfo)).toThrow('rendered in the browser only');
    }
  });
});
