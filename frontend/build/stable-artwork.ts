import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/*
 * Files that must keep a fixed URL (not a hashed /assets/ name): the favicon
 * and the Open Graph image the server names in <!--app-head-->. They come from
 * src/assets (the artwork delivery) when present; the favicon falls back to a
 * plain drawing of the brand mark.
 */
const root = resolve(import.meta.dirname, '..');
const files: Record<string, { type: string; candidates: string[] }> = {
  'favicon.svg': { type: 'image/svg+xml', candidates: ['src/assets/favicon.svg', 'build/fallback-favicon.svg'] },
  'og-image.jpg': { type: 'image/jpeg', candidates: ['src/assets/og-image.jpg'] },
};

function source(name: string): string | undefined {
  return files[name]?.candidates.map((c) => resolve(root, c)).find((p) => existsSync(p));
}

export function stableArtwork(): Plugin {
  return {
    name: 'golden-pine:stable-artwork',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = req.url?.slice(1).split('?')[0] ?? '';
        const path = name in files ? source(name) : undefined;
        if (!path) return next();
        res.setHeader('Content-Type', files[name]!.type);
        res.end(readFileSync(path));
      });
    },
    generateBundle() {
      for (const name of Object.keys(files)) {
        const path = source(name);
        if (path) this.emitFile({ type: 'asset', fileName: name, source: readFileSync(path) });
      }
    },
  };
}
