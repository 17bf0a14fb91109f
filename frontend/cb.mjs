import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const base = process.env.BASE ?? 'http://127.0.0.1:18080';
const configs = {
  A: { exe: '/usr/bin/chromium', extra: [] },
  B: { exe: '/usr/bin/chromium', extra: ['--disable-gpu-rasterization'] },
  C: { exe: '/usr/lib/chromium/chromium', extra: [] },
  D: { exe: '/usr/bin/chromium', extra: ['--disable-gpu-rasterization', '--disable-gpu-compositing'] },
};
const common = ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'];
for (const name of (process.env.CONFIGS ?? 'A,B,C,D').split(',')) {
  const c = configs[name];
  const browser = await chromium.launch({ executablePath: c.exe, args: [...common, ...c.extra] });
  const t0 = Date.now();
  for (let i = 0; i < 4; i++) {
    for (const [w, h] of [[1440, 900], [390, 844]]) {
      const ctx = await browser.newContext({ viewport: { width: w, height: h } });
      const page = await ctx.newPage();
      for (const path of ['/', '/services', '/products']) {
        await page.goto(base + path);
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `/tmp/cb/${name}-${w}${path.replace(/\//g, '_')}.png`, fullPage: true });
        await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      }
      await ctx.close();
    }
  }
  console.log(name, (Date.now() - t0) / 1000, 's');
  await browser.close();
}
