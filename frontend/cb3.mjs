import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:18080';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const t = { png: 0, jpeg: 0, pngCss: 0 };
for (let i = 0; i < 2; i++) {
  for (const [w, h] of [[1440, 900], [390, 844]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    for (const path of ['/', '/services', '/products']) {
      await page.goto(base + path); await page.evaluate(() => document.fonts.ready);
      let s = Date.now(); await page.screenshot({ path: `/tmp/cb/x.png`, fullPage: true }); t.png += Date.now() - s;
      s = Date.now(); await page.screenshot({ path: `/tmp/cb/x.jpg`, fullPage: true, type: 'jpeg', quality: 85 }); t.jpeg += Date.now() - s;
      s = Date.now(); await page.screenshot({ path: `/tmp/cb/y.png`, fullPage: true, scale: 'css' }); t.pngCss += Date.now() - s;
    }
    await ctx.close();
  }
}
console.log(t);
await browser.close();
