import { afterEach, describe, expect, it } from 'vitest';
import { getSiteInfo, readSiteInfo, serverTitle, setSiteInfo, type SiteInfo } from './site-info';
import { businessTimeZone } from './dates';
import { pageTitles } from './use-document-title';

function pageWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('x');
  if (json !== null) {
    const script = doc.createElement('script');
    script.id = 'site-info';
    script.type = 'application/json';
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

describe('site info from the page head', () => {
  it('reads the time zone and titles the server wrote', () => {
    const info = readSiteInfo(
      pageWith(
        '{"name":"G","timeZone":"America/Denver","pages":[{"path":"/services","title":"Exp","description":"d"}],"postTitleSuffix":" | J","notFoundTitle":"NF"}',
      ),
    );
    expect(info?.timeZone).toBe('America/Denver');
    expect(serverTitle('/services', 'fallback', info)).toBe('Exp');
    expect(serverTitle('/nowhere', 'fallback', info)).toBe('fallback');
  });

  it('is null without the element or with broken JSON, and titles fall back', () => {
    expect(readSiteInfo(pageWith(null))).toBeNull();
    expect(readSiteInfo(pageWith('{not json'))).toBeNull();
    expect(readSiteInfo(pageWith('{"timeZone":1}'))).toBeNull();
    expect(serverTitle('/services', 'fallback', null)).toBe('fallback');
  });
});

describe('site info handed over by the server renderer', () => {
  const initial = getSiteInfo();
  afterEach(() => setSiteInfo(initial));

  it('is read when needed, so titles and the time zone follow setSiteInfo', () => {
    const info: SiteInfo = {
      name: 'G',
      timeZone: 'America/Denver',
      pages: [{ path: '/contact', title: 'Visit us', description: 'd' }],
      postTitleSuffix: ' | J',
      notFoundTitle: 'Lost',
    };
    setSiteInfo(info);
    expect(pageTitles.of('/contact')).toBe('Visit us');
    expect(pageTitles.post('Tea')).toBe('Tea | J');
    expect(pageTitles.notFound).toBe('Lost');
    expect(businessTimeZone()).toBe('America/Denver');
    setSiteInfo(null);
    expect(pageTitles.of('/contact')).toBe('Contact & Visit | Golden Pine Wellness Retreat');
    expect(businessTimeZone()).toBe('America/Los_Angeles');
  });
});
