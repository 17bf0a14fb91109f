import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const base = 'http://127.0.0.1:18080';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const t = { ctx: 0, goto: 0, shot: 0, shotView: 0, axe: 0 };
for (let i = 0; i < 3; i++) {
  for (const [w, h] of [[1440, 900], [390, 844]]) {
    let s = Date.now();
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    t.ctx += Date.now() - s;
    for (const path of ['/', '/services', '/products']) {
      s = Date.now(); await page.goto(base + path); await page.evaluate(() => document.fonts.ready); t.goto += Date.now() - s;
      s = Date.now(); await page.screenshot({ path: `/tmp/cb/x.png`, fullPage: true }); t.shot += Date.now() - s;
      s = Date.now(); await page.screenshot({ path: `/tmp/cb/y.png` }); t.shotView += Date.now() - s;
      s = Date.now(); await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze(); t.axe += Date.now() - s;
    }
    await ctx.close();
  }
}
console.log(t);
await browser.close();
